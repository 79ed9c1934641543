//! Chess's integer action space (what the Python package and other
//! learning front ends play through, `docs/python.md`).

use crate::rules::ActionSpace;

use super::action::{Action, ClaimKind, UciMove};
use super::board::{Kind, Square};
use super::game::Chess;

impl ActionSpace for Chess {
    /// A move is `from × 64 + to`, plus 4096 × its promotion (none,
    /// knight, bishop, rook, queen: 0 to 4); a claim about the position is
    /// 20480 + its kind (threefold 0, fifty 1); a claim about the position a
    /// move makes is 20482 + kind × 20480 + the move's index.
    const ACTION_COUNT: usize = 20482 + 2 * 20480;

    fn action_index(action: &Action) -> Option<usize> {
        fn mv(m: &UciMove) -> Option<usize> {
            let promotion = match m.promotion {
                None => 0,
                Some(Kind::Knight) => 1,
                Some(Kind::Bishop) => 2,
                Some(Kind::Rook) => 3,
                Some(Kind::Queen) => 4,
                Some(_) => return None,
            };
            Some(promotion * 4096 + usize::from(m.from.0) * 64 + usize::from(m.to.0))
        }
        let kind = |k: &ClaimKind| match k {
            ClaimKind::Threefold => 0,
            ClaimKind::Fifty => 1,
        };
        match action {
            Action::Move(m) => mv(m),
            Action::Claim(k, None) => Some(20480 + kind(k)),
            Action::Claim(k, Some(m)) => Some(20482 + kind(k) * 20480 + mv(m)?),
        }
    }

    fn action_at(index: usize) -> Option<Action> {
        fn mv(i: usize) -> Option<UciMove> {
            let promotion = match i / 4096 {
                0 => None,
                1 => Some(Kind::Knight),
                2 => Some(Kind::Bishop),
                3 => Some(Kind::Rook),
                4 => Some(Kind::Queen),
                _ => return None,
            };
            let r = i % 4096;
            Some(UciMove {
                from: Square((r / 64) as u8),
                to: Square((r % 64) as u8),
                promotion,
            })
        }
        let kind = |k: usize| {
            if k == 0 {
                ClaimKind::Threefold
            } else {
                ClaimKind::Fifty
            }
        };
        match index {
            i if i < 20480 => mv(i).map(Action::Move),
            i if i < 20482 => Some(Action::Claim(kind(i - 20480), None)),
            i if i < Self::ACTION_COUNT => {
                let j = i - 20482;
                Some(Action::Claim(kind(j / 20480), Some(mv(j % 20480)?)))
            }
            _ => None,
        }
    }
}
