//! The JSON Schema of the scenario format, for every game: one schema per
//! game (its setup and annotations come from its own types), chosen by
//! `game`. `spec/scenario.schema.json` is this output; a test fails when it
//! is stale.

use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{Map, Value, json};

use crate::rules::Rules;

use super::format::Legality;

/// The schema of a scenario file of game `G`; its types' definitions go to
/// `generator`.
pub fn for_game<G: Rules>(generator: &mut SchemaGenerator) -> Value {
    let annotations = G::Annotations::json_schema(generator).to_value();
    let own = annotations
        .get("properties")
        .cloned()
        .unwrap_or_else(|| json!({}));
    let legality = generator.subschema_for::<Legality>().to_value();
    let rule = generator.subschema_for::<G::RuleCode>().to_value();
    let outcome = generator.subschema_for::<G::Outcome>().to_value();
    let setup = generator.subschema_for::<G::SetupSpec>().to_value();

    let clause = json!({"description": "With an illegal verdict: the clause the refusal cites (`TS-5.1`), one of `clauses`. Checked on arbiter's own implementations only.", "type": "string"});
    let because = json!({"description": "With an illegal verdict: words the refusal's explanation contains (`cross B2|C2 again`). Checked on arbiter's own implementations only.", "type": "string", "minLength": 1});
    let expectation = |extra: &[(&str, Value)]| -> Value {
        let mut props = Map::new();
        for (k, v) in extra {
            props.insert((*k).to_string(), v.clone());
        }
        props.insert(
            "expect".into(),
            json!({"description": "Default `legal`. An action expected `illegal` is judged, not played: the run of that profile ends there, or goes on with its `continuation`.", "allOf": [legality]}),
        );
        props.insert(
            "rule".into(),
            json!({"description": "With `expect: illegal`: the rule that forbids the action.", "allOf": [rule]}),
        );
        props.insert("clause".into(), clause.clone());
        props.insert("because".into(), because.clone());
        props.insert(
            "outcome".into(),
            json!({"description": "The game's state after the action.", "allOf": [outcome]}),
        );
        props.insert(
            "position".into(),
            json!({"description": "The position after the action (after a refused one: the position it was refused in), in the form of `setup`, compared as a position. Checked on implementations that tell their position.", "allOf": [setup]}),
        );
        if let Value::Object(own) = &own {
            for (k, v) in own {
                props.insert(k.clone(), v.clone());
            }
        }
        json!({"type": "object", "properties": props, "additionalProperties": false})
    };
    // A profile's own continuation after an action it refuses; its actions
    // take no continuation of their own.
    let continuation_of = |entry: &Value| {
        json!({
            "description": "With `expect: illegal`: what this profile plays instead of the refused action, in place of the scenario's later actions, probes and result.",
            "type": "object",
            "properties": {
                "moves": {"type": "array", "items": entry},
                "probes": {"type": "array", "items": {"$ref": format!("#/$defs/{}-probe", G::NAME)}},
                "result": outcome,
            },
            "additionalProperties": false,
        })
    };
    let text = |d: &str| json!({"description": d, "type": "string"});
    let mut overrides = expectation(&[]);
    let move_entry = {
        let mut m = expectation(&[
            ("move", text("The action, in the game's notation.")),
            (
                "note",
                text("Free text (the seed table's explanation column, say)."),
            ),
            (
                "profiles",
                json!({"description": "Expectations that differ under another listed profile; fields given here replace the plain ones for that profile.", "type": "object", "additionalProperties": overrides}),
            ),
        ]);
        m["required"] = json!(["move"]);
        m
    };
    let continuation = continuation_of(&move_entry);
    overrides["properties"]["continuation"] = continuation.clone();
    let mut move_entry = move_entry;
    move_entry["properties"]["continuation"] = continuation;
    move_entry["properties"]["profiles"]["additionalProperties"] = overrides;
    let verdict = |extra: &[(&str, Value)]| -> Value {
        let mut props = Map::new();
        props.insert("expect".into(), legality.clone());
        props.insert(
            "rule".into(),
            json!({"description": "With `illegal`: the rule that forbids it.", "allOf": [rule]}),
        );
        props.insert("clause".into(), clause.clone());
        props.insert("because".into(), because.clone());
        for (k, v) in extra {
            props.insert((*k).to_string(), v.clone());
        }
        json!({"type": "object", "properties": props, "required": ["expect"], "additionalProperties": false})
    };
    let probe = {
        let mut p = verdict(&[
            ("move", text("The candidate action.")),
            (
                "note",
                text("Free text: the claim of the source this probe encodes."),
            ),
        ]);
        p["properties"]["profiles"] = json!({"description": "Verdicts that differ under another listed profile.", "type": "object", "additionalProperties": verdict(&[])});
        p["required"] = json!(["move", "expect"]);
        p
    };
    generator
        .definitions_mut()
        .insert(format!("{}-probe", G::NAME), probe);
    json!({
        "description": format!("A scenario of the game `{}`.", G::NAME),
        "type": "object",
        "properties": {
            "game": {"description": "The game the scenario is written for.", "const": G::NAME},
            "id": text("Stable identifier, unique within the game, never renumbered or reused (lower-case words and digits joined by `-`, optionally grouped with `/`)."),
            "title": text("One line saying what the scenario shows."),
            "source": text("Where it comes from: seed file name and example, a rule article, or `edge case`."),
            "clauses": {"description": "Clauses of the game's spec the scenario covers.", "type": "array", "items": {"type": "string"}},
            "profiles": {"description": "Rule profiles to run under; the first is the one the plain expectations describe. Default: every named profile of the game.", "type": "array", "items": {"type": "string"}},
            "placement": text("How the source diagram sits on the board, and what was added to make the position work."),
            "setup": {"description": "The starting position, in the game's own form.", "allOf": [setup]},
            "refused": text("The clause by which the rules refuse `setup` (one of `clauses`): every implementation must refuse to start a game from it. The setup is then read but not checked, and the scenario has no `moves`, `probes` or `result`."),
            "moves": {"description": "The actions played, each with what must be observed after it.", "type": "array", "items": move_entry},
            "probes": {"description": "Candidate next actions after the last listed one, with verdicts.", "type": "array", "items": {"$ref": format!("#/$defs/{}-probe", G::NAME)}},
            "result": {"description": "The outcome expected after the last listed action.", "allOf": [outcome]},
            "notes": text("Free text for readers."),
        },
        "required": ["game", "id", "title", "source", "clauses", "setup"],
        "additionalProperties": false,
    })
}

/// The schema of every game's scenario files, as pretty JSON with a
/// trailing newline.
pub fn json() -> String {
    let mut generator = SchemaGenerator::default();
    let mut one_of = Vec::new();
    let mut defs = Map::new();
    struct Each<'a>(&'a mut SchemaGenerator);
    impl crate::games::Visit for Each<'_> {
        type Out = (&'static str, Value);
        fn visit<G: Rules>(&mut self) -> Self::Out {
            (G::NAME, for_game::<G>(self.0))
        }
    }
    for (game, schema) in crate::games::each(&mut Each(&mut generator)) {
        let name = format!("{game}-scenario");
        defs.insert(name.clone(), schema);
        one_of.push(json!({"$ref": format!("#/$defs/{name}")}));
    }
    for (k, v) in generator.take_definitions(true) {
        defs.insert(k, v);
    }
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "arbiter scenario",
        "description": "One scenario file of any game arbiter knows; `game` says which.",
        "oneOf": one_of,
        "$defs": defs,
    });
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    s.push('\n');
    s
}
