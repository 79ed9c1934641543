//! The engine's hot path (`legal_moves_into` + `play_legal`) does not touch
//! the heap: a counting global allocator sees no allocation over hundreds
//! of plies of a full-army game under each built-in profile, once the move
//! buffer exists. (The position history grows by doubling past 1,024
//! plies; the games here stay below that.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use arbiter::games::stratego::engine::Engine;
use arbiter::games::stratego::profile::Profile;
use arbiter::games::stratego::variant::Variant;
use arbiter::games::stratego::workload::driver::{Bias, Chooser, SplitMix, full_setup};

struct Counting;

thread_local! {
    /// The allocations counted on this thread, while a count runs. Only the
    /// thread under test counts: libtest's own thread allocates when it
    /// warns that a test runs long (it did on a loaded machine).
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Counts the allocations `f` makes on this thread.
fn allocations_in(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(Some(0)));
    f();
    COUNT.with(|c| c.take()).expect("the count ran")
}

#[test]
fn the_counter_sees_an_allocation() {
    let counted = allocations_in(|| {
        std::hint::black_box(Vec::<u8>::with_capacity(16));
    });
    assert_eq!(counted, 1, "the counting allocator is not in use");
}

#[test]
fn legal_moves_and_play_do_not_allocate() {
    // Every profile on the standard game; the smaller variants under isf,
    // played without attacks so their few pieces last the game.
    let runs = Profile::NAMES
        .iter()
        .map(|&name| (name, Variant::Standard))
        .chain([("isf", Variant::Barrage), ("isf", Variant::Quick8x8)]);
    for (name, variant) in runs {
        let profile = Profile::named(name).unwrap();
        let mut src = SplitMix(3);
        let setup = full_setup(&mut src, variant);
        let mut game = Engine.start_fast(&setup, &profile).unwrap();
        // Chosen beforehand (the chooser is test scaffolding, not hot path).
        let mut chooser = Chooser::new(Bias {
            attacks: variant == Variant::Standard,
        });
        let mut buf = Vec::with_capacity(256);
        let mut moves = Vec::new();
        let mut probe = game.clone();
        for _ in 0..600 {
            probe.legal_moves_into(&mut buf);
            let Some(mv) = chooser.choose(&probe, &buf, &mut src) else {
                break;
            };
            chooser.played(probe.to_move(), mv);
            probe.play_legal(mv);
            moves.push(mv);
        }
        assert!(
            moves.len() > 50,
            "{name} on {variant}: the game ended too soon to tell"
        );
        let counted = allocations_in(|| {
            for &mv in &moves {
                game.legal_moves_into(&mut buf);
                std::hint::black_box(game.play_legal(mv));
            }
        });
        assert_eq!(
            counted,
            0,
            "{name} on {variant}: {counted} allocations over {} plies",
            moves.len()
        );
    }
}

/// Chess: the engine's `legal_actions_into` and `play_legal` do not touch
/// the heap either, over random games from the start under each built-in
/// profile (every end-of-game test, the repetition count and, under
/// `fide`, the claims tried with every move), once the buffer exists.
#[test]
fn chess_legal_actions_and_play_do_not_allocate() {
    use arbiter::games::chess::action::Action;
    use arbiter::games::chess::engine::EngineGame;
    use arbiter::games::chess::position::Position;
    use arbiter::games::chess::profile::Profile as ChessProfile;
    use arbiter::games::chess::workload::{Source, SplitMix as ChessMix};

    for name in ChessProfile::NAMES {
        let profile = ChessProfile::parse(name).unwrap();
        let start = EngineGame::new(&Position::start(), &profile).unwrap();
        let mut src = ChessMix(11);
        let mut buf: Vec<Action> = Vec::with_capacity(512);
        // Moves chosen beforehand (claims left out: they end the game).
        let mut probe = start.clone();
        let mut actions = Vec::new();
        for _ in 0..300 {
            probe.legal_actions_into(&mut buf);
            let moves: Vec<Action> = buf
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Move(_)))
                .collect();
            if moves.is_empty() {
                break;
            }
            let a = moves[src.below(moves.len()).unwrap()];
            probe.play_legal(&a);
            actions.push(a);
        }
        assert!(
            actions.len() > 50,
            "{name}: the game ended too soon to tell"
        );
        let mut game = start.clone();
        let counted = allocations_in(|| {
            for a in &actions {
                game.legal_actions_into(&mut buf);
                game.play_legal(a);
            }
        });
        assert_eq!(
            counted,
            0,
            "{name}: {counted} allocations over {} plies",
            actions.len()
        );
    }
}

/// Dame's native random games (`EngineGame::playout`, the peer bench's
/// workload) do not touch the heap once the move list's buffers have
/// grown: the same games played a second time from a restarted copy of
/// the start allocate nothing, under each named profile.
#[test]
fn dame_native_playouts_do_not_allocate() {
    use arbiter::games::dame::board::Setup;
    use arbiter::games::dame::engine::EngineGame;
    use arbiter::games::dame::profile::Profile;
    use arbiter::rng::SplitMix;

    for name in Profile::NAMES {
        let profile = Profile::parse(name).expect("a named profile");
        let start = EngineGame::new(&Setup::start(), &profile).expect("the start");
        let mut g = start.clone();
        let series = |g: &mut EngineGame| {
            let mut rng = SplitMix(7);
            let mut plies = 0;
            for _ in 0..40 {
                g.restart_from(&start);
                plies += g.playout(400, |n| rng.pick(n));
            }
            plies
        };
        let warm = series(&mut g);
        let mut again = 0;
        let counted = allocations_in(|| again = series(&mut g));
        assert_eq!(again, warm, "{name}: the same games");
        assert!(warm > 1_000, "{name}: {warm} plies");
        assert_eq!(counted, 0, "{name}: {counted} allocations in {warm} plies");
    }
}
