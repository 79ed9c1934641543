//! Epaminondas: engine versus reference on a setup, a profile and a game
//! chosen by the input bytes
//! (`arbiter::games::epaminondas::workload::check_differential`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter::games::epaminondas::workload::check_differential(data);
});
