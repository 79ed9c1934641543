//! Rule profiles: a named set of switches, one per point on which rule texts
//! and implementations disagree. See `spec/stratego/profiles.md`.
//!
//! Profiles are plain data so the ambiguity catalogue can add a switch
//! without touching the shape of the interpreter, and so the protocol can
//! spell every value out for a third-party engine.

use serde::{Deserialize, Serialize};

use crate::rules::SwitchInfo;

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
    /// How many moves non-stop over the same boundary are allowed (TS-4.1):
    /// at least 1. Read from a scenario's profile override or a protocol
    /// request, 0 is refused.
    #[serde(deserialize_with = "at_least_one")]
    #[schemars(range(min = 1))]
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

/// Reads the two-squares limit, refusing 0: a sequence starts with its first
/// move, so no limit below 1 is a reading of the rule.
fn at_least_one<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n == 0 {
        return Err(serde::de::Error::custom(
            "`limit` must be at least 1: it is how many moves in a row over one boundary are allowed, and a sequence starts with its first move",
        ));
    }
    Ok(n)
}

/// Which threats make a move a chasing move (MS-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChaseTarget {
    /// ISF 11.3 and Gravon's definition list: the move must threaten a piece
    /// that has evaded during the chase (MS-5.1).
    Evaded,
    /// Gravon's "simpler" paragraph (seed 002): any opponent piece threatened
    /// while the chase is on will do (MS-5.2).
    Any,
}

/// Which earlier positions a chasing move may not recreate (MS-6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PositionWindow {
    /// Every position since the last fight (seed 002, last remark).
    SinceLastFight,
    /// Only positions since the current chase began (Ataraxos).
    CurrentChase,
    /// Every position of the game. With full-board positions this cannot
    /// differ from `since-last-fight` (MS-6.5); kept as a named reading.
    WholeGame,
}

/// What tells two positions apart (MS-6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PositionKey {
    /// Colour and rank on every square: two equal pieces that swap squares
    /// leave the position unchanged.
    Ranks,
    /// The identity of every piece on every square.
    Pieces,
    /// Only the squares the move is about: the square the moving piece ends
    /// on and the squares of the opponent pieces it threatens, with what
    /// stands on them (our model of Smurflurf/Stratego's (chased, chaser)
    /// square pair). Everything else on the board is ignored.
    ChaseSquares,
}

/// Which returning moves the exception (MS-8) lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChaseException {
    /// ISF 11.2: the piece the player moved on their directly preceding turn
    /// goes back to the square it came from.
    Reversal,
    /// No exception at all (used to show what the exception does).
    None,
    /// Any piece of the player may move onto the square that the piece moved
    /// on the player's directly preceding turn came from (Jeimel/stratego's
    /// square-based check).
    Square,
    /// The moving piece goes back to the square it came from on its own most
    /// recent move, even if other pieces of the player have moved since.
    PieceReturn,
}

/// Which pieces a move threatens with (MS-2.2, MS-2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ScoutThreat {
    /// A scout threatens only the pieces next to it, like any piece
    /// (MS-2.2, seed 002).
    Adjacent,
    /// A scout also threatens every opponent piece it could attack with its
    /// next move: the first piece in each direction of its file and rank,
    /// reached over empty squares and no lake (braathwaate's comment).
    InLine,
}

/// Whose threats a move makes (MS-2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ThreatBy {
    /// Only the piece that moved threatens (MS-2.3).
    Mover,
    /// The moving piece's threats, plus every threat another piece of the
    /// player makes after the move that it did not make before it: a threat
    /// uncovered by the move (braathwaate's "uncovering").
    Discovered,
    /// Every threat that any piece of the player makes once the move is
    /// played, standing threats included.
    AnyPiece,
}

/// Which threats keep a chase going (MS-4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChaseKeptBy {
    /// Any threat made while the chase is on (MS-4.1).
    AnyThreat,
    /// Only a threat on a piece that has evaded during the chase; any other
    /// move of the chaser ends the chase (and a threat may open a new one).
    EvadedThreat,
}

