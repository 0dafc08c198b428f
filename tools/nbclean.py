#!/usr/bin/env python3
"""Git clean filter for the course notebooks: what git stores of a notebook is what a run gives,
without what changes from one run to the next for no reason.

A teacher runs a notebook in JupyterLab and Lab autosaves it: the execution counts follow the order
the cells were run, every widget output names a new random model id, and a lab or nbconvert that
saves widget state writes it into the notebook's metadata (the project's lab does not, and its
server drops the widget views that have a still: see notebooks/README.md). None of that is a change
to the course. This filter, run by git on `git add`, `git diff` and `git status`
(never on the file itself), keeps the notebook with:

- the execution counts renumbered 1, 2, 3... in cell order (what a Run All gives);
- the widget outputs without their `application/vnd.jupyter.widget-view+json` entry: the still
  picture (image/png or text/html) and the text stored beside it are what every front-end without a
  kernel shows (GitHub, nbviewer, a fresh clone);
- consecutive printed outputs (stdout, stderr) in one block, as JupyterLab keeps them (a kernel
  sends printed text in pieces, and how many pieces depends on timing);
- no saved widget state (`metadata.widgets`) and no per-run cell metadata (`execution` timings);
- the kernel named as JupyterLab names the standard one ("Python 3 (ipykernel)", `python3`) and the
  language without its version (a teacher's Python 3.12 is no change to the course);

and writes it as Jupyter does (nbformat: one-space indent, sorted keys, a final newline), so a
notebook that ran to the same outputs is byte-identical to the committed one: `git status` is clean.
The working file is not changed.

Set up by `make lab` and `make test` (target `git-filter`):
    git config filter.dodnb-notebook.clean "python3 tools/nbclean.py"
    git config filter.dodnb-notebook.smudge cat
with `notebooks/*.ipynb filter=dodnb-notebook` in .gitattributes. By hand: python3 tools/nbclean.py < in > out.
Standard library only (git may run it with any python3).
"""

from __future__ import annotations

import json
import sys

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: cell metadata that only says when or how a run happened
RUN_METADATA = ("execution", "ExecuteTime")
#: the kernel every course notebook runs on, as JupyterLab writes it
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def clean(nb: dict) -> dict:
    """The notebook as git stores it (see the module); the argument is modified and returned."""
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    if meta.get("kernelspec", {}).get("language", "python") == "python":
        meta["kernelspec"] = dict(KERNELSPEC)
    if isinstance(meta.get("language_info"), dict):
        meta["language_info"].pop("version", None)
    count = 0
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        meta = cell.get("metadata", {})
        for key in RUN_METADATA:
            meta.pop(key, None)
        if cell.get("execution_count") is not None:
            count += 1
            cell["execution_count"] = count
        cell["outputs"] = _coalesced(cell.get("outputs", []))
        for out in cell["outputs"]:
            if out.get("output_type") == "execute_result":
                out["execution_count"] = cell.get("execution_count")
            data = out.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                out.get("metadata", {}).pop(WIDGET_VIEW, None)
    return nb


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _coalesced(outputs: list) -> list:
    """Consecutive stream outputs of the same stream merged, their text split in lines as nbformat does."""
    out: list = []
    for o in outputs:
        prev = out[-1] if out else None
        if (
            o.get("output_type") == "stream"
            and prev is not None
            and prev.get("output_type") == "stream"
            and prev.get("name") == o.get("name")
        ):
            prev["text"] = _text(prev.get("text", "")) + _text(o.get("text", ""))
        else:
            out.append(dict(o))
    for o in out:
        if o.get("output_type") == "stream":
            o["text"] = _text(o.get("text", "")).splitlines(True)
    return out


def dumps(nb: dict) -> str:
    """As nbformat writes a notebook (Jupyter's own files are byte-identical to this)."""
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False, separators=(",", ": ")) + "\n"


def main() -> int:
    text = sys.stdin.buffer.read().decode("utf-8")
    try:
        nb = json.loads(text)
    except ValueError:  # not JSON (a conflict, a half-written file): store it as it is
        sys.stdout.buffer.write(text.encode("utf-8"))
        return 0
    sys.stdout.buffer.write(dumps(clean(nb)).encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
