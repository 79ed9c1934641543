//! Random but rule-seeking games: setups and move choices drawn from a
//! stream of numbers, shared by the differential tests, the fuzz targets and
//! the benchmarks.
//!
//! Uniformly random play almost never repeats itself, so it would hardly
//! ever meet the anti-repetition rules. The chooser therefore prefers what
//! makes them bite: reversing one's own last move (two-squares), moving the
//! same piece again, stepping next to the opponent's last-moved piece
//! (chasing) and moving a threatened piece away (evading).

use crate::games::stratego::army::Army;
use crate::games::stratego::piece::{Color, Piece, Rank};
use crate::games::stratego::position::Setup;
use crate::games::stratego::profile::{
    ChaseException, ChaseKeptBy, ChaseTarget, ChaseThreshold, MoreSquaresSwitches, PositionKey,
    PositionWindow, Profile, Prohibits, ScoutCounting, ScoutThreat, ThreatBy, TwoSquaresSwitches,
};
use crate::games::stratego::square::Square;
use crate::games::stratego::variant::Variant;

use crate::games::stratego::engine::game::{EngineGame, FastMove};
use crate::games::stratego::engine::layout::bit;
use crate::games::stratego::engine::position::side;

/// A stream of choices. `None` means the stream is exhausted (a fuzz input
/// has run out); generators then stop.
pub trait Source {
    /// The next choice.
    fn next(&mut self) -> Option<u32>;

    /// A choice below `n` (`n > 0`); 0 once the stream is exhausted.
    fn below(&mut self, n: u32) -> u32 {
        self.next().map_or(0, |v| v % n)
    }
}

/// SplitMix64: a tiny, seedable, never-exhausted source for tests and
/// benchmarks (no dependency on a random-number crate).
pub use crate::rng::SplitMix;

impl Source for SplitMix {
    fn next(&mut self) -> Option<u32> {
        Some(self.next_u32())
    }
}

/// Fuzz input: one byte per choice.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// Choices read from `data`, front to back.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
}

impl Source for Bytes<'_> {
    fn next(&mut self) -> Option<u32> {
        let b = *self.data.get(self.at)?;
        self.at += 1;
        Some(b as u32)
    }
}

/// A fixed list of choices (what proptest generates and shrinks).
#[derive(Clone, Debug)]
pub struct Choices {
    values: Vec<u32>,
    at: usize,
}

impl Choices {
    /// Choices read from `values`, front to back.
    pub fn new(values: Vec<u32>) -> Self {
        Choices { values, at: 0 }
    }
}

impl Source for Choices {
    fn next(&mut self) -> Option<u32> {
        let v = *self.values.get(self.at)?;
        self.at += 1;
        Some(v)
    }
}

/// Puts `legal` (the engine's legal moves in `game`) in one fixed order,
/// whatever order the engine lists them in, so that a stream of choices
/// plays the same game from one engine version to the next (fuzz corpora
/// and proptest regressions keep their meaning): piece by piece in square
/// index order; a step piece's moves by target index; a scout's line by
/// line (north, south, east, west), each from near to far.
pub fn canonical_order(game: &EngineGame, legal: &mut [FastMove]) {
    let layout = game.layout();
    let pos = game.position();
    legal.sort_unstable_by_key(|m| {
        let scout = pos.cells[m.from as usize].is_some_and(|c| c.rank == Rank::Scout);
        let within = if scout {
            let d = (0..4)
                .find(|&d| layout.ray[d][m.from as usize] & bit(m.to) != 0)
                .expect("a scout's move runs along one of its lines");
            let dist = (layout.ray[d][m.from as usize] & bit(m.to).wrapping_sub(1)).count_ones();
            let near = if d % 2 == 0 {
                dist
            } else {
                (layout.ray[d][m.from as usize] & !(bit(m.to) | bit(m.to).wrapping_sub(1)))
                    .count_ones()
            };
            d as u32 * 256 + near
        } else {
            m.to as u32
        };
        (m.from, within)
    });
}

