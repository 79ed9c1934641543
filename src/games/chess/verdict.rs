//! Rule codes: the stable names of the rules an action can break
//! (`spec/chess/protocol.md`). A verdict names the first one broken, in the
//! order of this list (CH-2.8).

crate::rule_codes! {
    /// The rule an action breaks. Never rename one.
    pub enum RuleCode {
        /// CH-10.3: the game is over.
        GameOver = "play.game-over",
        /// CH-2.1: no piece stands on the starting square.
        NoPiece = "play.no-piece",
        /// CH-2.1: the piece belongs to the opponent.
        OpponentPiece = "play.opponent-piece",
        /// CH-2.1: a piece of the mover stands on the target square.
        OwnPiece = "play.own-piece",
        /// CH-2.6: a castling move whose conditions are not met.
        Castling = "play.castling",
        /// CH-2.2 to CH-2.5: the piece does not move that way.
        NotAMove = "play.not-a-move",
        /// CH-2.2, CH-2.4: a piece stands in the way.
        Blocked = "play.blocked",
        /// CH-2.5: a promotion letter missing, not allowed, or on a move that
        /// promotes nothing.
        Promotion = "play.promotion",
        /// CH-2.7: the move leaves the mover's king attacked.
        InCheck = "play.in-check",
        /// CH-9: the claim is not valid here (or the profile has no such claim).
        ClaimNotAvailable = "claim.not-available",
    }
}
