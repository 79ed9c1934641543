//! One legal move as a compact record ([`Mv`]): what the move list
//! (`list.rs`) holds and the compact position (`position.rs`) plays; the
//! list builds on the position, and both on this file.

/// What a listed move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MvKind {
    /// A move without capture.
    Step,
    /// A capture.
    Capture,
    /// A huff of the stone on `from`.
    Huff,
}

/// One listed move.
#[derive(Clone, Copy, Debug)]
pub struct Mv {
    /// Step, capture or huff.
    pub kind: MvKind,
    /// The moving stone's square (a huff: the huffed stone's).
    pub from: u8,
    /// Where it ends.
    pub to: u8,
    /// The stones a capture takes.
    pub taken: u64,
    /// Whether a capturing man ends it a Dame.
    pub crowned: bool,
    /// Whether a capture could not go on.
    pub complete: bool,
    /// How many stones a capture takes.
    pub jumps: u8,
    /// Where its path (`jumps + 1` squares) and then its taken stones
    /// (`jumps`) start in the pool, when kept.
    pub at: u32,
}

impl Mv {
    /// A step or a huff: no path, nothing taken.
    pub fn simple(kind: MvKind, from: u8, to: u8) -> Mv {
        Mv {
            kind,
            from,
            to,
            taken: 0,
            crowned: false,
            complete: true,
            jumps: 0,
            at: 0,
        }
    }
}
