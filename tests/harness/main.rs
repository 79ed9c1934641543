//! The conformance harness (`arbiter conform`, the Rust embedding) and the
//! protocol it speaks: the reader and writer, each game's protocol page
//! replayed against `arbiter serve`, the third-party path of the wire, the
//! report formats and reports that never contradict themselves, the worked
//! Python example, and a harness that holds up against implementations that
//! crash, hang, answer garbage or are slow.
//!
//! One test binary with a module a file (`cargo test --test harness`);
//! `cargo test --test harness robustness` runs one module.

#[path = "../common/mod.rs"]
mod common;

mod baseline;
mod declared_profiles;
mod embed;
mod example;
mod formats;
mod frozen;
mod positions;
mod protocol;
mod protocol_pages;
mod protocol_wire;
mod referee;
mod referee_backgammon;
mod referee_dame;
mod reports;
mod robustness;
