//! One module per game, and the registry: the one place that names the
//! games. Everything else reaches a game through a [`Visit`]: a piece of
//! code written once over `G: Rules` that [`each`] runs for every game and
//! [`visit`] for the game of a name, so typed generic code (the command
//! line, the schemas, the tests) iterates the games without naming one.
//!
//! Each game is a cargo feature (all five by default). A build with one
//! game only (`--no-default-features --features dame`) is what a
//! code-level mutation run of that game compiles for every mutant
//! (docs/mutation.md): a fifth of the crate's rule code.

use crate::rules::Rules;

/// Code run once per game, with the game's type: `visit::<G>()` is
/// monomorphised for every registered game.
pub trait Visit {
    /// What one visit gives.
    type Out;
    /// The visit of game `G`.
    fn visit<G: Rules>(&mut self) -> Self::Out;
}

// The games' modules, declared in plain code, not by the registry below:
// cargo-mutants finds the files to mutate by following `mod` items from the
// crate root and does not expand macros, so a module a macro declares is
// never mutated (from 079887d, when the registry declared them, to this
// change, `cargo mutants -f 'src/games/<game>/...'` listed no mutant at
// all). A registry line without its module here does not compile.
#[cfg(feature = "backgammon")]
pub mod backgammon;
#[cfg(feature = "chess")]
pub mod chess;
#[cfg(feature = "dame")]
pub mod dame;
#[cfg(feature = "epaminondas")]
pub mod epaminondas;
#[cfg(feature = "stratego")]
pub mod stratego;

