//! `arbiter conform`: the corpus against an external implementation.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter::harness::format::{Format, render};
use arbiter::harness::process::{
    Mode, ProcessSubject, check_program, end_everything, is_stopping, take_left_behind,
};
use arbiter::harness::proctree::summary;
use arbiter::harness::report::{CaseReport, ImplementationInfo};
use arbiter::harness::runner::{
    Options, assemble, load_errors_of_game, of_game, run_parallel, selected, unreachable_case,
};
use arbiter::harness::subject::{Subject, hello};
use arbiter::harness::xfail::Xfail;
use arbiter::scenario::any::load_all;
use indicatif::{ProgressBar, ProgressStyle};

/// The command line of `arbiter conform`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario files or directories.
    #[arg(long = "scenarios", default_value = "scenarios")]
    pub paths: Vec<PathBuf>,
    /// Run only this game's scenarios.
    #[arg(long)]
    pub game: Option<String>,
    /// Run only this profile; scenarios not written for it are skipped.
    #[arg(long)]
    pub profile: Option<String>,
    /// Run only scenarios whose id matches this glob (repeatable).
    #[arg(long)]
    pub run: Vec<String>,
    /// Skip scenarios whose id matches this glob (repeatable).
    #[arg(long)]
    pub skip: Vec<String>,
    /// Expected-failures file: one scenario id per line.
    #[arg(long)]
    pub xfail: Option<PathBuf>,
    /// An earlier JSON report of this implementation (`--format json`):
    /// failures it has too are reported as known, and the run fails only on
    /// new ones (regressions, and scenarios added or changed since).
    #[arg(long, value_name = "REPORT.json")]
    pub baseline: Option<PathBuf>,
    /// Time allowed per scenario, all its requests together (like 10s,
    /// 500ms, 2m). Default: 120s per case, 10s persistent.
    #[arg(long, value_parser = parse_duration)]
    pub timeout: Option<Duration>,
    /// Parallel jobs (default: the number of cores).
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// One process per request, or one long-lived process.
    #[arg(long, value_enum, default_value = "per-case")]
    pub mode: Mode,
    /// Report format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Write the report to this file; stdout then gets the text report.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Implementation name for the report (default: its hello name).
    #[arg(long)]
    pub name: Option<String>,
    /// List passing and skipped scenarios too.
    #[arg(long, short)]
    pub verbose: bool,
    /// Fail unless at least this many scenarios ran (were neither skipped
    /// nor declined): a floor, so that an implementation that declines most
    /// of the corpus cannot pass by testing little.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub min_run: usize,
    /// The implementation's command and its arguments, after `--`.
    #[arg(last = true, required = true)]
    pub command: Vec<String>,
}

/// The default time for one scenario in per-case mode, where every request
/// starts the command afresh. Measured on this project's 2-core machine at
/// a load average of 7: the Python example adapter answers a request in
/// about 0.6 s there (0.25 s of it interpreter start-up), and the longest
/// Stratego scenario asks 133 requests, which took 77 s; 120 s leaves
/// half as much again.
pub const PER_CASE_TIMEOUT: Duration = Duration::from_secs(120);

/// The default time for one scenario in persistent mode, where the command
/// starts once per worker.
pub const PERSISTENT_TIMEOUT: Duration = Duration::from_secs(10);

/// Reads a duration like `10s`, `500ms`, `2m` or `1m 30s` (humantime's
/// syntax), or a plain number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let d = match s.parse::<f64>() {
        Ok(secs) if (0.0..1e6).contains(&secs) => Duration::from_secs_f64(secs),
        Ok(_) => return Err(format!("`{s}` is not a usable timeout")),
        Err(_) => humantime::parse_duration(s).map_err(|e| {
            format!("`{s}` is not a duration ({e}): expected like 10s, 500ms or 2m")
        })?,
    };
    if d.is_zero() || d > Duration::from_secs(1_000_000) {
        return Err(format!("`{s}` is not a usable timeout"));
    }
    Ok(d)
}

