//! `arbiter conform`: the corpus against an external implementation.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbiter::games::stratego::profile::Profile;
use arbiter::harness::format::{Format, render};
use arbiter::harness::process::{Mode, ProcessSubject};
use arbiter::harness::report::{CaseReport, ImplementationInfo};
use arbiter::harness::runner::{Options, assemble, run_parallel, unreachable_case};
use arbiter::harness::subject::{Subject, hello};
use arbiter::harness::xfail::Xfail;
use arbiter::scenario::load::load_all;
use indicatif::{ProgressBar, ProgressStyle};

/// The command line of `arbiter conform`, gathered.
pub struct Args {
    /// Scenario files or directories.
    pub paths: Vec<PathBuf>,
    /// Selection and expectations.
    pub opts: Options,
    /// The expected-failures file, if any.
    pub xfail: Option<PathBuf>,
    /// Protocol mode.
    pub mode: Mode,
    /// Output format.
    pub format: Format,
    /// Write the report here instead of stdout (stdout then gets the text report).
    pub output: Option<PathBuf>,
    /// Name for reports, overriding hello's.
    pub name: Option<String>,
    /// List passing and skipped scenarios too.
    pub verbose: bool,
    /// The implementation's command.
    pub command: Vec<String>,
}

/// Reads `10s`, `500ms`, `2m` or a plain number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.find(|c: char| !(c.is_ascii_digit() || c == '.')) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: f64 = num
        .parse()
        .map_err(|_| format!("`{s}` is not a duration: expected like 10s, 500ms or 2m"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        _ => {
            return Err(format!(
                "`{s}` is not a duration: the unit must be ms, s or m"
            ));
        }
    };
    if !(secs > 0.0 && secs < 1e6) {
        return Err(format!("`{s}` is not a usable timeout"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Runs the corpus against the command and prints the report.
pub fn conform(mut args: Args) -> ExitCode {
    if let Some(p) = &args.opts.profile
        && Profile::named(p).is_none()
    {
        eprintln!(
            "arbiter: `{p}` is not a profile: expected one of {}",
            Profile::NAMES.join(", ")
        );
        return ExitCode::from(2);
    }
    if let Some(path) = &args.xfail {
        match Xfail::load(path) {
            Ok(x) => args.opts.xfail = x,
            Err(e) => {
                eprintln!("arbiter: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let (scenarios, load_errors) = load_all(&args.paths);
    let mode = args.mode;
    let argv = args.command.clone();
    let mut probe = ProcessSubject::new(argv.clone(), mode);
    let greeting = hello(&mut probe, Instant::now() + args.opts.timeout);
    drop(probe);

    let mut info = ImplementationInfo {
        name: args.name.clone().unwrap_or_else(|| argv.join(" ")),
        version: None,
        command: argv.clone(),
        capabilities: Vec::new(),
    };
    let cases: Vec<CaseReport> = match greeting {
        Err(trouble) => scenarios
            .iter()
            .map(|s| unreachable_case(s, &args.opts, &trouble))
            .collect(),
        Ok(h) => {
            if args.name.is_none() {
                info.name = h.name.clone();
            }
            info.version = h.version.clone();
            info.capabilities = h.capabilities.iter().map(|c| c.to_string()).collect();
            let bar = progress(scenarios.len());
            let on_case = |c: &CaseReport| {
                if let Some(b) = &bar {
                    b.set_message(c.id.clone());
                    b.inc(1);
                }
            };
            let make = || -> Box<dyn Subject> { Box::new(ProcessSubject::new(argv.clone(), mode)) };
            let cases = run_parallel(&scenarios, &make, &h.capabilities, &args.opts, &on_case);
            if let Some(b) = bar {
                b.finish_and_clear();
            }
            cases
        }
    };
    let mode_name = match mode {
        Mode::PerCase => "per-case",
        Mode::Persistent => "persistent",
    };
    let report = assemble(info, mode_name, &args.opts, &scenarios, &load_errors, cases);
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
