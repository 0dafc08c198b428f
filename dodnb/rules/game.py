"""`Game`: a whole game of *Dawn of the Dead* you can step, undo, save and replay.

    >>> from dodnb import Game
    >>> g = Game(seed=1, human="random", zombie="random")
    >>> g.pending.side                      # whose decision: 'human', 'zombie' or 'chance'
    'human'
    >>> events = g.step()                   # one decision (a policy decides) or one die roll
    >>> g.undo(); g.redo()                  # history is kept
    >>> g.cursor, len(g.timeline)           # one timeline of plies, and where play stands in it
    (1, 1)
    >>> text = g.save(); Game.load(text).state == g.state
    True

The rules themselves live in :mod:`dodnb.rules.engine`; `Game` keeps one timeline of plies (each
action with the state it led to, its events and the policy's note) and a cursor in it for undo, redo
and a history slider (:meth:`Game.goto`); it asks policies for the sides the user does not play,
and rolls the dice at chance nodes with its one seeded source, :class:`dodnb.rules.dice.Dice` (each
roll is drawn from the seed and the move number, so undo and replay give the same dice).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol, Sequence, Union, runtime_checkable

from dodnb.display import show
from dodnb.board.model import Board, load_board
from dodnb.errors import InputError, RuleViolation
from dodnb.i18n import tr
from dodnb.rules import engine
from dodnb.rules.actions import Action, Roll, action_from_json
from dodnb.rules.counters import Counters, default_counters
from dodnb.rules.dice import Dice, class_roll
from dodnb.rules.events import ChosenAction, Event, Note, ev
from dodnb.rules.setup import initial_state, unit_ids
from dodnb.rules.state import GameState, Pending
from dodnb.rules.tables import Tables
from dodnb.rules.vocab import Phase, Side

SAVE_FORMAT = "dodnb-game"
#: 2: the units' ids are drawn by the seed (:func:`dodnb.rules.setup.unit_ids`, issue 33);
#: 1: the ids followed the values (Z01 a 1, Z50 the 11) — read by :func:`upgrade_save`.
SAVE_VERSION = 2
#: The key of the event that marks a roll the class threw with real dice (:meth:`Game.roll_in_class`).
IN_CLASS = "rolled_in_class"

#: A policy chooses among the legal actions. It may return ``(action, note)``: the note (e.g. which
#: solitaire priority chose the move, "[15.5] priority 3") is narrated in the log.
Policy = Callable[[GameState, Sequence[Action], random.Random], Union[Action, tuple]]


@runtime_checkable
class StartingPosition(Protocol):
    """What `Game(position=...)` starts from: a study position (:class:`~dodnb.rules.position.Position`)
    gives its board and the engine's state with play started there, with the events of the start [4.0].
    (A protocol, so that this module need not import the position module, which imports it.)"""

    @property
    def board(self) -> Board: ...

    def start_state(self, ctx: Any = None) -> tuple[GameState, list]: ...


class DecisionNeeded(InputError):
    """`step()` reached a decision of a side the user plays: choose with `apply()`."""


# ---------------------------------------------------------------------------------- policies


def random_policy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Random-legal: any legal action, equally likely."""
    return legal[rng.randrange(len(legal))]


