//! What the switches of a game's profiles are about, for `arbiter
//! profiles`: each switch by its dotted path in the profile's serde form
//! (the spelling of the protocol and of overrides), the clause and the
//! ambiguity entry that govern it, a sentence, the values its type allows
//! (read from the profile's JSON Schema, so they cannot drift from the
//! code) and its value in every built-in profile.

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::RuleProfile;

/// One switch of a game's profiles ([`RuleProfile::switches`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SwitchInfo {
    /// Its dotted path in the profile's serde form (`two-squares.limit`).
    pub switch: &'static str,
    /// The rule clauses it changes the reading of (`TS-1.1`), comma
    /// separated; `None` when no clause is about it.
    pub clause: Option<&'static str>,
    /// The entry of the game's `ambiguities.md` that discusses it (`AM-1`);
    /// `None` when no source reads the point otherwise (a bug's switch, a
    /// rule's on/off).
    pub ambiguity: Option<&'static str>,
    /// What it decides.
    pub description: &'static str,
}

/// Every switch of a profile's serde form as `(dotted path, value)`, in
/// the form's order; `name` is not a switch.
pub fn flatten(profile: &Value) -> Vec<(String, Value)> {
    fn walk(prefix: &str, v: &Value, out: &mut Vec<(String, Value)>) {
        match v {
            Value::Object(map) => {
                for (k, sub) in map {
                    if prefix.is_empty() && k == "name" {
                        continue;
                    }
                    let path = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&path, sub, out);
                }
            }
            leaf => out.push((prefix.to_string(), leaf.clone())),
        }
    }
    let mut out = Vec::new();
    walk("", profile, &mut out);
    out
}

/// Follows a `$ref` of `root` (`#/$defs/Name`) until a schema that is not
/// one.
fn resolve<'a>(root: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..16 {
        let Some(r) = schema.get("$ref").and_then(Value::as_str) else {
            break;
        };
        let Some(found) = r
            .strip_prefix("#/")
            .and_then(|p| root.pointer(&format!("/{p}")))
        else {
            break;
        };
        schema = found;
    }
    schema
}

/// The values a schema allows, as a list when it is a closed set (an enum,
/// a boolean, possibly `null`), or a few words for a number.
fn allowed_of(root: &Value, schema: &Value) -> Option<Value> {
    let schema = resolve(root, schema);
    if let Some(Value::Array(values)) = schema.get("enum") {
        return Some(Value::Array(values.clone()));
    }
    if let Some(c) = schema.get("const") {
        return Some(json!([c]));
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(alts)) = schema.get(key) {
            let mut list = Vec::new();
            let mut words = Vec::new();
            for a in alts {
                match allowed_of(root, a)? {
                    Value::Array(vs) => list.extend(vs),
                    Value::String(w) => words.push(w),
                    _ => return None,
                }
            }
            if words.is_empty() {
                return Some(Value::Array(list));
            }
            words.extend(list.iter().map(|v| v.to_string()));
            return Some(Value::String(words.join(" or ")));
        }
    }
    let types: Vec<&str> = match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let mut list = Vec::new();
    let mut words = Vec::new();
    for t in types {
        match t {
            "boolean" => list.extend([json!(false), json!(true)]),
            "null" => list.push(Value::Null),
            "integer" => words.push(match schema.get("minimum").and_then(Value::as_u64) {
                Some(0) | None => "a whole number".to_string(),
                Some(n) => format!("a whole number, at least {n}"),
            }),
            other => words.push(format!("a {other}")),
        }
    }
    if words.is_empty() {
        Some(Value::Array(list))
    } else {
        words.extend(list.iter().map(|v| v.to_string()));
        Some(Value::String(words.join(" or ")))
    }
}

/// The values the switch at dotted `path` may take, as the JSON Schema of
/// `P` says: a list, or a few words (`a whole number, at least 1`).
pub fn allowed<P: RuleProfile>(path: &str) -> Option<Value> {
    let root = serde_json::to_value(schemars::schema_for!(P)).ok()?;
    let mut schema = &root;
    for key in path.split('.') {
        schema = resolve(&root, schema).get("properties")?.get(key)?;
    }
    allowed_of(&root, schema)
}

/// Every built-in profile of `P` with every switch and its value, and what
/// each switch is about, as `arbiter profiles --format json` writes one
/// game.
pub fn describe<P: RuleProfile>(game: &str) -> Value {
    let profiles: Vec<(&str, Vec<(String, Value)>)> = P::names()
        .iter()
        .filter_map(|n| {
            let p = P::parse(n).ok()?;
            Some((*n, flatten(&serde_json::to_value(p).ok()?)))
        })
        .collect();
    let paths: Vec<String> = profiles
        .first()
        .map(|(_, sw)| sw.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let switches: Vec<Value> = paths
        .iter()
        .map(|path| {
            let info = P::switches().iter().find(|i| i.switch == path);
            let values: Map<String, Value> = profiles
                .iter()
                .map(|(n, sw)| {
                    let v = sw.iter().find(|(k, _)| k == path).map(|(_, v)| v.clone());
                    (n.to_string(), v.unwrap_or(Value::Null))
                })
                .collect();
            json!({
                "switch": path,
                "clause": info.and_then(|i| i.clause),
                "ambiguity": info.and_then(|i| i.ambiguity),
                "description": info.map(|i| i.description),
                "allowed": allowed::<P>(path),
                "values": values,
            })
        })
        .collect();
    json!({
        "game": game,
        "default": P::names().first(),
        "profiles": P::names(),
        "switches": switches,
    })
}
