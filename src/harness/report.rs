//! The result of a conformance run, as data: what the text, JSON, JUnit and
//! TAP outputs print and what `arbiter matrix` reads back.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Name of the JSON report format, so a reader can tell what a file is.
pub const FORMAT: &str = "arbiter-conform-report";
/// Version of the JSON report format. Fields are only ever added within one
/// version.
pub const FORMAT_VERSION: u32 = 1;

pub use super::status::Status;

/// Why a scenario, or one profile run of it, was not run: the three are
/// kept apart because only the last says something about the
/// implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipKind {
    /// Left out by `--run` or `--skip`: reports before 0.3.0 listed such
    /// scenarios as skipped; since then `--run` and `--skip`, like
    /// `--game`, leave them out of the report altogether, and this kind is
    /// read only from earlier reports (`--baseline`).
    NotSelected,
    /// The scenario is not written for the profile chosen with `--profile`.
    NotWritten,
    /// The implementation declined it: an `unsupported` reply, or a game its
    /// `hello` does not list.
    Declined,
}

impl SkipKind {
    /// The words reports use.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipKind::NotSelected => "not selected",
            SkipKind::NotWritten => "not written for the profile",
            SkipKind::Declined => "declined by the implementation",
        }
    }
}

/// What the reference rules about one action the implementation got wrong,
/// in the reference's words: for an action wrongly allowed, the rule, the
/// clause and why; for one wrongly forbidden, that no rule forbids it (and,
/// when the implementation judges, which rule it named instead).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Reason {
    /// The action.
    pub action: String,
    /// Whether the reference finds it legal; `None` for an action already
    /// played, whose note explains a state the implementation got wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// The rule that forbids it (rule code), when it is illegal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The spec clause that decides it, when it is illegal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Why, in a sentence.
    pub why: String,
    /// What the implementation's own `judge` said of it, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation_says: Option<String>,
    /// The ambiguity entries the clause relates to: the clause itself when
    /// it is one, and those its text cites (the readings a profile switch
    /// chooses between).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<String>,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The rule, the clause and the readings involved, as far as known.
        let mut cite: Vec<String> = self.rule.iter().chain(&self.clause).cloned().collect();
        if !self.readings.is_empty() {
            cite.push(format!("readings {}", self.readings.join(", ")));
        }
        let cite = if cite.is_empty() {
            String::new()
        } else {
            format!(" ({})", cite.join(", "))
        };
        match self.legal {
            Some(false) => write!(f, "{} is illegal{cite}: {}", self.action, self.why)?,
            Some(true) => write!(f, "{} is legal{cite}: {}", self.action, self.why)?,
            None => write!(f, "{}{cite}: {}", self.action, self.why)?,
        }
        if let Some(s) = &self.implementation_says {
            write!(f, " (the implementation's judge: {s})")?;
        }
        Ok(())
    }
}

/// A place where an implementation's answers depart from the truth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Departure {
    /// The position: how many moves had been played (0: the setup).
    pub ply: usize,
    /// The last move played before it, if any.
    pub after: Option<String>,
    /// Whose turn it was.
    pub to_move: String,
    /// Moves the implementation lists as legal that are not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrongly_allows: Vec<String>,
    /// Legal moves the implementation does not list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrongly_forbids: Vec<String>,
    /// What was asked, expected and answered, in one sentence.
    pub message: String,
    /// Why the rules decide as the truth says, one entry per action the
    /// departure names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<Reason>,
}

/// Where in a scenario's game something happened, as FAIL and ERROR lines
/// say it: `ply 3 (after A4-A5, blue to move)`, `ply 0 (setup, red to
/// move)`.
pub fn place(ply: usize, after: Option<&str>, to_move: &str) -> String {
    match after {
        None => format!("ply {ply} (setup, {to_move} to move)"),
        Some(m) => format!("ply {ply} (after {m}, {to_move} to move)"),
    }
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            place(self.ply, self.after.as_deref(), &self.to_move),
            self.message
        )
    }
}

