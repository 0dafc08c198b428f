"""Zombie attacks, exactly [8.0]-[8.8], with reaction fire [6.9], [8.1] and solitaire [15.6].

Procedure [8.0]: (1) the characters in the square may shoot the attacker first, each checking
panic as for a same-square shot [6.9]; (2)-(3) k characters are attacked; (4) strength =
Zombie Value // k (round down); (5) 2d6 on the Zombie Attack Table for each attacked character,
results applied at once; a stunned or infected character who is stunned or infected again is
killed [8.5].
"""

from __future__ import annotations

import html
import itertools
import math
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from dodnb.errorbase import Readable
from dodnb.i18n import Words, check_language, fmt_percent as fmt_pc, term, tr
from dodnb.prob.dist import Dist, sort_key, fmt_fraction, fmt_percent
from dodnb.prob.errors import ProbError
from dodnb.prob.shots import (
    Shooter,
    fire_counts,
    as_value_dist,
    check_no_modifier_in_same_square,
    check_value,
    shooter,
    unseen_values,
    ways,
)
from dodnb.rules import core
from dodnb.rules.counters import STATUSES, CounterError, Counters, canonical_name, check_status, default_counters
from dodnb.rules.tables import ATTACK_RESULTS, Tables, default_tables
from dodnb.rules.vocab import Status

#: Effects of one attack on one character, least to most harmful: the Attack Table results [8.8]
#: ("none", "stunned", "infected"), then "killed" [8.5].
EFFECTS = (*ATTACK_RESULTS, Status.KILLED.value)
#: A character's status after an attack, in display order: the counter sides [2.3], then "killed" [8.5]
#: (plain strings of :class:`dodnb.rules.vocab.Status`).
STATUS_ORDER = (*STATUSES, Status.KILLED.value)


def _tables(dice_table: Any) -> Tables:
    if dice_table is None:
        return default_tables()
    if isinstance(dice_table, Tables):
        return dice_table
    raise ProbError("8.8", f"dice_table must be a Tables object (dodnb.rules.tables.load_tables) or None, got {type(dice_table).__name__}")


def _strength(strength: Any) -> int:
    if isinstance(strength, bool) or not isinstance(strength, int):
        raise ProbError("8.0", f"an attack strength must be a whole number, got {strength!r}")
    if strength < 0:
        raise ProbError("8.0", f"an attack strength cannot be negative, got {strength}")
    return strength


def attack_result(strength: int, dice_table: Tables | None = None) -> Dist:
    """Dist over 'none' / 'stunned' / 'infected' for one character attacked at this strength [8.8].

    Strength 0 (Zombie Value smaller than the number of characters attacked) has no column on the
    table; ruling (docs/RULINGS.md): no effect.  Strengths above 13 use the 9-13 column.
    """
    s = _strength(strength)
    t = _tables(dice_table)
    if s == 0:
        return Dist.certain("none", order=ATTACK_RESULTS).with_steps(
            Words("att.zero.step"),
            Words("att.zero.ruling"),
            title=Words("att.title.strength", s=0),
        )
    w = ways(2)
    acc = {r: 0 for r in ATTACK_RESULTS}
    totals: dict[str, list[int]] = {r: [] for r in ATTACK_RESULTS}
    for total in range(2, 13):
        r = t.attack_result(total, s)
        acc[r] += w[total]
        totals[r].append(total)
    col = t.column_label(s)
    steps = [Words("att.column", col=col, s=s)]
    for r in ("stunned", "infected", "none"):
        if totals[r]:
            detail = " + ".join(str(w[x]) for x in totals[r])
            steps.append(Words("att.result_line", r=r, totals=", ".join(map(str, totals[r])), detail=detail,
                               p=fmt_fraction(Fraction(acc[r], 36))))
    return Dist(acc, order=ATTACK_RESULTS).with_steps(*steps, title=Words("att.title.strength", s=s))


