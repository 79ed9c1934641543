//! The YAML scenario loader on arbitrary bytes
//! (`arbiter::fuzzing::check_scenario_load`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::check_scenario_load(data));
