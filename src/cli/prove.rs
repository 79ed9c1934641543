//! `arbiter prove`: decides claim files by exhaustive search and reports
//! each verdict against what the file expects.

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::prove::ProveOptions;
use arbiter::scenario::load;

/// Options of `arbiter prove`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Claim files, or directories searched for `.yaml` files.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Only this profile (default: every profile each claim lists).
    #[arg(long)]
    pub profile: Option<String>,
    /// Write each decisive line as a scenario file into this directory
    /// (`arbiter check DIR` replays them on the reference).
    #[arg(long, value_name = "DIR")]
    pub write: Option<PathBuf>,
    /// Key the transposition table on the engine's whole rule state under
    /// every profile (the default does so only where the state holds no
    /// history of positions, and keys on the line from the root otherwise).
    #[arg(long)]
    pub state_key: bool,
    /// Stop searching after this long (`30s`, `5m`, `1h 30m`): a claim not
    /// decided by then is reported "undecided: time limit reached after N
    /// nodes", and the exit status is 3.
    #[arg(long, value_name = "DURATION", value_parser = super::conform::parse_duration)]
    pub time_limit: Option<std::time::Duration>,
}

/// Runs every claim; exit status 1 when a verdict differs from the claim's
/// `expect`, 2 when a file cannot be read, 3 when the time limit left a
/// claim undecided (and nothing differed).
pub fn prove(args: &Args) -> ExitCode {
    let deadline = args.time_limit.map(|d| std::time::Instant::now() + d);
    let mut files = Vec::new();
    for p in &args.paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(p)
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .map(|e| e.into_path())
                .filter(|f| f.extension().is_some_and(|e| e == "yaml" || e == "yml"))
                .collect();
            files.append(&mut found);
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        eprintln!("arbiter: no claim files found");
        return ExitCode::from(2);
    }
    let opts = ProveOptions {
        profile: args.profile.clone(),
        write: args.write.clone(),
        progress: true,
        state_key: args.state_key,
        deadline,
    };
    if let Some(dir) = &opts.write
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("arbiter: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let mut mismatches = 0;
    let mut timed_out = 0;
    let mut broken = false;
    for f in &files {
        let result = load::read(f).map_err(|e| e.to_string()).and_then(|text| {
            let game = load::game_of(f, &text).map_err(|e| e.to_string())?;
            struct Prove<'a>(
                &'a std::path::Path,
                &'a str,
                &'a arbiter::prove::ProveOptions,
            );
            impl arbiter::games::Visit for Prove<'_> {
                type Out = Option<Result<arbiter::prove::ProveReport, String>>;
                fn visit<G: arbiter::rules::Rules>(&mut self) -> Self::Out {
                    G::prove(self.0, self.1, self.2)
                }
            }
            let proved = arbiter::games::visit(&game.value, &mut Prove(f, &text, &opts))
                .ok_or_else(|| {
                    format!(
                        "{}: {}",
                        f.display(),
                        arbiter::games::not_a_game(&game.value)
                    )
                })?;
            proved.unwrap_or_else(|| {
                Err(format!(
                    "{}: the game {} has no claims for `arbiter prove`",
                    f.display(),
                    game.value
                ))
            })
        });
        match result {
            Ok(report) => {
                print!("{}", report.text);
                mismatches += report.mismatches;
                timed_out += report.timed_out;
            }
            Err(e) => {
                eprintln!("arbiter: {e}");
                broken = true;
            }
        }
    }
    if broken {
        ExitCode::from(2)
    } else if mismatches > 0 {
        println!("{mismatches} verdict(s) differ from the claims' `expect`");
        ExitCode::FAILURE
    } else if timed_out > 0 {
        println!(
            "{timed_out} verdict(s) undecided: the time limit of {} was reached",
            humantime::format_duration(args.time_limit.unwrap_or_default())
        );
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}
