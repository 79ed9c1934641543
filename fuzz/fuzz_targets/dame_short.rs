//! Dame: engine versus reference on a short line from a position the input
//! builds (`arbiter::games::dame::workload::short::check_short`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::dame::game::Dame;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Dame>("dame_short", data));
