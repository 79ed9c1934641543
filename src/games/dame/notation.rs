//! The notations of Dame's players and records (`spec/dame/notation.md`):
//! PDN's numbered squares (`11-15`, `22x15`, `22x15x8`, the short `22x8`)
//! and PDN record files.
//!
//! The code reads a text into the legal actions it fits, found in the
//! game's own list of legal actions; it knows no rule of the game. When no
//! legal action fits, the action the text literally names is returned, so
//! that the game's judge says which rule forbids it.

use super::board::{Kind, Setup, Side, Square, Stone};
use super::game::{Dame, Outcome};
use super::moves::Action;
use crate::rules::notation::{Misread, Record, RecordFormat};
use crate::rules::{Basics, Game, Loc, Located, Notation, NotationInfo, located, pgn};

/// The clause of the square numbers.
const SQUARES: &str = "DA-N.1";
/// The clause of a move's spellings.
const MOVES: &str = "DA-N.2";
/// The clause of a huff's spelling.
const HUFF: &str = "DA-N.3";

/// The tokens that end a game's movetext in PDN.
const PDN_RESULTS: &[&str] = &["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*"];

/// The PDN number (1-32) of a dark square: 1-4 on row 8 (b8, d8, f8, h8),
/// 5-8 on row 7 (a7 … g7), … 29-32 on row 1 (a1, c1, e1, g1).
pub fn number_of(sq: Square) -> Option<u8> {
    sq.is_dark()
        .then(|| 4 * (7 - sq.rank()) as u8 + (sq.file() / 2) as u8 + 1)
}

/// The dark square of a PDN number (1-32).
pub fn square_of(n: u8) -> Option<Square> {
    if !(1..=32).contains(&n) {
        return None;
    }
    let (r, c) = ((n - 1) / 4, (n - 1) % 4);
    let rank = 7 - r as i8;
    let file = 2 * c as i8 + i8::from(rank % 2 == 1);
    Square::at(file, rank)
}

/// A square of a PDN text: a number 1-32 (a leading zero allowed) or, as
/// on the wire, a square name (`c3`).
fn read_square(t: &str) -> Result<Square, Misread<Dame>> {
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse::<u8>().ok().and_then(square_of).ok_or_else(|| {
            Misread::notation(
                SQUARES,
                format!("square {t} does not exist: PDN numbers the 32 dark squares 1 to 32"),
            )
        });
    }
    t.parse::<Square>().map_err(|_| {
        Misread::notation(
            MOVES,
            format!("`{t}` is not a square: expected a number 1-32 (or a square name like c3)"),
        )
    })
}

/// The squares an action passes: a step's two, a capture's path.
fn path(a: &Action) -> Option<Vec<Square>> {
    match a {
        Action::Step { from, to } => Some(vec![*from, *to]),
        Action::Capture(p) => Some(p.clone()),
        Action::Huff(_) => None,
    }
}

/// Whether `short` is `long` with some squares left out, in order.
fn subsequence(short: &[Square], long: &[Square]) -> bool {
    let mut it = long.iter();
    short.iter().all(|s| it.any(|l| l == s))
}

fn num(sq: Square) -> String {
    number_of(sq).map_or_else(|| sq.to_string(), |n| n.to_string())
}

/// The legal actions that fit squares `sq` (`capture`: written with `x`):
/// those whose whole path is `sq` when there are any, else those that start
/// and end where `sq` does and pass its other squares in order.
fn fitting(legal: &[Action], sq: &[Square], capture: bool) -> Vec<Action> {
    let fits: Vec<&Action> = legal
        .iter()
        .filter(|a| {
            let Some(p) = path(a) else { return false };
            (!capture || matches!(a, Action::Capture(_)))
                && p.first() == sq.first()
                && p.last() == sq.last()
                && subsequence(sq, &p)
        })
        .collect();
    let exact: Vec<Action> = fits
        .iter()
        .filter(|a| path(a).as_deref() == Some(sq))
        .map(|a| (*a).clone())
        .collect();
    if exact.is_empty() {
        fits.into_iter().cloned().collect()
    } else {
        exact
    }
}