def new_status(status: str, effect: str) -> str:
    """A character's status after one attack result [8.3], [8.4], [8.5]."""
    status = _status(status)
    if effect not in EFFECTS:
        raise ProbError("8.2", f"unknown attack result {effect!r}: use 'none', 'stunned', 'infected' or 'killed'")
    return core.hit(status, effect)  # [8.3]-[8.5], stated once in dodnb.rules.core


def _status(status: str) -> str:
    try:
        return check_status(status)
    except CounterError as exc:
        raise ProbError(exc.case, exc.message) from exc


def attack_on(strength: int, status: str = "normal", dice_table: Tables | None = None) -> Dist:
    """Dist over 'none' / 'stunned' / 'infected' / 'killed' for one attack on a character [8.5].

    A normal character suffers the table result; a stunned or infected one is killed by any
    stun or infect result [8.5] and is otherwise unaffected.
    """
    st = _status(status)
    base = attack_result(strength, dice_table)
    if st == "normal":
        return Dist(base.as_dict(), order=EFFECTS).with_steps(
            *base.steps, Words("att.on_normal", st=st), title=Words("att.title.normal", s=strength)
        )
    harmed = 1 - base.p("none")
    d = Dist({"none": base.p("none"), "killed": harmed}, order=EFFECTS)
    return d.with_steps(
        *base.steps,
        Words("att.already", st=st),
        Words("att.killed_sum", a=fmt_fraction(base.p("stunned")), b=fmt_fraction(base.p("infected")), c=fmt_fraction(harmed)),
        title=Words("att.title.on", s=strength, st=st),
    )


def attack_strength(value: int | Dist, k: int) -> int | Dist:
    """Strength against each of k attacked characters: value // k, rounded down [8.0] step 4."""
    k = _k(k)
    value = check_value(value)
    if isinstance(value, Dist):
        return value.map(lambda v: core.strength(v, k))
    return core.strength(value, k)


def _k(k: Any, n: int | None = None) -> int:
    if isinstance(k, bool) or not isinstance(k, int):
        raise ProbError("8.0", f"the number of characters attacked must be a whole number, got {k!r}")
    if k < 1:
        raise ProbError("8.0", f"a zombie attack is made on at least one character, got {k}")
    if n is not None and k > n:
        raise ProbError("8.0", f"the zombie cannot attack {k} characters: only {n} are in the square")
    return k


# --------------------------------------------------------------------------- whole square


class SquareOutcome(NamedTuple):
    """Whole outcome of a zombie attack in one square."""

    destroyed: bool  # the attacker was destroyed by reaction fire, no attack [8.0] step 1
    panicked: tuple[str, ...]  # characters who panicked in the reaction fire [6.9]
    statuses: tuple[tuple[str, str], ...]  # (name, status after the attack) for every character

    def explain_label(self, lang: str | None = None) -> str:
        """Words for :meth:`Dist.explain` in `lang`: "Roger panicked; attack made: Peter stunned, Roger normal"."""
        panic = tr("att.label.panicked", lang, who=tuple(self.panicked)) if self.panicked else ""
        if self.destroyed:
            return tr("att.label.destroyed_panic", lang, panic=panic) if panic else tr("att.label.destroyed", lang)
        sts = ", ".join(f"{nm} {term('outcome', st, lang, agree=nm)}" for nm, st in self.statuses)
        return tr("att.label.panic_made", lang, panic=panic, sts=sts) if panic else tr("att.label.made", lang, sts=sts)

    def status(self, name: str) -> str:
        cname = canonical_name(name)
        for nm, st in self.statuses:
            if nm == cname:
                return st
        raise KeyError(cname)


def character_statuses(characters: Any) -> list[tuple[str, str]]:
    """The characters of a question as (name, status) pairs: one name, names (at normal status), or
    name -> status; each checked."""
    if isinstance(characters, str):
        characters = [characters]
    if isinstance(characters, Mapping):
        pairs = list(characters.items())
    else:
        pairs = []
        for c in characters:
            if isinstance(c, str):
                pairs.append((c, "normal"))
            else:
                name, st = c
                pairs.append((name, st))
    out = []
    for name, st in pairs:
        try:
            cname = canonical_name(name)
        except CounterError as exc:
            raise ProbError(exc.case, exc.message) from exc
        out.append((cname, _status(st)))
    if not out:
        raise ProbError("8.0", "a zombie attack needs at least one character in the square")
    names = [n for n, _ in out]
    if len(set(names)) != len(names):
        raise ProbError("8.0", f"a character is listed twice in the square: {names}")
    return out


