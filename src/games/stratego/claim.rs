//! Stratego's claim files for `arbiter prove` (`spec/stratego/claims.md`):
//! a position, the profiles, a goal about one piece (lost or safe within a
//! number of plies) and, for maxims that claim generality, every placement
//! of the pattern on the board.
//!
//! Loading is strict like the scenario format: unknown keys, bad squares
//! and bad ranks are errors that name file, line and column.

use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::rules::yaml::{yaml_loc, yaml_message};
use crate::rules::{Loc, RuleProfile, ScenarioParts};

use super::army::Army;
use super::game::Stratego;
use super::piece::{Color, Piece, Rank};
use super::position::Setup;
use super::profile::Profile;
use super::scenario::SetupSpec;
use super::square::Square;

/// A claim file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimFile {
    /// `stratego`.
    pub game: Spanned<String>,
    /// The claim's id; decisive-line scenarios are named after it.
    pub id: Spanned<String>,
    /// One line saying what is claimed.
    pub title: String,
    /// Seed file, example and the sentence, quoted.
    pub source: String,
    /// How the sentence is read: what exactly the search decides.
    pub reading: String,
    /// Spec clauses the decisive-line scenarios cite.
    pub clauses: Vec<Spanned<String>>,
    /// Profiles to decide the claim under.
    pub profiles: Vec<Spanned<String>>,
    /// The position, as a scenario's `setup:`.
    pub setup: SetupSpec,
    /// Squares whose pieces stand for "moving another piece" (each side's
    /// tempo piece and the pocket around it): they stay where they are
    /// when the pattern is moved about the board.
    #[serde(default)]
    pub fixed: Vec<Spanned<String>>,
    /// `single` (default): the position as written; `all`: every
    /// placement of the pattern (the pieces not `fixed`) under the board's
    /// translations, turns and mirror images that fits (see claims.md).
    #[serde(default)]
    pub placements: Placements,
    /// What is claimed.
    pub claim: GoalSpec,
    /// Per profile: whether the claim is expected to hold (`holds`) or to
    /// fail (`fails`); `arbiter prove` exits 1 when a verdict differs.
    pub expect: crate::rules::yaml::Entries<Spanned<Expect>>,
    /// Free text.
    #[serde(default)]
    pub notes: Option<String>,
}

/// Which placements a claim covers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placements {
    /// The position as written.
    #[default]
    Single,
    /// Every translation, turn and mirror image of the pattern that fits.
    All,
}

/// A claim's expectation under one profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// The claim is true.
    Holds,
    /// The claim is false (a finding: the counter-example is written).
    Fails,
}

/// `claim:` as written: exactly one of `lost` and `safe`, and `within`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalSpec {
    /// The piece on this square is lost within `within` plies, whatever
    /// its side does.
    #[serde(default)]
    pub lost: Option<Spanned<String>>,
    /// The piece on this square is not lost within `within` plies, whatever
    /// the other side does.
    #[serde(default)]
    pub safe: Option<Spanned<String>>,
    /// The ply budget.
    pub within: Spanned<u32>,
}

/// What a claim asserts about its target piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The opponent forces its capture.
    Lost,
    /// The opponent cannot force its capture.
    Safe,
}

/// A loaded claim.
#[derive(Clone, Debug)]
pub struct Claim {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its source.
    pub source: String,
    /// Its reading.
    pub reading: String,
    /// Clauses for the scenarios.
    pub clauses: Vec<String>,
    /// Profiles, each with its expectation.
    pub profiles: Vec<(Profile, Expect)>,
    /// The placements to decide, the position as written first.
    pub placements: Vec<Placement>,
    /// Lost or safe.
    pub kind: Kind,
    /// Ply budget.
    pub within: u32,
}

/// One position a claim is decided in.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The setup.
    pub setup: Setup,
    /// The target piece's square.
    pub target: Square,
    /// How it was obtained from the written position (`as written`,
    /// `turn 1, mirror, shift +2 files −1 ranks`, …).
    pub how: String,
}

/// A load error with its place.
#[derive(Clone, Debug)]
pub struct ClaimError {
    /// Where.
    pub at: Loc,
    /// What.
    pub message: String,
}

fn err(at: Loc, message: impl Into<String>) -> ClaimError {
    ClaimError {
        at,
        message: message.into(),
    }
}

