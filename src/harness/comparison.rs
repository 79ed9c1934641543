//! What a run compared with its baseline found (`arbiter conform
//! --baseline`): the new failures and why each is new, the known and fixed
//! ones, and what changed in the corpus since. The report holds it
//! ([`Report::baseline`](super::report::Report)); [`super::baseline`]
//! computes it.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::changelog::Entry;
use super::status::Status;

/// Why a failure is new.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewKind {
    /// The scenario is the same as in the baseline, where this profile did
    /// not fail: the implementation got worse.
    Regression,
    /// The scenario was added to the corpus since the baseline.
    Added,
    /// The scenario's file changed since the baseline (its digest differs):
    /// what it holds the implementation to may have changed.
    Changed,
    /// The baseline did not run the scenario (skipped, declined, or of a
    /// game the baseline's run left out), so nothing is known of it.
    NotRunBefore,
}

impl NewKind {
    /// The words reports use.
    pub fn as_str(self) -> &'static str {
        match self {
            NewKind::Regression => "regression",
            NewKind::Added => "scenario added since the baseline",
            NewKind::Changed => "scenario changed since the baseline",
            NewKind::NotRunBefore => "not run in the baseline",
        }
    }
}

/// One failure of this run that the baseline does not have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct NewFailure {
    /// The scenario's id.
    pub id: String,
    /// Its game.
    pub game: String,
    /// The profile that fails (`*` for the scenario as a whole: an
    /// expected failure that passes, a file that does not load).
    pub profile: String,
    /// Why it counts as new.
    pub kind: NewKind,
    /// The profile's status in the baseline, when it ran there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was: Option<Status>,
    /// Its status now.
    pub now: Status,
}

/// A run compared with its baseline.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Comparison {
    /// The arbiter version that wrote the baseline.
    pub arbiter: String,
    /// Failures the baseline does not have: the ones that fail the run.
    pub new_failures: Vec<NewFailure>,
    /// Failures the baseline has too (`id [profile]`): reported, not failed.
    pub known: Vec<String>,
    /// Failures of the baseline that pass now (`id [profile]`).
    pub fixed: Vec<String>,
    /// Scenarios of the corpus not in the baseline, of the games it ran.
    pub added: Vec<String>,
    /// Scenarios whose file changed since the baseline.
    pub changed: Vec<String>,
    /// Scenarios of the baseline no longer in this run.
    pub removed: Vec<String>,
    /// Whether the baseline recorded scenario digests; without them a
    /// changed scenario cannot be told from an unchanged one.
    pub digests: bool,
    /// The changelog's entries of the versions after the baseline's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changelog: Vec<Entry>,
}

impl Comparison {
    /// New failures of one kind.
    pub fn count(&self, kind: NewKind) -> usize {
        self.new_failures.iter().filter(|f| f.kind == kind).count()
    }

    /// The summary line: `against the baseline (arbiter 0.1.0): 2 new
    /// failures of profile runs in 2 scenarios (1 regression, 1 on a scenario
    /// added since the baseline), 3 known, 1 fixed`; the counts are of
    /// profile runs.
    pub fn line(&self) -> String {
        let n = self.new_failures.len();
        let scenarios: BTreeSet<(&str, &str)> = self
            .new_failures
            .iter()
            .map(|f| (f.game.as_str(), f.id.as_str()))
            .collect();
        let mut line = format!(
            "against the baseline (arbiter {}): {n} new failure{}",
            self.arbiter,
            if n == 1 { "" } else { "s" }
        );
        if n > 0 {
            let m = scenarios.len();
            line.push_str(&format!(
                " of profile runs in {m} scenario{}",
                if m == 1 { "" } else { "s" }
            ));
        }
        let parts: Vec<String> = [
            NewKind::Regression,
            NewKind::Added,
            NewKind::Changed,
            NewKind::NotRunBefore,
        ]
        .iter()
        .filter(|k| self.count(**k) > 0)
        .map(|k| {
            let n = self.count(*k);
            let (s, on) = if n == 1 {
                ("", "on a scenario")
            } else {
                ("s", "on scenarios")
            };
            match k {
                NewKind::Regression => format!("{n} regression{s}"),
                NewKind::Added => format!("{n} {on} added since the baseline"),
                NewKind::Changed => format!("{n} {on} changed since the baseline"),
                NewKind::NotRunBefore => format!("{n} {on} not run in the baseline"),
            }
        })
        .collect();
        if !parts.is_empty() {
            line.push_str(&format!(" ({})", parts.join(", ")));
        }
        line.push_str(&format!(
            ", {} known, {} fixed",
            self.known.len(),
            self.fixed.len()
        ));
        line
    }
}