/// A full game setup of `variant`: each player's whole army shuffled over
/// its home ranks (RP-1.3), red to move. When the army is smaller than the
/// home zone (Barrage), the squares are drawn too.
pub fn full_setup(src: &mut dyn Source, variant: Variant) -> Setup {
    let g = variant.geometry();
    let army = variant.army();
    let h = g.home_ranks;
    let mut pieces = Vec::with_capacity(2 * army.total() as usize);
    for (color, ranks) in [(Color::Red, 0..h), (Color::Blue, g.ranks - h..g.ranks)] {
        let mut ranks_of = army.pieces();
        // Fisher–Yates.
        for i in (1..ranks_of.len()).rev() {
            let j = src.below(i as u32 + 1) as usize;
            ranks_of.swap(i, j);
        }
        let mut squares: Vec<Square> = ranks
            .flat_map(|r| (0..g.files).map(move |f| Square::new(f, r)))
            .filter(|&sq| !g.is_lake(sq))
            .collect();
        if ranks_of.len() < squares.len() {
            // The first squares of a partial Fisher–Yates.
            for i in 0..ranks_of.len() {
                let j = i + src.below((squares.len() - i) as u32) as usize;
                squares.swap(i, j);
            }
        }
        for (sq, rank) in squares.into_iter().zip(ranks_of) {
            pieces.push((sq, Piece { color, rank }));
        }
    }
    Setup {
        geometry: g,
        army,
        pieces,
        to_move: Color::Red,
    }
}

/// A sparse setup (RP-2.3) on the board of `variant`: a few pieces of each
/// colour packed into a random rectangle of the board, so that they meet
/// soon. Ranks are drawn with movable pieces favoured; the variant's army
/// limits them (RP-2.2).
pub fn sparse_setup(src: &mut dyn Source, variant: Variant) -> Setup {
    let g = variant.geometry();
    let army = variant.army();
    let w = 2 + src.below(g.files as u32 - 1) as u8; // 2..=files
    let h = 2 + src.below(g.ranks as u32 - 1) as u8;
    let f0 = src.below((g.files + 1 - w) as u32) as u8;
    let r0 = src.below((g.ranks + 1 - h) as u32) as u8;
    let mut free: Vec<Square> = (r0..r0 + h)
        .flat_map(|r| (f0..f0 + w).map(move |f| Square::new(f, r)))
        .filter(|sq| !g.is_lake(*sq))
        .collect();
    let to_move = if src.below(2) == 0 {
        Color::Red
    } else {
        Color::Blue
    };
    let n = (1 + src.below(10) as usize + src.below(6) as usize).min(free.len());
    let mut used = [[0u8; 12]; 2];
    let mut pieces = Vec::with_capacity(n);
    for k in 0..n {
        let color = if k % 2 == 0 { Color::Red } else { Color::Blue };
        // Movable ranks most of the time; bombs and flags now and then.
        let pick = src.below(16) as usize;
        let rank = match pick {
            0..=9 => Rank::ALL[pick],
            10 | 11 => Rank::Scout,
            12 => Rank::Bomb,
            13 => Rank::Flag,
            _ => Rank::ALL[src.below(10) as usize],
        };
        let ri = Rank::ALL.iter().position(|&r| r == rank).unwrap();
        if used[side(color)][ri] >= army.count(rank) {
            continue;
        }
        used[side(color)][ri] += 1;
        let sq = free.swap_remove(src.below(free.len() as u32) as usize);
        pieces.push((sq, Piece { color, rank }));
    }
    Setup {
        geometry: g,
        army,
        pieces,
        to_move,
    }
}

