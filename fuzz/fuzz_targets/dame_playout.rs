//! Dame: the engine's native random-game loop against the `Game` trait's
//! loop on the reference and on the engine, games steered by the input
//! (`arbiter::games::dame::workload::native::check_playout`).
//! The body is the one every comparing target shares
//! (`arbiter::fuzzing::compare`), which finds the property in the game's
//! `Workloads::FUZZ_TARGETS`.
#![no_main]

use arbiter::games::dame::game::Dame;

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::compare::<Dame>("dame_playout", data));
