//! The legal plays of a roll, found literally: every order of the dice,
//! every checker, one step at a time, as a player at the board would try
//! them (BG-3 to BG-6), then the filters of BG-3.5 and BG-3.6, then one
//! play per resulting position (BG-3.8).

use std::collections::BTreeMap;

use crate::games::backgammon::board::{BAR, OFF, Player, Position, Roll, Step, canonical_order};
use crate::games::backgammon::profile::Faults;
use crate::games::backgammon::verdict::RuleCode;

/// One legal play: the canonical steps, the position it leaves, and every
/// set of steps (sorted, hits unmarked) that reaches that position.
#[derive(Clone, Debug)]
pub struct LegalPlay {
    /// The canonical spelling's steps (BG-3.8, `protocol.md`).
    pub steps: Vec<Step>,
    /// The position after the play.
    pub after: Position,
    /// Every route to `after`, each as sorted unmarked steps.
    pub routes: Vec<Vec<(u8, u8)>>,
    /// The dice the canonical route uses.
    pub dice: Vec<u8>,
}

/// Why one step may not be made, with the clause.
pub type StepError = (RuleCode, &'static str, String);

/// Whether every checker of `me` is in the home board (BG-6.1): none on the
/// bar, none on points 7 to 24.
pub fn all_home(pos: &Position, me: Player, faults: &Faults) -> bool {
    if faults.bear_off_not_home {
        return true;
    }
    let i = me.index();
    let started = faults.bear_off_once_started && pos.off[i] > 0;
    pos.bar[i] == 0 && (started || (7..=24).all(|p| pos.at(me, p) == 0))
}

/// One die's step of one checker of `me` from `from` (a point or the bar)
/// with `die`, if the rules allow it: the step and the position after it.
/// `in_transit` is the checker that must go on (a fault lets a checker
/// stop on a closed point on the way).
pub fn step(
    pos: &Position,
    me: Player,
    from: u8,
    die: u8,
    faults: &Faults,
    may_pass_closed: bool,
) -> Result<(Step, Position, bool), StepError> {
    let i = me.index();
    let o = me.other().index();
    // BG-5.2: every checker on the bar enters before any other moves.
    if from == BAR {
        if pos.bar[i] == 0 {
            return Err((
                RuleCode::NoChecker,
                "BG-3.1",
                "no checker of the mover is on the bar".into(),
            ));
        }
    } else {
        if pos.points[i][usize::from(from)] == 0 {
            return Err((
                RuleCode::NoChecker,
                "BG-3.1",
                format!("no checker of the mover stands on {from}"),
            ));
        }
        if pos.bar[i] > 0 && !faults.move_while_on_bar {
            return Err((
                RuleCode::BarFirst,
                "BG-5.2",
                format!("a checker is on the bar and must enter before {from} may move"),
            ));
        }
    }
    let to = i16::from(from) - i16::from(die);
    let mut after = pos.clone();
    if from == BAR {
        after.bar[i] -= 1;
    } else {
        after.points[i][usize::from(from)] -= 1;
    }
    if to >= 1 {
        let to = to as u8;
        // BG-4.2: the opponent's checkers on this point, in their numbers.
        let theirs = pos.points[o][usize::from(25 - to)];
        if theirs >= 2 && !faults.land_on_point {
            if may_pass_closed {
                // The fault's transit: the checker stops on the closed point
                // only to go on with the next die.
                after.points[i][usize::from(to)] += 1;
                return Ok((
                    Step {
                        from,
                        to,
                        hit: false,
                    },
                    after,
                    true,
                ));
            }
            return Err((
                RuleCode::Blocked,
                "BG-4.2",
                format!("{to} is closed: the opponent has {theirs} checkers there"),
            ));
        }
        let hit = theirs == 1;
        if hit {
            // BG-4.3: the blot goes to the bar.
            after.points[o][usize::from(25 - to)] = 0;
            after.bar[o] += 1;
        }
        after.points[i][usize::from(to)] += 1;
        return Ok((Step { from, to, hit }, after, false));
    }
    // Bearing off (BG-6).
    if !all_home(pos, me, faults) {
        return Err((
            RuleCode::BearOffNotHome,
            "BG-6.1",
            format!("{from}/off bears off while a checker is outside the home board or on the bar"),
        ));
    }
    if to < 0 && !faults.bear_off_any_higher {
        // BG-6.4: a larger number bears off only from the highest point on
        // which the player has a checker, wherever that is. With every
        // checker home only points up to 6 can hold one; the faults that
        // bear off earlier (BG-6.1, BG-6.6) leave checkers farther out,
        // and those stand higher too. The bar counts as the highest of all.
        let higher = if pos.bar[i] > 0 {
            Some("the bar".to_string())
        } else {
            (from + 1..=24)
                .rev()
                .find(|&p| pos.at(me, p) > 0)
                .map(|p| p.to_string())
        };
        if let Some(p) = higher {
            return Err((
                RuleCode::BearOffHigher,
                "BG-6.4",
                format!(
                    "a {die} bears off from {from} only when no checker stands higher, but one stands on {p}"
                ),
            ));
        }
    }
    after.off[i] += 1;
    Ok((
        Step {
            from,
            to: OFF,
            hit: false,
        },
        after,
        false,
    ))
}

/// One complete route: the steps in the order played, the dice they used,
/// and the position they leave.
struct Route {
    steps: Vec<Step>,
    dice: Vec<u8>,
    after: Position,
}

/// The walk over every order of the dice: the steps so far, the dice
/// they used, and the complete routes found.
struct Walk<'a> {
    me: Player,
    faults: &'a Faults,
    steps: Vec<Step>,
    dice: Vec<u8>,
    out: Vec<Route>,
}

