#!/usr/bin/env python3
"""Write the project's JupyterLab settings (jupyter/overrides.json) into a lab's settings folder.

JupyterLab reads `overrides.json` in its application settings folder (`<venv>/share/jupyter/lab/
settings` by default, or `--LabApp.app_settings_dir`) as the defaults of its settings; a user's own
settings still win. The project needs one: the widgets extension's `saveState`, so that a saved
notebook keeps its widgets and their pictures (notebooks/README.md, "Saved notebooks").

    python3 tools/lab_settings.py .venv/share/jupyter/lab/settings      # what `make lab` runs

The real-browser test writes its own lab's settings with `write_overrides` (the same file, plus
settings that keep a test run quiet). Keys already in the folder's overrides.json are kept unless the
project sets them. Standard library only.
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


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 tools/lab_settings.py SETTINGS_DIR")
    print(f"JupyterLab settings: {write_overrides(sys.argv[1])}")
