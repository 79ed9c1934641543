//! Every class of malformed scenario is refused with an error that names the
//! file, the line and column of the offending text, and what was expected
//! there.

use std::path::Path;

use arbiter::scenario::load::parse;

#[test]
fn a_document_without_a_mapping_is_refused_at_its_start() {
    for text in ["~\n", "null\n", "--- \n", "&a \n"] {
        let e = parse(Path::new("inline.yaml"), text).expect_err(text);
        assert_eq!((e.at.line, e.at.column), (1, 1), "{text:?}: {e}");
        assert!(e.message.contains("missing field `id`"), "{e}");
    }
}
