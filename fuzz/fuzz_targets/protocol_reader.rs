//! The protocol reader on arbitrary bytes (`arbiter::fuzzing::check_protocol_reader`):
//! never panics, and whatever it reads survives a write-and-read round trip.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::check_protocol_reader(data));