/// Reads a PDN move (or huff) into its candidates in `legal`.
fn read_pdn(legal: &[Action], text: &str) -> Result<Vec<Action>, Misread<Dame>> {
    let t = text
        .trim()
        .trim_end_matches(['!', '?', '*'])
        .to_ascii_lowercase();
    if let Some(rest) = t.strip_prefix("huff") {
        let rest = rest.trim();
        if rest.is_empty() {
            return Err(Misread::notation(
                HUFF,
                "a huff names the huffed stone's square: huff 11",
            ));
        }
        return Ok(vec![Action::Huff(read_square(rest)?)]);
    }
    if t.is_empty() {
        return Err(Misread::notation(MOVES, "an empty move"));
    }
    let capture = t.contains('x');
    let parts: Vec<&str> = t.split(['-', 'x']).collect();
    if parts.len() < 2 {
        return Err(Misread::notation(
            MOVES,
            format!(
                "`{text}` is not a PDN move: expected squares joined by - or x, like 11-15 or 22x15x8"
            ),
        ));
    }
    if parts.iter().any(|p| p.is_empty()) {
        return Err(Misread::notation(
            MOVES,
            format!("`{text}` is not a PDN move: a square is missing between its - or x"),
        ));
    }
    let sq = parts
        .iter()
        .map(|p| read_square(p))
        .collect::<Result<Vec<_>, _>>()?;
    let fits = fitting(legal, &sq, capture);
    if !fits.is_empty() {
        return Ok(fits);
    }
    // No legal action fits: the one the text names, for the judge to say
    // which rule forbids it.
    Ok(vec![if sq.len() == 2 && !capture {
        Action::Step {
            from: sq[0],
            to: sq[1],
        }
    } else {
        Action::Capture(sq)
    }])
}

/// `action` in PDN: a step `11-15`, a capture by its ends `22x8` when no
/// other legal capture has them, else by its whole path `22x15x8`, a huff
/// `huff 11`.
fn write_pdn(legal: &[Action], action: &Action) -> String {
    match action {
        Action::Step { from, to } => format!("{}-{}", num(*from), num(*to)),
        Action::Huff(s) => format!("huff {}", num(*s)),
        Action::Capture(p) => {
            let ends = [p[0], p[p.len() - 1]];
            if p.len() > 2 && fitting(legal, &ends, true) == [action.clone()] {
                format!("{}x{}", num(ends[0]), num(ends[1]))
            } else {
                p.iter().map(|s| num(*s)).collect::<Vec<_>>().join("x")
            }
        }
    }
}

/// The number of a `GameType` tag (`21`, or `21,B,8,8,N1,0`).
fn game_type(record_tags: &[(String, String)]) -> Option<Result<u32, String>> {
    let v = record_tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("GameType"))
        .map(|(_, v)| v.as_str())?;
    let first = v.split(',').next().unwrap_or("").trim();
    Some(
        first
            .parse::<u32>()
            .map_err(|_| format!("GameType `{v}` does not start with a number")),
    )
}

/// Checks a `GameType` tag: a game on another board than 8×8, or a
/// numbering other than PDN's N1 or algebraic, is refused.
fn check_game_type(tags: &[(String, String)]) -> Result<(), String> {
    let Some(t) = game_type(tags) else {
        return Ok(());
    };
    let n = t?;
    let v = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("GameType"))
        .map(|(_, v)| v.as_str())
        .unwrap_or_default();
    let other_board = match n {
        20 => Some("international draughts, 10×10"),
        27 => Some("Canadian draughts, 12×12"),
        40 => Some("Frisian draughts, 10×10"),
        41 => Some("Spantsiretti, 10×8"),
        _ => None,
    };
    if let Some(what) = other_board {
        return Err(format!(
            "GameType {n} ({what}) is not played on Dame's 8×8 board (DA-N.7)"
        ));
    }
    let fields: Vec<&str> = v.split(',').map(str::trim).collect();
    if fields.len() >= 4 && (fields[2] != "8" || fields[3] != "8") {
        return Err(format!(
            "GameType `{v}` names a {}×{} board, not Dame's 8×8 (DA-N.7)",
            fields[2], fields[3]
        ));
    }
    if let Some(notation) = fields
        .get(4)
        .filter(|n| !(n.eq_ignore_ascii_case("N1") || n.starts_with(['A', 'a'])))
    {
        return Err(format!(
            "GameType `{v}` numbers the squares as `{notation}`; arbiter reads PDN's English numbering (N1) and square names only (DA-N.7)"
        ));
    }
    Ok(())
}

