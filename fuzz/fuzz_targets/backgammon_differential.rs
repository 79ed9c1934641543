//! Backgammon: engine versus reference on random games chosen by the input
//! bytes (`arbiter::games::backgammon::workload::check_differential`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| arbiter::games::backgammon::workload::check_differential(data)
);
