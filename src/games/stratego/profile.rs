//! Rule profiles: a named set of switches, one per point on which rule texts
//! and implementations disagree. See `spec/stratego/profiles.md`.
//!
//! Profiles are plain data so the ambiguity catalogue can add a switch
//! without touching the shape of the interpreter, and so the protocol can
//! spell every value out for a third-party engine.

use serde::{Deserialize, Serialize};

/// How a scout's move is counted by the two-squares rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ScoutCounting {
    /// ISF 10.2 as explained by seed 000 example 5: every boundary line the
    /// scout crosses is counted (TS-5).
    Boundaries,
    /// No scout provision (Jumbo): only the start and end squares count, so a
    /// scout continues a sequence only by exactly reversing its last move.
    EndSquares,
    /// The span reading of some engines (Jeimel/stratego): the path of the
    /// move that started the sequence is fixed as its span, and any later
    /// move of the piece that stays inside the span continues the sequence
    /// (spec/stratego/ambiguities.md).
    Span,
}

/// Switches of the two-squares rule (ISF article 10).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct TwoSquaresSwitches {
    /// Whether the rule applies at all.
    pub enabled: bool,
    /// How many moves non-stop over the same boundary are allowed (TS-4.1).
    pub limit: u32,
    /// How scout moves are counted (TS-5).
    pub scouts: ScoutCounting,
    /// Whether a move of another piece erases the player's count (TS-2.3).
    /// `false` keeps one count per piece across other pieces' moves.
    pub other_piece_erases: bool,
    /// Whether a sequence belongs to a piece (TS-2.1). `false` is the
    /// squares-only reading: any piece of the player that re-crosses the last
    /// move's boundary continues the count (ambiguity AM-3).
    pub per_piece: bool,
    /// Whether attacks count like other moves (TS-3.2). `false` makes an
    /// attack exempt from the rule and resets the attacker's count.
    pub attacks_count: bool,
}

/// Switches of the more-squares rule (ISF article 11).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MoreSquaresSwitches {
    /// Whether the rule applies at all.
    pub enabled: bool,
}

/// A complete rule profile.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Profile {
    /// The profile's name (`isf`, `modern-3`, …).
    pub name: String,
    /// Two-squares rule switches.
    pub two_squares: TwoSquaresSwitches,
    /// More-squares rule switches.
    pub more_squares: MoreSquaresSwitches,
}

impl Profile {
    /// The default: ISF articles 10 and 11 as the seed pages explain them.
    pub fn isf() -> Self {
        Profile {
            name: "isf".into(),
            two_squares: TwoSquaresSwitches {
                enabled: true,
                limit: 5,
                scouts: ScoutCounting::Boundaries,
                other_piece_erases: true,
                per_piece: true,
                attacks_count: true,
            },
            more_squares: MoreSquaresSwitches { enabled: true },
        }
    }

    /// The Jumbo (Hasbro) original: five moves, no scout provision, no
    /// more-squares rule.
    pub fn jumbo_original() -> Self {
        Profile {
            name: "jumbo-original".into(),
            two_squares: TwoSquaresSwitches {
                enabled: true,
                limit: 5,
                scouts: ScoutCounting::EndSquares,
                other_piece_erases: true,
                per_piece: true,
                attacks_count: true,
            },
            more_squares: MoreSquaresSwitches { enabled: false },
        }
    }

    /// "Three moves on two squares", the limit most platforms and engines use
    /// today (see `spec/stratego/profiles.md` for sources).
    pub fn modern_3() -> Self {
        Profile {
            name: "modern-3".into(),
            two_squares: TwoSquaresSwitches {
                enabled: true,
                limit: 3,
                scouts: ScoutCounting::Boundaries,
                other_piece_erases: true,
                per_piece: true,
                attacks_count: true,
            },
            more_squares: MoreSquaresSwitches { enabled: true },
        }
    }

    /// Rules of play only: no anti-repetition rule at all.
    pub fn play_only() -> Self {
        Profile {
            name: "play-only".into(),
            two_squares: TwoSquaresSwitches {
                enabled: false,
                limit: 5,
                scouts: ScoutCounting::Boundaries,
                other_piece_erases: true,
                per_piece: true,
                attacks_count: true,
            },
            more_squares: MoreSquaresSwitches { enabled: false },
        }
    }

    /// Names of the built-in profiles.
    pub const NAMES: &'static [&'static str] = &["isf", "jumbo-original", "modern-3", "play-only"];

    /// Looks up a built-in profile.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "isf" => Some(Self::isf()),
            "jumbo-original" => Some(Self::jumbo_original()),
            "modern-3" => Some(Self::modern_3()),
            "play-only" => Some(Self::play_only()),
            _ => None,
        }
    }
}

impl Default for Profile {
    fn default() -> Self {
        Self::isf()
    }
}
