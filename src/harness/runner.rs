//! Running a corpus against a subject: selection, profiles, statuses,
//! expected failures, parallel workers, and the assembled report.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::scenario::any::AnyScenario;

use super::case::{Ctx, check};
use super::oracle::truth;
use super::refused::check as check_refused;
use crate::protocol::message::Hello;
use crate::rules::{RuleProfile, Rules};
use crate::scenario::any::{VisitScenario, typed};
use crate::scenario::load::LoadError;
use crate::scenario::load::Scenario;

use super::glob;
use super::report::{
    CaseReport, FORMAT, FORMAT_VERSION, ImplementationInfo, ProfileResult, Report, SkipKind,
    Status, Summary,
};
use super::subject::{Subject, Trouble};
use super::xfail::Xfail;

/// What to run and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// Run only this game's scenarios.
    pub game: Option<String>,
    /// Run only this profile (scenarios not written for it are skipped).
    pub profile: Option<String>,
    /// Run only scenarios whose id matches one of these globs (all when empty).
    pub run: Vec<String>,
    /// Skip scenarios whose id matches one of these globs.
    pub skip: Vec<String>,
    /// Expected failures.
    pub xfail: Xfail,
    /// Time allowed for one scenario, all its requests together.
    pub timeout: Duration,
    /// Parallel workers (each with its own process in persistent mode).
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            game: None,
            profile: None,
            run: Vec::new(),
            skip: Vec::new(),
            xfail: Xfail::default(),
            timeout: Duration::from_secs(10),
            jobs: 1,
        }
    }
}

fn skipped(s: &dyn AnyScenario, start: Instant, (kind, reason): (SkipKind, String)) -> CaseReport {
    CaseReport {
        id: s.id().to_string(),
        game: s.game().to_string(),
        path: s.path().display().to_string(),
        status: Status::Skip,
        message: Some(reason),
        skip: Some(kind),
        readings: Vec::new(),
        profiles: Vec::new(),
        duration_ms: start.elapsed().as_millis() as u64,
        digest: digest_of(s),
        changed_rulings: Vec::new(),
    }
}

/// The digest of a scenario's file, as `spec/standard.lock` writes it.
fn digest_of(s: &dyn AnyScenario) -> Option<String> {
    std::fs::read(s.path())
        .ok()
        .map(|b| crate::scenario::lock::digest(&b))
}

/// The changed rulings of `CHANGELOG.md` that name a clause, an ambiguity
/// entry or the id of scenario `s`, or a clause or reading a departure of
/// `case` cites.
fn changed_rulings(s: &dyn AnyScenario, case: &CaseReport) -> Vec<String> {
    let mut ids: Vec<String> = s.clauses().to_vec();
    ids.extend(s.readings());
    ids.push(s.id().to_string());
    for p in &case.profiles {
        for d in p.departures() {
            for r in &d.reasons {
                ids.extend(r.clause.iter().cloned());
                ids.extend(r.readings.iter().cloned());
            }
        }
    }
    super::changelog::rulings_citing(&ids)
}

/// Why a scenario is not run at all, if it is not.
fn deselected(s: &dyn AnyScenario, opts: &Options) -> Option<(SkipKind, String)> {
    if let Some(p) = &opts.profile
        && !s.profile_names().iter().any(|q| q == p)
    {
        return Some((SkipKind::NotWritten, format!("not written for profile {p}")));
    }
    None
}

/// Whether `s` belongs to the run at all: with `--game G` another game's
/// scenario is neither run nor counted nor listed (not even as skipped), so
/// the report of a one-game run speaks of that game alone.
pub fn in_game(s: &dyn AnyScenario, opts: &Options) -> bool {
    opts.game.as_deref().is_none_or(|g| g == s.game())
}

/// Whether the user's filters (`--run`, `--skip`) select `s`. A scenario
/// they leave out is, like another game's, neither run nor counted nor
/// listed: the JSON and JUnit reports had listed every such scenario as
/// skipped, so a run of 11 scenarios reported hundreds of skips.
pub fn is_selected(s: &dyn AnyScenario, opts: &Options) -> bool {
    let selects =
        |globs: &[String]| glob::any(globs, s.id()) || glob::any(globs, &s.qualified_id());
    (opts.run.is_empty() || selects(&opts.run)) && !selects(&opts.skip)
}

/// The scenarios of the run: those of its game (every game without
/// `--game`) that `--run` and `--skip` select.
pub fn of_game<'a>(
    scenarios: &'a [Box<dyn AnyScenario>],
    opts: &Options,
) -> Vec<&'a dyn AnyScenario> {
    scenarios
        .iter()
        .map(|s| s.as_ref())
        .filter(|s| in_game(*s, opts) && is_selected(*s, opts))
        .collect()
}

/// The load errors that belong to the run: with `--game G`, those of
/// [`crate::scenario::any::load_errors_of_game`].
pub fn load_errors_of_game(errors: Vec<LoadError>, opts: &Options) -> Vec<LoadError> {
    crate::scenario::any::load_errors_of_game(errors, opts.game.as_deref())
}

