//! Profiling aid for issue 13: plays the uniform random playouts of
//! `arbiter bench` (`workload::playout::play_games`, seed 1, cap 10,000)
//! for one variant and profile, so a profiler sees only the hot path.
//!
//! ```sh
//! cargo build --release --example playout_profile
//! # VARIANT (standard | barrage | 8x8) PROFILE GAMES REPEATS
//! target/release/examples/playout_profile 8x8 modern-3 3759 12
//! # instruction counts per function, steady on a shared machine:
//! valgrind --tool=callgrind target/release/examples/playout_profile 8x8 modern-3 1000 1
//! ```
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::variant::Variant;
use arbiter::games::stratego::workload::playout::play_games;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant = match args.get(1).map(String::as_str).unwrap_or("standard") {
        "barrage" => Variant::Barrage,
        "quick-8x8" | "8x8" => Variant::Quick8x8,
        _ => Variant::Standard,
    };
    let name = args.get(2).map(String::as_str).unwrap_or("modern-3");
    let Some(profile) = Profile::named(name) else {
        eprintln!("unknown profile {name:?}; one of {:?}", Profile::NAMES);
        std::process::exit(2);
    };
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let reps: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    for _ in 0..reps {
        let t = std::time::Instant::now();
        let tally = play_games(variant, &profile, 1, 0..games, 10_000);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{games} games, {} plies, {:.2} M plies/s, {:.1} M listed/s, {:.1} moves/ply",
            tally.plies,
            tally.plies as f64 / s / 1e6,
            tally.listed as f64 / s / 1e6,
            tally.listed as f64 / tally.plies as f64
        );
    }
}
