//! Messages of the JSON library (invalid type: integer `-3`, expected u32;
//! expected struct CubeSwitches) said as the rest of
//! arbiter says things: what was expected, in words a user reads (`a whole
//! number from 0 to 4294967295`, `an object`), and what was given.

/// A message of the JSON library (`invalid type: floating point `2.5`,
/// expected u32`) said as the rest of arbiter says things: `expected a
/// whole number from 0 to 4294967295, got 2.5`. Other messages are kept.
pub fn in_our_words(message: String) -> String {
    let body = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "));
    if let Some((given, expected)) = body.and_then(|b| b.rsplit_once(", expected ")) {
        return format!(
            "expected {}, got {}",
            expected_words(expected),
            given_words(given)
        );
    }
    if let Some(name) = message.strip_prefix("missing field ") {
        return format!("missing {name}");
    }
    if let Some((given, one_of)) = message
        .strip_prefix("unknown variant ")
        .and_then(|b| b.split_once(", expected "))
    {
        return format!("expected {one_of}, got {given}");
    }
    message
}

/// What the library says was expected, in our words.
fn expected_words(expected: &str) -> String {
    let whole = |max: u64| format!("a whole number from 0 to {max}");
    match expected {
        "u8" => whole(u8::MAX.into()),
        "u16" => whole(u16::MAX.into()),
        "u32" => whole(u32::MAX.into()),
        "u64" | "usize" => whole(u64::MAX),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        e if e.starts_with("struct ") || e.starts_with("a map") => "an object".into(),
        e => e.to_string(),
    }
}

/// What the library says was given, in our words: the value itself where
/// it names one.
fn given_words(given: &str) -> String {
    for prefix in ["floating point ", "integer ", "boolean "] {
        if let Some(v) = given.strip_prefix(prefix) {
            return v.trim_matches('`').to_string();
        }
    }
    if let Some(v) = given.strip_prefix("string ") {
        return format!("the string {v}");
    }
    match given {
        "unit value" | "null" => "null".into(),
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        g => g.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::in_our_words;

    #[test]
    fn library_messages_are_said_in_our_words() {
        let cases = [
            (
                "invalid value: integer `-3`, expected u32",
                "expected a whole number from 0 to 4294967295, got -3",
            ),
            (
                "invalid type: string \"x\", expected u32",
                "expected a whole number from 0 to 4294967295, got the string \"x\"",
            ),
            (
                "invalid type: integer `3`, expected struct CubeSwitches",
                "expected an object, got 3",
            ),
            (
                "unknown variant `7`, expected one of `white`, `black`",
                "expected one of `white`, `black`, got `7`",
            ),
            ("missing field `cap`", "missing `cap`"),
            ("something else", "something else"),
        ];
        for (library, ours) in cases {
            assert_eq!(in_our_words(library.into()), ours, "{library}");
        }
    }
}
