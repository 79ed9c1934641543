//! The engine: the same rules as the reference, written again on
//! cozy-chess's bitboard move generator (MIT). It shares the data types
//! (positions, actions, profiles, notes, outcomes, rule codes) and nothing
//! else: legality, verdicts, repetition keys, material and the order of the
//! end-of-game rules are its own code, so that a bug cannot hide in both.
//! The differential tests (`workload.rs`, `tests/chess_differential.rs`)
//! compare the two.

mod convert;
mod verdict;

use cozy_chess::{BitBoard, Board, Color as CColor, Piece, Square as CSquare};

use crate::games::chess::action::{Action, ClaimKind, UciMove};
use crate::games::chess::board::Color;
use crate::games::chess::game::{Chess, DrawReason, Note, Outcome, WinReason};
use crate::games::chess::position::Position;
use crate::games::chess::profile::{ClockReset, DrawRule, EpKey, Material, Profile, Stalemate};
use crate::games::chess::verdict::RuleCode;
use crate::rules::{Game, Illegal, Implementation, Verdict};

pub use convert::{board_of, from_cozy, to_cozy};

/// The engine implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl Implementation<Chess> for Engine {
    fn tells_position(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "engine"
    }

    fn start(&self, setup: &Position, profile: &Profile) -> Result<Box<dyn Game<Chess>>, String> {
        Ok(Box::new(EngineGame::new(setup, profile)?))
    }

    fn supports(&self, setup: &Position, _profile: &Profile) -> Result<(), String> {
        // A position CH-1.2 refuses is refused by `start`, not declined.
        if waiting_king_attacked(setup) {
            return Ok(());
        }
        board_of(setup).map(|_| ())
    }
}

/// Whether the king of the side not to move stands attacked (CH-1.2), from
/// cozy-chess's attack tables. cozy-chess refuses most such positions
/// itself, but not one where the only attacker is the other king, and a
/// position it refuses would be declined as unsupported rather than
/// refused; so the engine asks first. CH-1.2 guarantees one king each.
fn waiting_king_attacked(setup: &Position) -> bool {
    use crate::games::chess::board::Kind;
    let mover = setup.to_move;
    let mut occupied = BitBoard::EMPTY;
    let mut theirs = [BitBoard::EMPTY; 6];
    let mut king = None;
    for (i, p) in setup.board.iter().enumerate() {
        let Some(p) = p else { continue };
        let sq = CSquare::index(i);
        occupied |= sq.bitboard();
        if p.color == mover {
            theirs[p.kind as usize] |= sq.bitboard();
        } else if p.kind == Kind::King {
            king = Some(sq);
        }
    }
    let Some(k) = king else { return false };
    let of = |kind: Kind| theirs[kind as usize];
    let waiting = if mover == Color::White {
        CColor::Black
    } else {
        CColor::White
    };
    let attackers = (cozy_chess::get_pawn_attacks(k, waiting) & of(Kind::Pawn))
        | (cozy_chess::get_knight_moves(k) & of(Kind::Knight))
        | (cozy_chess::get_king_moves(k) & of(Kind::King))
        | (cozy_chess::get_bishop_moves(k, occupied) & (of(Kind::Bishop) | of(Kind::Queen)))
        | (cozy_chess::get_rook_moves(k, occupied) & (of(Kind::Rook) | of(Kind::Queen)));
    !attackers.is_empty()
}

/// What repetition compares (CH-6.1), from bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    pieces: [u64; 6],
    white: u64,
    side: u8,
    castling: u8,
    ep: u8,
}

/// A game on a cozy-chess board.
#[derive(Clone, Debug)]
pub struct EngineGame {
    profile: Profile,
    board: Board,
    /// Our own half-move clock: cozy-chess keeps a u8 capped at 100, and
    /// the profile may reset it differently.
    clock: u32,
    keys: Vec<Key>,
    /// For each position, whether its side to move is in check.
    checked: Vec<bool>,
    outcome: Outcome,
    plies: usize,
    /// The setup's move number less one: cozy-chess starts from the board
    /// alone, so the number FEN writes is its own plus this.
    fullmove_offset: u32,
}

