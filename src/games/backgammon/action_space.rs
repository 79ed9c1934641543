//! Backgammon's integer action space: an action as a sequence of steps
//! (a roll, a cube action, or one checker moved by one die), so that a
//! play of several dice is chosen die by die (the Python package and
//! `AnyGame` choose actions by these numbers).

use crate::rules::ActionSpace;

use super::board::Action;
use super::game::Backgammon;

impl ActionSpace for Backgammon {
    /// 213 steps: an opening roll `(white − 1) × 6 + black − 1` (0–35),
    /// a roll of the 21 larger-die-first (36–56), `pass`, `roll`,
    /// `double`, `take`, `drop`, `resign` (57–62), and one checker moved
    /// by one die, `63 + (from − 1) × 6 + distance − 1` with the bar as
    /// point 25 and off as 0 (63–212). A play is its single-die steps in
    /// the order its listed (canonical) spelling writes them (BG-3.8,
    /// `spec/backgammon/protocol.md`); the hit marks are the position's and
    /// take no index.
    const STEP_COUNT: usize = 36 + 21 + 6 + 25 * 6;

    const MULTI_STEP: bool = true;

    fn action_steps(action: &Action) -> Option<Vec<usize>> {
        let die = |d: u8| usize::from(d).checked_sub(1).filter(|&d| d < 6);
        Some(match action {
            Action::Opening { white, black } => vec![die(*white)? * 6 + die(*black)?],
            Action::Roll(r) => {
                let (high, low) = (die(r.high)?, die(r.low)?);
                vec![36 + high * (high + 1) / 2 + low]
            }
            Action::Pass => vec![57],
            Action::RollDice => vec![58],
            Action::Double => vec![59],
            Action::Take => vec![60],
            Action::Drop => vec![61],
            Action::Resign => vec![62],
            Action::Play(steps) => steps
                .iter()
                .map(|s| {
                    let from = usize::from(s.from).checked_sub(1).filter(|&f| f < 25)?;
                    let distance = die(s.from.checked_sub(s.to)?)?;
                    Some(63 + from * 6 + distance)
                })
                .collect::<Option<Vec<_>>>()?,
        })
    }
}
