//! Uniform random playouts: the workload other Stratego rules code is
//! measured on, so that arbiter's figures compare with theirs (issue 13).
//!
//! A ply lists every legal move of the side to move, then plays one chosen
//! uniformly at random. Each variant starts from one fixed setup, written
//! out below as a board picture, and the random numbers come from a fixed
//! seed, so every run plays the same games. A game runs to its end (flag
//! captured, or a side without a legal move) or to a ply cap.
//!
//! [`play_many`] plays independent games on several threads, one engine per
//! game and nothing shared but the read-only setup and profile: the API for
//! playouts and training data.

use std::time::{Duration, Instant};

use crate::games::stratego::engine::Engine;
use crate::games::stratego::engine::game::{EngineGame, FastMove};
use crate::games::stratego::piece::{Color, Piece, Rank};
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::Profile;
use crate::games::stratego::square::Square;
use crate::games::stratego::variant::Variant;

/// The standard game's fixed setup, top rank (10) first. Blue holds the
/// upper home ranks, red the lower ones; `~` marks a lake, `.` an empty
/// square. Symbols: `M` marshal, `G` general, `8` to `2` colonel to scout,
/// `S` spy, `B` bomb, `F` flag.
const STANDARD: [&str; 10] = [
    "25B343BFB3",
    "7B652B34B6",
    "7284G3SM48",
    "2526257262",
    "..~~..~~..",
    "..~~..~~..",
    "2627526252",
    "84MS3G4827",
    "6B43B256B7",
    "3BFB343B52",
];

/// Barrage: eight pieces a side on the standard board.
const BARRAGE: [&str; 10] = [
    "....BF....",
    "...3S.....",
    "..G....2..",
    ".2.....M..",
    "..~~..~~..",
    "..~~..~~..",
    "..M.....2.",
    "..2....G..",
    ".....S3...",
    "....FB....",
];

/// The 8×8 quick game: lakes C4 C5 F4 F5, ten pieces a side.
const QUICK_8X8: [&str; 8] = [
    "..BF3...", ".B2S.3..", "..G..M2.", "..~..~..", "..~..~..", ".2M..G..", "..3.S2B.", "...3FB..",
];

fn rank_of(symbol: char) -> Option<Rank> {
    Some(match symbol {
        'M' => Rank::Marshal,
        'G' => Rank::General,
        '8' => Rank::Colonel,
        '7' => Rank::Major,
        '6' => Rank::Captain,
        '5' => Rank::Lieutenant,
        '4' => Rank::Sergeant,
        '3' => Rank::Miner,
        '2' => Rank::Scout,
        'S' => Rank::Spy,
        'B' => Rank::Bomb,
        'F' => Rank::Flag,
        _ => return None,
    })
}

/// The fixed setup of `variant` for playouts: the picture above, red to
/// move. Pieces in the upper half of the board are blue.
pub fn fixed_setup(variant: Variant) -> Setup {
    let rows: &[&str] = match variant {
        Variant::Standard => &STANDARD,
        Variant::Barrage => &BARRAGE,
        Variant::Quick8x8 => &QUICK_8X8,
    };
    let geometry = variant.geometry();
    let ranks = rows.len() as u8;
    let mut pieces = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - k as u8;
        let color = if rank >= ranks / 2 {
            Color::Blue
        } else {
            Color::Red
        };
        for (file, symbol) in row.chars().enumerate() {
            if let Some(r) = rank_of(symbol) {
                pieces.push((Square::new(file as u8, rank), Piece { color, rank: r }));
            }
        }
    }
    Setup {
        geometry,
        army: variant.army(),
        pieces,
        to_move: Color::Red,
    }
}

/// A small fast generator (SplitMix64) with an unbiased-enough draw below
/// `n` by multiply-and-shift.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        crate::rng::splitmix64(&mut self.0)
    }

    /// A number below `n` (`n > 0`), each equally likely up to 2⁻³² .
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What a batch of playouts did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Legal moves listed, summed over the plies (and the final position
    /// of each game, where the list is empty or the flag is gone).
    pub listed: u64,
    /// Games that ended before the cap.
    pub finished: u64,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, o: Tally) {
        self.games += o.games;
        self.plies += o.plies;
        self.listed += o.listed;
        self.finished += o.finished;
    }
}

/// Plays one uniform random game from `game`'s position to its end or to
/// `cap` plies, reusing `buf`.
#[inline]
pub fn playout(game: &mut EngineGame, rng: &mut Rng, cap: usize, buf: &mut Vec<FastMove>) -> Tally {
    let mut t = Tally {
        games: 1,
        ..Tally::default()
    };
    // RP-6: the game is over once a flag is captured or the side to move
    // has no legal move (the outcome says which; a playout needs only
    // that it ended).
    while (t.plies as usize) < cap {
        if game.flag_captured() {
            t.finished = 1;
            break;
        }
        game.legal_moves_into(buf);
        t.listed += buf.len() as u64;
        if buf.is_empty() {
            t.finished = 1;
            break;
        }
        let mv = buf[rng.below(buf.len())];
        game.advance(mv);
        t.plies += 1;
    }
    t
}

