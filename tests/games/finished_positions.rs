//! The `position` an implementation writes is a setup that starts the game
//! it describes, in every game and at every ply, the last one included:
//! random games from the battery's setups (and the default setup under
//! every named profile), played to their end on every implementation. At
//! checked ply (the first ten, every tenth, and the last) where the
//! implementation tells its position:
//!
//! - the position reads back from the wire as itself;
//! - the implementation starts a game from it (while the game goes on; a
//!   finished game may hold history no setup can say, as Stratego's
//!   captured flag, and then its position may be refused);
//! - that game's own position is the same one (a fixed point: nothing in
//!   the setup flips when it is read back, as backgammon's `roll-next`
//!   did for a finished game under `no-cube`);
//! - a game that is over at ply 0 of that setup is over in the game the
//!   position came from, with the same outcome (the setup is judged at
//!   ply 0 and judged right).
//!
//! Games whose endings a setup can say are checked further in their own
//! files (`backgammon::finished_position_restarts_finished`).

use arbiter::rules::{Game, Implementation, RuleProfile, Rules};

/// At most this many plies a game; random games that last longer are
/// checked up to here.
const MAX_PLIES: usize = 300;

fn next(rng: &mut u64) -> u64 {
    // SplitMix64.
    *rng = rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *rng;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The checks of this file at one ply of `g`; `Err` says which failed.
fn check_ply<G: Rules>(
    imp: &dyn Implementation<G>,
    g: &dyn Game<G>,
    profile: &G::Profile,
) -> Result<(), String> {
    let Some(p) = g.position() else {
        return Ok(());
    };
    let wire = G::setup_to_wire(&p);
    let back = G::setup_from_wire(&wire)
        .map_err(|(f, e)| format!("{wire} reads back as an error at {f}: {e}"))?;
    if G::setup_to_wire(&back) != wire {
        return Err(format!("{wire} reads back as {}", G::setup_to_wire(&back)));
    }
    let over = G::is_over(&g.outcome());
    let again = match imp.start(&back, profile) {
        Ok(again) => again,
        Err(e) if over => {
            let _ = e;
            return Ok(());
        }
        Err(e) => return Err(format!("its position {wire} does not start a game: {e}")),
    };
    match again.position() {
        Some(q) if G::setup_to_wire(&q) == wire => {}
        Some(q) => {
            return Err(format!(
                "its position {wire} starts a game whose position is {}",
                G::setup_to_wire(&q)
            ));
        }
        None => {
            return Err(format!(
                "its position {wire} starts a game without a position"
            ));
        }
    }
    if G::is_over(&again.outcome()) && again.outcome() != g.outcome() {
        return Err(format!(
            "its position {wire} starts a game over at ply 0 ({}), but the game is {}",
            again.outcome(),
            g.outcome()
        ));
    }
    Ok(())
}

/// Plays one random game from `setup` on `imp`, checking every ply.
fn play<G: Rules>(
    imp: &dyn Implementation<G>,
    setup: &G::Setup,
    profile: &G::Profile,
    seed: u64,
) -> Result<(), String> {
    let Ok(mut g) = imp.start(setup, profile) else {
        return Ok(());
    };
    let mut rng = seed;
    for _ in 0..MAX_PLIES {
        let legal = g.legal_actions();
        // Every ply of the first ten, every tenth after, and the last.
        if g.ply() < 10 || g.ply() % 10 == 0 || legal.is_empty() {
            check_ply(imp, &*g, profile).map_err(|e| {
                format!(
                    "{} under {}, ply {}: {e}",
                    imp.name(),
                    profile.name(),
                    g.ply()
                )
            })?;
        }
        if legal.is_empty() {
            break;
        }
        let a = &legal[(next(&mut rng) % legal.len() as u64) as usize];
        g.play(a)
            .map_err(|e| format!("{} refused its own listed {a}: {e:?}", imp.name()))?;
    }
    Ok(())
}

fn restarts<G: Rules>() {
    let mut cases = Vec::new();
    for seed in 0..6 {
        match G::battery_case(seed) {
            Some(c) => cases.push(c),
            None => break,
        }
    }
    if let Some(setup) = G::start_setup() {
        for name in G::Profile::names() {
            if let Ok(p) = G::Profile::parse(name) {
                cases.push((setup.clone(), p));
            }
        }
    }
    let mut failures = Vec::new();
    for (i, (setup, profile)) in cases.iter().enumerate() {
        for imp in G::implementations() {
            if let Err(e) = play(imp, setup, profile, 0x5EED ^ i as u64) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}: {}", G::NAME, failures.join("\n"));
}

arbiter::each_game_test!(position_restarts_the_same_game => restarts);
