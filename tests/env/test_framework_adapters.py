"""The research adapters' generic parts (arle.framework.aec, arle.framework.spiel) hold
a state of any game of the protocol: copies are the game's clones, pickles its record."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import arle.framework.game
import arle.green  # noqa: F401
from arle.framework.arena import Match, play_match
from arle.framework.dataset import setup_record

pytest.importorskip("pyspiel")

from arle.framework.spiel import StateHolder  # noqa: E402


@pytest.mark.parametrize("game", ["arle", "green"])
def test_a_holder_copies_by_clone_and_pickles_by_record(game: str) -> None:
    rec = play_match(Match(0, 4, 2, ("random", "random"), ("a", "b"), (1, 2),
                           game=game)).record
    g = arle.framework.game.get(game)
    s = g.replay(setup_record(rec))
    for text in rec["actions"][:10]:
        s.apply(text)
    h = StateHolder(game, s)
    c = copy.deepcopy(h)
    assert c.s is not s and c.s.to_json() == s.to_json()
    c.s.apply(c.s.legal_actions()[0])
    assert c.s.to_json() != s.to_json()              # independent
    back = pickle.loads(pickle.dumps(h))
    assert back.game == game and back.s.record() == s.record()


def test_fields_of_arle_openspiel_states_pickle_and_old_pickles_load() -> None:
    import pyspiel

    import arle.env.openspiel_game as OG
    game = pyspiel.load_game("python_fields_of_arle", {"players": 2, "seed": 3})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    back = pickle.loads(pickle.dumps(state))
    assert back.arle_state == state.arle_state and back.history() == state.history()
    # a state pickled by an earlier arle named this module's function
    old = OG._holder_from_record(json.dumps(state.arle_state.record()))
    assert old.s == state.arle_state
    assert state.returns() == [0.0, 0.0] and not state.is_terminal()
