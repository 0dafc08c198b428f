"""What an exercise says, kept as catalogue keys and parameters until it is read (both languages).

A :class:`Phrase` is a message key of ``dodnb/data/i18n/*.json`` with its parameters; a parameter may
itself be a Phrase, a :class:`Percent` (written by :func:`dodnb.i18n.fmt_percent` in the reader's
language: « 41,7 % »), a Fraction (written ``5/12``), or a :class:`Worded` thing that only the render
layer knows how to word: a legal action of the engine (``action_words``), why a line of sight is
blocked (``why``), a line of the Shot Modifier Chart (``modifier_words``).

This package sits under the render layer (tests/test_layers.py), so those three are worded through
:func:`dodnb.display.words`, as the core asks ``dodnb.display`` for its pictures: the package facade
(``dodnb/__init__.py``, which Python runs before any dodnb module) installs the render layer's words
there (:mod:`dodnb.render.exwords`). Without them a Worded thing falls back to its English code text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional

from dodnb.display import words
from dodnb.i18n import check_language, fmt_percent, term, tr

__all__ = ["Phrase", "Percent", "Term", "Worded", "Lazy", "text", "fraction_text"]

@dataclass(frozen=True)
class Percent:
    """A probability to be written as a percentage in the reader's language."""

    p: Fraction
    digits: int = 1


@dataclass(frozen=True)
class Term:
    """A word of the catalogues' ``terms`` tables (:func:`dodnb.i18n.term`): ``Term("sight", "wall")``."""

    table: str
    value: str


@dataclass(frozen=True)
class Lazy:
    """Words a lower layer already writes in any language: ``fn(lang) -> str`` (e.g. a best-play
    search's ``question_words``)."""

    fn: Callable[[str], str] = field(compare=False, repr=False)


@dataclass(frozen=True)
class Worded:
    """Something the render layer words: ``what`` is "action" (payload: (action, state)), "why"
    (payload: (board, sight, door_states)) or "modifier" (payload: (board, ModifierLine)).
    ``fallback``: the code's English text."""

    what: str
    payload: Any = field(compare=False, repr=False)
    fallback: str = ""


@dataclass(frozen=True)
class Phrase:
    """A catalogue message by key, with parameters: ``Phrase("ex.sight.q", a="024", b="062")``."""

    key: str
    params: tuple = ()

    def __init__(self, key: str, **params: Any):
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def text(self, lang: Optional[str] = None) -> str:
        lang = check_language(lang)
        return tr(self.key, lang, **{k: text(v, lang) if isinstance(v, WORDS) else v
                                     for k, v in self.params})

    def __str__(self) -> str:
        return self.text("en")


WORDS = (Phrase, Percent, Term, Worded, Lazy, Fraction)


def fraction_text(p: Fraction) -> str:
    """An exact probability as a fraction: '5/12', '1', '0' (the same in every language)."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def text(thing: Any, lang: Optional[str] = None) -> str:
    """Any of the above (or a plain string) in `lang`."""
    lang = check_language(lang)
    if isinstance(thing, Phrase):
        return thing.text(lang)
    if isinstance(thing, Percent):
        return fmt_percent(thing.p, thing.digits, lang)
    if isinstance(thing, Fraction):
        return fraction_text(thing)
    if isinstance(thing, Term):
        return term(thing.table, thing.value, lang)
    if isinstance(thing, Lazy):
        return thing.fn(lang)
    if isinstance(thing, Worded):
        said = words(thing.what, thing.payload, lang)
        return thing.fallback if said is None else said
    return str(thing)
