//! The captures of one position as the native random games need them:
//! counted, and the `i`-th in action order found, with as little search as
//! the position allows.
//!
//! Most capture positions have only single jumps: a stone that moves one
//! square jumps, and no jump is open from where it lands. Such a jump is a
//! whole capture by itself (path: start, landing; one stone taken), so the
//! stones whose every jump is of that kind are kept as one set of jumpers a
//! direction, like the steps ([`super::movegen::StepSets`]), and counted by
//! population counts. Only the other capturing stones (one with a landing
//! square from which it could jump again, a flying Dame, every stone under
//! the majority rule, whose longest-capture filter spans all stones) have
//! their chains searched and listed, sorted by path as `legal_actions`
//! sorts them. A capture's path starts with its stone's square, so the
//! captures of each stone stand together in that order, and those of a
//! single-jump stone sort by landing square: south-west, south-east,
//! north-west, north-east, the order of the step table `ROTATION`.

use super::super::board::Side;
use super::super::profile::{Crowning, Majority, Profile, Range};
use super::list::MoveList;
use super::movegen::{POP4, ROTATION, Sides, sh, short_jumpers};
use super::mv::{Mv, MvKind};

/// The captures of one position split into single jumps (as sets) and
/// the stones whose chains are searched.
pub struct JumpSets {
    /// For each direction (see [`super::bits::shift`]), the stones whose
    /// jump that way is a whole capture: stones in `searched` left out.
    jumps: [u64; 4],
    /// The capturing stones whose captures are searched and listed.
    pub searched: u64,
    /// The mover's men (a man landing on the crowning row is crowned).
    men: u64,
    /// The mover's crowning row.
    crown: u64,
}

/// Two steps in direction `D` (the landing square of a jump).
#[inline(always)]
fn sh2<const D: usize>(b: u64) -> u64 {
    sh::<D>(sh::<D>(b))
}

impl JumpSets {
    /// The captures of the mover's stones `from` (the stones
    /// [`super::movegen::capturers`] found: every stone with a jump open).
    #[inline(always)]
    pub fn new(p: &Profile, s: &Sides, from: u64) -> JumpSets {
        let men = s.own & !s.dames;
        let crown = s.crown_row();
        if p.majority == Majority::Maximum {
            return JumpSets {
                jumps: [0; 4],
                searched: from,
                men,
                crown,
            };
        }
        let empty = s.empty();
        let e = s.enemy;
        // The squares a stone could jump from in each direction: the next
        // square holds a stone to take, the one behind it is free. From a
        // landing square the way back is never open (the square behind
        // the taken stone is the jumping stone's start, occupied here), so
        // these sets answer whether a landing square can jump again.
        let open = [
            sh::<3>(sh::<3>(empty) & e),
            sh::<2>(sh::<2>(empty) & e),
            sh::<1>(sh::<1>(empty) & e),
            sh::<0>(sh::<0>(empty) & e),
        ];
        let [m0, m1, m2, m3] = short_jumpers(p, s);
        let jumps = [m0 & open[0], m1 & open[1], m2 & open[2], m3 & open[3]];
        let any = open[0] | open[1] | open[2] | open[3];
        let forward = match s.side {
            Side::White => open[0] | open[1],
            Side::Black => open[2] | open[3],
        };
        let man_on = if p.men_capture_backward { any } else { forward };
        // Where a man landing on its crowning row goes on.
        let crowned_on = match p.crowning {
            Crowning::EndsMove => 0,
            Crowning::PassesThrough => man_on,
            Crowning::ContinuesAsDame if p.dame.range == Range::Flying => u64::MAX,
            Crowning::ContinuesAsDame => any,
        };
        // The landing squares from which a man, or a Dame that moves one
        // square, goes on jumping.
        let man_goes_on = (man_on & !crown) | (crowned_on & crown);
        let dame_goes_on = any;
        // A flying Dame's captures are always searched.
        let mut searched = if p.dame.range == Range::Flying {
            from & s.dames
        } else {
            0
        };
        searched |= jumps[0] & (men & sh2::<3>(man_goes_on) | !men & sh2::<3>(dame_goes_on));
        searched |= jumps[1] & (men & sh2::<2>(man_goes_on) | !men & sh2::<2>(dame_goes_on));
        searched |= jumps[2] & (men & sh2::<1>(man_goes_on) | !men & sh2::<1>(dame_goes_on));
        searched |= jumps[3] & (men & sh2::<0>(man_goes_on) | !men & sh2::<0>(dame_goes_on));
        JumpSets {
            jumps: jumps.map(|j| j & !searched),
            searched,
            men,
            crown,
        }
    }

    /// How many single jumps there are (the searched stones' captures
    /// are counted by their list).
    #[inline(always)]
    pub fn count(&self) -> usize {
        let [a, b, c, d] = self.jumps;
        (a.count_ones() + b.count_ones() + c.count_ones() + d.count_ones()) as usize
    }

    /// The `i`-th capture in action order: a single jump, or one of
    /// `list`, which holds the captures of the searched stones sorted by
    /// path; `i` must be below [`JumpSets::count`] plus the list's length.
    #[inline(always)]
    pub fn nth(&self, mut i: usize, list: &MoveList) -> Mv {
        let [j0, j1, j2, j3] = self.jumps;
        let mut stones = j0 | j1 | j2 | j3 | self.searched;
        let mut listed = 0;
        while stones != 0 {
            let b = stones & stones.wrapping_neg();
            stones ^= b;
            let k = b.trailing_zeros();
            if b & self.searched != 0 {
                let first = listed;
                while list.mvs.get(listed).is_some_and(|m| u32::from(m.from) == k) {
                    listed += 1;
                }
                if i < listed - first {
                    return list.mvs[first + i];
                }
                i -= listed - first;
                continue;
            }
            let ways = ((j3 >> k) & 1)
                | ((j2 >> k) & 1) << 1
                | ((j1 >> k) & 1) << 2
                | ((j0 >> k) & 1) << 3;
            let n = POP4[ways as usize] as usize;
            if i < n {
                let r = u32::from(ROTATION[ways as usize][i]);
                let over = b.rotate_left(r);
                let to = over.rotate_left(r);
                return Mv {
                    kind: MvKind::Capture,
                    from: k as u8,
                    to: to.trailing_zeros() as u8,
                    taken: over,
                    crowned: b & self.men != 0 && to & self.crown != 0,
                    complete: true,
                    jumps: 1,
                    at: 0,
                };
            }
            i -= n;
        }
        unreachable!("a capture index below the count of captures")
    }
}