/// A setup that RP-1 and RP-2 may well refuse: a sparse setup of
/// `variant`, then a few entries moved off the board (up to two files and
/// ranks beyond it), onto a lake, onto another entry's square, or copied
/// beyond the army's count (or of a rank the army lacks). Both
/// implementations check setups on their own; these feed the comparison of
/// their errors.
pub fn rough_setup(src: &mut dyn Source, variant: Variant) -> Setup {
    let mut s = sparse_setup(src, variant);
    let lakes = s.geometry.lakes.clone();
    let (files, ranks) = (s.geometry.files as u32, s.geometry.ranks as u32);
    for _ in 0..src.below(4) {
        let n = s.pieces.len() as u32;
        match src.below(4) {
            0 => s.pieces.push((
                Square::new(src.below(files + 2) as u8, src.below(ranks + 2) as u8),
                Piece {
                    color: if src.below(2) == 0 {
                        Color::Red
                    } else {
                        Color::Blue
                    },
                    rank: Rank::ALL[src.below(12) as usize],
                },
            )),
            1 if !lakes.is_empty() => {
                let lake = lakes[src.below(lakes.len() as u32) as usize];
                let at = src.below(n + 1) as usize;
                let piece = Piece {
                    color: Color::Red,
                    rank: Rank::Scout,
                };
                s.pieces.insert(at.min(s.pieces.len()), (lake, piece));
            }
            2 if n > 0 => {
                let (sq, _) = s.pieces[src.below(n) as usize];
                let (_, piece) = s.pieces[src.below(n) as usize];
                s.pieces.push((sq, piece));
            }
            _ if n > 0 => {
                let (_, piece) = s.pieces[src.below(n) as usize];
                for _ in 0..s.army.count(piece.rank) {
                    let sq = Square::new(src.below(files) as u8, src.below(ranks) as u8);
                    s.pieces.push((sq, piece));
                }
            }
            _ => {}
        }
    }
    s
}

/// A duel (RP-2.3) on the board of `variant`: a strong piece and one or
/// two weaker opponents in a small arena in a corner of the board, walled
/// in by the strong side's bombs (now and then with a gap). Confined pieces
/// repeat positions at once, so chases (MS-*) and shuttles (TS-*) bite all
/// the time. The walls take up to six bombs and the pieces are drawn from
/// ranks the small armies lack, so a duel is played with the standard army
/// whatever the board.
pub fn duel_setup(src: &mut dyn Source, variant: Variant) -> Setup {
    let g = variant.geometry();
    let (w, h) = (2 + src.below(3) as u8, 2 + src.below(2) as u8);
    let corner = src.below(4);
    let (f0, r0) = (
        if corner & 1 == 0 { 0 } else { g.files - w },
        if corner & 2 == 0 { 0 } else { g.ranks - h },
    );
    let inside = |sq: Square| (f0..f0 + w).contains(&sq.file) && (r0..r0 + h).contains(&sq.rank);
    let mut free: Vec<Square> = g.squares().filter(|&sq| inside(sq)).collect();
    let walls: Vec<Square> = g
        .squares()
        .filter(|&sq| !inside(sq) && !g.is_lake(sq))
        .filter(|&sq| g.neighbours(sq).into_iter().any(inside))
        .collect();
    let (chaser, evader) = if src.below(2) == 0 {
        (Color::Red, Color::Blue)
    } else {
        (Color::Blue, Color::Red)
    };
    let strong = [Rank::Marshal, Rank::General, Rank::Colonel][src.below(3) as usize];
    let weak = [
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Miner,
        Rank::Spy,
    ];
    let mut pieces = Vec::new();
    let gap = if src.below(4) == 0 {
        src.below(walls.len() as u32) as usize
    } else {
        usize::MAX
    };
    for (k, &sq) in walls.iter().enumerate().take(6) {
        if k != gap {
            pieces.push((
                sq,
                Piece {
                    color: chaser,
                    rank: Rank::Bomb,
                },
            ));
        }
    }
    let mut place = |color: Color, rank: Rank, src: &mut dyn Source| {
        if !free.is_empty() {
            let sq = free.swap_remove(src.below(free.len() as u32) as usize);
            pieces.push((sq, Piece { color, rank }));
        }
    };
    place(chaser, strong, src);
    place(evader, weak[src.below(5) as usize], src);
    if src.below(3) == 0 {
        place(evader, Rank::Scout, src);
    }
    let to_move = if src.below(2) == 0 { chaser } else { evader };
    Setup {
        geometry: g,
        army: Army::STANDARD,
        pieces,
        to_move,
    }
}

