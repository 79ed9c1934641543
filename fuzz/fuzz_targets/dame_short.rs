//! Dame: engine versus reference on a short line from a position the input
//! builds (`arbiter::games::dame::workload::short::check_short`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter::games::dame::workload::short::check_short(data);
});
