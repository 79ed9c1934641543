//! The generator as it was before the exact-code de-duplication (main at
//! d1af295): every route of the dice, then one play per resulting board
//! found by a linear scan. Kept for the tests only, as the literal form the
//! fast generator must equal field for field on every position and fault
//! switch (the dice each play is credited with included: the note's unused
//! dice come from them).

use super::{Board, Found, NO_STEP, mark_hits};
use crate::games::backgammon::board::{BAR, OFF, Step};
use crate::games::backgammon::profile::Faults;

fn highest(b: &Board) -> u8 {
    (1..=25u8)
        .rev()
        .find(|&p| b.me[p as usize] > 0)
        .unwrap_or(0)
}

fn try_step(b: &mut Board, from: u8, die: u8, f: &Faults) -> Option<Step> {
    let fi = from as usize;
    if b.me[fi] == 0 {
        return None;
    }
    if from != BAR && b.me[25] > 0 && !f.move_while_on_bar {
        return None;
    }
    if from > die {
        let to = from - die;
        let opp = 25 - to as usize;
        if b.them[opp] >= 2 && !f.land_on_point {
            return None;
        }
        let hit = b.them[opp] == 1;
        if hit {
            b.them[opp] = 0;
            b.them[25] += 1;
        }
        b.me[fi] -= 1;
        b.me[to as usize] += 1;
        return Some(Step { from, to, hit });
    }
    let high = highest(b);
    let home = b.me[25] == 0 && (high <= 6 || (f.bear_off_once_started && b.me[0] > 0));
    if !(home || f.bear_off_not_home) {
        return None;
    }
    if from < die && !f.bear_off_any_higher && high > from {
        return None;
    }
    b.me[fi] -= 1;
    b.me[0] += 1;
    Some(Step {
        from,
        to: OFF,
        hit: false,
    })
}

fn key(r: &Found) -> [(u8, u8); 4] {
    let mut k = [(0u8, 0u8); 4];
    for (slot, s) in k.iter_mut().zip(r.steps()) {
        *slot = (s.from, s.to);
    }
    k
}

/// The legal plays of dice `hi`, `lo` for the mover of `board`, in the
/// order the old generator listed them.
pub fn generate(board: &Board, hi: u8, lo: u8, f: &Faults) -> Vec<Found> {
    let mut raw = Vec::new();
    let mut cur = Found {
        after: *board,
        steps: [NO_STEP; 4],
        dice: [0; 4],
        n: 0,
    };
    if hi == lo {
        let times = if f.doubles_twice { 2 } else { 4 };
        doubles(&mut raw, &mut cur, hi, times, 25, f);
    } else {
        pair(&mut raw, &cur, [hi, lo], f);
        pair(&mut raw, &cur, [lo, hi], f);
    }
    let most = raw.iter().map(|r| r.n).max().unwrap_or(0);
    let high_alone = most == 1 && hi != lo && raw.iter().any(|r| r.n == 1 && r.dice[0] == hi);
    let mut plays: Vec<Found> = Vec::new();
    for r in &raw {
        if r.n == 0 || (!f.not_maximal && r.n < most) {
            continue;
        }
        if high_alone && !f.either_die && r.dice[0] != hi {
            continue;
        }
        let mut r = *r;
        sort_steps(&mut r);
        match plays.iter_mut().find(|p| p.after == r.after) {
            Some(p) => {
                if key(&r) < key(p) {
                    *p = r;
                }
            }
            None => plays.push(r),
        }
    }
    for p in &mut plays {
        mark_hits(p);
    }
    plays
}

fn pair(raw: &mut Vec<Found>, cur: &Found, dice: [u8; 2], f: &Faults) {
    let mut moved = false;
    for from in (1..=25u8).rev() {
        let mut b = cur.after;
        let Some(s) = try_step(&mut b, from, dice[0], f) else {
            continue;
        };
        moved = true;
        let mut any_second = false;
        for from2 in (1..=25u8).rev() {
            let mut b2 = b;
            if let Some(s2) = try_step(&mut b2, from2, dice[1], f) {
                any_second = true;
                push(raw, cur, &[(s, dice[0]), (s2, dice[1])], b2);
            }
        }
        if !any_second || f.not_maximal {
            push(raw, cur, &[(s, dice[0])], b);
        }
    }
    if !moved {
        push(raw, cur, &[], cur.after);
    }
}

fn doubles(raw: &mut Vec<Found>, cur: &mut Found, d: u8, left: u8, max_from: u8, f: &Faults) {
    let mut moved = false;
    if left > 0 {
        for from in (1..=max_from).rev() {
            let mut b = cur.after;
            if let Some(s) = try_step(&mut b, from, d, f) {
                moved = true;
                let saved = *cur;
                let k = usize::from(cur.n);
                cur.steps[k] = s;
                cur.dice[k] = d;
                cur.n += 1;
                cur.after = b;
                doubles(raw, cur, d, left - 1, from, f);
                *cur = saved;
            }
        }
    }
    if !moved || (f.not_maximal && cur.n > 0) {
        raw.push(*cur);
    }
}

fn push(raw: &mut Vec<Found>, cur: &Found, steps: &[(Step, u8)], after: Board) {
    let mut r = *cur;
    for (k, (s, d)) in steps.iter().enumerate() {
        r.steps[k] = *s;
        r.dice[k] = *d;
    }
    r.n = steps.len() as u8;
    r.after = after;
    raw.push(r);
}

/// Sorts a play's steps from the highest start, then the highest end,
/// keeping each step's die with it.
fn sort_steps(r: &mut Found) {
    let n = usize::from(r.n);
    let mut pairs = [(NO_STEP, 0u8); 4];
    for (k, slot) in pairs.iter_mut().enumerate().take(n) {
        *slot = (r.steps[k], r.dice[k]);
    }
    pairs[..n].sort_by_key(|p| std::cmp::Reverse((p.0.from, p.0.to)));
    for (k, (s, d)) in pairs.iter().enumerate().take(n) {
        r.steps[k] = *s;
        r.dice[k] = *d;
    }
}
