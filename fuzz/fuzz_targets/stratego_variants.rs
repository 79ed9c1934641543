//! Stratego on every variant's board, the small ones included: engine
//! versus reference on games chosen by the input bytes
//! (`arbiter::games::stratego::workload::diff::check_differential_on_variants`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter::games::stratego::workload::diff::check_differential_on_variants(data)
});
