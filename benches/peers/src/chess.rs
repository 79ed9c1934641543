//! Chess: legal-move perft on the standard suite (chessprogramming.org
//! "Perft Results", the positions of `arbiter::games::chess::perft`) and
//! uniform random playouts, arbiter's engine beside cozy-chess and
//! shakmaty in the same process.

use arbiter::games::chess::engine::{
    perft as engine_perft, perft_bulk as engine_perft_bulk, EngineGame,
};
use arbiter::games::chess::game::Outcome;
use arbiter::games::chess::perft::POSITIONS;
use arbiter::games::chess::position::Position;
use arbiter::games::chess::profile::Profile;
use arbiter::rules::Game;
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{CastlingMode, EnPassantMode, Position as _};

use crate::measure::{line, rounds, Rate, Rng};

/// The profile of `spec/chess/perft.yaml`: every draw rule off, so perft
/// counts moves only.
const PERFT_PROFILE: &str = "fide+threefold=off+fifty-moves=off+fivefold=false+seventy-five-moves=false+insufficient-material=off";

/// The depth run for each position of the suite, and the published count
/// (chessprogramming.org "Perft Results"; the same figures as
/// `spec/chess/perft.yaml`), which every implementation must reproduce
/// before its time is believed.
const SUITE: [(u32, u64); 6] = [
    (4, 197_281), // initial position
    (3, 97_862),  // position 2 (Kiwipete)
    (5, 674_624), // position 3
    (4, 422_333), // position 4
    (3, 62_379),  // position 5
    (3, 89_890),  // position 6
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if bulk && depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1, bulk);
            }
        }
        false
    });
    nodes
}

fn checked(name: &str, got: u64, want: u64) -> u64 {
    assert_eq!(
        got, want,
        "{name}: perft counts {got}, the published figure is {want}"
    );
    got
}

/// The perft table.
pub fn perft(reps: usize) {
    let profile = Profile::parse(PERFT_PROFILE).expect("the perft profile");
    let engines: Vec<EngineGame> = POSITIONS
        .iter()
        .map(|fen| {
            EngineGame::new(&Position::from_fen(fen).expect("a suite FEN"), &profile)
                .expect("a suite position")
        })
        .collect();
    let cozy: Vec<cozy_chess::Board> = POSITIONS
        .iter()
        .map(|fen| cozy_chess::Board::from_fen(fen, false).expect("a suite FEN"))
        .collect();
    let shak: Vec<shakmaty::Chess> = POSITIONS
        .iter()
        .map(|fen| {
            fen.parse::<shakmaty::fen::Fen>()
                .expect("a suite FEN")
                .into_position(CastlingMode::Standard)
                .expect("a suite position")
        })
        .collect();
    let total: u64 = SUITE.iter().map(|s| s.1).sum();
    println!(
        "chess perft: the suite's six positions at depths 4, 3, 5, 4, 3, 3 ({total} leaves in all)"
    );
    let engine = rounds(reps, || {
        engines
            .iter()
            .zip(SUITE)
            .map(|(g, (d, want))| checked("engine", engine_perft(g, d), want))
            .sum()
    });
    let engine_bulk = rounds(reps, || {
        engines
            .iter()
            .zip(SUITE)
            .map(|(g, (d, want))| checked("engine (bulk)", engine_perft_bulk(g, d), want))
            .sum()
    });
    let cozy_bulk = rounds(reps, || {
        cozy.iter()
            .zip(SUITE)
            .map(|(b, (d, want))| checked("cozy-chess", cozy_perft(b, d, true), want))
            .sum()
    });
    let cozy_leaf = rounds(reps, || {
        cozy.iter()
            .zip(SUITE)
            .map(|(b, (d, want))| checked("cozy-chess", cozy_perft(b, d, false), want))
            .sum()
    });
    let shak_bulk = rounds(reps, || {
        shak.iter()
            .zip(SUITE)
            .map(|(p, (d, want))| checked("shakmaty", shakmaty::perft(p, d), want))
            .sum()
    });
    line(
        "chess perft (engine, bulk: the last ply counted from the move list)",
        "nodes",
        engine_bulk,
        "cozy-chess perft with bulk counting",
        Some(cozy_bulk),
    );
    line(
        "chess perft (engine, every leaf played with every end-of-game test)",
        "nodes",
        engine,
        "cozy-chess perft with bulk counting",
        Some(cozy_bulk),
    );
    line(
        "chess perft (engine, every leaf played)",
        "nodes",
        engine,
        "cozy-chess perft, every leaf played",
        Some(cozy_leaf),
    );
    line(
        "chess perft (engine, bulk)",
        "nodes",
        engine_bulk,
        "shakmaty::perft (bulk)",
        Some(shak_bulk),
    );
}

