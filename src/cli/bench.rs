//! `arbiter bench`: each game's own timing of its engine and reference, and
//! the time to check the scenario corpus on every implementation.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use arbiter::rules::BenchOptions;
use arbiter::scenario::any::load_all;
use arbiter::scenario::run::Status;

/// Options of `arbiter bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: every game that has a benchmark).
    #[arg(long)]
    pub game: Option<String>,
    /// Game lengths to measure, in plies.
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000")]
    pub plies: Vec<usize>,
    /// Longest game the reference is timed on. Its cost per ply grows with
    /// the game's length (it replays the game for every question), so longer
    /// games are extrapolated from the measured ones and marked `~`.
    #[arg(long, default_value_t = 1000)]
    pub reference_max_plies: usize,
    /// Runs per measurement (the best is kept).
    #[arg(long, default_value_t = 3)]
    pub reps: usize,
    /// First seed for the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Scenario corpus to time `check --impl both` on.
    #[arg(long, default_value = "scenarios")]
    pub corpus: PathBuf,
}

/// Runs the measurements and prints them, game by game.
pub fn bench(args: &BenchArgs) -> ExitCode {
    if cfg!(debug_assertions) {
        eprintln!(
            "arbiter: warning: a debug build; run `cargo run --release -- bench` for real figures"
        );
    }
    if let Some(g) = &args.game
        && let Err(code) = super::find_game(g)
    {
        return code;
    }
    let opts = BenchOptions {
        plies: args.plies.clone(),
        reference_max_plies: args.reference_max_plies,
        reps: args.reps,
        seed: args.seed,
    };
    struct Bench<'a>(&'a BenchOptions);
    impl arbiter::games::Visit for Bench<'_> {
        type Out = (&'static str, Option<String>);
        fn visit<G: arbiter::rules::Rules>(&mut self) -> Self::Out {
            (G::NAME, G::bench(self.0))
        }
    }
    for (g, text) in arbiter::games::each(&mut Bench(&opts))
        .into_iter()
        .filter(|(g, _)| args.game.as_deref().is_none_or(|n| n == *g))
    {
        match text {
            Some(text) => print!("{g}: time per ply (ns)\n{text}"),
            None => println!("{g}: no benchmark yet"),
        }
    }
    let (scenarios, errors) = load_all(std::slice::from_ref(&args.corpus));
    let start = Instant::now();
    let mut failed = errors.len();
    let mut runs = 0;
    for s in &scenarios {
        let entry = arbiter::games::about(s.game()).expect("registered");
        for imp in entry.implementations {
            runs += 1;
            if matches!(s.check(imp, None).map(|r| r.status), Some(Status::Fail(_))) {
                failed += 1;
            }
        }
    }
    println!(
        "corpus: {} scenarios checked on every implementation ({runs} runs) in {:.1} ms ({failed} failures)",
        scenarios.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}