/// A profile: one of the built-ins, or any combination of the switches
/// (named `custom`), so no code path can hide behind a profile name.
pub fn profile(src: &mut dyn Source) -> Profile {
    let k = src.below(2 * Profile::NAMES.len() as u32) as usize;
    if k < Profile::NAMES.len() {
        return Profile::named(Profile::NAMES[k]).expect("built-in profile");
    }
    Profile {
        name: "custom".into(),
        two_squares: TwoSquaresSwitches {
            enabled: src.below(4) != 0,
            // At least 1: a profile with limit 0 is refused when read.
            limit: src.below(7).max(1),
            scouts: [
                ScoutCounting::Boundaries,
                ScoutCounting::EndSquares,
                ScoutCounting::Span,
            ][src.below(3) as usize],
            other_piece_erases: src.below(3) != 0,
            per_piece: src.below(3) != 0,
            attacks_count: src.below(3) != 0,
        },
        more_squares: MoreSquaresSwitches {
            enabled: src.below(4) != 0,
            target: [ChaseTarget::Evaded, ChaseTarget::Any][src.below(2) as usize],
            window: [
                PositionWindow::SinceLastFight,
                PositionWindow::CurrentChase,
                PositionWindow::WholeGame,
            ][src.below(3) as usize],
            position: [
                PositionKey::Ranks,
                PositionKey::Pieces,
                PositionKey::ChaseSquares,
            ][src.below(3) as usize],
            side_to_move: src.below(2) == 0,
            exception: [
                ChaseException::Reversal,
                ChaseException::None,
                ChaseException::Square,
                ChaseException::PieceReturn,
            ][src.below(4) as usize],
            evade_by_attack: src.below(3) == 0,
            fight_ends_chase: src.below(3) == 0,
            kept_by: [ChaseKeptBy::AnyThreat, ChaseKeptBy::EvadedThreat][src.below(2) as usize],
            prohibits: [Prohibits::ChasingMoves, Prohibits::EveryMove]
                [(src.below(4) == 0) as usize],
            threshold: [ChaseThreshold::None, ChaseThreshold::MoreThanTwoSquares]
                [src.below(2) as usize],
            scout_threat: [ScoutThreat::Adjacent, ScoutThreat::InLine][src.below(2) as usize],
            threat_by: [ThreatBy::Mover, ThreatBy::Discovered, ThreatBy::AnyPiece]
                [src.below(3) as usize],
            exception_overrides_two_squares: src.below(4) == 0,
        },
        // The end-order faults are the kill matrix's alone (the engine
        // declines one of them); random games play the rules.
        faults: Default::default(),
    }
}

/// A game's setup, profile and move bias from a source, on the standard
/// board ([`setup_and_profile_on`]).
pub fn setup_and_profile(src: &mut dyn Source) -> (Setup, Profile, Bias) {
    setup_and_profile_on(src, Variant::Standard)
}

/// A game's setup, profile and move bias from a source, on `variant`: full
/// armies one time in four, sparse positions three in eight, duels three
/// in eight (played without attacks, which would end them at once).
pub fn setup_and_profile_on(src: &mut dyn Source, variant: Variant) -> (Setup, Profile, Bias) {
    let kind = src.below(8);
    let p = profile(src);
    let (s, attacks) = match kind {
        0 | 1 => (full_setup(src, variant), true),
        2..=4 => (sparse_setup(src, variant), true),
        _ => (duel_setup(src, variant), false),
    };
    (s, p, Bias { attacks })
}

