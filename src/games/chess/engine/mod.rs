//! The engine: the same rules as the reference, written again on
//! cozy-chess's bitboard move generator (MIT). It shares the data types
//! (positions, actions, profiles, notes, outcomes, rule codes) and nothing
//! else: legality, verdicts, repetition keys, material and the order of the
//! end-of-game rules are its own code, so that a bug cannot hide in both.
//! The differential tests (`workload.rs`,
//! `tests/differential/chess_differential.rs`) compare the two.

mod claims;
mod convert;
mod history;
mod movelist;
mod verdict;

use cozy_chess::{BitBoard, Board, Color as CColor, Move, Piece, Square as CSquare};

use claims::ClaimBar;
use history::{History, Key};
use movelist::MoveList;

use crate::games::chess::action::{Action, ClaimKind, UciMove};
use crate::games::chess::board::Color;
use crate::games::chess::game::{Chess, DrawReason, Note, Outcome, WinReason};
use crate::games::chess::position::Position;
use crate::games::chess::profile::{ClockReset, DrawRule, EpKey, Material, Profile, Stalemate};
use crate::games::chess::verdict::RuleCode;
use crate::rules::{Game, Illegal, Implementation, Verdict};

pub use convert::{board_of, to_cozy};

/// The engine implementation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Engine;

