//! The notations of chess players and records (`spec/chess/notation.md`):
//! Standard Algebraic Notation in English (`san`, as PGN writes it) and in
//! German letters (`san-de`, the seed leaflet's language), and PGN files.
//!
//! Reading a SAN move finds the legal moves that fit it: the piece kind,
//! the target square, the disambiguation and the promotion. When none fits,
//! the moves the text literally names (each piece of that kind to that
//! square) are returned, so the game's own judge says why they are illegal;
//! nothing here decides a rule.

use super::action::{Action, UciMove};
use super::board::{Color, Kind, Square};
use super::game::{Chess, Outcome};
use super::position::Position;
use super::profile::Profile;
use super::verdict::RuleCode;
use crate::rules::Notation;
use crate::rules::notation::{Misread, Record, RecordFormat, unknown_notation};
use crate::rules::{Basics, Game, Located, NotationInfo, RuleProfile, located, pgn};

/// The piece letters of a SAN flavour (king, queen, rook, bishop, knight).
struct Letters {
    name: &'static str,
    king: char,
    queen: char,
    rook: char,
    bishop: char,
    knight: char,
}

const ENGLISH: Letters = Letters {
    name: "san",
    king: 'K',
    queen: 'Q',
    rook: 'R',
    bishop: 'B',
    knight: 'N',
};

/// German: König, Dame, Turm, Läufer, Springer.
const GERMAN: Letters = Letters {
    name: "san-de",
    king: 'K',
    queen: 'D',
    rook: 'T',
    bishop: 'L',
    knight: 'S',
};

impl Letters {
    fn of(notation: &str) -> Option<&'static Letters> {
        [&ENGLISH, &GERMAN].into_iter().find(|l| l.name == notation)
    }

    fn kind(&self, c: char) -> Option<Kind> {
        Some(match c {
            c if c == self.king => Kind::King,
            c if c == self.queen => Kind::Queen,
            c if c == self.rook => Kind::Rook,
            c if c == self.bishop => Kind::Bishop,
            c if c == self.knight => Kind::Knight,
            _ => return None,
        })
    }

    fn letter(&self, k: Kind) -> char {
        match k {
            Kind::King => self.king,
            Kind::Queen => self.queen,
            Kind::Rook => self.rook,
            Kind::Bishop => self.bishop,
            Kind::Knight => self.knight,
            Kind::Pawn => 'P',
        }
    }
}

/// A SAN move taken apart, before the position is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum San {
    /// `O-O` (`true`) or `O-O-O`.
    Castle(bool),
    /// A piece or pawn move.
    Move {
        kind: Kind,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Kind>,
    },
}

const NOTATION_CLAUSE: &str = "CH-N.2";

