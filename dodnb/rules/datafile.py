"""Reading the project's JSON data files (counters, tables) with one clear error path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, TypeVar

from dodnb.errors import DodnbError

T = TypeVar("T")


def load_data_file(path: str | Path, what: str, validate: Callable[[Any], T], fail: Callable[[str], Exception]) -> T:
    """Parse `path` as JSON and validate it; any problem becomes `fail(message)` naming the file.

    A missing key found while validating is reported as such, so a learner's own file with a typo
    gets "lacks the entry 'panic_level'" instead of a traceback."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise fail(f"cannot read {what} file {path}: {exc}") from exc
    try:
        return validate(raw)
    except DodnbError:  # already a clear message (and UnknownSquare is also a KeyError)
        raise
    except KeyError as exc:
        raise fail(f"{what} file {path} lacks the entry {exc}") from exc
