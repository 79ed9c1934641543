//! Protocol 1: how arbiter talks to a rules implementation that runs as a
//! separate command, in any language (`spec/protocol.md`).
//!
//! The harness writes [`Request`](message::Request)s and reads
//! [`Reply`](message::Reply)s; `arbiter serve` does the opposite with
//! [`answer`](answer::answer). Both sides share the reader and the writer, so
//! what one writes the other reads.

pub mod all_games;
pub mod answer;
pub mod message;
pub mod reader;
pub mod referee;
pub mod schema;
pub mod serve;
pub mod writer;

/// The protocol version this build speaks. Every request and reply carries it.
pub const VERSION: u32 = 1;
