//! Engine versus reference on games chosen by the input bytes
//! (`arbiter::games::stratego::workload::diff::check_differential`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter::games::stratego::workload::diff::check_differential(data)
});