/// A duel ([`duel_setup`]) on the board of `variant` under a random profile
/// with the more-squares rule switched on (its other switches stay random):
/// the games the more-squares coverage test plays.
pub fn duel(src: &mut dyn Source, variant: Variant) -> (Setup, Profile, Bias) {
    let mut p = profile(src);
    p.more_squares.enabled = true;
    (duel_setup(src, variant), p, Bias { attacks: false })
}

/// What the chooser may prefer.
#[derive(Clone, Copy, Debug)]
pub struct Bias {
    /// Whether attacks may be chosen at all. Benchmarks turn them off so a
    /// game of full armies lasts as long as asked.
    pub attacks: bool,
}

impl Default for Bias {
    fn default() -> Self {
        Bias { attacks: true }
    }
}

/// What a player is trying to do. A plan persists from move to move (a
/// shuttle must go on for several moves to reach the two-squares limit)
/// until it cannot be followed or a choice switches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Reverse my last move (the two-squares rule's shuttle).
    Shuttle,
    /// Move the piece I moved last again, along the same line if possible
    /// (a scout re-crossing part of its path).
    SamePiece,
    /// Step next to the piece the opponent moved last (or any enemy piece).
    Chase,
    /// Move a piece that stands next to an enemy piece, preferably the one
    /// the opponent just threatened.
    Evade,
    /// Attack something.
    Attack,
    /// Anything.
    Random,
}

impl Plan {
    /// Plans by weight: shuttles are the most common, as they need the
    /// longest runs to bite.
    fn pick(v: u32) -> Plan {
        match v % 16 {
            0..=5 => Plan::Shuttle,
            6 | 7 => Plan::SamePiece,
            8..=10 => Plan::Chase,
            11..=13 => Plan::Evade,
            14 => Plan::Attack,
            _ => Plan::Random,
        }
    }
}

/// Memory the chooser needs: each player's last move and plan.
#[derive(Clone, Debug)]
pub struct Chooser {
    last: [Option<FastMove>; 2],
    plans: [Plan; 2],
    bias: Bias,
    candidates: Vec<FastMove>,
}

impl Default for Chooser {
    fn default() -> Self {
        Chooser::new(Bias::default())
    }
}

impl Chooser {
    /// A chooser with the given preferences.
    pub fn new(bias: Bias) -> Self {
        Chooser {
            last: [None; 2],
            plans: [Plan::Shuttle; 2],
            bias,
            candidates: Vec::with_capacity(128),
        }
    }

    /// Records a move played by `color` (whoever chose it).
    pub fn played(&mut self, color: Color, mv: FastMove) {
        self.last[side(color)] = Some(mv);
    }