/// A PDN `FEN` tag: `B:W21,22,K30:B1-12` (the side to move, then each
/// side's stones, `K` a Dame, `a-b` a run of numbers).
pub fn read_fen(fen: &str) -> Result<Setup, String> {
    let f = fen.trim().trim_end_matches('.');
    let mut fields = f.split(':');
    let turn = fields.next().unwrap_or("").trim();
    let to_move = match turn.to_ascii_uppercase().as_str() {
        "W" => Some(Side::White),
        "B" => Some(Side::Black),
        "?" | "" => None,
        other => {
            return Err(format!(
                "the side to move is `{other}`: expected W or B (DA-N.6)"
            ));
        }
    };
    let mut stones = Vec::new();
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let (side, rest) = match field.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => (Side::White, &field[1..]),
            Some('B') => (Side::Black, &field[1..]),
            _ => {
                return Err(format!(
                    "`{field}` is not a side's stones: expected W or B and square numbers (DA-N.6)"
                ));
            }
        };
        let i = usize::from(side == Side::Black);
        if seen[i] {
            return Err(format!("{side}'s stones are listed twice (DA-N.6)"));
        }
        seen[i] = true;
        for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (kind, item) = match item.strip_prefix(['K', 'k']) {
                Some(r) => (Kind::Dame, r),
                None => (Kind::Man, item),
            };
            let bad = || format!("`{item}` is not a square number 1-32 (DA-N.6)");
            let (a, b) = match item.split_once('-') {
                Some((a, b)) => (a.trim(), b.trim()),
                None => (item, item),
            };
            let (a, b): (u8, u8) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
            if a > b {
                return Err(bad());
            }
            for n in a..=b {
                let sq = square_of(n).ok_or_else(bad)?;
                stones.push((sq, Stone { side, kind }));
            }
        }
    }
    // White's first, as the setup keeps them.
    stones.sort_by_key(|(_, st)| st.side == Side::Black);
    let setup = Setup { stones, to_move };
    setup.validate().map_err(|(i, m)| {
        let (sq, _) = setup.stones[i];
        format!("square {}: {m}", num(sq))
    })?;
    Ok(setup)
}

/// A PDN `FEN` of a setup (`W:W21,…:B1,…`), side to move `?` when the
/// setup leaves it to the profile.
pub fn write_fen(setup: &Setup) -> String {
    let side = |s: Side| {
        let mut v: Vec<(u8, Kind)> = setup
            .stones
            .iter()
            .filter(|(_, st)| st.side == s)
            .filter_map(|(sq, st)| number_of(*sq).map(|n| (n, st.kind)))
            .collect();
        v.sort();
        v.iter()
            .map(|(n, k)| format!("{}{n}", if *k == Kind::Dame { "K" } else { "" }))
            .collect::<Vec<_>>()
            .join(",")
    };
    let turn = match setup.to_move {
        Some(Side::White) => "W",
        Some(Side::Black) => "B",
        None => "?",
    };
    format!("{turn}:W{}:B{}", side(Side::White), side(Side::Black))
}

