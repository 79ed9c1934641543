//! Dame's rule codes: the stable names of the rules an action can break,
//! in the order the reference checks them (`spec/dame/protocol.md`).

crate::rule_codes! {
    /// Stable code of the rule an action breaks. Never rename one.
    pub enum RuleCode {
        /// DA-5.3: the game is over.
        GameOver = "play.game-over" @ "DA-5.3",
        /// DA-2.1: no stone stands on the starting square.
        NoPiece = "play.no-piece" @ "DA-2.1",
        /// DA-2.1: the stone belongs to the opponent.
        OpponentPiece = "play.opponent-piece" @ "DA-2.1",
        /// DA-2.1: the squares are not on one diagonal.
        NotDiagonal = "play.not-diagonal" @ "DA-2.1",
        /// DA-2.1, AD-13: a man moving, or where forbidden capturing, backward.
        Backward = "play.backward" @ "DA-2.1",
        /// DA-2.2: the target square is occupied.
        Occupied = "play.occupied" @ "DA-2.2",
        /// DA-2.1, DA-3.1, DA-4.2: further than the stone may go.
        TooFar = "play.too-far" @ "DA-2.1",
        /// DA-4.2: a Dame's step passes over a stone.
        Blocked = "play.blocked" @ "DA-4.2",
        /// DA-3.1: a jump over no stone.
        CaptureNothing = "capture.nothing" @ "DA-3.1",
        /// DA-3.3: a jump over an own stone.
        CaptureOwnPiece = "capture.own-piece" @ "DA-3.3",
        /// DA-3.1: a jump over more than one stone.
        CaptureSeveral = "capture.several" @ "DA-3.1",
        /// DA-3.4: a stone jumped a second time in one move.
        CaptureTwice = "capture.twice" @ "DA-3.4",
        /// AD-7: a capture that goes on after the man was crowned, where
        /// crowning ends the move.
        AfterCrowning = "capture.after-crowning" @ "AD-7",
        /// AD-1: a move without capture while a capture is compulsory.
        Compulsory = "capture.compulsory" @ "AD-1",
        /// AD-1: a capture that stops while it could go on, where it must not.
        Unfinished = "capture.unfinished" @ "AD-1",
        /// AD-8: a capture that takes fewer stones than another would.
        Majority = "capture.majority" @ "AD-8",
        /// DA-6: no huff is open, or not on that square.
        HuffNotAvailable = "huff.not-available" @ "DA-6.2",
    }
}
