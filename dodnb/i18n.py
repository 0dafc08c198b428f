"""French and English for what a learner reads: message catalogues, one plain table per language,
and a small message format that writes grammatical sentences from structured parameters.

The catalogues are JSON files in ``dodnb/data/i18n/`` (``en.json``, ``fr.json``). Both hold the same
keys with the same placeholders (``tests/test_i18n.py`` checks it) in these sections:

* ``messages``: labels, buttons, headings and explanations of the widgets, by key;
* ``events``: one line per event key of the rules engine (:class:`dodnb.rules.events.Event`);
* ``refusals``: one sentence per refusal key of the engine (:class:`dodnb.errors.RuleViolation`);
* ``terms``: enums by table (``status``, ``phase``, ``compass``, ``outcome``, ``door_kind``...), each
  value a word or a set of forms (below);
* ``grammar``: how the language counts and lists (``one``: the counts that take the singular, 1 in
  English, 0 and 1 in French; ``and``/``comma``: the list joints; ``unit``: the gender of a zombie unit).

Each character's gender is read from the counters data (``dodnb/data/counters.json``, ``"gender"``:
``"f"`` for Fran, ``"m"`` for the men), not from the catalogues: the same fact serves both languages.

The message format
------------------
A message is text with placeholders in braces (``{{`` and ``}}`` are literal braces):

``{name}``
    the parameter's value: a tuple or list of names is listed in the language ("Peter and Roger",
    « Peter et Roger »); numbers and strings as they are; an enum by its value.
``{name:one=is|are}``
    one of several forms, chosen by the *grammar* of parameter `name`. Forms are separated by ``|``;
    each is ``tags=text`` or a bare ``text`` (matches anything); the first form whose tags all match
    is taken. Tags: ``one`` / ``many`` (the count: a list's length, a number, one for a single name)
    and ``m`` / ``f`` (the gender: a character's from the counters; a list is ``f`` only if every
    name in it is), joined by dots: ``{who:one.f=activée|one=activé|f=activées|activés}``.
``{name:path}``
    a tuple of squares as a path: ``030 → 031 → 032``.
``{name:%}``, ``{name:%0}``, ``{name:.3}``, ``{name:in}``
    a probability as a percentage (1 decimal, or as many as given), a number with 3 decimals, a
    probability as "1 in N", each in the language (:func:`fmt_percent`, :func:`fmt_number`,
    :func:`fmt_one_in`): « 44,4 % », « 4,320 », « 1 sur 7,2 ».
``{name:@table}``
    the value (or each value of a list) looked up in ``terms[table]``; a term that has forms
    agrees with the parameter itself; ``{name:@table/other}`` makes it agree with parameter `other`
    instead (``{status:@status/who}``: « Fran est maintenant sonnée »). A value missing from the
    table is shown as it is.

    >>> fill("{who} {who:one=is|are} activated", {"who": ("Peter", "Roger")}, "en")
    'Peter and Roger are activated'
    >>> fill("{who} {who:one=est|sont} {who:one.f=activée|one=activé|f=activées|activés}", {"who": ("Fran",)}, "fr")
    'Fran est activée'
    >>> fill("{n} unit{n:one=|s}", {"n": 2}, "en")
    '2 units'

:func:`tr` fills a message, :func:`event_line` an event, :func:`refusal` a refusal; :func:`names`
lists names and :func:`term` translates one enum value. No French is written in Python code: it all
lives in the catalogues. This module imports only dodnb.errorbase and reads the data folder: every
layer may use it (it sits at the bottom, between dodnb.errorbase and dodnb.errors, which reads its
sentences from here).

    >>> import dodnb
    >>> dodnb.set_language("fr")          # the default of every widget built afterwards
    >>> tr("stepper.step")
    'Pas'
"""

from __future__ import annotations

import json
import re
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from dodnb.errorbase import InputError, Readable

LANGUAGES = ("en", "fr")
_DATA = Path(__file__).resolve().parent / "data"
_FOLDER = _DATA / "i18n"
_current = "en"

#: The sections that hold sentences by key (the same keys and placeholders in every language).
SECTIONS = ("messages", "events", "refusals", "notes")


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


def check_language(lang: Optional[str]) -> str:
    """'en' or 'fr' for a language code (None: the package default); else LanguageError."""
    if lang is None:
        return _current
    code = str(lang).strip().lower()[:2]
    if code not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return code


_check = check_language


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The whole catalogue of one language (read once)."""
    lang = _check(lang)
    with open(_FOLDER / f"{lang}.json", encoding="utf-8") as f:
        data = json.load(f)
    for section in (*SECTIONS, "terms", "grammar"):
        data.setdefault(section, {})
    return data


@lru_cache(maxsize=1)
def genders() -> dict[str, str]:
    """Each character's grammatical gender ('m' or 'f'), from the counters data."""
    with open(_DATA / "counters.json", encoding="utf-8") as f:
        chars = json.load(f).get("characters", {})
    return {name: str(d.get("gender", "m")) for name, d in chars.items()}


# ---------------------------------------------------------------------------------------------
# the message format

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_]\w*)(?::([^{}]*))?\}")
_UNIT = re.compile(r"^Z\d+$")