impl Walk<'_> {
    /// Every maximal route (BG-3.1 to BG-3.4): depth first over the dice
    /// left, each distinct die value tried on every start point.
    fn search(&mut self, pos: &Position, dice_left: &[u8], transit: Option<u8>) {
        let faults = self.faults;
        let before = self.out.len();
        let mut tried = Vec::new();
        for (k, &d) in dice_left.iter().enumerate() {
            if tried.contains(&d) {
                continue;
            }
            tried.push(d);
            let mut rest = dice_left.to_vec();
            rest.remove(k);
            let starts: Vec<u8> = match transit {
                Some(t) => vec![t],
                None => std::iter::once(BAR).chain((1..=24).rev()).collect(),
            };
            for from in starts {
                // The faults that let a checker pass a closed point: any
                // checker (BG-3.4), or one entering with the sum (BG-5.3);
                // only when a die is left to carry it on.
                let may_pass = !rest.is_empty()
                    && (faults.skip_intermediate || (faults.enter_with_sum && from == BAR));
                let Ok((s, after, in_transit)) = step(pos, self.me, from, d, faults, may_pass)
                else {
                    continue;
                };
                self.steps.push(s);
                self.dice.push(d);
                self.search(&after, &rest, in_transit.then_some(s.to));
                self.steps.pop();
                self.dice.pop();
            }
        }
        let record = transit.is_none()
            && (self.out.len() == before || (faults.not_maximal && !self.steps.is_empty()));
        if record {
            self.out.push(Route {
                steps: self.steps.clone(),
                dice: self.dice.clone(),
                after: pos.clone(),
            });
        }
    }
}

/// The dice of `roll` as the player plays them: four of a double (BG-3.3).
pub fn dice_of(roll: Roll, faults: &Faults) -> Vec<u8> {
    if roll.is_double() {
        let n = if faults.doubles_twice { 2 } else { 4 };
        vec![roll.high; n]
    } else {
        vec![roll.high, roll.low]
    }
}

/// The routes that may be played: as many dice as possible (BG-3.5), the
/// larger one when only one can be (BG-3.6).
fn allowed_routes(pos: &Position, me: Player, roll: Roll, faults: &Faults) -> Vec<Route> {
    let mut walk = Walk {
        me,
        faults,
        steps: Vec::new(),
        dice: Vec::new(),
        out: Vec::new(),
    };
    walk.search(pos, &dice_of(roll, faults), None);
    let mut routes = walk.out;
    let most = routes.iter().map(|r| r.steps.len()).max().unwrap_or(0);
    if !faults.not_maximal {
        routes.retain(|r| r.steps.len() == most);
    }
    if most == 1
        && !roll.is_double()
        && !faults.either_die
        && routes.iter().any(|r| r.dice == [roll.high])
    {
        // Every route is one step here (`most == 1`): keep the high die's.
        routes.retain(|r| r.dice.contains(&roll.high));
    }
    routes.retain(|r| !r.steps.is_empty());
    routes
}

/// The steps as a route key: sorted from the highest start, hits unmarked.
pub fn route_key(steps: &[Step]) -> Vec<(u8, u8)> {
    let mut k: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
    k.sort_by(|a, b| b.cmp(a));
    k
}

