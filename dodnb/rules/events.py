"""What happened, as data: each event carries its Case, the dice, and a message key with structured
parameters (names as tuples, enum values, numbers, squares) — never a sentence. The sentences live
once per language in the catalogues (``dodnb/data/i18n/*.json``, section ``events``), which the log,
the widgets and :meth:`Event.text` read; grammar (plurals, lists, genders) comes from the data too.
Policies explain their choices with a :class:`Note` (section ``notes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from dodnb import i18n
from dodnb.display import action_words
from dodnb.errorbase import Readable


@dataclass(frozen=True)
class Event:
    """One thing that happened: message key, Case, parameters, dice faces."""

    key: str
    case: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    dice: tuple[int, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.params)

    def text(self, lang: Optional[str] = None) -> str:
        """The line of the log in `lang` (default: the package's language), with the Case cited at
        the end. (A policy's choice names the action as the engine writes it; the presenter,
        :mod:`dodnb.render.present`, words actions in every language.)"""
        params = {k: (v.text(lang, cite=v.case != self.case) if isinstance(v, Note) else v) for k, v in self.params}
        return i18n.event_line(self.key, self.case, params, lang)

    def __str__(self) -> str:
        """The line in the package's language (`dodnb.set_language`), as ``print(event)`` shows it."""
        return self.text(None)


class ChosenAction(str, Readable):
    """The action a side chose, inside its ``policy_choice`` event: as a ``str`` the engine's English
    (`said`, else ``str(action)``; the game passes the action with a unit named by its square, ruling
    E23), and ``text(lang)`` in the learner's words (:func:`dodnb.display.action_words`,
    worded by the render layer from the state it was chosen in)."""

    action: Any
    state: Any

    def __new__(cls, action: Any, state: Any = None, said: Optional[str] = None) -> "ChosenAction":
        self = super().__new__(cls, str(action) if said is None else said)
        self.action = action
        self.state = state
        return self

    def text(self, lang: Optional[str] = None) -> str:
        return action_words(self.action, lang, self.state)

    def __reduce__(self):
        return (ChosenAction, (self.action, self.state, str(self)))


def ev(key: str, case: str = "", dice: tuple[int, ...] = (), **params: Any) -> Event:
    """The engine's own events: Event(key, case, params, dice) without the frozen __init__'s setattr calls."""
    e = object.__new__(Event)
    e.__dict__.update(key=key, case=case, params=tuple(params.items()), dice=tuple(dice))
    return e


class Note(str):
    """Why a policy chose what it chose: a key of the catalogues' ``notes`` with structured
    parameters, and a Case. As a string it is the English sentence, Case first ("[15.5] priority 3:
    ..."), so code that prints or searches notes keeps working; :meth:`text` gives any language.
    ``str(note)`` keeps the note (``__str__`` returns it), so the key travels into the log."""

    key: str
    case: str
    params: dict

    def __new__(cls, key: str, case: str = "", /, **params: Any) -> "Note":
        self = super().__new__(cls, _note_text(key, case, params, "en"))
        self.key, self.case, self.params = key, case, dict(params)
        return self

    def __str__(self) -> str:
        return self

    def __reduce__(self):
        return (_rebuild_note, (self.key, self.case, self.params))

    def text(self, lang: Optional[str] = None, cite: bool = True) -> str:
        """The note in `lang`, its Case first unless `cite` is False (a log line cites it at its end)."""
        return _note_text(self.key, self.case if cite else "", self.params, lang)


def _rebuild_note(key: str, case: str, params: dict) -> "Note":
    return Note(key, case, **params)


def _note_text(key: str, case: str, params: dict, lang: Optional[str]) -> str:
    lang = i18n.check_language(lang)
    fmt = i18n.catalogue(lang).get("notes", {}).get(key) or i18n.catalogue("en").get("notes", {}).get(key, key)
    line = i18n.fill(fmt, {k: (v.text(lang) if isinstance(v, Note) else v) for k, v in params.items()}, lang)
    return f"[{case}] {line}" if case else line
