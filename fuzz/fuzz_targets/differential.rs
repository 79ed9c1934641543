//! Engine versus reference on games chosen by the input bytes
//! (`arbiter::fuzzing::check_differential`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::check_differential(data));