/// One profile's run of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ProfileResult {
    /// The profile's name.
    pub profile: String,
    /// pass, fail, skip, error, timeout or crash.
    pub status: Status,
    /// For a failure: where and how it first departed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub departure: Option<Departure>,
    /// Every later departure: the run goes on after the first, along the
    /// scenario's own moves, so a second bug in the same game is shown too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub further: Vec<Departure>,
    /// For a skip: why it was not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<SkipKind>,
    /// For a skip, an error, a timeout or a crash: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The end of the implementation's standard error, when it went wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
}

impl ProfileResult {
    /// A result with no departure and no message.
    pub fn new(profile: impl Into<String>, status: Status) -> Self {
        ProfileResult {
            profile: profile.into(),
            status,
            departure: None,
            further: Vec::new(),
            skip: None,
            message: None,
            stderr: None,
        }
    }

    /// A profile run not made, and why.
    pub fn skipped(profile: impl Into<String>, kind: SkipKind, message: String) -> Self {
        ProfileResult {
            skip: Some(kind),
            message: Some(message),
            ..ProfileResult::new(profile, Status::Skip)
        }
    }

    /// Every departure, the first one first.
    pub fn departures(&self) -> impl Iterator<Item = &Departure> {
        self.departure.iter().chain(self.further.iter())
    }

    /// Whether the run ended in trouble (an error, a timeout, a crash),
    /// whose message, not a departure, is then the reason.
    fn troubled(&self) -> bool {
        matches!(self.status, Status::Error | Status::Timeout | Status::Crash)
    }

    /// Whether [`reason`](Self::reason) is the first departure (which the
    /// detail lines then need not repeat).
    pub fn reason_is_departure(&self) -> bool {
        self.departure.is_some() && !(self.troubled() && self.message.is_some())
    }

    /// The one-line reason shown in reports. For an error, a timeout or a
    /// crash it is what went wrong, even after departures (those are listed
    /// in the details), so that no such status is ever shown without why.
    pub fn reason(&self) -> String {
        match (&self.departure, &self.message) {
            (_, Some(m)) if self.troubled() => m.clone(),
            (Some(d), _) => d.to_string(),
            (None, Some(m)) => m.clone(),
            (None, None) if self.troubled() => {
                format!(
                    "{} with no message (a harness bug: please report it)",
                    self.status
                )
            }
            (None, None) => String::new(),
        }
    }
}

/// One scenario's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct CaseReport {
    /// Scenario id (for a file that does not load: its path).
    pub id: String,
    /// The scenario's game (empty for a file that does not load).
    #[serde(default)]
    pub game: String,
    /// Scenario file.
    pub path: String,
    /// The scenario's status.
    pub status: Status,
    /// Why (for anything but a plain pass).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// For a skip: why it was not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<SkipKind>,
    /// For anything but a pass or a skip: the ambiguity entries the
    /// scenario cites (`AD-5`), so a failure under one profile can be read
    /// against the switch that models it. They are the scenario's, not
    /// necessarily the failure's: the readings a failing expectation
    /// involves are its reasons' (`Reason::readings`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<String>,
    /// One entry per profile run.
    #[serde(default)]
    pub profiles: Vec<ProfileResult>,
    /// Wall-clock time spent on the scenario, in milliseconds.
    #[serde(default)]
    pub duration_ms: u64,
    /// The digest of the scenario's file (as `spec/standard.lock` writes
    /// it), so a later run given this report as `--baseline` can tell a
    /// changed scenario from an unchanged one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    /// For anything but a pass or a skip: the entries under **Changed
    /// rulings** of `CHANGELOG.md` that name a clause, ambiguity entry or
    /// the id of this scenario (`0.1.0: Chess CH-9.4 / AM-14: …`), so a
    /// failure that a changed ruling may explain says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed_rulings: Vec<String>,
}

impl CaseReport {
    /// The profile result that decided the status, if any.
    pub fn deciding(&self) -> Option<&ProfileResult> {
        self.profiles
            .iter()
            .find(|p| p.status != Status::Pass && p.status != Status::Skip)
    }
}

