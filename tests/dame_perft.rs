//! English checkers perft from the starting position under the `english`
//! profile, against the published figures (OEIS A133046; Aart Bik's
//! counts, captures by different paths counted apart). Depths 1-7 run in
//! every `cargo test`; 8 and 9 are ignored in debug builds:
//! `cargo test --release --test dame_perft -- --include-ignored`.

use arbiter::games::dame::board::Setup;
use arbiter::games::dame::profile::Profile;
use arbiter::games::dame::reference::RefGame;
use arbiter::games::dame::reference::perft::perft;

/// A133046, depths 1 to 9.
const PUBLISHED: [u64; 9] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];

fn start() -> RefGame {
    RefGame::new(&Setup::start(), &Profile::english()).expect("the start is a legal setup")
}

#[test]
fn english_perft_to_depth_7_matches_the_published_counts() {
    let g = start();
    for d in 1..=7u32 {
        assert_eq!(perft(&g, d), PUBLISHED[d as usize - 1], "depth {d}");
    }
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --include-ignored"]
fn english_perft_depths_8_and_9_match_the_published_counts() {
    let g = start();
    for d in 8..=9u32 {
        assert_eq!(perft(&g, d), PUBLISHED[d as usize - 1], "depth {d}");
    }
}

#[test]
fn black_moves_first_under_english() {
    use arbiter::games::dame::board::Side;
    use arbiter::rules::Game;
    assert_eq!(start().side_to_move(), Side::Black);
}
