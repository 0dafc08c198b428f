"""Dice thrown in class [2.5]: Game.roll_in_class plays the faces the class read off real dice at any
chance node, checked, marked in the log, undoable, saved; seeded and real dice mix in one game."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import dodnb
from dodnb.errors import InputError, RuleViolation
from dodnb.rules.actions import Roll
from dodnb.rules.dice import class_roll, parse_faces
from dodnb.rules.game import IN_CLASS
from dodnb.rules.solitaire import zombie_policy


def _to_chance(game, kind_prefix="roll:", limit=3000):
    for _ in range(limit):
        p = game.pending
        if p is not None and p.kind.value.startswith(kind_prefix):
            return p
        game.step()
    pytest.fail(f"no {kind_prefix} node reached in {limit} steps: the test's seed no longer reaches one")


def _marked(ply):
    return bool(ply.events) and ply.events[0].key == IN_CLASS


def _solitaire(seed):
    return dodnb.Game(seed=seed, human="random", zombie=zombie_policy, solitaire=True)


@pytest.mark.parametrize("typed, faces", [("3 5", (3, 5)), ("3,5", (3, 5)), ("3+5", (3, 5)), ("35", (3, 5)), (4, (4,)), ([1, 2, 6], (1, 2, 6)), (" 6 ", (6,))])
def test_2_5_faces_as_typed(typed, faces):
    assert parse_faces(typed) == faces


@pytest.mark.parametrize("typed", ["7", "0", [7], "3 x", "", "1 2 3 4", True, [2.5]])
def test_2_5_a_face_that_is_not_on_a_die_is_refused(typed):
    with pytest.raises(RuleViolation) as err:
        parse_faces(typed)
    assert err.value.case in ("2.5", "6.8")
    assert err.value.text("fr") and err.value.text("en") != err.value.text("fr")


def test_2_5_a_seven_on_one_die_is_refused_and_the_game_is_untouched():
    g = _solitaire(1)
    p = _to_chance(g)
    before, cursor, save = g.state, g.cursor, g.save()
    with pytest.raises(RuleViolation) as err:
        g.roll_in_class("7" if p.dice == 1 else "7" * p.dice)
    assert err.value.case == "2.5" and "7" in str(err.value)
    with pytest.raises(RuleViolation) as err:  # as many dice as the node rolls, with the node's Case
        g.roll_in_class([3] * (p.dice + 1))
    assert err.value.case == p.case
    assert g.state is before and g.cursor == cursor and g.save() == save


def test_2_5_the_class_roll_is_the_roll_the_engine_plays_and_is_marked_in_the_log():
    g = _solitaire(2)
    p = _to_chance(g)
    faces = [6] * p.dice
    twin = _solitaire(2)
    _to_chance(twin)
    want = twin.apply(Roll(sum(faces), tuple(faces)))
    got = g.roll_in_class(" ".join(map(str, faces)))
    assert got[0].key == IN_CLASS and got[0].dice == tuple(faces)
    assert got[1:] == want and g.state == twin.state
    assert got[0].text("en").startswith("Rolled in class: 6") and got[0].text("fr").startswith("Lancé en classe : 6")
    assert "[2.5]" in got[0].text("en")


def test_2_5_undo_redo_and_a_game_mixing_seeded_and_class_dice_saved_and_loaded():
    g = _solitaire(3)
    _to_chance(g)
    g.roll_in_class([1] * g.pending.dice)
    marked = g.cursor - 1
    g.step()
    _to_chance(g)
    g.roll_in_class([2] * g.pending.dice)
    for _ in range(30):
        if g.over:
            break
        g.step()  # seeded dice and policies carry on
    end = g.state
    g.undo(g.cursor - marked)
    assert not any(_marked(p) for p in g.plies)
    g.redo(1)
    assert _marked(g.plies[marked])
    g.goto(len(g.timeline))
    assert g.state == end
    text = g.save()
    back = dodnb.Game.load(text, human="random", zombie=zombie_policy)
    assert back.state == end
    assert [_marked(p) for p in back.plies] == [_marked(p) for p in g.plies]
    assert sum(map(_marked, back.plies)) == 2


def test_2_5_a_save_whose_class_faces_do_not_give_its_action_is_refused():
    import json

    g = _solitaire(3)
    _to_chance(g)
    g.roll_in_class([1] * g.pending.dice)
    data = json.loads(g.save())
    (k,) = data["in_class"]
    data["in_class"][k] = [2] * len(data["in_class"][k])
    with pytest.raises(InputError, match="thrown in class"):
        dodnb.Game.load(json.dumps(data))


def test_15_4_a_real_die_shares_its_faces_among_equal_options_as_the_engine_odds_do():
    """[15.4] ties: each option gets the same number of faces, spare faces are thrown again; the
    shares the faces give equal the engine's chance outcomes (enumerated over the six faces)."""
    g = _solitaire(1)
    p = _to_chance(g, "pick:")
    outcomes = g.chance_outcomes()
    picked = Counter()
    refused = 0
    for face in range(1, 7):
        try:
            action, _ = class_roll(p, face, [o for o, _ in outcomes])
        except RuleViolation as err:
            assert err.case == p.case
            refused += 1
            continue
        picked[action] += 1
    named = sum(picked.values())
    assert {a: Fraction(n, named) for a, n in picked.items()} == dict(outcomes)
    assert refused == 6 % len(outcomes)
    state = g.state
    with pytest.raises(RuleViolation):
        g.roll_in_class("1 2")  # one die decides here
    assert g.state is state


def test_9_0_a_counter_drawn_at_random_is_not_a_die():
    for seed in range(1, 40):
        g = _solitaire(seed)
        for _ in range(3000):
            p = g.pending
            if g.over or (p is not None and p.kind.is_draw):
                break
            g.step()
        if p is not None and p.kind.is_draw and not g.over:
            state = g.state
            with pytest.raises(RuleViolation) as err:
                g.roll_in_class(3)
            assert err.value.case == p.case and g.state is state
            return
    pytest.fail("no draw node in 40 seeded games")


def test_4_0_no_dice_at_a_decision():
    g = dodnb.Game(seed=1)
    assert g.pending.side == "human"
    with pytest.raises(InputError, match="no dice"):
        g.roll_in_class(3)
