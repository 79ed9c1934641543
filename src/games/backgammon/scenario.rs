//! Backgammon's parts of the scenario format: the setup as checkers per
//! point, and the per-action annotations (hits, entered, borne off, unused
//! dice, pips, bar, off, cube, and a roll's legal plays).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::annotations::each_reads;
use crate::rules::yaml::Entries;
use crate::rules::{Annotations, Held, Loc, Located, ScenarioParts, located};

use super::board::{Action, Player, Position, Roll, from_seed_name};
use super::game::{Backgammon, Cube, Note};
use super::profile::Profile;
use super::setup::Setup;

/// A number for each player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PerPlayer {
    /// White's.
    pub white: u8,
    /// Black's.
    pub black: u8,
}

/// The starting position (`spec/scenario-format.md`, "Backgammon's setup").
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetupSpec {
    /// `standard`: the usual position (BG-1.4), with the opening roll to
    /// come unless `to_move` or `dice` is given. Points listed under
    /// `white` or `black` then replace that player's whole army.
    pub start: Option<StartName>,
    /// White's checkers: `point: count`, the point in white's own numbers
    /// (1–24) or the page's name (`S1`…`S12`, `W1`…`W12`).
    #[schemars(with = "Option<BTreeMap<String, u8>>")]
    pub white: Option<Entries<Spanned<u8>>>,
    /// Black's checkers, the same way in black's numbers.
    #[schemars(with = "Option<BTreeMap<String, u8>>")]
    pub black: Option<Entries<Spanned<u8>>>,
    /// Checkers on the bar.
    pub bar: Option<PerPlayer>,
    /// Checkers borne off; when left out, whatever a player lacks of 15.
    pub off: Option<PerPlayer>,
    /// The cube; centred at 1 when left out.
    pub cube: Option<Cube>,
    /// Whose turn it is. Default: white.
    pub to_move: Option<Player>,
    /// A roll already on the table for `to_move` to play (`5-2`).
    #[schemars(with = "Option<String>")]
    pub dice: Option<Spanned<String>>,
    /// Whether the player on turn has already chosen to roll, so that the
    /// dice roll next under every profile (default: false).
    pub roll_next: Option<bool>,
    /// Whether the game starts with the opening roll (default: with
    /// `start: standard` and neither `to_move` nor `dice`).
    pub opening: Option<bool>,
}

/// The named starting positions.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StartName {
    /// 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
    Standard,
}

impl ScenarioParts for Backgammon {
    type SetupSpec = SetupSpec;

    type Annotations = Expectations;

    /// The setup, or where it breaks the rules (BG-1.2, BG-4.4, BG-7.6, BG-8.8).
    fn setup_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        let setup = Self::setup_unchecked_from_spec(spec)?;
        setup.cube.check().map_err(|e| located(Loc::default(), e))?;
        super::reference::check_setup(&setup).map_err(|e| located(Loc::default(), e))?;
        Ok(setup)
    }

    /// The setup as written, whether or not the rules allow it (a scenario
    /// with `refused:`): 16 checkers, a point of both colours, a cube of 3
    /// and two phases at once are left for the implementations to refuse.
    /// What a setup cannot hold is still an error: a name that is no point,
    /// more than 15 checkers on one point (they would not fit the count),
    /// dice that are no roll.
    fn setup_unchecked_from_spec(spec: &SetupSpec) -> Result<Setup, Located> {
        let standard = matches!(spec.start, Some(StartName::Standard));
        let mut pos = if standard {
            Position::standard()
        } else {
            Position::empty()
        };
        for (player, map) in [(Player::White, &spec.white), (Player::Black, &spec.black)] {
            let Some(map) = map else { continue };
            pos.points[player.index()] = [0; 25];
            for (key, count) in &map.0 {
                let k = key.value.trim();
                let pt = match k.parse::<u8>() {
                    Ok(n @ 1..=24) => n,
                    _ => from_seed_name(player, k).ok_or_else(|| {
                        located(
                            key.into(),
                            format!("`{k}` is not a point: expected 1 to 24 in {player}'s own numbers, or the page's S1–S12 / W1–W12"),
                        )
                    })?,
                };
                // Two names of one point (`1` and `W1`) add up; past 15 a
                // point holds more than a player has (BG-1.2).
                let on = &mut pos.points[player.index()][usize::from(pt)];
                *on = on
                    .checked_add(count.value)
                    .filter(|&n| n <= 15)
                    .ok_or_else(|| {
                        located(
                            count.into(),
                            format!(
                                "{player}'s point {pt} would hold {} checkers: a player has 15 in all (BG-1.2)",
                                u32::from(*on) + u32::from(count.value)
                            ),
                        )
                    })?;
            }
        }
        if let Some(b) = spec.bar {
            pos.bar = [b.white, b.black];
        }
        for p in Player::BOTH {
            let i = p.index();
            pos.off[i] = 0;
            let on = pos.total(p);
            pos.off[i] = match spec.off {
                Some(o) => [o.white, o.black][i],
                None => 15u32.saturating_sub(on) as u8,
            };
        }
        let dice = match &spec.dice {
            None => None,
            Some(d) => match d.value.parse::<Action>() {
                Ok(Action::Roll(r)) => Some(r),
                _ => {
                    return Err(located(
                        d.into(),
                        format!("`{}` is not a roll: expected two dice like `5-2`", d.value),
                    ));
                }
            },
        };
        let opening = spec
            .opening
            .unwrap_or(standard && spec.to_move.is_none() && dice.is_none());
        let setup = Setup {
            position: pos,
            cube: spec.cube.unwrap_or(Cube::CENTRED),
            to_move: spec.to_move.unwrap_or(Player::White),
            dice,
            opening,
            roll_next: spec.roll_next.unwrap_or(false),
        };
        Ok(setup)
    }

    /// The position of BG-1.4, the cube centred, the opening roll to come.
    fn start_setup() -> Option<Setup> {
        Some(Setup::standard())
    }
}

