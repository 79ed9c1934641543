//! The `chess_short` fuzz property: a bounded amount of reference work per
//! execution. The input builds a position, then both implementations play
//! a short line from it (at most [`MAX_TAIL`] plies) and are compared at
//! every ply by [`compare_game`].
//!
//! The position comes one of two ways:
//!
//! - **Seed and prefix.** A setup of [`SETUPS`] and up to [`MAX_PREFIX`]
//!   plies the engine alone plays (random legal moves, the mover's last move
//!   undone now and then), under the profile. The reference never sees the
//!   prefix: the short line starts a fresh game on both implementations from
//!   the position the engine reached. The prefix is trusted because it is
//!   what `chess_differential` compares ply by ply from the same setups and
//!   profiles; here it only has to yield a reachable position.
//! - **Built.** Two kings and up to ten other pieces on squares the input
//!   names, a side to move, castling rights, an en-passant square and clocks,
//!   checked by [`Position::from_fen`] (the structure of CH-1.2) and then by
//!   both implementations' setup checks, which must accept or refuse alike.
//!
//! A fresh game has no history, so repetitions counted here are those of the
//! short line itself; repetition across a long game is what
//! `chess_differential` is for.

use std::sync::LazyLock;

use arbitrary::Unstructured;

use super::{SETUPS, Source, Tally, compare_game, profiles, undo_of};
use crate::games::chess::action::Action;
use crate::games::chess::board::{Color, Kind, Piece, Square};
use crate::games::chess::engine::EngineGame;
use crate::games::chess::position::Position;
use crate::games::chess::profile::Profile;
use crate::rng::SplitMix;
use crate::rules::Game;

/// The longest engine-only prefix.
pub const MAX_PREFIX: usize = 160;

/// The longest compared line.
pub const MAX_TAIL: usize = 24;

/// The profiles, built once (the fuzzer calls the property many times).
static PROFILES: LazyLock<Vec<Profile>> = LazyLock::new(profiles);

/// The fuzzer's remaining bytes as the choices of the compared line, two
/// bytes a choice, until they run out.
impl Source for Unstructured<'_> {
    fn next(&mut self) -> Option<u32> {
        if self.is_empty() {
            return None;
        }
        self.arbitrary::<u16>().ok().map(u32::from)
    }
}

/// Where the compared line starts.
#[derive(Clone, Debug)]
pub struct Start {
    /// The position.
    pub position: Position,
    /// The profile both implementations play.
    pub profile: Profile,
    /// How it was made, for the failure message.
    pub how: String,
}

/// The start a fuzz input describes, `None` when the built position is not
/// one (CH-1.2's structure refuses it, or neither implementation starts a
/// game from it).
pub fn start(u: &mut Unstructured) -> arbitrary::Result<Option<Start>> {
    let profile = PROFILES[u.choose_index(PROFILES.len())?].clone();
    if u.ratio(1, 4)? {
        return Ok(built(u)?.map(|position| Start {
            how: format!("built `{}`", position.fen()),
            position,
            profile,
        }));
    }
    let setup = SETUPS[u.choose_index(SETUPS.len())?];
    let plies = u.int_in_range(0..=MAX_PREFIX)?;
    let seed: u64 = u.arbitrary()?;
    let from = Position::from_fen(setup).expect("the workload's setups are valid");
    let Ok(mut e) = EngineGame::new(&from, &profile) else {
        return Ok(None);
    };
    prefix(&mut e, plies, &mut SplitMix(seed));
    let position = e.position().expect("the engine tells its position");
    Ok(Some(Start {
        how: format!(
            "setup `{setup}` and {} engine plies (seed {seed}) to `{}`",
            e.ply(),
            position.fen()
        ),
        position,
        profile,
    }))
}

/// Plays up to `plies` random moves on the engine alone, stopping when the
/// game is over: a third of the time the mover undoes its last move when
/// it can (so positions repeat and clocks run), otherwise any legal move.
fn prefix(e: &mut EngineGame, plies: usize, rng: &mut SplitMix) {
    let mut played = Vec::new();
    for _ in 0..plies {
        if e.outcome().is_over() {
            return;
        }
        let moves: Vec<Action> = e.moves().into_iter().map(Action::Move).collect();
        if moves.is_empty() {
            return;
        }
        let pick = match undo_of(&played) {
            Some(u) if rng.pick(3) == 0 && moves.contains(&u) => u,
            _ => moves[rng.pick(moves.len())],
        };
        if e.play(&pick).is_err() {
            return;
        }
        played.push(pick);
    }
}

