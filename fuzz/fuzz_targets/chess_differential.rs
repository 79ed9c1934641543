//! Chess: engine versus reference on games chosen by the input bytes
//! (`arbiter::games::chess::workload::check_differential`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::chess::game::Chess;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Chess>("chess_differential", data));
