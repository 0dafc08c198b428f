"""The seeded, recording dice source of the engine (dodnb/rules/dice.py)."""

from __future__ import annotations

import json

import pytest

from dodnb.rules.dice import Dice, DiceError, Roll


def test_seeded_dice_are_reproducible_and_recorded():
    a, b = Dice(seed=42), Dice(seed=42)
    ra = [a.roll(2, case="6.6", purpose="Peter shoots").faces for _ in range(20)]
    rb = [b.roll(2).faces for _ in range(20)]
    assert ra == rb
    assert all(1 <= f <= 6 for r in ra for f in r)
    assert len(a.history) == 20 and a.history[0].case == "6.6"
    assert str(a.history[0]).startswith("2d6 [6.6] Peter shoots: ")


def test_scripted_rolls_come_first_then_the_generator():
    d = Dice(seed=1, script=[6, 6, 1])
    assert d.roll(2).faces == (6, 6)
    r = d.roll(2)
    assert r.faces[0] == 1 and r.scripted
    assert d.scripted_left == ()
    d.push(3)
    assert d.d6() == 3 and d.history[-1].scripted
    assert not d.roll(1).scripted


def test_strict_script_refuses_to_improvise():
    d = Dice(script=[2], strict=True)
    assert d.total(1) == 2
    with pytest.raises(DiceError, match="ran out"):
        d.roll(1)


def test_unseeded_dice_keep_their_seed_for_replay():
    d = Dice()
    faces = [d.roll(3).faces for _ in range(5)]
    again = Dice(seed=d.seed)
    assert [again.roll(3).faces for _ in range(5)] == faces


def test_state_round_trips_through_json():
    d = Dice(seed=9, script=[4])
    d.roll(1)
    d.roll(2)
    d.push(5, 5)
    saved = json.loads(json.dumps(d.state()))
    e = Dice.from_state(saved)
    assert e.history == d.history
    assert [e.roll(2).faces for _ in range(4)] == [d.roll(2).faces for _ in range(4)]
    assert Roll.from_dict(d.history[0].to_dict()) == d.history[0]


@pytest.mark.parametrize("n", [0, 4, -1, 1.0, True])
def test_bad_rolls_are_refused_6_8(n):
    """[6.8] never more than three dice; at least one."""
    with pytest.raises(DiceError):
        Dice(seed=0).roll(n)
    with pytest.raises(DiceError, match=r"\[6.8\]"):
        Dice(seed=0).roll(4)


@pytest.mark.parametrize("face", [0, 7, "6", 2.0])
def test_bad_script_faces_are_refused(face):
    with pytest.raises(DiceError, match="1 to 6"):
        Dice(script=[face])
