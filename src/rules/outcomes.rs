//! The `outcomes!` macro: how a two-player game stands (going on, won by
//! one side for a reason, or drawn for a reason) with the clause behind
//! each reason written beside it. The four games whose outcomes are just
//! that declare them through it; what it writes is what every one of them
//! wrote by hand: the enums, `win`, `is_over`, the clause of an outcome
//! ([`Basics::outcome_clause`](crate::rules::Basics::outcome_clause)) and
//! `Display` in the outcome's wire words (`white-wins: checkmate`).

/// Writes a game's `WinReason`, `DrawReason` and `Outcome` from its reasons,
/// each `Variant => "CLAUSE"` with its doc comment, and the side type with
/// the outcome variant of each side's win.
#[macro_export]
macro_rules! outcomes {
    (@reasons $(#[$meta:meta])* $name:ident { $( $(#[$v:meta])* $reason:ident => $clause:literal, )+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $( $(#[$v])* $reason, )+ }

        impl $name {
            /// The clause that ends the game for this reason.
            pub const fn clause(self) -> &'static str {
                match self { $( $name::$reason => $clause, )+ }
            }
        }
    };
    (
        sides: $side:ident { $first:ident => $first_wins:ident, $second:ident => $second_wins:ident },
        $(#[$wmeta:meta])*
        pub enum WinReason { $( $(#[$wv:meta])* $win:ident => $wclause:literal, )+ }
        $(#[$dmeta:meta])*
        pub enum DrawReason { $( $(#[$dv:meta])* $draw:ident => $dclause:literal, )+ }
        $(#[$ometa:meta])*
        pub enum Outcome;
    ) => {
        $crate::outcomes!(@reasons $(#[$wmeta])* WinReason { $( $(#[$wv])* $win => $wclause, )+ });
        $crate::outcomes!(@reasons $(#[$dmeta])* DrawReason { $( $(#[$dv])* $draw => $dclause, )+ });

        $(#[$ometa])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "kebab-case")]
        pub enum Outcome {
            /// The game goes on.
            Ongoing,
            #[doc = concat!(stringify!($first), " has won.")]
            $first_wins(WinReason),
            #[doc = concat!(stringify!($second), " has won.")]
            $second_wins(WinReason),
            /// Nobody wins.
            Draw(DrawReason),
        }

        impl Outcome {
            /// A win for `side`.
            pub fn win(side: $side, reason: WinReason) -> Self {
                match side {
                    $side::$first => Outcome::$first_wins(reason),
                    $side::$second => Outcome::$second_wins(reason),
                }
            }

            /// Whether the game has ended.
            pub fn is_over(self) -> bool {
                self != Outcome::Ongoing
            }

            /// What each side scores (indexed by the side's `index()`):
            /// +1 for a win, −1 for a loss, 0 each for a draw or a game
            /// that goes on (`rules::observe::Observe::returns`).
            pub fn returns(self) -> [f64; 2] {
                let won = |side: $side| {
                    let mut r = [-1.0; 2];
                    r[side.index()] = 1.0;
                    r
                };
                match self {
                    Outcome::Ongoing | Outcome::Draw(_) => [0.0; 2],
                    Outcome::$first_wins(_) => won($side::$first),
                    Outcome::$second_wins(_) => won($side::$second),
                }
            }

            /// The clause that ended the game; `None` while it goes on.
            pub const fn clause(self) -> Option<&'static str> {
                match self {
                    Outcome::Ongoing => None,
                    Outcome::$first_wins(r) | Outcome::$second_wins(r) => Some(r.clause()),
                    Outcome::Draw(r) => Some(r.clause()),
                }
            }
        }

        impl std::fmt::Display for Outcome {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::rules::outcomes::wire_words(self, f)
            }
        }
    };
}

/// Writes `value` in its wire words without JSON's quotes and braces
/// (`white-wins: checkmate`, `ongoing`): how outcomes read in reports.
pub fn wire_words(
    value: &impl serde::Serialize,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    let s = serde_json::to_string(value).unwrap_or_default();
    f.write_str(&s.replace(['"', '{', '}'], "").replace(':', ": "))
}
