//! The protocol reader on arbitrary bytes (`arbiter::protocol::reader::check_reader`):
//! never panics, and whatever it reads survives a write-and-read round trip.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::protocol::reader::check_reader(data));
