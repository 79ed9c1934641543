//! Backgammon: engine versus reference on a short line of play from a position
//! built from the input bytes
//! (`arbiter::games::backgammon::short_lines::check_short`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::backgammon::game::Backgammon;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Backgammon>("backgammon_short", data));
