//! Random games that compare the engine with the reference, ply by ply:
//! the side to move, the outcome, the sorted legal actions, the note of
//! every action played, and the verdict on a few actions that are not
//! legal. Chance is an action like any other, so the seed picks the dice
//! as it picks the players' actions. The tally says how often each rule
//! fired, so a green run can be read as covering something. The loop is
//! the one comparator ([`Compare`]); this module gives it the game's hooks.

use std::collections::BTreeMap;

use crate::rules::compare::{Compare, Flow, Hooks, Options};
use crate::rules::{Implementation, Verdict};

use super::board::{Action, Roll, Step};
use super::game::{Backgammon, Note};
use super::profile::Profile;
use super::setup::Setup;

/// SplitMix64: small and seedable.
pub use crate::rng::SplitMix;

/// How often each rule fired over the compared games.
pub type Tally = BTreeMap<&'static str, u64>;

/// Adds what `note` says happened to the tally.
pub(crate) fn count(t: &mut Tally, note: &Note) {
    let mut add = |k: &'static str, n: u64| *t.entry(k).or_default() += n;
    add("plies", 1);
    match &note.action {
        Action::Play(_) => add("BG-3.1 plays", 1),
        Action::Pass => add("BG-3.7 passes", 1),
        Action::Double => add("BG-8.2 doubles", 1),
        Action::Take => add("BG-8.4 takes", 1),
        Action::Drop => add("BG-8.5 drops", 1),
        Action::Resign => add("BG-9.1 resignations", 1),
        Action::Opening { .. } => add("BG-2.3 opening rolls", 1),
        _ => {}
    }
    add("BG-4.3 hits", note.hits.len() as u64);
    add("BG-5.1 entries", u64::from(note.entered));
    add("BG-6.2 checkers borne off", u64::from(note.borne_off));
    if note.unused.len() == 1 && matches!(note.action, Action::Play(_)) {
        add("BG-3.5/3.6 one die unused", 1);
    }
    if let super::game::Outcome::WhiteWins(w) | super::game::Outcome::BlackWins(w) = note.outcome {
        add(
            match w.by {
                super::game::WinBy::Single => "BG-7.2 single wins",
                super::game::WinBy::Gammon => "BG-7.2 gammons",
                super::game::WinBy::Backgammon => "BG-7.3 backgammons",
                super::game::WinBy::Drop => "BG-8.5 games dropped",
                super::game::WinBy::Resign => "BG-9.1 games resigned",
            },
            1,
        );
    }
}

/// A few actions that are usually illegal here, to compare verdicts.
pub(super) fn probes(legal: &[Action], rng: &mut SplitMix) -> Vec<Action> {
    let mut out = vec![
        Action::Pass,
        Action::Double,
        Action::Take,
        Action::RollDice,
        Action::Roll(Roll::new(6, 5)),
    ];
    // A legal play with one step moved a point: usually illegal, for a
    // reason the two must agree on.
    if let Some(Action::Play(steps)) = legal.get(rng.pick(legal.len().max(1))) {
        let mut s: Vec<Step> = steps.clone();
        let k = rng.pick(s.len());
        if s[k].to > 1 && s[k].to < 24 {
            s[k].to -= 1;
            out.push(Action::Play(super::board::canonical_order(s.clone())));
        }
        s.pop();
        out.push(Action::Play(s));
    }
    out
}

/// The hooks of a whole random game ([`compare_game`]): every choice
/// from the seed; the verdicts on the [`probes`] compared by rule code;
/// playing on preferred to resigning or dropping, so games get long.
struct Whole<'t> {
    rng: SplitMix,
    tally: &'t mut Tally,
}

impl Hooks<Backgammon> for Whole<'_> {
    fn candidates(&mut self, _c: &Compare<Backgammon>, legal: &[Action]) -> Vec<Action> {
        probes(legal, &mut self.rng)
    }

    fn alike(&self, a: &Verdict<Backgammon>, b: &Verdict<Backgammon>) -> bool {
        a.rule() == b.rule()
    }

    fn pick(&mut self, _c: &Compare<Backgammon>, legal: &[Action]) -> Option<Action> {
        // Prefer playing on over resigning or dropping, so games get long.
        let mut pick = legal[self.rng.pick(legal.len())].clone();
        if matches!(pick, Action::Resign | Action::Drop) && self.rng.pick(8) != 0 {
            pick = legal[self.rng.pick(legal.len())].clone();
        }
        Some(pick)
    }

    fn played(&mut self, _c: &Compare<Backgammon>, note: &Note) -> Result<Flow, String> {
        count(self.tally, note);
        Ok(Flow::Go)
    }
}

