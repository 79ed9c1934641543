//! Backgammon: engine versus reference on a short line of play from a position
//! built from the input bytes
//! (`arbiter::games::backgammon::short_lines::check_short`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    arbiter::games::backgammon::short_lines::check_short(data);
});
