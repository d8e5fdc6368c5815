"""The state's declaration (state.py) covers every key a game writes, so the copy before
each action copies everything the handlers change (and a handler never edits the input)."""


import random

from engines.bots import bot_of
from engines.core.copying import canonical_json, undeclared_keys
from engines.tuk_tuk_taxi import ENGINE
from engines.tuk_tuk_taxi.state import TukTukState


def test_every_key_of_a_played_state_is_declared_and_apply_leaves_its_input_alone() -> None:
    for players in (2, 3, 4):
        s = ENGINE.setup(players, {"simplified": players == 3}, players)
        rng = random.Random(players)
        while ENGINE.outcome(s) is None:
            assert undeclared_keys(TukTukState, s) == []
            seat = ENGINE.to_act(s)[0]
            before = canonical_json(s)
            raw = bot_of(ENGINE).test_action(s, seat, rng)
            new = ENGINE.apply(s, seat, ENGINE.parse_action(raw))
            assert canonical_json(s) == before
            s = new.state
