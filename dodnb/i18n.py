"""French and English for what a learner reads: message catalogues, one plain table per language.

The catalogues are JSON files in ``dodnb/data/i18n/`` (``en.json``, ``fr.json``), each with

* ``messages``: every label, button, heading and explanation of the widgets, by key (both languages
  hold the same keys with the same ``{placeholders}``: ``tests/test_i18n.py`` checks it);
* ``narration`` (French only): the rules engine's event narration, by the keys of
  :data:`dodnb.rules.events.NARRATION_EN` (the engine's English is the English catalogue);
* ``words`` and ``patterns`` (French only): the English words and phrases the engine puts *inside*
  its events and refusals ("is", "A Berserk Zombie Phase", "no eliminated unit is available"...),
  translated word for word or by regular expression, so that the engine stays in one language.

French terms follow the French synthesis of the rules (zombi, sonné, infecté, super-zombi, berserk,
fusil de chasse, points de mouvement). No French is written in Python code: it all lives here.

    >>> import dodnb
    >>> dodnb.set_language("fr")          # the default of every widget built afterwards
    >>> from dodnb.i18n import tr
    >>> tr("stepper.step")
    'Pas'

This module imports only dodnb.errors: every layer may use it (it sits with dodnb.errors, at the bottom).
"""

from __future__ import annotations

import json
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from dodnb.errors import InputError

LANGUAGES = ("en", "fr")
_FOLDER = Path(__file__).resolve().parent / "data" / "i18n"
_current = "en"


class LanguageError(InputError):
    """An unknown language code (an input error, not a rules matter)."""


def set_language(lang: str) -> None:
    """The package default: widgets built afterwards speak `lang` ('en' or 'fr')."""
    global _current
    _current = _check(lang)


def get_language() -> str:
    return _current


def language_name(lang: Optional[str] = None) -> str:
    """The language's own name, from its catalogue ("English", ...)."""
    return catalogue(_check(lang)).get("language", lang or _current)


def _check(lang: Optional[str]) -> str:
    if lang is None:
        return _current
    code = str(lang).strip().lower()[:2]
    if code not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return code


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The whole catalogue of one language (read once)."""
    lang = _check(lang)
    with open(_FOLDER / f"{lang}.json", encoding="utf-8") as f:
        data = json.load(f)
    data.setdefault("messages", {})
    data.setdefault("narration", {})
    data.setdefault("words", {})
    data["_patterns"] = [(re.compile(p), r) for p, r in data.get("patterns", [])]
    return data


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a message expects."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def tr(key: str, lang: Optional[str] = None, /, **params: Any) -> str:
    """The message `key` in `lang` (default: the package's), filled with `params`.

    A key missing from the language falls back to English, then to the key itself (never raises:
    a widget must not break over a missing word; the catalogue test catches missing keys)."""
    lang = _check(lang)
    text = catalogue(lang)["messages"].get(key)
    if text is None:
        text = catalogue("en")["messages"].get(key, key)
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def has(key: str, lang: Optional[str] = None) -> bool:
    return key in catalogue(_check(lang))["messages"]


def word(text: Any, lang: Optional[str] = None) -> Any:
    """An English word or phrase of the engine in `lang`: exact entries first, then the patterns
    (each may apply once, in order); anything else is returned unchanged (numbers, square ids)."""
    lang = _check(lang)
    if lang == "en" or not isinstance(text, str) or not text:
        return text
    cat = catalogue(lang)
    if text in cat["words"]:
        return cat["words"][text]
    out = text
    for rx, repl in cat["_patterns"]:
        out = rx.sub(lambda m: _expand(m, repl, lang), out)
    return out


def _expand(m: "re.Match", repl: str, lang: str) -> str:
    """A pattern's replacement: ``\\1`` groups, each itself translated as a word."""
    def group(g: "re.Match") -> str:
        value = m.group(int(g.group(1))) or ""
        return str(word(value, lang))

    return re.sub(r"\\(\d)", group, repl)


def narrate(key: str, case: str, params: Mapping[str, Any], english: Mapping[str, str], lang: Optional[str] = None) -> str:
    """One event of the engine as a line of the log, with its Case: `english` is the engine's own
    table (:data:`dodnb.rules.events.NARRATION_EN`), used as is in English; in another language the
    catalogue's line for `key`, with the English words inside the parameters translated."""
    lang = _check(lang)
    if lang == "en":
        fmt = english.get(key, key)
        values = dict(params)
    else:
        fmt = catalogue(lang)["narration"].get(key) or english.get(key, key)
        values = {k: word(v, lang) for k, v in params.items()}
    try:
        line = fmt.format(**values)
    except (KeyError, IndexError, ValueError):
        line = f"{key} {values}"
    return f"{line} [{case}]" if case else line


def join(names: Iterable[str], lang: Optional[str] = None) -> str:
    """'A, B and C' in `lang`."""
    names = [str(n) for n in names]
    if not names:
        return tr("words.nobody", lang)
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + tr("words.and", lang) + names[-1]


__all__ = ["LANGUAGES", "set_language", "get_language", "catalogue", "tr", "word", "narrate", "join", "placeholders", "LanguageError"]