impl Implementation<Chess> for Engine {
    crate::own_implementation!("engine", Chess => EngineGame::new);

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

/// A game on a cozy-chess board.
#[derive(Clone, Debug)]
pub struct EngineGame {
    profile: Profile,
    board: Board,
    /// Our own half-move clock: cozy-chess keeps a u8 capped at 100, and
    /// the profile may reset it differently.
    clock: u32,
    /// Every position since the setup, for repetition.
    history: History,
    /// Whether the side to move has a legal move (asked when the position
    /// is reached, stopping at the first move found; the list itself is
    /// generated when asked for).
    any_move: bool,
    outcome: Outcome,
    plies: usize,
    /// The move number (cozy-chess's own is 16 bits and stops at 65535;
    /// CH-1.4 counts to 2^32 - 1).
    fullmove: u32,
}

/// What `perft` restores after each move it tries.
struct Saved {
    board: Board,
    any_move: bool,
    clock: u32,
    fullmove: u32,
    outcome: Outcome,
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
            // Room for a long game, so that playing one does not allocate.
            history: History::with_capacity(1024),
            any_move: false,
            board,
            outcome: Outcome::Ongoing,
            plies: 0,
            fullmove: setup.fullmove,
        };
        g.record(true);
        g.outcome = g.decide();
        Ok(g)
    }

    /// Records the position just reached: its key, its count, its moves.
    fn record(&mut self, fresh: bool) {
        let k = key_of(&self.board, &self.profile);
        let checked = !self.board.checkers().is_empty();
        self.history.push(k, fresh, checked);
        self.any_move = self.board.generate_moves(|_| true);
    }

    fn any_legal(&self) -> bool {
        self.any_move
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
        let n = self.history.count();
        if p.threefold == DrawRule::Automatic && n >= p.occurrences {
            return Outcome::Draw(DrawReason::ThreefoldRepetition);
        }
        if p.fivefold && n >= 5 {
            return Outcome::Draw(DrawReason::FivefoldRepetition);
        }
        if p.perpetual_checks > 0 && self.history.checks_in_a_row() >= p.perpetual_checks {
            return Outcome::Draw(DrawReason::PerpetualCheck);
        }
        self.limit().map_or(Outcome::Ongoing, Outcome::Draw)
    }

    /// Whether `cm` captures (en passant included) and whether a pawn
    /// makes it, on the board as it stands.
    fn kind_of(&self, cm: Move) -> (bool, bool) {
        let b = &self.board;
        let pawn = b.piece_on(cm.from) == Some(Piece::Pawn);
        let capture =
            b.colors(!b.side_to_move()).has(cm.to) || (pawn && cm.from.file() != cm.to.file());
        (capture, pawn)
    }

    /// The half-move clock after a move (CH-8.1).
    fn clock_after(&self, capture: bool, pawn: bool) -> u32 {
        let resets = capture || (pawn && self.profile.clock_reset == ClockReset::PawnOrCapture);
        // CH-1.4: the clock stops at the largest number a FEN may say.
        if resets {
            0
        } else {
            self.clock.saturating_add(1)
        }
    }

    /// Plays a legal cozy-chess move and decides the game; returns whether
    /// it captured.
    fn push_cozy(&mut self, cm: Move) -> bool {
        let (capture, pawn) = self.kind_of(cm);
        self.clock = self.clock_after(capture, pawn);
        if self.board.side_to_move() == CColor::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.board.play_unchecked(cm);
        self.record(capture || pawn);
        self.outcome = self.decide();
        capture
    }

    fn save(&self) -> Saved {
        Saved {
            board: self.board.clone(),
            any_move: self.any_move,
            clock: self.clock,
            fullmove: self.fullmove,
            outcome: self.outcome,
        }
    }

    fn restore(&mut self, s: &Saved) {
        self.history.pop();
        self.board = s.board.clone();
        self.any_move = s.any_move;
        self.clock = s.clock;
        self.fullmove = s.fullmove;
        self.outcome = s.outcome;
    }

    fn claim_rule(&self, kind: ClaimKind) -> DrawRule {
        match kind {
            ClaimKind::Threefold => self.profile.threefold,
            ClaimKind::Fifty => self.profile.fifty_moves,
        }
    }

    /// What bars a claim of `kind`, about the position now or after `mv`;
    /// `None`: the claim is valid. No words are written here.
    fn claim_bar(&self, kind: ClaimKind, mv: Option<UciMove>) -> Option<ClaimBar> {
        match self.claim_rule(kind) {
            DrawRule::Claim => {}
            DrawRule::Automatic => return Some(ClaimBar::NoClaimRule("an automatic")),
            DrawRule::Off => return Some(ClaimBar::NoClaimRule("no")),
        }
        let Some(m) = mv else {
            return match kind {
                ClaimKind::Threefold if self.history.count() < self.profile.occurrences => {
                    Some(ClaimBar::Stood {
                        count: self.history.count(),
                        after: false,
                    })
                }
                ClaimKind::Fifty if self.clock < 100 => Some(ClaimBar::Clock {
                    clock: self.clock,
                    after: false,
                }),
                _ => None,
            };
        };
        if !self.profile.claim_with_move {
            return Some(ClaimBar::NoIntendedMove);
        }
        if let Some((code, why)) = verdict::refusal(&self.board, m) {
            return Some(ClaimBar::Move(code, why));
        }
        self.bar_after(kind, to_cozy(&self.board, m))
    }

    /// What bars a claim of `kind` with the legal move `cm`, under a
    /// profile that takes such claims.
    fn bar_after(&self, kind: ClaimKind, cm: Move) -> Option<ClaimBar> {
        let p = &self.profile;
        let (capture, pawn) = self.kind_of(cm);
        // The position the move would make, without playing it.
        let mut next = self.board.clone();
        next.play_unchecked(cm);
        match kind {
            ClaimKind::Threefold => {
                // A capture or a pawn move makes a position never seen
                // before (history.rs says why).
                let count = if capture || pawn {
                    1
                } else {
                    self.history.stood(&key_of(&next, p)) + 1
                };
                if count < p.occurrences {
                    return Some(ClaimBar::Stood { count, after: true });
                }
            }
            ClaimKind::Fifty => {
                let clock = self.clock_after(capture, pawn);
                if clock < 100 {
                    return Some(ClaimBar::Clock { clock, after: true });
                }
            }
        }
        // CH-9.4: does the move leave the opponent without a move?
        if p.claim_beats_mate || next.generate_moves(|_| true) {
            return None;
        }
        Some(ClaimBar::Ends(if next.checkers().is_empty() {
            "stalemate"
        } else {
            "checkmate"
        }))
    }

    /// Whether some move could make a claim of `kind` valid: a necessary
    /// condition, cheap, so that the moves are tried one by one only when
    /// it holds. A move raises the clock by one at most, and makes a
    /// position that stands at most once more than the most repeated
    /// position of the window (or once, after a capture or pawn move).
    fn claim_with_move_possible(&self, kind: ClaimKind) -> bool {
        match kind {
            ClaimKind::Threefold => {
                self.history.most() + 1 >= self.profile.occurrences || self.profile.occurrences <= 1
            }
            ClaimKind::Fifty => self.clock + 1 >= 100,
        }
    }

    /// Calls `f` with every valid claim, in `Action` order (threefold
    /// before fifty, the claim alone before the claims with a move, those
    /// in move order).
    fn each_claim(&self, moves: &MoveList, mut f: impl FnMut(Action)) {
        for kind in [ClaimKind::Threefold, ClaimKind::Fifty] {
            if self.claim_rule(kind) != DrawRule::Claim {
                continue;
            }
            if self.claim_bar(kind, None).is_none() {
                f(Action::Claim(kind, None));
            }
            if self.profile.claim_with_move && self.claim_with_move_possible(kind) {
                moves.each(&self.board, |m, cm| {
                    if self.bar_after(kind, cm).is_none() {
                        f(Action::Claim(kind, Some(m)));
                    }
                });
            }
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
            Action::Claim(k, m) => self
                .claim_bar(k, m)
                .map(|bar| bar.explain(k, &self.profile)),
        }
    }

    fn claimable(&self) -> Vec<ClaimKind> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        [ClaimKind::Threefold, ClaimKind::Fifty]
            .into_iter()
            .filter(|k| self.claim_bar(*k, None).is_none())
            .collect()
    }

    /// The legal moves, claims left out, whether or not the game is over:
    /// what a driver that plays moves only needs (under a claim profile
    /// the full `legal_actions` also tries a claim with every move).
    pub fn moves(&self) -> Vec<UciMove> {
        let list = MoveList::of(&self.board);
        let mut out = Vec::with_capacity(list.len());
        list.each(&self.board, |m, _| out.push(m));
        out
    }

    /// Every legal action, sorted, into `out` (cleared first): what
    /// `legal_actions` returns, without allocating once `out` has room.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.outcome.is_over() {
            return;
        }
        let list = MoveList::of(&self.board);
        list.each(&self.board, |m, _| out.push(Action::Move(m)));
        self.each_claim(&list, |a| out.push(a));
    }

    /// Plays an action `legal_actions` listed, without judging it again
    /// and without writing a note: the hot path of random playouts.
    /// Another action is played as `play` would play it if legal.
    pub fn play_legal(&mut self, action: &Action) {
        match *action {
            Action::Move(m) => {
                let cm = to_cozy(&self.board, m);
                self.push_cozy(cm);
            }
            Action::Claim(kind, _) => {
                self.outcome = Outcome::Draw(match kind {
                    ClaimKind::Threefold => DrawReason::ThreefoldRepetition,
                    ClaimKind::Fifty => DrawReason::FiftyMoves,
                });
            }
        }
        self.plies += 1;
    }

    /// Perft: the leaves `depth` plies below, every move played through
    /// the engine's own move (`push_cozy`, the one `play` uses: key, count,
    /// move list and every end-of-game test) and taken back. A claim is a
    /// leaf of its own: once played the game is over. With `bulk`, the
    /// actions of the last ply are counted, not played.
    fn perft_here(&mut self, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_over() {
            return 0;
        }
        let list = MoveList::of(&self.board);
        let mut n = 0;
        if depth == 1 {
            self.each_claim(&list, |_| n += 1);
            if bulk {
                return n + list.len() as u64;
            }
        }
        let saved = self.save();
        list.each(&saved.board, |_, cm| {
            self.push_cozy(cm);
            n += self.perft_here(depth - 1, bulk);
            self.restore(&saved);
        });
        n
    }
}

