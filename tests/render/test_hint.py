"""The hint (dodnb.search.hint.hint, worded by dodnb.render.narrate and panels): the best choice now and every choice's value, exact by
dodnb.prob.best_play in a small study position, else the search player's estimate with its interval;
never a number without what it is the probability of, in English and French."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from dodnb import Game, Position
from dodnb.prob.bestplay import best_play, goals
from dodnb.render.narrate import action_words, best_words, choice_label, hint_text
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
    first, value_line, two = text.splitlines()[:3]
    assert first.startswith({"en": "Best choice: ", "fr": "Meilleur choix : "}[lang])
    what = {"en": "The chance that nobody is killed or infected before the next Human Player-Turn begins",
            "fr": "La probabilité que personne ne soit tué ni infecté avant le début du prochain tour des Humains"}[lang]
    # the number comes after what it is the probability of, in the reader's numbers
    pct = {"en": "99.0%", "fr": "99,0\u202f%"}[lang]
    assert value_line.startswith(what) and value_line.index(pct) > len(what)
    assert f"{pct} (1247315/1259712)" in value_line  # the exact Fraction, not only a rounded percent
    # the choice list shows a shot's kill chance, the hint another number: the hint says why
    assert {"en": "two different questions", "fr": "deux questions différentes"}[lang] in two
    # the other choices on request: one line each, best first
    rows = text.splitlines()[4:]
    assert len(rows) == len(h.rows) == 4 and rows[0].strip().startswith(pct)
    assert "{" not in text and "hint." not in text
    assert "dodnb-hint-values" in hint_html(h, g, lang, others=True)
    assert "dodnb-hint-values" not in hint_html(h, g, lang)
    # the key line first, at reading size, then the table, then what each value is the probability of
    values = hint_html(h, g, lang, others=True)
    assert values.startswith("<div class='dodnb-hint-key'") and values.index("</table>") < values.rindex(what[1:])


def test_estimate_in_a_full_game_has_its_interval_and_count():
    """A full game is too big to solve: the search player's estimate (dodnb.search.evaluate), each
    value with its 95 % interval and the play-outs it stands on."""
    g = Game(seed=3, solitaire=True, human="ask")
    h = hint(g, nodes=50, playouts=11)
    assert not h.exact and h.n == 1 and len(h.rows) == 11
    for row in h.rows:
        assert 0 <= row.low <= row.value <= row.high <= 1 and row.high - row.low > 0
    own = [row for row in h.rows if row.chosen]
    legal = g.legal_actions()
    assert len(own) == 1 and own[0].action == policy_action(search_human(g.state, legal, random.Random(0)))
    # one play-out per choice: the intervals overlap, so the hint says it is too close to call,
    # names the top estimate, and marks the tied choices
    assert h.best.value == max(r.value for r in h.rows) and h.close and h.best in h.tied
    assert hint_text(h, g, "en").startswith("Too close to call between 11 choices (marked ≈ in the table)")
    # the named choice heads the table, and it is a top value
    first = [line for line in hint_text(h, g, "en", others=True).splitlines() if line.startswith("≈")][0]
    assert first.endswith(choice_label(g, h.best.action, "en", h.st))
    assert "95 % intervals overlap" in hint_text(h, g, "en")
    assert hint_text(h, g, "fr").startswith("Trop serré pour trancher entre ")
    text = hint_text(h, g, "en", others=True)
    assert "Estimate from games played out, 1 for each choice (as many rounds as fit in about 0.6 s, 11 games at most)" in text
    assert "95 % interval" in text
    assert "if the humans play on with the search player" in text
    assert re.search(r"\d+% \[\d+–\d+\]", text)
    assert sum(1 for line in text.splitlines() if line.startswith("≈")) == len(h.tied)
    fr = hint_text(h, g, "fr", others=True)
    assert "Estimation" in fr and "environ 0,6 s" in fr and "intervalle à 95 %" in fr and "joueur automatique" in fr and "joueur de recherche" not in fr


def _row(action, value, low, high, chosen=False):
    return HintRow(action, value, low, high, 20, chosen)


def test_the_hint_names_the_top_value_or_says_too_close_to_call():
    """The hint names a top-valued choice, never a lower one; ties (equal exact values, or
    overlapping 95 % intervals) are "too close to call", the tied choices listed."""
    a, b, c = EndTurn(), Activate(("Peter",)), Activate(("Roger",))
    tie = [_row(a, 1.0, 0.8, 1.0), _row(b, 1.0, 0.8, 1.0, chosen=True), _row(c, 0.9, 0.7, 0.97)]
    h = Hint(tie, False)
    assert h.best.action == b and h.close and {r.action for r in h.tied} == {a, b, c}  # of equal tops, the own
    overlap = [_row(a, 0.9, 0.7, 0.97), _row(b, 0.75, 0.53, 0.89, chosen=True)]
    h = Hint(overlap, False)
    assert h.best.action == a and h.close and [r.action for r in h.tied] == [a, b]
    assert hint_text(h, None, "en").startswith("Too close to call between ")
    clear = [_row(a, 0.95, 0.76, 0.99), _row(b, 0.3, 0.15, 0.52, chosen=True)]
    h = Hint(clear, False)
    assert h.best.action == a and not h.close and hint_text(h, None, "en").startswith("Best choice: ")
    h = Hint([_row(a, 0.95, 0.95, 0.95), _row(b, 0.5, 0.5, 0.5, chosen=True)], True)
    assert h.best.action == a and not h.close
    h = Hint([_row(a, Fraction(1), 1.0, 1.0), _row(b, Fraction(1), 1.0, 1.0), _row(c, Fraction(1, 2), 0.5, 0.5)], True)
    assert h.close and [r.action for r in h.tied] == [a, b]
    assert best_words(h, lambda a: action_words(a, "en"), "en").startswith("Equally good (the same exact value): ")


def test_property_the_hint_never_suggests_a_lower_value():
    """Over positions from seeded games: the named choice has the top value, the words name it, and
    "Best choice" is said only when no other choice is within reach (exact tie or overlapping interval)."""
    seen = 0
    for seed in (1, 2, 3, 4):
        g = Game(seed=seed, solitaire=True, human="ask")
        for _ in range(60):
            if g.state.result is not None:
                break
            h = hint(g, nodes=200, seconds=0.3, playouts=24, seed=seed)
            if h is not None and h.rows:
                seen += 1
                top = max(r.value for r in h.rows)
                assert h.best.value == top
                words = hint_text(h, None, "en").splitlines()[0]
                assert action_words(h.best.action, "en", h.st) in words
                near = [r for r in h.rows if r is not h.best and (r.value == top if h.exact else r.high >= h.best.low)]
                assert words.startswith("Best choice: ") == (not near)
            if h is None:
                g.step()
            else:
                g.apply(policy_action(search_human(g.state, g.legal_actions(), random.Random(seed))))
    assert seen >= 20


def test_no_hint_when_the_humans_do_not_decide():
    g = Position(characters={"Peter": "115"}, units={"113": 3}, start="free", solitaire=True).game(seed=1, human="ask")
    assert g.state.pending.side != "human"
    assert hint(g) is None
    assert "decision of the human player" in hint_text(None, g, "en")