/// When the prohibition (MS-7) starts to bite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChaseThreshold {
    /// From the first chasing move (ISF 11; MS-9.1 treats seed 001's
    /// threshold as a description).
    None,
    /// Only once the mover's chase, this move included, has found opponent
    /// pieces on more than two distinct squares (seed 001's "damit die MFR
    /// in Kraft tritt" read as a condition).
    MoreThanTwoSquares,
}

/// Which moves the prohibition (MS-7) applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Prohibits {
    /// Chasing moves only (MS-7.1, MS-7.2).
    ChasingMoves,
    /// Every move of either player, chasing or not (da-luce `engine.cpp`, a
    /// plain "no repetition" rule with the same exception).
    EveryMove,
}

/// Switches of the more-squares rule (ISF article 11). See
/// `spec/stratego/more-squares.md` for the clause each switch belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct MoreSquaresSwitches {
    /// Whether the rule applies at all.
    pub enabled: bool,
    /// Which threats make a chasing move (MS-5).
    pub target: ChaseTarget,
    /// Which earlier positions count (MS-6.3).
    pub window: PositionWindow,
    /// What a position is (MS-6.1).
    pub position: PositionKey,
    /// Whether the side to move is part of a position (MS-6.2).
    pub side_to_move: bool,
    /// The exception for returning moves (MS-8).
    pub exception: ChaseException,
    /// Whether a scout threatens along its lines (MS-2.2).
    pub scout_threat: ScoutThreat,
    /// Whose threats a move makes (MS-2.3).
    pub threat_by: ThreatBy,
    /// Whether an attack by a threatened piece evades (MS-3.2). `false`:
    /// an attack never evades.
    pub evade_by_attack: bool,
    /// Whether every fight ends both players' chases (MS-4.4). `false`: a
    /// fight ends nothing by itself.
    pub fight_ends_chase: bool,
    /// Which threats keep a chase going (MS-4.1).
    pub kept_by: ChaseKeptBy,
    /// Which moves the prohibition applies to (MS-7).
    pub prohibits: Prohibits,
    /// When the prohibition starts to bite (MS-9.1).
    pub threshold: ChaseThreshold,
    /// Whether the exception also lets through a return that the two-squares
    /// rule forbids (MS-1.2). `false` in every profile: ISF 11.2 grants it
    /// only "as long as" the two-squares rule is kept. `true` is a plain bug
    /// (the exception checked before, and instead of, the two-squares rule).
    pub exception_overrides_two_squares: bool,
}

impl MoreSquaresSwitches {
    /// The ISF reading (MS-*): the rule on, ISF definitions, Gravon's
    /// answers where the ISF text is silent.
    pub fn isf() -> Self {
        MoreSquaresSwitches {
            enabled: true,
            target: ChaseTarget::Evaded,
            window: PositionWindow::SinceLastFight,
            position: PositionKey::Ranks,
            side_to_move: false,
            exception: ChaseException::Reversal,
            scout_threat: ScoutThreat::Adjacent,
            threat_by: ThreatBy::Mover,
            evade_by_attack: false,
            fight_ends_chase: false,
            kept_by: ChaseKeptBy::AnyThreat,
            prohibits: Prohibits::ChasingMoves,
            threshold: ChaseThreshold::None,
            exception_overrides_two_squares: false,
        }
    }

    /// The rule switched off; the other switches keep their ISF values.
    pub fn off() -> Self {
        MoreSquaresSwitches {
            enabled: false,
            ..Self::isf()
        }
    }
}