/// Reads and checks a claim file; errors carry line and column.
pub fn parse(text: &str) -> Result<Claim, ClaimError> {
    let file: ClaimFile =
        serde_saphyr::from_str(text).map_err(|e| err(yaml_loc(&e), yaml_message(&e, text)))?;
    if file.game.value != "stratego" {
        return Err(err(
            Loc::from(&file.game),
            format!("expected `game: stratego`, found `{}`", file.game.value),
        ));
    }
    if !crate::rules::yaml::is_scenario_id(&file.id.value) {
        return Err(err(
            Loc::from(&file.id),
            format!(
                "`{}` is not an id: lower-case letters, digits, `-` and `/`",
                file.id.value
            ),
        ));
    }
    let setup = Stratego::setup_from_spec(&file.setup).map_err(|l| err(l.at, l.message))?;
    let mut profiles = Vec::new();
    for p in &file.profiles {
        let profile =
            <Profile as RuleProfile>::parse(&p.value).map_err(|m| err(Loc::from(p), m))?;
        let expect = file
            .expect
            .0
            .iter()
            .find(|(k, _)| k.value == p.value)
            .map(|(_, v)| v.value)
            .ok_or_else(|| {
                err(
                    Loc::from(p),
                    format!(
                        "no `expect` for profile `{}`: say `holds` or `fails`",
                        p.value
                    ),
                )
            })?;
        profiles.push((profile, expect));
    }
    for (k, _) in &file.expect.0 {
        if !file.profiles.iter().any(|p| p.value == k.value) {
            return Err(err(
                Loc::from(k),
                format!(
                    "`expect` names `{}`, which `profiles` does not list",
                    k.value
                ),
            ));
        }
    }
    let (kind, target) = match (&file.claim.lost, &file.claim.safe) {
        (Some(sq), None) => (Kind::Lost, sq),
        (None, Some(sq)) => (Kind::Safe, sq),
        _ => {
            return Err(err(
                Loc::from(&file.claim.within),
                "a claim says exactly one of `lost: SQUARE` and `safe: SQUARE`",
            ));
        }
    };
    let square = |s: &Spanned<String>| -> Result<Square, ClaimError> {
        s.value
            .parse::<Square>()
            .map_err(|e| err(Loc::from(s), e.to_string()))
    };
    let target_sq = square(target)?;
    let Some((_, target_piece)) = setup.pieces.iter().find(|(s, _)| *s == target_sq) else {
        return Err(err(
            Loc::from(target),
            format!("no piece stands on {target_sq}"),
        ));
    };
    if !target_piece.rank.is_movable() {
        return Err(err(
            Loc::from(target),
            format!("the {} on {target_sq} never moves", target_piece.rank),
        ));
    }
    let mut fixed = BTreeSet::new();
    for f in &file.fixed {
        let sq = square(f)?;
        if !setup.geometry.contains(sq) {
            return Err(err(Loc::from(f), format!("{sq} is not on the board")));
        }
        if sq == target_sq {
            return Err(err(Loc::from(f), "the target piece cannot be fixed"));
        }
        fixed.insert(sq);
    }
    let within = file.claim.within.value;
    if within == 0 || within > 64 {
        return Err(err(
            Loc::from(&file.claim.within),
            "`within` is a ply budget from 1 to 64",
        ));
    }
    let written = Placement {
        setup: setup.clone(),
        target: target_sq,
        how: "as written".into(),
    };
    let placements = match file.placements {
        Placements::Single => vec![written],
        Placements::All => all_placements(&setup, target_sq, &fixed),
    };
    Ok(Claim {
        id: file.id.value,
        title: file.title,
        source: file.source,
        reading: file.reading,
        clauses: file.clauses.into_iter().map(|c| c.value).collect(),
        profiles,
        placements,
        kind,
        within,
    })
}

/// The eight symmetries of the square grid as (turns, mirror).
fn transform(sq: (i32, i32), turns: u8, mirror: bool) -> (i32, i32) {
    let (mut f, mut r) = sq;
    if mirror {
        f = -f;
    }
    for _ in 0..turns {
        (f, r) = (r, -f);
    }
    (f, r)
}