def choose_targets(characters: Sequence[tuple[str, str]], k: int) -> tuple[str, ...]:
    """Default choice of the human player when fewer than all are attacked [8.0] step 3:
    characters at normal status first (an attack cannot kill them [8.5]), then in the order given.
    This is a policy, not a rule: pass ``targets=`` to choose otherwise."""
    ranked = sorted(range(len(characters)), key=lambda i: (characters[i][1] != "normal", i))
    return tuple(characters[i][0] for i in sorted(ranked[:k]))


def _kind(berserk: bool, super_zombies: int) -> str:
    return "super" if super_zombies else ("berserk" if berserk else "zombie")


def _total_value(value: Any, super_zombies: int, counters: Counters) -> int | Dist:
    if isinstance(super_zombies, bool) or not isinstance(super_zombies, int) or super_zombies < 0:
        raise ProbError("11.3", f"super_zombies must be a whole number >= 0, got {super_zombies!r}")
    add = counters.super_zombie_value * super_zombies
    if value is None:
        if super_zombies:
            return add  # a super zombie alone [11.3]
        return unseen_values(counters)
    value = check_value(value)
    return value + add if add else value


def prepare_square(
    characters: Any,
    value: int | Dist | None = None,
    k: int | None = None,
    *,
    targets: Iterable[str] | None = None,
    berserk: bool = False,
    super_zombies: int = 0,
    reaction_fire: bool = True,
    shooters: Iterable[str | Shooter] | None = None,
    rifles: Iterable[str] = (),
    counters: Counters | None = None,
) -> tuple[list[tuple[str, str]], int, tuple[str, ...], int | Dist, str, list[Shooter]]:
    """Check and normalise the parameters of a zombie attack [8.0] (shared with Monte Carlo).

    Returns (characters as (name, status), k, attacked names, attacking value, attacker kind,
    reaction shooters)."""
    c = counters or default_counters()
    chars = character_statuses(characters)
    n = len(chars)
    k = n if k is None else _k(k, n)
    if targets is None:
        tgt = choose_targets(chars, k)
    else:
        tgt = tuple(canonical_name(t) for t in targets)
        if len(tgt) != k or len(set(tgt)) != k:
            raise ProbError("8.0", f"step 3: exactly {k} different characters must be named as attacked, got {list(tgt)}")
        missing = [t for t in tgt if t not in dict(chars)]
        if missing:
            raise ProbError("8.0", f"{missing} not in the square, so cannot be attacked")
    total = _total_value(value, super_zombies, c)
    kind = _kind(berserk, super_zombies)
    status0 = dict(chars)
    rifle_set = {canonical_name(r) for r in rifles}
    shooter_list: list[Shooter] = []
    if reaction_fire:
        if shooters is None:
            pool = [name for name, st in chars if st != "stunned"]  # stunned: no shooting [8.3]
        else:
            pool = list(shooters)
        for s in pool:
            if isinstance(s, Shooter):
                shooter_list.append(s)
                continue
            name = canonical_name(s)
            if name not in status0:
                raise ProbError("8.1", f"{name} is not in the square, so may not shoot at this attack")
            if status0[name] == "stunned":
                raise ProbError("8.3", f"{name} is stunned and may not shoot")
            shooter_list.append(shooter(name, status=status0[name], rifle=name in rifle_set, counters=c))
        check_no_modifier_in_same_square(shooter_list, True)  # [6.7]: the attacker is in their square [6.9]
    return chars, k, tgt, total, kind, shooter_list