/// Counts per status.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Plain passes.
    pub pass: usize,
    /// Departures.
    pub fail: usize,
    /// Expected failures that failed.
    pub xfail: usize,
    /// Expected failures that passed.
    pub xpass: usize,
    /// Skips.
    pub skip: usize,
    /// Protocol errors.
    pub error: usize,
    /// Timeouts.
    pub timeout: usize,
    /// Crashes.
    pub crash: usize,
    /// Skipped scenarios the implementation declined (part of `skip`).
    #[serde(default)]
    pub declined: usize,
    /// Skipped scenarios not written for the chosen profile (part of `skip`).
    #[serde(default)]
    pub not_written: usize,
    /// Skipped scenarios left out by `--run` or `--skip` (part of `skip`),
    /// in reports before 0.3.0; 0 since, as such scenarios are no longer
    /// listed (the field stays for readers of format version 1).
    #[serde(default)]
    pub not_selected: usize,
    /// Profile runs the implementation declined, counted over every
    /// scenario, including those that ran under other profiles.
    #[serde(default)]
    pub declined_runs: usize,
}

impl Summary {
    /// Counts the statuses of `cases`.
    pub fn of(cases: &[CaseReport]) -> Self {
        let mut s = Summary::default();
        for c in cases {
            *s.slot(c.status) += 1;
            match c.skip {
                Some(SkipKind::Declined) => s.declined += 1,
                Some(SkipKind::NotWritten) => s.not_written += 1,
                Some(SkipKind::NotSelected) => s.not_selected += 1,
                None => {}
            }
            s.declined_runs += c
                .profiles
                .iter()
                .filter(|p| p.skip == Some(SkipKind::Declined))
                .count();
        }
        s
    }

    fn slot(&mut self, status: Status) -> &mut usize {
        match status {
            Status::Pass => &mut self.pass,
            Status::Fail => &mut self.fail,
            Status::Xfail => &mut self.xfail,
            Status::Xpass => &mut self.xpass,
            Status::Skip => &mut self.skip,
            Status::Error => &mut self.error,
            Status::Timeout => &mut self.timeout,
            Status::Crash => &mut self.crash,
        }
    }

    /// The count of one status.
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Pass => self.pass,
            Status::Fail => self.fail,
            Status::Xfail => self.xfail,
            Status::Xpass => self.xpass,
            Status::Skip => self.skip,
            Status::Error => self.error,
            Status::Timeout => self.timeout,
            Status::Crash => self.crash,
        }
    }

    /// Cases that behaved as recorded: passes and expected failures.
    pub fn passed(&self) -> usize {
        self.pass + self.xfail
    }

    /// Cases that make the run fail.
    pub fn failed(&self) -> usize {
        self.fail + self.xpass + self.error + self.timeout + self.crash
    }

    /// Skipped cases.
    pub fn skipped(&self) -> usize {
        self.skip
    }

    /// Cases that were run (whatever came of them): neither skipped nor
    /// declined.
    pub fn ran(&self) -> usize {
        self.passed() + self.failed()
    }

    /// The problem of a run in which fewer than `floor` (at least 1)
    /// scenarios ran, saying why the others did not: `arbiter conform`
    /// adds it to the report (`--min-run`), and so does every in-process
    /// run (the Python package's `conform`), so that a run that tests
    /// nothing never passes. `None` when enough ran.
    pub fn too_few_ran(&self, floor: usize) -> Option<String> {
        let ran = self.ran();
        if ran >= floor.max(1) {
            return None;
        }
        let selected = self.ran() + self.skipped() - self.not_selected;
        let why = self
            .skip_breakdown()
            .map(|b| format!(" ({b})"))
            .unwrap_or_default();
        Some(if ran == 0 {
            format!(
                "no scenario was run: all {selected} selected were skipped{why}; \
                 a run that tests nothing does not pass"
            )
        } else {
            format!(
                "only {ran} of the {selected} selected scenarios ran{why}; --min-run asks for at least {floor}"
            )
        })
    }

    /// The skips broken down by why, for the text report: `3 declined by the
    /// implementation, 2 not written for the profile`; `None` without skips.
    pub fn skip_breakdown(&self) -> Option<String> {
        let parts: Vec<String> = [
            (self.declined, SkipKind::Declined),
            (self.not_written, SkipKind::NotWritten),
            (self.not_selected, SkipKind::NotSelected),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, k)| format!("{n} {}", k.as_str()))
        .collect();
        let mut line = parts.join(", ");
        if self.declined_runs > 0 {
            if !line.is_empty() {
                line.push_str("; ");
            }
            line.push_str(&format!(
                "{} profile run{} declined by the implementation",
                self.declined_runs,
                if self.declined_runs == 1 { "" } else { "s" }
            ));
        }
        (!line.is_empty()).then_some(line)
    }
}

