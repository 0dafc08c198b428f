"""[6.4], [7.1] sight is symmetric on EVERY pair of the shipped map, and the fast all-pairs table
agrees with the exact walker on every pair (with and without closed doors and tokens)."""

import random
from collections import Counter

import pytest

import dodnb
from dodnb.board.sight import line_of_sight
from dodnb.board.sighttable import sight_table


@pytest.fixture(scope="module")
def mall():
    return dodnb.load_board()


def _states_and_tokens(mall):
    rng = random.Random(6_4)
    states = {}
    for d in mall.doors.values():
        if d.kind == "solid":
            states[d.id] = rng.choice(["open", "closed"])
        elif d.kind == "glass":
            states[d.id] = rng.choice(["open", "closed", "destroyed"])
    tokens = rng.sample(sorted(mall.squares), 30)
    return states, tokens


@pytest.mark.parametrize("variant", ["start of game", "doors and tokens"])
def test_6_4_sight_symmetric_all_pairs_and_table_agrees(mall, variant):
    """[6.4] sight from a to b equals sight from b to a, for all 216 x 215 ordered pairs."""
    states, tokens = _states_and_tokens(mall) if variant != "start of game" else (None, [])
    table = sight_table(mall, states)
    ids = sorted(mall.squares)
    reasons = Counter()
    for n, a in enumerate(ids):
        for b in ids[n + 1 :]:
            s = line_of_sight(mall, a, b, occupied=tokens, door_states=states)
            r = line_of_sight(mall, b, a, occupied=tokens, door_states=states)
            assert (s.visible, s.reason) == (r.visible, r.reason), (a, b)
            assert s.squares == r.squares[::-1] and s.passages == r.passages[::-1], (a, b)
            assert Counter(o.reason for o in s.obstacles) == Counter(o.reason for o in r.obstacles), (a, b)
            assert s.visible == table.visible(a, b, tokens) == table.visible(b, a, tokens), (a, b)
            # without tokens only the token obstacles go; the squares passed stay the same
            base_visible = all(o.reason == "token" for o in s.obstacles)
            assert base_visible == table.visible(a, b), (a, b)
            if base_visible:
                assert table.between(a, b) == set(s.between), (a, b)
            reasons[s.reason] += 1
    # the map exercises the interesting cases
    assert reasons["wall"] and reasons["wall_corner"] and reasons["door_not_side"] and reasons["two_doors"]
    if variant != "start of game":
        assert reasons["token"] and reasons["closed_door"]
