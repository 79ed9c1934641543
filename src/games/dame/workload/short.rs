//! The `dame_short` fuzz property: a bounded amount of reference work per
//! execution. The input builds a position, then both implementations play
//! a short line from it (at most [`MAX_TAIL`] plies), compared at every ply
//! by [`compare_from`].
//!
//! The position comes one of two ways:
//!
//! - **Seed and prefix.** The start or a scattered setup
//!   ([`random_setup`]), then up to [`MAX_PREFIX`] plies the engine alone
//!   plays (random legal actions, huffs and captures preferred now and then)
//!   under the profile. The reference never sees the prefix: the short line
//!   starts a fresh game on both implementations from the stones and the
//!   side to move the engine reached. The prefix is trusted because
//!   `dame_differential` compares such games ply by ply from the same
//!   setups and profiles; here it only has to yield a reachable position.
//! - **Built.** A scattered setup as it stands ([`random_setup`]: a few men
//!   and Damen of each side on dark squares), checked by both
//!   implementations' setup validation (DA-1), which must agree.
//!
//! A fresh game starts with nothing huffable and the no-progress count at
//! zero, so what a huff or the no-progress draw needs from long before is
//! `dame_differential`'s part.

use arbitrary::Unstructured;

use super::{Choices, Seeded, Tally, compare_from, random_profile, random_setup, sharp_pick};
use crate::games::dame::board::Setup;
use crate::games::dame::engine::EngineGame;
use crate::games::dame::profile::Profile;
use crate::rules::Game;

/// The longest engine-only prefix.
pub const MAX_PREFIX: usize = 120;

/// The longest compared line.
pub const MAX_TAIL: usize = 24;

/// The fuzzer's bytes as choices, one byte each while they last
/// (`arbitrary` gives the lowest choice once they run out).
impl Choices for Unstructured<'_> {
    fn below(&mut self, n: usize) -> usize {
        self.int_in_range(0..=n - 1).unwrap_or(0)
    }
}

/// Where the compared line starts.
#[derive(Clone, Debug)]
pub struct Start {
    /// The stones and the side to move.
    pub setup: Setup,
    /// The profile both implementations play.
    pub profile: Profile,
    /// How it was made, for the failure message.
    pub how: String,
}

/// The start a fuzz input describes.
pub fn start(u: &mut Unstructured) -> arbitrary::Result<Start> {
    let profile = random_profile(u);
    let built = u.ratio(1, 4)?;
    let setup = random_setup(u);
    if built {
        return Ok(Start {
            how: format!("built setup {setup:?}"),
            setup,
            profile,
        });
    }
    let plies = u.int_in_range(0..=MAX_PREFIX)?;
    let seed: u64 = u.arbitrary()?;
    let Ok(mut e) = EngineGame::new(&setup, &profile) else {
        return Ok(Start {
            how: format!("refused setup {setup:?}"),
            setup,
            profile,
        });
    };
    prefix(&mut e, plies, &mut Seeded(seed));
    let reached = Game::position(&e).expect("the engine tells its position");
    Ok(Start {
        how: format!(
            "setup {setup:?} and {} engine plies (seed {seed}) to {reached:?}",
            e.ply()
        ),
        setup: reached,
        profile,
    })
}

/// Plays up to `plies` random legal actions on the engine alone, stopping
/// when the game is over; half the time a huff or a capture when there is
/// one.
fn prefix(e: &mut EngineGame, plies: usize, rng: &mut Seeded) {
    for _ in 0..plies {
        if e.outcome().is_over() {
            return;
        }
        let legal = e.legal();
        if legal.is_empty() {
            return;
        }
        let pick = sharp_pick(rng, &legal);
        if e.play(&pick).is_err() {
            return;
        }
    }
}

/// The fuzz property of `dame_short`: a start ([`start`]), then a line of
/// at most [`MAX_TAIL`] plies compared at every ply; any difference panics
/// with its description. Returns what the line went through (nothing when
/// the input runs out before the line's length).
pub fn check_short(data: &[u8]) -> Tally {
    let mut tally = Tally::default();
    let mut u = Unstructured::new(data);
    let Ok(start) = start(&mut u) else {
        return tally;
    };
    let Ok(plies) = u.int_in_range(1..=MAX_TAIL) else {
        return tally;
    };
    // `compare_from` also checks that both refuse a setup alike.
    if let Err(e) = compare_from(&start.setup, &start.profile, &mut u, plies, &mut tally) {
        panic!("engine and reference differ from {}: {e}", start.how);
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed seeds (`fuzz/corpus/dame_short/`) compare lines, not
    /// just starts: games, plies, refused candidates, captures, and lines
    /// that end the game.
    #[test]
    fn the_seed_corpus_compares_lines() {
        let (mut games, mut plies, mut refusals, mut captures, mut ended) = (0, 0, 0, 0, 0);
        for data in crate::rules::compare::seed_corpus("dame_short") {
            let t = check_short(&data);
            games += t.games;
            plies += t.plies;
            refusals += t.refusals;
            captures += t.captures + t.multi_captures;
            ended += t.ended;
        }
        println!(
            "{games} games, {plies} plies, {refusals} refusals, {captures} captures, {ended} ended"
        );
        assert!(games >= 100, "{games} games");
        assert!(
            plies > 0 && refusals > 0 && captures > 0,
            "{plies} plies, {refusals} refusals, {captures} captures"
        );
        assert!(ended > 0, "no line ended a game");
    }
}
