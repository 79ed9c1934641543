//! Profiling aid for issue 30's Dame part: the native random games of the
//! peer bench (`workload::playouts`, English from the start, 20,000 plies
//! a round, SplitMix64 drawn by multiply-shift as `benches/peers` draws),
//! so a profiler sees only the engine's loop.
//!
//! ```sh
//! cargo build --release --no-default-features --features dame --example dame_playout
//! # PROFILE PLIES ROUNDS
//! target/release/examples/dame_playout english 20000 20
//! valgrind --tool=callgrind target/release/examples/dame_playout english 20000 1
//! ```
use arbiter::games::dame::profile::Profile;
use arbiter::games::dame::workload::playouts;
use arbiter::rng::SplitMix;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str).unwrap_or("english");
    let profile = match Profile::parse(name) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let plies: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    for _ in 0..rounds {
        let mut rng = SplitMix(1);
        let t = std::time::Instant::now();
        let tally = playouts(&profile, plies, |n| {
            (((rng.next_u64() >> 32) * n as u64) >> 32) as usize
        });
        let s = t.elapsed().as_secs_f64();
        println!(
            "{} games, {} plies, {:.2} M plies/s ({:.1} ns a ply); {} all taken, {} shut in, {} drawn",
            tally.games,
            tally.plies,
            tally.plies as f64 / s / 1e6,
            s * 1e9 / tally.plies as f64,
            tally.all_captured,
            tally.no_legal_move,
            tally.drawn
        );
    }
}