/// Squares an enemy of `by` attacks: is `sq` attacked by `by`?
pub(crate) fn attacked(board: &Board, sq: CSquare, by: CColor) -> bool {
    let occ = board.occupied();
    let theirs = |p| board.colored_pieces(by, p);
    let queens = theirs(Piece::Queen);
    !(cozy_chess::get_knight_moves(sq) & theirs(Piece::Knight)).is_empty()
        || !(cozy_chess::get_king_moves(sq) & theirs(Piece::King)).is_empty()
        || !(cozy_chess::get_pawn_attacks(sq, !by) & theirs(Piece::Pawn)).is_empty()
        || !(cozy_chess::get_bishop_moves(sq, occ) & (theirs(Piece::Bishop) | queens)).is_empty()
        || !(cozy_chess::get_rook_moves(sq, occ) & (theirs(Piece::Rook) | queens)).is_empty()
}

fn ep_square(b: &Board) -> Option<CSquare> {
    let me = b.side_to_move();
    b.en_passant()
        .map(|f| CSquare::new(f, cozy_chess::Rank::Sixth.relative_to(me)))
}

fn has_legal_ep(b: &Board) -> bool {
    let Some(ep) = ep_square(b) else {
        return false;
    };
    let pawns = b.colored_pieces(b.side_to_move(), Piece::Pawn);
    let mut found = false;
    b.generate_moves_for(pawns, |pm| {
        found |= pm.to.has(ep);
        found
    });
    found
}

/// The repetition key of `b` under `profile` (CH-6.1).
fn key_of(b: &Board, profile: &Profile) -> Key {
    let me = b.side_to_move();
    let ep = match profile.ep_in_repetition {
        EpKey::Never => None,
        EpKey::Always => ep_square(b),
        EpKey::LegalCapture => ep_square(b).filter(|_| has_legal_ep(b)),
        EpKey::PseudoLegal => ep_square(b).filter(|&sq| {
            !(cozy_chess::get_pawn_attacks(sq, !me) & b.colored_pieces(me, Piece::Pawn)).is_empty()
        }),
    };
    let mut castling = 0u8;
    if profile.castling_in_key {
        for (i, c) in [CColor::White, CColor::Black].into_iter().enumerate() {
            let r = b.castle_rights(c);
            castling |= (u8::from(r.short.is_some()) | u8::from(r.long.is_some()) << 1) << (2 * i);
        }
    }
    Key {
        pieces: Piece::ALL.map(|p| b.pieces(p).0),
        white: b.colors(CColor::White).0,
        side: if profile.side_to_move_in_key {
            1 + me as u8
        } else {
            0
        },
        castling,
        ep: ep.map_or(64, |s| s as u8),
    }
}

impl EngineGame {
    /// Starts a game.
    pub fn new(setup: &Position, profile: &Profile) -> Result<Self, String> {
        if waiting_king_attacked(setup) {
            return Err(format!(
                "the king of {}, the side not to move, stands attacked: no position with {} to move can follow a legal move (CH-1.2)",
                setup.to_move.other(),
                setup.to_move
            ));
        }
        let board = board_of(setup)?;
        let mut g = EngineGame {
            profile: profile.clone(),
            clock: setup.halfmove,
            keys: Vec::new(),
            checked: Vec::new(),
            board,
            outcome: Outcome::Ongoing,
            plies: 0,
            fullmove_offset: setup.fullmove.saturating_sub(1),
        };
        g.record();
        g.outcome = g.decide();
        Ok(g)
    }

    fn key(&self) -> Key {
        key_of(&self.board, &self.profile)
    }

    fn record(&mut self) {
        let k = self.key();
        self.keys.push(k);
        self.checked.push(!self.board.checkers().is_empty());
    }

    fn count(&self) -> u32 {
        let last = self.keys.last().expect("recorded");
        self.keys.iter().filter(|k| *k == last).count() as u32
    }

