//! Judging one action: walks it square by square and names the first rule
//! it breaks, in the order of `RuleCode` (`spec/dame/protocol.md`).

use crate::rules::{Illegal, Verdict};

use super::super::board::{Kind, Square};
use super::super::game::Dame;
use super::super::moves::Action;
use super::super::profile::{CaptureRule, Crowning, Landing, Majority, Range, Reach};
use super::super::verdict::RuleCode;
use super::RefGame;
use super::captures::{View, jumps};

fn no(action: &Action, rule: RuleCode, explanation: String) -> Verdict<Dame> {
    Verdict::Illegal(Illegal {
        action: action.clone(),
        rule,
        clause: rule.clause().to_string(),
        explanation,
    })
}

/// May the side to move play `action` now, and if not, why not?
pub fn judge(g: &RefGame, action: &Action) -> Verdict<Dame> {
    if g.outcome.is_over() {
        return no(
            action,
            RuleCode::GameOver,
            format!("the game is over ({})", g.outcome),
        );
    }
    let v = match action {
        Action::Huff(sq) => huff(g, action, *sq),
        Action::Step { from, to } => step(g, action, *from, *to),
        Action::Capture(path) => capture(g, action, path),
    };
    if v.is_legal() && !g.legal().contains(action) {
        // The walk and the move list are two readings of the same clauses;
        // they must agree (tested on random positions).
        return no(
            action,
            RuleCode::Unfinished,
            "the reference's judge and move list disagree".into(),
        );
    }
    v
}

fn huff(g: &RefGame, action: &Action, sq: Square) -> Verdict<Dame> {
    if g.profile.capture != CaptureRule::Huffing {
        // AD-1 decides: this profile has no huffing. DA-6.2, the clause of
        // the rule code, is about huffs where there is huffing.
        return Verdict::Illegal(Illegal {
            action: action.clone(),
            rule: RuleCode::HuffNotAvailable,
            clause: "AD-1".to_string(),
            explanation: format!(
                "profile {} has no huffing: a capture is {} (AD-1)",
                g.profile.name,
                if g.profile.capture == CaptureRule::Compulsory {
                    "compulsory"
                } else {
                    "optional and a missed one goes unpunished"
                }
            ),
        });
    }
    if g.huffable.is_empty() {
        return no(
            action,
            RuleCode::HuffNotAvailable,
            "the opponent's last move overlooked no capture, so there is nothing to huff".into(),
        );
    }
    if !g.huffable.contains(&sq) {
        let list: Vec<String> = g.huffable.iter().map(|s| s.to_string()).collect();
        return no(
            action,
            RuleCode::HuffNotAvailable,
            format!(
                "the stone on {sq} may not be huffed: only {} (DA-6.2)",
                list.join(", ")
            ),
        );
    }
    Verdict::Legal
}

/// The start square holds a stone of the side to move.
fn own_stone(g: &RefGame, action: &Action, from: Square) -> Result<Kind, Verdict<Dame>> {
    match g.board.get(from) {
        None => Err(no(
            action,
            RuleCode::NoPiece,
            format!("no stone stands on {from}"),
        )),
        Some(s) if s.side != g.to_move => Err(no(
            action,
            RuleCode::OpponentPiece,
            format!(
                "the stone on {from} is {}'s, and {} is to move",
                s.side, g.to_move
            ),
        )),
        Some(s) => Ok(s.kind),
    }
}

fn step(g: &RefGame, action: &Action, from: Square, to: Square) -> Verdict<Dame> {
    let kind = match own_stone(g, action, from) {
        Ok(k) => k,
        Err(v) => return v,
    };
    let Some((d, n)) = from.diagonal_to(to) else {
        return no(
            action,
            RuleCode::NotDiagonal,
            format!(
                "{from} and {to} are not on one diagonal: stones move diagonally on the dark squares"
            ),
        );
    };
    let p = &g.profile;
    if kind == Kind::Man && !d.is_forward(g.to_move) {
        return no(
            action,
            RuleCode::Backward,
            format!("a man moves forward only, and {to} is behind {from}"),
        );
    }
    let flying = kind == Kind::Dame && p.dame.range == Range::Flying;
    if n > 1 && !flying {
        let what = if kind == Kind::Man {
            "a man"
        } else {
            "a Dame under this profile"
        };
        let hint = match from.step(d, 1).and_then(|s| g.board.get(s)) {
            Some(s) if s.side != g.to_move && n == 2 => {
                format!(
                    "; a jump over {} is written {from}x{to}",
                    from.step(d, 1).expect("on board")
                )
            }
            _ => String::new(),
        };
        return no(
            action,
            RuleCode::TooFar,
            format!("{what} moves one square, and {to} is {n} away{hint}"),
        );
    }
    for k in 1..n {
        let sq = from.step(d, k).expect("between two squares");
        if g.board.get(sq).is_some() {
            return no(
                action,
                RuleCode::Blocked,
                format!(
                    "the stone on {sq} stands between {from} and {to}; a capture is written with x"
                ),
            );
        }
    }
    if g.board.get(to).is_some() {
        return no(action, RuleCode::Occupied, format!("{to} is occupied"));
    }
    if p.capture == CaptureRule::Compulsory
        && let Some(c) = g
            .legal_chains()
            .iter()
            .map(|c| Action::Capture(c.path.clone()))
            .min()
    {
        return no(
            action,
            RuleCode::Compulsory,
            format!("a capture is compulsory, and {c} is open"),
        );
    }
    Verdict::Legal
}

