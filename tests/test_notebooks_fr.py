"""The French notebooks (notebooks/fr/) are twins of the English ones and their code cannot drift.

Each English course notebook has a French twin of the same name: the same cells in the same order
with the same ids, plus one code cell that sets the language (id ``fr-language``, right after the
title). A French code cell is the English cell token for token; only its string literals (a label
printed for the learner) and comments may be translated. A French markdown cell is translated (not
the English text left in place). Both are executed and checked by nbval like the English ones
(`make test` collects notebooks/fr/*.ipynb)."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
LANGUAGE_CELL = "fr-language"
LANGUAGE_SOURCE = 'import dodnb\ndodnb.set_language("fr")'


def code_shape(source: str) -> list[tuple[int, str]]:
    """The cell's tokens with every string literal and comment blanked: the code's logic, not its words.
    IPython's magics and shell escapes (lines starting with % or !) are kept whole."""
    lines, out = [], []
    for line in source.splitlines():
        magic = line.lstrip().startswith(("%", "!"))
        lines.append(line[: len(line) - len(line.lstrip())] + "pass" if magic else line)
        if magic:
            out.append((-1, line.strip()))
    for tok in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                        tokenize.ENDMARKER):
            continue
        if tok.type == tokenize.STRING:
            out.append((tok.type, "<str>"))
        elif tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            out.append((tok.type, "<str>"))
        else:
            out.append((tok.type, tok.string))
    return out


def test_every_english_notebook_has_a_french_twin():
    assert ENGLISH, "no course notebooks found"
    missing = [p.name for p in ENGLISH if not (ROOT / "notebooks" / "fr" / p.name).exists()]
    assert missing == []
    extra = sorted({p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb")} - {p.name for p in ENGLISH})
    assert extra == []


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_the_french_twin_has_the_same_cells_and_the_same_code(english):
    en = nbformat.read(english, as_version=4)
    fr = nbformat.read(ROOT / "notebooks" / "fr" / english.name, as_version=4)
    lang = [i for i, c in enumerate(fr.cells) if c.get("id") == LANGUAGE_CELL]
    assert len(lang) == 1, "one cell sets the language"
    assert fr.cells[lang[0]].cell_type == "code" and fr.cells[lang[0]].source.startswith(LANGUAGE_SOURCE)
    first_md = next(i for i, c in enumerate(fr.cells) if c.cell_type == "markdown")
    assert lang[0] == first_md + 1, "the language is set right after the title"
    twins = [c for c in fr.cells if c.get("id") != LANGUAGE_CELL]
    assert [(c.cell_type, c.get("id")) for c in twins] == [(c.cell_type, c.get("id")) for c in en.cells]
    for e, f in zip(en.cells, twins):
        if e.cell_type == "code":
            assert code_shape(f.source) == code_shape(e.source), f"code cell {e.get('id')} drifted from the English"
        elif e.cell_type == "markdown" and len(e.source.split()) > 3:
            assert f.source != e.source, f"markdown cell {e.get('id')} is not translated"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_the_french_twin_is_executed(english):
    """Committed executed, as the English ones: nbval compares what a fresh run gives."""
    fr = nbformat.read(ROOT / "notebooks" / "fr" / english.name, as_version=4)
    en = nbformat.read(english, as_version=4)
    with_output = {c.get("id") for c in en.cells if c.cell_type == "code" and c.get("outputs")}
    fr_with_output = {c.get("id") for c in fr.cells if c.cell_type == "code" and c.get("outputs")}
    assert with_output <= fr_with_output


def test_the_drift_check_sees_a_changed_line_but_not_a_translated_label():
    english = 'sq = board.square(177)\nprint("kind:", sq.kind)  # the kind\n'
    assert code_shape('sq = board.square(177)\nprint("type :", sq.kind)  # le type\n') == code_shape(english)
    assert code_shape('sq = board.square(178)\nprint("kind:", sq.kind)\n') != code_shape(english)
    assert code_shape('sq = board.square(177)\nprint("kind:", sq.name)\n') != code_shape(english)
    assert code_shape('%time x = 1\n') != code_shape('%time x = 2\n')
