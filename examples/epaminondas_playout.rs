//! Profiling aid for issue 44's Epaminondas part: the random games of the
//! peer bench (`benches/peers`, opening array under `seed-003`), played
//! through the `Game` trait on the engine (`legal_actions`, a uniform
//! pick, the checked `play`), so that a profiler or callgrind sees only
//! the engine's hot path. Prints the plies, so instructions per ply follow
//! from callgrind's total.
//!
//! ```sh
//! cargo build --release --no-default-features --features epaminondas --example epaminondas_playout
//! # SIZE (8x8 | 14x12) PLIES ROUNDS
//! target/release/examples/epaminondas_playout 8x8 20000 20
//! valgrind --tool=callgrind target/release/examples/epaminondas_playout 8x8 20000 1
//! ```
use arbiter::games::epaminondas::board::Size;
use arbiter::games::epaminondas::engine::Engine;
use arbiter::games::epaminondas::profile::Profile;
use arbiter::games::epaminondas::setup::Setup;
use arbiter::rng::SplitMix;
use arbiter::rules::Implementation;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size = match args.get(1).map(String::as_str).unwrap_or("8x8") {
        "14x12" => Size::Standard,
        _ => Size::Small,
    };
    let plies: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (setup, profile) = (Setup::standard(size), Profile::seed_003());
    for _ in 0..rounds {
        let mut rng = SplitMix(1);
        let (mut total, mut listed, mut games) = (0usize, 0usize, 0usize);
        let t = std::time::Instant::now();
        while total < plies {
            let mut g = Engine.start(&setup, &profile).expect("the opening array");
            games += 1;
            let mut n = 0;
            while total < plies && n < 500 {
                let legal = g.legal_actions();
                if legal.is_empty() {
                    break;
                }
                listed += legal.len();
                let m = legal[rng.pick(legal.len())];
                g.play(&m).expect("a listed move");
                n += 1;
                total += 1;
            }
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{games} games, {total} plies, {:.0} k plies/s, {:.1} moves/ply",
            total as f64 / s / 1e3,
            listed as f64 / total as f64
        );
    }
}
