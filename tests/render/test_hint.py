"""The hint (dodnb.search.hint.hint, worded by dodnb.render.narrate and panels): the best choice now and every choice's value, exact by
dodnb.prob.best_play in a small study position, else the search player's estimate with its interval;
never a number without what it is the probability of, in English and French."""

from __future__ import annotations

import random
import re

import pytest

from dodnb import Game, Position
from dodnb.prob.bestplay import best_play, goals
from dodnb.render.narrate import hint_text
from dodnb.render.panels import hint_html
from dodnb.search.hint import Hint, HintRow, hint
from dodnb.rules.actions import Activate, EndTurn, ReactionFire, policy_action
from dodnb.rules.solitaire import zombie_policy
from dodnb.search import search_human

STUDY = Position(characters={"Peter": "115", "Roger": "115"}, units={"115": 5}, start="attack", solitaire=True)
PERCENT = re.compile(r"\d+(\.\d)? ?%")


@pytest.fixture(scope="module")
def study():
    g = STUDY.game(seed=1, human="ask", zombie=zombie_policy)
    return g, hint(g)


def test_exact_hint_is_best_play(study):
    g, h = study
    r = best_play(STUDY, goals.nobody_hurt(), "game-turn", "solitaire")
    assert h.exact and {row.action: row.value for row in h.rows} == r.values()
    assert h.best.action == r.best.action == ReactionFire(("Peter", "Roger"))
    assert all(row.low == row.high == float(row.value) for row in h.rows)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_number_says_what_it_is_the_probability_of(study, lang):
    g, h = study
    text = hint_text(h, g, lang, others=True)
    first, value_line = text.splitlines()[:2]
    assert first.startswith({"en": "Best choice: ", "fr": "Meilleur choix : "}[lang])
    what = {"en": "the chance that nobody is killed or infected before the next Human Player-Turn begins",
            "fr": "la probabilité que personne ne soit tué ni infecté avant le début du prochain tour des Humains"}[lang]
    assert what in value_line and PERCENT.search(value_line)
    assert "99.0% (1247315/1259712)" in value_line  # the exact Fraction, not only a rounded percent
    # the other choices on request: one line each, best first
    rows = text.splitlines()[3:]
    assert len(rows) == len(h.rows) == 4 and rows[0].strip().startswith("99.0%")
    assert "{" not in text and "hint." not in text
    assert "dodnb-hint-values" in hint_html(h, g, lang, others=True)
    assert "dodnb-hint-values" not in hint_html(h, g, lang)
    # in the stepper's small panel the values table comes first (what the learner asked for), then
    # what each value is the probability of
    values = hint_html(h, g, lang, others=True)
    assert values.startswith("<table class='dodnb-hint-values'") and values.index(what) > values.index("</table>")


def test_estimate_in_a_full_game_has_its_interval_and_count():
    """A full game is too big to solve: the search player's estimate (dodnb.search.evaluate), each
    value with its 95 % interval and the play-outs it stands on."""
    g = Game(seed=3, solitaire=True, human="ask")
    h = hint(g, nodes=50, playouts=11)
    assert not h.exact and h.n == 1 and len(h.rows) == 11
    for row in h.rows:
        assert 0 <= row.low <= row.value <= row.high <= 1 and row.high - row.low > 0
    # one play-out per choice: no choice is clearly better, so the hint suggests the search player's own
    own = [row for row in h.rows if row.chosen]
    legal = g.legal_actions()
    assert len(own) == 1 and own[0].action == policy_action(search_human(g.state, legal, random.Random(0)))
    assert h.best is own[0]
    assert hint_text(h, g, "en").startswith("Suggested choice (the search player's own; no other choice does clearly better")
    assert hint_text(h, g, "fr").startswith("Choix suggéré (celui du joueur de recherche")
    text = hint_text(h, g, "en", others=True)
    assert "Estimate: 1 games played out for each choice" in text and "95 % interval" in text
    assert "if the humans play on with the search player" in text
    assert re.search(r"\d+ % \[\d+–\d+\]", text)
    fr = hint_text(h, g, "fr")
    assert "Estimation" in fr and "intervalle à 95 %" in fr


def _row(action, value, low, high, chosen=False):
    return HintRow(action, value, low, high, 20, chosen)


def test_estimate_suggests_the_search_players_choice_unless_another_is_clearly_better():
    """Estimates from a few play-outs tie or overlap: the search player's own choice is suggested,
    unless another choice's 95 % interval lies wholly above it; exact values: the highest."""
    a, b, c = EndTurn(), Activate(("Peter",)), Activate(("Roger",))
    tie = [_row(a, 1.0, 0.8, 1.0), _row(b, 1.0, 0.8, 1.0, chosen=True), _row(c, 0.9, 0.7, 0.97)]
    assert Hint(tie, False).best.action == b  # the first of the ties would be EndTurn
    overlap = [_row(a, 0.9, 0.7, 0.97), _row(b, 0.75, 0.53, 0.89, chosen=True)]
    assert Hint(overlap, False).best.action == b
    clear = [_row(a, 0.95, 0.76, 0.99), _row(b, 0.3, 0.15, 0.52, chosen=True)]
    assert Hint(clear, False).best.action == a
    assert Hint([_row(a, 0.95, 0.95, 0.95), _row(b, 0.5, 0.5, 0.5, chosen=True)], True).best.action == a
    assert Hint([_row(a, 0.4, 0.2, 0.6), _row(b, 0.5, 0.3, 0.7)], False).best.action == b  # no own choice listed


def test_no_hint_when_the_humans_do_not_decide():
    g = Position(characters={"Peter": "115"}, units={"113": 3}, start="free", solitaire=True).game(seed=1, human="ask")
    assert g.state.pending.side != "human"
    assert hint(g) is None
    assert "decision of the human player" in hint_text(None, g, "en")
