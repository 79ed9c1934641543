//! Profiles as scenarios and the command line spell them: a built-in name,
//! then switch overrides, `isf+more-squares.exception=none` or
//! `fide+threefold=automatic`. Every game reads them the same way, through
//! the profile's serde form, so an override names a switch exactly as the
//! protocol spells it and no game keeps its own copy of the reader.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::rules::words::in_our_words;

/// Whether `value` is its type's default: the `skip_serializing_if` of a
/// profile's `faults` section, which every named profile leaves at its
/// default and which so never reaches the wire or an override.
pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Reads `text`: a built-in profile that `named` knows (`names` lists them
/// for the error), then `+switch=value` or `+section.switch=value`
/// overrides, applied in order. The whole text becomes the profile's `name`.
/// A value is read as JSON (`3`, `true`) or else taken as a string (`none`).
pub fn parse_profile<P: Serialize + DeserializeOwned>(
    text: &str,
    names: &[&str],
    named: impl Fn(&str) -> Option<P>,
) -> Result<P, String> {
    let mut parts = text.split('+');
    let base = parts.next().unwrap_or_default();
    let profile = named(base).ok_or_else(|| super::not_one_of(base, "a profile", names, None))?;
    let mut json = serde_json::to_value(&profile).map_err(|e| e.to_string())?;
    for o in parts {
        json = overridden::<P>(json, o)?;
    }
    match &mut json {
        Value::Object(obj) => {
            obj.insert("name".into(), Value::String(text.to_string()));
        }
        _ => return Err(format!("`{text}`: a profile is an object of switches")),
    }
    serde_json::from_value(json).map_err(|e| format!("`{text}`: {}", in_our_words(e.to_string())))
}

/// Writes a game's profile table and its [`RuleProfile`](crate::rules::RuleProfile)
/// impl from the built-in names (the default first), each with the
/// constructor it calls, and the game's switch list: the inherent `NAMES`
/// and `parse` (a built-in name, optionally followed by `+switch=value` or
/// `+section.switch=value` overrides, kebab-case as the profile serializes,
/// read by [`parse_profile`]; the whole text becomes the profile's name), and
/// the trait's `name`, `parse`, `names` and `switches`, and `Default` (the
/// first name's profile). Overrides let a scenario show what one reading
/// changes without a new built-in profile.
#[macro_export]
macro_rules! rule_profile {
    ($profile:ident, switches: $switches:expr, names: {
        $first:literal => $first_ctor:ident $(, $name:literal => $ctor:ident)* $(,)?
    }) => {
        impl $profile {
            /// The built-in names, the default first.
            pub const NAMES: &'static [&'static str] = &[$first $(, $name)*];

            /// Reads a built-in name with its overrides, if any.
            pub fn parse(text: &str) -> Result<Self, String> {
                $crate::rules::overrides::parse_profile(text, Self::NAMES, |base| match base {
                    $first => Some(Self::$first_ctor()),
                    $($name => Some(Self::$ctor()),)*
                    _ => None,
                })
            }
        }

        impl Default for $profile {
            fn default() -> Self {
                Self::$first_ctor()
            }
        }

        impl $crate::rules::RuleProfile for $profile {
            fn name(&self) -> &str {
                &self.name
            }

            fn parse(text: &str) -> Result<Self, String> {
                <$profile>::parse(text)
            }

            fn switches() -> &'static [$crate::rules::SwitchInfo] {
                $switches
            }

            fn names() -> &'static [&'static str] {
                Self::NAMES
            }
        }
    };
}

