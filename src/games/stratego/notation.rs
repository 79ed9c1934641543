//! The notations of Stratego's players and records (`spec/stratego/notation.md`):
//! Gravon's two-character squares (`gravon`) and its `.gsn` game records.
//!
//! A Gravon move names its two squares, as the wire does, so a move reads
//! as exactly one action and the game's own judge says whether it is legal;
//! nothing here knows a rule of play. The `.gsn` reader turns Gravon's
//! 100-letter field line into a [`Setup`] and its move lines into
//! [`RecordMove`]s; [`Notation::check_result`] compares the ending and the
//! winner a record claims with the outcome the rules reach.

use super::army::Army;
use super::game::Stratego;
use super::geometry::Geometry;
use super::moves::Move;
use super::piece::{Color, Piece, Rank};
use super::position::Setup;
use super::square::Square;
use crate::rules::notation::{Record, RecordMove};
use crate::rules::{Loc, Located, located};

/// The clause that defines Gravon's squares and moves.
pub(super) const MOVE_CLAUSE: &str = "ST-N.1.1";

/// The header every `.gsn` game opens with, before its version digit.
pub(super) const GSN_HEADER: &str = "#X38FA11 Stratego-Notation v";

/// The field letters after `A` (an empty square), in Gravon's order: bomb,
/// the ranks from marshal (1) to scout (9), spy, flag; red's then blue's.
const FIELD_RANKS: [Rank; 12] = [
    Rank::Bomb,
    Rank::Marshal,
    Rank::General,
    Rank::Colonel,
    Rank::Major,
    Rank::Captain,
    Rank::Lieutenant,
    Rank::Sergeant,
    Rank::Miner,
    Rank::Scout,
    Rank::Spy,
    Rank::Flag,
];

/// A square in Gravon's spelling: the file letter and the rank, the tenth
/// rank written `0` so that every square has two characters (`A4`, `J0`).
pub fn gravon_square(sq: Square) -> String {
    let file = (b'A' + sq.file) as char;
    match sq.rank + 1 {
        10 => format!("{file}0"),
        r => format!("{file}{r}"),
    }
}

/// Reads a square in Gravon's spelling (`A4`, `J0`), or in the wire's
/// (`J10`); a letter of either case.
pub fn read_gravon_square(text: &str) -> Result<Square, String> {
    let mut chars = text.chars();
    let file = chars
        .next()
        .filter(|c| c.is_ascii_alphabetic())
        .ok_or_else(|| format!("`{text}` is not a square: it should start with a file letter"))?;
    let rest = chars.as_str();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2 {
        return Err(format!(
            "`{text}` is not a square: a file letter and a rank (`A4`, `J0` for J10) were expected"
        ));
    }
    let rank: u8 = match rest {
        "0" => 10,
        r if r.starts_with('0') => {
            return Err(format!(
                "`{text}` is not a square: a rank has no leading zero"
            ));
        }
        r => r.parse().map_err(|_| format!("`{text}`: bad rank"))?,
    };
    let file = file.to_ascii_uppercase() as u8 - b'A';
    Ok(Square::new(file, rank - 1))
}

/// Reads a Gravon move (`A4-A5`; `x` may stand for the dash).
pub(super) fn read_gravon_move(text: &str) -> Result<Move, String> {
    let t = text.trim();
    let (a, b) = t
        .split_once('-')
        .or_else(|| t.split_once(['x', 'X']))
        .ok_or_else(|| {
            format!("`{t}` is not a Gravon move: two squares joined by `-` (`A4-A5`) were expected")
        })?;
    Ok(Move::new(
        read_gravon_square(a.trim())?,
        read_gravon_square(b.trim())?,
    ))
}

/// What Gravon's ending codes mean (ST-N.2.4).
pub(super) fn ending_name(ending: u8) -> &'static str {
    match ending {
        0 => "the loser unable to move",
        1 => "flag captured",
        2 => "both unable to move",
        3 => "forfeit",
        4 => "tie agreed",
        10 => "both players missing",
        11 => "a player's clock ran out",
        12 => "the game clock ran out",
        13 => "a missing player's clock ran out",
        14 => "opponent missing",
        _ => "an unknown ending",
    }
}

/// A claimed result as `.gsn` writes it, the form [`Notation::check_result`]
/// reads (a `.xml` record's result is given in it too).
pub(super) fn results_text(ending: &str, winner: u8) -> String {
    format!("result {ending} winner {winner}")
}

/// Reads `result <ending> winner <w>` into its two codes.
pub(super) fn parse_result(claimed: &str) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "`{claimed}` is not a Gravon result: `result <ending> winner <0|1|2>` was expected (ST-N.2.4)"
        )
    };
    let words: Vec<&str> = claimed.split_whitespace().collect();
    let [r, ending, w, winner] = words.as_slice() else {
        return Err(bad());
    };
    if *r != "result" || *w != "winner" {
        return Err(bad());
    }
    let ending: u8 = ending.parse().map_err(|_| bad())?;
    let winner: u8 = winner.parse().map_err(|_| bad())?;
    if !matches!(ending, 0..=4 | 10..=14) {
        return Err(format!(
            "ending {ending} is none of Gravon's endings 0-4 and 10-14 (ST-N.2.4)"
        ));
    }
    if winner > 2 {
        return Err(format!(
            "winner {winner} is none of 0 (red), 1 (blue), 2 (draw) (ST-N.2.4)"
        ));
    }
    Ok((ending, winner))
}