    fn any_legal(&self) -> bool {
        let mut any = false;
        self.board.generate_moves(|_| {
            any = true;
            true
        });
        any
    }

    fn dead(&self) -> bool {
        let b = &self.board;
        let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
        if self.profile.insufficient_material == Material::Off || !heavy.is_empty() {
            return false;
        }
        let knights = b.pieces(Piece::Knight).len();
        let bishops = b.pieces(Piece::Bishop);
        let one_colour = (bishops & BitBoard::DARK_SQUARES).is_empty()
            || (bishops & BitBoard::LIGHT_SQUARES).is_empty();
        let hopeless = match knights {
            0 => one_colour,
            1 => bishops.is_empty(),
            _ => false,
        };
        if hopeless || self.profile.insufficient_material == Material::NoMatePossible {
            return hopeless;
        }
        [CColor::White, CColor::Black].into_iter().all(|c| {
            let minors = b.colors(c) & !b.pieces(Piece::King);
            minors.len() <= 1 || (minors.len() == 2 && minors == (minors & b.pieces(Piece::Knight)))
        })
    }

    fn limit(&self) -> Option<DrawReason> {
        match (self.profile.fifty_moves, self.profile.seventy_five_moves) {
            (DrawRule::Automatic, _) if self.clock >= 100 => Some(DrawReason::FiftyMoves),
            (_, true) if self.clock >= 150 => Some(DrawReason::SeventyFiveMoves),
            _ => None,
        }
    }

    fn checks_in_a_row(&self) -> u32 {
        // Positions reached by the last mover's moves: every other one,
        // counting back from the last, never the setup.
        let n = self.checked.len();
        (0..n)
            .rev()
            .step_by(2)
            .take_while(|&i| i > 0 && self.checked[i])
            .count() as u32
    }

    fn decide(&self) -> Outcome {
        let p = &self.profile;
        if p.move_limit_beats_mate
            && let Some(r) = self.limit()
        {
            return Outcome::Draw(r);
        }
        let mover = from_cozy_color(!self.board.side_to_move());
        if !self.any_legal() {
            if !self.board.checkers().is_empty() {
                return Outcome::win(mover, WinReason::Checkmate);
            }
            if p.material_before_stalemate && self.dead() {
                return Outcome::Draw(DrawReason::InsufficientMaterial);
            }
            return match p.stalemate {
                Stalemate::Draw => Outcome::Draw(DrawReason::Stalemate),
                Stalemate::WinForStalemating => Outcome::win(mover, WinReason::Stalemate),
            };
        }
        if self.dead() {
            return Outcome::Draw(DrawReason::InsufficientMaterial);
        }
        if p.move_limit_before_repetition
            && let Some(r) = self.limit()
        {
            return Outcome::Draw(r);
        }
        let n = self.count();
        if p.threefold == DrawRule::Automatic && n >= p.occurrences {
            return Outcome::Draw(DrawReason::ThreefoldRepetition);
        }
        if p.fivefold && n >= 5 {
            return Outcome::Draw(DrawReason::FivefoldRepetition);
        }
        if p.perpetual_checks > 0 && self.checks_in_a_row() >= p.perpetual_checks {
            return Outcome::Draw(DrawReason::PerpetualCheck);
        }
        self.limit().map_or(Outcome::Ongoing, Outcome::Draw)
    }

    /// Plays a move known to be legal; returns whether it captured.
    fn push(&mut self, m: UciMove) -> bool {
        let cm = to_cozy(&self.board, m);
        let me = self.board.side_to_move();
        let pawn = self.board.piece_on(cm.from) == Some(Piece::Pawn);
        let capture =
            (self.board.colors(!me).has(cm.to)) || (pawn && cm.from.file() != cm.to.file());
        self.board.play_unchecked(cm);
        let resets = capture || (pawn && self.profile.clock_reset == ClockReset::PawnOrCapture);
        self.clock = if resets { 0 } else { self.clock + 1 };
        self.record();
        capture
    }

