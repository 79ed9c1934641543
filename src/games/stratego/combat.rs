//! What happens when a piece attacks another (RP-5).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::piece::Rank;

/// The result of one attack.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    strum::Display,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum CombatResult {
    /// The defender leaves the board and the attacker takes its square.
    AttackerWins,
    /// The attacker leaves the board; the defender stays.
    DefenderWins,
    /// Both leave the board (equal ranks).
    BothRemoved,
}

/// Resolves an attack of `attacker` on `defender`. Each branch names the
/// clause that decides it; the order matters only where clauses overlap
/// (a spy attacking the marshal is a special case of "higher wins").
pub fn resolve(attacker: Rank, defender: Rank) -> CombatResult {
    match (attacker, defender) {
        // RP-5.5: an attacked flag is captured.
        (_, Rank::Flag) => CombatResult::AttackerWins,
        // RP-5.4: a miner defuses a bomb; anything else dies on it.
        (Rank::Miner, Rank::Bomb) => CombatResult::AttackerWins,
        (_, Rank::Bomb) => CombatResult::DefenderWins,
        // RP-5.3: the spy wins only as the attacker of the marshal.
        (Rank::Spy, Rank::Marshal) => CombatResult::AttackerWins,
        _ => {
            // RP-5.1 and RP-5.2: higher strength wins; equal strength removes both.
            let a = attacker.strength().expect("only movable pieces attack");
            let d = defender.strength().expect("bomb and flag handled above");
            match a.cmp(&d) {
                std::cmp::Ordering::Greater => CombatResult::AttackerWins,
                std::cmp::Ordering::Less => CombatResult::DefenderWins,
                std::cmp::Ordering::Equal => CombatResult::BothRemoved,
            }
        }
    }
}
