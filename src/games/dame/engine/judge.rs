//! Why an action the engine's move list lacks is illegal: the first rule
//! it breaks, in the order `spec/dame/protocol.md` gives, explained in the
//! same words as the reference (the corpus compares failure messages
//! across implementations).

use crate::rules::Illegal;

use super::super::board::{Side, Square};
use super::super::game::Dame;
use super::super::moves::Action;
use super::super::profile::{CaptureRule, Crowning, Landing, Majority, Range, Reach, Removal};
use super::super::verdict::RuleCode;
use super::EngineGame;
use super::bits::{bit, ray_between, shift, singles, square};
use super::movegen::{self, Sides};

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
            if p.capture != CaptureRule::Huffing {
                // The reason is AD-1 (this profile has no huffing), not the
                // huffing clause DA-6.2, whose readings (AD-3) say how a
                // huff is played.
                let what = if p.capture == CaptureRule::Compulsory {
                    "compulsory"
                } else {
                    "optional and a missed one goes unpunished"
                };
                return Illegal {
                    clause: "AD-1".to_string(),
                    ..no(
                        RuleCode::HuffNotAvailable,
                        format!(
                            "profile {} has no huffing: a capture is {what} (AD-1)",
                            p.name
                        ),
                    )
                };
            }
            let why = if g.pos.huffable == 0 {
                "the opponent's last move overlooked no capture, so there is nothing to huff"
                    .to_string()
            } else {
                let list: Vec<String> = singles(g.pos.huffable)
                    .map(|b| square(b).to_string())
                    .collect();
                format!(
                    "the stone on {sq} may not be huffed: only {} (DA-6.2)",
                    list.join(", ")
                )
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
                format!(
                    "the stone on {from} is {}'s, and {} is to move",
                    s.side.other(),
                    s.side
                ),
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
        Side::White => d < 2,
        Side::Black => d >= 2,
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
            format!(
                "{from} and {to} are not on one diagonal: stones move diagonally on the dark squares"
            ),
        );
    };
    if !dame && !forward(s, d) {
        return no(
            RuleCode::Backward,
            format!("a man moves forward only, and {to} is behind {from}"),
        );
    }
    let flying = dame && g.profile.dame.range == Range::Flying;
    if n > 1 && !flying {
        let what = if dame {
            "a Dame under this profile"
        } else {
            "a man"
        };
        let next = shift(bit(from), d);
        let hint = if n == 2 && next & s.enemy != 0 {
            format!("; a jump over {} is written {from}x{to}", square(next))
        } else {
            String::new()
        };
        return no(
            RuleCode::TooFar,
            format!("{what} moves one square, and {to} is {n} away{hint}"),
        );
    }
    let occ = s.own | s.enemy;
    if between & occ != 0 {
        // The stone nearest the start.
        let mut b = shift(bit(from), d);
        while b & occ == 0 {
            b = shift(b, d);
        }
        return no(
            RuleCode::Blocked,
            format!(
                "the stone on {} stands between {from} and {to}; a capture is written with x",
                square(b)
            ),
        );
    }
    if bit(to) & occ != 0 {
        return no(RuleCode::Occupied, format!("{to} is occupied"));
    }
    let open = g.first_capture();
    no(
        RuleCode::Compulsory,
        format!("a capture is compulsory, and {open} is open"),
    )
}