/// Perft through the engine: the leaves `depth` plies below `g`, every
/// action listed as `legal_actions` lists it and every move played with
/// every end-of-game test (the leaves too), so the castling and promotion
/// conversions and the draw rules are counted. Under a profile with a draw
/// rule a line can end early or gain a claim, so published figures are
/// checked under one without.
pub fn perft(g: &EngineGame, depth: u32) -> u64 {
    g.clone().perft_here(depth, false)
}

/// The same count with the last ply counted from the move list, not
/// played (bulk counting, as cozy-chess's and shakmaty's perft do).
pub fn perft_bulk(g: &EngineGame, depth: u32) -> u64 {
    g.clone().perft_here(depth, true)
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
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    fn play(&mut self, action: &Action) -> Result<Note, Illegal<Chess>> {
        if let Verdict::Illegal(refusal) = self.judge(action) {
            return Err(refusal);
        }
        let side = self.side_to_move();
        let capture = match *action {
            Action::Move(m) => {
                let cm = to_cozy(&self.board, m);
                self.push_cozy(cm)
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
            repetitions: self.history.count(),
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
    /// caps its own at 100) and move number (cozy-chess's stops at 65535).
    fn position(&self) -> Option<crate::games::chess::position::Position> {
        let fen = self.board.to_string();
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        if let Some(clock) = fields.get_mut(4) {
            *clock = self.clock.to_string();
        }
        if let Some(n) = fields.get_mut(5) {
            *n = self.fullmove.to_string();
        }
        crate::games::chess::position::Position::from_fen(&fields.join(" ")).ok()
    }
}
