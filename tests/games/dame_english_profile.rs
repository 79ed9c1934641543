//! The `english` profile's side to move. Its perft figures (OEIS A133046)
//! are data in `spec/dame/perft.yaml`, counted by
//! `tests/games/perft_figures.rs` and, to depth 10, by `arbiter perft` in CI.

use arbiter::games::dame::board::Setup;
use arbiter::games::dame::profile::Profile;
use arbiter::games::dame::reference::RefGame;

fn start() -> RefGame {
    RefGame::new(&Setup::start(), &Profile::english()).expect("the start is a legal setup")
}

#[test]
fn black_moves_first_under_english() {
    use arbiter::games::dame::board::Side;
    use arbiter::rules::Game;
    assert_eq!(start().side_to_move(), Side::Black);
}
