//! Differential testing: play the same game in the reference interpreter
//! and in the engine and compare everything observable at every ply — the
//! state, the complete set of legal moves, the verdict (rule, clause and
//! explanation) on every candidate the rules of play allow but the profile
//! forbids, on a few malformed candidates, the report of each played move,
//! and the result.
//!
//! The property lives here, in the library, so the `cargo test` suite
//! (`tests/differential/stratego_differential.rs`), the fuzz target (`fuzz/`)
//! and regression replays share one definition. The loop is the one
//! comparator ([`Compare`]); this module gives it the game's hooks.

use std::fmt;

use crate::games::stratego::game::PlyReport;
use crate::games::stratego::game::Stratego;
use crate::games::stratego::moves::Move;
use crate::games::stratego::piece::Color;
use crate::games::stratego::position::{Board, Setup};
use crate::games::stratego::profile::Profile;
use crate::games::stratego::reference::{Reference, play as ref_play};
use crate::games::stratego::square::Square;
use crate::games::stratego::verdict::RuleCode;
use crate::rules::compare::{Compare, Flow, Hooks, Options};
use crate::rules::{Game, Implementation, Verdict};

use super::driver::{
    Bias, Bytes, Chooser, Source, canonical_order, setup_and_profile, setup_and_profile_on,
};
use crate::games::stratego::engine::game::{EngineGame, FastMove};
use crate::games::stratego::engine::{Engine, StartError};
use crate::games::stratego::variant::Variant;

/// What a differential run saw, so a test can show (and assert) that the
/// rules were actually exercised.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games compared.
    pub games: u64,
    /// Plies compared.
    pub plies: u64,
    /// Verdicts on single candidates compared.
    pub verdicts: u64,
    /// `forbidden[k]`: plies at which some candidate that the rules of play
    /// allow was refused under `RuleCode::ALL[k]`.
    pub forbidden: [u64; RuleCode::ALL.len()],
    /// Games that ended (by RP-6) within the run rather than being cut off.
    pub finished: u64,
    /// Setups both implementations refused with the same error.
    pub refused_setups: u64,
}

impl Tally {
    /// Plies with a candidate forbidden by `rule`.
    pub fn forbidden_by(&self, rule: RuleCode) -> u64 {
        self.forbidden[rule_index(rule)]
    }

    /// Adds another tally.
    pub fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.plies += o.plies;
        self.verdicts += o.verdicts;
        self.finished += o.finished;
        self.refused_setups += o.refused_setups;
        for (a, b) in self.forbidden.iter_mut().zip(o.forbidden) {
            *a += b;
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games ({} ended), {} plies, {} verdicts compared; plies with a move forbidden by",
            self.games, self.finished, self.plies, self.verdicts
        )?;
        for rule in [RuleCode::TwoSquares, RuleCode::MoreSquares] {
            write!(f, " {rule}: {}", self.forbidden_by(rule))?;
        }
        Ok(())
    }
}

fn rule_index(rule: RuleCode) -> usize {
    RuleCode::ALL
        .iter()
        .position(|&r| r == rule)
        .expect("every code is listed")
}

/// A disagreement, with the game that shows it.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// What differed.
    pub what: String,
    /// The starting position.
    pub setup: Setup,
    /// The profile.
    pub profile: Profile,
    /// The moves played before the disagreement.
    pub moves: Vec<Move>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "reference and engine disagree: {}", self.what)?;
        writeln!(f, "profile: {:?}", self.profile)?;
        writeln!(f, "as a scenario skeleton:\n{}", self.scenario_yaml())
    }
}

impl Mismatch {
    /// The game as a scenario file skeleton for
    /// `scenarios/stratego/regressions/`: setup, profile and moves; the
    /// expectations and clauses are for a person to write after deciding
    /// which side was right.
    pub fn scenario_yaml(&self) -> String {
        let side = |c: Color| {
            let items: Vec<String> = self
                .setup
                .pieces
                .iter()
                .filter(|(_, p)| p.color == c)
                .map(|(sq, p)| format!("{sq}: {}", p.rank))
                .collect();
            format!("{{{}}}", items.join(", "))
        };
        let mut out = String::new();
        out.push_str("id: regressions/CHANGE-ME\n");
        out.push_str("title: CHANGE ME (found by differential testing)\n");
        out.push_str("source: edge case (differential fuzzing)\n");
        out.push_str("clauses: [CHANGE-ME]\n");
        match profile_name(&self.profile) {
            Some(name) => out.push_str(&format!("profiles: [\"{name}\"]\n")),
            None => out.push_str(&format!(
                "# profile not expressible by name: {:?}\n",
                self.profile
            )),
        }
        out.push_str(&format!(
            "setup:\n  to_move: {}\n  red: {}\n  blue: {}\n",
            self.setup.to_move,
            side(Color::Red),
            side(Color::Blue)
        ));
        if !self.moves.is_empty() {
            out.push_str("moves:\n");
            for m in &self.moves {
                out.push_str(&format!("  - {{move: {m}}}\n"));
            }
        }
        out
    }
}

