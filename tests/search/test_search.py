"""The search player (dodnb.search) and its evaluation of choices [5.0], [15.0]."""

from __future__ import annotations

import pickle
import random

import pytest

from dodnb import Position
from dodnb.errors import InputError
from dodnb.rules import engine
from dodnb.search import WHAT, ChoiceValue, SearchPlayer, evaluate, search_human

SMALL = Position(characters={"Peter": "115", "Roger": "115", "Fran": "177", "Steve": "177"}, units={"116": 5}, solitaire=True)


def small_state():
    return SMALL.game(human="ask", zombie="ask").state


def test_policy_returns_a_listed_legal_action_and_is_deterministic():
    st = small_state()
    legal = engine.legal_actions(st)
    a = search_human(st, legal, random.Random(1))
    assert a in legal
    assert search_human(st, legal, random.Random(2)) == a  # the rng is not used: same choice
    assert pickle.loads(pickle.dumps(search_human)) == search_human  # sent to worker processes


def test_evaluate_gives_one_value_per_legal_action_with_its_interval():
    st = small_state()
    legal = engine.legal_actions(st)
    got = evaluate(st, budget=len(legal), seed=3)
    assert [cv.action for cv in got] == legal
    for cv in got:
        assert isinstance(cv, ChoiceValue) and cv.what == WHAT
        assert cv.n == 1 and cv.successes in (0, 1) and cv.value == cv.successes / cv.n
        assert 0.0 <= cv.low <= cv.value <= cv.high <= 1.0
    assert evaluate(st, budget=len(legal), seed=3) == got  # same seed, same values


def test_evaluate_refuses_a_position_without_a_human_decision():
    st = Position(characters={"Peter": "115"}, units={"116": 5}, solitaire=True, start="free").game(human="ask", zombie="ask").state
    with pytest.raises(InputError):
        evaluate(st)
    with pytest.raises(InputError):
        evaluate(small_state(), budget=0)
