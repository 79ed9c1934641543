//! Random games played natively: the engine's own loop over its compact
//! position, without the `Game` trait's actions and notes. A ply draws
//! one index below the number of legal actions, exactly as a caller of
//! `legal_actions` draws from the list it gets, and the index is read in
//! that list's order (steps by start then target square, captures by path,
//! huffs by square: the sorted order of `Action`), so a seeded generator
//! plays the same game here as through the trait, move for move.
//!
//! Only what the draw needs is built: the steps are counted by shifts and
//! the one drawn is found by population counts or stone by stone
//! ([`StepSets`]); captures, when a stone can jump, are single jumps kept
//! as sets where no landing square can jump again ([`JumpSets`]), and
//! listed and sorted by path only for the other capturing stones; huffs
//! are the bits of the position's huffable set. The ply is compiled once
//! for each side. Every end of the
//! game is judged by [`Pos::outcome`] from those counts at every position
//! reached, as `EngineGame` judges it after each action: all stones taken
//! (DA-5.1), no legal action (DA-5.2), and the no-progress draw the
//! profile switches on (AD-11), the kill matrix's faults included.

use super::super::board::Side;
use super::super::game::Outcome;
use super::super::profile::{CaptureRule, Profile};
use super::EngineGame;
use super::jumpsets::JumpSets;
use super::list::MoveList;
use super::movegen::{StepSets, capturers};
use super::mv::{Mv, MvKind};
use super::position::Pos;

impl EngineGame {
    /// Makes this game a copy of `start` (the same profile, position, ply
    /// count and list) without allocating once its buffers have grown:
    /// how a series of playouts goes back to its start.
    pub fn restart_from(&mut self, start: &EngineGame) {
        if self.profile != start.profile {
            self.profile.clone_from(&start.profile);
        }
        self.pos = start.pos;
        self.plies = start.plies;
        self.outcome = start.outcome;
        self.list.copy_from(&start.list);
    }

    /// Plays a random game on from this position: at most `cap` plies,
    /// fewer if the game ends, each the action at index `pick(n)` (below
    /// `n`, the number of legal actions) of the sorted legal list. Returns
    /// the plies played; the game is left at the position reached, its
    /// outcome and legal list as after the same actions through `play`.
    ///
    /// `pick` is called once a ply with the length `legal_actions` would
    /// have.
    ///
    /// # Panics
    ///
    /// If `pick` returns an index that is not below its argument.
    pub fn playout(&mut self, cap: usize, pick: impl FnMut(usize) -> usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `playout_popcnt` is compiled for one feature beyond
            // the build's target, the popcnt instruction, and the processor
            // has it (checked just above).
            return unsafe { self.playout_popcnt(cap, pick) };
        }
        self.playout_loop(cap, pick)
    }

    /// [`EngineGame::playout`] compiled with the popcnt instruction: the
    /// loop counts steps by population counts, which the default x86-64
    /// target computes in a dozen instructions each.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn playout_popcnt(&mut self, cap: usize, pick: impl FnMut(usize) -> usize) -> usize {
        self.playout_loop(cap, pick)
    }

    /// The loop of [`EngineGame::playout`].
    #[inline(always)]
    fn playout_loop(&mut self, cap: usize, mut pick: impl FnMut(usize) -> usize) -> usize {
        let p = &self.profile;
        let captures = &mut self.list;
        let mut pos = self.pos;
        // Under a named profile's switches the loop runs on a constant copy
        // of them, so that every switch read in the ply is decided at
        // compile time; any other profile runs the same loop reading them.
        let english = &Profile::ENGLISH_SWITCHES;
        let plies = if same_switches(p, english) {
            plies_under(english, captures, &mut pos, cap, &mut pick)
        } else {
            plies_under(p, captures, &mut pos, cap, &mut pick)
        };
        self.pos = pos;
        self.plies += plies;
        self.refresh();
        plies
    }
}

/// Whether `a` and `b` have the same switches (their names aside). Every
/// field is named, so that a switch added to [`Profile`] cannot be left
/// out of the comparison.
fn same_switches(a: &Profile, b: &Profile) -> bool {
    let Profile {
        name: _,
        first,
        capture,
        men_capture_backward,
        dame,
        crowning,
        majority,
        removal,
        huff,
        draw,
        faults,
    } = a;
    *first == b.first
        && *capture == b.capture
        && *men_capture_backward == b.men_capture_backward
        && *dame == b.dame
        && *crowning == b.crowning
        && *majority == b.majority
        && *removal == b.removal
        && *huff == b.huff
        && *draw == b.draw
        && *faults == b.faults
}

