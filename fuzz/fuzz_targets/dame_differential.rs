//! Engine versus reference on Dame games chosen by the input bytes
//! (`arbiter::games::dame::workload::check_differential`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::games::dame::workload::check_differential(data));