/// How many of `scenarios` the options select (before the implementation
/// has a say: its `games` and its `unsupported` replies may skip more).
pub fn selected(scenarios: &[Box<dyn AnyScenario>], opts: &Options) -> usize {
    of_game(scenarios, opts)
        .into_iter()
        .filter(|s| deselected(*s, opts).is_none())
        .count()
}

/// For a scenario that passed under some profiles: how many of its
/// profile runs the implementation declined, and the first one's reason, so
/// that a pass never hides that part of the scenario went unchecked.
fn declined_runs(profiles: &[ProfileResult]) -> Option<String> {
    let declined: Vec<&ProfileResult> = profiles
        .iter()
        .filter(|p| p.skip == Some(SkipKind::Declined))
        .collect();
    let first = declined.first()?;
    Some(format!(
        "{} of {} profiles declined; [{}] {}",
        declined.len(),
        profiles.len(),
        first.profile,
        first.reason()
    ))
}

/// Sets the scenario's status from its profiles' results and the
/// expected-failures list.
fn conclude(mut case: CaseReport, xfail: &Xfail) -> CaseReport {
    let (status, message) = match case.deciding() {
        Some(p) => (p.status, Some(format!("[{}] {}", p.profile, p.reason()))),
        None if case.profiles.iter().any(|p| p.status == Status::Pass) => {
            (Status::Pass, declined_runs(&case.profiles))
        }
        None => (
            Status::Skip,
            case.profiles
                .first()
                .map(|p| format!("[{}] {}", p.profile, p.reason())),
        ),
    };
    case.status = status;
    case.message = message;
    // A scenario none of whose profiles ran is skipped for the reason its
    // profiles were: the implementation declined them, or (when a run
    // asks for a profile) none is written for it.
    case.skip = (status == Status::Skip)
        .then(|| case.profiles.iter().find_map(|p| p.skip))
        .flatten()
        .or((status == Status::Skip).then_some(SkipKind::Declined));
    if xfail.contains(&case.id) || xfail.contains(&format!("{}:{}", case.game, case.id)) {
        match case.status {
            Status::Pass => {
                case.status = Status::Xpass;
                case.message = Some(
                    "listed as an expected failure, but passes: remove it from the list".into(),
                );
            }
            Status::Skip => {}
            _ => case.status = Status::Xfail,
        }
    }
    case
}

/// Runs one scenario.
pub fn run_case(
    s: &dyn AnyScenario,
    subject: &mut dyn Subject,
    hello: &Hello,
    opts: &Options,
    next_id: &mut u64,
) -> CaseReport {
    let start = Instant::now();
    if let Some(reason) = deselected(s, opts) {
        return skipped(s, start, reason);
    }
    if let Some(games) = &hello.games
        && !games.iter().any(|g| g == s.game())
    {
        return skipped(
            s,
            start,
            (
                SkipKind::Declined,
                format!(
                    "the implementation plays {}, not {} (its hello lists its games)",
                    games.join(", "),
                    s.game()
                ),
            ),
        );
    }
    let capabilities = &hello.capabilities;
    let mut ctx = Ctx {
        subject,
        capabilities,
        profiles: &hello.profiles,
        deadline: start + opts.timeout,
        budget: opts.timeout,
        answered: 0,
        next_id,
    };
    let mut profiles = Vec::new();
    for p in s.profile_names() {
        if opts.profile.as_ref().is_some_and(|o| o != &p) {
            continue;
        }
        let result = s.conform(&p, &mut ctx);
        // After a timeout the scenario's time is spent: the other profiles
        // would time out at once, and say nothing new.
        let stop = result.status == Status::Timeout;
        profiles.push(result);
        if stop {
            break;
        }
    }
    let case = CaseReport {
        id: s.id().to_string(),
        game: s.game().to_string(),
        path: s.path().display().to_string(),
        status: Status::Pass,
        message: None,
        skip: None,
        readings: Vec::new(),
        profiles,
        duration_ms: start.elapsed().as_millis() as u64,
        digest: digest_of(s),
        changed_rulings: Vec::new(),
    };
    let mut case = conclude(case, &opts.xfail);
    if !matches!(case.status, Status::Pass | Status::Skip) {
        case.readings = s.readings();
        case.changed_rulings = changed_rulings(s, &case);
    }
    case
}

/// The report of a scenario that cannot be run because the implementation
/// failed before any case (at `hello`).
pub fn unreachable_case(s: &dyn AnyScenario, opts: &Options, trouble: &Trouble) -> CaseReport {
    let start = Instant::now();
    if let Some(reason) = deselected(s, opts) {
        return skipped(s, start, reason);
    }
    let status = Status::from(trouble.kind);
    let case = CaseReport {
        id: s.id().to_string(),
        game: s.game().to_string(),
        path: s.path().display().to_string(),
        status,
        message: None,
        skip: None,
        readings: Vec::new(),
        profiles: vec![ProfileResult {
            message: Some(format!("hello: {}", trouble.message)),
            stderr: trouble.stderr.clone(),
            ..ProfileResult::new(opts.profile.clone().unwrap_or_else(|| "all".into()), status)
        }],
        duration_ms: 0,
        digest: digest_of(s),
        changed_rulings: Vec::new(),
    };
    conclude(case, &opts.xfail)
}

