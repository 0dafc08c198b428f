"""The presenter (dodnb.render.present): every action type is told in one place, in both languages,
with no internal identifiers; the seams (preview, timeline) answer like the engine."""

from __future__ import annotations

import inspect
import re

import pytest

from dodnb.render import present
from dodnb.rules import actions as A
from dodnb.rules.game import Game

INTERNAL = re.compile(r"roll:|draw:|pick:|\bpending\.|\bchoice\.|\blog\.|\{[a-z_]+|[A-Z][a-z]+\(")


def _action_types():
    return [c for _, c in inspect.getmembers(A, inspect.isclass) if issubclass(c, A.Action) and c is not A.Action and c.__module__ == A.__name__]


def test_every_action_type_has_its_words_in_one_table():
    missing = [c.__name__ for c in _action_types() if c not in present.ACTION_WORDS]
    assert missing == []


SAMPLES = [
    A.Activate(("Peter", "Roger")), A.Move("024"), A.Shoot(("Steve", "Fran"), "032"), A.Door("S05", True), A.Door("S05", False),
    A.CloseMainDoor("N"), A.EndTurn(), A.TakeRifle("Fran"), A.Drop(), A.ReactionFire(("Peter",)), A.ReactionFire(()),
    A.ChooseTargets(("Fran",)), A.AttackCount(2), A.BerserkCheck("Z01"), A.BerserkCheck(""), A.ZMove("Z01", ("030", "031")),
    A.ZMove("Z01", ()), A.SuperMove("Fran", ("030",)), A.BreakDoor("Z01", "G01"), A.Reveal("054"), A.EndPhase(), A.Roll(7), A.Draw("Z12"),
]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_action_words_in_both_languages(lang):
    for a in SAMPLES:
        words = present.action_words(a, lang)
        assert words and not INTERNAL.search(words), (a, words)
    assert present.action_words(A.Shoot(("Steve", "Fran"), "032"), "en") == "Steve and Fran shoot together at 032"
    assert present.action_words(A.Shoot(("Steve", "Fran"), "032"), "fr") == "Steve et Fran tirent ensemble sur 032"
    assert present.action_words(A.AttackCount(1), "en") == "attack 1 character"
    st = Game(1).state
    assert present.action_words(A.CloseMainDoor("N"), "fr", st) == "Fermer la porte principale nord N (tout le tour)"


def test_every_legal_choice_of_a_game_has_a_label_and_squares_where_it_acts():
    g = Game(4, human="ask", zombie="ask")
    seen = set()
    import random

    rng = random.Random(0)
    for _ in range(300):
        if g.over:
            break
        if g.pending.side == "chance":
            g.step()
            continue
        legal = g.legal_actions()
        for a in legal[:12]:
            for lang in ("en", "fr"):
                label = present.choice_label(g, a, lang)
                assert label and not INTERNAL.search(label), (a, label)
            seen.add(type(a).__name__)
        g.apply(rng.choice(legal))
    assert {"Activate", "Move", "EndTurn", "ZMove", "EndPhase"} <= seen, seen


def test_preview_applies_nothing_and_timeline_counts_the_steps():
    g = Game(5, human="ask")
    before = g.state
    a = g.legal_actions()[0]
    got = present.preview(g, g.state, a)
    assert got is not None and g.state == before and got[0] != before
    assert present.preview(g, g.state, A.Move("001")) is None  # refused: nothing to preview
    assert present.timeline(g) == (0, 0)
    g.apply(a)
    g.undo()
    assert present.timeline(g) == (0, 1)


def test_roll_outcomes_read_as_what_the_die_decides_15_6_10_0():
    """[15.6] where a die decides how many characters are attacked, its outcome is said as that number
    of characters; a one-die roll [10.0] says "the die gives", two dice "the dice give" [8.8]."""
    from dodnb import Position
    from dodnb.rules.actions import ReactionFire, Roll
    from dodnb.rules.solitaire import zombie_policy
    from dodnb.rules.vocab import PendingKind

    g = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack",
                 solitaire=True).game(seed=1, human="ask", zombie=zombie_policy)
    g.apply(ReactionFire())  # hold fire [8.1]
    assert g.pending.kind == PendingKind.PICK_COUNT
    words = {a.total: present.action_words(a, "en", g.state) for a, _ in g.chance_outcomes()}
    assert words == {1: "1 character attacked", 2: "2 characters attacked"}
    assert present.action_words(Roll(2), "fr", g.state) == "2 personnages attaqués"
    g.apply(Roll(1))
    g.apply(g.legal_actions()[0])  # the human player names the one attacked [8.0] 3
    assert g.pending.kind == PendingKind.ROLL_ATTACK and g.pending.dice == 2
    assert present.action_words(Roll(7), "en", g.state) == "the dice give 7"
    one = Position(characters={"Peter": "031"}, units={"053": 3}, start="berserk", solitaire=True).game(seed=1, human="ask", zombie=zombie_policy)
    while one.pending is not None and one.pending.dice != 1:
        one.step()
    assert one.pending.dice == 1
    assert present.action_words(Roll(4), "en", one.state) == "the die gives 4"
    assert present.action_words(Roll(4), "fr", one.state) == "le dé donne 4"
