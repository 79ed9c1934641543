//! The JSON Schema of protocol 1 (`spec/protocol.md`): one request schema
//! and one reply schema per registered game, chosen by `game` for requests
//! (replies carry no game: a client knows what it asked). Rule codes and
//! outcomes come from the game's own types; setups, profiles and the other
//! state fields are spelled on the game's page and are only sketched here.
//! `spec/protocol.schema.json` is this output; a test fails when it is
//! stale (`arbiter schema --protocol > spec/protocol.schema.json`).

use schemars::SchemaGenerator;
use serde_json::{Map, Value, json};

use crate::rules::Rules;

use super::message::{JUDGE, POSITION, capabilities};

fn text(description: &str) -> Value {
    json!({"description": description, "type": "string"})
}

/// The fields every message has.
fn envelope(props: &mut Map<String, Value>) {
    props.insert(
        "protocol".into(),
        json!({"description": "The protocol version: the number 1.", "const": super::VERSION}),
    );
    props.insert(
        "id".into(),
        json!({"description": "Chosen by the client; the reply echoes it.", "type": "integer", "minimum": 0}),
    );
}

/// The requests and replies of game `G`: `(request, reply)`. Definitions
/// of the game's types go to `generator`.
pub fn for_game<G: Rules>(generator: &mut SchemaGenerator) -> (Value, Value) {
    let name = G::NAME;
    let page = format!("spec/{name}/protocol.md");
    let rule = generator.subschema_for::<G::RuleCode>().to_value();
    let outcome = generator.subschema_for::<G::Outcome>().to_value();
    let setup = json!({
        "description": format!("A {name} setup, as {page} spells it (the start position has a short form there)."),
        "type": "object",
    });

    let mut request = Map::new();
    envelope(&mut request);
    request.insert(
        "game".into(),
        json!({"description": "The game the request is about; may be absent (the server's own game).", "const": name}),
    );
    request.insert(
        "case".into(),
        text("The scenario the request belongs to, for logs."),
    );
    request.insert(
        "query".into(),
        json!({"description": "`play` is answered by arbiter's own server only (the referee): judge the move and, when legal, play it and give the state after it.", "enum": ["hello", "legal-moves", "judge", "state", "play"]}),
    );
    let mut notations = vec!["wire".to_string()];
    notations.extend(G::NOTATIONS.iter().map(|n| n.name.to_string()));
    request.insert(
        "notation".into(),
        json!({"description": format!("For arbiter's own server (the referee): the notation `moves` and `move` are written in (spec/{name}/notation.md); absent: the wire spelling. Never sent to engines."), "enum": notations}),
    );
    request.insert(
        "profile".into(),
        json!({
            "description": format!("A built-in profile's name (overrides allowed: `NAME+switch=value`), or an object of switches with a `name` ({page}, spec/protocol.md#profiles)."),
            "oneOf": [
                {"type": "string"},
                {"type": "object", "properties": {"name": {"type": "string"}}},
            ],
        }),
    );
    request.insert("setup".into(), setup.clone());
    request.insert(
        "moves".into(),
        json!({"description": "The actions played from the setup, oldest first.", "type": "array", "items": {"type": "string"}}),
    );
    request.insert(
        "move".into(),
        text("For `judge` and `play`: the action to judge."),
    );
    let request = json!({
        "description": format!("A request about {name}."),
        "type": "object",
        "properties": request,
        "required": ["protocol", "id", "query"],
        "allOf": [
            {"if": {"properties": {"query": {"enum": ["judge", "play"]}}, "required": ["query"]},
             "then": {"required": ["setup", "move"]}},
            {"if": {"properties": {"query": {"enum": ["legal-moves", "state"]}}, "required": ["query"]},
             "then": {"required": ["setup"]}},
        ],
    });

    let mut hello = Map::new();
    envelope(&mut hello);
    hello.insert("name".into(), text("The implementation's name."));
    hello.insert("version".into(), text("Its version."));
    let caps: Vec<&str> = capabilities::<G>();
    hello.insert(
        "capabilities".into(),
        json!({"description": format!("The optional queries and state fields answered; {name}'s are {}. Names of other games are allowed.", caps.join(", ")), "type": "array", "items": {"type": "string"}}),
    );
    hello.insert(
        "games".into(),
        json!({"description": "The games played.", "type": "array", "items": {"type": "string"}}),
    );
    hello.insert(
        "profiles".into(),
        json!({"description": format!("The built-in profiles played, by name; requests under one of them name it instead of spelling every switch. {name}'s are {}. Names of other games are allowed.", <G::Profile as crate::rules::RuleProfile>::names().join(", ")), "type": "array", "items": {"type": "string"}}),
    );

    let mut legal = Map::new();
    envelope(&mut legal);
    legal.insert(
        "legal-moves".into(),
        json!({"description": "Every legal action of the side to move.", "type": "array", "items": {"type": "string"}}),
    );

    let mut verdict = Map::new();
    envelope(&mut verdict);
    verdict.insert("verdict".into(), json!({"enum": ["legal", "illegal"]}));
    verdict.insert(
        "rule".into(),
        json!({"description": "With `illegal`: the rule that forbids the action (arbiter's referee leaves it out when the text names no action at all).", "allOf": [rule]}),
    );
    verdict.insert("move".into(), text("arbiter's own server, with a notation or `play`: the action judged, in the wire spelling."));
    verdict.insert(
        "written".into(),
        text("arbiter's own server, with a notation: the legal action as that notation writes it."),
    );
    verdict.insert(
        "clause".into(),
        text("arbiter's own server, with `illegal`: the clause that decides it."),
    );
    verdict.insert(
        "why".into(),
        text("arbiter's own server, with `illegal`: why, in words."),
    );
    verdict.insert(
        "closest".into(),
        json!({"description": "arbiter's own server, with a notation or `play` and `illegal`: the closest legal actions, in the request's notation.", "type": "array", "items": {"type": "string"}}),
    );
    verdict.insert(
        "state".into(),
        json!({"description": "arbiter's own server, `play` with `legal`: the state after the action (every state field and `position`).", "type": "object"}),
    );

    let mut state = Map::new();
    envelope(&mut state);
    for field in G::STATE_FIELDS {
        let v = if field.capability == crate::rules::StateField::<G>::OUTCOME.capability {
            json!({"description": "Whether the game goes on, and how it ended.", "allOf": [outcome]})
        } else {
            json!({"description": format!("The state field `{}`, as {page} spells it; null for nothing to report.", field.capability)})
        };
        state.insert(field.capability.into(), v);
    }
    let mut position = setup;
    position["description"] = json!(format!(
        "The position reached, as a {name} setup; absent where the page says no setup can hold the state."
    ));
    state.insert(POSITION.into(), position);

    let mut error = Map::new();
    envelope(&mut error);
    error.insert(
        "error".into(),
        json!({
            "type": "object",
            "properties": {
                "kind": {"enum": ["unsupported", "bad-request", "internal"]},
                "message": {"type": "string"},
            },
            "required": ["kind", "message"],
        }),
    );

    let object = |props: Map<String, Value>, required: &[&str], what: &str| {
        let mut all = vec!["protocol", "id"];
        all.extend_from_slice(required);
        json!({"description": what, "type": "object", "properties": props, "required": all})
    };
    let reply = json!({
        "description": format!("A reply about {name}: one of hello, legal-moves, judge (capability `{JUDGE}`), state or error."),
        "oneOf": [
            object(hello, &["name"], "The reply to hello."),
            object(legal, &["legal-moves"], "The reply to legal-moves."),
            object(verdict, &["verdict"], "The reply to judge."),
            {
                "allOf": [object(state, &[], "The reply to state: one field per declared state capability.")],
                "anyOf": G::STATE_FIELDS.iter().map(|f| json!({"required": [f.capability]}))
                    .chain(std::iter::once(json!({"required": [POSITION]})))
                    .collect::<Vec<_>>(),
                "not": {"anyOf": [{"required": ["name"]}, {"required": ["legal-moves"]}, {"required": ["verdict"]}, {"required": ["error"]}]},
            },
            object(error, &["error"], "An error: the request is declined."),
        ],
    });
    (request, reply)
}

