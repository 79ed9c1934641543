//! Captures, literally (DA-3, DA-4.3, AD-5 to AD-9): every path a stone
//! can jump, found one jump at a time, each prefix of a path kept with
//! whether it could have gone on.

use super::super::board::{Board, Dir, Kind, Side, Square, Stone};
use super::super::profile::{Crowning, Landing, Profile, Range, Reach, Removal};

/// A capture path: where the stone went and what it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The start square, then each landing square.
    pub path: Vec<Square>,
    /// The squares of the stones taken, in order.
    pub captured: Vec<Square>,
    /// Whether the moving man is a Dame at the end of the move.
    pub crowned: bool,
    /// Whether the path ends because no further jump is open (or crowning
    /// ended it, AD-7); `false` for a path that stops early.
    pub complete: bool,
}

/// The board as the moving stone sees it in the middle of a capture: its
/// own start square is empty, and stones already taken stand until the move
/// ends or are gone at once (AD-9).
pub struct View<'a> {
    /// The board before the move.
    pub board: &'a Board,
    /// The moving stone's start square.
    pub origin: Square,
    /// The stones taken so far.
    pub captured: &'a [Square],
    /// The profile.
    pub profile: &'a Profile,
}

impl View<'_> {
    /// What stands on `sq` for the rest of the move.
    pub fn at(&self, sq: Square) -> Option<Stone> {
        if sq == self.origin {
            return None;
        }
        if self.profile.removal == Removal::AtOnce && self.captured.contains(&sq) {
            return None;
        }
        self.board.get(sq)
    }
}

/// One jump: the square of the stone taken and the landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The stone taken.
    pub over: Square,
    /// Where the jumping stone lands.
    pub to: Square,
}

/// Every jump open to a `kind` stone of `side` on `from` (DA-3.1, DA-4.3).
pub fn jumps(view: &View, from: Square, side: Side, kind: Kind) -> Vec<Jump> {
    let p = view.profile;
    let mut out = Vec::new();
    for d in Dir::ALL {
        // AD-13: men capture forward only unless the profile says otherwise.
        if kind == Kind::Man && !d.is_forward(side) && !p.men_capture_backward {
            continue;
        }
        let flying = kind == Kind::Dame && p.dame.range == Range::Flying;
        // Find the first stone along the diagonal: next to the stone, or
        // (a flying Dame capturing from a distance, AD-5) after free squares.
        let mut n = 1;
        let over = loop {
            let Some(sq) = from.step(d, n) else {
                break None;
            };
            if view.at(sq).is_some() {
                break Some(sq);
            }
            if !(flying && p.dame.reach == Reach::Distance) {
                break None;
            }
            n += 1;
        };
        let Some(over) = over else { continue };
        let stone = view.at(over).expect("occupied");
        // DA-3.3: never over an own stone; DA-3.4: never twice over one.
        if stone.side == side || view.captured.contains(&over) {
            continue;
        }
        // DA-3.1: land on a free square right behind; a flying Dame under
        // AD-6 also on any free square further on.
        let mut m = 1;
        while let Some(to) = over.step(d, m) {
            if view.at(to).is_some() {
                break;
            }
            out.push(Jump { over, to });
            if !(flying && p.dame.landing == Landing::AnyBeyond) {
                break;
            }
            m += 1;
        }
    }
    out
}

/// Every capture the stone on `from` can make, each prefix included.
pub fn chains(board: &Board, from: Square, profile: &Profile) -> Vec<Chain> {
    let Some(stone) = board.get(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut path = vec![from];
    let mut captured = Vec::new();
    extend(
        board,
        profile,
        stone,
        stone.kind,
        &mut path,
        &mut captured,
        &mut out,
    );
    out
}

/// Depth-first: every jump from the path's end, recording each new path.
fn extend(
    board: &Board,
    profile: &Profile,
    stone: Stone,
    kind: Kind,
    path: &mut Vec<Square>,
    captured: &mut Vec<Square>,
    out: &mut Vec<Chain>,
) {
    let here = *path.last().expect("a path has a start");
    let view = View {
        board,
        origin: path[0],
        captured,
        profile,
    };
    for j in jumps(&view, here, stone.side, kind) {
        path.push(j.to);
        captured.push(j.over);
        let reaches_crown = j.to.rank() == stone.side.crowning_rank();
        let (next_kind, ends) = match (kind, reaches_crown, profile.crowning) {
            (Kind::Man, true, Crowning::EndsMove) => (Kind::Dame, true),
            (Kind::Man, true, Crowning::ContinuesAsDame) => (Kind::Dame, false),
            _ => (kind, false),
        };
        let more = !ends && {
            let v = View {
                board,
                origin: path[0],
                captured,
                profile,
            };
            !jumps(&v, j.to, stone.side, next_kind).is_empty()
        };
        // DA-4.1: a man ending its move on the crowning row is crowned.
        let crowned = stone.kind == Kind::Man && (next_kind == Kind::Dame || reaches_crown);
        out.push(Chain {
            path: path.clone(),
            captured: captured.clone(),
            crowned,
            complete: !more,
        });
        if more {
            extend(board, profile, stone, next_kind, path, captured, out);
        }
        path.pop();
        captured.pop();
    }
}
