//! `arbiter profiles` and the switch metadata behind it: every switch of
//! every game's profiles is described, and described by ids that exist,
//! so the listing cannot drift from the code or the spec.

use std::collections::BTreeSet;

use arbiter::rules::RuleProfile;
use arbiter::rules::switches::flatten;
use serde_json::Value;

use crate::common;

/// The dotted switches of `P`'s serde form (its default profile's).
fn serde_switches<P: RuleProfile>() -> BTreeSet<String> {
    let p = P::parse(P::names()[0]).unwrap();
    flatten(&serde_json::to_value(p).unwrap())
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// `P::switches()` describes exactly the switches of its serde form, each
/// with a sentence and a clause or an ambiguity entry, and its ids exist in
/// the game's spec.
fn described_exactly<P: RuleProfile>(game: &str) {
    let described: Vec<&str> = P::switches().iter().map(|i| i.switch).collect();
    let unique: BTreeSet<String> = described.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        unique.len(),
        described.len(),
        "{game}: a switch described twice"
    );
    assert_eq!(
        unique,
        serde_switches::<P>(),
        "{game}: described vs serde form"
    );
    let clauses: Vec<String> = arbiter::scenario::clauses::of_game(game)
        .into_iter()
        .map(|c| c.id)
        .collect();
    let ambiguities =
        std::fs::read_to_string(common::repo(&format!("spec/{game}/ambiguities.md"))).unwrap();
    for info in P::switches() {
        assert!(!info.description.is_empty(), "{game} {}", info.switch);
        assert!(
            info.clause.is_some() || info.ambiguity.is_some(),
            "{game} {}: neither clause nor ambiguity",
            info.switch
        );
        for id in info.clause.into_iter().flat_map(|c| c.split(", ")) {
            assert!(
                clauses
                    .iter()
                    .any(|c| c == id || c.starts_with(&format!("{id}."))),
                "{game} {}: `{id}` is not a clause",
                info.switch
            );
        }
        if let Some(a) = info.ambiguity {
            assert!(
                ambiguities.contains(&format!("**{a}**")),
                "{game} {}: `{a}` is not an entry of ambiguities.md",
                info.switch
            );
        }
    }
}

fn described<G: arbiter::rules::Rules>() {
    described_exactly::<G::Profile>(G::NAME);
}

arbiter::each_game_test!(every_switch_of_every_game_is_described => described);

#[test]
fn the_json_lists_every_switch_of_every_game_in_every_profile() {
    let (out, err, code) = common::run(&["profiles", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let games = v["games"].as_array().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["game"].as_str().unwrap()).collect();
    assert_eq!(names, arbiter::games::names());
    for g in games {
        let game = g["game"].as_str().unwrap();
        let entry = arbiter::games::about(game).unwrap();
        let profiles: Vec<&str> = g["profiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        assert_eq!(profiles, entry.profile_names);
        let switches = g["switches"].as_array().unwrap();
        assert!(!switches.is_empty(), "{game}");
        for s in switches {
            let name = s["switch"].as_str().unwrap();
            assert!(s["description"].is_string(), "{game} {name}");
            assert!(!s["allowed"].is_null(), "{game} {name}: no allowed values");
            for p in &profiles {
                // The value is the one the profile's override spelling
                // reads back: `name+switch=value` gives the same profile.
                let v = &s["values"][p];
                let text = match v {
                    Value::String(t) => t.clone(),
                    other => other.to_string(),
                };
                (entry.check_profile)(&format!("{p}+{name}={text}"))
                    .unwrap_or_else(|e| panic!("{game} {p} {name}={text}: {e}"));
                if let Value::Array(allowed) = &s["allowed"] {
                    assert!(
                        allowed.contains(v),
                        "{game} {p} {name}: {v} not in {allowed:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_text_names_each_switch_and_its_clause() {
    let (out, _, code) = common::run(&["profiles", "--game", "chess"]);
    assert_eq!(code, 0);
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("threefold "))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells,
        [
            "threefold",
            "claim",
            "automatic",
            "automatic",
            "CH-6.4",
            "AM-3",
            "claim",
            "|",
            "automatic",
            "|",
            "off"
        ]
    );
    assert!(!out.contains("stratego"));
    let (_, err, code) = common::run(&["profiles", "--game", "go"]);
    assert_eq!(code, 2);
    assert!(err.contains("`go` is not a game"), "{err}");
    // A long name is repeated cut short, not whole.
    let long = "g".repeat(5000);
    for command in ["profiles", "check"] {
        let (_, err, code) = common::run(&[command, "--game", &long]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(
            err.contains(&format!("`{}…` is not a game", "g".repeat(40))),
            "{command}: {err}"
        );
        assert!(err.len() < 300, "{command}: {} bytes", err.len());
    }
}