    /// Picks one of `legal` (the side to move's legal moves in `game`), or
    /// `None` when there are none or the source is exhausted. Reads two
    /// choices: whether and how to change plan, then which candidate.
    pub fn choose(
        &mut self,
        game: &EngineGame,
        legal: &[FastMove],
        src: &mut dyn Source,
    ) -> Option<FastMove> {
        if legal.is_empty() {
            return None;
        }
        let kind = src.next()?;
        let which = src.next()?;
        let me = side(game.to_move());
        // A player under threat tends to evade, a player whose chase is on
        // tends to chase again: that is how the more-squares rule's chases
        // arise.
        let (threatened, chasing) = game.chases().map_or((false, false), |c| {
            (c[1 - me].pending != 0, c[me].on || c[me].pending != 0)
        });
        if kind % 16 == 0 {
            self.plans[me] = Plan::pick(kind >> 4);
        } else if threatened && kind % 4 < 2 {
            self.plans[me] = Plan::Evade;
        } else if chasing && kind % 4 >= 2 {
            self.plans[me] = Plan::Chase;
        }
        self.fill(game, legal, self.plans[me]);
        // In a chase, chaser and evader both going back where they came from
        // is the quickest way to a repeated position.
        if matches!(self.plans[me], Plan::Chase | Plan::Evade)
            && which & 2 == 2
            && let Some(l) = self.last[me]
            && self
                .candidates
                .iter()
                .any(|m| m.from == l.to && m.to == l.from)
        {
            self.candidates.retain(|m| m.from == l.to && m.to == l.from);
        }
        // Half the time, prefer a move that brings back an earlier position:
        // repetitions are what the more-squares rule forbids.
        if which & 1 == 1 && self.candidates.iter().any(|&m| game.repeats_position(m)) {
            self.candidates.retain(|&m| game.repeats_position(m));
        }
        if self.candidates.is_empty() {
            // The plan cannot be followed (a shuttle refused by the rule,
            // nothing to chase): take up another one.
            self.plans[me] = Plan::pick((kind >> 4).wrapping_add(which));
            self.fill(game, legal, self.plans[me]);
        }
        let attacks = self.bias.attacks;
        let enemy = game.position().occupied[1 - me];
        if self.candidates.is_empty() {
            self.candidates
                .extend(legal.iter().filter(|m| attacks || enemy & bit(m.to) == 0));
        }
        if self.candidates.is_empty() {
            self.candidates.extend_from_slice(legal);
        }
        Some(self.candidates[which as usize % self.candidates.len()])
    }

    /// The candidates of `plan` among `legal`.
    fn fill(&mut self, game: &EngineGame, legal: &[FastMove], plan: Plan) {
        let me = side(game.to_move());
        let enemy = game.position().occupied[1 - me];
        let lay = game.layout();
        let mine = self.last[me];
        let theirs = self.last[1 - me];
        let attack = |m: &FastMove| enemy & bit(m.to) != 0;
        let attacks = self.bias.attacks;
        let c = &mut self.candidates;
        c.clear();
        match plan {
            Plan::Shuttle => {
                if let Some(l) = mine {
                    c.extend(legal.iter().filter(|m| m.from == l.to && m.to == l.from));
                }
            }
            Plan::SamePiece => {
                if let Some(l) = mine {
                    let line = |m: &FastMove| {
                        lay.direction(l.from, m.to).is_some() && lay.direction(l.to, m.to).is_some()
                    };
                    c.extend(legal.iter().filter(|m| m.from == l.to && line(m)));
                    if c.is_empty() {
                        c.extend(legal.iter().filter(|m| m.from == l.to));
                    }
                }
            }
            Plan::Chase => {
                let target = theirs.map_or(0, |t| bit(t.to) & enemy);
                let near = lay.neighbours(if target != 0 { target } else { enemy });
                c.extend(legal.iter().filter(|m| near & bit(m.to) != 0 && !attack(m)));
                // The chaser keeps chasing with the same piece when it can.
                if let Some(l) = mine
                    && c.iter().any(|m| m.from == l.to)
                {
                    c.retain(|m| m.from == l.to);
                }
            }
            Plan::Evade => {
                let threat = theirs.map_or(0, |t| bit(t.to) & enemy);
                let near = lay.neighbours(threat) & game.position().occupied[me];
                c.extend(
                    legal
                        .iter()
                        .filter(|m| near & bit(m.from) != 0 && !attack(m)),
                );
                if c.is_empty() {
                    let near = lay.neighbours(enemy);
                    c.extend(
                        legal
                            .iter()
                            .filter(|m| near & bit(m.from) != 0 && !attack(m)),
                    );
                }
            }
            Plan::Attack => {
                if attacks {
                    c.extend(legal.iter().filter(|m| attack(m)));
                }
            }
            Plan::Random => c.extend_from_slice(legal),
        }
        if !attacks {
            c.retain(|m| !attack(m));
        }
    }
}