/// A name [`Profile::named`] reads back as `p` (switches aside from the
/// name): the built-in name, or `isf` followed by one `+section.switch=value`
/// override per switch that differs from it.
pub fn profile_name(p: &Profile) -> Option<String> {
    let same = |q: &Profile| {
        let mut q = q.clone();
        q.name = p.name.clone();
        q == *p
    };
    if let Some(q) = Profile::named(&p.name)
        && same(&q)
    {
        return Some(p.name.clone());
    }
    let base = serde_json::to_value(Profile::isf()).ok()?;
    let mine = serde_json::to_value(p).ok()?;
    let mut name = "isf".to_string();
    for (section, switches) in mine.as_object()? {
        let Some(switches) = switches.as_object() else {
            continue;
        };
        for (switch, value) in switches {
            if base.get(section).and_then(|s| s.get(switch)) != Some(value) {
                let text = match value {
                    serde_json::Value::String(v) => v.clone(),
                    v => v.to_string(),
                };
                name.push_str(&format!("+{section}.{switch}={text}"));
            }
        }
    }
    Profile::named(&name).filter(same).map(|_| name)
}

/// The hooks of a game ([`compare_game`]): the candidates are every move
/// the rules of play allow but the game refuses, and one malformed or
/// arbitrary move; a refused one is played now and then; the moves are
/// chosen by the biased [`Chooser`] on the engine's report-free path
/// (`advance`), played alongside, which must reach the state `play`
/// reaches.
struct Line<'s, 't> {
    src: &'s mut dyn Source,
    tally: &'t mut Tally,
    /// The compared engine's game as its own type, played alongside with
    /// `play` (the same moves, so the same state, which
    /// [`check`](Hooks::check) holds it to): the chooser, the fast moves
    /// and the engine's own legality test read it.
    engine: EngineGame,
    /// The engine's report-free path: `advance` must leave the same state
    /// as `play`, and its outcome, computed when asked, must be the one
    /// `play` reported.
    quick: EngineGame,
    chooser: Chooser,
    buf: Vec<FastMove>,
    /// This ply's moves by the rules of play (legal or not).
    pseudo: Vec<Move>,
    /// How many of this ply's candidates (the first) the rules of play
    /// allow; the last is the arbitrary one.
    refused: usize,
    /// The move chosen, and its mover, for `quick` and the chooser.
    chosen: Option<(FastMove, Color)>,
}

impl Hooks<Stratego> for Line<'_, '_> {
    fn candidates(&mut self, _c: &Compare<Stratego>, legal: &[Move]) -> Vec<Move> {
        let board = self.engine.board();
        self.pseudo = ref_play::pseudo_legal_moves(&board);
        let mut candidates: Vec<Move> = self
            .pseudo
            .iter()
            .filter(|mv| legal.binary_search(mv).is_err())
            .copied()
            .collect();
        self.refused = candidates.len();
        // One malformed or arbitrary candidate: off the board, empty
        // squares, the opponent's pieces, diagonals, long steps, lakes,
        // blocked paths.
        candidates.extend(arbitrary_candidate(&board, self.src));
        candidates
    }

    fn judged(&mut self, _c: &Compare<Stratego>, verdicts: &[Verdict<Stratego>]) {
        let mut seen = [false; RuleCode::ALL.len()];
        for v in &verdicts[..self.refused] {
            if let Verdict::Illegal(i) = v {
                seen[rule_index(i.rule)] = true;
            }
        }
        for (t, s) in self.tally.forbidden.iter_mut().zip(seen) {
            *t += s as u64;
        }
        self.tally.verdicts += verdicts.len() as u64;
        self.tally.plies += 1;
    }

    /// Now and then a refused candidate is played: both must refuse it the
    /// same way and leave the game as it was.
    fn try_refused(&mut self, _cs: &[Move], _verdicts: &[Verdict<Stratego>]) -> Option<usize> {
        (self.refused > 0 && self.src.below(8) == 0).then_some(0)
    }

