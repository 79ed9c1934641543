//! Dame: the engine's native random-game loop against the `Game` trait's
//! loop on the reference and on the engine, games steered by the input
//! (`arbiter::games::dame::workload::native::check_playout`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = arbiter::games::dame::workload::native::check_playout(data);
});