/// Applies one `switch=value` or `section.switch=value` override to the
/// profile's serde form, and checks that the result is still a profile.
fn overridden<P: DeserializeOwned>(mut json: Value, text: &str) -> Result<Value, String> {
    let bad = |why: &str| format!("`+{text}` is not a switch override: {why}");
    let shape = "expected `switch=value` or `section.switch=value`";
    let (path, value) = text.split_once('=').ok_or_else(|| bad(shape))?;
    let keys: Vec<&str> = path.split('.').collect();
    if keys.len() > 2 || keys.contains(&"name") {
        return Err(bad(shape));
    }
    let mut slot = &mut json;
    for (i, k) in keys.iter().enumerate() {
        let obj = slot
            .as_object_mut()
            .ok_or_else(|| bad(&format!("`{}` is not a section", keys[..i].join("."))))?;
        if !obj.contains_key(*k) {
            let known: Vec<&String> = obj.keys().filter(|k| *k != "name").collect();
            let place = match i {
                0 => String::new(),
                _ => format!("`{}` has ", keys[..i].join(".")),
            };
            return Err(bad(&format!(
                "{place}no switch `{k}` (there are {known:?})"
            )));
        }
        slot = obj.get_mut(*k).expect("checked");
    }
    if slot.is_object() {
        return Err(bad(&format!(
            "`{path}` is a section: name one of its switches"
        )));
    }
    *slot = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
    serde_json::from_value::<P>(json.clone())
        .map_err(|e| bad(&format!("`{path}`: {}", in_our_words(e.to_string()))))?;
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    struct Toy {
        name: String,
        limit: u32,
        chase: Chase,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case", deny_unknown_fields)]
    struct Chase {
        enabled: bool,
        window: Window,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Window {
        SinceLastFight,
        CurrentChase,
    }

    fn named(n: &str) -> Option<Toy> {
        (n == "base").then(|| Toy {
            name: "base".into(),
            limit: 5,
            chase: Chase {
                enabled: true,
                window: Window::SinceLastFight,
            },
        })
    }

    fn parse(text: &str) -> Result<Toy, String> {
        parse_profile(text, &["base"], named)
    }

    #[test]
    fn overrides_change_one_switch_each_and_name_the_whole_text() {
        let p = parse("base+limit=3+chase.window=current-chase").unwrap();
        assert_eq!(p.limit, 3);
        assert_eq!(p.chase.window, Window::CurrentChase);
        assert!(p.chase.enabled);
        assert_eq!(p.name, "base+limit=3+chase.window=current-chase");
        assert_eq!(parse("base").unwrap().name, "base");
    }

    #[test]
    fn bad_overrides_say_what_is_wrong() {
        let err = |t: &str| parse(t).unwrap_err();
        assert!(err("other").contains("`other` is not a profile: expected one of base"));
        assert!(err("base+limit").contains("expected `switch=value`"));
        assert!(err("base+name=x").contains("expected `switch=value`"));
        assert!(err("base+a.b.c=1").contains("expected `switch=value`"));
        assert!(err("base+speed=1").contains("no switch `speed`"));
        assert!(err("base+chase.speed=1").contains("`chase` has no switch `speed`"));
        assert!(err("base+limit.x=1").contains("`limit` is not a section"));
        assert!(err("base+chase=1").contains("`chase` is a section"));
        assert!(err("base+chase.window=sometimes").contains(
            "`chase.window`: expected `since-last-fight` or `current-chase`, got `sometimes`"
        ));
        assert!(err("base+limit=many").contains("is not a switch override"));
        // The JSON library's words (`expected u32`) do not reach the user:
        // the switch is named, with what it allows.
        assert!(
            err("base+limit=-3")
                .ends_with("`limit`: expected a whole number from 0 to 4294967295, got -3"),
            "{}",
            err("base+limit=-3")
        );
        assert!(
            err("base+limit=many").ends_with(
                "`limit`: expected a whole number from 0 to 4294967295, got the string \"many\""
            ),
            "{}",
            err("base+limit=many")
        );
        for t in ["base+limit=-3", "base+limit=many", "base+chase.enabled=3"] {
            assert!(!err(t).contains("invalid "), "{}", err(t));
            assert!(!err(t).contains("expected u32"), "{}", err(t));
            assert!(!err(t).contains("expected a boolean"), "{}", err(t));
        }
    }
}