/// Every placement of the pattern (the pieces not on `fixed` squares)
/// that fits: each of the eight symmetries, shifted to every offset, with
/// every movable piece and every non-bomb on a free board square, no
/// pattern square on or next to a fixed square, and the pattern's bombs
/// (its walls) dropped where they fall off the board or into a lake,
/// whose edge or water blocks the same squares. The written position comes
/// first; placements that give the same setup are kept once.
pub fn all_placements(setup: &Setup, target: Square, fixed: &BTreeSet<Square>) -> Vec<Placement> {
    let g = &setup.geometry;
    let pattern: Vec<(usize, Square, Piece)> = setup
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| !fixed.contains(s))
        .map(|(i, (s, p))| (i, *s, *p))
        .collect();
    let near_fixed = |s: Square| {
        fixed.iter().any(|f| {
            f.distance(s) <= 1 || (f.file.abs_diff(s.file) == 1 && f.rank.abs_diff(s.rank) == 1)
        })
    };
    let mut seen: BTreeSet<Vec<(usize, Square)>> = BTreeSet::new();
    let mut out = Vec::new();
    let n = i32::from(g.files.max(g.ranks));
    for mirror in [false, true] {
        for turns in 0..4u8 {
            for df in -2 * n..=2 * n {
                for dr in -2 * n..=2 * n {
                    let place = |s: Square| {
                        let (f, r) =
                            transform((i32::from(s.file), i32::from(s.rank)), turns, mirror);
                        (f + df, r + dr)
                    };
                    let on_board = |(f, r): (i32, i32)| {
                        (0..i32::from(g.files)).contains(&f) && (0..i32::from(g.ranks)).contains(&r)
                    };
                    let mut placed: Vec<(usize, Square)> = Vec::new();
                    let mut ok = true;
                    for &(i, s, p) in &pattern {
                        let t = place(s);
                        let sq = on_board(t).then(|| Square::new(t.0 as u8, t.1 as u8));
                        let free = sq.is_some_and(|q| !g.is_lake(q) && !near_fixed(q));
                        if p.rank == Rank::Bomb {
                            match sq {
                                None => continue,
                                Some(q) if g.is_lake(q) => continue,
                                Some(q) if near_fixed(q) => {
                                    ok = false;
                                    break;
                                }
                                Some(q) => placed.push((i, q)),
                            }
                        } else if free {
                            placed.push((i, sq.expect("free squares are on the board")));
                        } else {
                            ok = false;
                            break;
                        }
                    }
                    if !ok || !seen.insert(placed.clone()) {
                        continue;
                    }
                    let t = place(target);
                    let target_at = Square::new(t.0 as u8, t.1 as u8);
                    let mut pieces: Vec<(Square, Piece)> = Vec::new();
                    for (i, (s, p)) in setup.pieces.iter().enumerate() {
                        if fixed.contains(s) {
                            pieces.push((*s, *p));
                        } else if let Some((_, q)) = placed.iter().find(|(j, _)| *j == i) {
                            pieces.push((*q, *p));
                        }
                    }
                    let candidate = Setup {
                        geometry: g.clone(),
                        army: setup.army,
                        pieces,
                        to_move: setup.to_move,
                    };
                    if candidate.validate().is_err() {
                        continue;
                    }
                    let identity = turns == 0 && !mirror && df == 0 && dr == 0;
                    let how = if identity {
                        "as written".to_string()
                    } else {
                        format!(
                            "{}{}, shifted {df:+} files {dr:+} ranks",
                            ["", "turned 90°", "turned 180°", "turned 270°"][turns as usize],
                            if mirror {
                                if turns == 0 {
                                    "mirrored"
                                } else {
                                    " and mirrored"
                                }
                            } else {
                                ""
                            },
                        )
                    };
                    let p = Placement {
                        setup: candidate,
                        target: target_at,
                        how,
                    };
                    if identity {
                        out.insert(0, p);
                    } else {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The army a setup needs: for each rank, the most pieces of it either
/// side has (for placements that drop bombs this may be less than the
/// written army, which stays valid).
pub fn army_of(setup: &Setup) -> Army {
    let mut counts = [0u8; Rank::ALL.len()];
    for color in [Color::Red, Color::Blue] {
        let mut mine = [0u8; Rank::ALL.len()];
        for (_, p) in setup.pieces.iter().filter(|(_, p)| p.color == color) {
            mine[p.rank as usize] += 1;
        }
        for (c, m) in counts.iter_mut().zip(mine) {
            *c = (*c).max(m);
        }
    }
    Army::custom(Rank::ALL.iter().map(|&r| (r, counts[r as usize])))
}

/// A claim file's path and an error, as one message.
pub fn located(path: &Path, e: &ClaimError) -> String {
    format!(
        "{}:{}:{}: {}",
        path.display(),
        e.at.line,
        e.at.column,
        e.message
    )
}