/// The legal plays of `roll` for `me` in `pos`, one per resulting position,
/// sorted by canonical spelling; empty when no checker can move (the
/// player passes, BG-3.7).
pub fn legal_plays(pos: &Position, me: Player, roll: Roll, faults: &Faults) -> Vec<LegalPlay> {
    // BG-3.8: the routes that leave one position are one play.
    let mut by_pos: BTreeMap<Position, Vec<Route>> = BTreeMap::new();
    for r in allowed_routes(pos, me, roll, faults) {
        by_pos.entry(r.after.clone()).or_default().push(r);
    }
    let by_pos = by_pos.into_iter().filter_map(|(after, routes)| {
        // protocol.md: the canonical spelling is the route with the least
        // key.
        let least = routes.iter().min_by_key(|r| route_key(&r.steps))?;
        let mut keys: Vec<Vec<(u8, u8)>> = routes.iter().map(|r| route_key(&r.steps)).collect();
        keys.sort();
        keys.dedup();
        Some(LegalPlay {
            steps: canonical_order(least.steps.clone()),
            after,
            routes: keys,
            dice: least.dice.clone(),
        })
    });
    let mut plays: Vec<LegalPlay> = by_pos.collect();
    plays.sort_by_key(|p| super::super::board::Action::Play(p.steps.clone()));
    plays
}

/// The legal play that `steps` spell (BG-3.8): the one among whose routes
/// they are, or else the one whose position they leave when played in some
/// order, each step with its own die, as a complete play: no die left can
/// then be played (BG-3.5). That is a bear-off written with fewer dice than
/// its canonical route when nothing is left to move, `2/off` for
/// `2/1 1/off` with the last checker (AB-11); `5/off` with 6-1 and a
/// checker left on W2 is not, since the 1 could still move it.
/// `None` when they spell no legal play.
pub fn spelled_play(
    pos: &Position,
    me: Player,
    roll: Roll,
    steps: &[Step],
    faults: &Faults,
) -> Option<LegalPlay> {
    let plays = legal_plays(pos, me, roll, faults);
    let key = route_key(steps);
    if let Some(p) = plays.iter().find(|p| p.routes.contains(&key)) {
        return Some(p.clone());
    }
    let dice = dice_of(roll, faults);
    let mut found = None;
    permute(steps.len(), &mut |perm| {
        if found.is_some() {
            return;
        }
        let mut p = pos.clone();
        let mut left = dice.clone();
        for &k in perm {
            let s = steps[k];
            let dist = distance(s);
            let Some(d) = die_for(&left, s, dist) else {
                return;
            };
            let Ok((_, after, _)) = step(&p, me, s.from, d, faults, false) else {
                return;
            };
            p = after;
            let at = left.iter().position(|&x| x == d).unwrap_or(0);
            left.remove(at);
        }
        // BG-3.5: a die left that could still be played makes the written
        // play incomplete, whatever position it leaves.
        let playable = left.iter().any(|&d| {
            std::iter::once(BAR)
                .chain(1..=24)
                .any(|from| step(&p, me, from, d, faults, false).is_ok())
        });
        if !playable {
            found = plays.iter().find(|play| play.after == p).cloned();
        }
    });
    found
}

/// The pips a step covers; a backward step (`6/8`) covers none a die
/// shows.
fn distance(s: Step) -> u8 {
    if s.from == BAR {
        25 - s.to
    } else {
        s.from.saturating_sub(s.to)
    }
}

/// The die a step of `dist` pips uses from the dice `left`: the exact
/// number, or for bearing off the smallest larger one (BG-6.2, BG-6.4).
fn die_for(left: &[u8], s: Step, dist: u8) -> Option<u8> {
    if s.to == OFF {
        left.iter().copied().filter(|&d| d >= dist).min()
    } else {
        left.contains(&dist).then_some(dist)
    }
}

