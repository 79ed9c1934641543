"""Type stubs of the arbiter package (docs/python.md)."""

from typing import Any, Iterable, Optional, Sequence, Union

import numpy
import numpy.typing

__version__: str
__all__: list[str]

# The native module (internal; `arbiter.testing` uses it).
_arbiter: Any

class ArbiterError(ValueError):
    """Bad input: ``rule`` names what is wrong, ``message`` says it."""

    message: str
    rule: str
    def __init__(self, message: str, rule: str) -> None: ...

class IllegalAction(ArbiterError):
    """An action the rules refuse: the rule code, the spec clause, a
    sentence, and the action as given (``rule == "unreadable"``: not an
    action of the game at all)."""

    clause: str
    explanation: str
    action: str
    def __init__(
        self, message: str, rule: str, clause: str, explanation: str, action: str
    ) -> None: ...

class OutOfRange(ArbiterError, IndexError):
    """An integer action outside the action space (rule ``out-of-range``)."""

class Unsupported(Exception):
    """Raised by a subject of :func:`conform` for a request it was not
    built to answer: the case is skipped (declined), not failed."""

Action = Union[str, int]
"""An action: its text as the game's protocol page spells it, or its index
in the game's integer action space."""

class Game:
    """One game in progress, played by arbiter's engine (default) or its
    reference interpreter."""

    def __init__(
        self,
        game: str,
        profile: Union[str, dict[str, Any], None] = None,
        setup: Union[str, dict[str, Any], None] = "start",
        impl: Optional[str] = None,
        seed: Optional[int] = None,
    ) -> None:
        """``profile``: a built-in name (possibly with switch overrides) or
        a dict of switches; ``setup``: ``"start"`` or a dict in the game's
        setup encoding. Raises :class:`ArbiterError`: rule
        ``unknown-game``, ``bad-impl``, ``bad-profile`` or ``bad-setup``."""
    @property
    def game(self) -> str: ...
    @property
    def impl(self) -> str: ...
    @property
    def profile(self) -> str: ...
    @property
    def setup(self) -> dict[str, Any]:
        """The setup the game started from, in the game's setup encoding."""
    @property
    def history(self) -> list[str]:
        """The actions played so far."""
    @property
    def outcome(self) -> Any:
        """The outcome as the protocol spells it (``"ongoing"`` while the
        game goes on)."""
    @property
    def is_over(self) -> bool: ...
    @property
    def to_move(self) -> str: ...
    @property
    def num_actions(self) -> int:
        """The size of the integer action space: the game's steps, and the
        stop index when an action may take several."""
    @property
    def stop_index(self) -> Optional[int]:
        """The index that ends an action others go on from, or ``None``
        when every action of the game is one step."""
    @property
    def pending(self) -> list[int]:
        """The steps chosen so far towards the next action."""
    def clear_pending(self) -> None:
        """Forgets the pending steps (the position is unchanged)."""
    def legal_moves(self) -> list[str]:
        """Every legal action of the side to move, sorted."""
    def play(self, action: Action) -> Optional[str]:
        """Plays ``action``: its text (returns ``None``), or one step of the
        integer action space (returns the action the step completes, or
        ``None`` while it goes on). Raises :class:`IllegalAction` and
        leaves the game unchanged when the rules refuse it."""
    def judge(self, action: Action) -> Optional[IllegalAction]:
        """``None`` when ``action`` is legal now, else why not (returned,
        not raised)."""
    def state(self) -> dict[str, Any]:
        """The protocol's ``state`` reply: every state field and
        ``position``."""
    def position(self) -> Optional[dict[str, Any]]:
        """The position reached, in the game's setup encoding."""
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: game, profile, setup, implementation, then the
        history and pending steps replayed."""
    def __setstate__(self, state: tuple[list[str], list[int]]) -> None: ...
    def __eq__(self, other: object) -> bool:
        """Same game, profile (every switch), setup, history and pending
        steps, whatever the implementation; not "same position"."""
    def __hash__(self) -> int:
        """Consistent with ``==``; changes as the game is played."""
    def undo(self) -> Optional[str]:
        """Takes back the last action (returned), or with steps pending
        only forgets them (returns ``None``). Rule ``nothing-to-undo`` at
        the setup."""
    def action_steps(self, action: str) -> list[int]:
        """The steps that choose ``action`` here (stop included when a
        legal action goes on from them)."""
    def action_index(self, action: str) -> int:
        """The index of an action that is one step; raises
        :class:`ArbiterError` (rule ``multi-step``) otherwise."""
    def action_of(self, index: int) -> Optional[str]:
        """The legal action step ``index`` completes now, or ``None``."""
    def legal_actions(self) -> list[int]:
        """The steps that may come next (after :attr:`pending`), each once;
        for one-step games the indices of the legal actions, in the order of
        :meth:`legal_moves`."""
    def legal_mask(
        self, out: Optional[numpy.typing.NDArray[Any]] = None
    ) -> numpy.typing.NDArray[Any]:
        """A ``bool`` array of length :attr:`num_actions`: the steps
        :meth:`legal_actions` offers. With ``out`` (a writable contiguous
        ``bool``/``uint8`` array of that length), written into it and
        returned, without allocating."""
    def legal_mask_bytes(self) -> bytes: ...
    def random_playouts(
        self, n: int, seed: int = 0, max_plies: int = 10000
    ) -> dict[str, Any]:
        """``n`` random games from here, run in Rust (uniform among the
        legal actions; at a chance node by its probabilities): ``games``,
        ``plies``, ``unfinished``, ``outcomes`` (outcome JSON, count)."""

    # Learning loops (issue 45): players, chance, returns, observations.
    @property
    def num_players(self) -> int:
        """2."""
    @property
    def player_names(self) -> list[str]:
        """The sides' spellings, index = player id (0 moves first)."""
    @property
    def facts(self) -> dict[str, Any]:
        """``chance``, ``perfect`` (information) and ``max_return``, as the
        game's rules declare them (what OpenSpiel's game type asks)."""
    def current_player(self) -> int:
        """0 or 1; -1 at a chance node; -4 once the game is over."""
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action index, probability)`` at a chance node, else ``[]``."""
    def returns(self) -> list[float]:
        """Each player's score by player id (0.0 each until the end)."""
    @property
    def observation_shape(self) -> tuple[int, ...]: ...
    def observation_tensor(
        self, player: int
    ) -> numpy.typing.NDArray[numpy.float32]: ...
    def information_state_tensor(
        self, player: int
    ) -> numpy.typing.NDArray[numpy.float32]: ...
    def observation_string(self, player: int) -> str: ...

