//! Engine versus reference on Dame games chosen by the input bytes
//! (`arbiter::games::dame::workload::check_differential`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::dame::game::Dame;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Dame>("dame_differential", data));