def first_policy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Always the first legal action (deterministic; handy for exact enumeration)."""
    return legal[0]


class ScriptedPolicy:
    """Plays the given actions in order (tests, teaching); then falls back to `then` (or raises)."""

    def __init__(self, actions: Iterable[Action], then: Optional[Policy] = None):
        self.actions = list(actions)
        self.then = then

    def __call__(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Union[Action, tuple]:
        if self.actions:
            return self.actions.pop(0)
        if self.then is None:
            raise DecisionNeeded("the script of decisions ran out")
        return self.then(state, legal, rng)


POLICIES = {"random": random_policy, "first": first_policy}


def policy_of(p: Union[str, Policy, None]) -> Optional[Policy]:
    """The policy a side is given as: 'ask' or None (the user decides: None), a name of `POLICIES`, or
    a function."""
    if p is None or p == "ask":
        return None
    if isinstance(p, str):
        if p not in POLICIES:
            raise InputError(f"unknown policy {p!r}: use 'ask', 'random', 'first' or a function")
        return POLICIES[p]
    return p


def _case_of(note: object) -> str:
    """'[15.5] priority 3: ...' -> '15.5' (the Case a policy's note cites first), else ''."""
    text = str(note)
    if text.startswith("[") and "]" in text:
        return text[1:text.index("]")]
    return ""


# ---------------------------------------------------------------------------------- plies


@dataclass(frozen=True)
class Ply:
    """One step of a game's timeline: the action taken (a decision or a chance outcome), the state
    it led to (automatic steps settled), what happened, and the note of the policy that chose it
    (e.g. "[15.5] priority 3"; None when nobody explained the choice)."""

    action: Action
    state: GameState
    events: tuple[Event, ...]
    note: Optional[str] = None


@dataclass(frozen=True)
class Preview:
    """What an action would do, nothing applied (:meth:`Game.preview`): the state and events it
    would give, and the Movement Points the active stack would spend on it [5.1], [5.9] (0 for an
    action that spends none: shooting [6.2], every zombie decision, every chance outcome)."""

    action: Action
    state: GameState
    events: tuple[Event, ...]
    cost: int

    @property
    def left(self) -> Optional[int]:
        """Movement Points the active stack would have left; None when no stack would be active."""
        act = self.state.activation
        return act.left if act is not None else None


def _count(n: object) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InputError(f"undo and redo take a number of actions (0 or more), not {n!r}")


def _mp_cost(before: GameState, after: GameState) -> int:
    """Movement Points spent between two states of one Human Player-Turn [5.1]: what the active
    stack spent (0 when the action activates a stack, ends the turn, or is not the humans')."""
    if before.activation is None or after.activation is None or after.turn != before.turn:
        return 0
    if after.activation.stack != before.activation.stack:
        return 0
    return after.activation.spent - before.activation.spent


def _said(action: Action, st: GameState) -> str:
    """An action as the engine writes it (``str``), a zombie unit named by its square, not its id
    (issue 33): what a policy's choice says in the log when nobody words it (the presenter,
    :func:`dodnb.render.narrate.event_line`, words the action itself in every language)."""
    text = str(action)
    uid = getattr(action, "uid", "") or getattr(action, "who", "")
    i = st.unit_index(uid) if isinstance(uid, str) and uid else None
    if i is None:
        return text
    sq = st.zombies[i].square
    return text.replace(uid, tr("unit.in", "en", square=sq) if sq else tr("unit.some", "en"))


# ---------------------------------------------------------------------------------- old saves

_UID = re.compile(r"\bZ\d\d\b")


def upgrade_save(data: Mapping[str, Any], counters: Optional[Counters] = None) -> dict:
    """A saved game (:meth:`Game.save`'s JSON, read) in this version's form; a new dict, `data` untouched.

    Version 1 (before issue 33) gave a seeded set-up's units the ids of the sorted Zombie Values
    (Z01..Z06 the 1s, Z50 the 11): such a game gets the ids a set-up from its seed gives now
    (:func:`~dodnb.rules.setup.unit_ids`, unit by unit in set-up order), in its start and in every
    saved action, so it replays move for move, value for value, only the ids changed. A version 1
    game whose start does not hold those ids (a study position, a state of one's own) keeps its ids.
    Anything else is returned as it is (Game.load then checks it)."""
    out = dict(data)
    if out.get("version") != 1:
        return out
    out["version"] = SAVE_VERSION
    start, seed = out.get("start"), out.get("seed")
    zombies = start.get("zombies") if isinstance(start, dict) else None
    values = (counters or default_counters()).zombie_values()
    old = {f"Z{i:02d}": v for i, v in enumerate(values, start=1)}
    if (isinstance(seed, bool) or not isinstance(seed, int) or not isinstance(zombies, list) or len(zombies) != len(values)
            or not all(isinstance(z, dict) and z.get("uid") in old and old[z["uid"]] == z.get("value") for z in zombies)
            or len({z["uid"] for z in zombies}) != len(zombies)):
        return out
    new = dict(zip((z["uid"] for z in zombies), unit_ids(seed, len(zombies))))

    def relabel(x: Any) -> Any:
        if isinstance(x, str):
            return _UID.sub(lambda m: new.get(m.group(0), m.group(0)), x)
        if isinstance(x, list):
            return [relabel(v) for v in x]
        if isinstance(x, dict):
            return {k: relabel(v) for k, v in x.items()}
        return x

    out["start"] = relabel(start)
    out["actions"] = relabel(out.get("actions"))
    return out


# ---------------------------------------------------------------------------------- Game


class Game:
    """A game: one timeline of plies, a cursor in it, and the policies that decide for the sides
    the user does not play ("ask" means the user decides with :meth:`apply`).

    seed:  set-up shuffle, hidden squares and dice (None: a random seed, kept in `self.seed`);
    human, zombie: "ask" (default for the humans), "random", "first" or a function
        ``(state, legal_actions, rng) -> action``;
    state: start from this engine state instead of a new set-up;
    position: start from a study position (:class:`~dodnb.rules.position.Position`): play begins
        at the start of the phase it names, every step of that phase happening;
    placement, hidden_squares: set-up choices [3.1], [3.2]; fran_counts_two: the French
        reading of [14.1] (docs/RULINGS.md);
    dice: a script for teaching and tests — the n-th roll `step()` makes uses dice[n] (a total, or a
        list of faces) before the seeded dice take over; undo and redo keep to the same script.

    Reading the timeline: `start` (the settled first position), `timeline` (every ply, those undone
    included, until a new action replaces them), `cursor` (how many plies are played), `plies` (the
    played ones), `goto(k)` (the position after k plies: undo or redo in one jump). `history`,
    `actions`, `events` and `log` are views of the played plies."""

    def __init__(
        self,
        seed: Optional[int] = None,
        board: Optional[Board] = None,
        counters: Optional[Counters] = None,
        tables: Optional[Tables] = None,
        *,
        human: Union[str, Policy, None] = "ask",
        zombie: Union[str, Policy, None] = "random",
        state: Optional[GameState] = None,
        placement: Optional[dict] = None,
        hidden_squares: Optional[Iterable[str]] = None,
        fran_counts_two: bool = False,
        solitaire: bool = False,
        dice: Optional[Sequence] = None,
        position: Optional[StartingPosition] = None,
    ):
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"seed must be a whole number, got {seed!r}")
        self.seed = seed
        self.dice = Dice(seed, dice or ())
        if position is not None:
            if not isinstance(position, StartingPosition):
                raise InputError(f"position must be a dodnb.Position, got {type(position).__name__}")
            if state is not None or placement is not None or hidden_squares is not None or solitaire or fran_counts_two:
                raise InputError("a position says everything about the start: give position= alone, without state=, placement=, hidden_squares=, solitaire= or fran_counts_two=")
            if board is not None and board.name != position.board.name:
                raise InputError(f"the position is on the map {position.board.name!r}, not {board.name!r}")
            board = position.board
        self.board = board or (state.board if state is not None else load_board())
        if state is not None and state.board is self.board and counters is None and tables is None:
            self.ctx = state.ctx  # a state carries its rules object (GameState.ctx)
        else:
            self.ctx = engine.context(self.board, counters, tables)
        opening: list[Event] = []
        if position is not None:
            state, opening = position.start_state(self.ctx)
        if state is None:
            state = initial_state(self.board, self.ctx.counters, seed=seed, placement=placement,
                                  hidden_squares=hidden_squares, solitaire=solitaire)
            if fran_counts_two:
                state = replace(state, fran_counts_two=True)
        if state.ctx is not self.ctx:
            state = state.evolve(ctx=self.ctx)  # every state of the game refers to the game's rules object
        if state.pending is None and state.result is None:
            state, opening = engine.settle(state, self.ctx)  # the automatic steps of a study position
        self.opening_events = opening
        self.policies: dict[str, Optional[Policy]] = {Side.HUMAN.value: policy_of(human), Side.ZOMBIE.value: policy_of(zombie)}
        self._policy_names = {Side.HUMAN.value: human if isinstance(human, str) else "custom", Side.ZOMBIE.value: zombie if isinstance(zombie, str) else "custom"}
        self.start: GameState = state
        self._timeline: list[Ply] = []
        self._cursor = 0

    # ------------------------------------------------------------------ the timeline
    @property
    def timeline(self) -> tuple[Ply, ...]:
        """Every ply: the played ones, then those undone that `redo()` would play again."""
        return tuple(self._timeline)

    @property
    def cursor(self) -> int:
        """How many plies of the timeline are played (0: the start)."""
        return self._cursor

    @property
    def plies(self) -> tuple[Ply, ...]:
        """The plies played, oldest first."""
        return tuple(self._timeline[: self._cursor])

    def ply(self, k: int = -1) -> Ply:
        """One played ply: the k-th (0 is the first), or counted from the last with k < 0."""
        n = self._cursor
        i = k + n if k < 0 else k
        if not 0 <= i < n:
            raise InputError(f"{n} plies are played: there is no ply {k}")
        return self._timeline[i]

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._timeline)

    def goto(self, k: int) -> None:
        """Stand after the first k plies of the timeline (0: the start): undo or redo in one jump."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self._timeline):
            raise InputError(f"the timeline has plies 0 to {len(self._timeline)}, not {k!r}")
        self._cursor = k

    def _play(self, action: Action, state: GameState, events: list[Event], note: Optional[str]) -> None:
        del self._timeline[self._cursor:]  # a new action replaces the plies undone
        ply = object.__new__(Ply)  # Ply(action, state, events, note) without the frozen __init__'s setattr calls
        ply.__dict__.update(action=action, state=state, events=tuple(events), note=note)
        self._timeline.append(ply)
        self._cursor += 1

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self._timeline[self._cursor - 1].state if self._cursor else self.start

    @property
    def history(self) -> list[GameState]:
        """The states played through: the start, then the state after each played ply."""
        return [self.start] + [p.state for p in self._timeline[: self._cursor]]

    @property
    def actions(self) -> list[Action]:
        """The actions played (dice rolls and draws included), oldest first."""
        return [p.action for p in self._timeline[: self._cursor]]

    @property
    def events(self) -> list[list[Event]]:
        """The events of each played ply."""
        return [list(p.events) for p in self._timeline[: self._cursor]]

    @property
    def dice_script(self) -> tuple:
        """The scripted rolls (see `dice=`); setting it replaces the script."""
        return self.dice.script

    @dice_script.setter
    def dice_script(self, rolls: Sequence) -> None:
        self.dice.script = rolls

    @property
    def pending(self) -> Optional[Pending]:
        return self.state.pending

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self):
        return self.state.result

    @property
    def log(self) -> list[Event]:
        return self.opening_events + [e for p in self._timeline[: self._cursor] for e in p.events]

    def legal_actions(self) -> list[Action]:
        return engine.legal_actions(self.state, self.ctx)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return engine.chance_outcomes(self.state, self.ctx)

    def check(self, action: Action) -> Optional[RuleViolation]:
        """None if `action` is legal now, else the reason with its Case (nothing is applied)."""
        return engine.check(self.state, self.ctx, action)

    def preview(self, action: Action) -> Preview:
        """What `action` would do now — the state, the events, the Movement Points it costs — with
        nothing applied. RuleViolation (naming its Case) if it is illegal; the game is untouched."""
        before = self.state
        new, events = engine.apply(before, self.ctx, action)
        return Preview(action, new, tuple(events), _mp_cost(before, new))

    def observation(self) -> dict:
        from dodnb.rules.observe import observation

        return observation(self.state, self.ctx)

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action) -> list[Event]:
        """Take one action (a decision, or a chance outcome at a chance node)."""
        new, events = engine.apply(self.state, self.ctx, action)
        self._play(action, new, events, None)
        return events

    def _rng(self) -> random.Random:
        return self.dice.rng(self._cursor)

    def roll(self) -> Action:
        """The outcome the seeded dice give at this chance node (not applied)."""
        p = self.pending
        if p is None or p.side != Side.CHANCE:
            raise InputError("this is not a chance node: nothing to roll")
        if p.kind.is_roll:
            rolls = sum(1 for pl in self._timeline[: self._cursor] if isinstance(pl.action, Roll)) if self.dice.script else 0
            return self.dice.roll(self._cursor, p.dice, rolls, p.case)
        outs = self.chance_outcomes()
        return outs[self.dice.pick(self._cursor, len(outs))][0]

    def roll_in_class(self, faces: Union[str, int, Sequence[int]]) -> list[Event]:
        """Play the dice the class threw at this chance node instead of the seeded ones: `faces` as
        read off the dice (``"3 5"``, ``"35"``, ``[3, 5]``; one die: ``4``). Each face is checked
        [2.5], the number of dice is the node's, the total must be one the node can give; a refused
        roll raises with its Case and changes nothing. The log marks the roll "rolled in class";
        undo, redo and saving treat it like any other action, so one game may mix seeded and
        real dice (:func:`dodnb.rules.dice.class_roll`)."""
        p = self.pending
        outcomes = [o for o, _ in self.chance_outcomes()] if p is not None and p.side == Side.CHANCE and not p.kind.is_roll else []
        action, faces_read = class_roll(p, faces, outcomes)
        why = self.check(action)
        if why is not None:
            raise why
        new, events = engine.apply(self.state, self.ctx, action)
        events = [ev(IN_CLASS, "2.5", dice=faces_read, faces=" + ".join(map(str, faces_read)))] + events
        self._play(action, new, events, None)
        return events

    def decide(self) -> Union[Action, tuple]:
        """The action the policy of the side to move chooses (not applied): an action, or
        ``(action, note)`` when the policy explains its choice."""
        p = self.pending
        if p is None:
            raise InputError("the game is over")
        if p.side == Side.CHANCE:
            return self.roll()
        policy = self.policies.get(p.side)
        if policy is None:
            raise DecisionNeeded(f"the {p.side} player decides here ({p.purpose}): choose one of game.legal_actions() and game.apply() it")
        legal = self.legal_actions()
        return policy(self.state, legal, self._rng())

    def step(self) -> list[Event]:
        """One step: roll the dice at a chance node, or let the policy decide."""
        choice = self.decide()
        note = None
        if isinstance(choice, tuple):
            choice, note = choice
        if note is None:
            return self.apply(choice)
        side = self.pending.side if self.pending else ""
        new, events = engine.apply(self.state, self.ctx, choice)
        events = [Event("policy_choice", _case_of(note), (("side", side), ("action", ChosenAction(choice, self.state, _said(choice, self.state))),
                                                             ("why", note if isinstance(note, Note) else str(note))))] + events
        self._play(choice, new, events, str(note))
        return events

    def step_phase(self, max_steps: int = 10_000) -> list[Event]:
        """Steps until the phase changes, the game ends, or a decision of the user is pending."""
        start = (self.state.turn, self.state.phase)
        out: list[Event] = []
        for _ in range(max_steps):
            if self.over or (self.state.turn, self.state.phase) != start:
                break
            p = self.pending
            if p is not None and p.side != Side.CHANCE and self.policies.get(p.side) is None:
                break
            out += self.step()
        return out

    def play(self, max_steps: int = 100_000) -> list[Event]:
        """Steps until the game ends or a decision of the user is pending."""
        out: list[Event] = []
        for _ in range(max_steps):
            p = self.pending
            if self.over or (p is not None and p.side != Side.CHANCE and self.policies.get(p.side) is None):
                break
            out += self.step()
        return out

    def undo(self, n: int = 1) -> None:
        """Take back the last n actions (dice rolls included); `redo()` puts them back."""
        _count(n)
        if n > self._cursor:
            raise InputError("nothing to undo: this is the start of the game" if not self._cursor
                             else f"only {self._cursor} action(s) to undo, not {n}")
        self._cursor -= n

    def redo(self, n: int = 1) -> None:
        """Play again the next n plies undone (the same states, events and notes)."""
        _count(n)
        left = len(self._timeline) - self._cursor
        if n > left:
            raise InputError("nothing to redo" if not left else f"only {left} action(s) to redo, not {n}")
        self._cursor += n

    # ------------------------------------------------------------------ saving
    def save(self) -> str:
        """Versioned JSON: the starting position, the seed, and every action (dice included)."""
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seed": self.seed,
            "board": self.board.name,
            "policies": self._policy_names,
            "start": self.start.to_dict(),
            "actions": [p.action.to_json() for p in self._timeline[: self._cursor]],
        }
        in_class = {i: list(p.events[0].dice) for i, p in enumerate(self._timeline[: self._cursor]) if p.events and p.events[0].key == IN_CLASS}
        if in_class:  # which actions were dice thrown in class, with their faces (older readers ignore it)
            data["in_class"] = {str(i): f for i, f in in_class.items()}
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def load(cls, text: Union[str, bytes, dict], board: Optional[Board] = None, counters: Optional[Counters] = None,
             human: Union[str, Policy, None] = "ask", zombie: Union[str, Policy, None] = "random") -> "Game":
        """Rebuild a saved game by replaying it; a clear InputError (or the RuleViolation of the first
        illegal action, naming its number) for a damaged file — never a half-loaded game."""
        if isinstance(text, (str, bytes)):
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise InputError(f"this is not a saved game (not JSON: {exc})") from exc
        else:
            data = text
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InputError('this is not a dodnb saved game (missing "format": "dodnb-game")')
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise InputError(f"saved game version {version!r} is not a whole number")
        if version > SAVE_VERSION:
            raise InputError(f"this game was saved by a newer dodnb (version {version}); this one reads version {SAVE_VERSION}")
        if version < 1:
            raise InputError(f"unknown saved game version {version}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"saved game seed {seed!r} is not a whole number")
        data = upgrade_save(data, counters)
        board = board or load_board()
        if data.get("board") not in (None, board.name):
            raise InputError(f"this game was saved on the map {data.get('board')!r}, not {board.name!r}")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise InputError("saved game has no list of actions")
        raw_start = data.get("start")
        if not isinstance(raw_start, dict):
            raise InputError(f"saved game has no starting position (a JSON object), got {type(raw_start).__name__}")
        start = GameState.from_dict(raw_start, board)
        if start.result is None:
            try:
                settled, _ = engine.settle(replace(start, pending=None), engine.context(board, counters))
            except (KeyError, TypeError, ValueError, AttributeError, IndexError, StopIteration) as exc:
                raise InputError(f"the saved starting position is inconsistent ({type(exc).__name__}: {exc})") from exc
            if settled != start:
                raise InputError("the saved starting position is inconsistent: its bookkeeping does not lead to the decision it says is pending")
        in_class = data.get("in_class") or {}
        if not isinstance(in_class, dict):
            raise InputError('saved game: "in_class" must map action numbers to the faces the class threw')
        g = cls(seed, board, counters, human=human, zombie=zombie, state=start)
        for i, raw in enumerate(actions, start=1):
            a = action_from_json(raw)
            why = g.check(a)
            if why is not None:
                raise InputError(f"saved action {i} ({a}) is not legal in the game as replayed: {why}", why.case)
            thrown = in_class.get(str(i - 1))
            if thrown is None:
                g.apply(a)
                continue
            try:  # the game is being rebuilt: a refusal discards it whole
                g.roll_in_class(thrown)
            except (InputError, RuleViolation) as exc:
                raise InputError(f"saved action {i} ({a}) is marked as dice thrown in class, but {exc}") from exc
            if g.actions[-1] != a:
                raise InputError(f"saved action {i} ({a}) is marked as dice thrown in class with faces {thrown}, which give {g.actions[-1]}")
        return g

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        st = self.state
        where = "over: " + st.result.winner + " win" if st.result else f"turn {st.turn}, {Phase(st.phase).label}"
        return f"<Game seed={self.seed}: {where}, {self._cursor} actions>"

    def __str__(self) -> str:
        """What `print(game)` shows a learner: where the game is, in words, in the package's language
        (`dodnb.set_language`; repr() stays short)."""
        from dodnb.i18n import tr

        st = self.state
        if st.result:
            return tr("game.summary_over", winner=st.result.winner, case=st.result.case, n=self._cursor, seed=self.seed)
        return tr("game.summary_turn", turn=st.turn, phase=tr(f"phase.long.{st.phase}"), n=self._cursor, seed=self.seed)

    def _repr_svg_(self) -> Optional[str]:
        """The position drawn (by the render layer, through :mod:`dodnb.display`)."""
        return show(self, "image/svg+xml")

    def _repr_png_(self) -> Optional[bytes]:
        """A PNG too: JupyterLab renders it in an untrusted notebook, where SVG shows as text."""
        return show(self, "image/png")
