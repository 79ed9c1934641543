//! Cost that grows with a game's length, not with its square: every
//! implementation of every game plays its game's endless line
//! (`Workloads::endless_line`) to N and to 2N plies, asking for the legal
//! actions at every ply as `check` does, and the longer game may cost at
//! most 2.5 times the shorter (twice, for a cost linear in the length, with
//! room for noise; a quadratic cost gives four times).
//!
//! The cost is the CPU time of the test's own thread
//! (`CLOCK_THREAD_CPUTIME_ID`), the least of three runs of each length, the
//! runs of the two lengths taken in turn: other work on a loaded machine
//! stretches wall time, not this thread's CPU time, and a run slowed by
//! cache misses is outvoted. It is a ratio of two costs on the same
//! machine, never a time compared with a figure.
//!
//! The always-on test starts at 250 plies and doubles N until a game of N
//! plies costs 0.1 s of CPU (the engines reach tens of thousands of plies;
//! the whole test takes about half a minute in a debug build on a busy
//! machine). The full one starts at the 10,000 and 20,000 plies
//! (doubled for the engines until a game costs 0.05 s):
//! `cargo test --release --test games length_ratio -- --ignored --nocapture`.

use arbiter::games::{self, Visit};
use arbiter::rules::Rules;

/// The CPU time this thread has used, in nanoseconds (the thread's own
/// clock, not the scheduler's ticks: getrusage counts in ticks of 4 ms).
fn thread_cpu_nanos() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the struct it is given and nothing else.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// What one implementation's two lengths cost.
struct Growth {
    game: &'static str,
    implementation: &'static str,
    plies: usize,
    short: u64,
    long: u64,
}

impl Growth {
    fn ratio(&self) -> f64 {
        self.long as f64 / self.short.max(1) as f64
    }
}

/// Plays every implementation of every game to N and to 2N plies: N is
/// `plies`, or the first doubling of it at which a game of N plies costs
/// at least `min_nanos` (a fast engine's short game would be all noise).
struct Measure {
    plies: usize,
    min_nanos: u64,
}

impl Visit for Measure {
    type Out = Result<Vec<Growth>, String>;

    fn visit<G: Rules>(&mut self) -> Self::Out {
        let Some((setup, profile, cycle)) = G::endless_line() else {
            return Err(format!("{} has no endless line", G::NAME));
        };
        let mut out = Vec::new();
        for imp in G::implementations() {
            // One line of `plies` plies: the legal actions at every ply,
            // then the cycle's next action played. Its cost in CPU time.
            let run = |plies: usize| -> Result<u64, String> {
                let before = thread_cpu_nanos();
                let mut game = imp
                    .start(&setup, &profile)
                    .map_err(|e| format!("{} {}: setup refused: {e}", G::NAME, imp.name()))?;
                for ply in 0..plies {
                    let action = &cycle[ply % cycle.len()];
                    let legal = game.legal_actions();
                    if !legal.contains(action) {
                        return Err(format!(
                            "{} {}: {action} is not legal at ply {ply}",
                            G::NAME,
                            imp.name()
                        ));
                    }
                    game.play(action)
                        .map_err(|i| format!("{} {}: ply {ply}: {i:?}", G::NAME, imp.name()))?;
                }
                if G::is_over(&game.outcome()) || game.ply() != plies {
                    return Err(format!("{} {}: the line ended", G::NAME, imp.name()));
                }
                drop(game);
                Ok(thread_cpu_nanos() - before)
            };
            let mut plies = self.plies;
            let mut short = run(plies)?;
            while short < self.min_nanos && plies < 1 << 20 {
                plies *= 2;
                short = run(plies)?;
            }
            let mut long = run(2 * plies)?;
            for _ in 0..2 {
                short = short.min(run(plies)?);
                long = long.min(run(2 * plies)?);
            }
            out.push(Growth {
                game: G::NAME,
                implementation: imp.name(),
                plies,
                short,
                long,
            });
        }
        Ok(out)
    }
}

fn check_growth(plies: usize, min_nanos: u64) {
    let mut measured = Vec::new();
    let mut errors = Vec::new();
    for result in games::each(&mut Measure { plies, min_nanos }) {
        match result {
            Ok(g) => measured.extend(g),
            Err(e) => errors.push(e),
        }
    }
    for g in &measured {
        let line = format!(
            "{} {}: {} plies {:.3} s, {} plies {:.3} s: {:.2} times",
            g.game,
            g.implementation,
            g.plies,
            g.short as f64 / 1e9,
            2 * g.plies,
            g.long as f64 / 1e9,
            g.ratio()
        );
        eprintln!("{line}");
        if g.ratio() > 2.5 {
            errors.push(format!("{line} (at most 2.5)"));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn twice_the_plies_cost_about_twice() {
    check_growth(250, 100_000_000);
}

/// The lengths; slow in a debug build.
#[test]
#[ignore = "10,000 and 20,000 plies: run with --release -- --ignored"]
fn twenty_thousand_plies_cost_about_twice_ten_thousand() {
    check_growth(10_000, 50_000_000);
}
