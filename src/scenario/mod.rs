//! Scenario files: format, loading with located errors, and running them
//! against an implementation.

pub mod any;
pub mod clauses;
pub mod format;
pub mod kill;
pub mod load;
pub mod lock;
pub mod run;
pub mod schema;