/// Who was tested.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct ImplementationInfo {
    /// Its name (from `hello`, or `--name`).
    pub name: String,
    /// Its version, if it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The command run, if external.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// The capabilities it declared.
    #[serde(default)]
    pub capabilities: Vec<String>,
    /// The built-in profiles it declared it plays (requests under them
    /// named the profile rather than spelling every switch).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<String>,
}

/// A whole run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Report {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The protocol version spoken.
    pub protocol: u32,
    /// The arbiter version that ran the corpus.
    pub arbiter: String,
    /// Who was tested.
    pub implementation: ImplementationInfo,
    /// `per-case`, `persistent` or `embedded`.
    pub mode: String,
    /// The profile selected with `--profile`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// Problems with the run itself (stale expected-failure entries, …);
    /// each makes the run fail.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
    /// One entry per scenario, in corpus order.
    pub cases: Vec<CaseReport>,
    /// Counts per status.
    pub summary: Summary,
    /// With `--baseline`: this run compared with that report. The run then
    /// fails only on its new failures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline: Option<super::comparison::Comparison>,
}

impl Report {
    /// Why the implementation declined what it declined: each reason it
    /// gave (its `unsupported` message, or why a scenario was declined
    /// whole: a game its hello does not list) with how many profile runs it
    /// declined with it, the most frequent first, so a run that declines
    /// much says why in its summary, not only with `-v`.
    pub fn decline_reasons(&self) -> Vec<(String, usize)> {
        const MARK: &str = "declined by the implementation as unsupported: ";
        let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
        for c in &self.cases {
            // Declined as a whole, before any profile was asked: a game its
            // hello does not list.
            if c.skip == Some(SkipKind::Declined)
                && c.profiles.is_empty()
                && let Some(m) = &c.message
            {
                *counts.entry(m.clone()).or_default() += 1;
            }
            for p in &c.profiles {
                if p.skip != Some(SkipKind::Declined) {
                    continue;
                }
                if let Some(m) = p.message.as_deref()
                    && let Some(i) = m.find(MARK)
                {
                    *counts.entry(m[i + MARK.len()..].to_string()).or_default() += 1;
                }
            }
        }
        let mut out: Vec<(String, usize)> = counts.into_iter().collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Whether the run met every expectation: no failure, or with a
    /// baseline no failure the baseline does not have; and no problem of the
    /// run.
    pub fn is_ok(&self) -> bool {
        let failures = match &self.baseline {
            Some(b) => b.new_failures.len(),
            None => self.summary.failed(),
        };
        failures == 0 && self.problems.is_empty()
    }

    /// The closing line of every text report. Problems of the run (a stale
    /// expected failure, `--min-run` not met) count as failed, and the line
    /// says how many of the failed are problems rather than scenarios, so
    /// that it agrees with the per-status counts above it.
    pub fn closing_line(&self) -> String {
        let mut line = format!(
            "{} passed, {} failed, {} skipped",
            self.summary.passed(),
            self.summary.failed() + self.problems.len(),
            self.summary.skipped()
        );
        if !self.problems.is_empty() {
            let n = self.problems.len();
            line.push_str(&format!(
                " (failed: {} scenario{}, {n} problem{} of the run)",
                self.summary.failed(),
                if self.summary.failed() == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" }
            ));
        }
        line
    }
}
