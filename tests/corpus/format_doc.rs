//! `spec/scenario-format.md` quotes its annotated example whole; the example
//! is also a scenario of the corpus, so it is loaded and run like any other.
//! This keeps the page and the file from drifting apart.

const DOC: &str = include_str!("../../spec/scenario-format.md");
const EXAMPLE: &str = include_str!("../../scenarios/stratego/rules-of-play/format-example.yaml");

/// The first fenced `yaml` block after the heading `heading`.
fn yaml_block_after(heading: &str) -> &'static str {
    let rest = &DOC[DOC.find(heading).expect("the heading exists")..];
    let start = rest.find("```yaml\n").expect("a yaml block follows") + "```yaml\n".len();
    let len = rest[start..].find("```").expect("the block is closed");
    &rest[start..start + len]
}

#[test]
fn the_page_quotes_the_example_file_exactly() {
    assert!(
        yaml_block_after("## The annotated example") == EXAMPLE,
        "spec/scenario-format.md and scenarios/stratego/rules-of-play/format-example.yaml differ"
    );
}

#[test]
fn the_example_uses_every_key_of_the_format() {
    let keys = [
        "id:",
        "title:",
        "source:",
        "clauses:",
        "profiles:",
        "board:",
        "placement:",
        "setup:",
        "to_move:",
        "red:",
        "blue:",
        "moves:",
        "move:",
        "expect:",
        "rule:",
        "combat:",
        "outcome:",
        "two_squares:",
        "sequence:",
        "note:",
        "probes:",
        "result:",
        "notes:",
    ];
    for key in keys {
        assert!(
            EXAMPLE.lines().any(|l| {
                let l = l
                    .trim_start()
                    .trim_start_matches("- ")
                    .trim_start_matches('{');
                !l.starts_with('#') && (l.starts_with(key) || l.contains(&format!(" {key}")))
            }),
            "the example does not use `{key}`"
        );
    }
}
