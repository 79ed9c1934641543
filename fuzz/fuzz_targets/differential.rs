//! Engine versus reference on games chosen by the input bytes
//! (`arbiter::games::stratego::workload::diff::check_differential`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::stratego::game::Stratego;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Stratego>("differential", data));
