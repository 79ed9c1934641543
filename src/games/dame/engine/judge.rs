//! Why an action the engine's move list lacks is illegal: the first rule
//! it breaks, in the order `spec/dame/protocol.md` gives.

use crate::rules::Illegal;

use super::super::board::Square;
use super::super::game::Dame;
use super::super::moves::Action;
use super::super::profile::{CaptureRule, Crowning, Landing, Majority, Range, Reach, Removal};
use super::super::verdict::RuleCode;
use super::bits::{bit, ray_between, shift};
use super::movegen::{self, Sides};
use super::{EngineGame, idx};

fn illegal(action: &Action, rule: RuleCode, explanation: String) -> Illegal<Dame> {
    Illegal {
        action: action.clone(),
        rule,
        clause: rule.clause().to_string(),
        explanation,
    }
}

/// The rule `action` breaks (the caller knows it is not in the list).
pub fn why_not(g: &EngineGame, action: &Action) -> Illegal<Dame> {
    let no = |rule: RuleCode, why: String| illegal(action, rule, why);
    if g.outcome.is_over() {
        return no(
            RuleCode::GameOver,
            format!("the game is over ({})", g.outcome),
        );
    }
    let p = &g.profile;
    let s = g.sides();
    let from = match action {
        Action::Huff(sq) => {
            let why = if p.capture != CaptureRule::Huffing {
                format!("profile {} has no huffing", p.name)
            } else if g.huffable == 0 {
                "no capture was overlooked on the last move".to_string()
            } else {
                format!("the stone on {sq} may not be huffed")
            };
            return no(RuleCode::HuffNotAvailable, why);
        }
        Action::Step { from, .. } => *from,
        Action::Capture(path) => path[0],
    };
    let f = bit(from);
    if s.own & f == 0 {
        return if s.enemy & f != 0 {
            no(
                RuleCode::OpponentPiece,
                format!("the stone on {from} is the opponent's"),
            )
        } else {
            no(RuleCode::NoPiece, format!("no stone stands on {from}"))
        };
    }
    let dame = s.dames & f != 0;
    match action {
        Action::Step { to, .. } => step(g, &s, action, from, *to, dame),
        Action::Capture(path) => capture(g, &s, action, path, dame),
        Action::Huff(_) => unreachable!("answered above"),
    }
}

fn forward(s: &Sides, d: usize) -> bool {
    match s.side {
        super::super::board::Side::White => d < 2,
        super::super::board::Side::Black => d >= 2,
    }
}

fn step(
    g: &EngineGame,
    s: &Sides,
    action: &Action,
    from: Square,
    to: Square,
    dame: bool,
) -> Illegal<Dame> {
    let no = |rule: RuleCode, why: String| illegal(action, rule, why);
    let Some((d, n, between)) = ray_between(from, to) else {
        return no(
            RuleCode::NotDiagonal,
            format!("{from} and {to} are not on one diagonal"),
        );
    };
    if !dame && !forward(s, d) {
        return no(RuleCode::Backward, "a man moves forward only".into());
    }
    let flying = dame && g.profile.dame.range == Range::Flying;
    if n > 1 && !flying {
        return no(
            RuleCode::TooFar,
            format!("one square only, and {to} is {n} away"),
        );
    }
    let occ = s.own | s.enemy;
    if between & occ != 0 {
        return no(RuleCode::Blocked, "a stone stands in the way".into());
    }
    if bit(to) & occ != 0 {
        return no(RuleCode::Occupied, format!("{to} is occupied"));
    }
    no(RuleCode::Compulsory, "a capture is compulsory".into())
}

fn capture(
    g: &EngineGame,
    s: &Sides,
    action: &Action,
    path: &[Square],
    dame0: bool,
) -> Illegal<Dame> {
    let no = |rule: RuleCode, why: String| illegal(action, rule, why);
    let p = &g.profile;
    let origin = bit(path[0]);
    let mut dame = dame0;
    let mut taken = 0u64;
    let mut stopped = false;
    for leg in path.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if stopped {
            return no(RuleCode::AfterCrowning, "crowning ended the move".into());
        }
        let Some((d, n, between)) = ray_between(a, b) else {
            return no(
                RuleCode::NotDiagonal,
                format!("{a} and {b} are not on one diagonal"),
            );
        };
        if !dame && !p.men_capture_backward && !forward(s, d) {
            return no(RuleCode::Backward, "men capture forward only here".into());
        }
        let mut occ = (s.own | s.enemy) & !origin;
        if p.removal == Removal::AtOnce {
            occ &= !taken;
        }
        let over = if dame && p.dame.range == Range::Flying {
            let stones = between & occ;
            if stones == 0 {
                if between & taken != 0 {
                    return no(RuleCode::CaptureTwice, "a stone already taken".into());
                }
                return no(RuleCode::CaptureNothing, "no stone to jump".into());
            }
            // The first stone met on the way from a.
            let mut first = shift(bit(a), d);
            while first & stones == 0 {
                first = shift(first, d);
            }
            if first & taken != 0 {
                return no(RuleCode::CaptureTwice, "a stone already taken".into());
            }
            if first & s.own != 0 {
                return no(RuleCode::CaptureOwnPiece, "an own stone".into());
            }
            if stones.count_ones() > 1 {
                return no(RuleCode::CaptureSeveral, "two stones in the way".into());
            }
            if p.dame.reach == Reach::Adjacent && first != shift(bit(a), d) {
                return no(RuleCode::TooFar, "the stone is not next to the Dame".into());
            }
            if p.dame.landing == Landing::DirectlyBehind && shift(first, d) != bit(b) {
                return no(RuleCode::TooFar, "not right behind the stone".into());
            }
            first
        } else {
            if n == 1 {
                return no(RuleCode::CaptureNothing, "a jump goes over a stone".into());
            }
            if n > 2 {
                return no(
                    RuleCode::TooFar,
                    "a jump lands right behind the stone".into(),
                );
            }
            let q = between;
            if q & taken != 0 {
                return no(RuleCode::CaptureTwice, "a stone already taken".into());
            }
            if q & occ == 0 {
                return no(RuleCode::CaptureNothing, "no stone to jump".into());
            }
            if q & s.own != 0 {
                return no(RuleCode::CaptureOwnPiece, "an own stone".into());
            }
            q
        };
        if bit(b) & occ != 0 {
            return no(RuleCode::Occupied, format!("{b} is occupied"));
        }
        taken |= over;
        let was_man = s.dames & origin == 0;
        if !dame && was_man && bit(b) & s.crown_row() != 0 {
            match p.crowning {
                Crowning::EndsMove => {
                    dame = true;
                    stopped = true;
                }
                Crowning::ContinuesAsDame => dame = true,
                Crowning::PassesThrough => {}
            }
        }
    }
    let end = bit(*path.last().expect("a path"));
    let mut open = Vec::new();
    if !stopped {
        movegen::jumps_from(p, s, origin, end, dame, taken, &mut open);
    }
    if p.capture == CaptureRule::Compulsory && !open.is_empty() {
        return no(RuleCode::Unfinished, "the capture must go on".into());
    }
    if p.majority == Majority::Maximum {
        return no(RuleCode::Majority, "another capture takes more".into());
    }
    let _ = idx;
    no(
        RuleCode::Unfinished,
        "the engine found no reason (a bug)".into(),
    )
}