/// How many plies each playout workload plays in all, and its ply cap per
/// game (a random game without the fifty-move rule can wander long).
const PLAYOUT_PLIES: u64 = 200_000;
const CAP: usize = 400;

/// Random games through the engine under `fide`: each ply lists every
/// legal action into a reused buffer (`legal_actions_into`, claims
/// included: under `fide` a valid claim is an action) and plays one drawn
/// uniformly with the checked `play` (the action judged, the note
/// written); a game ends when its outcome is
/// decided, the list is empty, or at the cap. Every ply runs every
/// end-of-game test and keeps the repetition key.
fn engine_playouts(seed: u64) -> u64 {
    let start = EngineGame::new(&Position::start(), &Profile::fide()).expect("the start");
    let mut rng = Rng(seed);
    let mut plies = 0;
    let mut legal = Vec::with_capacity(256);
    while plies < PLAYOUT_PLIES {
        let mut g = start.clone();
        let mut n = 0;
        while n < CAP && plies < PLAYOUT_PLIES && g.outcome() == Outcome::Ongoing {
            g.legal_actions_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = &legal[rng.below(legal.len())];
            g.play(a).expect("a listed action");
            n += 1;
            plies += 1;
        }
    }
    plies
}

/// The same loop on cozy-chess: the legal list, one move drawn
/// uniformly, the position's hash kept (what a repetition test needs), a
/// game ended by mate, stalemate, the fifty-move clock or the cap.
fn cozy_playouts(seed: u64) -> u64 {
    let start = cozy_chess::Board::default();
    let mut rng = Rng(seed);
    let mut plies = 0;
    let mut keys = Vec::with_capacity(CAP + 1);
    let mut list = Vec::with_capacity(256);
    while plies < PLAYOUT_PLIES {
        let mut b = start.clone();
        keys.clear();
        keys.push(b.hash());
        let mut n = 0;
        while n < CAP && plies < PLAYOUT_PLIES && b.status() == cozy_chess::GameStatus::Ongoing {
            list.clear();
            b.generate_moves(|moves| {
                list.extend(moves);
                false
            });
            let mv = list[rng.below(list.len())];
            b.play_unchecked(mv);
            keys.push(b.hash());
            n += 1;
            plies += 1;
        }
    }
    plies
}

/// The same loop on shakmaty.
fn shakmaty_playouts(seed: u64) -> u64 {
    let start = shakmaty::Chess::default();
    let mut rng = Rng(seed);
    let mut plies = 0;
    let mut keys: Vec<Zobrist64> = Vec::with_capacity(CAP + 1);
    while plies < PLAYOUT_PLIES {
        let mut p = start.clone();
        keys.clear();
        keys.push(p.zobrist_hash(EnPassantMode::Legal));
        let mut n = 0;
        while n < CAP && plies < PLAYOUT_PLIES && !p.is_game_over() && p.halfmoves() < 100 {
            let list = p.legal_moves();
            let mv = &list[rng.below(list.len())];
            p.play_unchecked(mv);
            keys.push(p.zobrist_hash(EnPassantMode::Legal));
            n += 1;
            plies += 1;
        }
    }
    plies
}

/// The playout table.
pub fn playouts(reps: usize) {
    println!("chess playouts: uniform random games from the start, {PLAYOUT_PLIES} plies a round, cap {CAP} plies a game");
    let engine: Rate = rounds(reps, || engine_playouts(1));
    let cozy = rounds(reps, || cozy_playouts(1));
    let shak = rounds(reps, || shakmaty_playouts(1));
    line("chess playouts", "plies", engine, "cozy-chess", Some(cozy));
    line("chess playouts", "plies", engine, "shakmaty", Some(shak));
    println!(
        "chess playouts: engine {:.0} ns a ply (best round), target 1,000",
        1e9 / engine.best
    );
}