/// Plays one random game of at most `max_plies` on the reference and
/// `engine` ([`Compare`]) and returns the first difference, if any.
pub fn compare_game(
    engine: &dyn Implementation<Backgammon>,
    setup: &Setup,
    profile: &Profile,
    seed: u64,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut hooks = Whole {
        rng: SplitMix(seed),
        tally,
    };
    let imps: [&dyn Implementation<Backgammon>; 2] = [&super::reference::Reference, engine];
    let at = |e: String| format!("seed {seed}, profile {}: {e}", profile.name);
    let Some(mut both) =
        Compare::start(&imps, setup, profile, Options::plies(max_plies), &mut hooks).map_err(at)?
    else {
        return Ok(());
    };
    both.run(&mut hooks).map_err(at)
}

/// The fuzz property (`fuzz/fuzz_targets/backgammon_differential.rs`):
/// the first eight bytes seed the game, the ninth picks the profile (named
/// profiles and the faults the engine plays), the tenth, if there is one,
/// the game's length (2 to 512 plies; 300 without it, as the committed
/// nine-byte seeds play); the engine must agree with the reference on
/// every ply. Panics on a difference.
pub fn check_differential(data: &[u8]) {
    let mut seed = [0u8; 8];
    for (s, d) in seed.iter_mut().zip(data) {
        *s = *d;
    }
    let k = data.get(8).copied().unwrap_or(0);
    let profile = fuzz_profile(k);
    let mut tally = Tally::new();
    if let Err(e) = compare_game(
        &super::engine::Engine,
        &Setup::standard(),
        &profile,
        u64::from_le_bytes(seed),
        data.get(9).map_or(300, |&n| 2 + 2 * usize::from(n)),
        &mut tally,
    ) {
        panic!("{e}");
    }
}

/// A profile from one byte: a named profile, a variant switch, or one of
/// the faults the engine plays.
pub fn fuzz_profile(k: u8) -> Profile {
    use super::profile::{OpeningDoubles, Resign};
    let mut p = match k % 3 {
        0 => Profile::seed_004(),
        1 => Profile::standard(),
        _ => Profile::no_cube(),
    };
    let f = &mut p.faults;
    match (k / 3) % 16 {
        1 => p.cube.jacoby = true,
        2 => p.cube.opening_doubles = OpeningDoubles::DoubleCube,
        3 => {
            p.scoring.resign = Resign::AsPosition;
            f.drop_as_position = true;
            f.resign_answers_double = true;
        }
        4 => p.scoring.gammons = false,
        5 => f.doubles_twice = true,
        6 => f.either_die = true,
        7 => f.not_maximal = true,
        8 => f.move_while_on_bar = true,
        9 => f.bear_off_any_higher = true,
        10 => f.bear_off_once_started = true,
        11 => f.bear_off_not_home = true,
        12 => f.land_on_point = true,
        13 => {
            f.gammon_after_one_off = true;
            f.left_behind_not_single = true;
        }
        14 => {
            f.take_keeps_owner = true;
            f.drop_at_new_value = true;
            f.redouble_not_owner = true;
        }
        15 => {
            f.backgammon_ignores_bar = true;
            f.score_before_last_play = true;
        }
        _ => {}
    }
    p.name = format!("fuzz-{k}");
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::engine::Engine;

    fn profile(k: usize) -> Profile {
        fuzz_profile((k % 256) as u8)
    }

    /// A fixed set of whole games with a tally: every rule the tally names
    /// fired (`cargo test --lib games::backgammon::workload -- --nocapture`
    /// prints it).
    #[test]
    fn fixed_games_agree_and_cover_the_rules() {
        let mut tally = Tally::new();
        for seed in 0..16u64 {
            compare_game(
                &Engine,
                &Setup::standard(),
                &profile(seed as usize),
                seed,
                600,
                &mut tally,
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
        println!("{tally:#?}");
        for k in [
            "BG-4.3 hits",
            "BG-5.1 entries",
            "BG-6.2 checkers borne off",
            "BG-8.4 takes",
            "BG-3.7 passes",
        ] {
            assert!(
                tally.get(k).copied().unwrap_or(0) > 0,
                "{k} never fired: {tally:?}"
            );
        }
    }

    /// Found by CI's random proptest run: under `bg-bear-off-not-home` the
    /// reference looked for a higher checker in the home board only, the
    /// engine on the whole board. BG-6.4 says the highest point on which
    /// the player has a checker, so a checker on 13 forbids a 5 bearing
    /// off from 3 (a 3 still bears off from 3 under that fault).
    #[test]
    fn a_higher_checker_outside_home_forbids_bearing_off_with_a_larger_die() {
        let mut tally = Tally::new();
        compare_game(
            &Engine,
            &Setup::standard(),
            &profile(35),
            17694,
            250,
            &mut tally,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