/// The schema of every game's requests and replies, as pretty JSON with a
/// trailing newline. `$defs` holds `<game>-request` and `<game>-reply`.
pub fn json() -> String {
    let mut generator = SchemaGenerator::default();
    let mut defs = Map::new();
    let mut requests = Vec::new();
    let mut replies = Vec::new();
    struct Each<'a>(&'a mut SchemaGenerator);
    impl crate::games::Visit for Each<'_> {
        type Out = (&'static str, (Value, Value));
        fn visit<G: Rules>(&mut self) -> Self::Out {
            (G::NAME, for_game::<G>(self.0))
        }
    }
    for (game, (request, reply)) in crate::games::each(&mut Each(&mut generator)) {
        let (q, r) = (format!("{game}-request"), format!("{game}-reply"));
        defs.insert(q.clone(), request);
        defs.insert(r.clone(), reply);
        requests.push(json!({"$ref": format!("#/$defs/{q}")}));
        replies.push(json!({"$ref": format!("#/$defs/{r}")}));
    }
    for (k, v) in generator.take_definitions(true) {
        defs.insert(k, v);
    }
    defs.insert(
        "request".into(),
        json!({"description": "A request about any game; `game` says which (absent: the server's own).", "anyOf": requests}),
    );
    defs.insert(
        "reply".into(),
        json!({"description": "A reply about any game.", "anyOf": replies}),
    );
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "arbiter protocol 1",
        "description": "One message of protocol 1 (spec/protocol.md): a request or a reply. `$defs/<game>-request` and `$defs/<game>-reply` are each game's.",
        "anyOf": [{"$ref": "#/$defs/request"}, {"$ref": "#/$defs/reply"}],
        "$defs": defs,
    });
    let mut s = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    s.push('\n');
    s
}