/// Plays `games` playouts of `variant` under `profile` from its fixed setup,
/// each to its end or `cap` plies, on one thread; game `k` draws from seed
/// `seed + k`, so the games are the same however they are split over
/// threads.
pub fn play_games(
    variant: Variant,
    profile: &Profile,
    seed: u64,
    games: std::ops::Range<u64>,
    cap: usize,
) -> Tally {
    let setup = fixed_setup(variant);
    let start = Engine
        .start_fast(&setup, profile)
        .expect("the fixed setups are valid");
    let mut buf = Vec::with_capacity(128);
    let mut total = Tally::default();
    let mut g = start.clone();
    for k in games {
        // Each game starts afresh from the setup, in the room of the last.
        g.clone_from(&start);
        let mut rng = Rng(seed.wrapping_add(k));
        total.add(playout(&mut g, &mut rng, cap, &mut buf));
    }
    total
}

/// Plays games `0..games` of [`play_games`] on `threads` threads (at
/// least one), each thread a contiguous block of games, and adds up what
/// they did. Every game is independent: its own engine, its own seed.
pub fn play_many(
    variant: Variant,
    profile: &Profile,
    seed: u64,
    games: u64,
    cap: usize,
    threads: usize,
) -> Tally {
    let threads = threads.max(1) as u64;
    if threads == 1 {
        return play_games(variant, profile, seed, 0..games, cap);
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (lo, hi) = (games * t / threads, games * (t + 1) / threads);
                s.spawn(move || play_games(variant, profile, seed, lo..hi, cap))
            })
            .collect();
        let mut total = Tally::default();
        for h in handles {
            total.add(h.join().expect("a playout thread panicked"));
        }
        total
    })
}

/// Times [`play_many`]: best of `reps` runs.
pub fn timed(reps: usize, mut f: impl FnMut() -> Tally) -> (Tally, Duration) {
    let mut best = (Tally::default(), Duration::MAX);
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        let tally = std::hint::black_box(f());
        let d = t.elapsed();
        if d < best.1 {
            best = (tally, d);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::game::Outcome;

    /// The pictures hold exactly each variant's army on its home ranks.
    #[test]
    fn fixed_setups_hold_the_whole_army_on_the_home_ranks() {
        for v in Variant::ALL {
            let s = fixed_setup(v);
            s.validate().unwrap_or_else(|e| panic!("{v}: {e}"));
            assert_eq!(s.pieces.len() as u32, 2 * v.army().total(), "{v}");
            let g = v.geometry();
            for (sq, p) in &s.pieces {
                let home = match p.color {
                    Color::Red => sq.rank < g.home_ranks,
                    Color::Blue => sq.rank >= g.ranks - g.home_ranks,
                };
                assert!(home, "{v}: {p} on {sq}");
            }
            for color in [Color::Red, Color::Blue] {
                for r in Rank::ALL {
                    let n = s
                        .pieces
                        .iter()
                        .filter(|(_, p)| p.color == color && p.rank == r)
                        .count();
                    assert_eq!(n, v.army().count(r) as usize, "{v} {color} {r}");
                }
            }
        }
    }

    /// Splitting the games over threads plays the same games.
    #[test]
    fn threads_play_the_same_games() {
        let p = Profile::modern_3();
        let one = play_many(Variant::Quick8x8, &p, 7, 12, 300, 1);
        let two = play_many(Variant::Quick8x8, &p, 7, 12, 300, 2);
        let three = play_many(Variant::Quick8x8, &p, 7, 12, 300, 3);
        assert_eq!(one, two);
        assert_eq!(one, three);
        assert_eq!(one.games, 12);
        assert!(one.plies > 0 && one.listed >= one.plies);
    }

    /// A playout (moves played by `advance`, the end found from the flag
    /// and an empty list) plays the same games as one that plays by
    /// `play_legal` and asks the outcome every ply: the same plies, lists
    /// and ends, and each report's outcome is the one `current_outcome`
    /// gives after `advance`.
    #[test]
    fn advance_plays_what_play_legal_plays() {
        for variant in Variant::ALL {
            for name in ["isf", "modern-3", "jumbo-original"] {
                let profile = Profile::named(name).unwrap();
                let start = Engine.start_fast(&fixed_setup(variant), &profile).unwrap();
                let mut buf = Vec::new();
                for seed in 0..6u64 {
                    let mut fast = start.clone();
                    let t = playout(&mut fast, &mut Rng(seed), 3_000, &mut buf);
                    let mut slow = start.clone();
                    let mut rng = Rng(seed);
                    let mut want = Tally {
                        games: 1,
                        ..Tally::default()
                    };
                    let mut quick = start.clone();
                    while (want.plies as usize) < 3_000 {
                        if slow.current_outcome() != Outcome::Ongoing {
                            want.finished = 1;
                            break;
                        }
                        slow.legal_moves_into(&mut buf);
                        want.listed += buf.len() as u64;
                        let mv = buf[rng.below(buf.len())];
                        let report = slow.play_legal(mv);
                        quick.advance(mv);
                        assert_eq!(report.outcome, quick.current_outcome());
                        assert_eq!(slow.state_key(), quick.state_key());
                        want.plies += 1;
                    }
                    assert_eq!(t, want, "{variant} {name} seed {seed}");
                    assert_eq!(fast.current_outcome(), slow.current_outcome());
                }
            }
        }
    }

    /// The draw is uniform enough: each of 7 outcomes within 5% of its share.
    #[test]
    fn draws_are_uniform() {
        let mut rng = Rng(1);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[rng.below(7)] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }
}
