//! One module per subcommand.

pub mod check;
pub mod conform;
pub mod serve;
pub mod show;