/// Runs the corpus against the command and prints the report.
pub fn conform(args: Args) -> ExitCode {
    if let Some(g) = &args.game
        && let Err(code) = super::find_game(g)
    {
        return code;
    }
    if let Err(code) = super::check_profile(args.profile.as_deref(), args.game.as_deref()) {
        return code;
    }
    let xfail = match &args.xfail {
        None => Xfail::default(),
        Some(path) => match Xfail::load(path) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let baseline = match &args.baseline {
        None => None,
        Some(path) => match arbiter::harness::baseline::load(path) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let opts = Options {
        game: args.game.clone(),
        profile: args.profile.clone(),
        run: args.run.clone(),
        skip: args.skip.clone(),
        xfail,
        timeout: args.timeout.unwrap_or(match args.mode {
            Mode::PerCase => PER_CASE_TIMEOUT,
            Mode::Persistent => PERSISTENT_TIMEOUT,
        }),
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let (scenarios, load_errors) = load_all(&args.paths);
    let load_errors = load_errors_of_game(load_errors, &opts);
    if selected(&scenarios, &opts) == 0 && load_errors.is_empty() {
        eprintln!("arbiter: {}", nothing_selected(&args, scenarios.len()));
        return ExitCode::from(2);
    }
    let mode = args.mode;
    let argv = args.command.clone();
    if let Err(e) = check_program(&argv[0]) {
        eprintln!("arbiter: {e}");
        return ExitCode::from(2);
    }
    on_signal_end_everything();
    // Every process runs under `arbiter supervise` (this binary), which ends
    // whatever the command leaves behind.
    let exe = std::env::current_exe().ok();
    let subject = || ProcessSubject::new(argv.clone(), mode).supervised_by(exe.clone());
    let mut probe = subject();
    let greeting = hello(&mut probe, Instant::now() + opts.timeout);
    drop(probe);

    let mut info = ImplementationInfo {
        name: args.name.clone().unwrap_or_else(|| argv.join(" ")),
        version: None,
        command: argv.clone(),
        capabilities: Vec::new(),
        profiles: Vec::new(),
    };
    let cases: Vec<CaseReport> = match greeting {
        Err(trouble) => of_game(&scenarios, &opts)
            .into_iter()
            .map(|s| unreachable_case(s, &opts, &trouble))
            .collect(),
        Ok(h) => {
            if args.name.is_none() {
                info.name = h.name.clone();
            }
            info.version = h.version.clone();
            info.capabilities = h.capabilities.clone();
            info.profiles = h.profiles.clone();
            let bar = progress(of_game(&scenarios, &opts).len());
            let on_case = |c: &CaseReport| {
                if let Some(b) = &bar {
                    b.set_message(c.id.clone());
                    b.inc(1);
                }
            };
            let make = || -> Box<dyn Subject> { Box::new(subject()) };
            let cases = run_parallel(&scenarios, &make, &h, &opts, &on_case);
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            cases
        }
    };
    // A signal's handler is ending the run: the cases finished because their
    // processes were ended, so they say nothing of the implementation. Leave
    // the exit to the handler, which says so and exits with status 130;
    // printing a report here would race it.
    while is_stopping() {
        std::thread::sleep(Duration::from_millis(50));
    }
    let mode_name = match mode {
        Mode::PerCase => "per-case",
        Mode::Persistent => "persistent",
    };
    let mut report = assemble(info, mode_name, &opts, &scenarios, &load_errors, cases);
    if let Some(problem) = report.summary.too_few_ran(args.min_run) {
        report.problems.push(problem);
    }
    if let Some(b) = &baseline {
        report.baseline = Some(arbiter::harness::baseline::compare(b, &report.cases));
    }
    let left = take_left_behind();
    if !left.is_empty() {
        eprintln!(
            "arbiter: ended {} process{} the implementation left behind ({})",
            left.len(),
            if left.len() == 1 { "" } else { "es" },
            summary(left.iter().map(String::as_str))
        );
    }
    let rendered = render(&report, args.format, args.verbose);
    match &args.output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, rendered) {
                eprintln!("arbiter: cannot write {}: {e}", path.display());
                return ExitCode::from(2);
            }
            print!("{}", render(&report, Format::Text, args.verbose));
        }
        None => print!("{rendered}"),
    }
    if report.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Why nothing would run, for the error message.
fn nothing_selected(args: &Args, total: usize) -> String {
    let mut filters = Vec::new();
    for r in &args.run {
        filters.push(format!("--run `{r}`"));
    }
    for r in &args.skip {
        filters.push(format!("--skip `{r}`"));
    }
    if let Some(g) = &args.game {
        filters.push(format!("--game {g}"));
    }
    if let Some(p) = &args.profile {
        filters.push(format!("--profile {p}"));
    }
    if total == 0 {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        format!(
            "no scenario selected: {} holds no scenario",
            paths.join(", ")
        )
    } else {
        format!(
            "no scenario selected: {} leave{} none of the {total} scenarios",
            filters.join(", "),
            if filters.len() == 1 { "s" } else { "" }
        )
    }
}

/// On Ctrl-C (SIGINT), SIGTERM or SIGHUP: end every process the run
/// started, everything they started too, say so, and exit with 128 + the
/// signal's number (130, 143, 129).
fn on_signal_end_everything() {
    let _ = super::signals::on_termination(|signal| {
        let ended = end_everything();
        if ended.is_empty() {
            eprintln!("arbiter: interrupted");
        } else {
            eprintln!(
                "arbiter: interrupted; ended {} process{} of the implementation ({})",
                ended.len(),
                if ended.len() == 1 { "" } else { "es" },
                summary(ended.iter().map(String::as_str))
            );
        }
        std::process::exit(super::signals::exit_status(signal));
    });
}

/// A progress bar on standard error for long runs, when it is a terminal.
fn progress(total: usize) -> Option<ProgressBar> {
    if total < 20 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} {wide_msg}") {
        bar.set_style(style);
    }
    Some(bar)
}
