//! One module per subcommand.

pub mod bench;
pub mod check;
pub mod explain;
pub mod mutants;
pub mod show;
