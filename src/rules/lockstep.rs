//! The reference's and the engine's games of one setup held side by side
//! ([`Lockstep`]), and the played prefix the short-line fuzz targets start
//! from ([`engine_prefix`]): what a game's short-line property
//! (`short_lines.rs`) compares with. It knows only the rules traits, so a
//! game's module may use it without reaching above the games.

use crate::rules::{Game, Implementation, Rules, Verdict};

/// One byte of a fuzz input read with [`arbitrary::Unstructured`], 0 once
/// the input has run out (so every input is a case): how the short-line
/// properties (`backgammon_short`, `epaminondas_short`) read their bytes.
pub fn byte(u: &mut arbitrary::Unstructured) -> u8 {
    u.arbitrary().unwrap_or(0)
}

/// Up to `max` plies (the input says how many) among `game`'s legal
/// actions, each picked by a byte of the input, played on `game` alone:
/// the short-line properties' *played* start. Returns the last position
/// the game held before it would end (`start` if none): only the line
/// after it is compared, so the prefix needs no trust in the engine.
pub fn engine_prefix<G: Rules>(
    game: &mut dyn Game<G>,
    start: G::Setup,
    u: &mut arbitrary::Unstructured,
    max: usize,
) -> G::Setup {
    let mut last = start;
    for _ in 0..usize::from(byte(u)) % (max + 1) {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = &legal[usize::from(byte(u)) % legal.len()];
        if game.play(a).is_err() || G::is_over(&game.outcome()) {
            break;
        }
        // A position a setup cannot hold (a double on offer) is skipped.
        if let Some(s) = game.position() {
            last = s;
        }
    }
    last
}

/// The reference's and the engine's games of one setup, held
/// side by side by the short-line properties: each method compares one
/// thing the protocol answers and returns the first difference as text
/// (the caller adds where in the line it stands).
pub struct Lockstep<G: Rules> {
    /// The reference's game.
    pub reference: Box<dyn Game<G>>,
    /// The engine's game.
    pub engine: Box<dyn Game<G>>,
}

impl<G: Rules> Lockstep<G>
where
    G::Setup: PartialEq,
{
    /// Both games of `setup` under `profile`: `Ok(None)` when both refuse
    /// it, `Err` when only one does.
    pub fn start(
        reference: &dyn Implementation<G>,
        engine: &dyn Implementation<G>,
        setup: &G::Setup,
        profile: &G::Profile,
    ) -> Result<Option<Self>, String> {
        match (
            reference.start(setup, profile),
            engine.start(setup, profile),
        ) {
            (Ok(reference), Ok(engine)) => Ok(Some(Lockstep { reference, engine })),
            (Err(_), Err(_)) => Ok(None),
            (r, e) => Err(format!(
                "start of {setup:?}: reference {:?}, engine {:?}",
                r.err(),
                e.err()
            )),
        }
    }

    /// The same side to move, outcome and position.
    pub fn same_state(&self) -> Result<(), String> {
        let (r, o) = (&self.reference, &self.engine);
        if r.side_to_move() != o.side_to_move() || r.outcome() != o.outcome() {
            return Err(format!(
                "side to move and outcome: {} {} vs {} {}",
                r.side_to_move(),
                r.outcome(),
                o.side_to_move(),
                o.outcome()
            ));
        }
        let (pr, po) = (r.position(), o.position());
        if pr != po {
            return Err(format!("position\n  reference {pr:?}\n  engine    {po:?}"));
        }
        Ok(())
    }

    /// The same sorted legal actions; the reference's list.
    pub fn same_legal(&self) -> Result<Vec<G::Action>, String> {
        let (lr, lo) = (self.reference.legal_actions(), self.engine.legal_actions());
        if lr != lo {
            let show = |v: &[G::Action]| v.iter().map(|a| a.to_string()).collect::<Vec<_>>();
            return Err(format!(
                "legal actions\n  reference {:?}\n  engine    {:?}",
                show(&lr),
                show(&lo)
            ));
        }
        Ok(lr)
    }

    /// The same whole verdict (rule, clause, explanation) on `a`; the
    /// reference's.
    pub fn same_verdict(&self, a: &G::Action) -> Result<Verdict<G>, String> {
        let (vr, vo) = (self.reference.judge(a), self.engine.judge(a));
        if vr != vo {
            return Err(format!(
                "verdict on {a}\n  reference {vr}\n  engine    {vo}"
            ));
        }
        Ok(vr)
    }

    /// Plays `a` on both: the same note, which is returned, or the same
    /// refusal, which is an error too (the line plays legal actions only).
    pub fn play(&mut self, a: &G::Action) -> Result<G::Note, String> {
        let (nr, no) = (self.reference.play(a), self.engine.play(a));
        if nr != no {
            return Err(format!("play {a}\n  reference {nr:?}\n  engine    {no:?}"));
        }
        nr.map_err(|i| format!("the legal {a} refused: {i}"))
    }
}
