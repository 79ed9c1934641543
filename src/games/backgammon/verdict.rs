//! Rule codes: the stable names of the rules an action can break, each
//! with the clause of `spec/backgammon/rules.md` that decides it.

crate::rule_codes! {
    /// Stable code of the rule an action breaks; never rename one.
    pub enum RuleCode {
        /// BG-2.6: the game is over.
        GameOver = "play.game-over",
        /// BG-2.1: this kind of action is not what the game waits for now (a
        /// play while the dice are to roll, a take without an offer, …).
        WrongAction = "turn.wrong-action",
        /// BG-2.3: equal dice at the opening are rolled again.
        OpeningTie = "roll.tie",
        /// BG-3.1: the steps do not match the dice.
        Dice = "play.dice",
        /// BG-3.1: no checker of the mover stands on a start point.
        NoChecker = "play.no-checker",
        /// BG-4.2: a step ends on a point held by two or more opponents.
        Blocked = "play.blocked",
        /// BG-5.2: a checker is on the bar and another one moved.
        BarFirst = "play.bar-first",
        /// BG-6.1: bearing off while a checker is outside the home board.
        BearOffNotHome = "play.bear-off-not-home",
        /// BG-6.4: a larger number bears off while a checker stands farther back.
        BearOffHigher = "play.bear-off-higher",
        /// BG-3.5: more dice could be played (or a pass while a checker can move).
        NotMaximal = "play.not-maximal",
        /// BG-3.6: only one die can be played and it must be the larger.
        LargerDie = "play.larger-die",
        /// BG-8.1: the profile has no cube.
        CubeDisabled = "cube.disabled",
        /// BG-8.2: the opponent owns the cube.
        CubeNotYours = "cube.not-yours",
        /// BG-8.3: the cube is at its cap.
        CubeAtCap = "cube.at-cap",
        /// BG-9.6: the profile has no resign action.
        ResignDisabled = "resign.disabled",
    }
}