/// Pip counts, white's and black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pips {
    /// White's pip count.
    pub white: u32,
    /// Black's pip count.
    pub black: u32,
}

/// Backgammon's per-action annotations, all optional.
#[derive(Clone, Debug, Default, JsonSchema)]
pub struct Expectations {
    /// Points where the play hit (mover's numbers); `[]` for none.
    pub hits: Option<Vec<u8>>,
    /// Checkers the play entered from the bar.
    pub entered: Option<u8>,
    /// Checkers the play bore off.
    pub borne_off: Option<u8>,
    /// Dice the play left unused.
    pub unused: Option<Vec<u8>>,
    /// Pip counts after the action.
    pub pips: Option<Pips>,
    /// Checkers on the bar after the action.
    pub bar: Option<PerPlayer>,
    /// Checkers borne off after the action (in all).
    pub off: Option<PerPlayer>,
    /// The cube after the action.
    pub cube: Option<Cube>,
    /// For a roll: how many distinct plays it offers (1 for `pass`).
    pub play_count: Option<usize>,
    /// For a roll: every play it offers, in any order; a play is its steps
    /// in any order, and they must be those of its canonical spelling (the
    /// least key, `spec/backgammon/protocol.md`).
    pub plays: Option<Vec<String>>,
    /// For a roll: who plays it (after the opening roll: its winner).
    pub plays_for: Option<Player>,
}

impl Annotations<Backgammon> for Expectations {
    crate::annotation_fields!(
        hits, entered, borne_off, unused, pips, bar, off, cube, play_count, plays, plays_for
    );

    fn check(&self) -> Result<(), String> {
        each_reads::<Action>("plays", self.plays.iter().flatten())
    }

    fn compare(&self, note: &Note, _profile: &Profile, fail: &mut dyn FnMut(String)) {
        let mut held = Held::new(fail);
        // The dice's numbers, largest first, as the pages list them.
        let sorted = |v: &[u8]| {
            let mut v = v.to_vec();
            v.sort_unstable_by(|a, b| b.cmp(a));
            format!("{v:?}")
        };
        let sides =
            |w: &dyn std::fmt::Display, b: &dyn std::fmt::Display| format!("white {w} black {b}");
        held.same("hits", self.hits.as_deref().map(sorted), sorted(&note.hits));
        held.same("entered", self.entered, note.entered);
        held.same("borne_off", self.borne_off, note.borne_off);
        held.same(
            "unused",
            self.unused.as_deref().map(sorted),
            sorted(&note.unused),
        );
        let pips = self.pips.map(|p| sides(&p.white, &p.black));
        held.same("pips", pips, sides(&note.pips[0], &note.pips[1]));
        let bar = self.bar.map(|p| sides(&p.white, &p.black));
        held.same("bar", bar, sides(&note.bar[0], &note.bar[1]));
        let off = self.off.map(|p| sides(&p.white, &p.black));
        held.same("off", off, sides(&note.off[0], &note.off[1]));
        held.same(
            "cube",
            self.cube.map(|c| c.to_string()),
            note.cube.to_string(),
        );
        let plays = note.plays.as_ref();
        let count = plays.map_or("no roll".into(), |p| p.len().to_string());
        held.same("play_count", self.play_count.map(|n| n.to_string()), count);
        let plays_for = note.roll.map_or("no roll".into(), |(_, p)| p.to_string());
        held.same(
            "plays_for",
            self.plays_for.map(|p| p.to_string()),
            plays_for,
        );
        let want = self
            .plays
            .as_ref()
            .map(|w| w.iter().filter_map(|p| p.parse::<Action>().ok()).collect());
        held.same_set("plays", want, plays.cloned().unwrap_or_default());
    }
}

/// A roll from its spelling, for tests.
pub fn roll(text: &str) -> Roll {
    match text.parse::<Action>() {
        Ok(Action::Roll(r)) => r,
        _ => panic!("`{text}` is not a roll"),
    }
}