fn capture(g: &RefGame, action: &Action, path: &[Square]) -> Verdict<Dame> {
    let side = g.to_move;
    let mut kind = match own_stone(g, action, path[0]) {
        Ok(k) => k,
        Err(v) => return v,
    };
    let p = &g.profile;
    let mut captured: Vec<Square> = Vec::new();
    let mut ended_by_crowning = false;
    for leg in path.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if ended_by_crowning {
            return no(
                action,
                RuleCode::AfterCrowning,
                format!("the man was crowned on {a}, and that ends the move (AD-7)"),
            );
        }
        let Some((d, n)) = a.diagonal_to(b) else {
            return no(
                action,
                RuleCode::NotDiagonal,
                format!("{a} and {b} are not on one diagonal"),
            );
        };
        if kind == Kind::Man && !d.is_forward(side) && !p.men_capture_backward {
            return no(
                action,
                RuleCode::Backward,
                format!("a man captures forward only here, and {b} is behind {a} (AD-13)"),
            );
        }
        let view = View {
            board: &g.board,
            origin: path[0],
            captured: &captured,
            profile: p,
        };
        let between: Vec<Square> = (1..n).map(|k| a.step(d, k).expect("between")).collect();
        let flying = kind == Kind::Dame && p.dame.range == Range::Flying;
        let over = if flying {
            let stones: Vec<Square> = between
                .iter()
                .copied()
                .filter(|s| view.at(*s).is_some())
                .collect();
            let Some(&first) = stones.first() else {
                if let Some(t) = between.iter().find(|s| captured.contains(s)) {
                    return no(
                        action,
                        RuleCode::CaptureTwice,
                        format!("the stone on {t} was already taken in this move (DA-3.4)"),
                    );
                }
                return no(
                    action,
                    RuleCode::CaptureNothing,
                    format!("no stone stands between {a} and {b} to jump"),
                );
            };
            if captured.contains(&first) {
                return no(
                    action,
                    RuleCode::CaptureTwice,
                    format!("the stone on {first} was already taken in this move (DA-3.4)"),
                );
            }
            if view.at(first).expect("a stone").side == side {
                return no(
                    action,
                    RuleCode::CaptureOwnPiece,
                    format!("the stone on {first} is the mover's own"),
                );
            }
            if stones.len() > 1 {
                return no(
                    action,
                    RuleCode::CaptureSeveral,
                    format!(
                        "{} and {} both stand between {a} and {b}: a jump takes one stone",
                        stones[0], stones[1]
                    ),
                );
            }
            if p.dame.reach == Reach::Adjacent && Some(first) != a.step(d, 1) {
                return no(
                    action,
                    RuleCode::TooFar,
                    format!(
                        "a Dame captures only a stone next to it here, and {first} is not next to {a} (AD-5)"
                    ),
                );
            }
            if p.dame.landing == Landing::DirectlyBehind && Some(b) != first.step(d, 1) {
                return no(
                    action,
                    RuleCode::TooFar,
                    format!(
                        "a Dame lands on the square right behind the stone it takes here, not on {b} (AD-6)"
                    ),
                );
            }
            first
        } else {
            if n == 1 {
                return no(
                    action,
                    RuleCode::CaptureNothing,
                    format!("{b} is next to {a}: a jump goes over a stone to the square behind it"),
                );
            }
            if n > 2 {
                return no(
                    action,
                    RuleCode::TooFar,
                    format!(
                        "a jump lands on the square right behind the stone, and {b} is {n} squares from {a}"
                    ),
                );
            }
            let q = between[0];
            if captured.contains(&q) {
                return no(
                    action,
                    RuleCode::CaptureTwice,
                    format!("the stone on {q} was already taken in this move (DA-3.4)"),
                );
            }
            match view.at(q) {
                None => {
                    return no(
                        action,
                        RuleCode::CaptureNothing,
                        format!("no stone stands on {q} to jump"),
                    );
                }
                Some(s) if s.side == side => {
                    return no(
                        action,
                        RuleCode::CaptureOwnPiece,
                        format!("the stone on {q} is the mover's own"),
                    );
                }
                Some(_) => q,
            }
        };
        if view.at(b).is_some() {
            return no(
                action,
                RuleCode::Occupied,
                format!("{b} is occupied: a jump lands on a free square"),
            );
        }
        captured.push(over);
        if kind == Kind::Man && b.rank() == side.crowning_rank() {
            match p.crowning {
                Crowning::EndsMove => {
                    kind = Kind::Dame;
                    ended_by_crowning = true;
                }
                Crowning::ContinuesAsDame => kind = Kind::Dame,
                Crowning::PassesThrough => {}
            }
        }
    }
    let end = *path.last().expect("a path");
    let view = View {
        board: &g.board,
        origin: path[0],
        captured: &captured,
        profile: p,
    };
    let open = if ended_by_crowning {
        Vec::new()
    } else {
        jumps(&view, end, side, kind)
    };
    if p.capture == CaptureRule::Compulsory && !open.is_empty() {
        return no(
            action,
            RuleCode::Unfinished,
            format!(
                "the capture must go on: from {end} the stone on {} can still be jumped",
                open.iter().map(|j| j.over).min().expect("a jump is open")
            ),
        );
    }
    if p.majority == Majority::Maximum {
        let most = g
            .legal_chains()
            .iter()
            .map(|c| c.captured.len())
            .max()
            .unwrap_or(0);
        if captured.len() < most {
            return no(
                action,
                RuleCode::Majority,
                format!(
                    "this capture takes {} stones, and another takes {most}: the most must be taken (AD-8)",
                    captured.len()
                ),
            );
        }
    }
    Verdict::Legal
}