/// Takes `text` apart (CH-N.2, CH-N.3): check and mate marks, annotation
/// glyphs and `e.p.` are dropped; `0-0` is read as `O-O`; a capture may be
/// written `x`, `:` or not at all; a promotion `=Q`, `Q` or `(Q)`.
fn parse(letters: &Letters, text: &str) -> Result<San, String> {
    let t = text
        .trim()
        .trim_end_matches(['+', '#', '!', '?', '‡', '†'])
        .trim_end_matches("e.p.")
        .trim_end_matches("ep")
        .trim();
    match t {
        "O-O" | "0-0" => return Ok(San::Castle(true)),
        "O-O-O" | "0-0-0" => return Ok(San::Castle(false)),
        _ => {}
    }
    let bad = |why: &str| format!("`{text}` is not SAN: {why}");
    let mut chars: Vec<char> = t
        .chars()
        .filter(|c| !matches!(c, 'x' | ':' | '-'))
        .collect();
    // The promotion at the end: `=Q`, `(Q)` or a bare letter after the square.
    let mut promotion = None;
    if chars.last() == Some(&')') {
        chars.pop();
        let k = chars
            .pop()
            .and_then(|c| letters.kind(c))
            .ok_or_else(|| bad("a promotion in brackets names no piece"))?;
        if chars.pop() != Some('(') {
            return Err(bad("a bracket is not closed"));
        }
        promotion = Some(k);
    } else if let Some(&c) = chars.last()
        && let Some(k) = letters.kind(c).filter(|_| chars.len() >= 3)
    {
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
        promotion = Some(k);
    }
    if chars.len() < 2 {
        return Err(bad("expected a target square like e4, Nf3 or exd5"));
    }
    let sq: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = sq
        .parse()
        .map_err(|_| bad("it does not end with a square (a1 … h8)"))?;
    let head = &chars[..chars.len() - 2];
    let (kind, hints) = match head.first() {
        Some(&c) if letters.kind(c).is_some() => (letters.kind(c).expect("checked"), &head[1..]),
        Some(&c) if c.is_ascii_uppercase() => {
            return Err(bad(&format!(
                "`{c}` is no piece letter of this notation (expected {}{}{}{}{})",
                letters.king, letters.queen, letters.rook, letters.bishop, letters.knight
            )));
        }
        _ => (Kind::Pawn, head),
    };
    let hinted_file = head.iter().any(|c| ('a'..='h').contains(c));
    let mut file = None;
    let mut rank = None;
    for &c in hints {
        match c {
            'a'..='h' if file.is_none() => file = Some(c as u8 - b'a'),
            '1'..='8' if rank.is_none() => rank = Some(c as u8 - b'1'),
            _ => {
                return Err(bad(&format!(
                    "`{c}` does not belong before the target square"
                )));
            }
        }
    }
    // A pawn move without a starting file is a step straight up its file
    // (`e4`); a pawn capture names the file it comes from (`exd5`, `ed5`).
    if kind == Kind::Pawn && !hinted_file {
        file = Some(to.file());
    }
    if promotion.is_some() && kind != Kind::Pawn {
        return Err(bad("only a pawn is promoted"));
    }
    Ok(San::Move {
        kind,
        file,
        rank,
        to,
        promotion,
    })
}

fn position_of(game: &dyn Game<Chess>) -> Result<Position, Misread<Chess>> {
    game.position().ok_or_else(|| {
        Misread::notation(
            NOTATION_CLAUSE,
            "this implementation does not tell its position, so SAN cannot be read",
        )
    })
}

fn fits(p: &Position, m: &UciMove, color: Color, san: &San) -> bool {
    let Some(piece) = p.at(m.from) else {
        return false;
    };
    if piece.color != color {
        return false;
    }
    match *san {
        San::Castle(short) => {
            piece.kind == Kind::King
                && m.from.rank() == m.to.rank()
                && (m.to.file() as i8 - m.from.file() as i8) == if short { 2 } else { -2 }
        }
        San::Move {
            kind,
            file,
            rank,
            to,
            promotion,
        } => {
            piece.kind == kind
                && m.to == to
                && file.is_none_or(|f| m.from.file() == f)
                && rank.is_none_or(|r| m.from.rank() == r)
                && m.promotion == promotion
                // A king's two-square step is castling, written O-O.
                && !(kind == Kind::King && (m.to.file() as i8 - m.from.file() as i8).abs() == 2)
        }
    }
}

fn read_san(
    letters: &Letters,
    game: &dyn Game<Chess>,
    text: &str,
) -> Result<Vec<Action>, Misread<Chess>> {
    // The wire spelling of claims passes through (PGN has no claims).
    if text.starts_with("claim-") {
        return text
            .parse::<Action>()
            .map(|a| vec![a])
            .map_err(|e| Misread::notation(NOTATION_CLAUSE, e));
    }
    let san = parse(letters, text).map_err(|e| Misread::notation(NOTATION_CLAUSE, e))?;
    let p = position_of(game)?;
    let color = p.to_move;
    let legal: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Move(m) if fits(&p, m, color, &san)))
        .collect();
    if !legal.is_empty() {
        return Ok(legal);
    }
    // No legal move fits: the moves the text names, for the judge.
    let named: Vec<Action> = match san {
        San::Castle(short) => {
            let k = p.king(color);
            let to = Square::new(if short { 6 } else { 2 }, k.rank());
            vec![Action::Move(UciMove {
                from: k,
                to,
                promotion: None,
            })]
        }
        San::Move {
            kind,
            file,
            rank,
            to,
            promotion,
        } => Square::all()
            .filter(|&s| {
                p.at(s)
                    .is_some_and(|pc| pc.color == color && pc.kind == kind)
                    && file.is_none_or(|f| s.file() == f)
                    && rank.is_none_or(|r| s.rank() == r)
                    && s != to
            })
            .map(|from| {
                Action::Move(UciMove {
                    from,
                    to,
                    promotion,
                })
            })
            .collect(),
    };
    if named.is_empty() {
        let what = match san {
            San::Castle(_) => "king".to_string(),
            San::Move { kind, .. } => kind.name().to_string(),
        };
        return Err(Misread {
            why: format!("{color} has no {what} that `{text}` could move"),
            rule: Some(RuleCode::NoPiece),
            clause: "CH-2.1".to_string(),
        });
    }
    Ok(named)
}

