//! Plies per second of the engine and the reference on random biased games
//! of 100, 1,000 and 10,000 plies (see `docs/benchmarks.md`). Each ply costs
//! what a player pays: list the legal moves, then play one. Run with
//! `cargo bench --bench engine`; `arbiter bench` prints the same figures as
//! one table, with the ratio.

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::reference::Reference;
use arbiter::games::stratego::variant::Variant;
use arbiter::games::stratego::workload::bench::{
    Recorded, biased_game, fast_moves, replay_engine_fast, replay_trait,
};
use divan::{Bencher, counter::ItemsCount};

fn main() {
    divan::main();
}

const LENGTHS: [usize; 3] = [100, 1_000, 10_000];

fn game(plies: usize) -> Recorded {
    biased_game(Variant::Standard, 1, plies)
}

/// The engine's allocation-free API: `legal_moves_into` + `play_legal`.
#[divan::bench(args = LENGTHS, sample_count = 20)]
fn engine_fast(b: Bencher, plies: usize) {
    let g = game(plies);
    let moves = fast_moves(&g);
    b.counter(ItemsCount::new(plies))
        .bench(|| replay_engine_fast(&g, &moves));
}

/// The engine through the `Game` trait: `legal_moves()` + `play()`.
#[divan::bench(args = LENGTHS, sample_count = 10)]
fn engine_trait(b: Bencher, plies: usize) {
    let g = game(plies);
    b.counter(ItemsCount::new(plies))
        .bench(|| replay_trait(&Engine, &g, plies));
}

/// The reference through the `Game` trait. It replays the game for every
/// question, so a 10,000-ply game takes minutes; only 100 and 1,000 are
/// benchmarked here (`arbiter bench` extrapolates the rest).
#[divan::bench(args = [100, 1_000], sample_count = 2, sample_size = 1)]
fn reference_trait(b: Bencher, plies: usize) {
    let g = game(plies);
    b.counter(ItemsCount::new(plies))
        .bench(|| replay_trait(&Reference, &g, plies));
}

/// The engine's allocation-free API on the smaller variants (Barrage, the
/// 8×8 quick game), 1,000-ply games.
#[divan::bench(args = [Variant::Barrage, Variant::Quick8x8], sample_count = 20)]
fn engine_fast_variant(b: Bencher, variant: Variant) {
    let g = biased_game(variant, 1, 1_000);
    let moves = fast_moves(&g);
    b.counter(ItemsCount::new(1_000usize))
        .bench(|| replay_engine_fast(&g, &moves));
}

/// Uniform random playouts from the fixed setups (`workload::playout`):
/// a ply lists every legal move, then plays one chosen at random; games run
/// to their end or 10,000 plies. Counted in plies; `arbiter bench` prints
/// legal moves listed per second as well.
mod playout {
    use arbiter::games::stratego::profile::Profile;
    use arbiter::games::stratego::variant::Variant;
    use arbiter::games::stratego::workload::playout::{play_games, play_many};
    use divan::{Bencher, counter::ItemsCount};

    const VARIANTS: [Variant; 3] = Variant::ALL;

    fn run(b: Bencher, variant: Variant, profile: Profile, games: u64, cap: usize, threads: usize) {
        let plies = play_games(variant, &profile, 1, 0..games, cap).plies;
        b.counter(ItemsCount::new(plies as usize))
            .bench(|| play_many(variant, &profile, 1, games, cap, threads));
    }

    /// `isf`, 100 games of up to 10,000 plies.
    #[divan::bench(args = VARIANTS, sample_count = 10, sample_size = 1)]
    fn isf(b: Bencher, variant: Variant) {
        run(b, variant, Profile::isf(), 100, 10_000, 1);
    }

    /// `modern-3`, 100 games of up to 10,000 plies.
    #[divan::bench(args = VARIANTS, sample_count = 10, sample_size = 1)]
    fn modern_3(b: Bencher, variant: Variant) {
        run(b, variant, Profile::modern_3(), 100, 10_000, 1);
    }

    /// Per-ply cost by ply cap: the standard game under `modern-3`, about
    /// 100,000 plies per sample whatever the cap.
    #[divan::bench(args = [100, 1_000, 10_000], sample_count = 10, sample_size = 1)]
    fn modern_3_cap(b: Bencher, cap: usize) {
        let games = (100_000 / cap as u64).max(80);
        run(b, Variant::Standard, Profile::modern_3(), games, cap, 1);
    }

    /// Many games at once (`play_many`): the standard game under
    /// `modern-3`, 200 games, on 1 and 2 threads.
    #[divan::bench(args = [1, 2], sample_count = 10, sample_size = 1)]
    fn modern_3_threads(b: Bencher, threads: usize) {
        run(
            b,
            Variant::Standard,
            Profile::modern_3(),
            200,
            10_000,
            threads,
        );
    }
}
