#!/usr/bin/env python3
"""Write the project's Jupyter settings: JupyterLab's (jupyter/overrides.json) into a lab's settings
folder, and the Jupyter server's contents manager into a server config folder.

JupyterLab reads `overrides.json` in its application settings folder (`<venv>/share/jupyter/lab/
settings` by default, or `--LabApp.app_settings_dir`) as the defaults of its settings; a user's own
settings still win. The project sets the widgets extension's `saveState` to true: the lab sends the
widget state when it saves, and the course's server (below) keeps only the state of the widgets that
answer without a kernel (the browser-drawn line-of-sight explorer) and drops the rest (it would bring
back dead controls with red "disconnected" icons and megabytes of canvases); the still beside each
other widget shows instead (notebooks/README.md, "Saved notebooks"). Without that server the lab
would save every widget's state: use the two together, as `make lab` does.

The Jupyter server (JupyterLab, Notebook 7, Voila) reads every JSON file of
`<venv>/etc/jupyter/jupyter_server_config.d/`: `dodnb.json` there selects the contents manager
`dodnb.labserver.CourseContentsManager` (a notebook opened with no kernel running for it shows each
widget's still instead of a dead widget; a saved notebook holds no widget state).

    python3 tools/lab_settings.py .venv/share/jupyter/lab/settings .venv/etc/jupyter/jupyter_server_config.d

(what `make lab` runs). The real-browser test writes its own lab's settings with `write_overrides`
(the same file, plus settings that keep a test run quiet) and passes the contents manager on the
command line.
Keys already in the folder's overrides.json are kept unless the project sets them. Standard library
only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

PROJECT_OVERRIDES = Path(__file__).resolve().parents[1] / "jupyter" / "overrides.json"


def project_overrides() -> dict:
    return json.loads(PROJECT_OVERRIDES.read_text(encoding="utf-8"))


def write_overrides(settings_dir, extra: Optional[dict] = None) -> Path:
    """Merge the project's overrides (and `extra`) into `settings_dir`/overrides.json; return its path."""
    folder = Path(settings_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "overrides.json"
    merged: dict = {}
    if path.exists():
        try:
            merged = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            merged = {}
    for source in (project_overrides(), extra or {}):
        for plugin, values in source.items():
            merged.setdefault(plugin, {}).update(values)
    text = json.dumps(merged, indent=2, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


#: The server setting, as `dodnb.labserver.CONTENTS_FLAG` gives it on a command line.
SERVER_CONFIG = {"ServerApp": {"contents_manager_class": "dodnb.labserver.CourseContentsManager"}}


def write_server_config(config_dir) -> Path:
    """Write `config_dir`/dodnb.json (a `jupyter_server_config.d` folder): the contents manager."""
    folder = Path(config_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "dodnb.json"
    text = json.dumps(SERVER_CONFIG, indent=2, sort_keys=True) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python3 tools/lab_settings.py SETTINGS_DIR [SERVER_CONFIG_DIR]")
    print(f"JupyterLab settings: {write_overrides(sys.argv[1])}")
    if len(sys.argv) == 3:
        print(f"Jupyter server settings: {write_server_config(sys.argv[2])}")
