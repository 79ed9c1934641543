//! The conformance harness: runs the scenario corpus against any rules
//! implementation, an external command speaking the protocol
//! (`spec/protocol.md`) or a Rust [`Implementation`] in the same process, and
//! reports per scenario where it departs from the truth.
//!
//! [`Implementation`]: crate::rules::Implementation

pub mod baseline;
pub mod case;
pub mod changelog;
pub mod child;
pub mod comparison;
pub mod embed;
pub mod escape;
pub mod format;
pub mod glob;
pub mod matrix;
pub mod oracle;
pub mod process;
pub mod proctree;
pub mod refused;
pub mod report;
pub mod runner;
pub mod scan;
pub mod status;
pub mod subject;
pub mod supervise;
pub mod xfail;