/// Deliberate departures from the rules that no source reads: each is a
/// plain bug the kill matrix plays (`src/games/stratego/mutants.rs`), an end
/// condition tested in the wrong order (`spec/stratego/endings.md`). Every
/// named profile has them all off, and they are never on the wire (nor can
/// a scenario's `+switch=value` set them).
#[derive(
    Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Faults {
    /// RP-6.4 turned round: when the player to move has no piece the rules
    /// of play let move, RP-6.2 and RP-6.3 decide even after a flag capture.
    pub no_moves_before_flag: bool,
    /// RP-6.2 applied to the player who has just moved: left without a
    /// piece the rules of play let move, they lose at once, before the
    /// opponent's turn is judged.
    pub mover_immobile_loses_at_once: bool,
    /// RP-6.3 asked about the opponent only: a player with no legal move
    /// draws when the opponent has no piece the rules of play let move,
    /// even if the player's own pieces are only bound by a repetition rule.
    pub draw_if_opponent_immobile: bool,
    /// RP-6.2 without RP-6.3: a player with no legal move loses even when
    /// neither player has a piece the rules of play let move.
    pub no_draw: bool,
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
    /// Faults for the mutants (all off in every named profile).
    #[serde(default, skip_serializing_if = "crate::rules::overrides::is_default")]
    pub faults: Faults,
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
            more_squares: MoreSquaresSwitches::isf(),
            faults: Faults::default(),
        }
    }

    /// The Jumbo (Hasbro) original: five moves, no scout provision, no
    /// more-squares rule.
    pub fn jumbo_original() -> Self {
        let isf = Self::isf();
        Profile {
            name: "jumbo-original".into(),
            two_squares: TwoSquaresSwitches {
                scouts: ScoutCounting::EndSquares,
                ..isf.two_squares
            },
            more_squares: MoreSquaresSwitches::off(),
            ..isf
        }
    }

    /// "Three moves on two squares", the limit most platforms and engines use
    /// today (see `spec/stratego/profiles.md` for sources).
    pub fn modern_3() -> Self {
        let isf = Self::isf();
        Profile {
            name: "modern-3".into(),
            two_squares: TwoSquaresSwitches {
                limit: 3,
                ..isf.two_squares
            },
            ..isf
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
            more_squares: MoreSquaresSwitches::off(),
            faults: Faults::default(),
        }
    }

    /// Gravon's server (seed 002): ISF, except that a chasing move may
    /// threaten any opponent piece, as Gravon's "simpler" paragraph says
    /// (MS-5.2).
    pub fn gravon() -> Self {
        Profile {
            name: "gravon".into(),
            more_squares: MoreSquaresSwitches {
                target: ChaseTarget::Any,
                ..MoreSquaresSwitches::isf()
            },
            ..Self::isf()
        }
    }

    /// Looks up a profile by name; see [`Profile::parse`].
    pub fn named(name: &str) -> Option<Self> {
        Self::parse(name).ok()
    }
}

crate::rule_profile!(Profile, switches: SWITCHES, names: {
    "isf" => isf,
    "gravon" => gravon,
    "jumbo-original" => jumbo_original,
    "modern-3" => modern_3,
    "play-only" => play_only,
});

