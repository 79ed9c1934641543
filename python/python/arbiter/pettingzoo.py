"""arbiter's games as PettingZoo AEC environments (docs/python.md, "PettingZoo").

::

    import arbiter.pettingzoo

    env = arbiter.pettingzoo.env("backgammon", max_plies=2000)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

The agents are the game's sides (``Game.player_names``: ``white`` and
``black``, Stratego's ``red`` and ``blue``), the first to move first. An
action is one step of the game's integer action space (docs/python.md, "The
integer action space"), so a Dame capture series or a backgammon play is
several steps in a row by the same agent. Each observation is a dict, as in
PettingZoo's classic games: ``observation`` (the game's observation tensor
from that agent's view, ``float32``; Stratego's hidden ranks stay hidden) and
``action_mask`` (``int8``, the steps legal now for the agent to act, zeros
for the other). Chance (backgammon's dice) is drawn inside the environment
from its seeded generator: ``reset(seed=s)`` replays the same episode for the
same actions, Stratego's drawn placements included. Rewards are the game's
``returns()`` when it ends (±1, or backgammon's points); an episode is
truncated, rewards 0, when ``max_plies`` actions have been played (dice
rolls count in backgammon) and the game goes on.

It needs the optional ``pettingzoo`` extra (``pip install 'arbiter[pettingzoo]'``).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "arbiter.pettingzoo needs PettingZoo: pip install 'arbiter[pettingzoo]' "
        "(or pip install pettingzoo)"
    ) from e

import arbiter as _pkg

__all__ = ["env", "raw_env", "DEFAULT_MAX_PLIES"]

DEFAULT_MAX_PLIES = 1000

# Seeds handed to arbiter.Game(seed=…) are drawn below this bound.
_SEED_BOUND = 2**31


def env(
    game: str,
    profile: Optional[str] = None,
    render_mode: Optional[str] = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    illegal_reward: Optional[float] = None,
):
    """The AEC environment of arbiter's ``game`` under ``profile``, wrapped as
    PettingZoo's classic games are: actions out of range are refused
    (``AssertOutOfBoundsWrapper``) and the order of calls is checked
    (``OrderEnforcingWrapper``). An illegal step raises
    :class:`arbiter.IllegalAction` (the rule and clause of the refusal), or,
    with ``illegal_reward`` set, ends the episode with that reward for the
    agent that played it (``TerminateIllegalWrapper``)."""
    e = raw_env(game, profile=profile, render_mode=render_mode, max_plies=max_plies)
    if illegal_reward is not None:
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The unwrapped AEC environment (see :func:`env`)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "arbiter_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        profile: Optional[str] = None,
        render_mode: Optional[str] = None,
        max_plies: int = DEFAULT_MAX_PLIES,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise _pkg.ArbiterError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}",
                "bad-render-mode",
            )
        if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
            raise _pkg.ArbiterError(
                f"max_plies must be a positive int, not {max_plies!r}", "bad-max-plies"
            )
        self.game_name = game
        self.profile = profile
        self.render_mode = render_mode
        self.max_plies = max_plies
        # A bad game or profile raises arbiter.ArbiterError here.
        probe = _pkg.Game(game, profile=profile)
        self.metadata = dict(self.metadata, name=f"arbiter_{game}_v0")
        self.possible_agents = list(probe.player_names)
        self.agents = []
        n = int(probe.num_actions)
        shape = tuple(int(d) for d in probe.observation_shape)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.g = None
        self._plies = 0
        self._np_random = None
        self._np_random_seed = None

    # --- the spaces -------------------------------------------------------

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    # --- seeding and chance -----------------------------------------------

    def _seed(self, seed: Optional[int]) -> None:
        self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)

    def _resolve_chance(self) -> None:
        """Plays chance outcomes (backgammon's dice) drawn from the
        environment's generator with the game's probabilities, until a
        player is to act or the game is over."""
        g = self.g
        while not g.is_over and g.current_player() == -1:
            outcomes = g.chance_outcomes()
            steps = [int(a) for a, _ in outcomes]
            p = np.array([float(q) for _, q in outcomes], dtype=np.float64)
            self._play(steps[int(self._np_random.choice(len(steps), p=p / p.sum()))])

    def _play(self, step: int) -> None:
        """Plays one step; counts the actions it completes (``len(history)``,
        without building the history at every step)."""
        if self.g.play(step) is not None:
            self._plies += 1

    # --- AEC --------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None or self._np_random is None:
            self._seed(seed)
        start_seed = int(self._np_random.integers(_SEED_BOUND))
        self.g = _pkg.Game(self.game_name, profile=self.profile, seed=start_seed)
        self._plies = len(self.g.history)
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()
        self._end_if_over()

    def _agent_to_act(self) -> str:
        p = self.g.current_player()
        if p >= 0:
            return self.possible_agents[p]
        # Over: whoever was selected stays selected (the dead steps then
        # remove every agent in turn).
        return getattr(self, "agent_selection", None) or self.possible_agents[0]

    def _end_if_over(self) -> None:
        if self.g.is_over:
            r = self.g.returns()
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(r[i])
                    self.terminations[a] = True
        elif self._plies >= self.max_plies and not self.g.pending:
            for a in self.agents:
                self.truncations[a] = True

    def observe(self, agent: str) -> dict:
        i = self.possible_agents.index(agent)
        obs = np.asarray(self.g.observation_tensor(i), dtype=np.float32)
        n = self.action_spaces[agent].n
        if agent == self.agent_selection and not self.g.is_over and self.g.current_player() == i:
            mask = np.asarray(self.g.legal_mask(), dtype=np.int8)
        else:
            mask = np.zeros(n, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._play(int(action))
        self._resolve_chance()
        self._end_if_over()
        self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- rendering --------------------------------------------------------

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.g) if self.g is not None else ""
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
