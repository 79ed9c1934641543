//! Chess: engine versus reference on a short line from a position the input
//! builds (`arbiter::games::chess::workload::short::check_short`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::chess::game::Chess;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Chess>("chess_short", data));
