"""The one dice source of a game (dodnb/rules/dice.py): keyed by the seed and the move number,
scripted rolls first, every request checked [2.5], [6.8]; `Game` rolls with nothing else."""

from __future__ import annotations

import random

import pytest

from dodnb.rules.actions import Draw, Roll
from dodnb.rules.dice import Dice, DiceError
from dodnb.rules.game import Game

from .helpers import human_game


def test_a_roll_is_keyed_by_the_seed_and_the_move_number():
    d = Dice(seed=42)
    r = d.roll(move=5, dice=2, rolls_before=0)
    assert r == d.roll(move=5, dice=2, rolls_before=3) and r.faces == Dice(seed=42).roll(5, 2, 0).faces
    want = random.Random("42/5")
    assert r.faces == (want.randint(1, 6), want.randint(1, 6)) and r.total == sum(r.faces)
    faces = {Dice(seed=42).roll(m, 3, 0).faces for m in range(40)}
    assert len(faces) > 20 and all(f in range(1, 7) for fs in faces for f in fs)
    assert Dice(seed=42).pick(5, 7) == random.Random("42/5").randrange(7)


@pytest.mark.parametrize("seed", [0, 1, 42, -7, 10**12])
def test_the_generator_of_a_move_is_random_Random_of_seed_slash_move(seed):
    """Dice.rng seeds without Random.seed's Python checks (speed); it must be the very generator
    random.Random(f"{seed}/{move}") is: the same state, the same draws."""
    d = Dice(seed)
    for move in [*range(60), 10**6]:
        got, want = d.rng(move), random.Random(f"{seed}/{move}")
        assert got.getstate() == want.getstate()
        assert [got.random() for _ in range(3)] == [want.random() for _ in range(3)]
        assert got.gauss(0, 1) == want.gauss(0, 1) and got.randrange(1000) == want.randrange(1000)


def test_scripted_rolls_come_first_then_the_seed():
    d = Dice(seed=1, script=[(6, 6), 7])
    assert d.roll(0, 2, rolls_before=0) == Roll(12, (6, 6)) and d.roll(0, 2, 0).faces == (6, 6)
    r = d.roll(3, 2, rolls_before=1)
    assert r.total == 7 and r.faces == ()
    assert d.roll(3, 2, rolls_before=2) == Dice(seed=1).roll(3, 2, 0)


@pytest.mark.parametrize("n", [0, 4, -1, 1.0, True])
def test_bad_rolls_are_refused_6_8(n):
    """[6.8] never more than three dice; at least one."""
    with pytest.raises(DiceError):
        Dice(seed=0).roll(0, n, 0)
    with pytest.raises(DiceError, match=r"\[6.8\]"):
        Dice(seed=0).roll(0, 4, 0)


@pytest.mark.parametrize("entry", [0, 19, True, "6", 2.0, (), (1, 2, 3, 4), (0,), (7,), ("6",), (2.0,)])
def test_bad_script_entries_are_refused_when_given(entry):
    with pytest.raises(DiceError, match="scripted roll 1"):
        Dice(seed=0, script=[3, entry])
    g = Game(seed=0)
    with pytest.raises(DiceError):
        g.dice_script = [entry]
    with pytest.raises(DiceError):
        Game(seed=0, dice=[entry])


def test_a_script_that_does_not_fit_the_roll_names_its_case():
    """[6.5] a panic check rolls Steve's dice: a scripted pair of faces does not fit one die."""
    g = human_game({"Steve": "115"}, [{"square": "115", "value": 3}], hidden_squares=())
    from dodnb.rules.actions import Activate, Shoot

    g.apply(Activate(("Steve",)))
    g.apply(Shoot(("Steve",), "115"))
    assert g.pending.kind == "roll:panic" and g.pending.dice == 1
    g.dice_script = [(3, 4)]
    with pytest.raises(DiceError) as err:
        g.step()
    assert err.value.case == "6.5" and len(g.actions) == 2
    g.dice_script = [13]
    with pytest.raises(DiceError, match="cannot total 13"):
        g.step()


def test_seed_must_be_whole():
    with pytest.raises(DiceError):
        Dice(seed="1")  # type: ignore[arg-type]


def test_a_game_rolls_with_its_dice_source_only():
    """Every chance outcome `Game.step()` takes is the one its Dice gives for that move."""
    g = Game(seed=8, human="random", zombie="random")
    seen = 0
    for _ in range(600):
        if g.over:
            break
        p = g.pending
        n = g.cursor
        if p.side == "chance":
            want = g.dice.roll(n, p.dice, 0) if p.kind.startswith("roll:") else None
            if want is None:
                outs = g.chance_outcomes()
                want = outs[g.dice.pick(n, len(outs))][0]
            g.step()
            got = g.actions[-1]
            assert got == want and (not isinstance(got, Roll) or got.faces == want.faces)
            seen += 1
        else:
            g.step()
    assert seen > 20


def test_same_seed_same_game_and_undo_replays_the_same_dice():
    a = Game(seed=77, human="random", zombie="random")
    b = Game(seed=77, human="random", zombie="random")
    a.play(max_steps=400)
    b.play(max_steps=400)
    assert a.actions == b.actions and a.state == b.state
    assert [x.faces for x in a.actions if isinstance(x, Roll)] == [x.faces for x in b.actions if isinstance(x, Roll)]
    first = list(a.actions)
    assert sum(isinstance(x, Roll) for x in first) > 20 and any(isinstance(x, Draw) for x in first)
    a.undo(150)
    assert len(a.timeline) == len(first) and a.can_redo  # the undone plies are kept ...
    a.apply(a.timeline[a.cursor].action)  # ... until a new action replaces them
    assert not a.can_redo and len(a.timeline) == len(first) - 149
    a.play(max_steps=149)  # played again: the same dice and the same random choices at each move
    assert a.actions == first and [x.faces for x in a.actions if isinstance(x, Roll)] == [x.faces for x in first if isinstance(x, Roll)]