/// The default profile, for the check and mate marks of a written move: no
/// profile of chess changes what check or mate is (CH-3.3).
fn marks_profile() -> Profile {
    Profile::parse(Profile::names()[0]).expect("the default profile parses")
}

fn write_san(letters: &Letters, game: &dyn Game<Chess>, action: &Action) -> Option<String> {
    let Action::Move(m) = action else {
        return Some(action.to_string());
    };
    let p = game.position()?;
    let piece = p.at(m.from)?;
    let mut s = String::new();
    if piece.kind == Kind::King && (m.to.file() as i8 - m.from.file() as i8).abs() == 2 {
        s.push_str(if m.to.file() > m.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let capture =
            p.at(m.to).is_some() || (piece.kind == Kind::Pawn && m.from.file() != m.to.file());
        if piece.kind == Kind::Pawn {
            if capture {
                s.push((b'a' + m.from.file()) as char);
            }
        } else {
            s.push(letters.letter(piece.kind));
            let rivals: Vec<Square> = game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Move(o)
                        if o.to == m.to && o.from != m.from && p.at(o.from) == Some(piece) =>
                    {
                        Some(o.from)
                    }
                    _ => None,
                })
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|r| r.file() != m.from.file()) {
                    s.push((b'a' + m.from.file()) as char);
                } else if rivals.iter().all(|r| r.rank() != m.from.rank()) {
                    s.push((b'1' + m.from.rank()) as char);
                } else {
                    s.push_str(&m.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let Some(k) = m.promotion {
            s.push('=');
            s.push(letters.letter(k));
        }
    }
    // The check and mate marks, from the position after the move as the
    // reference plays it.
    if let Ok(mut after) = Chess::reference().start(&p, &marks_profile())
        && let Ok(note) = after.play(action)
    {
        if note.outcome.is_checkmate() {
            s.push('#');
        } else if note.check {
            s.push('+');
        }
    }
    Some(s)
}

/// The results that end a PGN game's movetext.
const PGN_RESULTS: &[&str] = &["1-0", "0-1", "1/2-1/2", "*"];

fn read_pgn(text: &str) -> Vec<Result<Record<Chess>, Located>> {
    pgn::records::<Chess>(text, PGN_RESULTS, |cut, at| {
        if let Some(v) = cut
            .tag("Variant")
            .filter(|v| !v.eq_ignore_ascii_case("standard"))
        {
            return Err(located(
                at,
                format!("the game is of the variant `{v}`, not chess"),
            ));
        }
        match cut.tag("FEN") {
            Some(fen) => {
                Position::from_fen(fen).map_err(|e| located(at, format!("the FEN tag: {e}")))
            }
            None => Ok(Position::start()),
        }
    })
}

fn expected_result(outcome: &Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::WhiteWins(_) => Some("1-0"),
        Outcome::BlackWins(_) => Some("0-1"),
        Outcome::Draw(_) => Some("1/2-1/2"),
    }
}

