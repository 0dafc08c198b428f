"""Running a notebook leaves git clean: the clean filter tools/nbclean.py (notebooks/README.md,
"Saved notebooks") and the lab settings `make lab` installs (tools/lab_settings.py).

The filter is exercised the way git runs it: a throw-away repository with the project's
.gitattributes and the filter configured as `make lab` configures it, a committed notebook, then the
same notebook as JupyterLab saves it after a run (new widget model ids, execution counts in another
order, saved widget state, another kernel name): `git diff` shows nothing, `git add` stages nothing and `git status` is then clean; a real edit shows.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import lab_settings  # noqa: E402
import nbclean  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TOUR = REPO / "notebooks" / "01_tour.ipynb"


def _git(repo: Path, *args: str) -> str:
    env = {"GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo.parent), "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout


def _makefile_filter_commands() -> list[str]:
    """The `git config` lines of the Makefile's git-filter target (what `make lab` runs)."""
    text = (REPO / "Makefile").read_text()
    block = re.search(r"^git-filter:\n((?:\t.*\n)+)", text, re.M)
    assert block, "Makefile: no git-filter target"
    return re.findall(r"git config (\S+) ('[^']*'|[^;\s]+)", block.group(1))


def _as_lab_saves_it(nb: dict) -> dict:
    """The notebook after a Run All in JupyterLab and an autosave (what the browser test sees), and
    printed text in other pieces (a kernel sends it as it comes: nbconvert and Lab store it split
    differently)."""
    nb = copy.deepcopy(nb)
    split = False
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3 (ipykernel)"
    nb["metadata"]["language_info"]["version"] = "3.12.1"
    nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"f" * 32: {"state": {}}}, "version_major": 2, "version_minor": 0}}
    n = 40
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        n += 3
        cell["execution_count"] = n
        cell["metadata"]["execution"] = {"iopub.status.busy": "2026-01-01T00:00:00Z"}
        outs = cell.get("outputs", [])
        for k, out in enumerate(list(outs)):
            if not split and out.get("output_type") == "stream" and len(out["text"]) >= 3:
                outs[k : k + 1] = [dict(out, text=out["text"][:2]), dict(out, text=out["text"][2:])]
                split = True
        for out in outs:
            if out.get("output_type") == "execute_result":
                out["execution_count"] = n
            data = out.get("data", {})
            if "image/png" in data and "text/plain" in data and WIDGET_VIEW not in data and n % 2:
                data[WIDGET_VIEW] = {"model_id": "%032x" % n, "version_major": 2, "version_minor": 0}
            elif WIDGET_VIEW in data:
                data[WIDGET_VIEW]["model_id"] = "%032x" % (n * 7)
    return nb


def test_clean_is_idempotent_and_drops_only_run_noise():
    nb = json.loads(TOUR.read_text(encoding="utf-8"))
    once = nbclean.dumps(nbclean.clean(copy.deepcopy(nb)))
    assert nbclean.dumps(nbclean.clean(json.loads(once))) == once
    cleaned = json.loads(once)
    assert "widgets" not in cleaned["metadata"]
    codes = [c for c in cleaned["cells"] if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in codes if c["execution_count"] is not None] == list(range(1, len(codes) + 1))
    assert not any(WIDGET_VIEW in o.get("data", {}) for c in codes for o in c["outputs"])
    # what the course is made of stays: sources, pictures, texts
    assert [c["source"] for c in cleaned["cells"]] == [c["source"] for c in nb["cells"]]
    pngs = lambda book: [o["data"]["image/png"] for c in book["cells"] for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
    assert pngs(cleaned) == pngs(nb) and len(pngs(nb)) >= 2


def test_lab_saved_notebook_leaves_git_clean_and_an_edit_does_not(tmp_path):
    if shutil.which("git", path="/usr/bin:/bin") is None:
        pytest.fail("git is needed for this test (it is how the notebooks are shared)")
    repo = tmp_path / "clone"
    (repo / "notebooks").mkdir(parents=True)
    (repo / "tools").mkdir()
    shutil.copy(REPO / ".gitattributes", repo / ".gitattributes")
    shutil.copy(REPO / "tools" / "nbclean.py", repo / "tools" / "nbclean.py")
    shutil.copy(TOUR, repo / "notebooks" / TOUR.name)
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "t@example.org")
    _git(repo, "config", "user.name", "t")
    commands = _makefile_filter_commands()
    assert [k for k, _ in commands] == ["filter.dodnb-notebook.clean", "filter.dodnb-notebook.smudge"]
    for key, value in commands:
        _git(repo, "config", key, value.strip("'").replace("python3", sys.executable, 1))
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "course")
    # what git stored is the cleaned notebook
    stored = _git(repo, "show", "HEAD:notebooks/01_tour.ipynb")
    assert stored == nbclean.dumps(nbclean.clean(json.loads(TOUR.read_text(encoding="utf-8"))))

    path = repo / "notebooks" / TOUR.name
    saved = _as_lab_saves_it(json.loads(path.read_text(encoding="utf-8")))
    streams = lambda book: sum(o["output_type"] == "stream" for c in book["cells"] for o in c.get("outputs", []))  # noqa: E731
    assert streams(saved) == streams(json.loads(path.read_text(encoding="utf-8"))) + 1
    path.write_text(nbclean.dumps(saved), encoding="utf-8")
    past = time.time() - 5  # saved a while before git looks (a file as new as the index is "racy" for git)
    os.utime(path, (past, past))
    assert path.read_text(encoding="utf-8") != stored  # the file itself did change...
    assert _git(repo, "diff") == ""  # ...but not what git keeps
    # git status trusts the file's size before any filter (git's ie_modified): a notebook that was
    # only run is listed " M" until `git add` finds it unchanged and stages nothing (documented in
    # notebooks/README.md; the same holds for every clean filter, nbstripout's included)
    assert _git(repo, "status", "--porcelain").strip() == "M notebooks/01_tour.ipynb"
    _git(repo, "add", "notebooks")
    assert _git(repo, "status", "--porcelain") == "" and _git(repo, "diff", "--cached") == ""

    saved["cells"][0]["source"] = ["# An edited title\n"]
    path.write_text(nbclean.dumps(saved), encoding="utf-8")
    assert _git(repo, "status", "--porcelain").strip() == "M notebooks/01_tour.ipynb"


def test_lab_settings_turn_widget_state_saving_off_and_keep_other_settings(tmp_path):
    project = json.loads((REPO / "jupyter" / "overrides.json").read_text())
    assert project["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True  # sent; the server keeps only the explorer's (dodnb.labserver)
    (tmp_path / "overrides.json").write_text(json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}))
    path = lab_settings.write_overrides(tmp_path, {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}})
    got = json.loads(path.read_text())
    assert got["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}
    assert got["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    assert got["@jupyterlab/notebook-extension:tracker"] == {"windowingMode": "none"}
    # the lab `make lab` starts reads this folder
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^lab: .*\blab-settings\b.*\bgit-filter\b", makefile, re.M)
    assert "LAB_SETTINGS_DIR := $(VENV)/share/jupyter/lab/settings" in makefile
    # and the server of the venv uses the course's contents manager (dodnb.labserver)
    assert "SERVER_CONFIG_DIR := $(VENV)/etc/jupyter/jupyter_server_config.d" in makefile
    assert "tools/lab_settings.py $(LAB_SETTINGS_DIR) $(SERVER_CONFIG_DIR)" in makefile
    conf = json.loads(lab_settings.write_server_config(tmp_path / "conf.d").read_text())
    assert conf == {"ServerApp": {"contents_manager_class": "dodnb.labserver.CourseContentsManager"}}