def placeholders(text: str) -> set[str]:
    """The parameters a message uses (``{name}``, ``{name:...}``, and `other` of ``@table/other``)."""
    out = set()
    for m in _FIELD.finditer(text):
        if m.group(1):
            out.add(m.group(1))
            spec = m.group(2) or ""
            if spec.startswith("@") and "/" in spec:
                out.add(spec.split("/", 1)[1])
    return out


def _items(value: Any) -> Optional[list]:
    return list(value) if isinstance(value, (tuple, list, frozenset, set)) else None


def _gender_of(name: Any, lang: str) -> str:
    text = str(name.value if isinstance(name, Enum) else name)
    g = genders().get(text)
    if g:
        return g
    if _UNIT.match(text):  # a zombie unit: "une unité", "a unit"
        return str(catalogue(lang)["grammar"].get("unit", "m"))
    return "m"


def grammar(value: Any, lang: Optional[str] = None) -> tuple[str, str]:
    """(number, gender) of a parameter: number 'one' or 'many', gender 'm' or 'f'."""
    lang = _check(lang)
    items = _items(value)
    one = catalogue(lang)["grammar"].get("one", [1])
    if items is not None:
        number = "one" if len(items) == 1 else "many"
        gender = "f" if items and all(_gender_of(v, lang) == "f" for v in items) else "m"
        return number, gender
    if isinstance(value, bool):
        return ("one" if value else "many"), "m"
    if isinstance(value, int):
        return ("one" if value in one else "many"), "m"
    return "one", _gender_of(value, lang)


def _pick(forms: str | Mapping[str, str], number: str, gender: str) -> str:
    """The first form whose tags all hold (see the module's format)."""
    if isinstance(forms, str):
        choices = []
        for part in forms.split("|"):
            tags, eq, text = part.partition("=")
            choices.append((tags, text) if eq else ("", part))
    else:
        choices = list(forms.items())
    have = {number, gender}
    for tags, text in choices:
        if not tags or tags == "other" or set(tags.split(".")) <= have:
            return text
    return choices[-1][1] if choices else ""


def names(values: Iterable[Any], lang: Optional[str] = None) -> str:
    """'A, B and C' in `lang` (« A, B et C »); nobody: the catalogue's word for nobody."""
    lang = _check(lang)
    g = catalogue(lang)["grammar"]
    items = [str(v.value if isinstance(v, Enum) else v) for v in values]
    if not items:
        return tr("words.nobody", lang)
    if len(items) == 1:
        return items[0]
    return g.get("comma", ", ").join(items[:-1]) + g.get("and", " and ") + items[-1]


def join(values: Iterable[Any], lang: Optional[str] = None) -> str:
    """Old name of :func:`names`."""
    return names(values, lang)


def term(table: str, value: Any, lang: Optional[str] = None, agree: Any = None) -> str:
    """One enum value in `lang` from ``terms[table]``, agreeing with `agree` (default: the value)."""
    lang = _check(lang)
    key = str(value.value if isinstance(value, Enum) else value)
    entry = catalogue(lang)["terms"].get(table, {}).get(key)
    if entry is None:
        entry = catalogue("en")["terms"].get(table, {}).get(key, key)
    if isinstance(entry, str):
        return entry
    return _pick(entry, *grammar(value if agree is None else agree, lang))


def _show(value: Any, lang: str) -> str:
    if isinstance(value, Readable):  # a refusal's part, or the refusal behind it, in `lang`
        return value.text(lang)
    items = _items(value)
    if items is not None:
        return names(items, lang)
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def fill(text: str, params: Mapping[str, Any], lang: Optional[str] = None) -> str:
    """A message of the format above, filled with `params` in `lang`. A missing parameter is left
    as its placeholder (a widget must not break over a word; the catalogue tests catch it)."""
    lang = _check(lang)

    def one(m: "re.Match") -> str:
        whole, name, spec = m.group(0), m.group(1), m.group(2)
        if name is None:
            return whole[0]
        if name not in params:
            return whole
        value = params[name]
        if not spec:
            return _show(value, lang)
        if spec == "path":
            return " → ".join(map(str, _items(value) or [value]))
        if spec[0] == "%" and spec[1:].isdigit() or spec == "%":
            return fmt_percent(value, int(spec[1:] or 1), lang)
        if spec[0] == "." and spec[1:].isdigit():
            return fmt_number(value, int(spec[1:]), lang)
        if spec == "in":
            return fmt_one_in(value, lang)
        if spec.startswith("@"):
            table, _, other = spec[1:].partition("/")
            agree = params.get(other) if other else None
            items = _items(value)
            if items is not None:
                return names([term(table, v, lang, agree if other else v) for v in items], lang)
            return term(table, value, lang, agree if other else None)
        return _pick(spec, *grammar(value, lang))

    return _FIELD.sub(one, text)


def _entry(section: str, key: str, lang: str) -> Optional[str]:
    text = catalogue(lang)[section].get(key)
    if text is None:
        text = catalogue("en")[section].get(key)
    return text


