"""What happened, as data: each event carries its Case, the dice, and a narration key with
parameters, so a log reads as a story and can be translated (the widgets' catalogues reuse the keys).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from dodnb import i18n

#: English narration, one line per key; parameters are filled with str.format.
NARRATION_EN: dict[str, str] = {
    "setup": "Set-up: 45 zombie units face down on the zombie symbols, 5 hidden; the characters on their symbols; all doors open",
    "turn": "Game-Turn {turn} begins: Human Player-Turn",
    "phase": "{phase}",
    "activate": "{who} {verb} activated (Movement Allowance {allowance})",
    "carry": "{carrier} carries {carried}",
    "drop": "{carrier} puts {carried} down in {square}",
    "move": "{who} {verb} to {square} ({cost} MP, {left} left)",
    "reveal_on_entry": "A zombie unit was there: value {value} revealed",
    "wake": "{who} is no longer stunned: {by} came into the square",
    "hidden_revealed": "A hidden zombie appears in {square} (value {value})",
    "hidden_revealed_down": "The zombie player reveals a hidden zombie in {square}",
    "hidden_blocked": "The hidden zombie of {square} cannot appear while a zombie unit is there",
    "door": "{who} {verb} door {door} ({cost} MP)",
    "main_door": "{who} closes the {compass} main door: the rest of the turn is spent",
    "rifle": "{who} takes a hunting rifle ({left} left in 177)",
    "shot_declared": "{who} {verb} at {target}",
    "panic_check": "{who} checks panic: rolled {roll} against Panic Level {level}{inc}",
    "panics": "{who} panics (rolled {roll} ≤ Panic Level {level})",
    "keeps_nerve": "{who} keeps his nerve (rolled {roll} > Panic Level {level})",
    "panic_stops": "the panic ends the stack's move for this turn",
    "no_shot": "nobody fires",
    "shot": "{n}d6 rolled {roll} − {mod} = {result} against value {value}: {outcome}",
    "door_destroyed": "The closed glass door {door} is destroyed",
    "end_turn": "The Human Player-Turn ends",
    "berserk_stays": "{uid} in {square} stays berserk (rolled {roll})",
    "berserk_ends": "{uid} in {square} is no longer berserk (rolled {roll})",
    "berserk_goes": "{uid} in {square} goes berserk (rolled {roll})",
    "berserk_not": "{uid} in {square} does not go berserk (rolled {roll})",
    "berserk_none": "No unit is checked for berserk",
    "react": "{uid} moves from {frm} to {to} in reaction",
    "react_exempt": "{uid} in {square} cannot react: {why}",
    "free_roll": "The zombie player may move {n} unit{s} (rolled {roll})",
    "zmove": "{uid} moves from {frm} to {to}",
    "zstay": "{uid} stays in {square}",
    "super_move": "Super zombie {name} moves from {frm} to {to}{extra}",
    "glass_attempt": "{who} attacks the glass door {door}: rolled {roll} against value {value}: {outcome}",
    "glass_auto": "{who} smashes the glass door {door}",
    "attack_begins": "Zombie attack in {square} (value {value})",
    "attack_destroyed": "The attacker is destroyed before it can attack",
    "attack_count": "The zombie attacks {k} character{s}: strength {strength} each",
    "attack_roll": "Attack on {who}: rolled {roll} at strength {strength}: {outcome}",
    "status": "{who} is now {status}",
    "entrance_roll": "Zombie Entrance Table: rolled {roll}: {doors}",
    "entrance_skipped": "The Zombie Entrance Table is not used: {why}",
    "enter": "A zombie unit enters by the {compass} main door into {square}",
    "enter_ignored": "No unit enters by the {compass} door: {why}",
    "super_roll": "{who} (infected): rolled {roll}: {outcome}",
    "super_created": "{who} becomes a super zombie",
    "rifle_lost": "{who}'s hunting rifle is removed from play",
    "solitaire_count": "A die decides: the zombie attacks {k} of the {n} characters",
    "solitaire_tie": "A die picks {uid} among {n} equally near units",
    "hidden_table": "Hidden Zombie Table: dice {first} and {second}: {result}",
    "hidden_appears": "A hidden zombie appears in {square}",
    "policy_choice": "The {side} side chooses: {action} — {why}",
    "game_over": "Game over: {winner} win — {reason}",
    "eliminated": "{what} eliminated",
}


@dataclass(frozen=True)
class Event:
    """One thing that happened: narration key, Case, parameters, dice faces."""

    key: str
    case: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    dice: tuple[int, ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.params)

    def text(self, catalogue: dict[str, str] | None = None) -> str:
        """The narration line, with the Case cited at the end."""
        fmt = (catalogue or NARRATION_EN).get(self.key) or NARRATION_EN.get(self.key, self.key)
        try:
            line = fmt.format(**self.data)
        except (KeyError, IndexError, ValueError):
            line = f"{self.key} {self.data}"
        return f"{line} [{self.case}]" if self.case else line

    def __str__(self) -> str:
        return self.text()


def ev(key: str, case: str = "", dice: tuple[int, ...] = (), **params: Any) -> Event:
    return Event(key, case, tuple(params.items()), tuple(dice))


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

    def text(self, lang: Optional[str] = None) -> str:
        return _note_text(self.key, self.case, self.params, lang)


def _rebuild_note(key: str, case: str, params: dict) -> "Note":
    return Note(key, case, **params)


def _note_text(key: str, case: str, params: dict, lang: Optional[str]) -> str:
    lang = i18n.check_language(lang)
    fmt = i18n.catalogue(lang).get("notes", {}).get(key) or i18n.catalogue("en").get("notes", {}).get(key, key)
    line = i18n.fill(fmt, {k: (v.text(lang) if isinstance(v, Note) else v) for k, v in params.items()}, lang)
    return f"[{case}] {line}" if case else line