impl Notation for Chess {
    const NOTATIONS: &'static [NotationInfo] = &[
        NotationInfo {
            name: "san",
            title: "Standard Algebraic Notation, English letters, as PGN writes it",
            clause: "CH-N.2",
        },
        NotationInfo {
            name: "san-de",
            title: "Standard Algebraic Notation, German letters (K D T L S)",
            clause: "CH-N.4",
        },
    ];
    const RECORD_FORMATS: &'static [RecordFormat] = &[RecordFormat {
        name: "pgn",
        extensions: &["pgn"],
        notation: "san",
        clause: "CH-N.5",
    }];

    const NOTATIONS_CLAUSE: &'static str = "CH-N.1";

    fn read_notation(
        notation: &'static str,
        game: &dyn Game<Self>,
        text: &str,
    ) -> Result<Vec<Action>, Misread<Self>> {
        let letters = Letters::of(notation)
            .ok_or_else(|| unknown_notation(notation, Self::NOTATIONS_CLAUSE))?;
        read_san(letters, game, text)
    }

    fn write_notation(notation: &str, game: &dyn Game<Self>, action: &Action) -> Option<String> {
        write_san(Letters::of(notation)?, game, action)
    }

    /// The one record format, `pgn`.
    fn read_format(_pgn: &'static str, text: &str) -> Vec<Result<Record<Self>, Located>> {
        read_pgn(text)
    }

    fn check_result(
        claimed: &str,
        _record: &Record<Self>,
        game: &dyn Game<Self>,
    ) -> Option<String> {
        let outcome = game.outcome();
        let clause = <Chess as Basics>::outcome_clause(&outcome).unwrap_or("CH-10");
        match (expected_result(&outcome), claimed) {
            (Some(e), c) if c == e => None,
            (Some(e), "*") => Some(format!(
                "the record calls the game unfinished (*), but it is over: {outcome} ({clause}), {e}"
            )),
            (Some(e), c) => Some(format!(
                "the record claims {c}, but the game ended {outcome} ({clause}): {e}"
            )),
            // A game the rules have not ended may be resigned, lost on time
            // or drawn by agreement: any result stands (CH-N.6).
            (None, _) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::{Resolved, resolve, spell};

    fn game(fen: &str) -> Box<dyn Game<Chess>> {
        Chess::reference()
            .start(&Position::from_fen(fen).unwrap(), &marks_profile())
            .unwrap()
    }

    fn legal(g: &dyn Game<Chess>, text: &str) -> String {
        match resolve::<Chess>(Some("san"), g, text) {
            Resolved::Legal { action } => action.to_string(),
            Resolved::Refused(r) => panic!("{text} refused: {r}"),
        }
    }

    /// CH-N.2: the accepted variants of one move; CH-N.4: German letters.
    #[test]
    fn reads_the_spellings_of_one_move() {
        let g = game(crate::games::chess::position::START_FEN);
        for t in [
            "Nf3", "Ng1f3", "Ngf3", "N1f3", "Nf3+", "Nf3!?", "N-f3", "Ng1-f3",
        ] {
            assert_eq!(legal(&*g, t), "g1f3", "{t}");
        }
        for t in ["e4", "e2e4", "e2-e4", "e4!"] {
            assert_eq!(legal(&*g, t), "e2e4", "{t}");
        }
        assert!(
            matches!(
                resolve::<Chess>(Some("san"), &*g, "Sf3"),
                Resolved::Refused(_)
            ),
            "German letters are not English"
        );
        assert_eq!(
            resolve::<Chess>(Some("san-de"), &*g, "Sf3"),
            Resolved::Legal {
                action: "g1f3".parse().unwrap()
            }
        );
    }

    /// CH-N.4 (written) and CH-N.2 (read): castling, promotion, en passant, marks.
    #[test]
    fn castling_promotion_en_passant_and_marks_are_written_and_read() {
        let g = game("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        let w = |a: &str| spell::<Chess>(Some("san"), &*g, &a.parse().unwrap());
        assert_eq!(w("e1g1"), "O-O");
        assert_eq!(w("e1c1"), "O-O-O");
        assert_eq!(w("e5d6"), "exd6");
        assert_eq!(w("b7b8q"), "b8=Q+");
        assert_eq!(w("b7a8q"), "bxa8=Q+");
        assert_eq!(w("a1a8"), "Rxa8+");
        for (t, a) in [
            ("0-0", "e1g1"),
            ("O-O-O", "e1c1"),
            ("exd6e.p.", "e5d6"),
            ("exd6", "e5d6"),
            ("ed6", "e5d6"),
            ("b8Q", "b7b8q"),
            ("b8(Q)", "b7b8q"),
            ("bxa8=Q+", "b7a8q"),
        ] {
            assert_eq!(legal(&*g, t), a, "{t}");
        }
    }

    /// CH-N.4: the starting file, then rank, then square.
    #[test]
    fn disambiguation_by_file_then_rank_then_square() {
        // Two rooks on the first rank, two knights on one file, three queens.
        let g = game("6k1/8/8/8/1N2K3/Q1Q5/1N6/R6R w - - 0 1");
        let w = |a: &str| spell::<Chess>(Some("san"), &*g, &a.parse().unwrap());
        assert_eq!(w("a1d1"), "Rad1");
        assert_eq!(w("h1h2"), "Rh2");
        assert_eq!(w("b2d3"), "N2d3");
        assert_eq!(w("b4d3"), "N4d3");
        assert_eq!(w("a3b3"), "Qab3+");
    }

    /// CH-N.3: the judge's rule for a named move, CH-N.2 for no SAN, an
    /// ambiguous move, and the closest legal moves; CH-N.1: unknown notations.
    #[test]
    fn refusals_name_the_rule_and_the_closest_legal_readings() {
        let g = game(crate::games::chess::position::START_FEN);
        let refused = |t: &str| match resolve::<Chess>(Some("san"), &*g, t) {
            Resolved::Refused(r) => r,
            Resolved::Legal { action } => panic!("{t} read as {action}"),
        };
        let r = refused("Nf4");
        assert_eq!(r.rule, Some(RuleCode::NotAMove), "{r}");
        assert_eq!(r.closest[0], "Nf3");
        let r = refused("e5");
        assert_eq!(r.rule, Some(RuleCode::NotAMove), "{r}");
        assert!(r.closest.contains(&"e4".to_string()), "{r}");
        let r = refused("Qxd7");
        assert!(r.rule.is_some(), "{r}");
        assert!(matches!(
            Chess::read_move("pgn", &*g, "e4"),
            Err(m) if m.clause == "CH-N.1"
        ));
        let r = refused("Zf3");
        assert_eq!(r.rule, None);
        assert_eq!(r.clause, "CH-N.2");
        // A pinned knight: the judge names the check rule.
        let g = game("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        match resolve::<Chess>(Some("san"), &*g, "Nc3") {
            Resolved::Refused(r) => assert_eq!(r.rule, Some(RuleCode::InCheck), "{r}"),
            other => panic!("{other:?}"),
        }
        // Two knights can reach d2: ambiguous.
        let g = game("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        match resolve::<Chess>(Some("san"), &*g, "Nd2") {
            Resolved::Refused(r) => {
                assert!(r.why.contains("ambiguous"), "{r}");
                assert_eq!(r.closest, vec!["Nbd2", "Nfd2"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_legal_move_of_random_games_round_trips_in_both_letter_sets() {
        let mut rng = crate::rng::SplitMix(43);
        let mut checked = 0;
        for _ in 0..3 {
            let mut g = game(crate::games::chess::position::START_FEN);
            for _ in 0..40 {
                let legal = g.legal_actions();
                let moves: Vec<&Action> = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Move(_)))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                for notation in ["san", "san-de"] {
                    for a in &moves {
                        let text = spell::<Chess>(Some(notation), &*g, a);
                        match resolve::<Chess>(Some(notation), &*g, &text) {
                            Resolved::Legal { action } => assert_eq!(&action, *a, "{text}"),
                            Resolved::Refused(r) => panic!("{text} ({notation}) refused: {r}"),
                        }
                        checked += 1;
                    }
                }
                let a = *moves[rng.pick(moves.len())];
                g.play(&a).unwrap();
            }
        }
        assert!(checked > 1_500, "{checked}");
    }

    /// CH-N.5: PGN files; CH-N.6: the claimed result against the outcome.
    #[test]
    fn pgn_records_and_their_results() {
        let text = "[Event \"mate\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"wrong\"]\n1. f3 e5 2. g4 Qh4# 1-0\n";
        let recs = Chess::read_records("pgn", text);
        assert_eq!(recs.len(), 2);
        for (rec, wrong) in recs.into_iter().map(|r| r.unwrap()).zip([false, true]) {
            let mut g = Chess::reference()
                .start(&rec.setup, &marks_profile())
                .unwrap();
            for m in &rec.moves {
                let Resolved::Legal { action } = resolve::<Chess>(Some("san"), &*g, &m.text) else {
                    panic!("{}", m.text)
                };
                g.play(&action).unwrap();
            }
            let claim = rec.result.clone().unwrap();
            assert_eq!(
                Chess::check_result(&claim, &rec, &*g).is_some(),
                wrong,
                "{claim}"
            );
        }
    }
}
