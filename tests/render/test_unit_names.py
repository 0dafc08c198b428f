"""No learner text names a zombie unit by its id (issue 33): the narration names a unit by its square
("the unit in 089", « l'unité en 089 »). The scan plays seeded games (two players, both sides by
chance; solitaire against the [15.5] automaton, whose notes explain its moves) and reads, in both
languages, at every step: the choices with their costs and odds, what is pending (full and short),
the decision panel, the refusals of unit actions, the edges of a decision tree; at the end the whole
log. Not one id of the game's units may appear, face down or not."""

from __future__ import annotations

import re

import pytest

from dodnb.render.narrate import (
    action_words, choice_label, event_line, log_entries, pending_text, unit_words, violation_text,
)
from dodnb.render.panels import decision_html, log_html
from dodnb.render.tree import edge_words
from dodnb.rules.actions import BerserkCheck, BreakDoor, Draw, ZMove
from dodnb.rules.game import Game
from dodnb.rules.solitaire import zombie_policy

LANGS = ("en", "fr")


def _ids(game: Game) -> re.Pattern:
    return re.compile(r"\b(" + "|".join(z.uid for z in game.start.zombies) + r")\b")


def _step_texts(game: Game):
    """Every text of the narration at the game's position, in both languages."""
    st = game.state
    legal = game.legal_actions() if st.pending is not None and st.pending.side != "chance" else []
    outcomes = [a for a, _ in game.chance_outcomes()] if st.pending is not None and st.pending.side == "chance" else []
    refused = []
    for z in st.zombies:
        if z.square is None:
            refused.append(Draw(z.uid))
            continue
        refused += [ZMove(z.uid, (z.square,)), BerserkCheck(z.uid)]
        refused += [BreakDoor(z.uid, d) for d in sorted(st.board.doors)[:2]]
    for lang in LANGS:
        yield pending_text(game, lang)
        yield pending_text(game, lang, short=True)
        yield decision_html(game, st, True, lang)
        for a in legal:
            yield choice_label(game, a, lang)
        for a in outcomes:
            yield action_words(a, lang, st)
        if outcomes:
            yield edge_words(tuple(outcomes), st, lang)
        for a in refused:
            why = game.check(a)
            if why is not None:
                yield violation_text(why, lang)


def _scan(game: Game, plies: int) -> tuple[int, list[str]]:
    ids, found, seen = _ids(game), [], 0
    for _ in range(plies):
        if game.over:
            break
        if any(z.square and not z.face_up for z in game.state.zombies):
            for text in _step_texts(game):
                seen += 1
                if ids.search(text):
                    found.append(text)
        game.step()
    for lang in LANGS:
        entries = log_entries(game, lang)
        for text in [e.text for e in entries] + [log_html(entries)] + [event_line(e, lang) for e in game.log]:
            seen += 1
            if ids.search(text):
                found.append(text)
    return seen, found


@pytest.mark.parametrize("seed,solitaire", [(1, False), (3, False), (4, True), (8, True)])
def test_no_learner_text_names_a_unit_by_its_id(seed, solitaire):
    zombie = zombie_policy if solitaire else "random"
    game = Game(seed=seed, solitaire=solitaire, human="random", zombie=zombie)
    seen, found = _scan(game, 400)
    assert seen > 2000
    assert found == []


def test_the_scan_catches_an_id():
    """The scan can fail: the old wording of a move, put back, is caught."""
    game = Game(seed=1, human="random", zombie="random")
    while not any(isinstance(a, ZMove) for a in game.actions):
        game.step()
    z = game.state.unit(next(a for a in game.actions if isinstance(a, ZMove)).uid)
    assert not _ids(game).search(unit_words(game.state, z.uid, "en"))
    assert _ids(game).search(f"{z.uid}: {z.square} → 001")


def test_a_unit_is_named_by_its_square():
    game = Game(seed=1)
    z = next(z for z in game.state.zombies if z.square)
    assert unit_words(game.state, z.uid, "en") == f"the unit in {z.square}"
    assert unit_words(game.state, z.uid, "fr") == f"l'unité en {z.square}"
    off = next(z for z in game.state.zombies if z.square is None)
    assert unit_words(game.state, off.uid, "en") == "a zombie unit"
    assert choice_label(game, ZMove(z.uid, ("001",)), "en") == f"unit in {z.square} → 001"