/// The plies of [`EngineGame::playout`] under `p` from `pos`, at most
/// `cap`; how many were played.
#[inline(always)]
fn plies_under(
    p: &Profile,
    captures: &mut MoveList,
    pos: &mut Pos,
    cap: usize,
    pick: &mut impl FnMut(usize) -> usize,
) -> usize {
    let mut plies = 0;
    // One copy of the ply for each side, so that every test of the
    // mover's side (forward directions, crowning row) is a constant.
    while match pos.to_move {
        Side::White => ply(p, captures, pos, plies == cap, pick, Side::White),
        Side::Black => ply(p, captures, pos, plies == cap, pick, Side::Black),
    } {
        plies += 1;
    }
    plies
}

/// One ply of [`EngineGame::playout`] for `side`, the side to move at
/// `pos`: unless `last`, counts the actions and, unless the game is over
/// there, plays the one at index `pick(n)`; whether it played.
#[inline(always)]
fn ply(
    p: &Profile,
    captures: &mut MoveList,
    pos: &mut Pos,
    last: bool,
    pick: &mut impl FnMut(usize) -> usize,
    side: Side,
) -> bool {
    // At the cap nothing is counted: `EngineGame::refresh` lists the
    // position reached and judges it once the loop is done.
    if last {
        return false;
    }
    let compulsory = p.capture == CaptureRule::Compulsory;
    let s = pos.sides_as(side);
    let from = capturers(p, &s);
    let sets = StepSets::new(p, &s);
    let steps = if !compulsory || from == 0 {
        sets.count() as usize
    } else {
        0
    };
    let jumps = (from != 0).then(|| JumpSets::new(p, &s, from));
    let caps = match &jumps {
        None => 0,
        Some(j) if j.searched == 0 => j.count(),
        Some(j) => {
            captures.fill_captures(p, &s, j.searched);
            j.count() + captures.mvs.len()
        }
    };
    let huffs = if p.capture == CaptureRule::Huffing {
        pos.huffable.count_ones() as usize
    } else {
        0
    };
    let moves = steps + caps;
    let actions = moves + huffs;
    // The common case first: with a move to make, stones on both sides and
    // no draw due, none of `Pos::outcome`'s endings can apply (each needs
    // no move, no stones on one side, or the draw), so it is not asked.
    let draw = p.draw.no_progress_plies;
    let surely_on = moves != 0 && s.enemy != 0 && (draw == 0 || pos.quiet < draw);
    if !surely_on && pos.outcome(p, actions, moves) != Outcome::Ongoing {
        return false;
    }
    let i = pick(actions);
    assert!(i < actions, "pick({actions}) gave {i}");
    let m = if i < steps {
        let (f, t) = sets.nth(i as u32);
        Mv::simple(
            MvKind::Step,
            f.trailing_zeros() as u8,
            t.trailing_zeros() as u8,
        )
    } else if let Some(j) = jumps.as_ref().filter(|_| i < moves) {
        j.nth(i - steps, captures)
    } else {
        let mut h = pos.huffable;
        for _ in moves..i {
            h &= h - 1;
        }
        let at = h.trailing_zeros() as u8;
        Mv::simple(MvKind::Huff, at, at)
    };
    pos.play_as(p, &m, side);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_switches_tells_profiles_apart_by_their_switches() {
        let english = &Profile::ENGLISH_SWITCHES;
        assert!(same_switches(english, &Profile::english()));
        assert!(same_switches(
            english,
            &Profile::parse("english+draw.no-progress-plies=0").unwrap()
        ));
        assert!(!same_switches(english, &Profile::seed_004()));
        assert!(!same_switches(english, &Profile::damenspiel()));
        for changed in [
            "english+majority=maximum",
            "english+draw.no-progress-plies=80",
        ] {
            let p = Profile::parse(changed).unwrap();
            assert!(!same_switches(english, &p), "{changed}");
        }
        let mut faulty = Profile::english();
        faulty.faults.shut_in_before_huff = true;
        assert!(!same_switches(english, &faulty));
    }
}
