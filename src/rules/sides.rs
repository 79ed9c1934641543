//! The `two_sides!` macro: the two players of a game, written once as
//! `First = "first", Second = "second"`. Every game has two sides that name
//! each other, index a pair of counters and are spelled in scenario files
//! and on the wire; the macro writes those answers, so a game states only
//! what is its own (which side moves forward, where men are crowned).

/// Writes a game's side enum from its two `Variant = "spelling"` lines,
/// with the derives every game's sides need (`Copy`, `Ord`, `Hash`, serde,
/// JSON schema), `BOTH` (the first side first), the method that names the
/// other side (under the name given as `other:`, as the game's code calls
/// it), `index` (0 and 1), `name` (the spelling) and `Display`.
#[macro_export]
macro_rules! two_sides {
    (
        other: $other:ident,
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(#[$m1:meta])* $first:ident = $s1:literal,
            $(#[$m2:meta])* $second:ident = $s2:literal $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        pub enum $name {
            $(#[$m1])* #[serde(rename = $s1)] $first,
            $(#[$m2])* #[serde(rename = $s2)] $second,
        }

        impl $name {
            /// Both sides, the first to move first.
            pub const BOTH: [$name; 2] = [$name::$first, $name::$second];

            /// The other side.
            pub const fn $other(self) -> $name {
                match self {
                    $name::$first => $name::$second,
                    $name::$second => $name::$first,
                }
            }

            /// 0 for the first side, 1 for the second: an index into a pair.
            pub const fn index(self) -> usize {
                match self {
                    $name::$first => 0,
                    $name::$second => 1,
                }
            }

            /// The spelling in scenario files and on the wire.
            pub const fn name(self) -> &'static str {
                match self {
                    $name::$first => $s1,
                    $name::$second => $s2,
                }
            }
        }

        $crate::display_as!($name, name);
    };
}

/// `Display` for a type that has a `const fn $method(self) -> &'static
/// str` giving its spelling: the one way sides and rule codes are shown.
#[macro_export]
macro_rules! display_as {
    ($name:ident, $method:ident) => {
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$method())
            }
        }
    };
}
