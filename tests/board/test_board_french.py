"""What a learner reads from dodnb.board and dodnb.rules.modifiers in the reader's language (issue 34
items 1, 6): sight verdicts, shot modifiers, square descriptions, the unknown-square error, the map's
summary and a game picture's alt text hold no English word of the scan list in French; the English
stays what it was (the picture's alt text deliberately names the phase and the statuses in words)."""

from __future__ import annotations

import pytest

import dodnb
from dodnb.board.model import UnknownSquare
from dodnb.board.sight import line_of_sight
from dodnb.i18n import get_language, set_language
from dodnb.render.state_scene import describe
from dodnb.rules.modifiers import shot_modifiers
from tests.widgets.test_french_scan import _plain, english_words


def outputs() -> dict[str, str]:
    board = dodnb.load_board()
    try:
        board.square(999)
    except KeyError as err:
        missing = str(err)
    return {
        "sight": "\n".join(str(line_of_sight(board, a, b, occupied=("043",)))
                           for a, b in (("024", "062"), ("167", "170"), ("054", "098"), ("115", "115"), ("024", "043"))),
        "modifiers": "\n".join(str(shot_modifiers(board, "024", "062", door_states={"G14": s}))
                               for s in ("open", "closed", "destroyed")) + str(shot_modifiers(board, "115", "115")),
        "squares": board.square(177).describe() + board.square(1).describe() + board.square(24).describe()
        + board.square(177).kind_words() + board.store_label("Drug Store"),
        "missing": missing,
        "summary": _plain(board.summary()._repr_html_()),
        "alt": describe(dodnb.Game(seed=7).state),
    }


@pytest.fixture
def lang():
    before = get_language()
    yield set_language
    set_language(before)


def test_board_words_in_french(lang):
    lang("fr")
    texts = outputs()
    bad = {k: sorted(set(english_words([t]))) for k, t in texts.items()}
    assert not any(bad.values()), bad
    assert texts["missing"] == "il n'y a pas de case '999' sur cette carte (les cases vont de 001 à 216) [2.1]"
    assert "024 -> 062 : en vue [6.4] ; la ligne passe par 024 -> 099 -> 062 ; par la porte G14 ; distance 2 [6.7]" in texts["sight"]
    assert "Pharmacie" in texts["squares"]


def test_board_words_in_english_unchanged(lang):
    lang("en")
    texts = outputs()
    assert all(english_words([t]) for t in texts.values()), [k for k, t in texts.items() if not english_words([t])]
    assert texts["missing"] == "there is no square '999' on this map (square ids run 001-216) [2.1]"
    assert "024 -> 062: in sight [6.4]; the line passes 024 -> 099 -> 062; through door G14; distance 2 [6.7]" in texts["sight"]
    assert ("024 -> 062: 2 squares away: -2 [6.7]; through a closed glass door (G14): -3 [6.7] "
            "(the door G14 is destroyed [10.5]); total -5 per gun [6.7], [6.8]") in texts["modifiers"]
    assert dodnb.load_board().square(177).describe() == "Square 177 (Edwin's Sports Centre)"
    board = dodnb.load_board()
    assert board.summary() == dict(board.summary()) and board.summary()["squares"] == 216


def test_an_error_raised_in_english_reads_in_french(lang):
    lang("en")
    with pytest.raises(UnknownSquare) as info:
        dodnb.load_board().square(2.5)
    assert info.value.message == str(info.value) and "2.5" in info.value.text("fr") and "numéro de case" in info.value.text("fr")
