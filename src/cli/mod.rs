//! One module per subcommand.

pub mod check;
pub mod conform;
pub mod explain;
pub mod matrix;
pub mod mutants;
pub mod serve;
pub mod show;