def square_attack(
    characters: Any,
    value: int | Dist | None = None,
    k: int | None = None,
    *,
    targets: Iterable[str] | None = None,
    berserk: bool = False,
    super_zombies: int = 0,
    reaction_fire: bool = True,
    shooters: Iterable[str | Shooter] | None = None,
    together: bool = True,
    rifles: Iterable[str] = (),
    counters: Counters | None = None,
    tables: Tables | None = None,
) -> Dist:
    """Whole outcome of a zombie attack in one square [8.0], with reaction fire first [6.9], [8.1].

    characters: names (normal status), ``{name: status}`` or ``[(name, status), ...]``.
    value: the attacking unit's Zombie Value (int or Dist); None = unknown unit [7.7], or no unit
        at all when ``super_zombies`` > 0 (a super zombie alone).  Each super zombie adds 2 [11.3].
    k: how many characters are attacked (default: all) [8.0] step 2; ``targets``: which ones
        (default :func:`choose_targets`) [8.0] step 3.
    shooters: who fires in reaction (default: every character not stunned [8.3]); ``rifles``:
        names carrying a hunting rifle [12.0].  ``reaction_fire=False`` skips step 1.
    Returns a Dist over :class:`SquareOutcome`.
    """
    w, info = _square(
        characters, value, k, targets=targets, berserk=berserk, super_zombies=super_zombies,
        reaction_fire=reaction_fire, shooters=shooters, together=together, rifles=rifles,
        counters=counters, tables=tables,
    )
    chars, k, tgt = info["chars"], info["k"], info["tgt"]
    steps = _square_steps(w, info)
    return Dist._from_ints(w, presorted=True, steps=steps, title=Words("att.title.square", names=", ".join(nm for nm, _ in chars), k=k))


def _square(characters: Any, value: Any, k: int | None, *, together: bool = True, tables: Tables | None = None, counters: Counters | None = None, **kw) -> tuple[dict, dict]:
    c = counters or default_counters()
    chars, k, tgt, total, kind, shooter_list = prepare_square(characters, value, k, counters=c, **kw)
    t = tables or default_tables()
    increase = t.panic_increase(kind, True) if shooter_list else None
    w = square_weights(chars, k, tgt, total, shooter_list, increase, together, t)
    info = dict(chars=chars, k=k, tgt=tgt, total=total, kind=kind, shooters=shooter_list,
                super_add=c.super_zombie_value * kw.get("super_zombies", 0))
    return w, info


class _Probs(Readable):
    """"P(stunned) = 1/4, P(infected) = 1/6" in a language: statuses by the catalogues' terms."""

    def __init__(self, pairs: tuple):
        self.pairs = pairs

    def text(self, lang: str | None = None) -> str:
        return ", ".join(f"P({term('outcome', s, lang)}) = {p}" for s, p in self.pairs)


class _Chars(Readable):
    """"Peter (normal), Fran (stunned)" in a language, each status agreeing with its character."""

    def __init__(self, chars: tuple):
        self.chars = chars

    def text(self, lang: str | None = None) -> str:
        return ", ".join(f"{nm} ({term('outcome', st, lang, agree=nm)})" for nm, st in self.chars)


class _Faces(Readable):
    """"1: faces 1-3, 2: faces 4-6" in a language."""

    def __init__(self, faces: tuple):
        self.faces = faces

    def text(self, lang: str | None = None) -> str:
        return ", ".join(tr("att.sol.faces", lang, k=k, n=n, faces=f) for k, n, f in self.faces)


def _marginal_lines(w: Mapping[SquareOutcome, int], chars: Sequence[tuple[str, str]]) -> list[str]:
    total = sum(w.values())
    by_statuses: dict[tuple, int] = {}  # first forget who panicked: far fewer rows
    for o, x in w.items():
        by_statuses[o.statuses] = by_statuses.get(o.statuses, 0) + x
    lines = []
    for i, (nm, _) in enumerate(chars):
        acc: dict[str, int] = {}
        for sts, x in by_statuses.items():
            st = sts[i][1]
            acc[st] = acc.get(st, 0) + x
        lines.append(Words("att.marginal", name=nm, parts=_Probs(tuple((s, fmt_fraction(Fraction(acc[s], total))) for s in STATUS_ORDER if s in acc))))
    return lines