/// An error at 0-based line `line`, 1-based `column`.
pub(super) fn at(line: usize, column: usize, message: String) -> Located {
    located(
        Loc {
            line: line as u64 + 1,
            column: column as u64,
        },
        message,
    )
}

/// Reads one game: lines `start..end` of the file.
pub(super) fn read_gsn_game(
    lines: &[&str],
    start: usize,
    end: usize,
) -> Result<Record<Stratego>, Located> {
    // Blank lines at the end of a game are no part of it.
    let mut end = end;
    while end > start && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    let header = lines[start].trim();
    let version = header[GSN_HEADER.len()..].trim();
    if version != "1" && version != "2" {
        return Err(at(
            start,
            GSN_HEADER.len() + 1,
            format!("`{header}`: the format's version is 1 or 2 (ST-N.2.1)"),
        ));
    }
    let mut tags = vec![("Version".to_string(), version.to_string())];
    let i = start + 1;
    let type_line = lines.get(i).filter(|_| i < end).map(|l| l.trim());
    let game_type = match type_line.and_then(|l| l.strip_prefix("type")) {
        Some(n) => n.trim().parse::<u8>().ok().filter(|n| *n <= 4).ok_or_else(|| {
            at(
                i,
                6,
                format!(
                    "`{}`: the game type is 0 (classic), 1 (barrage), 2 (free), 3 (ultimate lightning) or 4 (duel) (ST-N.2.2)",
                    type_line.unwrap_or("")
                ),
            )
        })?,
        None => {
            return Err(at(
                i,
                1,
                "expected the line `type <n>` after the header (ST-N.2.1)".into(),
            ));
        }
    };
    tags.push(("Type".into(), game_type.to_string()));
    let i = i + 1;
    let field = lines.get(i).filter(|_| i < end).map(|l| l.trim());
    let field = match field {
        Some("END") => {
            return Err(at(
                i,
                1,
                "the game ended before both armies were set up: a record without its field line cannot be replayed (ST-N.2.2)".into(),
            ));
        }
        Some(f) => f,
        None => return Err(at(i, 1, "expected the field line (ST-N.2.2)".into())),
    };
    let setup = read_field(field, game_type).map_err(|(col, why)| at(i, col, why))?;
    let mut moves = Vec::new();
    let mut j = i + 1;
    loop {
        if j >= end {
            return Err(at(
                j.min(lines.len().saturating_sub(1)),
                1,
                "the game has no `END` line after its moves (ST-N.2.3)".into(),
            ));
        }
        let line = lines[j].trim();
        if line == "END" {
            break;
        }
        if line.is_empty() {
            j += 1;
            continue;
        }
        if line.as_bytes().get(2) == Some(&b':') {
            // A rescue line of Ultimate Lightning: no move (ST-N.2.3).
            j += 1;
            continue;
        }
        if let Err(why) = read_gravon_move(line) {
            return Err(at(j, 1, format!("{why} (ST-N.2.3)")));
        }
        moves.push(RecordMove {
            text: line.to_string(),
            line: j + 1,
        });
        j += 1;
    }
    let k = j + 1;
    let last = lines.get(k).filter(|_| k < end).map(|l| l.trim());
    let Some(last) = last else {
        return Err(at(
            k.min(lines.len().saturating_sub(1)),
            1,
            "expected the line `<red> vs <blue> result <ending> winner <w>` after `END` (ST-N.2.4)"
                .into(),
        ));
    };
    let (players, result) = last.split_once(" result ").ok_or_else(|| {
        at(
            k,
            1,
            format!(
                "`{last}`: `<red> vs <blue> result <ending> winner <w>` was expected (ST-N.2.4)"
            ),
        )
    })?;
    let (red, blue) = players.split_once(" vs ").ok_or_else(|| {
        at(
            k,
            1,
            format!("`{players}`: the two players joined by ` vs ` were expected (ST-N.2.4)"),
        )
    })?;
    let result = format!("result {}", result.trim());
    if let Err(why) = parse_result(&result) {
        return Err(at(k, players.len() + 2, why));
    }
    if let Some(extra) = (k + 1..end).find(|&x| !lines[x].trim().is_empty()) {
        return Err(at(
            extra,
            1,
            "unexpected text after the result line; a new game starts with its header (ST-N.2.1)"
                .into(),
        ));
    }
    tags.push(("Red".into(), red.trim().to_string()));
    tags.push(("Blue".into(), blue.trim().to_string()));
    Ok(Record {
        line: start + 1,
        tags,
        setup,
        moves,
        result: Some(result),
    })
}

