//! The kill matrix: the corpus against every mutant of every profile it is
//! written for.

use crate::games::stratego::game::Implementation;
use crate::games::stratego::mutants::{ALL, Mutant};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::reference::Reference;

use super::load::Scenario;
use super::run::run_profile;

/// One row: a mutant of one base profile and the scenarios that kill it.
#[derive(Clone, Debug)]
pub struct Row {
    /// The mutant.
    pub mutant: Mutant,
    /// The profile it departs from.
    pub base: String,
    /// IDs of the scenarios (written for `base`) that fail under the mutant.
    pub killed_by: Vec<String>,
}

impl Row {
    /// Whether some scenario noticed the mutant.
    pub fn killed(&self) -> bool {
        !self.killed_by.is_empty()
    }
}

/// Runs every scenario under every mutant of each named profile it is
/// written for. Mutants that change nothing observable for a profile are
/// left out. Profiles spelled with switch overrides (`isf+…`) are not bases:
/// they are themselves readings a scenario shows, not rule sets to defend.
pub fn matrix(scenarios: &[Scenario]) -> Vec<Row> {
    matrix_against(scenarios, None).0
}

/// The matrix, and when `other` is given, every run (scenario under a
/// mutant) on which `other` fails differently from the reference, messages
/// included. The mutants' runs are the positions where each reading changes a
/// verdict, so this is where a second implementation of the readings is best
/// compared with the reference; doing it in the same pass runs the slow
/// reference only once.
pub fn matrix_against(
    scenarios: &[Scenario],
    other: Option<&dyn Implementation>,
) -> (Vec<Row>, Vec<String>) {
    let bases: Vec<Profile> = Profile::NAMES
        .iter()
        .filter_map(|n| Profile::named(n))
        .collect();
    let mut rows = Vec::new();
    let mut departures = Vec::new();
    for base in &bases {
        for m in ALL {
            let Some(mutated) = m.mutate(base) else {
                continue;
            };
            let mut killed_by = Vec::new();
            for s in scenarios
                .iter()
                .filter(|s| s.profiles.iter().any(|p| p.name == base.name))
            {
                let failures = run_profile(s, &Reference, &mutated);
                if let Some(imp) = other
                    && run_profile(s, imp, &mutated) != failures
                {
                    departures.push(format!(
                        "{} under {} of {}: {} fails differently from the reference",
                        s.id,
                        m.name,
                        base.name,
                        imp.name()
                    ));
                }
                if !failures.is_empty() {
                    killed_by.push(s.id.clone());
                }
            }
            rows.push(Row {
                mutant: *m,
                base: base.name.clone(),
                killed_by,
            });
        }
    }
    (rows, departures)
}

/// The matrix as a Markdown table.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "| mutant | kind | base profile | departs from | killed by |\n|---|---|---|---|---|\n",
    );
    for r in rows {
        let killers = if r.killed() {
            let shown: Vec<&str> = r.killed_by.iter().take(4).map(String::as_str).collect();
            let more = r.killed_by.len().saturating_sub(4);
            format!(
                "{}{}",
                shown.join(", "),
                if more > 0 {
                    format!(" (+{more})")
                } else {
                    String::new()
                }
            )
        } else {
            "**SURVIVES**".to_string()
        };
        out.push_str(&format!(
            "| `{}` {} | {:?} | {} | {} | {} |\n",
            r.mutant.name,
            r.mutant.description,
            r.mutant.kind,
            r.base,
            r.mutant.departs_from,
            killers
        ));
    }
    let killed = rows.iter().filter(|r| r.killed()).count();
    out.push_str(&format!("\n{killed} of {} mutants killed\n", rows.len()));
    out
}