/// The rule a set of steps breaks, tried in every order (at most 24, in
/// lexicographic order of the canonical positions): the error of the first
/// order that got farthest, or, when some order plays every step, the
/// filter that removed it (BG-3.5, BG-3.6).
pub fn why_not(
    pos: &Position,
    me: Player,
    roll: Roll,
    steps: &[Step],
    faults: &Faults,
) -> StepError {
    let dice = dice_of(roll, faults);
    let mut best: Option<(usize, StepError)> = None;
    let mut all_played = false;
    permute(steps.len(), &mut |perm| {
        let mut p = pos.clone();
        let mut left = dice.clone();
        for (n, &k) in perm.iter().enumerate() {
            let s = steps[k];
            let dist = distance(s);
            let err = match die_for(&left, s, dist) {
                None => Err((
                    RuleCode::Dice,
                    "BG-3.1",
                    format!(
                        "{} needs a {dist}, and the dice left are {left:?}",
                        Step { hit: false, ..s }
                    ),
                )),
                Some(d) => step(&p, me, s.from, d, faults, false).map(|(_, a, _)| (a, d)),
            };
            match err {
                Ok((a, d)) => {
                    p = a;
                    let at = left.iter().position(|&x| x == d).unwrap_or(0);
                    left.remove(at);
                }
                Err(e) => {
                    if best.as_ref().is_none_or(|(m, _)| n > *m) {
                        best = Some((n, e));
                    }
                    return;
                }
            }
        }
        all_played = true;
    });
    if all_played || steps.is_empty() {
        let routes = allowed_routes(pos, me, roll, faults);
        let most = routes.iter().map(|r| r.steps.len()).max().unwrap_or(0);
        if steps.len() < most || steps.is_empty() {
            return (
                RuleCode::NotMaximal,
                "BG-3.5",
                format!("{most} dice can be played, this plays {}", steps.len()),
            );
        }
        return (
            RuleCode::LargerDie,
            "BG-3.6",
            format!(
                "only one die can be played, and the {} can: it must be",
                roll.high
            ),
        );
    }
    best.map(|b| b.1).unwrap_or((
        RuleCode::Dice,
        "BG-3.1",
        "the steps do not match the dice".into(),
    ))
}

/// Every order of `n` steps, in lexicographic order of their indices (the
/// canonical order first): the order `why_not` tries them in.
fn permute(n: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(order: &mut Vec<usize>, n: usize, f: &mut dyn FnMut(&[usize])) {
        if order.len() == n {
            f(order);
            return;
        }
        for i in 0..n {
            if !order.contains(&i) {
                order.push(i);
                go(order, n, f);
                order.pop();
            }
        }
    }
    go(&mut Vec::new(), n, f);
}

/// Perft as the anchors count it (`../shared/research/other-games-anchors.md`
/// §4): from `pos` with `me` to move, each ply sums over the 21 distinct
/// rolls (unweighted, doubles included) the distinct resulting positions,
/// a roll with no legal play counting one child (the pass).
pub fn perft(pos: &Position, me: Player, depth: u32, faults: &Faults) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for roll in Roll::all() {
        let plays = legal_plays(pos, me, roll, faults);
        if plays.is_empty() {
            n += perft(pos, me.other(), depth - 1, faults);
        } else if depth == 1 {
            n += plays.len() as u64;
        } else {
            for p in plays {
                n += perft(&p.after, me.other(), depth - 1, faults);
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::board::Action;

    fn count(roll: &str) -> usize {
        let r = crate::games::backgammon::scenario::roll(roll);
        legal_plays(&Position::standard(), Player::White, r, &Faults::default()).len()
    }

    /// The anchors' table of plays per roll from the start (gnubg and bkgm
    /// agree on it).
    #[test]
    fn plays_per_opening_roll_match_gnubg_and_bkgm() {
        let table = [
            ("1-1", 42),
            ("2-1", 15),
            ("3-1", 16),
            ("4-1", 14),
            ("5-1", 8),
            ("6-1", 10),
            ("2-2", 75),
            ("3-2", 17),
            ("4-2", 18),
            ("5-2", 8),
            ("6-2", 14),
            ("3-3", 73),
            ("4-3", 17),
            ("5-3", 9),
            ("6-3", 14),
            ("4-4", 52),
            ("5-4", 9),
            ("6-4", 14),
            ("5-5", 4),
            ("6-5", 7),
            ("6-6", 11),
        ];
        let mut non_doubles = 0;
        for (roll, want) in table {
            assert_eq!(count(roll), want, "{roll}");
            if roll[..1] != roll[2..] {
                non_doubles += want;
            }
        }
        assert_eq!(non_doubles, 190);
    }

    #[test]
    fn canonical_spelling_of_one_checker_6_5() {
        let r = crate::games::backgammon::scenario::roll("6-5");
        let plays = legal_plays(&Position::standard(), Player::White, r, &Faults::default());
        let spelled: Vec<String> = plays
            .iter()
            .map(|p| Action::Play(p.steps.clone()).to_string())
            .collect();
        assert!(spelled.contains(&"24/18 18/13".to_string()), "{spelled:?}");
        assert!(!spelled.contains(&"24/19 19/13".to_string()), "{spelled:?}");
    }
}