    fn claim_refusal(&self, kind: ClaimKind, mv: Option<UciMove>) -> Option<(RuleCode, String)> {
        let p = &self.profile;
        let rule = match kind {
            ClaimKind::Threefold => p.threefold,
            ClaimKind::Fifty => p.fifty_moves,
        };
        let no = |why: String| Some((RuleCode::ClaimNotAvailable, why));
        let how = match rule {
            DrawRule::Claim => None,
            DrawRule::Automatic => Some("an automatic"),
            DrawRule::Off => Some("no"),
        };
        if let Some(how) = how {
            let name = &p.name;
            return no(format!(
                "profile {name} has {how} {kind} rule, so nothing is claimed"
            ));
        }
        let (count, clock, ends) = match mv {
            None => (self.count(), self.clock, None),
            Some(m) => {
                if !p.claim_with_move {
                    return no(format!(
                        "profile {} takes no claim with an intended move",
                        p.name
                    ));
                }
                if let Some((code, why)) = verdict::refusal(&self.board, m) {
                    return Some((code, why));
                }
                // The position the move would make, without playing it.
                let cm = to_cozy(&self.board, m);
                let mut next = self.board.clone();
                let pawn = next.piece_on(cm.from) == Some(Piece::Pawn);
                let capture = next.colors(!next.side_to_move()).has(cm.to)
                    || (pawn && cm.from.file() != cm.to.file());
                next.play_unchecked(cm);
                let k = key_of(&next, p);
                let resets = capture || (pawn && p.clock_reset == ClockReset::PawnOrCapture);
                let count = self.keys.iter().filter(|x| **x == k).count() as u32 + 1;
                // CH-9.4: does the move leave the opponent without a move?
                let mut any = false;
                next.generate_moves(|_| {
                    any = true;
                    true
                });
                let ends = (!any).then(|| {
                    if next.checkers().is_empty() {
                        "stalemate"
                    } else {
                        "checkmate"
                    }
                });
                (count, if resets { 0 } else { self.clock + 1 }, ends)
            }
        };
        let after = if mv.is_some() {
            "after the intended move"
        } else {
            "now"
        };
        match kind {
            ClaimKind::Threefold if count < p.occurrences => no(format!(
                "the position {after} has stood {count} time(s), not {} (CH-6.4)",
                p.occurrences
            )),
            ClaimKind::Fifty if clock < 100 => no(format!(
                "the half-move clock {after} is {clock}, not 100 (CH-8.2)"
            )),
            _ => match ends {
                Some(end) if !p.claim_beats_mate => no(format!(
                    "the intended move would end the game by {end}, which no claim overrides (CH-9.4)"
                )),
                _ => None,
            },
        }
    }

    /// The clause that decides `rule` on `action`: a pawn's own moves
    /// (CH-2.4) and the knight's jump (CH-2.3) are not the other pieces'
    /// (CH-2.2).
    fn clause(&self, action: &Action, rule: RuleCode) -> &'static str {
        let (Action::Move(m) | Action::Claim(_, Some(m))) = *action else {
            return verdict::clause(rule);
        };
        let mover = self.board.piece_on(convert::csq(m.from));
        match rule {
            RuleCode::NotAMove | RuleCode::Blocked if mover == Some(Piece::Pawn) => "CH-2.4",
            RuleCode::NotAMove if mover == Some(Piece::Knight) => "CH-2.3",
            _ => verdict::clause(rule),
        }
    }

    fn refusal(&self, action: &Action) -> Option<(RuleCode, String)> {
        if self.outcome.is_over() {
            return Some((
                RuleCode::GameOver,
                format!("the game is over ({})", self.outcome),
            ));
        }
        match *action {
            Action::Move(m) => verdict::refusal(&self.board, m),
            Action::Claim(k, m) => self.claim_refusal(k, m),
        }
    }

    fn claimable(&self) -> Vec<ClaimKind> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        [ClaimKind::Threefold, ClaimKind::Fifty]
            .into_iter()
            .filter(|k| self.claim_refusal(*k, None).is_none())
            .collect()
    }

    /// The legal moves, claims left out, whether or not the game is over:
    /// what a driver that plays moves only needs (under a claim profile
    /// the full `legal_actions` also tries a claim with every move).
    pub fn moves(&self) -> Vec<UciMove> {
        let mut out = Vec::new();
        self.board.generate_moves(|pm| {
            for cm in pm {
                out.push(from_cozy(&self.board, cm));
            }
            false
        });
        out
    }
}