def _square_steps(w: Mapping[SquareOutcome, int], info: dict) -> list[str]:
    chars, k, tgt, total, kind, shooter_list = (info[x] for x in ("chars", "k", "tgt", "total", "kind", "shooters"))
    steps = [
        Words("att.square", chars=_Chars(tuple(chars)), kind=kind,
              stack=Words("att.stack", add=info["super_add"]) if info["super_add"] else ""),
    ]
    if isinstance(total, Dist):
        steps.append(Words("att.unknown"))
    else:
        steps.append(Words("att.value", total=total))
    if shooter_list:
        p_destroyed = Fraction(sum(x for o, x in w.items() if o.destroyed), sum(w.values()))
        steps.append(Words("att.shoot_first", who=tuple(s.name for s in shooter_list), p=fmt_fraction(p_destroyed)))
    else:
        steps.append(Words("att.nobody_first"))
    if isinstance(total, int):
        steps.append(Words("att.step4", k=k, tgt=", ".join(tgt), total=total, s=total // k))
    else:
        steps.append(Words("att.step4_unknown", k=k, tgt=", ".join(tgt)))
    steps.append(Words("att.step5"))
    steps.extend(_marginal_lines(w, chars))
    return steps


# --------------------------------------------------------------------------- fast core

_JOINT_CACHE: dict[tuple, tuple[Tables, dict[tuple, int]]] = {}


def _attack_joint(chars: tuple, tgt: tuple, strength: int, t: Tables) -> dict[tuple, int]:
    """{statuses of every character: weight} for one attack of the given strength on ``tgt``,
    weights counted over the 36**len(tgt) equally likely pairs of 2d6 rolls [8.6], [8.8], [8.5].

    The attacked characters' rolls are independent [8.6], so the joint weights are products of
    each character's own counts out of 36 (remembered per square, targets, strength and table)."""
    key = (chars, tgt, strength, id(t))
    hit = _JOINT_CACHE.get(key)
    if hit is not None and hit[0] is t:
        return hit[1]
    w = ways(2)
    per_result: dict[str, int] = {}  # table result -> ways out of 36 [8.8]; strength 0: no effect (ruling)
    for x in range(2, 13):
        r = t.attack_result(x, strength) if strength else "none"
        per_result[r] = per_result.get(r, 0) + w[x]
    factors = []
    for nm, st in chars:
        if nm in tgt:
            after: dict[str, int] = {}
            for r, cnt in per_result.items():
                ns = new_status(st, r)  # [8.5]
                after[ns] = after.get(ns, 0) + cnt
            factors.append(tuple(((nm, ns), cnt) for ns, cnt in after.items()))
        else:
            factors.append((((nm, st), 1),))
    joint: dict[tuple, int] = {}
    for combo in itertools.product(*factors):
        c = 1
        for _, cnt in combo:
            c *= cnt
        joint[tuple(pair for pair, _ in combo)] = c
    if len(_JOINT_CACHE) > 4096:
        _JOINT_CACHE.clear()
    _JOINT_CACHE[key] = (t, joint)
    return joint


def square_weights(
    chars: Sequence[tuple[str, str]],
    k: int,
    tgt: Sequence[str],
    total: int | Dist,
    group: Sequence[Shooter],
    increase: int | None,
    together: bool,
    t: Tables,
) -> dict[SquareOutcome, int]:
    """Unnormalised integer weights of every :class:`SquareOutcome` [8.0].

    The reaction fire [6.9] depends on the value; the attack results on the strength
    value // k only [8.0] step 4.  So the exact coefficients P(value) x P(who panicked, unit
    survives | value) are first summed per (strength, who panicked); they are put on one common
    denominator, and the product with the attack rolls then runs in whole numbers (no rounding:
    the weights are exact multiples of the probabilities)."""
    chars, tgt, group = tuple(chars), tuple(tgt), tuple(group)
    vd = as_value_dist(total)
    vw, _ = vd.weights()  # P(value) = vw[v] / total: the common factor 1/total is left out
    together = bool(together)
    fire = {v: _fire_marginal(group, v, increase, together) if group else (1, (((False, ()), 1),)) for v in vw}
    den = 1  # lcm of the fire tables' denominators
    for d, _ in fire.values():
        if den % d:
            den = den * d // math.gcd(den, d)
    coeff: dict[tuple[int | None, tuple], int] = {}  # (strength or None if destroyed, panicked) -> weight
    for v, cv in vw.items():
        s = core.strength(v, k)  # [8.0] step 4
        d, items = fire[v]
        scale = cv * (den // d)
        for (killed, panicked), c in items:
            key = (None if killed else s, panicked)
            coeff[key] = coeff.get(key, 0) + scale * c
    full = 36 ** len(tgt)
    acc: dict[tuple, int] = {}
    get = acc.get
    for (s, panicked), wt in coeff.items():
        if s is None:  # destroyed by reaction fire: no attack [8.0] step 1
            key = (True, panicked, chars)
            acc[key] = get(key, 0) + wt * full
            continue
        for sts, a in _attack_joint(chars, tgt, s, t).items():
            key = (False, panicked, sts)
            acc[key] = get(key, 0) + wt * a
    return _in_display_order(acc)


def _in_display_order(acc: Mapping[tuple, int]) -> dict[SquareOutcome, int]:
    """{SquareOutcome: weight} from {(destroyed, panicked, statuses): weight}, already in the
    display order of Dist (the order of ``dist.sort_key``), so that Dist need not sort it again.

    The sort key of a SquareOutcome compares destroyed, then panicked, then statuses, each by its
    own key; so walking the sorted values of each field, nested, gives the sorted outcomes."""
    flags = sorted({key[0] for key in acc})
    panics = sorted({key[1] for key in acc}, key=sort_key)
    statuses = sorted({key[2] for key in acc}, key=sort_key)
    out: dict[SquareOutcome, int] = {}
    for d in flags:
        for pn in panics:
            for sts in statuses:
                x = acc.get((d, pn, sts))
                if x:
                    out[SquareOutcome(d, pn, sts)] = x
    return out


@lru_cache(maxsize=2048)
def _fire_marginal(group: tuple[Shooter, ...], v: int, increase: int | None, together: bool) -> tuple[int, tuple]:
    """Reaction fire [6.9] against a unit of value v, reduced to what the attack needs: (den,
    (((killed, panicked), weight), ...)) with P = weight / den exactly (remembered)."""
    den, counts = fire_counts(group, v, increase, together)
    acc: dict[tuple[bool, tuple], int] = {}
    for fo, c in counts:
        key = (fo.killed, fo.panicked)
        acc[key] = acc.get(key, 0) + c
    return den, tuple((key, c) for key, c in acc.items() if c)


def _and(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def status_of(d: Dist, name: str) -> Dist:
    """Marginal Dist of one character's status after an attack (from a Dist of SquareOutcome)."""
    cname = canonical_name(name)
    first = d.outcomes[0].statuses
    i = next((j for j, (nm, _) in enumerate(first) if nm == cname), None)
    if i is None:
        return d.map(lambda o: o.status(cname), order=STATUS_ORDER, title=Words("att.after", name=cname))

    def status(o: SquareOutcome) -> str:
        pair = o.statuses[i]
        return pair[1] if pair[0] == cname else o.status(cname)

    return d.map(status, order=STATUS_ORDER, title=Words("att.after", name=cname))


def statuses_only(d: Dist) -> Dist:
    """Forget who panicked and whether the zombie died: only the statuses."""
    return d.map(lambda o: o.statuses)


class ByK(dict):
    """``{k: Dist of SquareOutcome}`` for every possible number of attacked characters, side by side."""

    def rows(self) -> list[tuple]:
        out = []
        for k, d in self.items():
            names = [nm for nm, _ in d.outcomes[0].statuses]
            for nm in names:
                m = status_of(d, nm)
                out.append((k, nm, *(m.p(s) for s in STATUS_ORDER), d.p(lambda o: o.destroyed)))
        return out

    def __str__(self) -> str:
        lang = check_language(None)
        head = (tr("att.byk.k", lang), tr("att.byk.character", lang), *(term("outcome", s, lang) for s in STATUS_ORDER),
                tr("att.byk.destroyed", lang))
        lines = ["  ".join(f"{h:>10}" for h in head)]
        for r in self.rows():
            lines.append("  ".join(f"{str(x if not isinstance(x, Fraction) else fmt_fraction(x)):>10}" for x in r))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        lang = check_language(None)
        head = (tr("att.byk.k_attacked", lang), tr("att.byk.character", lang), *(term("outcome", s, lang) for s in STATUS_ORDER),
                tr("att.byk.destroyed_first", lang))
        out = ['<table class="dodnb-byk"><tr>' + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
        for r in self.rows():
            cells = [str(r[0]), html.escape(r[1])] + [f"{fmt_fraction(x)} ({fmt_pc(x, 1, lang)})" for x in r[2:]]
            out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        out.append("</table>")
        return "".join(out)


def attack_by_k(characters: Any, value: int | Dist | None = None, **kw) -> ByK:
    """:func:`square_attack` for every k = 1 .. number of characters, side by side [8.0] step 2."""
    n = len(character_statuses(characters))
    return ByK((k, square_attack(characters, value, k, **kw)) for k in range(1, n + 1))


# --------------------------------------------------------------------------- solitaire [15.6]


def solitaire_k(n: int) -> Dist:
    """Number of characters attacked in the solitaire game [15.6]: one die, the numbers 1..n
    sharing the die faces equally.  Ruling: when 6 faces cannot be shared equally (n = 4 or 5)
    the unassigned faces are rolled again, so every k is equally likely."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ProbError("15.6", f"the number of characters in the square must be a whole number >= 1, got {n!r}")
    if n > 6:
        raise ProbError("15.6", f"one die cannot choose among {n} numbers")
    faces = core.attacked_count_faces(n)  # [15.6] the rules' own sharing of the die's faces
    assign = _Faces(tuple((k, len(fs), "-".join(map(str, sorted({fs[0], fs[-1]})))) for k, fs in faces.items()))
    steps = [Words("att.sol.step", n=n, assign=assign)]
    named = sum(len(fs) for fs in faces.values())
    if named < core.ATTACK_COUNT_FACES:
        steps.append(Words("att.sol.ruling", a=named + 1, b=core.ATTACK_COUNT_FACES, n=n))
    return Dist(dict(core.attacked_count_odds(n))).with_steps(*steps, title=Words("att.sol.title"))


def solitaire_attack(characters: Any, value: int | Dist | None = None, **kw) -> Dist:
    """Solitaire zombie attack [15.6]: a die roll decides how many characters are attacked;
    the result is the mixture of :func:`square_attack` over that number (same keywords, except
    ``targets``: the human player still names who is attacked [8.0] step 3, by :func:`choose_targets`)."""
    if kw.get("targets") is not None:
        raise ProbError("15.6", "in the solitaire game a die decides how many are attacked; do not name targets")
    kw.pop("targets", None)
    chars = character_statuses(characters)
    kd = solitaire_k(len(chars))
    parts = []
    for kk, pk in kd.items():
        w, info = _square(characters, value, kk, **kw)
        parts.append((pk / sum(w.values()), w))
    den = 1
    for coef, _ in parts:
        den = den * coef.denominator // math.gcd(den, coef.denominator)
    mixed: dict[SquareOutcome, int] = {}
    for coef, w in parts:
        mult = coef.numerator * (den // coef.denominator)
        for o, x in w.items():
            mixed[o] = mixed.get(o, 0) + x * mult
    mixed = _in_display_order(mixed)
    steps = list(kd.steps)
    steps.append(Words("att.sol.total"))
    steps.extend(_marginal_lines(mixed, chars))
    return Dist._from_ints(mixed, presorted=True, steps=steps, title=Words("att.sol.title_attack", names=", ".join(nm for nm, _ in chars)))


def clear_caches() -> None:
    """Forget this module's memos (fire marginals, attack joints); answers never change (`dodnb.prob.clear_caches`)."""
    _fire_marginal.cache_clear()
    _JOINT_CACHE.clear()
