//! Published perft figures as data: `spec/<game>/perft.yaml`.
//!
//! A perft figure (the number of action sequences of a given length from a
//! position) is the one number a move generator can be checked against
//! without trusting any code of ours. Each game keeps its figures in one
//! file, each with its source (a URL, an OEIS entry, or "ours" when two
//! implementations that share no rule code agree and nothing is
//! published). `cargo test` runs every figure up to a node limit on both
//! implementations (`tests/games/perft_figures.rs`); `arbiter perft` runs them
//! all, and CI runs it on the release-built engine, so a figure the README
//! quotes is a figure CI checks.
//!
//! The file is read with the game's own scenario setup (`setup:` exactly as
//! in scenario files, so `start: true` or `fen: …` work) and a profile as
//! the command line spells it (`fide+threefold=off`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::rules::{Located, RuleProfile, Rules};
use crate::scenario::load::{LoadError, yaml_loc, yaml_message};

/// One figure as the file writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
struct FigureSpec<G: Rules> {
    /// A short name for reports (`start`, `kiwipete`).
    name: String,
    /// The position, as a scenario's `setup:`.
    setup: G::SetupSpec,
    /// The profile, as the command line spells it.
    profile: String,
    /// Plies.
    depth: u32,
    /// The number of action sequences.
    count: u64,
    /// Where the figure comes from.
    source: String,
}

/// A perft file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
struct FileSpec<G: Rules> {
    /// The game (must be the file's game).
    game: String,
    /// The figures, in any order.
    figures: Vec<FigureSpec<G>>,
}

/// What a report says about one figure, whatever its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureInfo {
    /// The game.
    pub game: &'static str,
    /// The figure's name.
    pub name: String,
    /// The profile, as written.
    pub profile: String,
    /// Plies.
    pub depth: u32,
    /// The published (or agreed) count.
    pub count: u64,
    /// Its source.
    pub source: String,
}

/// One figure of some game, ready to count.
pub trait AnyFigure: Send + Sync {
    /// What it claims.
    fn info(&self) -> &FigureInfo;
    /// Counts it with the implementation named `imp`; `None` when that
    /// implementation has no perft counter.
    fn run(&self, imp: &str) -> Option<u64>;
}

struct Figure<G: Rules> {
    info: FigureInfo,
    setup: G::Setup,
    profile: G::Profile,
}

impl<G: Rules> AnyFigure for Figure<G> {
    fn info(&self) -> &FigureInfo {
        &self.info
    }

    fn run(&self, imp: &str) -> Option<u64> {
        G::perft(imp, &self.setup, &self.profile, self.info.depth)
    }
}

/// Reads the perft file `text` of game `G`; errors name the line and column.
pub fn parse<G: Rules>(path: &Path, text: &str) -> Result<Vec<Box<dyn AnyFigure>>, LoadError> {
    let err = |at: crate::rules::Loc, message: String| LoadError {
        file: path.to_path_buf(),
        at,
        message,
    };
    let file: FileSpec<G> =
        serde_saphyr::from_str(text).map_err(|e| err(yaml_loc(&e), yaml_message(&e, text)))?;
    if file.game != G::NAME {
        return Err(err(
            crate::rules::Loc { line: 1, column: 1 },
            format!(
                "`game: {}` in a perft file read for {}: a file holds one game's figures",
                file.game,
                G::NAME
            ),
        ));
    }
    let mut out: Vec<Box<dyn AnyFigure>> = Vec::new();
    for f in file.figures {
        let setup =
            G::setup_from_spec(&f.setup).map_err(|Located { at, message }| err(at, message))?;
        let profile = G::Profile::parse(&f.profile).map_err(|m| {
            err(
                crate::rules::Loc::default(),
                format!("figure `{}`: {m}", f.name),
            )
        })?;
        out.push(Box::new(Figure::<G> {
            info: FigureInfo {
                game: G::NAME,
                name: f.name,
                profile: f.profile,
                depth: f.depth,
                count: f.count,
                source: f.source,
            },
            setup,
            profile,
        }));
    }
    Ok(out)
}

/// Where a game's perft file lives, from the repository root.
pub fn file_of(game: &str) -> PathBuf {
    PathBuf::from("spec").join(game).join("perft.yaml")
}

/// The result of counting one figure.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The figure.
    pub info: FigureInfo,
    /// The implementation that counted.
    pub implementation: String,
    /// What it counted (`None`: it has no counter).
    pub got: Option<u64>,
    /// How long it took.
    pub took: Duration,
}

impl Counted {
    /// Whether the count is the figure.
    pub fn agrees(&self) -> bool {
        self.got == Some(self.info.count)
    }
}

/// Counts `figure` with `imp`, timed.
pub fn count(figure: &dyn AnyFigure, imp: &str) -> Counted {
    let start = Instant::now();
    let got = figure.run(imp);
    Counted {
        info: figure.info().clone(),
        implementation: imp.to_string(),
        got,
        took: start.elapsed(),
    }
}

/// One report line: `ok`/`FAIL`, the game, the figure, what was counted
/// and how long it took.
pub fn line(c: &Counted) -> String {
    let i = &c.info;
    let verdict = match c.got {
        None => "SKIP",
        Some(_) if c.agrees() => "ok",
        Some(_) => "FAIL",
    };
    let got = match c.got {
        None => "no counter".to_string(),
        Some(n) if c.agrees() => format!("{n}"),
        Some(n) => format!("{n}, expected {}", i.count),
    };
    format!(
        "{verdict:4} {} {} depth {} ({}): {got} in {:.2} s [{}]",
        i.game,
        i.name,
        i.depth,
        c.implementation,
        c.took.as_secs_f64(),
        i.source
    )
}

/// The figures of `game` from `spec/<game>/perft.yaml` under `root`;
/// `Ok(None)` when the game has no perft file.
pub fn load(root: &Path, game: &str) -> Result<Option<Vec<Box<dyn AnyFigure>>>, LoadError> {
    let path = root.join(file_of(game));
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::scenario::load::read(&path)?;
    parse_named(game, &path, &text).map(Some)
}

/// Reads the perft file `text` of the game named `game` ([`parse`] with
/// that game's types); a game this build does not have has no figures.
pub fn parse_named(
    game: &str,
    path: &Path,
    text: &str,
) -> Result<Vec<Box<dyn AnyFigure>>, LoadError> {
    struct Parse<'a>(&'a Path, &'a str);
    impl crate::games::Visit for Parse<'_> {
        type Out = Result<Vec<Box<dyn AnyFigure>>, LoadError>;
        fn visit<G: Rules>(&mut self) -> Self::Out {
            parse::<G>(self.0, self.1)
        }
    }
    crate::games::visit(game, &mut Parse(path, text)).unwrap_or_else(|| Ok(Vec::new()))
}
