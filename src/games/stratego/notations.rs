//! Which notations and record formats Stratego's players use, and where
//! each is read: Gravon's moves and `.gsn` records in `notation.rs`,
//! Gravon's XML records in `notation_xml.rs`. The dispatch stands apart from
//! both so that neither reader imports the other (the XML reader borrows
//! the Gravon helpers of `notation.rs`; this file calls both).

use super::game::{DrawReason, Outcome, Stratego, WinReason};
use super::moves::Move;
use super::notation::{
    GSN_HEADER, MOVE_CLAUSE, at, ending_name, gravon_square, parse_result, read_gravon_move,
    read_gsn_game,
};
use crate::rules::notation::{Misread, NotationInfo, Record, RecordFormat};
use crate::rules::{Game, Located, Notation};

impl Notation for Stratego {
    const NOTATIONS: &'static [NotationInfo] = &[NotationInfo {
        name: "gravon",
        title: "Gravon's moves: two two-character squares, the tenth rank written 0 (A4-A5, J0-J9)",
        clause: MOVE_CLAUSE,
    }];
    const RECORD_FORMATS: &'static [RecordFormat] = &[
        RecordFormat {
            name: "gsn",
            extensions: &["gsn"],
            notation: "gravon",
            clause: "ST-N.2.1",
        },
        RecordFormat {
            name: "gravon-xml",
            extensions: &["xml"],
            notation: "gravon",
            clause: "ST-N.3.1",
        },
    ];

    /// The one notation, `gravon`.
    fn read_notation(
        _gravon: &'static str,
        _game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Move>, Misread<Self>> {
        // Both squares are named: the move is the one action they name,
        // and the game's judge says whether it is legal here.
        read_gravon_move(text)
            .map(|m| vec![m])
            .map_err(|why| Misread::notation(MOVE_CLAUSE, why))
    }

    fn write_notation(_gravon: &str, _game: &dyn Game<Self>, action: &Move) -> Option<String> {
        Some(format!(
            "{}-{}",
            gravon_square(action.from),
            gravon_square(action.to)
        ))
    }

    fn read_format(format: &'static str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        if format == "gravon-xml" {
            return super::notation_xml::read(text);
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().collect();
        // A game starts at each header line; what comes before the first
        // header (other than blank lines) is an error of its own.
        let starts: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.trim_start().starts_with(GSN_HEADER))
            .map(|(i, _)| i)
            .collect();
        let mut out = Vec::new();
        let first = starts.first().copied().unwrap_or(lines.len());
        if let Some(i) = (0..first).find(|&i| !lines[i].trim().is_empty()) {
            out.push(Err(at(
                i,
                1,
                format!("expected the header `{GSN_HEADER}1` (or v2) (ST-N.2.1)"),
            )));
        }
        for (k, &s) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(lines.len());
            out.push(read_gsn_game(&lines, s, end));
        }
        if out.is_empty() {
            out.push(Err(at(0, 1, "the file holds no game (ST-N.2.1)".into())));
        }
        out
    }

    fn record_profile(_record: &Record<Self>) -> Option<&'static str> {
        // Gravon's records were played on Gravon's server.
        Some("gravon")
    }

    fn check_result(
        claimed: &str,
        _record: &Record<Self>,
        game: &dyn Game<Self>,
    ) -> Option<String> {
        let (ending, winner) = match parse_result(claimed) {
            Ok(p) => p,
            Err(why) => return Some(why),
        };
        let outcome = game.outcome();
        let named = |w: u8| match w {
            0 => "red wins",
            1 => "blue wins",
            _ => "a draw",
        };
        let over_by_rules = |o: Outcome| -> Option<(u8, &'static str)> {
            match o {
                Outcome::Ongoing => None,
                Outcome::RedWins(r) => Some((0, r.clause())),
                Outcome::BlueWins(r) => Some((1, r.clause())),
                Outcome::Draw(r) => Some((2, r.clause())),
            }
        };
        let ending_name = ending_name(ending);
        match ending {
            // The endings the rules decide: the outcome must be that one.
            0..=2 => {
                let wanted = match (ending, winner) {
                    (1, 0) => Outcome::RedWins(WinReason::FlagCaptured),
                    (1, 1) => Outcome::BlueWins(WinReason::FlagCaptured),
                    (0, 0) => Outcome::RedWins(WinReason::NoLegalMove),
                    (0, 1) => Outcome::BlueWins(WinReason::NoLegalMove),
                    (2, 2) => Outcome::Draw(DrawReason::NeitherCanMove),
                    _ => {
                        return Some(format!(
                            "ending {ending} ({ending_name}) with winner {winner} ({}) is no result the rules give (ST-N.2.4)",
                            named(winner)
                        ));
                    }
                };
                if outcome == wanted {
                    None
                } else {
                    let actual = match over_by_rules(outcome) {
                        None => "the game is not over by the rules".to_string(),
                        Some((w, clause)) => format!("the rules say {} ({clause})", named(w)),
                    };
                    Some(format!(
                        "the record claims {ending_name}, {} ({}), but after its last move {actual} (ST-N.2.4)",
                        named(winner),
                        wanted.clause().unwrap_or("")
                    ))
                }
            }
            // Forfeits, agreed ties, clocks and absences: the rules allow
            // them in any position they do not end.
            _ => {
                if ending == 4 && winner != 2 {
                    return Some(format!(
                        "ending 4 (tie agreed) names winner {winner} ({}): a tie has winner 2 (ST-N.2.4)",
                        named(winner)
                    ));
                }
                over_by_rules(outcome).map(|(w, clause)| {
                    format!(
                        "the record claims {ending_name}, {}, but the rules had already ended the game: {} ({clause}) (ST-N.2.4)",
                        named(winner),
                        named(w)
                    )
                })
            }
        }
    }
}
