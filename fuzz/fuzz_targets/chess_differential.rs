//! Chess: engine versus reference on games chosen by the input bytes
//! (`arbiter::games::chess::workload::check_differential`).
#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| arbiter::games::chess::workload::check_differential(data)
);