class Report:
    """The report of a conformance run, as ``arbiter conform``'s."""

    @property
    def ok(self) -> bool:
        """No failure and no problem of the run (at least ``min_run``
        scenarios ran): ``arbiter conform``'s exit status 0."""
    @property
    def ran(self) -> int: ...
    @property
    def skipped(self) -> int: ...
    @property
    def problems(self) -> list[str]: ...
    def skip_reasons(self) -> list[tuple[str, int]]: ...
    def text(self, verbose: bool = False) -> str: ...
    def json(self) -> str: ...
    def junit(self) -> str: ...
    def tap(self) -> str: ...
    def closing_line(self) -> str: ...

def conform(
    subject: Any,
    game: str,
    profile: Optional[str] = None,
    scenarios: Optional[Sequence[str]] = None,
    run: Sequence[str] = (),
    skip: Sequence[str] = (),
    xfail: Sequence[str] = (),
    min_run: int = 1,
) -> Report:
    """Runs the corpus of ``game`` against ``subject`` in-process, through
    ``arbiter conform``'s harness; not ``ok`` when fewer than ``min_run``
    scenarios ran."""

def scenario_list(
    game: str, scenarios: Optional[Sequence[str]] = None
) -> list[tuple[str, list[str]]]: ...
def step_many(
    games: Iterable[Game],
    actions: Sequence[int],
    masks: Optional[numpy.typing.NDArray[Any]] = None,
) -> list[bool]:
    """Plays ``actions[k]`` in ``games[k]``; returns whether each is over;
    with ``masks`` (shape ``(len(games), num_actions)``) writes each new
    legal mask into its row."""

def games() -> list[str]: ...
def profiles(game: str) -> dict[str, Any]: ...
def profile_names(game: str) -> list[str]: ...
def implementations(game: str) -> list[str]: ...
def capabilities(game: str) -> list[str]: ...