fn capture(
    g: &EngineGame,
    s: &Sides,
    action: &Action,
    path: &[Square],
    dame0: bool,
) -> Illegal<Dame> {
    let no = |rule: RuleCode, why: String| illegal(action, rule, why);
    let twice = |t: u64| {
        illegal(
            action,
            RuleCode::CaptureTwice,
            format!(
                "the stone on {} was already taken in this move (DA-3.4)",
                square(t)
            ),
        )
    };
    let p = &g.profile;
    let origin = bit(path[0]);
    let was_man = s.dames & origin == 0;
    let mut dame = dame0;
    let mut taken = 0u64;
    let mut count = 0usize;
    let mut stopped = false;
    for leg in path.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if stopped {
            return no(
                RuleCode::AfterCrowning,
                format!("the man was crowned on {a}, and that ends the move (AD-7)"),
            );
        }
        let Some((d, n, between)) = ray_between(a, b) else {
            return no(
                RuleCode::NotDiagonal,
                format!("{a} and {b} are not on one diagonal"),
            );
        };
        if !dame && !p.men_capture_backward && !forward(s, d) {
            return no(
                RuleCode::Backward,
                format!("a man captures forward only here, and {b} is behind {a} (AD-13)"),
            );
        }
        let mut occ = (s.own | s.enemy) & !origin;
        if p.removal == Removal::AtOnce {
            occ &= !taken;
        }
        let over = if dame && p.dame.range == Range::Flying {
            let stones = between & occ;
            if stones == 0 {
                if between & taken != 0 {
                    let mut t = shift(bit(a), d);
                    while t & taken == 0 {
                        t = shift(t, d);
                    }
                    return twice(t);
                }
                return no(
                    RuleCode::CaptureNothing,
                    format!("no stone stands between {a} and {b} to jump"),
                );
            }
            // The stones met on the way from a, nearest first.
            let mut met = Vec::new();
            let mut q = shift(bit(a), d);
            while q != bit(b) {
                if q & stones != 0 {
                    met.push(q);
                }
                q = shift(q, d);
            }
            let first = met[0];
            if first & taken != 0 {
                return twice(first);
            }
            if first & s.own != 0 {
                return no(
                    RuleCode::CaptureOwnPiece,
                    format!("the stone on {} is the mover's own", square(first)),
                );
            }
            if met.len() > 1 {
                return no(
                    RuleCode::CaptureSeveral,
                    format!(
                        "{} and {} both stand between {a} and {b}: a jump takes one stone",
                        square(met[0]),
                        square(met[1])
                    ),
                );
            }
            if p.dame.reach == Reach::Adjacent && first != shift(bit(a), d) {
                return no(
                    RuleCode::TooFar,
                    format!(
                        "a Dame captures only a stone next to it here, and {} is not next to {a} (AD-5)",
                        square(first)
                    ),
                );
            }
            if p.dame.landing == Landing::DirectlyBehind && shift(first, d) != bit(b) {
                let why = format!(
                    "a Dame lands on the square right behind the stone it takes here, not on {b} (AD-6)"
                );
                return no(RuleCode::TooFar, why);
            }
            first
        } else {
            if n == 1 {
                return no(
                    RuleCode::CaptureNothing,
                    format!("{b} is next to {a}: a jump goes over a stone to the square behind it"),
                );
            }
            if n > 2 {
                return no(
                    RuleCode::TooFar,
                    format!(
                        "a jump lands on the square right behind the stone, and {b} is {n} squares from {a}"
                    ),
                );
            }
            let q = between;
            if q & taken != 0 {
                return twice(q);
            }
            if q & occ == 0 {
                return no(
                    RuleCode::CaptureNothing,
                    format!("no stone stands on {} to jump", square(q)),
                );
            }
            if q & s.own != 0 {
                return no(
                    RuleCode::CaptureOwnPiece,
                    format!("the stone on {} is the mover's own", square(q)),
                );
            }
            q
        };
        if bit(b) & occ != 0 {
            return no(
                RuleCode::Occupied,
                format!("{b} is occupied: a jump lands on a free square"),
            );
        }
        taken |= over;
        count += 1;
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
    let end = *path.last().expect("a path");
    let mut open = Vec::new();
    if !stopped {
        movegen::jumps_from(p, s, origin, bit(end), dame, taken, &mut open);
    }
    if p.capture == CaptureRule::Compulsory && !open.is_empty() {
        let over = open.iter().map(|j| j.0).min().expect("a jump is open");
        return no(
            RuleCode::Unfinished,
            format!(
                "the capture must go on: from {end} the stone on {} can still be jumped",
                square(over)
            ),
        );
    }
    let most = g.most_taken();
    if p.majority == Majority::Maximum && count < most {
        return no(
            RuleCode::Majority,
            format!(
                "this capture takes {count} stones, and another takes {most}: the most must be taken (AD-8)"
            ),
        );
    }
    no(
        RuleCode::Unfinished,
        "the engine's judge and move list disagree".into(),
    )
}
