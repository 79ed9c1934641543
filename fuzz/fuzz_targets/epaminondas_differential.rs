//! Epaminondas: engine versus reference on a setup, a profile and a game
//! chosen by the input bytes
//! (`arbiter::games::epaminondas::workload::check_differential`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::epaminondas::game::Epaminondas;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Epaminondas>("epaminondas_differential", data));