/// Runs every scenario of the run's game with one subject, in order.
pub fn run_sequential(
    scenarios: &[Box<dyn AnyScenario>],
    subject: &mut dyn Subject,
    hello: &Hello,
    opts: &Options,
    on_case: &dyn Fn(&CaseReport),
) -> Vec<CaseReport> {
    let mut next_id = 1;
    of_game(scenarios, opts)
        .into_iter()
        .map(|s| {
            let c = run_case(s, subject, hello, opts, &mut next_id);
            on_case(&c);
            c
        })
        .collect()
}

/// Runs every scenario of the run's game on `opts.jobs` workers, each with its own subject
/// from `make`. Results come back in corpus order, whatever finished first.
pub fn run_parallel(
    scenarios: &[Box<dyn AnyScenario>],
    make: &(dyn Fn() -> Box<dyn Subject> + Sync),
    hello: &Hello,
    opts: &Options,
    on_case: &(dyn Fn(&CaseReport) + Sync),
) -> Vec<CaseReport> {
    let scenarios = &of_game(scenarios, opts)[..];
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseReport>>> = Mutex::new(vec![None; scenarios.len()]);
    let workers = opts.jobs.clamp(1, scenarios.len().max(1));
    std::thread::scope(|scope| {
        for w in 0..workers {
            let (next, results) = (&next, &results);
            scope.spawn(move || {
                let mut subject = make();
                // Ids stay unique across workers: each worker counts in its own range.
                let mut next_id = (w as u64 + 1) << 32;
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(s) = scenarios.get(i) else { break };
                    let c = run_case(*s, subject.as_mut(), hello, opts, &mut next_id);
                    on_case(&c);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(c);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|c| c.expect("every scenario is run by some worker"))
        .collect()
}

/// Assembles the report: load errors become error cases, and expected
/// failures that name no scenario become problems.
pub fn assemble(
    implementation: ImplementationInfo,
    mode: &str,
    opts: &Options,
    scenarios: &[Box<dyn AnyScenario>],
    load_errors: &[LoadError],
    mut cases: Vec<CaseReport>,
) -> Report {
    for e in load_errors {
        cases.push(CaseReport {
            id: e.file.display().to_string(),
            game: String::new(),
            path: e.file.display().to_string(),
            status: Status::Error,
            message: Some(format!("scenario does not load: {e}")),
            skip: None,
            readings: Vec::new(),
            profiles: Vec::new(),
            duration_ms: 0,
            digest: None,
            changed_rulings: Vec::new(),
        });
    }
    let problems = opts
        .xfail
        .entries
        .iter()
        .filter(|(id, _)| {
            !scenarios
                .iter()
                .any(|s| s.id() == id.as_str() || s.qualified_id() == **id)
        })
        .map(|(id, line)| {
            format!("expected-failures line {line}: `{id}` names no scenario of the corpus")
        })
        .collect();
    let summary = Summary::of(&cases);
    Report {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        protocol: crate::protocol::VERSION,
        arbiter: env!("CARGO_PKG_VERSION").into(),
        implementation,
        mode: mode.into(),
        profile: opts.profile.clone(),
        problems,
        cases,
        summary,
        baseline: None,
    }
}

/// Checks one profile of a scenario of any game against a subject
/// (`arbiter conform`).
pub trait Conform {
    /// The result of the profile named `profile`.
    fn conform(&self, profile: &str, ctx: &mut Ctx<'_>) -> ProfileResult;
}

impl Conform for dyn AnyScenario + '_ {
    fn conform(&self, profile: &str, ctx: &mut Ctx<'_>) -> ProfileResult {
        struct One<'a, 'b> {
            profile: &'a str,
            ctx: &'a mut Ctx<'b>,
        }
        impl VisitScenario for One<'_, '_> {
            type Out = ProfileResult;
            fn scenario<G: Rules>(&mut self, s: &Scenario<G>) -> ProfileResult {
                let (profile, ctx) = (self.profile, &mut *self.ctx);
                let Some(p) = s.profiles.iter().find(|p| p.name() == profile) else {
                    return ProfileResult::skipped(
                        profile,
                        SkipKind::NotWritten,
                        format!("not written for profile {profile}"),
                    );
                };
                if let Some(r) = &s.refused {
                    return check_refused(s, p, &r.clause, ctx);
                }
                match truth(s, p) {
                    Ok(t) => check(s, p, &t, ctx),
                    Err(message) => ProfileResult {
                        message: Some(message),
                        ..ProfileResult::new(profile, Status::Error)
                    },
                }
            }
        }
        typed(self, &mut One { profile, ctx })
    }
}
