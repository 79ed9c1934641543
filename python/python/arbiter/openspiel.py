"""arbiter's games as OpenSpiel games (docs/python.md, "OpenSpiel").

Importing this module registers one Python game with OpenSpiel for every
game arbiter knows, named ``python_arbiter_<game>`` (``python_arbiter_chess``,
``python_arbiter_backgammon``, …), so that ``pyspiel.load_game`` and
OpenSpiel's Python algorithms (MCTS, random rollouts, …) play them::

    import pyspiel
    import arbiter.openspiel

    game = pyspiel.load_game("python_arbiter_dame", {"profile": "english"})
    state = game.new_initial_state()

The rules are arbiter's: this module only translates between OpenSpiel's
calls and an :class:`arbiter.Game` (its integer action space, its chance
outcomes, its returns and its observation tensors). It needs the optional
``openspiel`` extra (``pip install 'arbiter[openspiel]'``).

Parameters of every game: ``profile`` (a built-in profile name, the game's
default when empty) and ``seed`` (an int; ``-1``, the default, plays the
game's standard start; another value draws the start from that seed where
the start is a chance event, Stratego's placements, and is ignored
elsewhere).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "arbiter.openspiel needs OpenSpiel: pip install 'arbiter[openspiel]' "
        "(or pip install open_spiel)"
    ) from e

import arbiter as _pkg

__all__ = ["game_name", "game_class", "facts", "load_game", "ArbiterGame", "ArbiterState", "register"]

PREFIX = "python_arbiter_"

# The greatest number of plies a game is given in OpenSpiel's GameInfo. The
# rules end every game (chess by its move-count rules, backgammon by its
# race), but not within a bound the rules state; algorithms read this only
# as an upper estimate.
_MAX_GAME_LENGTH = 100_000

def facts(game: str) -> dict:
    """What OpenSpiel's GameType and GameInfo declare of ``game`` beyond
    arbiter.Game's play: ``chance`` (whether chance acts: backgammon's
    dice), ``perfect`` (whether a player sees everything: not in Stratego)
    and ``max_return`` (backgammon: a backgammon, 3 points, times the
    highest cube, 64). The game's rules say it (``Game.facts``, the Rust
    trait ``rules::Observe``), so a new game needs no line here."""
    return dict(_pkg.Game(game).facts)


def game_name(game: str) -> str:
    """OpenSpiel's short name of arbiter's ``game``: ``python_arbiter_<game>``."""
    return PREFIX + game


def _new_game(game: str, profile: str, seed: int):
    """The arbiter game a state plays, from the OpenSpiel parameters."""
    return _pkg.Game(
        game,
        profile=profile or None,
        setup=None,
        seed=None if seed < 0 else int(seed),
    )


class _Handle:
    """An :class:`arbiter.Game` with the steps played on it since its start,
    so that OpenSpiel can deep-copy a state (``clone``) and pickle it
    (``serialize``): a copy copies the game, a pickle keeps the parameters
    and the steps and replays them."""

    __slots__ = ("game", "profile", "seed", "_g", "steps")

    def __init__(self, game: str, profile: str, seed: int, g=None, steps=None):
        self.game = game
        self.profile = profile
        self.seed = seed
        # Made when first asked for: OpenSpiel clones a state by making a
        # new initial state and replacing its attributes with copies.
        self._g = g
        self.steps = list(steps or [])

    @property
    def g(self):
        if self._g is None:
            self._g = _new_game(self.game, self.profile, self.seed)
        return self._g

    def play(self, step: int) -> None:
        self.g.play(step)
        self.steps.append(step)

    def __deepcopy__(self, memo):
        return _Handle(self.game, self.profile, self.seed, self.g.copy(), self.steps)

    def __copy__(self):
        return self.__deepcopy__({})

    def __reduce__(self):
        return (_replay, (self.game, self.profile, self.seed, list(self.steps)))


def _replay(game: str, profile: str, seed: int, steps: list) -> _Handle:
    h = _Handle(game, profile, seed)
    for s in steps:
        h.play(s)
    return h


def _game_type(game: str) -> "pyspiel.GameType":
    dynamics = pyspiel.GameType.Dynamics.SEQUENTIAL
    f = facts(game)
    chance = (
        pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if f["chance"]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC
    )
    info = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if f["perfect"]
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=f"arbiter {game}",
        dynamics=dynamics,
        chance_mode=chance,
        information=info,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"profile": "", "seed": -1},
    )


class ArbiterGame(pyspiel.Game):
    """One of arbiter's games as an OpenSpiel game. Made by
    ``pyspiel.load_game(game_name(game), params)`` or :func:`load_game`."""

    # Which arbiter game: set by the subclass register() makes per game.
    arbiter_game_name: str = ""

    def __init__(self, params: Optional[dict] = None):
        game = self.arbiter_game_name
        if not game:
            raise TypeError("ArbiterGame is made per game: pyspiel.load_game(game_name(game), params)")
        params = dict(params or {})
        self.arbiter_game = game
        self.profile = str(params.get("profile", "") or "")
        self.seed = int(params.get("seed", -1))
        # The first state tells the sizes: a bad game, profile or seed
        # raises arbiter.ArbiterError here, before OpenSpiel sees the game.
        probe = _new_game(game, self.profile, self.seed)
        self.num_actions = int(probe.num_actions)
        self.observation_shape = tuple(int(n) for n in probe.observation_shape)
        self.player_names = list(probe.player_names)
        f = facts(game)
        bound = f["max_return"]
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions,
            # Chance outcomes are indices of the same step space (a roll is
            # a step of backgammon's space), so the space bounds them.
            max_chance_outcomes=self.num_actions if f["chance"] else 0,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_TYPES[game], info, params)

    def new_initial_state(self, state: Any = None) -> "ArbiterState":
        """A state at the start. ``state``, when given, is refused: states
        are rebuilt from their serialization (``pyspiel.deserialize_game_and_state``)."""
        if state is not None:
            raise ValueError(
                "arbiter's OpenSpiel games start from their parameters only; "
                "rebuild a state with pyspiel.deserialize_game_and_state"
            )
        return ArbiterState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "ArbiterObserver":
        """The observer OpenSpiel asks for a state's tensors and strings:
        with perfect recall (the information state) arbiter's
        ``information_state_tensor``, else its ``observation_tensor``."""
        if params:
            raise ValueError(f"arbiter's observers take no parameters; got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ArbiterObserver(self.observation_shape, recall)


class ArbiterState(pyspiel.State):
    """A position of an arbiter game as an OpenSpiel state. Its actions are
    the game's integer steps (docs/python.md, "The integer action space"):
    a Dame capture series or a backgammon play is several actions in a row
    by the same player; chance outcomes (backgammon's rolls) are steps of
    the same space, applied with ``apply_action``."""

    def __init__(self, game: ArbiterGame):
        super().__init__(game)
        self._h = _Handle(game.arbiter_game, game.profile, game.seed)

    @property
    def arbiter(self):
        """The :class:`arbiter.Game` this state plays (do not change it
        behind OpenSpiel's back: its history would no longer match)."""
        return self._h.g

    def current_player(self) -> int:
        return int(self._h.g.current_player())

    def _legal_actions(self, player: int) -> list:
        return sorted(int(a) for a in self._h.g.legal_actions())

    def chance_outcomes(self) -> list:
        return sorted((int(a), float(p)) for a, p in self._h.g.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._h.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        text = None
        try:
            text = self._h.g.action_of(int(action))
        except ValueError:
            text = None
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{text if text is not None else action}"
        return text if text is not None else f"step {int(action)}"

    def is_terminal(self) -> bool:
        return bool(self._h.g.is_over)

    def returns(self) -> list:
        return [float(r) for r in self._h.g.returns()]

    def __str__(self) -> str:
        return str(self._h.g)


class ArbiterObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``,
    ``set_from``, ``string_from``) over arbiter's observation tensors."""

    def __init__(self, shape: tuple, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: ArbiterState, player: int) -> None:
        g = state._h.g
        t = g.information_state_tensor(player) if self.perfect_recall else g.observation_tensor(player)
        self.dict["observation"][...] = t

    def string_from(self, state: ArbiterState, player: int) -> str:
        g = state._h.g
        view = g.observation_string(player)
        if not self.perfect_recall:
            return view
        # The information state: the view and every action played so far
        # (the moves are public in every game; Stratego's hidden ranks stay
        # hidden in the view).
        return view + "\n" + " ".join(g.history)


_TYPES: dict = {}
_CLASSES: dict = {}


def register() -> list:
    """Registers every arbiter game with OpenSpiel (done on import; again
    does nothing). Returns the short names."""
    names = []
    for game in _pkg.games():
        name = game_name(game)
        if game not in _TYPES:
            _TYPES[game] = _game_type(game)

            # One class per game, registered as OpenSpiel's own Python games
            # register theirs (a class, not a closure: OpenSpiel keeps the
            # creator until after the interpreter has finalized).
            _CLASSES[game] = type(
                f"ArbiterGame_{game}", (ArbiterGame,), {"arbiter_game_name": game, "__module__": __name__}
            )
            pyspiel.register_game(_TYPES[game], _CLASSES[game])
        names.append(name)
    return names


def game_class(game: str) -> type:
    """The :class:`ArbiterGame` subclass registered for ``game``."""
    if game not in _CLASSES:
        raise _pkg.ArbiterError(f"no game {game!r} is registered with OpenSpiel", "bad-game")
    return _CLASSES[game]


def load_game(game: str, profile: Optional[str] = None, seed: Optional[int] = None):
    """``pyspiel.load_game`` of arbiter's ``game`` with these parameters."""
    params: dict = {}
    if profile is not None:
        params["profile"] = profile
    if seed is not None:
        params["seed"] = int(seed)
    return pyspiel.load_game(game_name(game), params)


register()