/// Reads Gravon's 100-letter field line (ST-N.2.2): square `i` is file
/// `i % 10`, rank `i / 10 + 1`; `A` empty, `B`–`M` red, `N`–`Y` blue, `_`
/// a lake. On error, the 1-based column and why.
pub(super) fn read_field(field: &str, game_type: u8) -> Result<Setup, (usize, String)> {
    let geometry = Geometry::standard();
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 100 {
        return Err((
            1,
            format!(
                "the field line has {} characters, not 100 (ST-N.2.2)",
                chars.len()
            ),
        ));
    }
    let mut pieces = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let sq = Square::new((i % 10) as u8, (i / 10) as u8);
        let lake = geometry.is_lake(sq);
        let piece = match c {
            '_' if lake => continue,
            'A' if !lake => continue,
            'B'..='M' if !lake => Piece {
                color: Color::Red,
                rank: FIELD_RANKS[(c as u8 - b'B') as usize],
            },
            'N'..='Y' if !lake => Piece {
                color: Color::Blue,
                rank: FIELD_RANKS[(c as u8 - b'N') as usize],
            },
            '_' => {
                return Err((
                    i + 1,
                    format!(
                        "`_` (a lake) on {}, which is no lake (ST-N.2.2)",
                        gravon_square(sq)
                    ),
                ));
            }
            'A'..='Y' => {
                return Err((
                    i + 1,
                    format!(
                        "`{c}` on {}, a lake: a lake is written `_` (ST-N.2.2)",
                        gravon_square(sq)
                    ),
                ));
            }
            _ => {
                return Err((
                    i + 1,
                    format!("`{c}` is no field letter: `A`-`Y` or `_` (ST-N.2.2)"),
                ));
            }
        };
        pieces.push((sq, piece));
    }
    let army = match game_type {
        0 | 2 => Army::STANDARD,
        1 => Army::BARRAGE,
        // Ultimate lightning and duel: the army the field shows, the
        // larger of the two sides' counts of each rank.
        _ => Army::custom(Rank::ALL.into_iter().map(|r| {
            let n = |c: Color| {
                pieces
                    .iter()
                    .filter(|(_, p)| p.color == c && p.rank == r)
                    .count() as u8
            };
            (r, n(Color::Red).max(n(Color::Blue)))
        })),
    };
    let setup = Setup {
        geometry,
        army,
        pieces,
        to_move: Color::Red,
    };
    if let Err(e) = setup.validate() {
        let (sq, _) = setup.pieces[e.entry()];
        let col = sq.rank as usize * 10 + sq.file as usize + 1;
        return Err((col, format!("{e} (ST-N.2.2)")));
    }
    Ok(setup)
}

/// Writes a game as a `.gsn` record (ST-N.2): the inverse of the reader, for
/// tests and for records written from arbiter's own games. `None` when the
/// setup is not on the standard board.
pub fn write_gsn(
    setup: &Setup,
    game_type: u8,
    moves: &[Move],
    red: &str,
    blue: &str,
    ending: u8,
    winner: u8,
) -> Option<String> {
    if setup.geometry != Geometry::standard() {
        return None;
    }
    let mut field = ['A'; 100];
    for sq in &setup.geometry.lakes {
        field[sq.rank as usize * 10 + sq.file as usize] = '_';
    }
    for (sq, p) in &setup.pieces {
        let k = FIELD_RANKS.iter().position(|r| *r == p.rank)? as u8;
        let base = if p.color == Color::Red { b'B' } else { b'N' };
        field[sq.rank as usize * 10 + sq.file as usize] = (base + k) as char;
    }
    let mut out = format!("{GSN_HEADER}1\ntype {game_type}\n");
    out.extend(field.iter());
    out.push('\n');
    for m in moves {
        out.push_str(&format!(
            "{}-{}\n",
            gravon_square(m.from),
            gravon_square(m.to)
        ));
    }
    out.push_str(&format!(
        "END\n{red} vs {blue} result {ending} winner {winner}\n"
    ));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ST-N.1.2: the tenth rank is written `0`; ST-N.1.5: ranks beyond the
    /// tenth (a `custom` board) are written out and read back.
    #[test]
    fn the_tenth_rank_is_zero_and_ranks_beyond_it_are_written_out() {
        assert_eq!(gravon_square(Square::new(9, 9)), "J0");
        assert_eq!(read_gravon_square("J0").unwrap(), Square::new(9, 9));
        assert_eq!(read_gravon_square("j10").unwrap(), Square::new(9, 9));
        for rank in [10u8, 11, 98] {
            let sq = Square::new(0, rank);
            let text = gravon_square(sq);
            assert_eq!(text, format!("A{}", rank + 1));
            assert_eq!(read_gravon_square(&text).unwrap(), sq);
        }
        assert!(read_gravon_square("A100").is_err());
        assert!(read_gravon_square("A04").is_err());
    }
}