fn read_pdn_records(text: &str) -> Vec<Result<Record<Dame>, Located>> {
    pgn::records::<Dame>(text, PDN_RESULTS, |cut, at| {
        check_game_type(&cut.tags).map_err(|e| located(at, e))?;
        let setup = match cut.tag("FEN") {
            Some(fen) => read_fen(fen).map_err(|e| located(at, format!("the FEN tag: {e}")))?,
            None => Setup::start(),
        };
        // `huff 11` is two tokens of movetext: joined again (DA-N.3).
        let mut moves: Vec<crate::rules::notation::RecordMove> = Vec::new();
        let mut pending_huff: Option<crate::rules::notation::RecordMove> = None;
        for m in std::mem::take(&mut cut.moves) {
            if let Some(mut h) = pending_huff.take() {
                h.text = format!("huff {}", m.text);
                moves.push(h);
            } else if m.text.eq_ignore_ascii_case("huff") {
                pending_huff = Some(m);
            } else {
                moves.push(m);
            }
        }
        if let Some(h) = pending_huff {
            return Err(located(
                Loc {
                    line: h.line as u64,
                    column: 1,
                },
                "`huff` without the huffed stone's square at the end of the moves (DA-N.3)"
                    .to_string(),
            ));
        }
        cut.moves = moves;
        Ok(setup)
    })
}

/// What a PDN result claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    /// The side that moves first in the variant (the first number) wins.
    First,
    /// The other side wins.
    Second,
    /// A draw.
    Draw,
    /// No result: unfinished or unknown.
    None,
}

fn claim(result: &str) -> Option<Claim> {
    Some(match result.trim() {
        "2-0" | "1-0" => Claim::First,
        "0-2" | "0-1" => Claim::Second,
        "1-1" | "1/2-1/2" => Claim::Draw,
        "*" | "0-0" => Claim::None,
        _ => return None,
    })
}

/// The side whose score a PDN result writes first (DA-N.8): Black for
/// English checkers (GameType 21), White for another GameType; without
/// one, the side that moved first in the record.
fn first_scorer(record: &Record<Dame>, game: &dyn Game<Dame>) -> Side {
    match game_type(&record.tags) {
        Some(Ok(21)) => Side::Black,
        Some(_) => Side::White,
        None => {
            let plies = record
                .moves
                .iter()
                .filter(|m| !m.text.to_ascii_lowercase().starts_with("huff"))
                .count();
            let now = game.side_to_move();
            if plies % 2 == 0 { now } else { now.other() }
        }
    }
}

