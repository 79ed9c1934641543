//! The scenario runner checks what every implementation respects at every
//! ply (docs/architecture.md, "What every game respects"), beyond what a
//! scenario writes: `ply()` counts the actions played, the legal list is
//! empty exactly when the game is over, it lists the actions the scenario
//! plays and its legal probes, and never an action the scenario or `judge`
//! refuses. These checks are what let the corpus catch a slip in the code
//! that lists actions or counts plies (docs/mutation.md).
//!
//! Each test wraps every game's reference in one deliberate slip and
//! requires that the game's corpus fails somewhere, and that the same
//! corpus passes with the slip removed.

use std::path::PathBuf;

use arbiter::rules::{Game, Illegal, Implementation, Rules, Verdict};
use arbiter::scenario::any::{load_all, of_game};
use arbiter::scenario::run::run_profile;

/// One slip an implementation could make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slip {
    /// None: the reference as it is.
    None,
    /// The legal list is always empty.
    EmptyList,
    /// The legal list drops its first action.
    DropsFirst,
    /// `ply()` never moves.
    FrozenPly,
    /// Says it tells the position, and never does.
    UntoldPosition,
}

struct Slipped<G: Rules> {
    inner: Box<dyn Game<G>>,
    slip: Slip,
}

impl<G: Rules> Game<G> for Slipped<G> {
    fn side_to_move(&self) -> G::Side {
        self.inner.side_to_move()
    }
    fn outcome(&self) -> G::Outcome {
        self.inner.outcome()
    }
    fn judge(&self, action: &G::Action) -> Verdict<G> {
        self.inner.judge(action)
    }
    fn legal_actions(&self) -> Vec<G::Action> {
        let mut all = self.inner.legal_actions();
        match self.slip {
            Slip::EmptyList => all.clear(),
            Slip::DropsFirst if !all.is_empty() => {
                all.remove(0);
            }
            _ => {}
        }
        all
    }
    fn play(&mut self, action: &G::Action) -> Result<G::Note, Illegal<G>> {
        self.inner.play(action)
    }
    fn ply(&self) -> usize {
        if self.slip == Slip::FrozenPly {
            0
        } else {
            self.inner.ply()
        }
    }
    fn render(&self) -> String {
        self.inner.render()
    }
    fn canonical(&self, action: &G::Action) -> Option<G::Action> {
        self.inner.canonical(action)
    }
    fn position(&self) -> Option<G::Setup> {
        if self.slip == Slip::UntoldPosition {
            None
        } else {
            self.inner.position()
        }
    }
}

struct SlippedImpl(Slip);

impl<G: Rules> Implementation<G> for SlippedImpl {
    fn name(&self) -> &'static str {
        "slipped"
    }
    fn tells_position(&self) -> bool {
        G::reference().tells_position()
    }
    fn start(&self, setup: &G::Setup, profile: &G::Profile) -> Result<Box<dyn Game<G>>, String> {
        let inner = G::reference().start(setup, profile)?;
        Ok(Box::new(Slipped {
            inner,
            slip: self.0,
        }))
    }
}

/// Whether some run (scenario × profile) of `G`'s corpus fails with `slip`;
/// the first failing run ends the search.
fn some_run_fails<G: Rules>(slip: Slip) -> bool {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(G::NAME);
    let (all, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let imp = SlippedImpl(slip);
    of_game::<G>(&all)
        .into_iter()
        .flat_map(|s| s.profiles.iter().map(move |p| (s, p)))
        .any(|(s, p)| !run_profile(s, &imp as &dyn Implementation<G>, p).is_empty())
}

fn every_slip_found<G: Rules>() {
    assert!(
        !some_run_fails::<G>(Slip::None),
        "{}: the wrapper itself must pass",
        G::NAME
    );
    for slip in [
        Slip::EmptyList,
        Slip::DropsFirst,
        Slip::FrozenPly,
        Slip::UntoldPosition,
    ] {
        assert!(
            some_run_fails::<G>(slip),
            "{}: the corpus does not notice {slip:?}",
            G::NAME
        );
    }
}

arbiter::each_game_test!(every_slip_is_found => every_slip_found);