/// The registry, written once: each line is a game's module (named as the
/// game, declared above), its type, and optionally the cargo feature that
/// compiles it in (`[feature = "dame"]`; a game without one is always
/// compiled). It makes [`each`], [`visit`], [`names`] and [`ALL_NAMES`].
macro_rules! registry {
    ($($module:ident :: $ty:ident $([feature = $feature:literal])?),* $(,)?) => {
        /// The names of every game of the project, whether or not this
        /// build compiles it in: a scenario of a game that a one-game build
        /// leaves out is still known to be another game's, not a misspelt
        /// one.
        pub const ALL_NAMES: &[&str] = &[$(stringify!($module)),*];

        /// Runs `v` on every game, in the registry's order (the first is
        /// the game `arbiter serve` reads a request as when the request
        /// names no game).
        #[allow(clippy::vec_init_then_push)]
        pub fn each<V: Visit>(v: &mut V) -> Vec<V::Out> {
            #[allow(unused_mut)]
            let mut out = Vec::new();
            $(
                $(#[cfg(feature = $feature)])?
                out.push(v.visit::<$module::game::$ty>());
            )*
            out
        }

        /// Runs `v` on the game named `name`; `None` when no game of this
        /// build has that name.
        pub fn visit<V: Visit>(name: &str, v: &mut V) -> Option<V::Out> {
            $(
                $(#[cfg(feature = $feature)])?
                if name == <$module::game::$ty as crate::rules::Basics>::NAME {
                    return Some(v.visit::<$module::game::$ty>());
                }
            )*
            let _ = (name, v);
            None
        }

        registry!(@tests ($) $($module :: $ty $([feature = $feature])?),*);

        /// The names of every game of this build, in the registry's order.
        #[allow(clippy::vec_init_then_push)]
        pub fn names() -> Vec<&'static str> {
            #[allow(unused_mut)]
            let mut out = Vec::new();
            $(
                $(#[cfg(feature = $feature)])?
                out.push(<$module::game::$ty as crate::rules::Basics>::NAME);
            )*
            out
        }
    };
    (@tests ($d:tt) $($module:ident :: $ty:ident $([feature = $feature:literal])?),*) => {
        /// One `#[test]` per registered game (as ripgrep runs a test once
        /// per matcher): `each_game_test!(name => check)` writes a module
        /// `name` with a test named after each game that calls
        /// `super::check::<Game>()`, so a test written once over `G: Rules`
        /// runs for every game of the registry, a new one included, each
        /// game in a test of its own (`cargo test name::dame`). Attributes
        /// before the name (`#[ignore]`) go on every test.
        #[macro_export]
        macro_rules! each_game_test {
            ($d(#[$d meta:meta])* $d name:ident => $d check:ident) => {
                mod $d name {
                    $(
                        $(#[cfg(feature = $feature)])?
                        #[test]
                        $d(#[$d meta])*
                        fn $module() {
                            super::$d check::<$crate::games::$module::game::$ty>()
                        }
                    )*
                }
            };
        }
    };
}

registry! {
    stratego::Stratego [feature = "stratego"],
    dame::Dame [feature = "dame"],
    chess::Chess [feature = "chess"],
    epaminondas::Epaminondas [feature = "epaminondas"],
    backgammon::Backgammon [feature = "backgammon"],
}

/// What the command line and the docs tables say of a game without its
/// types: its names and counts.
#[derive(Clone, Debug)]
pub struct About {
    /// Its name (`stratego`).
    pub name: &'static str,
    /// Where its rules come from ([`crate::rules::Basics::SEED`]).
    pub seed: &'static str,
    /// Its worked third-party adapter
    /// ([`crate::rules::Basics::EXAMPLE_ADAPTER`]).
    pub example_adapter: &'static str,
    /// The names of its implementations, the reference first.
    pub implementations: Vec<&'static str>,
    /// Its built-in profile names, the default first.
    pub profile_names: &'static [&'static str],
    /// How many mutants its kill matrix runs.
    pub mutant_count: usize,
    /// Reads a profile name as the command line gives it (a built-in name,
    /// possibly with overrides): why not, when it is none of the game's.
    pub check_profile: fn(&str) -> Result<(), String>,
    /// Its built-in profiles, every switch with its value, and what each
    /// switch is about (`arbiter profiles`; [`crate::rules::switches`]).
    pub profiles: fn() -> serde_json::Value,
    /// The notations it reads and writes besides the wire spelling
    /// ([`crate::rules::Notation::NOTATIONS`]).
    pub notations: &'static [crate::rules::NotationInfo],
    /// The record formats `arbiter replay` reads for it
    /// ([`crate::rules::Notation::RECORD_FORMATS`]).
    pub record_formats: &'static [crate::rules::notation::RecordFormat],
}

impl About {
    /// The implementation generic code plays a game on when speed matters
    /// (random walks, learning loops): the last, the engine where the game
    /// has one, else the reference.
    pub fn fastest(&self) -> &'static str {
        self.implementations.last().copied().unwrap_or("reference")
    }

    /// What is said of game `G`.
    pub fn of<G: Rules>() -> About {
        use crate::rules::RuleProfile;
        About {
            name: G::NAME,
            seed: G::SEED,
            example_adapter: G::EXAMPLE_ADAPTER,
            implementations: G::implementations().iter().map(|i| i.name()).collect(),
            profile_names: G::Profile::names(),
            mutant_count: G::MUTANTS.len(),
            check_profile: |name| G::Profile::parse(name).map(|_| ()),
            profiles: || crate::rules::switches::describe::<G::Profile>(G::NAME),
            notations: G::NOTATIONS,
            record_formats: G::RECORD_FORMATS,
        }
    }
}

/// What is said of every game, in the registry's order.
pub fn all() -> Vec<About> {
    struct A;
    impl Visit for A {
        type Out = About;
        fn visit<G: Rules>(&mut self) -> About {
            About::of::<G>()
        }
    }
    each(&mut A)
}

/// What is said of the game named `name`.
pub fn about(name: &str) -> Option<About> {
    all().into_iter().find(|a| a.name == name)
}

/// The name of the game called `name`, when this build has it.
pub fn find(name: &str) -> Option<&'static str> {
    names().into_iter().find(|g| *g == name)
}

/// How many characters of a name that is not a game an error repeats.
pub const ECHOED_NAME_CHARS: usize = 40;

/// Why `name` is not a game of this build, repeating at most its first
/// [`ECHOED_NAME_CHARS`] characters (a name of any length came back whole:
/// 1 MB in, 1 MB out), then the games there are.
pub fn not_a_game(name: &str) -> String {
    format!(
        "`{}` is not a game: expected one of {}",
        echoed_name(name),
        names().join(", ")
    )
}

/// `name` cut to its first [`ECHOED_NAME_CHARS`] characters, with `…` when
/// cut.
pub fn echoed_name(name: &str) -> String {
    match name.char_indices().nth(ECHOED_NAME_CHARS) {
        Some((at, _)) => format!("{}…", &name[..at]),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    /// A name that is not a game is repeated cut to 40 characters.
    #[test]
    fn a_name_that_is_not_a_game_is_echoed_cut_short() {
        let long = "é".repeat(1 << 20);
        let message = super::not_a_game(&long);
        assert!(
            message.starts_with(&format!(
                "`{}…` is not a game: expected one of ",
                "é".repeat(40)
            )),
            "{}",
            &message[..200]
        );
        assert!(message.len() < 300, "{} bytes", message.len());
        assert!(super::not_a_game("go").starts_with("`go` is not a game"));
        assert_eq!(super::echoed_name(&"x".repeat(40)), "x".repeat(40));
    }

    /// The project's list of names is the registry's when every game is
    /// compiled in (the default), in the registry's order: each game's
    /// module is named as the game.
    #[test]
    #[cfg(all(
        feature = "stratego",
        feature = "dame",
        feature = "chess",
        feature = "epaminondas",
        feature = "backgammon"
    ))]
    fn all_names_are_the_full_registry() {
        assert_eq!(super::names(), super::ALL_NAMES);
    }
}
