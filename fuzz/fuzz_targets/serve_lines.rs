//! `arbiter serve`'s line handling on arbitrary input (`arbiter::fuzzing::check_serve_lines`):
//! lines that are not UTF-8, too long or blank never stop it, and every
//! other line gets exactly one reply.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arbiter::fuzzing::check_serve_lines(data));
