//! `arbiter replay FILE…`: game records audited against the rules
//! ([`arbiter::replay`]): per game the first illegal move, a claimed result
//! the rules contradict, and where the profiles' verdicts split; then a
//! summary with the ambiguity table and the throughput.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use arbiter::games::{About, Visit};
use arbiter::replay::{GameReport, Options, Summary, replay};
use arbiter::rules::Rules;

/// Options of `arbiter replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files (PGN, PDN, backgammon match files, …); the game and the
    /// format are told by the file name's ending unless given.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The game the records are of.
    #[arg(long)]
    pub game: Option<String>,
    /// The record format (`arbiter games --notations` lists them).
    #[arg(long)]
    pub format: Option<String>,
    /// The profile to replay under (default: the one a record names, else
    /// the game's default).
    #[arg(long)]
    pub profile: Option<String>,
    /// `all`: also replay every game under every built-in profile and report
    /// where their verdicts split from the main profile's.
    #[arg(long, value_parser = ["all"])]
    pub profiles: Option<String>,
    /// The implementation that judges (`reference` or `engine`; default:
    /// the engine where the game has one).
    #[arg(long = "impl")]
    pub imp: Option<String>,
    /// One JSON object a game, then one with the summary (JSON lines).
    #[arg(long)]
    pub json: bool,
    /// Print only the games with a finding (and the summary).
    #[arg(long, short)]
    pub quiet: bool,
}

/// The game a file's records are of: `--game`, else the game with a
/// record format of that file ending.
fn game_of(file: &str, game: Option<&str>) -> Result<About, String> {
    if let Some(g) = game {
        return arbiter::games::about(g).ok_or_else(|| {
            format!(
                "`{g}` is not a game: expected one of {}",
                arbiter::games::names().join(", ")
            )
        });
    }
    let lower = file.to_ascii_lowercase();
    arbiter::games::all()
        .into_iter()
        .find(|g| {
            g.record_formats
                .iter()
                .any(|f| f.extensions.iter().any(|e| lower.ends_with(&format!(".{e}"))))
        })
        .ok_or_else(|| {
            let known: Vec<String> = arbiter::games::all()
                .iter()
                .flat_map(|g| {
                    g.record_formats
                        .iter()
                        .map(move |f| format!(".{} ({})", f.extensions.join(", ."), g.name))
                })
                .collect();
            format!(
                "{file}: cannot tell the game from the file name: give --game (record files known: {})",
                known.join(", ")
            )
        })
}

struct ReplayOne<'a> {
    file: &'a str,
    text: &'a str,
    opts: &'a Options,
    each: &'a mut dyn FnMut(GameReport),
}

impl Visit for ReplayOne<'_> {
    type Out = Result<(), String>;
    fn visit<G: Rules>(&mut self) -> Self::Out {
        replay::<G>(self.file, self.text, self.opts, &mut *self.each)
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Replays every file; exit status 1 when a record has a finding or cannot
/// be read, 2 on a usage error.
pub fn run(args: &Args) -> ExitCode {
    let started = Instant::now();
    let mut summary = Summary::default();
    let mut usage_error = false;
    let stdout = std::io::stdout();
    let bar = if std::io::stderr().is_terminal() && !args.json {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {pos} games {per_sec} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        Some(b)
    } else {
        None
    };
    for path in &args.files {
        let file = path.display().to_string();
        let about = match game_of(&file, args.game.as_deref()) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("arbiter replay: {e}");
                usage_error = true;
                continue;
            }
        };
        if let Some(p) = &args.profile
            && let Err(e) = (about.check_profile)(p)
        {
            eprintln!("arbiter replay: {e}");
            return ExitCode::from(2);
        }
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                eprintln!("arbiter replay: {file}: {e}");
                usage_error = true;
                continue;
            }
        };
        let opts = Options {
            format: args.format.clone(),
            profile: args.profile.clone(),
            all_profiles: args.profiles.is_some(),
            implementation: args
                .imp
                .clone()
                .unwrap_or_else(|| about.fastest().to_string()),
        };
        if let Some(b) = &bar {
            b.set_message(file.clone());
        }
        let mut each = |r: GameReport| {
            summary.add(&r);
            if let Some(b) = &bar {
                b.inc(1);
            }
            let mut out = stdout.lock();
            if args.json {
                let _ = writeln!(out, "{}", serde_json::to_string(&r).unwrap_or_default());
            } else if !args.quiet || !r.is_clean() || !r.splits.is_empty() {
                let line = r.text();
                match &bar {
                    Some(b) => b.suspend(|| {
                        let _ = writeln!(out, "{line}");
                    }),
                    None => {
                        let _ = writeln!(out, "{line}");
                    }
                }
            }
        };
        let mut v = ReplayOne {
            file: &file,
            text: &text,
            opts: &opts,
            each: &mut each,
        };
        match arbiter::games::visit(about.name, &mut v) {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                eprintln!("arbiter replay: {e}");
                usage_error = true;
            }
            None => {
                eprintln!("arbiter replay: this build has no game `{}`", about.name);
                usage_error = true;
            }
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    if args.json {
        let v = serde_json::json!({
            "summary": summary,
            "seconds": secs,
            "games_per_second": summary.games as f64 / secs,
            "plies_per_second": summary.plies as f64 / secs,
            "load_average": load_average(),
        });
        println!("{v}");
    } else {
        println!(
            "{} games, {} plies: {} with an illegal move, {} with a wrong result, {} unreadable",
            summary.games, summary.plies, summary.illegal, summary.wrong_results, summary.errors
        );
        if !summary.ambiguities.is_empty() {
            println!("| ambiguity or switch | games where the profiles split on it |");
            println!("|---|--:|");
            for (k, n) in &summary.ambiguities {
                println!("| {k} | {n} |");
            }
        }
        println!(
            "{:.3} s: {:.0} games/s, {:.0} plies/s (load average {}){}",
            secs,
            summary.games as f64 / secs,
            summary.plies as f64 / secs,
            load_average(),
            if cfg!(debug_assertions) {
                ", debug build"
            } else {
                ""
            }
        );
    }
    if usage_error {
        ExitCode::from(2)
    } else if summary.illegal + summary.wrong_results + summary.errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
