//! The kill matrix: the corpus against every mutant of every profile it is
//! written for.

use crate::rules::{Implementation, Mutant, MutantKind, RuleProfile, Rules};

use super::any::{AnyScenario, implementation, of_game};
use super::load::Scenario;
use super::run::run_profile_as;
use crate::games::{self, Visit};

/// A mutant as a row of the matrix names it.
#[derive(Clone, Debug)]
pub struct MutantInfo {
    /// The game.
    pub game: &'static str,
    /// Stable name.
    pub name: &'static str,
    /// Reading or bug.
    pub kind: MutantKind,
    /// The ambiguity entry or clause it departs from.
    pub departs_from: &'static str,
    /// One line for the matrix.
    pub description: &'static str,
}

/// One row: a mutant of one base profile and the scenarios that kill it.
#[derive(Clone, Debug)]
pub struct Row {
    /// The mutant.
    pub mutant: MutantInfo,
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
pub fn matrix<G: Rules>(scenarios: &[&Scenario<G>]) -> Vec<Row> {
    matrix_against(scenarios, None).0
}

/// The matrix, and when `other` is given, every run (scenario under a
/// mutant) on which `other` fails differently from the reference, messages
/// included; runs under a mutant profile that `other` declines are not
/// compared. The mutants' runs are the positions where each reading changes a
/// verdict, so this is where a second implementation of the readings is best
/// compared with the reference; doing it in the same pass runs the slow
/// reference only once.
pub fn matrix_against<G: Rules>(
    scenarios: &[&Scenario<G>],
    other: Option<&dyn Implementation<G>>,
) -> (Vec<Row>, Vec<String>) {
    let mut rows = Vec::new();
    let mut departures = Vec::new();
    for (base, m, mutated) in mutants_of_bases::<G>() {
        let base = &base;
        let mut killed_by = Vec::new();
        for s in written_for(scenarios, base) {
            let failures = run_profile_as(s, G::reference(), &mutated, base);
            // An implementation may decline a profile it does not play
            // (the protocol's `supports`); such a run is not compared.
            if let Some(imp) = other
                && imp.supports(&s.setup, &mutated).is_ok()
            {
                let theirs = run_profile_as(s, imp, &mutated, base);
                if theirs != failures {
                    let show = |fs: &[super::run::Failure]| {
                        fs.iter()
                            .map(|f| format!("{}:{}: {}", f.at.line, f.at.column, f.message))
                            .collect::<Vec<_>>()
                            .join("; ")
                    };
                    departures.push(format!(
                        "{} under {} of {}: {} fails differently from the reference \
                             (reference: [{}]; {}: [{}])",
                        s.id,
                        m.name,
                        base.name(),
                        imp.name(),
                        show(&failures),
                        imp.name(),
                        show(&theirs)
                    ));
                }
            }
            if !failures.is_empty() {
                killed_by.push(s.id.clone());
            }
        }
        rows.push(Row {
            mutant: MutantInfo {
                game: G::NAME,
                name: m.name,
                kind: m.kind,
                departs_from: m.departs_from,
                description: m.description,
            },
            base: base.name().to_string(),
            killed_by,
        });
    }
    (rows, departures)
}

/// The mutants (as `name on base`) that no scenario written for their base
/// profile kills, on the reference alone. The same verdict as [`matrix`]'s
/// survivors, found faster: a mutant's scenarios stop at the first that
/// kills it. This is the readings half of the code-level mutation runs'
/// test (`tests/corpus_kills.rs`), run once per mutant of the rule code.
pub fn survivors<G: Rules>(scenarios: &[&Scenario<G>]) -> Vec<String> {
    mutants_of_bases::<G>()
        .into_iter()
        .filter(|(base, _, mutated)| {
            !written_for(scenarios, base)
                .any(|s| !run_profile_as(s, G::reference(), mutated, base).is_empty())
        })
        .map(|(base, m, _)| format!("{} on {}", m.name, base.name()))
        .collect()
}

/// Every (base profile, mutant, mutated profile) of the matrix: each named
/// profile with each mutant that changes something observable for it.
fn mutants_of_bases<G: Rules>() -> Vec<(G::Profile, &'static Mutant<G>, G::Profile)> {
    let mut out = Vec::new();
    for base in G::Profile::names()
        .iter()
        .filter_map(|n| G::Profile::parse(n).ok())
    {
        for m in G::MUTANTS {
            if let Some(mutated) = m.mutate(&base) {
                out.push((base.clone(), m, mutated));
            }
        }
    }
    out
}

/// The scenarios written for `base` (it is among their profiles).
fn written_for<'a, G: Rules>(
    scenarios: &'a [&'a Scenario<G>],
    base: &'a G::Profile,
) -> impl Iterator<Item = &'a Scenario<G>> {
    scenarios
        .iter()
        .copied()
        .filter(move |s| s.profiles.iter().any(|p| p.name() == base.name()))
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

/// The kill matrix of game `game`'s scenarios among `scenarios`, and, when
/// `other` names an implementation, every mutant run on which it fails
/// differently from the reference ([`matrix_against`] for that game).
pub fn matrix_of(
    game: &str,
    scenarios: &[Box<dyn AnyScenario>],
    other: Option<&str>,
) -> (Vec<Row>, Vec<String>) {
    struct Matrix<'a>(&'a [Box<dyn AnyScenario>], Option<&'a str>);
    impl Visit for Matrix<'_> {
        type Out = (Vec<Row>, Vec<String>);
        fn visit<G: Rules>(&mut self) -> Self::Out {
            matrix_against(&of_game::<G>(self.0), self.1.and_then(implementation::<G>))
        }
    }
    games::visit(game, &mut Matrix(scenarios, other)).unwrap_or_default()
}

/// The surviving mutants (`name on base`) of game `game`'s matrix over its
/// scenarios among `scenarios` ([`survivors`] for that game).
pub fn survivors_of(game: &str, scenarios: &[Box<dyn AnyScenario>]) -> Vec<String> {
    struct Survivors<'a>(&'a [Box<dyn AnyScenario>]);
    impl Visit for Survivors<'_> {
        type Out = Vec<String>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            survivors(&of_game::<G>(self.0))
        }
    }
    games::visit(game, &mut Survivors(scenarios)).unwrap_or_default()
}