    /// The report-free path is where `play` is, and the engine's own
    /// legality test and verdicts agree with the legal list.
    fn check(&mut self, c: &Compare<Stratego>, legal: &[Move]) -> Result<Flow, String> {
        let engine = &c.games[1].1;
        if Game::position(&self.engine) != engine.position()
            || self.engine.current_outcome() != engine.outcome()
        {
            return Err("the engine played twice left two states".into());
        }
        if self.quick.state_key() != self.engine.state_key()
            || self.quick.current_outcome() != self.engine.current_outcome()
        {
            return Err(format!(
                "advance: the engine's report-free play left another state (outcome {}, played {})",
                self.quick.current_outcome(),
                self.engine.current_outcome()
            ));
        }
        for &mv in &self.pseudo {
            let fast = self
                .engine
                .fast(mv)
                .ok_or("pseudo-legal move off the board")?;
            let is_legal = legal.binary_search(&mv).is_ok();
            if self.engine.is_legal(fast) != is_legal {
                return Err(format!(
                    "engine's is_legal({mv}) = {}, but the legal list says {is_legal}",
                    !is_legal
                ));
            }
            if is_legal && !engine.judge(&mv).is_legal() {
                return Err(format!("engine judges its own legal move {mv} illegal"));
            }
        }
        Ok(Flow::Go)
    }

    fn pick(&mut self, _c: &Compare<Stratego>, _legal: &[Move]) -> Option<Move> {
        self.engine.legal_moves_into(&mut self.buf);
        canonical_order(&self.engine, &mut self.buf);
        let fast = self.chooser.choose(&self.engine, &self.buf, self.src)?;
        self.chosen = Some((fast, self.engine.to_move()));
        Some(self.engine.slow(fast))
    }

    fn played(&mut self, c: &Compare<Stratego>, note: &PlyReport) -> Result<Flow, String> {
        let mv = c.last_played()?;
        if self.engine.play(mv).as_ref() != Ok(note) {
            return Err(format!("the engine played twice noted {mv} two ways"));
        }
        if let Some((fast, color)) = self.chosen.take() {
            self.quick.advance(fast);
            self.chooser.played(color, fast);
        }
        Ok(Flow::Go)
    }

    fn ended(&mut self, c: &Compare<Stratego>) {
        if c.games[1].1.outcome().is_over() {
            self.tally.finished += 1;
        }
    }
}

/// Plays one game from `setup` under `profile` in both implementations
/// ([`Compare`]), choosing moves with the biased [`Chooser`] from `src`,
/// for at most `max_plies` plies or until the game ends or `src` runs dry.
/// Compares at every ply (the position reached last too); returns the
/// first disagreement.
pub fn compare_game(
    setup: &Setup,
    profile: &Profile,
    bias: Bias,
    src: &mut dyn Source,
    max_plies: usize,
    tally: &mut Tally,
) -> Result<(), Box<Mismatch>> {
    let fail = |what: String, moves: &[Move]| {
        Box::new(Mismatch {
            what,
            setup: setup.clone(),
            profile: profile.clone(),
            moves: moves.to_vec(),
        })
    };
    // Setups are checked by each implementation on its own: a refused one
    // is refused alike.
    let quick = match (
        Reference.start_game(setup, profile),
        Engine.start_fast(setup, profile),
    ) {
        (Err(a), Err(StartError::Setup(b))) if a == b => {
            tally.refused_setups += 1;
            return Ok(());
        }
        (Ok(_), Ok(e)) => e,
        (r, e) => {
            return Err(fail(
                format!(
                    "setup: reference {}, engine {}",
                    r.err().map_or("starts".to_string(), |e| e.to_string()),
                    e.err().map_or("starts".to_string(), |e| e.to_string()),
                ),
                &[],
            ));
        }
    };
    let mut hooks = Line {
        src,
        tally,
        engine: quick.clone(),
        quick,
        chooser: Chooser::new(bias),
        buf: Vec::with_capacity(128),
        pseudo: Vec::new(),
        refused: 0,
        chosen: None,
    };
    let options = Options {
        judge_at_limit: true,
        ..Options::plies(max_plies)
    };
    let imps: [&dyn Implementation<Stratego>; 2] = [&Reference, &Engine];
    let Some(mut both) =
        Compare::start(&imps, setup, profile, options, &mut hooks).map_err(|e| fail(e, &[]))?
    else {
        return Ok(());
    };
    hooks.tally.games += 1;
    both.run(&mut hooks).map_err(|e| fail(e, &both.played))
}

