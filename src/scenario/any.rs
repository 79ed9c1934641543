//! A corpus of scenarios of any games: each loaded file as an
//! [`AnyScenario`], its game's type erased, so the command line and the
//! harness hold the scenarios of several games in one list. Code that needs
//! the typed scenario back (to conform, explain or run a kill matrix) gets
//! it with [`typed`], which finds the game through the registry's
//! [`Visit`](crate::games::Visit).

use std::any::Any;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::games::{self, Visit};
use crate::rules::{Implementation, RuleProfile, Rules};

use super::load::{self, LoadError, Loc, Scenario};
use super::run::{ScenarioResult, run};

/// A loaded scenario of some game.
pub trait AnyScenario: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The id, unique within the game.
    fn id(&self) -> &str;
    /// `game:id`, unique across games.
    fn qualified_id(&self) -> String;
    /// Where the id is written.
    fn id_at(&self) -> Loc;
    /// The file.
    fn path(&self) -> &Path;
    /// The clauses it covers.
    fn clauses(&self) -> &[String];
    /// The ambiguity entries among its clauses: the readings a failure of
    /// it involves.
    fn readings(&self) -> Vec<String>;
    /// The names of the profiles it runs under, in order.
    fn profile_names(&self) -> Vec<String>;
    /// Runs it on the game's implementation named `imp` (`reference`,
    /// `engine`) under every profile, or only `only`; `None` when the game
    /// has no implementation of that name.
    fn check(&self, imp: &str, only: Option<&str>) -> Option<ScenarioResult>;
    /// The typed scenario ([`typed`]).
    fn as_any(&self) -> &dyn Any;
}

/// The implementation of `G` named `name` (`reference`, `engine`).
pub fn implementation<G: Rules>(name: &str) -> Option<&'static dyn Implementation<G>> {
    G::implementations().into_iter().find(|i| i.name() == name)
}

impl<G: Rules> AnyScenario for Scenario<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn qualified_id(&self) -> String {
        Scenario::qualified_id(self)
    }

    fn id_at(&self) -> Loc {
        self.id_at
    }

    fn path(&self) -> &Path {
        &self.path
    }

    fn clauses(&self) -> &[String] {
        &self.clauses
    }

    fn readings(&self) -> Vec<String> {
        super::clauses::readings_among(G::SPEC_FILES, &self.clauses)
    }

    fn profile_names(&self) -> Vec<String> {
        self.profiles.iter().map(|p| p.name().to_string()).collect()
    }

    fn check(&self, imp: &str, only: Option<&str>) -> Option<ScenarioResult> {
        Some(run(self, implementation::<G>(imp)?, only))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Code run on a scenario with its game's type ([`typed`]).
pub trait VisitScenario {
    /// What a visit gives.
    type Out;
    /// The visit of a scenario of game `G`.
    fn scenario<G: Rules>(&mut self, s: &Scenario<G>) -> Self::Out;
}

/// Runs `v` on `s` with its game's type.
pub fn typed<V: VisitScenario>(s: &dyn AnyScenario, v: &mut V) -> V::Out {
    struct Down<'a, V> {
        s: &'a dyn AnyScenario,
        v: &'a mut V,
    }
    impl<V: VisitScenario> Visit for Down<'_, V> {
        type Out = Option<V::Out>;
        fn visit<G: Rules>(&mut self) -> Option<V::Out> {
            let s = self.s.as_any().downcast_ref::<Scenario<G>>()?;
            Some(self.v.scenario(s))
        }
    }
    games::visit(s.game(), &mut Down { s, v })
        .flatten()
        .expect("a loaded scenario is a Scenario of its registered game")
}

/// The scenarios of game `G` among `scenarios`.
pub fn of_game<G: Rules>(scenarios: &[Box<dyn AnyScenario>]) -> Vec<&Scenario<G>> {
    scenarios
        .iter()
        .filter_map(|s| s.as_any().downcast_ref::<Scenario<G>>())
        .collect()
}

/// Reads one scenario file of any registered game.
pub fn load(path: &Path) -> Result<Box<dyn AnyScenario>, LoadError> {
    let text = load::read(path)?;
    parse(path, &text)
}

/// Parses one scenario text of any registered game: `game:` picks the
/// game's types.
pub fn parse(path: &Path, text: &str) -> Result<Box<dyn AnyScenario>, LoadError> {
    struct Parse<'a>(&'a Path, &'a str);
    impl Visit for Parse<'_> {
        type Out = Result<Box<dyn AnyScenario>, LoadError>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            Ok(Box::new(load::parse::<G>(self.0, self.1)?))
        }
    }
    let game = load::game_of(path, text)?;
    games::visit(&game.value, &mut Parse(path, text)).unwrap_or_else(|| {
        Err(LoadError {
            file: path.to_path_buf(),
            at: (&game).into(),
            message: games::not_a_game(&game.value),
        })
    })
}

/// The game a scenario file names in its `game:` key, when it can be read
/// and names one of the project's games (compiled into this build or not,
/// [`crate::games::ALL_NAMES`]): what a file that fails to load still says
/// about whose it is.
pub fn game_named_in(path: &Path) -> Option<&'static str> {
    let text = load::read(path).ok()?;
    let game = load::game_of(path, &text).ok()?;
    games::ALL_NAMES.iter().copied().find(|g| *g == game.value)
}

/// The load errors that belong to a run restricted to `game`: a file that
/// names another of the project's games is not `game`'s, and its failure to
/// load is not an error of that run (in a one-game build, every other
/// game's files fail to load). A file whose game cannot be told
/// (unreadable, no `game:`, a name no game has) may be `game`'s, and stays.
pub fn load_errors_of_game(errors: Vec<LoadError>, game: Option<&str>) -> Vec<LoadError> {
    let Some(game) = game else {
        return errors;
    };
    errors
        .into_iter()
        .filter(|e| game_named_in(&e.file).is_none_or(|g| g == game))
        .collect()
}

/// Loads every scenario under `paths`. Returns the scenarios that loaded and
/// the errors of those that did not, including ids repeated within a game
/// and paths that cannot be read (everything else is still loaded).
pub fn load_all(paths: &[PathBuf]) -> (Vec<Box<dyn AnyScenario>>, Vec<LoadError>) {
    let (files, errors) = load::discover(paths);
    collect_loaded(files.iter().map(|f| load(f)), errors)
}

/// Scenarios read one by one (from files, or from texts compiled into a
/// binary: the Python package's corpus), kept in order, with the errors of
/// those that did not load added to `errors`, and an id repeated within a
/// game refused as [`load_all`] refuses it.
pub fn collect_loaded(
    loaded: impl IntoIterator<Item = Result<Box<dyn AnyScenario>, LoadError>>,
    mut errors: Vec<LoadError>,
) -> (Vec<Box<dyn AnyScenario>>, Vec<LoadError>) {
    let mut scenarios: Vec<Box<dyn AnyScenario>> = Vec::new();
    let mut seen = BTreeSet::new();
    for read in loaded {
        match read {
            Ok(s) => {
                if !seen.insert(s.qualified_id()) {
                    let first = scenarios
                        .iter()
                        .find(|o| o.qualified_id() == s.qualified_id())
                        .map(|o| o.path().display().to_string())
                        .unwrap_or_default();
                    errors.push(LoadError {
                        file: s.path().to_path_buf(),
                        at: s.id_at(),
                        message: format!(
                            "id `{}` is already used by {first}; ids are unique within a game and never reused",
                            s.id()
                        ),
                    });
                } else {
                    scenarios.push(s);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    (scenarios, errors)
}
