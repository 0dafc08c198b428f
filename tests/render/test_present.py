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
