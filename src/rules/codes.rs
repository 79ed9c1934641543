//! The `rule_codes!` macro: a game's list of rule codes, the stable names
//! of the rules an action can break, written once as `Variant = "code"`.
//! The code is the spelling in scenario files and on the wire, so the
//! serde name, [`as_str`](#) and `Display` are all made from that one
//! string and cannot drift apart; the list is the order a verdict looks
//! for them in, kept as `ALL`.

/// Writes a game's `RuleCode` enum from `Variant = "code"` lines (each
/// with its doc comment naming the clause), with the derives every game's
/// codes need (`Copy`, `Ord`, `Hash`, serde, JSON schema), the serde name
/// of each variant set to its code, `ALL` (every code, in the order
/// written), `as_str` and `Display` (the code); and, where every line
/// names the clause that decides its code (`Variant = "code" @ "CLAUSE"`),
/// `clause`.
#[macro_export]
macro_rules! rule_codes {
    // Each code with the one clause that decides it (`Variant = "code" @
    // "CLAUSE"`): the enum as below, and `clause`.
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal @ $clause:literal, )+
        }
    ) => {
        $crate::rule_codes! {
            $(#[$meta])*
            pub enum $name {
                $( $(#[$vmeta])* $variant = $code, )+
            }
        }

        impl $name {
            /// The spec clause that decides the rule.
            pub const fn clause(self) -> &'static str {
                match self {
                    $($name::$variant => $clause,)+
                }
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $code)] $variant, )+
        }

        impl $name {
            /// Every code, in the order written (the order a verdict
            /// looks for them in).
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The code as written in scenarios and on the wire.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)+
                }
            }
        }

        $crate::display_as!($name, as_str);
    };
}