impl Notation for Dame {
    const NOTATIONS: &'static [NotationInfo] = &[NotationInfo {
        name: "pdn",
        title: "PDN numbered squares: 11-15, 22x15x8, the short 22x8",
        clause: "DA-N.2",
    }];

    const RECORD_FORMATS: &'static [RecordFormat] = &[RecordFormat {
        name: "pdn",
        extensions: &["pdn"],
        notation: "pdn",
        clause: "DA-N.5",
    }];

    /// The one notation, `pdn`.
    fn read_notation(
        _pdn: &'static str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Self::Action>, Misread<Self>> {
        read_pdn(&game.legal_actions(), text)
    }

    fn write_notation(_pdn: &str, game: &dyn Game<Self>, action: &Self::Action) -> Option<String> {
        Some(write_pdn(&game.legal_actions(), action))
    }

    /// The one record format, `pdn`.
    fn read_format(_pdn: &'static str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        read_pdn_records(text)
    }

    fn record_profile(record: &Record<Self>) -> Option<&'static str> {
        matches!(game_type(&record.tags), Some(Ok(21))).then_some("english")
    }

    fn check_result(claimed: &str, record: &Record<Self>, game: &dyn Game<Self>) -> Option<String> {
        let Some(c) = claim(claimed) else {
            return Some(format!(
                "`{claimed}` is not a PDN result: expected 2-0, 0-2, 1-1, 1-0, 0-1, 1/2-1/2 or * (DA-N.8)"
            ));
        };
        if let (Some(tag), Some(t)) = (record.tag("Result"), record.result.as_deref())
            && let (Some(a), Some(b)) = (claim(tag), claim(t))
            && a != b
        {
            return Some(format!(
                "the Result tag says {tag} but the movetext ends {t} (DA-N.8)"
            ));
        }
        let first = first_scorer(record, game);
        let outcome = game.outcome();
        let clause = <Dame as Basics>::outcome_clause(&outcome).unwrap_or("DA-5");
        let claimed_winner = match c {
            Claim::First => Some(Some(first)),
            Claim::Second => Some(Some(first.other())),
            Claim::Draw => Some(None),
            Claim::None => None,
        };
        let actual = match &outcome {
            Outcome::Ongoing => return None,
            Outcome::WhiteWins(_) => Some(Side::White),
            Outcome::BlackWins(_) => Some(Side::Black),
            Outcome::Draw(_) => None,
        };
        let says = |w: Option<Side>| match w {
            Some(s) => format!("a win for {s}"),
            None => "a draw".to_string(),
        };
        match claimed_winner {
            None => Some(format!(
                "the record calls the game unfinished ({claimed}), but it is over: {outcome} ({clause})"
            )),
            Some(w) if w == actual => None,
            Some(w) => Some(format!(
                "the record claims {claimed}, {} (the first number is {first}'s, DA-N.8), but the game ended {outcome} ({clause}): {}",
                says(w),
                says(actual)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::profile::Profile;
    use super::super::verdict::RuleCode;
    use super::*;
    use crate::rules::notation::{Resolved, resolve, spell};

    fn start(setup: &Setup, profile: &Profile) -> Box<dyn Game<Dame>> {
        Dame::reference()
            .start(setup, profile)
            .expect("a legal setup")
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn legal(g: &dyn Game<Dame>, text: &str) -> String {
        match resolve::<Dame>(Some("pdn"), g, text) {
            Resolved::Legal { action } => action.to_string(),
            Resolved::Refused(r) => panic!("{text} refused: {r}"),
        }
    }

    fn refused(g: &dyn Game<Dame>, text: &str) -> crate::rules::notation::Refusal<Dame> {
        match resolve::<Dame>(Some("pdn"), g, text) {
            Resolved::Refused(r) => r,
            Resolved::Legal { action } => panic!("{text} read as {action}"),
        }
    }

    fn setup(white: &[(&str, Kind)], black: &[(&str, Kind)], to_move: Side) -> Setup {
        let mut stones = Vec::new();
        for (side, list) in [(Side::White, white), (Side::Black, black)] {
            for (s, kind) in list {
                stones.push((sq(s), Stone { side, kind: *kind }));
            }
        }
        Setup {
            stones,
            to_move: Some(to_move),
        }
    }

    #[test]
    fn the_numbers_are_the_english_and_german_ones() {
        let pairs = [
            (1, "b8"),
            (4, "h8"),
            (5, "a7"),
            (11, "f6"),
            (15, "e5"),
            (18, "d4"),
            (22, "c3"),
            (29, "a1"),
            (32, "g1"),
        ];
        for (n, s) in pairs {
            assert_eq!(square_of(n), Some(sq(s)), "{n}");
            assert_eq!(number_of(sq(s)), Some(n), "{s}");
        }
        for n in 1..=32 {
            assert_eq!(square_of(n).and_then(number_of), Some(n));
        }
        assert_eq!(square_of(0), None);
        assert_eq!(square_of(33), None);
        assert_eq!(number_of(sq("a2")), None, "a light square has no number");
        // The starting position of DA-1.2 is Black on 1-12, White on 21-32.
        let s = Setup::start();
        assert_eq!(
            write_fen(&s),
            "?:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }

    /// Every legal action of every position of random games under the
    /// named profiles is written, read back as itself, and resolved as
    /// itself; returns the number of actions checked.
    #[test]
    fn every_legal_action_round_trips() {
        // Clauses DA-N.4 (the notation page).
        let mut checked = 0usize;
        let mut positions = 0usize;
        let mut seed: u64 = 0x0dd5_eed5;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for profile in [
            Profile::seed_004(),
            Profile::english(),
            Profile::damenspiel(),
            Profile::openspiel(),
        ] {
            for _game in 0..4 {
                let mut g = start(&Setup::start(), &profile);
                for _ply in 0..60 {
                    let legal_list = g.legal_actions();
                    if legal_list.is_empty() {
                        break;
                    }
                    positions += 1;
                    for a in &legal_list {
                        let text = Dame::write_move("pdn", &*g, a).unwrap();
                        assert_eq!(
                            Dame::read_move("pdn", &*g, &text).unwrap(),
                            vec![a.clone()],
                            "{text} ({a}) in\n{}",
                            g.render()
                        );
                        assert_eq!(legal(&*g, &text), a.to_string());
                        checked += 1;
                    }
                    let a = legal_list[next() % legal_list.len()].clone();
                    g.play(&a).unwrap();
                }
            }
        }
        assert!(positions >= 300, "{positions} positions");
        assert!(checked >= 2000, "{checked} actions");
    }

    #[test]
    fn variant_spellings_read_as_the_same_action() {
        // A white man on c3 (22) takes d4 (18) landing on e5 (15), then
        // f6 (11) landing on g7 (8).
        let s = setup(
            &[("c3", Kind::Man)],
            &[("d4", Kind::Man), ("f6", Kind::Man)],
            Side::White,
        );
        let g = start(&s, &Profile::english());
        assert_eq!(
            g.legal_actions(),
            vec![Action::Capture(vec![sq("c3"), sq("e5"), sq("g7")])]
        );
        for t in [
            "22x8", "22x15x8", "22-15-8", "22-8", "22X15X8", "22x8!", "22x8*", "22x08", "c3xe5xg7",
            "C3XE5XG7", "c3xg7", "22xe5x8",
        ] {
            assert_eq!(legal(&*g, t), "c3xe5xg7", "{t}");
        }
        // A step in the start position, in its spellings.
        let g = start(&Setup::start(), &Profile::english());
        for t in ["11-15", "11-15!?", "11-15*", "f6-e5", "F6-E5"] {
            assert_eq!(legal(&*g, t), "f6-e5", "{t}");
        }
        assert_eq!(
            spell::<Dame>(Some("pdn"), &*g, &"f6-e5".parse().unwrap()),
            "11-15"
        );
    }

    #[test]
    fn an_ambiguous_short_capture_lists_its_readings() {
        // A white man on c1 (30) takes b2 and b4 by a3, or d2 and d4 by
        // e3: both land on c5 (14).
        let s = setup(
            &[("c1", Kind::Man)],
            &[
                ("b2", Kind::Man),
                ("d2", Kind::Man),
                ("b4", Kind::Man),
                ("d4", Kind::Man),
            ],
            Side::White,
        );
        let g = start(&s, &Profile::english());
        assert_eq!(g.legal_actions().len(), 2);
        let r = refused(&*g, "30x14");
        assert_eq!(r.rule, None);
        assert_eq!(r.clause, "DA-N.2");
        assert!(r.why.contains("ambiguous"), "{}", r.why);
        let mut closest = r.closest.clone();
        closest.sort();
        assert_eq!(closest, ["30x21x14", "30x23x14"]);
        // Each written reading is exact.
        assert_eq!(legal(&*g, "30x21x14"), "c1xa3xc5");
        assert_eq!(legal(&*g, "30x23x14"), "c1xe3xc5");
        assert_eq!(legal(&*g, "30-23-14"), "c1xe3xc5");
    }

    #[test]
    fn an_illegal_move_is_refused_by_the_rule_that_forbids_it() {
        let g = start(&Setup::start(), &Profile::english());
        // Black moves first under english: 22-18 is White's.
        let r = refused(&*g, "22-18");
        assert_eq!(r.rule, Some(RuleCode::OpponentPiece));
        assert_eq!(r.clause, "DA-2.1");
        assert_eq!(r.action, Some("c3-d4".parse().unwrap()));
        assert_eq!(r.closest.len(), 3);
        // No stone on 15.
        let r = refused(&*g, "15-19");
        assert_eq!(r.rule, Some(RuleCode::NoPiece));
        // A black man's step backward (9 is b6, 5 is a7).
        let r = refused(&*g, "9-5");
        assert_eq!(r.rule, Some(RuleCode::Backward), "{r}");
        // Onto a stone of its own: 7 is e7, 11 is f6.
        let r = refused(&*g, "7-11");
        assert_eq!(r.rule, Some(RuleCode::Occupied), "{r}");
        assert_eq!(r.clause, "DA-2.2");
        // After 11-15 22-18, Black must take: 15x22.
        let mut g = start(&Setup::start(), &Profile::english());
        for t in ["11-15", "22-18"] {
            let a: Action = legal(&*g, t).parse().unwrap();
            g.play(&a).unwrap();
        }
        let r = refused(&*g, "12-16");
        assert_eq!(r.rule, Some(RuleCode::Compulsory), "{r}");
        assert_eq!(r.clause, "AD-1");
        assert_eq!(r.closest[0], "15x22");
        assert_eq!(legal(&*g, "15-22"), "e5xc3");
    }

    #[test]
    fn texts_the_notation_cannot_read_are_refused_by_its_clauses() {
        let g = start(&Setup::start(), &Profile::english());
        for (t, clause) in [
            ("33-29", "DA-N.1"),
            ("0-4", "DA-N.1"),
            ("1115", "DA-N.2"),
            ("11-", "DA-N.2"),
            ("eleven-15", "DA-N.2"),
            ("huff", "DA-N.3"),
        ] {
            let r = refused(&*g, t);
            assert_eq!(r.clause, clause, "{t}: {r}");
            assert_eq!(r.rule, None, "{t}");
            assert!(!r.closest.is_empty(), "{t}");
        }
        assert!(Dame::read_move("san", &*g, "11-15").is_err());
        assert_eq!(
            Dame::write_move("san", &*g, &"f6-e5".parse().unwrap()),
            None
        );
    }

    #[test]
    fn a_huff_is_written_with_its_number_and_read_in_both_spellings() {
        // Clauses DA-N.4 (the notation page).
        // The session of spec/dame/protocol.md: after c3-d4 d6-c5 White
        // may huff the Dame on h8 (4).
        let s = setup(
            &[("c3", Kind::Man), ("e3", Kind::Man)],
            &[("d6", Kind::Man), ("h8", Kind::Dame)],
            Side::White,
        );
        let mut g = start(&s, &Profile::seed_004());
        for t in ["22-18", "10-14"] {
            let a: Action = legal(&*g, t).parse().unwrap();
            g.play(&a).unwrap();
        }
        let huff = Action::Huff(sq("h8"));
        assert_eq!(spell::<Dame>(Some("pdn"), &*g, &huff), "huff 4");
        for t in ["huff 4", "HUFF 4", "huff h8", "huff 04"] {
            assert_eq!(legal(&*g, t), "huff h8", "{t}");
        }
        let r = refused(&*g, "huff 14");
        assert_eq!(r.rule, Some(RuleCode::HuffNotAvailable), "{r}");
    }

    #[test]
    fn fen_tags_are_read_with_kings_runs_and_the_side_to_move() {
        // Clauses DA-N.6 (the notation page).
        let s = read_fen("B:W21,22,K30:B1-3,K9").unwrap();
        assert_eq!(s.to_move, Some(Side::Black));
        let d = |n: u8| square_of(n).unwrap();
        assert!(s.stones.contains(&(
            d(30),
            Stone {
                side: Side::White,
                kind: Kind::Dame
            }
        )));
        assert!(s.stones.contains(&(
            d(2),
            Stone {
                side: Side::Black,
                kind: Kind::Man
            }
        )));
        assert_eq!(s.stones.len(), 7);
        assert_eq!(write_fen(&s), "B:W21,22,K30:B1,2,3,K9");
        assert_eq!(read_fen(&write_fen(&s)).unwrap(), s);
        for bad in ["X:W1:B2", "W:W33:B1", "W:W1,2:W3", "W:Wx:B1", "W:W5-2:B1"] {
            assert!(read_fen(bad).is_err(), "{bad}");
        }
        // A white man on 1-4 stands where it would have been crowned.
        let e = read_fen("W:W2:B30").unwrap_err();
        assert!(e.contains("square 2"), "{e}");
    }
}
