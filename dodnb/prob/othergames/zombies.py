"""Zombies!!! (Twilight Creations): exact odds for its combat, with the best use of bullets.

Source: the French rules in /work/shared/seeds/004_*.txt.  Citations name its headings:

* "Règles de Combat" -- a fight is one d6: 4, 5 or 6 wins.  On 1-3 the player either gives
  up a life token and rolls again, or spends bullet tokens, each adding 1 to the roll, to
  bring it up to 4.  The fight goes on until the player wins or has no life token left; he
  may never walk away.
* "Préparation" -- each player starts with 3 life tokens and 3 bullets.
* "Règles Supplémentaires Et Clarifications" -- never more than 5 life tokens; bullets are
  unlimited.

The fight is a Markov chain over (zombies still to beat, lives, bullets).  Which losing rolls
deserve bullets is a decision; :func:`optimal_policy` finds the best rule by exact dynamic
programming (backward induction with Fractions), and :func:`fight` pushes the chain forward
under any rule to get the exact distribution of how the fight ends.
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Callable, NamedTuple

from dodnb.i18n import Words, check_language, term, text, tr
from dodnb.prob.dist import Dist, fmt_fraction
from dodnb.prob.othergames._common import OtherGameInputError, pct, whole

__all__ = [
    "WIN_ON",
    "MAX_LIVES",
    "combat_roll",
    "FightEnd",
    "Spent",
    "Policy",
    "optimal_policy",
    "simple_policy",
    "SIMPLE_POLICIES",
    "fight",
    "win_chance",
    "expected_spent",
    "policy_label",
]

COMBAT = "Zombies!!!, Règles de Combat"
SETUP = "Zombies!!!, Préparation"
EXTRA = "Zombies!!!, Règles Supplémentaires Et Clarifications"

WIN_ON = 4  # [Règles de Combat] 4, 5 or 6 wins
MAX_LIVES = 5  # [Règles Supplémentaires] never more than 5 life tokens
START_LIVES = START_BULLETS = 3  # [Préparation]

WON = "won"
DIED = "died"
LIFE = "life"  # action: give up a life token and roll again


def _bullets_needed(roll: int) -> int:
    """[Règles de Combat] Bullets that turn ``roll`` into a win (each bullet adds 1): 0 on 4+."""
    return max(0, WIN_ON - roll)


def combat_roll() -> Dist:
    """[Règles de Combat] One combat die, read as the number of bullets it takes to win."""
    acc = {}
    for roll in range(1, 7):
        need = _bullets_needed(roll)
        acc[need] = acc.get(need, 0) + 1
    steps = [
        Words("og.zz.roll.rule", where=COMBAT),
        Words("og.zz.roll.bullets"),
    ]
    return Dist(acc, steps=steps, title=Words("og.zz.roll.title"))


class FightEnd(NamedTuple):
    """How a fight (or a run of fights) ended: result, life tokens left, bullets left."""

    result: str
    lives: int
    bullets: int

    def explain_label(self, lang: str | None = None) -> str:
        """In words, in `lang`: "won, 2 lives and 1 bullet left" (never the tuple's repr)."""
        return tr("og.zz.end", lang, result=self.result, lives=self.lives, bullets=self.bullets)


class Spent(NamedTuple):
    """Expected tokens given up: bullets, lives, and their weighted total (bullets + life_value*lives)."""

    bullets: Fraction
    lives: Fraction
    tokens: Fraction


def _check_start(lives, bullets, zombies):
    lives = whole(lives, "lives (life tokens)", EXTRA, lo=1, hi=MAX_LIVES)
    bullets = whole(bullets, "bullets", COMBAT, lo=0, hi=200)
    zombies = whole(zombies, "zombies (fights in a row)", COMBAT, lo=1, hi=25)
    return lives, bullets, zombies


def _check_values(life_value, death_cost):
    if isinstance(life_value, float) or isinstance(death_cost, float):
        raise OtherGameInputError(
            f"[{COMBAT}] life_value / death_cost must be ints or Fractions (exact), got "
            f"{life_value!r} / {death_cost!r}"
        )
    try:
        life_value = Fraction(life_value)
    except (TypeError, ValueError):
        raise OtherGameInputError(f"[{COMBAT}] life_value must be a number of bullets, got {life_value!r}") from None
    if life_value < 0:
        raise OtherGameInputError(f"[{COMBAT}] life_value must be >= 0, got {life_value}")
    if death_cost is not None:
        try:
            death_cost = Fraction(death_cost)
        except (TypeError, ValueError):
            raise OtherGameInputError(f"[{COMBAT}] death_cost must be a number, got {death_cost!r}") from None
        if death_cost < 0:
            raise OtherGameInputError(f"[{COMBAT}] death_cost must be >= 0, got {death_cost}")
    return life_value, death_cost


# --------------------------------------------------------------------------- policies


class Policy:
    """A bullet-spending rule: for a state (zombies left, lives, bullets) and a losing roll, spend or not.

    ``decide(zombies, lives, bullets, roll)`` returns the number of bullets to spend, or
    ``"life"`` to give up a life token and roll again.  It is only asked about rolls of 1-3
    when enough bullets are in hand; otherwise the rules decide.
    """

    def __init__(self, name: str, decide: Callable[[int, int, int, int], int | str], description: str,
                 values: dict | None = None, objective: str = ""):
        # description and objective: plain text, or dodnb.i18n.Words written in the reader's language
        self.name = name
        self._decide = decide
        self.description = description
        self.values = values or {}
        self.objective = objective

    def action(self, zombies: int, lives: int, bullets: int, roll: int) -> int | str:
        """What happens on ``roll``: 0 (won outright), k bullets spent, or "life"."""
        need = _bullets_needed(roll)
        if need == 0:
            return 0
        if bullets < need:
            return LIFE  # [Règles de Combat] not enough bullets: a life token must go
        choice = self._decide(zombies, lives, bullets, roll)
        if choice not in (need, LIFE):
            raise OtherGameInputError(
                f"[{COMBAT}] policy {self.name!r} answered {choice!r} for roll {roll}; it must spend exactly "
                f"{need} bullet(s) or answer 'life'"
            )
        return choice

    def rows(self, zombies: int = 1, lives_range=range(1, MAX_LIVES + 1), bullets_range=range(0, 7)):
        """[(lives, bullets, {roll: action for rolls 1-3})] for a quick look at the rule."""
        out = []
        for lv in lives_range:
            for b in bullets_range:
                out.append((lv, b, {r: self.action(zombies, lv, b, r) for r in (1, 2, 3)}))
        return out

    def table(self, zombies: int = 1, max_bullets: int = 6, lang: str | None = None) -> str:
        """Text grid: for each life count (rows) and bullet count (columns), the rolls that get bullets.
        In `lang` (default: the package's language)."""
        lang = check_language(lang)
        corner = tr("og.zz.policy.corner", lang)
        width = max(13, len(corner))
        head = corner.rjust(width) + " " + " ".join(f"{b:>5}" for b in range(max_bullets + 1))
        lines = [tr("og.zz.policy.caption", lang, name=self.name, zombies=zombies), head]
        for lv in range(1, MAX_LIVES + 1):
            cells = []
            for b in range(max_bullets + 1):
                spend = [r for r in (3, 2, 1) if self.action(zombies, lv, b, r) != LIFE]
                cells.append(("".join(map(str, spend)) or "-").rjust(5))
            lines.append(f"{lv:>{width}} " + " ".join(cells))
        lines.append(tr("og.zz.policy.key", lang))
        return "\n".join(lines)

    def explain(self, lang: str | None = None) -> str:
        lang = check_language(lang)
        lines = [tr("og.zz.policy.name", lang, name=self.name), text(self.description, lang)]
        if self.objective:
            lines.append(text(self.objective, lang))
        lines.append(self.table(lang=lang))
        return "\n".join(lines)

    def _repr_html_(self, zombies: int = 1, max_bullets: int = 6) -> str:
        lang = check_language(None)
        out = [f'<div class="dodnb-policy"><b>{html.escape(term("zz_policy", self.name, lang))}</b>'
               + html.escape(tr("og.zz.policy.html_caption", lang, zombies=zombies)),
               '<table style="border-collapse:collapse"><tr><th style="padding:2px 6px">'
               + html.escape(tr("og.zz.policy.corner_html", lang)) + "</th>"]
        out += [f'<th style="padding:2px 6px">{b}</th>' for b in range(max_bullets + 1)]
        out.append("</tr>")
        for lv in range(1, MAX_LIVES + 1):
            out.append(f'<tr><th style="padding:2px 6px">{lv}</th>')
            for b in range(max_bullets + 1):
                spend = [r for r in (3, 2, 1) if self.action(zombies, lv, b, r) != LIFE]
                shade = ["#ffffff", "#f3d5d5", "#e39a9a", "#c95555"][len(spend)]
                label = ", ".join(map(str, spend)) or "&ndash;"
                out.append(f'<td style="padding:2px 6px;text-align:center;background:{shade}">{label}</td>')
            out.append("</tr>")
        out.append("</table></div>")
        return "".join(out)

    def __repr__(self) -> str:
        return f"<Zombies!!! policy {self.name!r}>"


def simple_policy(name: str) -> Policy:
    """Fixed rules of thumb to compare with the optimum.

    * "bullets_first": spend bullets whenever they save the roll.
    * "save_bullets": spend bullets only when giving up a life would kill you (1 life left).
    * "no_bullets": never spend bullets (they are kept for later).
    """
    if name == "bullets_first":
        return Policy(name, lambda z, lv, b, r: _bullets_needed(r),
                      Words("og.zz.simple.bullets_first"))
    if name == "save_bullets":
        return Policy(name, lambda z, lv, b, r: _bullets_needed(r) if lv == 1 else LIFE,
                      Words("og.zz.simple.save_bullets"))
    if name == "no_bullets":
        return Policy(name, lambda z, lv, b, r: LIFE, Words("og.zz.simple.no_bullets"))
    raise OtherGameInputError(
        f"[{COMBAT}] unknown policy {name!r}; use 'optimal' or one of {', '.join(SIMPLE_POLICIES)}"
    )


SIMPLE_POLICIES = ("bullets_first", "save_bullets", "no_bullets")


class _Value(NamedTuple):
    win: Fraction  # P(beat every zombie)
    cost: Fraction  # E[bullets + life_value * lives lost (+ death_cost if dead)]


def _solve(zombies: int, lives: int, bullets: int, life_value: Fraction, death_cost: Fraction | None,
           memo: dict) -> _Value:
    """Backward induction: the best value from (zombies, lives, bullets) before the next roll."""
    key = (zombies, lives, bullets)
    if key in memo:
        return memo[key][0]
    win = Fraction(0)
    cost = Fraction(0)
    choices = {}
    for roll in range(1, 7):
        best, choice = _best_action(zombies, lives, bullets, roll, life_value, death_cost, memo)
        win += best.win / 6
        cost += best.cost / 6
        choices[roll] = choice
    val = _Value(win, cost)
    memo[key] = (val, choices)
    return val


def _after(zombies, lives, bullets, action, life_value, death_cost, memo) -> _Value:
    """Value of taking ``action`` (bullets spent, or LIFE) in this state."""
    if action != LIFE:
        if zombies == 1:
            return _Value(Fraction(1), Fraction(action))
        nxt = _solve(zombies - 1, lives, bullets - action, life_value, death_cost, memo)
        return _Value(nxt.win, nxt.cost + action)
    if lives == 1:  # the last life token goes: the player is dead [Règles de Combat]
        return _Value(Fraction(0), life_value + (death_cost or 0))
    nxt = _solve(zombies, lives - 1, bullets, life_value, death_cost, memo)
    return _Value(nxt.win, nxt.cost + life_value)


def _better(a: _Value, b: _Value, scalar: bool) -> bool:
    """Is ``a`` strictly better than ``b``?  Win first, then fewer tokens (or one scalar cost)."""
    if scalar:
        return a.cost < b.cost
    return (a.win, -a.cost) > (b.win, -b.cost)


def _best_action(zombies, lives, bullets, roll, life_value, death_cost, memo):
    need = _bullets_needed(roll)
    if need == 0:
        return _after(zombies, lives, bullets, 0, life_value, death_cost, memo), 0
    life = _after(zombies, lives, bullets, LIFE, life_value, death_cost, memo)
    if bullets < need:
        return life, LIFE
    spend = _after(zombies, lives, bullets, need, life_value, death_cost, memo)
    # ties go to the bullets: a life token is the scarcer thing (at most 5) -- ruling Z1
    if _better(life, spend, death_cost is not None):
        return life, LIFE
    return spend, need


def optimal_policy(*, life_value=1, death_cost=None) -> Policy:
    """[Règles de Combat] The best bullet-spending rule, by exact dynamic programming.

    Default objective: first make winning as likely as possible, then give up as few tokens as
    possible on average, a life counting ``life_value`` bullets.  The rule covers any number of
    zombies to beat in a row, lives and bullets (values are computed when first asked for).  With ``death_cost`` the
    objective is instead one number to minimise: bullets + life_value x lives lost +
    death_cost if the player dies (so bullets may be saved at some risk).
    """
    life_value, death_cost = _check_values(life_value, death_cost)
    memo: dict = {}

    def decide(z, lv, b, roll):
        _solve(z, lv, b, life_value, death_cost, memo)
        return memo[(z, lv, b)][1][roll]

    if death_cost is None:
        objective = Words("og.zz.objective.win", life=fmt_fraction(life_value))
    else:
        objective = Words("og.zz.objective.cost", life=fmt_fraction(life_value), death=fmt_fraction(death_cost))
    return Policy("optimal", decide, Words("og.zz.optimal"),
                  values=memo, objective=objective)


def _policy(policy, life_value, death_cost) -> Policy:
    if isinstance(policy, Policy):
        return policy
    if policy == "optimal":
        return optimal_policy(life_value=life_value, death_cost=death_cost)
    return simple_policy(policy)


# --------------------------------------------------------------------------- the fight (forward chain)


def fight(lives: int = START_LIVES, bullets: int = START_BULLETS, *, zombies: int = 1,
          policy: str | Policy = "optimal", life_value=1, death_cost=None) -> Dist:
    """[Règles de Combat] Exact Dist of how the fight ends: :class:`FightEnd` (result, lives, bullets).

    ``zombies`` fights in a row (tokens carry over, nothing is picked up in between).
    ``policy``: "optimal" (see :func:`optimal_policy`), "bullets_first", "save_bullets",
    "no_bullets", or a :class:`Policy`.
    """
    lives, bullets, zombies = _check_start(lives, bullets, zombies)
    life_value, death_cost = _check_values(life_value, death_cost)
    pol = _policy(policy, life_value, death_cost)
    live = {(zombies, lives, bullets): Fraction(1)}
    ended: dict[FightEnd, Fraction] = {}
    rolls = 0
    per_roll = []
    while live:
        rolls += 1
        nxt: dict[tuple, Fraction] = {}
        for (z, lv, b), p in live.items():
            for roll in range(1, 7):
                q = p / 6
                act = pol.action(z, lv, b, roll)
                if act == LIFE:
                    if lv == 1:
                        key = FightEnd(DIED, 0, b)
                        ended[key] = ended.get(key, Fraction(0)) + q
                    else:
                        nxt[(z, lv - 1, b)] = nxt.get((z, lv - 1, b), Fraction(0)) + q
                elif z == 1:
                    key = FightEnd(WON, lv, b - act)
                    ended[key] = ended.get(key, Fraction(0)) + q
                else:
                    nxt[(z - 1, lv, b - act)] = nxt.get((z - 1, lv, b - act), Fraction(0)) + q
        live = nxt
        per_roll.append(sum((p for e, p in ended.items() if e.result == WON), Fraction(0)))
    dist = Dist(ended)
    p_win = dist.p(lambda e: e.result == WON)
    spent = _spent_from(dist, lives, bullets, zombies, life_value)
    steps = [
        Words("og.zz.fight.start", where=SETUP, lives=lives, bullets=bullets, zombies=zombies),
        Words("og.zz.fight.rule", where=COMBAT),
        Words("og.zz.fight.policy", name=pol.name, description=pol.description),
        Words("og.zz.fight.chain", most=zombies + lives - 1, rolls=rolls),
        Words("og.zz.fight.per_roll", values=", ".join(fmt_fraction(p) for p in per_roll)),
        Words("og.zz.fight.win", p=pct(p_win), bullets=fmt_fraction(spent.bullets), lives=fmt_fraction(spent.lives)),
    ]
    return Dist(dist.as_dict(), steps=steps,
                title=Words("og.zz.fight.title", lives=lives, bullets=bullets, zombies=zombies, name=pol.name))


def _spent_from(dist: Dist, lives: int, bullets: int, zombies: int, life_value: Fraction) -> Spent:
    eb = sum(((bullets - e.bullets) * p for e, p in dist.items()), Fraction(0))
    el = sum(((lives - e.lives) * p for e, p in dist.items()), Fraction(0))
    return Spent(eb, el, eb + life_value * el)


def win_chance(lives: int = START_LIVES, bullets: int = START_BULLETS, **kw) -> Fraction:
    """[Règles de Combat] P(beating the zombie(s)) under the chosen rule (default: optimal)."""
    return fight(lives, bullets, **kw).p(lambda e: e.result == WON)


def expected_spent(lives: int = START_LIVES, bullets: int = START_BULLETS, *, life_value=1, **kw) -> Spent:
    """[Règles de Combat] Expected bullets and lives given up in the fight (lives lost on death included)."""
    lives, bullets, zombies = _check_start(lives, bullets, kw.get("zombies", 1))
    lv, _ = _check_values(life_value, kw.get("death_cost"))
    d = fight(lives, bullets, life_value=life_value, **kw)
    return _spent_from(d, lives, bullets, zombies, lv)



def policy_label(name: str, lang: str | None = None) -> str:
    """A rule's name for a reader, in `lang` (default: the package's): "optimal" / « optimale »; a
    name the catalogues do not know is shown as it is."""
    return term("zz_policy", name, lang)