fn from_cozy_color(c: CColor) -> Color {
    match c {
        CColor::White => Color::White,
        CColor::Black => Color::Black,
    }
}

impl Game<Chess> for EngineGame {
    fn side_to_move(&self) -> Color {
        from_cozy_color(self.board.side_to_move())
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }

    fn judge(&self, action: &Action) -> Verdict<Chess> {
        match self.refusal(action) {
            None => Verdict::Legal,
            Some((rule, why)) => Verdict::Illegal(Illegal {
                action: *action,
                rule,
                clause: self.clause(action, rule).into(),
                explanation: why,
            }),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let moves = self.moves();
        let mut out: Vec<Action> = moves.iter().map(|m| Action::Move(*m)).collect();
        for kind in [ClaimKind::Threefold, ClaimKind::Fifty] {
            let rule = match kind {
                ClaimKind::Threefold => self.profile.threefold,
                ClaimKind::Fifty => self.profile.fifty_moves,
            };
            if rule != DrawRule::Claim {
                continue;
            }
            // A claim alone, then (where the profile takes them) a claim
            // with each intended move.
            let with_moves = moves
                .iter()
                .filter(|_| self.profile.claim_with_move)
                .map(|m| Some(*m));
            out.extend(
                std::iter::once(None)
                    .chain(with_moves)
                    .filter(|mv| self.claim_refusal(kind, *mv).is_none())
                    .map(|mv| Action::Claim(kind, mv)),
            );
        }
        out.sort();
        out
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Chess>> {
        if let Verdict::Illegal(refusal) = self.judge(action) {
            return Err(refusal);
        }
        let side = self.side_to_move();
        let capture = match *action {
            Action::Move(m) => {
                let c = self.push(m);
                self.outcome = self.decide();
                c
            }
            Action::Claim(kind, _) => {
                self.outcome = Outcome::Draw(match kind {
                    ClaimKind::Threefold => DrawReason::ThreefoldRepetition,
                    ClaimKind::Fifty => DrawReason::FiftyMoves,
                });
                false
            }
        };
        self.plies += 1;
        Ok(Note {
            action: *action,
            side,
            capture,
            check: !self.board.checkers().is_empty(),
            halfmove_clock: self.clock,
            repetitions: self.count(),
            claimable: self.claimable(),
            outcome: self.outcome,
        })
    }

    fn ply(&self) -> usize {
        self.plies
    }

    fn render(&self) -> String {
        format!("{}\n", self.board)
    }

    /// cozy-chess's FEN, with the engine's own half-move clock (cozy-chess
    /// caps its own at 100) and the setup's move numbering.
    fn position(&self) -> Option<crate::games::chess::position::Position> {
        let fen = self.board.to_string();
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        if let Some(clock) = fields.get_mut(4) {
            *clock = self.clock.to_string();
        }
        if let Some(n) = fields.get_mut(5) {
            let own: u32 = n.parse().ok()?;
            *n = (own + self.fullmove_offset).to_string();
        }
        crate::games::chess::position::Position::from_fen(&fields.join(" ")).ok()
    }
}

/// Perft through the engine's own `legal_actions` and `play`, so the
/// castling and promotion conversions and every end-of-game test are
/// counted too: under a profile with a draw rule a line can end early or
/// gain a claim, so published figures are checked under one without.
pub fn perft(g: &EngineGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    g.legal_actions()
        .into_iter()
        .map(|a| {
            let mut next = g.clone();
            next.play(&a).expect("a listed action is legal");
            perft(&next, depth - 1)
        })
        .sum()
}
