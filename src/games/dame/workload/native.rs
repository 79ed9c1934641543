//! The `dame_playout` fuzz property: the engine's native random-game loop
//! ([`EngineGame::playout`], what the benches and the peer bench time)
//! against the `Game` trait's loop on the reference and on the engine.
//!
//! The native loop plays a game without building an action or a note, on
//! its own step sets and capture list, and judges every end by the
//! engine's position alone; `dame_differential` and `dame_short` never call
//! it. Here the fuzzer's bytes choose a profile, a setup and then every
//! ply's draw, so the fuzzer steers the games themselves; the three paths
//! must draw equally often and stop at the same ply, outcome, position and
//! legal list ([`compare_playout_with`]).

use super::{Bytes, Choices, Finish, compare_playout_with, random_profile, random_setup};
use crate::games::dame::board::Setup;
use crate::games::dame::engine::EngineGame;
use crate::games::dame::reference::RefGame;

/// The longest game played: past the 80-ply no-progress draw, and a few
/// milliseconds of the reference at most. A cap read from an input byte is
/// at most 256 (the byte modulo this); only once the bytes have run out
/// does the seeded generator draw caps up to this.
pub const MAX_PLIES: usize = 400;

/// The fuzz property of `dame_playout`: from the input's bytes (one a
/// choice, then a generator seeded from them), a profile, the start or a
/// scattered setup, a cap of 1 to [`MAX_PLIES`] plies (1 to 256 when a
/// byte gives it), then the game's draws. Panics with the first difference
/// between the three paths, or when only one implementation refuses the
/// setup. Returns how the game ended (`None` when both refuse the setup).
pub fn check_playout(data: &[u8]) -> Option<Finish> {
    let mut draws = Bytes::new(data);
    let profile = random_profile(&mut draws);
    let setup = if draws.below(2) == 0 {
        Setup::start()
    } else {
        random_setup(&mut draws)
    };
    let cap = 1 + draws.below(MAX_PLIES);
    let refused = (
        RefGame::new(&setup, &profile).is_err(),
        EngineGame::new(&setup, &profile).is_err(),
    );
    match refused {
        (true, true) => return None,
        (false, false) => {}
        (r, e) => panic!(
            "setup {setup:?} under {profile:?}: refused by the reference {r}, by the engine {e}"
        ),
    }
    match compare_playout_with(&setup, &profile, draws, cap) {
        Ok(f) => Some(f),
        Err(e) => panic!("native loop, engine and reference differ from {setup:?}: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dame::game::{DrawReason, Outcome, WinReason};
    use std::collections::BTreeSet;

    /// The committed seeds (`fuzz/corpus/dame_playout/`) play whole games
    /// to each way a game ends, and games cut by their cap.
    #[test]
    fn the_seed_corpus_reaches_every_ending() {
        let mut ends = BTreeSet::new();
        let mut plies = 0;
        for data in crate::rules::compare::seed_corpus("dame_playout") {
            if let Some(f) = check_playout(&data) {
                plies += f.plies;
                ends.insert(match f.outcome {
                    Outcome::Ongoing => "capped".to_string(),
                    Outcome::WhiteWins(r) | Outcome::BlackWins(r) => format!("{r:?}"),
                    Outcome::Draw(r) => format!("{r:?}"),
                });
            }
        }
        for end in [
            "capped".to_string(),
            format!("{:?}", WinReason::AllCaptured),
            format!("{:?}", WinReason::NoLegalMove),
            format!("{:?}", DrawReason::NoProgress),
        ] {
            assert!(ends.contains(&end), "no seed ends by {end}: {ends:?}");
        }
        assert!(plies > 1_000, "{plies} plies");
    }
}
