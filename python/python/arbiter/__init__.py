"""arbiter: board-game rules as environments, and a conformance oracle.

Five games (Stratego, Dame, chess, Epaminondas, backgammon), each played by
arbiter's engine (the default) or its reference interpreter, through the
same generic core as the ``arbiter`` command line. See ``docs/python.md``.

>>> import arbiter
>>> g = arbiter.Game("chess")
>>> g.play("e2e4")
>>> g.to_move
'black'
"""

from __future__ import annotations

import json
from typing import Union

__all__ = [
    "ArbiterError",
    "IllegalAction",
    "OutOfRange",
    "Game",
    "Unsupported",
    "Report",
    "conform",
    "scenario_list",
    "step_many",
    "games",
    "profile_names",
    "profiles",
    "implementations",
    "capabilities",
    "Action",
    "__version__",
]


class ArbiterError(ValueError):
    """Bad input: an unknown game, profile, implementation or setup, or an
    action that is not text of the game. ``rule`` names what is wrong
    (``bad-game``, ``unreadable``, …), ``message`` says it."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.message = message
        self.rule = rule


class IllegalAction(ArbiterError):
    """An action the rules refuse here: ``rule`` is the game's rule code
    (the protocol's ``judge`` answer), ``clause`` the spec clause that decides
    it, ``explanation`` a sentence, ``action`` the action as given. An action
    text that does not parse has ``rule == "unreadable"`` and no clause."""

    def __init__(self, message: str, rule: str, clause: str, explanation: str, action: str):
        super().__init__(message, rule)
        self.clause = clause
        self.explanation = explanation
        self.action = action


class OutOfRange(ArbiterError, IndexError):
    """An integer action outside the game's action space (negative, or not
    below ``num_actions``): rule ``out-of-range``. Not an
    :class:`IllegalAction`: it names no action at all."""


class Unsupported(Exception):
    """Raised by a subject of :func:`conform` for a request it was not built
    to answer (a board size, a profile): the case is skipped, not failed,
    as an ``unsupported`` reply of the protocol."""


Action = Union[str, int]
"""An action: its text, or its index in the game's integer action space."""


from . import _arbiter  # noqa: E402  (the exceptions above are raised by it)

__version__: str = _arbiter.__version__


Game = _arbiter.Game
"""One game in progress: ``Game(game, profile=None, setup="start",
impl="engine", seed=None)`` (``seed``: Stratego's start drawn from it). See the stub ``__init__.pyi`` for every method."""


Report = _arbiter.Report
conform = _arbiter.conform
scenario_list = _arbiter.scenario_list
step_many = _arbiter.step_many


def games() -> list[str]:
    """The games, in the registry's order."""
    return _arbiter.games()


def profiles(game: str) -> dict:
    """The built-in profiles of ``game``: every switch with its value, and
    what each switch is about (``arbiter profiles --game GAME --json``)."""
    return json.loads(_arbiter.profiles_json(game))


def profile_names(game: str) -> list[str]:
    """The built-in profile names of ``game``, the default first."""
    return _arbiter.profile_names(game)


def implementations(game: str) -> list[str]:
    """The implementations of ``game``, the reference first."""
    return _arbiter.implementations(game)


def capabilities(game: str) -> list[str]:
    """The protocol capabilities of ``game``: ``judge``, its state fields,
    ``position``."""
    return _arbiter.capabilities(game)