def tr(key: str, lang: Optional[str] = None, /, **params: Any) -> str:
    """The message `key` in `lang` (default: the package's), filled with `params`.

    A key missing from the language falls back to English, then to the key itself (never raises:
    a widget must not break over a missing word; the catalogue test catches missing keys)."""
    lang = _check(lang)
    text = _entry("messages", key, lang)
    if text is None:
        return key
    return fill(text, params, lang) if params else fill(text, {}, lang)


# ---------------------------------------------------------------------------------------------
# numbers in the reader's language: the one place that writes a decimal point or comma and a %

def fmt_number(x: Any, digits: int = 1, lang: Optional[str] = None) -> str:
    """`x` rounded exactly to `digits` decimals, with the language's decimal mark: '1.5', « 1,5 ».

    A Fraction is rounded exactly (no float involved); a float as Python rounds it."""
    from fractions import Fraction

    lang = _check(lang)
    mark = str(catalogue(lang)["grammar"].get("decimal", "."))
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        scaled = round(Fraction(x) * 10**digits)
        sign = "-" if scaled < 0 else ""
        whole, frac = divmod(abs(scaled), 10**digits)
        text = f"{sign}{whole}.{frac:0{digits}d}" if digits else f"{sign}{whole}"
    else:
        text = f"{float(x):.{digits}f}"
    return text.replace(".", mark)


def fmt_short(x: Any, lang: Optional[str] = None) -> str:
    """A setting such as a time budget, as short as it goes ('1.5', '4'; « 1,5 »)."""
    return f"{float(x):g}".replace(".", str(catalogue(_check(lang))["grammar"].get("decimal", ".")))


def fmt_percent(p: Any, digits: int = 1, lang: Optional[str] = None) -> str:
    """A probability as a percentage in `lang`: '44.4%', « 44,4 % » (a narrow no-break space)."""
    lang = _check(lang)
    return fmt_number(p * 100, digits, lang) + str(catalogue(lang)["grammar"].get("percent", "%"))


def fmt_seconds(s: float, lang: Optional[str] = None) -> str:
    """A duration: '1.5 s', « 1,5 s »."""
    lang = _check(lang)
    return fmt_number(s, 1, lang) + str(catalogue(lang)["grammar"].get("seconds", " s"))


def fmt_one_in(p: Any, lang: Optional[str] = None) -> str:
    """'1 in 36' / « 1 sur 36 »; 'never' / « jamais » for 0."""
    from fractions import Fraction

    p = Fraction(p)
    if p == 0:
        return tr("words.never", lang)
    n = 1 / p
    return tr("words.one_in", lang, n=str(n.numerator) if n.denominator == 1 else fmt_number(n, 1, lang))


class Words(str, Readable):
    """A sentence kept by its catalogue key and parameters, so that it can be written again in any
    language: ``Words("dist.result")``. As a ``str`` it is the English sentence (so code that
    compares, joins or caches it sees one stable text whatever the language); ``text(lang)`` and
    :func:`text` write it in `lang`. A parameter that is itself a Words (or any Readable) is written
    in the sentence's language. Made where the engine writes a derivation (dodnb.prob) and written
    out where it is shown (``Dist.explain``, the calculators)."""

    key: str
    params: dict

    def __new__(cls, key: str, /, **params: Any) -> "Words":
        self = super().__new__(cls, tr(key, "en", **params))
        self.key = key
        self.params = params
        return self

    def text(self, lang: Optional[str] = None) -> str:
        return tr(self.key, lang, **self.params)

    def __reduce__(self):
        return (_words, (self.key, self.params))


def _words(key: str, params: Mapping[str, Any]) -> Words:
    return Words(key, **params)


def text(value: Any, lang: Optional[str] = None) -> str:
    """`value` written in `lang`: a :class:`Words` or other Readable by its catalogue sentence, anything
    else as ``str(value)``."""
    if isinstance(value, Readable):
        return value.text(lang)
    return str(value)


def has(key: str, lang: Optional[str] = None, section: str = "messages") -> bool:
    return key in catalogue(_check(lang))[section]


def _cite(line: str, case: Any) -> str:
    return f"{line} [{case}]" if case else line


def event_line(key: str, case: Any, params: Mapping[str, Any], lang: Optional[str] = None) -> str:
    """One event of the engine as a line of the log in `lang`, with its Case at the end."""
    lang = _check(lang)
    text = _entry("events", key, lang)
    line = fill(text, params, lang) if text is not None else f"{key} {dict(params)}"
    return _cite(line, case)


def refusal(key: str, params: Mapping[str, Any], lang: Optional[str] = None) -> str:
    """A refusal of the engine as a sentence in `lang`, without its Case."""
    lang = _check(lang)
    text = _entry("refusals", key, lang)
    return fill(text, params, lang) if text is not None else f"{key} {dict(params)}"


__all__ = [
    "LANGUAGES", "SECTIONS", "set_language", "get_language", "check_language", "catalogue", "tr", "fill", "names",
    "join", "term", "Words", "text", "grammar", "fmt_number", "fmt_short", "fmt_percent", "fmt_seconds", "fmt_one_in", "genders", "event_line", "refusal", "placeholders", "LanguageError",
]
