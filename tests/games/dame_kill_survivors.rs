//! `kill::survivors` against the matrix, on Dame's corpus: the readings
//! half of the mutation runs' test agrees with the full kill matrix.

use std::path::PathBuf;

use arbiter::scenario::any::{load_all, of_game};

/// `kill::survivors` (the readings half of the mutation runs' test, which
/// stops each mutant at its first killing scenario) names exactly the rows
/// the full matrix leaves unkilled. On the whole corpus both are empty, so
/// the check runs on a cut of it: the first dozen Dame scenarios by id,
/// which leave some mutants alive.
#[test]
fn survivors_are_the_matrix_rows_left_unkilled() {
    use arbiter::games::dame::game::Dame;
    use arbiter::scenario::kill::{matrix, survivors};
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/dame");
    let (loaded, errors) = load_all(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let mut all = of_game::<Dame>(&loaded);
    all.sort_by(|a, b| a.id.cmp(&b.id));
    let cut = &all[..12];
    let from_matrix: Vec<String> = matrix(cut)
        .iter()
        .filter(|r| !r.killed())
        .map(|r| format!("{} on {}", r.mutant.name, r.base))
        .collect();
    assert!(
        !from_matrix.is_empty(),
        "the cut kills every mutant: the comparison would show nothing"
    );
    assert_eq!(survivors(cut), from_matrix);
}