/// A position built piece by piece; `None` when CH-1.2's structure refuses
/// it. Castling rights whose king or rook is not at home are dropped, and
/// an en-passant square comes with the pawn that made the double step, so
/// that most inputs make a position.
fn built(u: &mut Unstructured) -> arbitrary::Result<Option<Position>> {
    let mut board = [None; 64];
    let castle_ready = u.ratio(1, 3)?;
    let mut put = |sq: usize, color: Color, kind: Kind| {
        if board[sq].is_none() {
            board[sq] = Some(Piece { color, kind });
        }
    };
    if castle_ready {
        put(4, Color::White, Kind::King);
        put(60, Color::Black, Kind::King);
        for (sq, color) in [(0, Color::White), (7, Color::White)] {
            put(sq, color, Kind::Rook);
        }
        for (sq, color) in [(56, Color::Black), (63, Color::Black)] {
            put(sq, color, Kind::Rook);
        }
    } else {
        put(u.int_in_range(0..=63)?, Color::White, Kind::King);
        put(u.int_in_range(0..=63)?, Color::Black, Kind::King);
    }
    for _ in 0..u.int_in_range(0..=10)? {
        let sq = u.int_in_range(0..=63)?;
        let color = if u.arbitrary()? {
            Color::White
        } else {
            Color::Black
        };
        let kind = *u.choose(&[
            Kind::Pawn,
            Kind::Pawn,
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
        ])?;
        put(sq, color, kind);
    }
    let to_move = if u.arbitrary()? {
        Color::White
    } else {
        Color::Black
    };
    let mut position = Position {
        board,
        to_move,
        castling: Default::default(),
        ep: None,
        halfmove: 0,
        fullmove: 1,
    };
    let rights: u8 = u.arbitrary()?;
    for (i, (color, king_side, king, rook)) in [
        (Color::White, true, 4, 7),
        (Color::White, false, 4, 0),
        (Color::Black, true, 60, 63),
        (Color::Black, false, 60, 56),
    ]
    .into_iter()
    .enumerate()
    {
        let home = |sq: usize, kind| position.board[sq] == Some(Piece { color, kind });
        if rights >> i & 1 == 1 && home(king, Kind::King) && home(rook, Kind::Rook) {
            position.castling.set(color, king_side, true);
        }
    }
    if u.ratio(1, 4)? {
        // The double step the side not to move just made on file `f`.
        let f: usize = u.int_in_range(0..=7)?;
        let (pawn, passed, from, mover) = match to_move {
            Color::White => (32 + f, 40 + f, 48 + f, Color::Black),
            Color::Black => (24 + f, 16 + f, 8 + f, Color::White),
        };
        position.board[pawn] = Some(Piece {
            color: mover,
            kind: Kind::Pawn,
        });
        position.board[passed] = None;
        position.board[from] = None;
        position.ep = Some(Square(passed as u8));
    }
    position.halfmove = match u.int_in_range(0..=3)? {
        0 => 0,
        1 => u.int_in_range(0..=20)?,
        2 => u.int_in_range(90..=110)?,
        _ => u.int_in_range(140..=155)?,
    };
    if position.ep.is_some() {
        position.halfmove = 0;
    }
    position.fullmove = 1 + position.halfmove / 2 + u.int_in_range(0..=60)?;
    // The FEN round trip is the setup check every reading agrees on.
    Ok(Position::from_fen(&position.fen()).ok())
}

/// The fuzz property of `chess_short`: a start ([`start`]), then a line of
/// at most [`MAX_TAIL`] plies compared at every ply; any difference panics
/// with its description. Returns what the line went through (nothing when
/// the input makes no start).
pub fn check_short(data: &[u8]) -> Tally {
    let mut tally = Tally::default();
    let mut u = Unstructured::new(data);
    let Ok(Some(start)) = start(&mut u) else {
        return tally;
    };
    let Ok(plies) = u.int_in_range(1..=MAX_TAIL) else {
        return tally;
    };
    if let Err(e) = compare_start(&start, &mut u, plies, &mut tally) {
        panic!("reference and engine differ from {}: {e}", start.how);
    }
    tally
}

/// Both implementations start a game from `start` or both refuse it; then
/// [`compare_game`] plays `plies` plies with the choices from `src`.
pub fn compare_start(
    start: &Start,
    src: &mut dyn Source,
    plies: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    compare_game(&start.position, &start.profile, src, plies, tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed seeds (`fuzz/corpus/chess_short/`) compare lines, not
    /// just starts: games, plies, verdicts, lines that end the game, a
    /// repetition within the line.
    #[test]
    fn the_seed_corpus_compares_lines() {
        let mut tally = Tally::default();
        for data in crate::rules::compare::seed_corpus("chess_short") {
            tally.add(&check_short(&data));
        }
        println!("{tally}");
        assert!(tally.games >= 100, "{tally}");
        // The merged seeds are a few bytes each, two a choice: their lines
        // mostly stop at the start; the `random-line-*` seeds play lines.
        assert!(tally.plies >= 80 && tally.verdicts > 0, "{tally}");
        assert!(tally.checkmates + tally.stalemates > 0, "{tally}");
        assert!(tally.threefold > 0, "{tally}");
    }

    /// The seed `no-mating-force-knight-v-bishop` starts from a king and a
    /// knight against a king and a bishop under the
    /// `material-no-mating-force` mutant (AM-5), where the standard test
    /// (CH-5.2) sees mating material and the per-side test of that reading
    /// calls the game drawn: the position the coverage of `chess_short`
    /// missed (docs/fuzzing.md, "Coverage of the rules").
    #[test]
    fn a_seed_reaches_the_no_mating_force_reading() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus/chess_short/no-mating-force-knight-v-bishop");
        let data = std::fs::read(path).expect("the committed seed");
        let s = start(&mut Unstructured::new(&data))
            .expect("enough bytes")
            .expect("a start");
        assert!(
            s.profile.name.ends_with("~material-no-mating-force"),
            "{}",
            s.profile.name
        );
        let mut minors: Vec<(Color, Kind)> = s
            .position
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind != Kind::King)
            .map(|p| (p.color, p.kind))
            .collect();
        minors.sort_by_key(|&(c, k)| (c as u8, k as u8));
        assert_eq!(minors.len(), 2, "{}", s.how);
        assert!(
            minors[0].0 != minors[1].0 && minors[0].1 != minors[1].1,
            "{}",
            s.how
        );
        assert!(
            minors
                .iter()
                .all(|(_, k)| matches!(k, Kind::Knight | Kind::Bishop))
        );
        let t = check_short(&data);
        assert_eq!(t.material, 1, "{t}");
    }
}
