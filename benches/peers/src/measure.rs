//! Rounds, their best and median, and the machine's load: what every line
//! of this bench prints beside a figure, because the machine it runs on is
//! shared and one timing alone says little.

use std::time::Instant;

/// The rate of one workload over several rounds: units (nodes, plies,
/// plays) per second, best and median.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    /// Units of work in one round (the same in every round).
    pub units: u64,
    /// The fastest round, units per second.
    pub best: f64,
    /// The median round, units per second.
    pub median: f64,
}

/// Runs `f` `rounds` times (at least once); `f` returns the units of work
/// it did, which must be the same every round (the workload is fixed).
pub fn rounds(rounds: usize, mut f: impl FnMut() -> u64) -> Rate {
    let mut secs = Vec::new();
    let mut units = None;
    for _ in 0..rounds.max(1) {
        let t = Instant::now();
        let n = std::hint::black_box(f());
        secs.push(t.elapsed().as_secs_f64());
        if let Some(u) = units {
            assert_eq!(u, n, "a round did other work than the one before");
        }
        units = Some(n);
    }
    secs.sort_by(f64::total_cmp);
    let units = units.unwrap_or(0);
    let median = secs[secs.len() / 2];
    Rate {
        units,
        best: units as f64 / secs[0],
        median: units as f64 / median,
    }
}

/// The one-, five- and fifteen-minute load averages, as `/proc/loadavg`
/// gives them (`uptime`'s figures).
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}

/// A figure with an SI prefix: 12.3 M, 456 k.
pub fn si(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

/// One line of a side-by-side table: arbiter's engine, a peer, the ratio
/// engine ÷ peer on the best and on the median rounds, the load.
pub fn line(workload: &str, unit: &str, engine: Rate, peer_name: &str, peer: Option<Rate>) {
    match peer {
        Some(p) => println!(
            "{workload}: engine {} {unit}/s (median {}), {peer_name} {} (median {}); engine/peer {:.2}x best, {:.2}x median; {} {unit} a round (peer {}); load {}",
            si(engine.best),
            si(engine.median),
            si(p.best),
            si(p.median),
            engine.best / p.best,
            engine.median / p.median,
            engine.units,
            p.units,
            load()
        ),
        None => println!(
            "{workload}: engine {} {unit}/s (median {}); {peer_name}: not run; {} {unit} a round; load {}",
            si(engine.best),
            si(engine.median),
            engine.units,
            load()
        ),
    }
}

/// SplitMix64 with a multiply-shift draw below `n`: the one move chooser
/// of every random-game workload here, so that arbiter and a peer pick
/// the same way (each from its own list, so their games differ).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
