"""What a French learner reads from dodnb.prob is French (issue 34 items 1 and 6): the derivations
(``explain()``), the distribution tables (text and HTML) and the outcomes' words, built with the
package in French, hold no English word of the widgets' scan list (tests/widgets/test_french_scan.py)
and no number with a decimal point; the same calls in English are full of them (the scan can fail),
and a side's choice printed by the engine names its action in French."""

from __future__ import annotations

import pytest

import dodnb.prob as P
from dodnb.i18n import get_language, set_language
from dodnb.prob import attacks as A
from tests.widgets.test_french_scan import _plain, english_words, point_numbers


def outputs() -> dict[str, str]:
    shared = P.combined_fire(["Peter", "Roger"], 8, "zombie", same_square=True)
    square = A.square_attack([("Peter", "normal"), ("Fran", "stunned")], 5)
    return {
        "shot table": str(P.shot(2).table()),
        "shot table html": _plain(P.shot(2).table()._repr_html_()),
        "dice html": _plain(P.dice(2)._repr_html_()),
        "kill": P.kill(2, 0, 7).explain(),
        "kill unknown": P.kill(2, 0, None).explain(),
        "panic": P.panic(3, 2).explain(),
        "one shooter": P.combined_fire(["Fran"], 3, "berserk", same_square=True).explain(),
        "together": shared.explain(),
        "together html": _plain(shared._repr_html_()),
        "separately": P.combined_fire(["Peter", "Roger", "Steve"], None, "super", same_square=False, together=False).explain(),
        "unseen": P.unseen_values().explain(),
        "super": P.with_super_zombie(P.unseen_values()).explain(),
        "sequence": P.shooting_sequence("Peter", None, "zombie", same_square=True).explain(),
        "attack": P.attack_result(4).explain() + P.attack_result(0).explain(),
        "attack on": P.attack_on(4, "stunned").explain() + P.attack_on(4, "normal").explain(),
        "square": square.explain(),
        "status": A.status_of(square, "Fran").explain(),
        "by k": str(A.attack_by_k([("Peter", "normal"), ("Fran", "stunned")], 5))
        + _plain(A.attack_by_k([("Peter", "normal"), ("Fran", "stunned")], 5)._repr_html_()),
        "solitaire": A.solitaire_k(4).explain() + A.solitaire_attack([("Peter", "normal"), ("Roger", "infected")], None).explain(),
    }


def choice_lines() -> str:
    import dodnb
    from dodnb.rules import solitaire
    from dodnb.rules.actions import Activate, EndTurn, Move

    game = dodnb.Game(seed=7, solitaire=True, human="ask", zombie=solitaire.zombie_policy)
    lines = []
    for action in (Activate("Peter"), Move("009"), EndTurn()):
        lines += [str(e) for e in game.apply(action)]
    lines += [str(e) for e in game.play()]
    return "\n".join(lines)


@pytest.fixture
def lang():
    before = get_language()
    yield set_language
    set_language(before)


def test_prob_outputs_speak_french(lang):
    lang("fr")
    texts = {**outputs(), "choices": choice_lines()}
    bad = {k: sorted(set(english_words([t]))) for k, t in texts.items()}
    assert not any(bad.values()), bad
    points = {k: point_numbers([t]) for k, t in texts.items()}
    assert not any(points.values()), points
    assert "Les zombis choisissent : unité en 031 → 030 → 009" in texts["choices"]  # a unit named by its square (ruling E23)
    assert "P(Peter a paniqué ; Roger a tiré (2 dés) : unité détruite) = 25/864  (2,9\u202f%, 1 sur 34,6)" in texts["together"]


def test_the_same_outputs_in_english_are_english(lang):
    lang("en")
    texts = {**outputs(), "choices": choice_lines()}
    assert all(english_words([t]) for t in texts.values()), [k for k, t in texts.items() if not english_words([t])]
    assert "P(Peter panicked; Roger fired (2 dice): unit destroyed) = 25/864  (2.9%, 1 in 34.6)" in texts["together"]


def test_a_derivation_built_in_one_language_is_written_in_another(lang):
    """The steps are kept by key (cached Dists serve both languages): built in English, explained in French."""
    lang("en")
    d = P.kill(2, 0, 7)
    assert "Chance d'élimination" in d.explain(lang="fr") and "Kill chance" in d.explain()
    assert str(d.title) == "Kill chance: 2d6 − 0 against value 7"
