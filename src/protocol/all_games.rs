//! `arbiter serve` for every game at once: each request answered by the
//! game it names.

use crate::games::{self, Visit};
use crate::rules::{Implementation, RuleProfile, Rules};

use super::answer::shorten_echoes;
use super::message::{ErrorKind, QueryKind, capabilities};
use super::reader::{peek_game, peek_id};
use super::serve::{AnswerLine, Answered, Single};
use super::writer::error_value;

/// What answers protocol requests of the game named `game` with its
/// implementation named `imp` (`None` when there is no such game or
/// implementation), with `default_profile` standing for an absent
/// `profile` when the game has a profile of that name.
pub fn answerer(
    game: &str,
    imp: &str,
    default_profile: Option<&str>,
) -> Option<Box<dyn AnswerLine>> {
    games::visit(
        game,
        &mut Answerer {
            imp,
            default_profile,
        },
    )
    .flatten()
    .map(|s| s.answerer)
}

/// One game as [`AllGames`] serves it.
struct Served {
    name: &'static str,
    capabilities: Vec<&'static str>,
    answerer: Box<dyn AnswerLine>,
}

/// Makes a game's [`Served`], when it has the implementation.
struct Answerer<'a> {
    imp: &'a str,
    default_profile: Option<&'a str>,
}

impl Visit for Answerer<'_> {
    type Out = Option<Served>;
    fn visit<G: Rules>(&mut self) -> Option<Served> {
        let imp: &'static dyn Implementation<G> = G::implementations()
            .into_iter()
            .find(|i| i.name() == self.imp)?;
        Some(Served {
            name: G::NAME,
            capabilities: capabilities::<G>(),
            answerer: Box::new(Single {
                imp,
                default_profile: self
                    .default_profile
                    .filter(|p| G::Profile::parse(p).is_ok())
                    .map(str::to_string),
            }),
        })
    }
}

/// `arbiter serve` without `--game`: every game of the registry that has an
/// implementation of one name, each request answered by the game it names.
/// A request that names no game is read as one of the first of them (the
/// registry's first, Stratego, for the clients that predate `game`), except
/// `hello`, whose reply then lists every game and the capabilities of all.
pub struct AllGames {
    /// Each game that has the implementation, in registry order.
    games: Vec<Served>,
}

impl AllGames {
    /// Every game's implementation named `imp`, with `default_profile`
    /// standing for an absent `profile` in the games that have a profile of
    /// that name; `None` when no game has such an implementation.
    pub fn new(imp: &str, default_profile: Option<&str>) -> Option<Self> {
        let games: Vec<Served> = games::each(&mut Answerer {
            imp,
            default_profile,
        })
        .into_iter()
        .flatten()
        .collect();
        (!games.is_empty()).then_some(AllGames { games })
    }

    /// The names of the games served.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.name).collect()
    }
}

impl AnswerLine for AllGames {
    fn answer_line(&self, line: &str) -> Answered {
        if let Some(game) = peek_game(line) {
            return match self.games.iter().find(|g| g.name == game) {
                Some(g) => g.answerer.answer_line(line),
                None => Answered {
                    kind: None,
                    case: None,
                    // A name of any length is echoed cut short, as every
                    // error message of `serve` is (`answer::shorten_echoes`).
                    reply: error_value(
                        peek_id(line).unwrap_or(0),
                        ErrorKind::Unsupported,
                        &shorten_echoes(&format!(
                            "`{game}` is not a game this server plays: it plays {}",
                            self.names().join(", ")
                        )),
                    ),
                },
            };
        }
        let mut answered = self.games[0].answerer.answer_line(line);
        if answered.kind == Some(QueryKind::Hello) && answered.reply.get("error").is_none() {
            let mut capabilities: Vec<&str> = Vec::new();
            for g in &self.games {
                for &c in &g.capabilities {
                    if !capabilities.contains(&c) {
                        capabilities.push(c);
                    }
                }
            }
            answered.reply["capabilities"] = serde_json::json!(capabilities);
            answered.reply["games"] = serde_json::json!(self.names());
        }
        answered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request naming an unknown game of a megabyte gets an error of
    /// about a kilobyte, not the name back in full.
    #[test]
    fn an_unknown_game_of_any_length_is_echoed_cut_short() {
        let all = AllGames::new("reference", None).expect("a reference");
        let name = "x".repeat(1 << 20);
        let line = format!(r#"{{"protocol": 1, "id": 3, "game": "{name}", "query": "hello"}}"#);
        let answered = all.answer_line(&line);
        let message = answered.reply["error"]["message"]
            .as_str()
            .expect("an error");
        assert!(message.len() < 2_000, "{} bytes", message.len());
        assert!(
            message.contains("is not a game this server plays"),
            "{message}"
        );
        assert_eq!(answered.reply["error"]["kind"], "unsupported");
    }
}
