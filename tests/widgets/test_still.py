"""What a widget's output holds for a notebook reopened without a kernel (dodnb/widgets/still.py), the
server's contents manager that shows only that when no kernel runs for the notebook and saves no
widget state (dodnb.labserver.CourseContentsManager), and the stepper's game kept on disk as its seed
and actions (GameStepper(save_file=...))."""

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


# ----- the server's contents manager ------------------------------------------------------------------


def _notebook(outputs, widget_state=True):
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    if widget_state:
        canvas = {"model_name": "CanvasModel", "buffers": [{"path": ["image_data"], "data": "iVBOR" + "A" * 500_000}]}
        meta["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"x": canvas}}}
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


class _Sessions:
    def __init__(self, listed):
        self.listed = listed

    async def list_sessions(self):
        return self.listed


def _server(listed):
    from traitlets.config import Configurable

    server = Configurable()
    server.session_manager = _Sessions(listed)
    return server


def _manager(tmp_path, sessions=()):
    """Jupyter's contents manager as `make lab` selects it (an import string, tools/lab_settings.py),
    its server's sessions faked."""
    from jupyter_server.serverapp import ServerApp
    from traitlets.config import Config

    name, value = labserver.CONTENTS_FLAG.removeprefix("--").split("=")
    cls, trait = name.split(".")
    app = ServerApp(config=Config({cls: {trait: value}}))
    assert app.contents_manager_class is labserver.CourseContentsManager
    return labserver.CourseContentsManager(root_dir=str(tmp_path), parent=_server(list(sessions)))


def test_contents_manager_saves_no_widget_state_and_keeps_the_views(tmp_path):
    import asyncio

    data = _bundle(GameStepper(seed=3))
    nb = _notebook([_output(data)])
    before = len(json.dumps(nb))
    manager = _manager(tmp_path)
    asyncio.run(manager.save({"type": "notebook", "format": "json", "content": json.loads(json.dumps(nb))}, "n.ipynb"))
    saved = json.loads((tmp_path / "n.ipynb").read_text(encoding="utf-8"))
    assert before > 600_000 and "widgets" not in saved["metadata"] and (tmp_path / "n.ipynb").stat().st_size < 200_000
    assert VIEW in saved["cells"][0]["outputs"][0]["data"]  # a page reloaded in class gets its live widget back
    asyncio.run(manager.save({"type": "file", "format": "text", "content": VIEW}, "a.txt"))  # not a notebook
    assert (tmp_path / "a.txt").read_text() == VIEW


@pytest.mark.parametrize("session_path, live", [(None, False), ("n.ipynb", True), ("other.ipynb", False)])
def test_a_notebook_opened_without_its_kernel_shows_the_stills(tmp_path, session_path, live):
    """No kernel running for the notebook (the next day): handed over without the views that have a
    still, the file untouched; a kernel running for it (a reload in class): the views stay."""
    import asyncio

    data = _bundle(GameStepper(seed=3))
    (tmp_path / "n.ipynb").write_text(json.dumps(_notebook([_output(data)], widget_state=False)), encoding="utf-8")
    on_disk = (tmp_path / "n.ipynb").read_text(encoding="utf-8")
    sessions = [] if session_path is None else [{"path": session_path, "kernel": {"id": "k1"}}]
    model = asyncio.run(_manager(tmp_path, sessions).get("n.ipynb"))
    out = model["content"]["cells"][0]["outputs"][0]["data"]
    assert (VIEW in out) is live
    assert _message("".join(out["text/html"])) == tr("reopen.run_again", "en")
    assert (tmp_path / "n.ipynb").read_text(encoding="utf-8") == on_disk


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

    again = GameStepper(seed=4, play="none", save_file=kept)  # the notebook run again, the next day
    assert again.game.state == s.game.state and len(again.game.actions) == 6 and again.game.seed == 4
    assert again.message == tr("stepper.resumed", "en", file=str(kept), n=6, seed=4)

    again.undo(2)  # undo is kept too
    assert len(json.loads(kept.read_text())["actions"]) == 4
    assert not list(tmp_path.glob("*.tmp"))


def test_the_stepper_carries_on_only_the_game_it_was_given(tmp_path):
    """The notebook's game, played on: carried on. Another game kept there (a New game of the class):
    the notebook's game is shown and the other waits in the Save / Load box, where Load carries it on."""
    from dodnb.widgets.stepper import new_game

    kept = tmp_path / "05_game.json"
    notebook_game = new_game(4, play="none")
    for _ in range(3):
        notebook_game.step()
    s = GameStepper(notebook_game, save_file=kept)
    s.step()
    s.step()
    assert len(json.loads(kept.read_text())["actions"]) == 5
    later = new_game(4, play="none")  # the notebook run again: the same seeded game, three steps in
    for _ in range(3):
        later.step()
    again = GameStepper(later, save_file=kept)
    assert len(again.game.actions) == 5 and again.game.state == s.game.state

    again.new_game(seed=8)  # the class starts another game; it is kept
    other = kept.read_text(encoding="utf-8")
    assert json.loads(other)["seed"] == 8 and json.loads(other)["actions"] == []
    fresh = new_game(4, play="none")
    for _ in range(3):
        fresh.step()
    third = GameStepper(fresh, save_file=kept, lang="fr")
    assert third.game.seed == 4 and len(third.game.actions) == 3  # the notebook's game
    assert third.save_text.value == other
    assert third.message == tr("stepper.resume_other", "fr", file=str(kept), n=0, seed=8, tab="Enregistrer / Charger", load="Charger")
    third.load_button.click()
    assert third.game.seed == 8


def test_a_damaged_kept_game_is_said_and_the_given_game_shown(tmp_path):
    kept = tmp_path / "g.json"
    kept.write_text("not a game", encoding="utf-8")
    s = GameStepper(seed=2, save_file=kept, lang="fr")
    assert s.game.seed == 2 and len(s.game.actions) == 0
    assert s.message.startswith(f"{kept} ne contient pas de partie") and "not JSON" in s.message
    assert kept.read_text() == "not a game"  # not overwritten until the game changes


def test_without_a_save_file_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = GameStepper(seed=4, play="none")
    s.step()
    assert list(tmp_path.iterdir()) == []