/// A candidate that is usually illegal by the rules of play: from one of
/// the side's pieces (or anywhere, off the board included) to a square on
/// its lines (or anywhere).
pub(super) fn arbitrary_candidate(board: &Board, src: &mut dyn Source) -> Option<Move> {
    let kind = src.next()? % 4;
    let g = board.geometry();
    let any = |src: &mut dyn Source| {
        Square::new(
            src.below(g.files as u32 + 2) as u8,
            src.below(g.ranks as u32 + 2) as u8,
        )
    };
    let from = if kind < 2 {
        let own: Vec<Square> = board
            .pieces()
            .filter(|(_, p)| p.piece.color == board.to_move)
            .map(|(sq, _)| sq)
            .collect();
        if own.is_empty() {
            any(src)
        } else {
            own[src.below(own.len() as u32) as usize]
        }
    } else {
        any(src)
    };
    let to = if kind % 2 == 0 {
        let k = src.below(g.files.max(g.ranks) as u32 + 1) as u8;
        match src.below(4) {
            0 => Square::new(from.file, from.rank.saturating_add(k)),
            1 => Square::new(from.file, from.rank.saturating_sub(k)),
            2 => Square::new(from.file.saturating_add(k), from.rank),
            _ => Square::new(from.file.saturating_sub(k), from.rank),
        }
    } else {
        any(src)
    };
    Some(Move::new(from, to))
}

/// Longest game one fuzz input plays. The reference replays the whole game
/// for every question, so each input's cost grows with the square of its
/// length; inputs rarely have bytes for more plies than this anyway.
pub const MAX_FUZZ_PLIES: usize = 120;

/// Fuzz target `differential` (`fuzz/fuzz_targets/differential.rs`): the bytes choose a profile, a setup (full armies
/// or sparse) and a game (each move a biased pick among the legal moves, a
/// byte at a time); the engine must agree with the reference at every ply
/// (see [`compare_game`]).
pub fn check_differential(data: &[u8]) {
    let mut src = Bytes::new(data);
    let (setup, profile, bias) = setup_and_profile(&mut src);
    let mut tally = Tally::default();
    if let Err(m) = compare_game(&setup, &profile, bias, &mut src, MAX_FUZZ_PLIES, &mut tally) {
        panic!("{m}");
    }
}

/// Fuzz target `stratego_variants` (`fuzz/fuzz_targets/stratego_variants.rs`):
/// the first byte picks the variant ([`Variant::ALL`]: the standard game,
/// Barrage, the 8×8 quick game), and the rest is read as
/// [`check_differential`] reads its input, on that variant's board and
/// army. `differential` plays the standard board only; this target also
/// reaches the engine's path for boards of at most 64 squares (one-word
/// masks), which the speed work of issue 30 rewrites.
pub fn check_differential_on_variants(data: &[u8]) {
    if let Err(m) = compare_on_variant(data, &mut Tally::default()) {
        panic!("{m}");
    }
}

/// [`check_differential_on_variants`]'s game, adding what it saw to
/// `tally`; returns the variant played (`None` for an empty input).
pub fn compare_on_variant(data: &[u8], tally: &mut Tally) -> Result<Option<Variant>, String> {
    let Some((&v, rest)) = data.split_first() else {
        return Ok(None);
    };
    let variant = Variant::ALL[usize::from(v) % Variant::ALL.len()];
    let mut src = Bytes::new(rest);
    let (setup, profile, bias) = setup_and_profile_on(&mut src, variant);
    compare_game(&setup, &profile, bias, &mut src, MAX_FUZZ_PLIES, tally)
        .map(|()| Some(variant))
        .map_err(|m| format!("{} board: {m}", variant.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::workload::driver::{SplitMix, profile};

    /// The committed seeds of `stratego_variants` play games on both
    /// small boards (Barrage and the 8×8 quick game), plies included.
    #[test]
    fn the_variants_corpus_plays_both_small_boards() {
        let mut seen = std::collections::BTreeMap::new();
        for data in crate::rules::compare::seed_corpus("stratego_variants") {
            let mut tally = Tally::default();
            if let Some(v) = compare_on_variant(&data, &mut tally).unwrap() {
                *seen.entry(v.name()).or_insert(0) += tally.plies;
            }
        }
        for v in [Variant::Barrage, Variant::Quick8x8] {
            assert!(seen.get(v.name()).copied().unwrap_or(0) > 100, "{seen:?}");
        }
    }

    #[test]
    fn every_generated_profile_has_a_name_that_reads_back() {
        let mut src = SplitMix(7);
        for _ in 0..200 {
            let p = profile(&mut src);
            let name = profile_name(&p).unwrap_or_else(|| panic!("no name for {p:?}"));
            let mut back = Profile::named(&name).unwrap();
            back.name = p.name.clone();
            assert_eq!(back, p, "{name}");
        }
    }
}
