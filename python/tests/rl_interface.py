"""What the OpenSpiel and PettingZoo tests need of ``arbiter.Game``: the
members the wrappers call (docs/python.md, "Players, chance, returns and
observations"). A test skips, naming them, only when one is missing."""

import pytest

import arbiter

# The methods and properties of arbiter.Game that arbiter.openspiel and
# arbiter.pettingzoo call.
INTERFACE = (
    "num_players",
    "player_names",
    "current_player",
    "is_chance_node",
    "chance_outcomes",
    "returns",
    "observation_shape",
    "observation_tensor",
    "information_state_tensor",
    "observation_string",
)


def missing_interface():
    """The interface names ``arbiter.Game`` lacks, and whether ``seed`` is
    accepted by its constructor."""
    missing = [name for name in INTERFACE if not hasattr(arbiter.Game, name)]
    try:
        arbiter.Game("chess", seed=1)
    except TypeError:
        missing.append("Game(seed=...)")
    return missing


def need_interface():
    missing = missing_interface()
    if missing:
        pytest.skip("arbiter.Game lacks " + ", ".join(missing) + " (docs/python.md, 'Players, chance, returns and observations')")