/// What each switch is about (`arbiter profiles`): clause, ambiguity entry,
/// meaning, as `profiles.md` and `ambiguities.md` give them.
pub const SWITCHES: &[SwitchInfo] = &[
    SwitchInfo {
        switch: "two-squares.enabled",
        clause: Some("TS-4.1"),
        ambiguity: None,
        description: "the two-squares rule applies at all",
    },
    SwitchInfo {
        switch: "two-squares.limit",
        clause: Some("TS-1.1, TS-4.1"),
        ambiguity: Some("AM-1"),
        description: "how many moves non-stop over the same line are allowed; the next one is illegal",
    },
    SwitchInfo {
        switch: "two-squares.scouts",
        clause: Some("TS-5.1, TS-5.2"),
        ambiguity: Some("AM-5"),
        description: "how a scout's move is counted: every line of its path, its end squares, or its span",
    },
    SwitchInfo {
        switch: "two-squares.other-piece-erases",
        clause: Some("TS-2.3"),
        ambiguity: Some("AM-2"),
        description: "a move of another piece erases the player's count",
    },
    SwitchInfo {
        switch: "two-squares.per-piece",
        clause: Some("TS-2.1"),
        ambiguity: Some("AM-3"),
        description: "the count belongs to the piece (false: to the squares)",
    },
    SwitchInfo {
        switch: "two-squares.attacks-count",
        clause: Some("TS-3.2"),
        ambiguity: Some("AM-4"),
        description: "an attack counts like any other move",
    },
    SwitchInfo {
        switch: "more-squares.enabled",
        clause: Some("MS-1.1"),
        ambiguity: None,
        description: "the more-squares rule (ISF article 11) applies",
    },
    SwitchInfo {
        switch: "more-squares.target",
        clause: Some("MS-5"),
        ambiguity: Some("AM-8"),
        description: "which threats are chasing moves",
    },
    SwitchInfo {
        switch: "more-squares.window",
        clause: Some("MS-6.3"),
        ambiguity: Some("AM-10"),
        description: "which earlier positions count",
    },
    SwitchInfo {
        switch: "more-squares.position",
        clause: Some("MS-6.1"),
        ambiguity: Some("AM-15"),
        description: "what a position is",
    },
    SwitchInfo {
        switch: "more-squares.side-to-move",
        clause: Some("MS-6.2"),
        ambiguity: Some("AM-15"),
        description: "whose turn it is is part of a position",
    },
    SwitchInfo {
        switch: "more-squares.exception",
        clause: Some("MS-8"),
        ambiguity: Some("AM-11"),
        description: "which returning moves are excepted from the prohibition",
    },
    SwitchInfo {
        switch: "more-squares.scout-threat",
        clause: Some("MS-2.2"),
        ambiguity: Some("AM-14"),
        description: "whether a scout threatens along its lines, or only next to it",
    },
    SwitchInfo {
        switch: "more-squares.threat-by",
        clause: Some("MS-2.3"),
        ambiguity: Some("AM-16"),
        description: "whose threats a move makes: the mover's, also those it uncovers, or every standing one",
    },
    SwitchInfo {
        switch: "more-squares.evade-by-attack",
        clause: Some("MS-3.2"),
        ambiguity: Some("AM-13"),
        description: "a threatened piece that attacks evades",
    },
    SwitchInfo {
        switch: "more-squares.fight-ends-chase",
        clause: Some("MS-4.4"),
        ambiguity: Some("AM-12"),
        description: "every attack ends both players' chases",
    },
    SwitchInfo {
        switch: "more-squares.kept-by",
        clause: Some("MS-4.1"),
        ambiguity: Some("AM-9"),
        description: "which threats keep a chase going",
    },
    SwitchInfo {
        switch: "more-squares.prohibits",
        clause: Some("MS-7"),
        ambiguity: Some("AM-17"),
        description: "which moves may not recreate a position",
    },
    SwitchInfo {
        switch: "more-squares.threshold",
        clause: Some("MS-9.1"),
        ambiguity: Some("AM-20"),
        description: "when the prohibition starts to bite",
    },
    SwitchInfo {
        switch: "more-squares.exception-overrides-two-squares",
        clause: Some("MS-1.2"),
        ambiguity: Some("AM-19"),
        description: "the exception lets a return through that the two-squares rule forbids (a bug; false everywhere)",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_one_switch_and_keep_the_name() {
        let p = Profile::parse("isf+more-squares.exception=none").unwrap();
        assert_eq!(p.more_squares.exception, ChaseException::None);
        assert_eq!(p.name, "isf+more-squares.exception=none");
        assert_eq!(p.two_squares, Profile::isf().two_squares);
        let q =
            Profile::parse("gravon+two-squares.limit=3+more-squares.side-to-move=true").unwrap();
        assert_eq!(q.two_squares.limit, 3);
        assert!(q.more_squares.side_to_move);
        assert_eq!(q.more_squares.target, ChaseTarget::Any);
    }

    #[test]
    fn bad_overrides_are_errors() {
        for bad in [
            "nope",
            "isf+",
            "isf+more-squares",
            "isf+more-squares.exception",
            "isf+less-squares.exception=none",
            "isf+more-squares.excepton=none",
            "isf+more-squares.exception=sometimes",
            "isf+two-squares.limit=-1",
            "isf+two-squares.limit=0",
        ] {
            assert!(Profile::parse(bad).is_err(), "{bad} should be refused");
        }
    }
}
