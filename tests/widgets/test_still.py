"""What a widget's output holds for a notebook reopened without a kernel (dodnb/widgets/still.py), the
server's pre-save hook that keeps only that in the file (dodnb.labserver.pre_save), and the stepper's
game kept on disk as its seed and actions (GameStepper(save_file=...))."""

from __future__ import annotations

import json
import re

import pytest
from IPython.core.formatters import DisplayFormatter

from dodnb import i18n, labserver
from dodnb.i18n import tr
from dodnb.widgets import GameStepper
from dodnb.widgets.calculators import AttackCalculator, ShotCalculator
from dodnb.widgets.editor import PositionEditor
from dodnb.widgets.los import LOSExplorer
from dodnb.widgets.mapview import MapView
from dodnb.widgets.still import REOPEN_CLASS

VIEW = "application/vnd.jupyter.widget-view+json"
WIDGETS = (GameStepper, LOSExplorer, MapView, ShotCalculator, AttackCalculator, PositionEditor)
PICTURED = (GameStepper, LOSExplorer, MapView, PositionEditor)  # the calculators' still is their snapshot


@pytest.fixture
def french():
    before = i18n.get_language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def _bundle(widget):
    return DisplayFormatter().format(widget)[0]


def _message(page: str) -> str:
    m = re.search(rf'<p class="{REOPEN_CLASS}"[^>]*>([^<]*)</p>', page)
    assert m, page[:300]
    return m.group(1)


def test_the_message_is_in_both_catalogues():
    en, fr = tr("reopen.run_again", "en"), tr("reopen.run_again", "fr")
    assert en == "Run the notebook (Run ▸ Run All Cells) to play again"
    assert fr != en and "Run All Cells" in fr and fr.startswith("Exécutez")  # Lab's menus are in English


@pytest.mark.parametrize("kind", WIDGETS, ids=lambda k: k.__name__)
def test_every_widget_displays_its_view_and_one_still_with_the_message(kind):
    data = _bundle(kind())
    assert set(data) == {VIEW, "text/html", "text/plain"}  # the picture once: no separate image/png
    page = data["text/html"]
    assert _message(page) == tr("reopen.run_again", "en")
    assert page.count(REOPEN_CLASS) == 1 and "<svg" not in page  # inline SVG shows as text untrusted
    if kind in PICTURED:
        assert page.count('<img src="data:image/png;base64,iVBOR') == 1
    else:
        assert "<table" in page  # the calculator's snapshot: its answer and table


@pytest.mark.parametrize("kind", WIDGETS, ids=lambda k: k.__name__)
def test_the_message_follows_the_language(kind, french):
    assert _message(_bundle(kind())["text/html"]) == tr("reopen.run_again", "fr")


def test_the_stepper_message_follows_its_own_language():
    assert _message(_bundle(GameStepper(lang="fr"))["text/html"]) == tr("reopen.run_again", "fr")


# ----- the server's pre-save hook ------------------------------------------------------------------


def _notebook(outputs, widget_state=True):
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    if widget_state:
        meta["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"x": {"model_name": "CanvasModel"}}}}
    return {"cells": [{"cell_type": "code", "execution_count": 1, "id": "c1", "metadata": {}, "source": "w", "outputs": outputs}],
            "metadata": meta, "nbformat": 4, "nbformat_minor": 5}


def _output(data):
    return {"output_type": "display_data", "data": data, "metadata": {}}


def test_strip_drops_the_views_that_have_a_still_and_the_saved_state():
    data = _bundle(GameStepper(seed=3))
    plain = {VIEW: {"version_major": 2, "version_minor": 0, "model_id": "abc"}, "text/plain": "IntSlider(value=3)"}
    nb = _notebook([_output(dict(data)), _output(dict(plain))])
    assert labserver.strip_widget_views(nb) == 1
    first, second = (o["data"] for o in nb["cells"][0]["outputs"])
    assert set(first) == {"text/html", "text/plain"} and first["text/html"] == data["text/html"]
    assert second == plain  # a widget without a still keeps its view
    assert "widgets" not in nb["metadata"]


def test_pre_save_hook_writes_the_file_without_views(tmp_path):
    """Through Jupyter's own contents manager, configured as `make lab` configures it (an import
    string, tools/lab_settings.py): the file holds the still and no view, and is smaller."""
    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
    from traitlets.config import Config

    name, value = labserver.SAVE_FLAG.removeprefix("--").split("=")
    cls, trait = name.split(".")
    config = Config({cls: {trait: value}})
    manager = AsyncLargeFileManager(root_dir=str(tmp_path), config=config)
    assert manager.pre_save_hook is labserver.pre_save
    data = _bundle(GameStepper(seed=3))
    nb = _notebook([_output(data)])
    before = len(json.dumps(nb))

    import asyncio

    asyncio.run(manager.save({"type": "notebook", "format": "json", "content": json.loads(json.dumps(nb))}, "n.ipynb"))
    saved = json.loads((tmp_path / "n.ipynb").read_text(encoding="utf-8"))
    out = saved["cells"][0]["outputs"][0]["data"]
    assert VIEW not in out and _message("".join(out["text/html"])) == tr("reopen.run_again", "en")
    assert "widgets" not in saved["metadata"]
    assert (tmp_path / "n.ipynb").stat().st_size < before
    # a file that is not a notebook is left alone
    asyncio.run(manager.save({"type": "file", "format": "text", "content": VIEW}, "a.txt"))
    assert (tmp_path / "a.txt").read_text() == VIEW


# ----- the game kept as its seed and actions --------------------------------------------------------


def test_the_stepper_keeps_its_game_and_carries_on_from_it(tmp_path):
    kept = tmp_path / "05_game.json"
    s = GameStepper(seed=4, play="none", save_file=kept)
    assert not kept.exists()  # nothing written until the game changes (a notebook run writes nothing)
    for _ in range(6):
        s.step()
    text = kept.read_text(encoding="utf-8")
    assert json.loads(text)["seed"] == 4 and len(json.loads(text)["actions"]) == 6 == len(s.game.actions)
    assert len(text) < 20_000  # a few KB: the seed, the start and the actions, no pictures

    again = GameStepper(seed=1, play="none", save_file=kept)  # the notebook run again, the next day
    assert again.game.state == s.game.state and len(again.game.actions) == 6 and again.game.seed == 4
    assert again.message == tr("stepper.resumed", "en", file=str(kept), n=6, seed=4)

    again.undo(2)  # undo is kept too
    assert len(json.loads(kept.read_text())["actions"]) == 4
    again.new_game(seed=8)
    assert json.loads(kept.read_text())["seed"] == 8 and json.loads(kept.read_text())["actions"] == []
    assert not list(tmp_path.glob("*.tmp"))


def test_a_damaged_kept_game_is_said_and_the_given_game_shown(tmp_path):
    kept = tmp_path / "g.json"
    kept.write_text("not a game", encoding="utf-8")
    s = GameStepper(seed=2, save_file=kept, lang="fr")
    assert s.game.seed == 2 and len(s.game.actions) == 0
    assert s.message.startswith(f"{kept} ne contient pas de partie") and "JSON" in s.message
    assert kept.read_text() == "not a game"  # not overwritten until the game changes


def test_without_a_save_file_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = GameStepper(seed=4, play="none")
    s.step()
    assert list(tmp_path.iterdir()) == []
