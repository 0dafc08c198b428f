"""Co-operative play for three or four players (rules, "Optional three and four player versions").

"Each player controls one character (if three are playing, one player controls both Fran and
Steve). The zombies are moved according to the solitaire rules (15.0). The players work together
to fulfil the Human Victory Conditions. The players discuss which character or stack of characters
will be moved each Human Player-Turn (within the restrictions of 5.0), and then the player or players
controlling the chosen character(s) conduct the move. If the game ends in a Human Victory, all the
players win. If the game ends any other way, all the players lose."

:class:`CoopGame` is a thin wrapper over :class:`~dodnb.rules.game.Game` (solitaire, zombies by
:func:`~dodnb.rules.solitaire.zombie_policy`) that says *who* decides each human decision:

* choosing which character or stack moves (an ``Activate``, or ending the turn unmoved) is the
  table's decision: ``"table"`` (ruling C1);
* everything the moving stack then does (moves, doors, shots, rifles) belongs to the player(s)
  controlling its characters [15.0 optional], the first of them in seat order speaking for a mixed
  stack (ruling C1);
* reaction fire and naming who is attacked in a square [8.0], [8.1] belong to the players of the
  characters in that square.

Each player is "ask" (a person decides: :meth:`CoopGame.apply`) or a policy; the table's decision
uses ``table=`` (default "ask"). The result is shared: :attr:`CoopGame.outcome`.
"""

from __future__ import annotations

import random
from typing import Mapping, Optional, Sequence, Union

from dodnb.errors import InputError, RuleViolation
from dodnb.rules.actions import Action
from dodnb.rules.counters import CHARACTERS
from dodnb.rules.events import Note
from dodnb.rules.game import DecisionNeeded, Game, Policy, policy_of
from dodnb.rules.solitaire import zombie_policy
from dodnb.rules.vocab import PendingKind, Side

__all__ = ["CoopGame", "default_seats"]


def default_seats(players: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The rules' assignment: four players one character each; three players, one plays Steve and Fran."""
    players = list(players)
    if len(players) == 4:
        return {p: (c,) for p, c in zip(players, CHARACTERS)}
    if len(players) == 3:
        return {players[0]: ("Peter",), players[1]: ("Roger",), players[2]: ("Steve", "Fran")}
    raise RuleViolation("15.0", "coop.players", n=len(players))


class CoopGame:
    """A co-operative game: `seats` maps each player to the characters he controls (default: the
    rules' assignment for the names in `players`), `policies` each player to "ask" or a policy."""

    def __init__(
        self,
        players: Union[Sequence[str], Mapping[str, Sequence[str]]],
        seed: Optional[int] = None,
        policies: Optional[Mapping[str, Union[str, Policy, None]]] = None,
        table: Union[str, Policy, None] = "ask",
        **game_kw,
    ):
        seats = dict(players) if isinstance(players, Mapping) else default_seats(players)
        self.seats = {p: tuple(cs) for p, cs in seats.items()}
        self._check_seats()
        self.controller = {c: p for p, cs in self.seats.items() for c in cs}
        pol = dict(policies or {})
        unknown = set(pol) - set(self.seats)
        if unknown:
            raise InputError(f"policies for unknown player(s): {', '.join(sorted(unknown))}")
        self.policies = {p: policy_of(pol.get(p, "ask")) for p in self.seats}
        self.table_policy = policy_of(table)
        self.game = Game(seed, solitaire=True, human=self._human, zombie=zombie_policy, **game_kw)

    def _check_seats(self) -> None:
        got = [c for cs in self.seats.values() for c in cs]
        if sorted(got) != sorted(CHARACTERS) or len(got) != len(set(got)):
            raise RuleViolation("15.0", "coop.seats", names=tuple(CHARACTERS), seats=str(self.seats))
        n = len(self.seats)
        if n not in (3, 4):
            raise RuleViolation("15.0", "coop.count", n=n)
        if n == 3 and not any(set(cs) == {"Steve", "Fran"} for cs in self.seats.values()):
            raise RuleViolation("15.0", "coop.three")

    # ------------------------------------------------------------------ who decides
    def deciders(self) -> list[str]:
        """Who decides now: ["table"], the player(s) concerned in seat order, or [] (dice, zombies, over)."""
        st = self.game.state
        p = st.pending
        if p is None or p.side != Side.HUMAN:
            return []
        if p.kind == PendingKind.ACT:
            if st.activation is None:
                return ["table"]
            names = st.activation.stack
        elif st.attack is not None:
            names = tuple(c.name for c in st.characters_in(st.attack.square))
        else:
            names = ()
        seats = list(self.seats)
        return sorted({self.controller[n] for n in names}, key=seats.index) or ["table"]

    def _human(self, state, legal: Sequence[Action], rng: random.Random):
        who = self.deciders()[0]
        pol = self.table_policy if who == "table" else self.policies[who]
        if pol is None:
            raise DecisionNeeded(f"{who} decides here ({state.pending.purpose}): choose one of legal_actions() and apply() it")
        got = pol(state, legal, rng)
        action, note = got if isinstance(got, tuple) else (got, None)
        return action, Note("coop.says", "15.0", who=who, note=note) if note else Note("coop.decides", "15.0", who=who)

    # ------------------------------------------------------------------ playing
    @property
    def state(self):
        return self.game.state

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions()

    def apply(self, action: Action):
        """A person's decision (the player(s) named by :meth:`deciders`)."""
        return self.game.apply(action)

    def waiting_for_person(self) -> bool:
        who = self.deciders()
        if not who:
            return False
        pol = self.table_policy if who[0] == "table" else self.policies[who[0]]
        return pol is None

    def step(self):
        return self.game.step()

    def play(self, max_steps: int = 100_000) -> list:
        """Steps until the game ends or a person must decide."""
        out = []
        for _ in range(max_steps):
            if self.game.over or self.waiting_for_person():
                break
            out += self.game.step()
        return out

    @property
    def outcome(self) -> Optional[str]:
        """Shared result, in the package's language: "all the players win" (Human Victory [14.2]), "all the
        players lose", or None."""
        r = self.game.result
        if r is None:
            return None
        from dodnb.i18n import tr

        return tr("coop.win" if r.winner == Side.HUMAN else "coop.lose")

    def __repr__(self) -> str:
        seats = "; ".join(f"{p}: {' and '.join(cs)}" for p, cs in self.seats.items())
        return f"<CoopGame {seats} — {self.game!r}>"

    def __str__(self) -> str:
        """What `print(coop)` shows: who plays whom, and where the game is, in words (the package's
        language)."""
        from dodnb.i18n import tr

        seats = "; ".join(tr("coop.seat", player=p, who=tuple(cs)) for p, cs in self.seats.items())
        return tr("coop.summary", seats=seats, game=str(self.game))
