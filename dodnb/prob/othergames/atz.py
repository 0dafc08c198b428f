"""All Things Zombie (Two Hour Wargames): exact odds for its dice mechanics.

Source: the French rules in /work/shared/seeds/002_*.txt.  Section numbers in brackets are that
rulebook's own ([ATZ 5.3], [ATZ 8.1], [ATZ 9.2] ...); the play-aid tables are sections 17.0
(reaction tests) and 18.0 (Ranged Combat Table, Melee Table).

Two ways of using a d6 [ATZ 5.3]:

* **Reputation roll** (jet de Réputation): one d6 + Rep, read on a table.  Used for ranged fire
  [8.1] and for surprise [10.1].
* **Reputation test** (test de Réputation): roll several d6 and count the dice showing Rep or
  less; each is a success.  Reaction tests use 2d6 [9.0]; melee uses the survivor's melee dice
  against one die per zombie, zombies having Rep 4 [3.2, 8.3].

Every function returns a :class:`~dodnb.prob.Dist` whose ``explain()`` shows the working.  Where
the text can be read two ways the choice is written in docs/RULINGS.md.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import NamedTuple

from dodnb.i18n import Words, tr
from dodnb.prob.dist import Dist
from dodnb.prob.othergames._common import (
    OtherGameInputError,
    binomial,
    dice_multisets,
    flag,
    fmt_fraction,
    pct,
    whole,
    words_list,
)

__all__ = [
    "ZOMBIE_REP",
    "TERRAINS",
    "rep_test",
    "successes",
    "being_charged",
    "received_fire",
    "in_sight",
    "wanting_to_charge",
    "fire_die",
    "ranged_fire",
    "ranged_fire_and_ammo",
    "resolve_fire",
    "resolve_melee",
    "shotgun_blast",
    "grenade",
    "out_of_ammo",
    "melee",
    "melee_successes",
    "zombies_from_shots",
    "setup_zombies",
    "surprise",
    "FireResult",
]

ZOMBIE_REP = 4  # [ATZ 3.2] "Les Zombies ont une réputation de 4."
TERRAINS = ("clear", "rough", "building")  # [ATZ 6.1] terrain clair / accidenté / bâti

MAX_REP = 6  # a die never shows more than 6, so Rep 6 already succeeds on every die

# Outcome labels of the reaction tests (plain English, used as Dist outcomes; written in the reader's
# language from the catalogues' terms ``outcome``, as every word outcome of dodnb.prob).
FIRE_THEN_MELEE = "fire, then melee"
MELEE_NO_FIRE = "melee without firing"
FLEE = "flee"
DUCK_BACK = "duck back"
MAY_DUCK_BACK = "may duck back"
CARRY_ON = "carry on charging"
FINISH_AND_FIRE = "finish move, then return fire"
RETURN_FIRE = "return fire"
HOLD = "hold (cannot return fire)"
FIRE = "fire"
CHARGE = "charge"
STAY = "stay put"
FIRE_INSTEAD = "fire instead of charging"
FIRE_FIRST = "fires first (rushed shot)"
FIRE_TOGETHER = "both fire at once (rushed shots)"
FIRE_SECOND = "fires second (rushed shot)"
ROLL_OFF = "roll-off to fire first (rushed shots)"

# Melee outcomes [ATZ 8.3, 18.0 Melee Table]
ZOMBIE_KILLED = "one zombie killed"
NO_RESULT = "no result (tie)"
ONE_WOUND = "survivor takes 1 wound"
TWO_WOUNDS = "survivor takes 2 wounds"
MELEE_ORDER = (ZOMBIE_KILLED, NO_RESULT, ONE_WOUND, TWO_WOUNDS)


# --------------------------------------------------------------------------- input checks


def _rep(rep, name="Rep", where="ATZ 5.3") -> int:
    return whole(rep, name, where, lo=1, hi=MAX_REP)


def _terrain(terrain, where: str) -> str:
    if terrain not in TERRAINS:
        raise OtherGameInputError(
            f"[{where}] terrain must be one of {', '.join(TERRAINS)} (ATZ 6.1), got {terrain!r}"
        )
    return terrain


def _star_row(star_choice, where: str) -> int:
    return whole(star_choice, "star_choice (the row a star picks: 0, 1 or 2 successes)", where, lo=0, hi=2)


# --------------------------------------------------------------------------- reputation test [5.3]


def successes(dice: int, rep: int, *, who: str = "survivor") -> Dist:
    """[ATZ 5.3] Number of successes when ``dice`` d6 are each compared with ``rep``.

    A die showing ``rep`` or less is a success.  The dice are independent, so the count is
    binomial with p = rep/6.
    """
    dice = whole(dice, "number of dice", "ATZ 5.3", lo=1, hi=12)
    rep = _rep(rep)
    p = Fraction(rep, 6)
    probs = binomial(dice, p)
    steps = [
        Words("og.atz.succ.test", who=who, rep=rep, dice=dice),
        Words("og.atz.succ.die", rep=rep, p=fmt_fraction(p), q=fmt_fraction(1 - p)),
        Words("og.atz.succ.binomial", dice=dice),
    ]
    for k, pk in probs.items():
        steps.append(Words("og.atz.succ.k", k=k, p=pct(pk)))
    return Dist(probs, steps=steps, title=Words("og.atz.succ.title", who=who, dice=dice, rep=rep))


def rep_test(rep: int) -> Dist:
    """[ATZ 5.3, 9.0] The Reputation test: 2d6 against Rep; Dist over 0, 1 or 2 successes."""
    rep = _rep(rep)
    return successes(2, rep).titled(Words("og.atz.rep.title", rep=rep))


# --------------------------------------------------------------------------- reaction tests [9.x]


def _reaction(rep, rows: dict[int, tuple[str, Dist]], title: str, case: str, *, star: bool,
              star_may_choose: bool, star_choice: int, order: tuple[str, ...]) -> Dist:
    """Combine the Reputation test with the rows of a reaction table.

    ``rows[k] = (what the table says for k successes, Dist of the outcome given k)``.
    """
    if star and star_may_choose:
        k = _star_row(star_choice, case)
        text, outcome = rows[k]
        steps = [
            Words("og.atz.star.picks"),
            Words("og.atz.star.row", k=k, text=text),
        ]
        return Dist(outcome.as_dict(), steps=steps, title=Words("og.atz.star.title", title=title), order=order)
    test = rep_test(rep)
    steps = [Words("og.atz.react.roll", case=case, rep=rep)]
    for k in (2, 1, 0):
        pk = test.p(k)
        text, outcome = rows[k]
        steps.append(Words("og.atz.react.row", k=k, p=pct(pk), text=text))
        if len(outcome) > 1:
            for label, q in outcome.items():
                steps.append(Words("og.atz.react.sub", label=Words("og.outcome", x=label), q=fmt_fraction(q), p=pct(pk * q)))
    steps.append(Words("og.atz.react.added"))
    out = test.bind(lambda k: rows[k][1])
    return Dist(out.as_dict(), steps=steps, title=title, order=order)


def being_charged(rep: int, *, terrain: str = "clear", chargers: int = 1, can_fire: bool = True,
                  star: bool = False, star_choice: int = 2) -> Dist:
    """[ATZ 9.1] Being Charged test (Test de réaction Chargé), taken once when charged.

    ``terrain``: the survivor's hex, "clear", "rough" or "building" [6.1].  ``chargers``: how
    many enemies charged in.  ``can_fire``: a loaded ranged weapon in hand [8.1].  Stars pick
    their row [3.1.1, 9.1]; ``star_choice`` is the row they pick (default: 2 successes).
    """
    rep = _rep(rep, where="ATZ 9.1")
    terrain = _terrain(terrain, "ATZ 9.1")
    chargers = whole(chargers, "chargers (number of enemies charging)", "ATZ 9.1", lo=1)
    flag(can_fire, "can_fire", "ATZ 9.1")
    flag(star, "star", "ATZ 9.1")
    cover = terrain != "clear"
    c = Dist.certain
    two = (
        Words("og.atz.charged.two", can_fire=can_fire),
        c(FIRE_THEN_MELEE if can_fire else MELEE_NO_FIRE),
    )
    if cover:
        one = (Words("og.atz.charged.one_cover", can_fire=can_fire),
               c(FIRE_THEN_MELEE if can_fire else MELEE_NO_FIRE))
        zero = (Words("og.atz.charged.zero_cover"), c(MELEE_NO_FIRE))
    elif chargers >= 3:
        one = (Words("og.atz.charged.one_clear3"), c(FLEE))
        zero = (Words("og.atz.charged.zero_clear"), c(FLEE))
    else:
        one = (Words("og.atz.charged.one_other"), c(MELEE_NO_FIRE))
        zero = (Words("og.atz.charged.zero_clear"), c(FLEE))
    return _reaction(
        rep, {2: two, 1: one, 0: zero},
        Words("og.atz.charged.title", rep=rep, terrain=terrain, chargers=chargers),
        "ATZ 9.1", star=star, star_may_choose=True, star_choice=star_choice,
        order=(FIRE_THEN_MELEE, MELEE_NO_FIRE, FLEE),
    )


def received_fire(rep: int, *, terrain: str = "clear", charging: bool = False,
                  can_return_fire: bool = True, star: bool = False, star_choice: int = 2) -> Dist:
    """[ATZ 9.2] Received Fire test (Test de réaction Fire): shot at but not hit.

    ``charging``: the survivor was charging when shot at.  ``can_return_fire``: False when out
    of ammunition or out of range.  Stars pick their row [9.2].
    """
    rep = _rep(rep, where="ATZ 9.2")
    terrain = _terrain(terrain, "ATZ 9.2")
    flag(charging, "charging", "ATZ 9.2")
    flag(can_return_fire, "can_return_fire", "ATZ 9.2")
    flag(star, "star", "ATZ 9.2")
    cover = terrain != "clear"
    c = Dist.certain
    if charging:
        two = (Words("og.atz.fire.carry_on"), c(CARRY_ON))
        one = (Words("og.atz.fire.carry_on"), c(CARRY_ON))
        zero = (Words("og.atz.fire.duck_chargers"), c(DUCK_BACK))
    else:
        if can_return_fire:
            two = (Words("og.atz.fire.finish"), c(FINISH_AND_FIRE))
        else:
            two = (Words("og.atz.fire.no_ammo"), c(MAY_DUCK_BACK))
        if cover:
            one = (Words("og.atz.fire.one_cover" if can_return_fire else "og.atz.fire.one_cover_cannot"),
                   c(RETURN_FIRE if can_return_fire else HOLD))
            zero = (Words("og.atz.fire.zero_cover"), c(DUCK_BACK))
        else:
            one = (Words("og.atz.fire.one_clear"), c(MAY_DUCK_BACK))
            zero = (Words("og.atz.fire.zero_clear"), c(FLEE))
    return _reaction(
        rep, {2: two, 1: one, 0: zero},
        Words("og.atz.fire.title", rep=rep, terrain=terrain, charging=charging),
        "ATZ 9.2", star=star, star_may_choose=True, star_choice=star_choice,
        order=(FINISH_AND_FIRE, RETURN_FIRE, CARRY_ON, HOLD, MAY_DUCK_BACK, DUCK_BACK, FLEE),
    )


def _roll_off(rep: int, opponent_rep: int) -> Dist:
    """[ATZ 9.3] 1d6 + Rep each; higher fires first, a tie means both fire at once."""
    acc = {FIRE_FIRST: 0, FIRE_TOGETHER: 0, FIRE_SECOND: 0}
    for a, b in itertools.product(range(1, 7), repeat=2):
        mine, theirs = a + rep, b + opponent_rep
        acc[FIRE_FIRST if mine > theirs else FIRE_TOGETHER if mine == theirs else FIRE_SECOND] += 1
    return Dist(acc, order=(FIRE_FIRST, FIRE_TOGETHER, FIRE_SECOND))


def in_sight(rep: int, *, has_ranged: bool = True, opponent_rep: int | None = None,
             star: bool = False) -> Dist:
    """[ATZ 9.3] In Sight test (Test de Réaction In Sight): an enemy pops into view.

    Stars take this test like everyone else ("Les Stars n'y échappent pas !").  With one
    success both survivors roll 1d6 + Rep and the higher fires first (rushed shots); give
    ``opponent_rep`` to resolve that roll-off, otherwise it stays one outcome.  With two
    successes and no ranged weapon the survivor tries to charge, which means taking the
    Wanting to Charge test [9.4] (resolved here).
    """
    rep = _rep(rep, where="ATZ 9.3")
    flag(has_ranged, "has_ranged", "ATZ 9.3")
    flag(star, "star", "ATZ 9.3")
    c = Dist.certain
    if has_ranged:
        two = (Words("og.atz.sight.must_fire"), c(FIRE))
        if opponent_rep is None:
            one = (Words("og.atz.sight.roll_off"), c(ROLL_OFF))
        else:
            opp = _rep(opponent_rep, "opponent_rep", "ATZ 9.3")
            one = (Words("og.atz.sight.roll_off_reps", rep=rep, opp=opp), _roll_off(rep, opp))
    else:
        charge = wanting_to_charge(rep, has_ranged=False, star=star)
        two = (Words("og.atz.sight.tries_charge"), charge)
        one = (Words("og.atz.sight.ducks"), c(DUCK_BACK))
    zero = (Words("og.atz.sight.stays"), c(STAY))
    return _reaction(
        rep, {2: two, 1: one, 0: zero},
        Words("og.atz.sight.title", rep=rep, ranged=has_ranged),
        "ATZ 9.3", star=star, star_may_choose=False, star_choice=2,
        order=(FIRE, FIRE_FIRST, FIRE_TOGETHER, FIRE_SECOND, ROLL_OFF, CHARGE, DUCK_BACK, STAY),
    )


def wanting_to_charge(rep: int, *, has_ranged: bool = False, star: bool = False,
                      star_choice: int = 2) -> Dist:
    """[ATZ 9.4] Wanting to Charge test (Test De Réaction Charge).

    Stars may choose their reaction (text of 3.1.1, 9.0 and 9.4; the play-aid header says
    otherwise -- see the ruling in docs/RULINGS.md).
    """
    rep = _rep(rep, where="ATZ 9.4")
    flag(has_ranged, "has_ranged", "ATZ 9.4")
    flag(star, "star", "ATZ 9.4")
    c = Dist.certain
    two = (Words("og.atz.charge.two"), c(CHARGE))
    one = ((Words("og.atz.charge.fires_instead"), c(FIRE_INSTEAD)) if has_ranged
           else (Words("og.atz.charge.charges"), c(CHARGE)))
    zero = (Words("og.atz.charge.stays"), c(STAY))
    return _reaction(
        rep, {2: two, 1: one, 0: zero},
        Words("og.atz.charge.title", rep=rep, ranged=has_ranged),
        "ATZ 9.4", star=star, star_may_choose=True, star_choice=star_choice,
        order=(CHARGE, FIRE_INSTEAD, STAY),
    )


# --------------------------------------------------------------------------- ranged fire [8.1, 18.0]


class FireResult(NamedTuple):
    """One ranged attack: how many targets were hit, and whether the weapon ran dry [8.1.7]."""

    hits: int
    out_of_ammo: bool

    def explain_label(self, lang: str | None = None) -> str:
        """In words, in `lang` (default: the package's): "2 hits, ammunition left"."""
        return tr("og.atz.fire_result", lang, hits=self.hits, dry=self.out_of_ammo)

    def __str__(self) -> str:
        """In words, for `print`, in the package's language (repr() stays the pasteable
        `FireResult(hits=2, out_of_ammo=False)`)."""
        return self.explain_label()


def _die_hits(total: int, target: int, cover: bool, rushed: bool, far_survivor: bool,
              armour: bool) -> bool:
    """[ATZ 18.0] Ranged Combat Table for one fire die (d6 + Rep) aimed at target number ``target``.

    3-7 miss.  8: miss if the target is in rough/building terrain, on a rushed shot, against a
    survivor 5+ hexes away, against body armour, or at the 2nd/3rd target; otherwise hit.
    9: miss if the target is in rough/building terrain or is the 3rd target; otherwise hit.
    10+: hit.  Targets after the 3rd are treated like the 3rd (ruling).
    """
    if total <= 7:
        return False
    if total == 8:
        return not (cover or rushed or far_survivor or armour or target >= 2)
    if total == 9:
        return not (cover or target >= 3)
    return True


def _table_text(rep_total: int, target: int, cover, rushed, far_survivor, armour) -> Words:
    hits = [f for f in range(1, 7) if _die_hits(f + rep_total, target, cover, rushed, far_survivor, armour)]
    if not hits:
        return Words("og.atz.faces.none")
    if hits == [6]:
        return Words("og.atz.faces.six")
    if hits == list(range(hits[0], 7)):
        return Words("og.atz.faces.from", low=hits[0])
    return Words("og.atz.faces.list", faces=str(hits))


def _conditions(cover, rushed, far_survivor, armour) -> Words:
    parts = []
    if cover:
        parts.append(Words("og.atz.cond.cover"))
    if rushed:
        parts.append(Words("og.atz.cond.rushed"))
    if far_survivor:
        parts.append(Words("og.atz.cond.far"))
    if armour:
        parts.append(Words("og.atz.cond.armour"))
    return words_list(parts) if parts else Words("og.atz.cond.open")


def _check_fire_flags(cover, rushed, far_survivor, armour, where):
    for name, v in (("cover", cover), ("rushed", rushed), ("far_survivor", far_survivor), ("armour", armour)):
        flag(v, name, where)


def fire_die(rep: int, *, target: int = 1, cover: bool = False, rushed: bool = False,
             far_survivor: bool = False, armour: bool = False, bonus: int = 0) -> Dist:
    """[ATZ 8.1, 18.0] One fire die: d6 + Rep (+ ``bonus``, e.g. Bank's +1 [19.0]) on the table.

    ``target`` is 1 for the first target, 2 for the second... (highest die goes to the first).
    """
    rep = _rep(rep, where="ATZ 8.1")
    target = whole(target, "target (1 = first target)", "ATZ 8.1", lo=1, hi=8)
    bonus = whole(bonus, "bonus", "ATZ 8.1", lo=0, hi=6)
    _check_fire_flags(cover, rushed, far_survivor, armour, "ATZ 8.1")
    hits = sum(1 for f in range(1, 7) if _die_hits(f + rep + bonus, target, cover, rushed, far_survivor, armour))
    steps = [
        Words("og.atz.die.roll", rep=rep, bonus=_bonus(bonus), target=target,
              conditions=_conditions(cover, rushed, far_survivor, armour)),
        Words("og.atz.die.table"),
        Words("og.atz.die.so", faces=_table_text(rep + bonus, target, cover, rushed, far_survivor, armour), hits=hits),
    ]
    return Dist({"hit": hits, "miss": 6 - hits}, steps=steps, order=("hit", "miss"),
                title=Words("og.atz.die.title", rep=rep, target=target))


def _bonus(bonus: int) -> str:
    """" + 1" after a Rep, or nothing."""
    return f" + {bonus}" if bonus else ""


def _resolve(faces, rep: int, keep: int, targets: int, cover, rushed, far_survivor, armour, panic: bool,
             bonus: int) -> FireResult:
    """[ATZ 8.1, 8.1.7, 18.0] Read one roll of fire dice (any order) on the Ranged Combat Table."""
    ordered = sorted(faces, reverse=True)
    kept = ordered[:keep]
    hits = sum(
        1 for i in range(min(targets, keep))
        if _die_hits(kept[i] + rep + bonus, i + 1, cover, rushed, far_survivor, armour)
    )
    return FireResult(hits, panic or ordered.count(1) >= 2)


def _fire_core(rep: int, rolled: int, keep: int, targets: int, cover, rushed, far_survivor, armour,
               panic: bool, bonus: int) -> dict[FireResult, int]:
    """Enumerate every multiset of ``rolled`` dice; count outcomes (weights out of 6**rolled)."""
    acc: dict[FireResult, int] = {}
    for faces, ways in dice_multisets(rolled):
        key = _resolve(faces, rep, keep, targets, cover, rushed, far_survivor, armour, panic, bonus)
        acc[key] = acc.get(key, 0) + ways
    return acc


def _check_faces(faces, where: str) -> tuple[int, ...]:
    try:
        faces = tuple(faces)
    except TypeError:
        raise OtherGameInputError(f"[{where}] faces must be a list of die faces, got {faces!r}") from None
    if not faces:
        raise OtherGameInputError(f"[{where}] faces must list at least one die")
    for f in faces:
        whole(f, "a die face", where, lo=1, hi=6)
    return faces


def resolve_fire(rep: int, faces, *, targets: int | None = None, shotgun: bool = False, cover: bool = False,
                 rushed: bool = False, far_survivor: bool = False, armour: bool = False, panic: bool = False,
                 bonus: int = 0) -> FireResult:
    """[ATZ 8.1, 8.1.5, 8.1.7, 18.0] Read one actual roll: ``resolve_fire(5, [4, 3, 6, 5], targets=3)``.

    ``faces`` are all the dice rolled (a shotgun's six, a panic shot's extra die included).
    Used to replay the examples of the rulebook; the Dists enumerate every possible roll.
    """
    rep = _rep(rep, where="ATZ 8.1")
    faces = _check_faces(faces, "ATZ 8.1")
    bonus = whole(bonus, "bonus", "ATZ 8.1", lo=0, hi=6)
    flag(shotgun, "shotgun", "ATZ 8.1.5")
    flag(panic, "panic", "ATZ 8.1.8")
    _check_fire_flags(cover, rushed, far_survivor, armour, "ATZ 8.1")
    keep = 3 if shotgun else len(faces)
    if shotgun and len(faces) != (7 if panic else 6):
        raise OtherGameInputError(f"[ATZ 8.1.5] a shotgun rolls 6 fire dice (7 with a panic die), got {len(faces)}")
    targets = keep if targets is None else whole(targets, "targets", "ATZ 8.1", lo=1, hi=keep)
    return _resolve(faces, rep, keep, targets, cover, rushed, far_survivor, armour, panic, bonus)


def ranged_fire_and_ammo(rep: int, fire_dice: int, *, targets: int | None = None, cover: bool = False,
                         rushed: bool = False, far_survivor: bool = False, armour: bool = False,
                         panic: bool = False, bonus: int = 0) -> Dist:
    """[ATZ 8.1, 8.1.7, 8.1.8, 18.0] Joint Dist of (targets hit, out of ammo) for one attack.

    Each fire die is d6 + Rep; the dice are sorted and the highest goes to the first target,
    the next to the second, and so on [8.1].  ``targets`` defaults to one per die; with fewer
    targets than dice the lowest dice are wasted (ruling).  Two or more 1s among the dice mean
    the weapon is out of ammunition [8.1.7].  A panic shot rolls one extra die and always
    empties the weapon [8.1.8].  The conditions (cover, rushed...) apply to every target.
    """
    rep = _rep(rep, where="ATZ 8.1")
    fire_dice = whole(fire_dice, "fire_dice (Dés De Feu of the weapon)", "ATZ 8.1.2", lo=1, hi=8)
    bonus = whole(bonus, "bonus", "ATZ 8.1", lo=0, hi=6)
    flag(panic, "panic", "ATZ 8.1.8")
    _check_fire_flags(cover, rushed, far_survivor, armour, "ATZ 8.1")
    rolled = fire_dice + (1 if panic else 0)
    if targets is None:
        targets = rolled
    targets = whole(targets, "targets", "ATZ 8.1", lo=1, hi=rolled)
    return _fire_dist(rep, rolled, rolled, targets, cover, rushed, far_survivor, armour, panic, bonus,
                      weapon=Words("og.atz.weapon.dice", n=fire_dice, panic=panic))


def _fire_dist(rep, rolled, keep, targets, cover, rushed, far_survivor, armour, panic, bonus, weapon) -> Dist:
    acc = _fire_core(rep, rolled, keep, targets, cover, rushed, far_survivor, armour, panic, bonus)
    steps = [
        Words("og.atz.fire.roll", weapon=weapon, rolled=rolled, rep=rep, bonus=_bonus(bonus),
              keep=Words("og.atz.fire.keep", keep=keep) if keep < rolled else ""),
        Words("og.atz.fire.sort", targets=targets, conditions=_conditions(cover, rushed, far_survivor, armour)),
    ]
    for t in range(1, min(targets, keep) + 1):
        steps.append(Words("og.atz.fire.target", t=t, faces=_table_text(rep + bonus, t, cover, rushed, far_survivor, armour)))
    if targets < keep:
        steps.append(Words("og.atz.fire.wasted", n=keep - targets))
    steps.append(Words("og.atz.fire.panic_dry" if panic else "og.atz.fire.two_ones"))
    steps.append(Words("og.atz.fire.counted", rolled=rolled, ways=6**rolled))
    return Dist(acc, steps=steps, title=Words("og.atz.fire.title_attack", rep=rep, weapon=weapon))


def ranged_fire(rep: int, fire_dice: int, **kw) -> Dist:
    """[ATZ 8.1, 18.0] Dist of the number of targets hit (see :func:`ranged_fire_and_ammo`)."""
    joint = ranged_fire_and_ammo(rep, fire_dice, **kw)
    hits = joint.map(lambda r: r.hits)
    return hits.with_steps(*joint.steps, Words("og.atz.fire.only_hits"),
                           title=Words("og.atz.fire.title_hits", title=joint.title))


def shotgun_blast(rep: int, *, targets: int = 3, cover: bool = False, rushed: bool = False,
                  far_survivor: bool = False, armour: bool = False, panic: bool = False,
                  bonus: int = 0) -> Dist:
    """[ATZ 8.1.5] Shotgun: roll 6 fire dice, keep the best 3, all at one hex.

    All six dice count for running out of ammunition [8.1.5, 8.1.7].  A panic shot adds a
    7th die and still keeps 3 (ruling) and always empties the weapon [8.1.8].  Returns the
    joint Dist of :class:`FireResult` (hits, out_of_ammo).
    """
    rep = _rep(rep, where="ATZ 8.1.5")
    flag(panic, "panic", "ATZ 8.1.8")
    bonus = whole(bonus, "bonus", "ATZ 8.1", lo=0, hi=6)
    _check_fire_flags(cover, rushed, far_survivor, armour, "ATZ 8.1.5")
    targets = whole(targets, "targets (zombies in the hex)", "ATZ 8.1.5", lo=1, hi=3)
    rolled = 7 if panic else 6
    return _fire_dist(rep, rolled, 3, targets, cover, rushed, far_survivor, armour, panic, bonus,
                      weapon=Words("og.atz.weapon.shotgun", panic=panic))


def grenade(rep: int, targets: int, *, cover: bool = False, bonus: int = 0) -> Dist:
    """[ATZ 8.1.6] Grenade: one die per target in the hex, each read as if it were the first target."""
    rep = _rep(rep, where="ATZ 8.1.6")
    targets = whole(targets, "targets (figures in the hex)", "ATZ 8.1.6", lo=1, hi=30)
    flag(cover, "cover", "ATZ 8.1.6")
    bonus = whole(bonus, "bonus", "ATZ 8.1", lo=0, hi=6)
    single = fire_die(rep, target=1, cover=cover, bonus=bonus)
    p = single.p("hit")
    probs = binomial(targets, p)
    steps = [
        Words("og.atz.grenade.roll", rep=rep, targets=targets),
        *single.steps[1:],
        Words("og.atz.grenade.binomial", p=fmt_fraction(p)),
    ]
    return Dist(probs, steps=steps, title=Words("og.atz.grenade.title", rep=rep, targets=targets))


def out_of_ammo(dice_rolled: int) -> Dist:
    """[ATZ 8.1.7] Does a shot of ``dice_rolled`` dice show two or more 1s (weapon must reload)?"""
    n = whole(dice_rolled, "dice_rolled", "ATZ 8.1.7", lo=1, hi=12)
    ones = binomial(n, Fraction(1, 6))
    p = 1 - ones[0] - (ones[1] if n >= 1 else 0)
    steps = [
        Words("og.atz.ammo.rule", n=n),
        Words("og.atz.ammo.none", n=n, p=fmt_fraction(ones[0])),
        Words("og.atz.ammo.one", n=n, m=n - 1, p=fmt_fraction(ones[1])),
        Words("og.atz.ammo.two", p=pct(p)),
    ]
    return Dist({"out of ammo": p, "still loaded": 1 - p}, steps=steps, order=("out of ammo", "still loaded"),
                title=Words("og.atz.ammo.title", n=n))


# --------------------------------------------------------------------------- melee [8.3, 18.0]


def melee_successes(rep: int, zombies: int = 1, *, dice: int = 2, zombie_rep: int = ZOMBIE_REP) -> Dist:
    """[ATZ 8.3] Joint Dist of (survivor successes, zombie successes) in one melee."""
    rep = _rep(rep, where="ATZ 8.3")
    zombies = whole(zombies, "zombies in the hex", "ATZ 8.3", lo=1, hi=30)
    dice = whole(dice, "melee dice of the survivor", "ATZ 8.3", lo=1, hi=12)
    zombie_rep = _rep(zombie_rep, "zombie_rep", "ATZ 3.2")
    s = Dist(binomial(dice, Fraction(rep, 6)))
    z = Dist(binomial(zombies, Fraction(zombie_rep, 6)))
    steps = [
        Words("og.atz.melee.survivor", dice=dice, rep=rep),
        Words("og.atz.melee.zombies", zombies=zombies, zrep=zombie_rep),
        Words("og.atz.melee.independent"),
    ]
    return Dist.product(s, z, steps=steps, title=Words("og.atz.melee.title_succ", rep=rep, dice=dice, zombies=zombies))


def _melee_outcome(s: int, z: int, zombies: int) -> str:
    """[ATZ 8.3, 18.0] Melee Table against zombies (see ruling on 0 successes)."""
    if s > z:
        return ZOMBIE_KILLED
    if s == z:
        return NO_RESULT
    if zombies >= 4 and z >= 3 * s:
        return TWO_WOUNDS
    return ONE_WOUND


def resolve_melee(rep: int, survivor_faces, zombie_faces, *, zombie_rep: int = ZOMBIE_REP) -> str:
    """[ATZ 8.3, 18.0] Read one actual melee roll, e.g. ``resolve_melee(4, [1, 5], [5, 3, 4, 3])``."""
    rep = _rep(rep, where="ATZ 8.3")
    zombie_rep = _rep(zombie_rep, "zombie_rep", "ATZ 3.2")
    s_faces = _check_faces(survivor_faces, "ATZ 8.3")
    z_faces = _check_faces(zombie_faces, "ATZ 8.3")
    s = sum(1 for f in s_faces if f <= rep)
    z = sum(1 for f in z_faces if f <= zombie_rep)
    return _melee_outcome(s, z, len(z_faces))


def melee(rep: int, zombies: int = 1, *, dice: int = 2, zombie_rep: int = ZOMBIE_REP) -> Dist:
    """[ATZ 8.3, 18.0] One round of melee between a survivor and the zombies in his hex.

    More successes than the zombies: one zombie is killed.  Fewer: one wound, or two wounds
    when at least 4 zombies are in the hex and they score at least three times the
    survivor's successes.  Equal: nothing happens.  ``dice`` is the survivor's melee dice
    (printed on the counter; +1 with a jacket [4.7]).
    """
    joint = melee_successes(rep, zombies, dice=dice, zombie_rep=zombie_rep)
    out = joint.map(lambda sz: _melee_outcome(sz[0], sz[1], zombies))
    steps = list(joint.steps) + [
        Words("og.atz.melee.table"),
        Words("og.atz.melee.two_wounds"),
    ]
    for label in MELEE_ORDER:
        cells = [(s, z) for (s, z) in joint.outcomes if _melee_outcome(s, z, zombies) == label]
        if cells:
            steps.append(Words("og.atz.melee.cells", label=Words("og.outcome", x=label), cells=str(cells), p=pct(out.p(label))))
    return Dist(out.as_dict(), steps=steps, order=MELEE_ORDER,
                title=Words("og.atz.melee.title", rep=rep, dice=dice, zombies=zombies))


# --------------------------------------------------------------------------- zombie generation [11.0]


def zombies_from_shots(*markers: int) -> Dist:
    """[ATZ 4.2, 11.0] Zombies generated at the end of the turn by Shot markers.

    Each Shot-N marker rolls N dice; every 4, 5 or 6 brings a new zombie.
    ``zombies_from_shots(3)`` is one Shot-3 marker; ``zombies_from_shots(6, 1)`` two markers.
    """
    if not markers:
        raise OtherGameInputError("[ATZ 11.0] give at least one Shot marker value, e.g. zombies_from_shots(3)")
    vals = [whole(m, "Shot marker value", "ATZ 4.2", lo=1, hi=6) for m in markers]
    n = sum(vals)
    probs = binomial(n, Fraction(1, 2))
    steps = [
        Words("og.atz.gen.roll", markers=" + ".join(map(str, vals)), count=len(vals), n=n),
        Words("og.atz.gen.face"),
        Words("og.atz.gen.formula", n=n),
    ]
    return Dist(probs, steps=steps, title=Words("og.atz.gen.title", n=n))


def setup_zombies(survivors: int) -> Dist:
    """[ATZ 11.0] Scenario/skirmish set-up: 6 dice per survivor entering, each 4-6 a zombie."""
    survivors = whole(survivors, "survivors", "ATZ 11.0", lo=1, hi=20)
    d = zombies_from_shots(*([6] * survivors))
    return d.with_steps(Words("og.atz.setup.step", n=survivors), *d.steps,
                        title=Words("og.atz.setup.title", n=survivors))


def surprise(rep: int, zombies: int) -> Dist:
    """[ATZ 10.1] Entering a building: survivor 1d6 + Rep against zombies 1d6 + their number.

    The survivor surprises them on a total equal or higher.  (A survivor who ran in is always
    surprised.)
    """
    rep = _rep(rep, where="ATZ 10.1")
    zombies = whole(zombies, "zombies found", "ATZ 10.1", lo=1, hi=30)
    win = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + rep >= b + zombies)
    steps = [
        Words("og.atz.surprise.roll", rep=rep, zombies=zombies),
        Words("og.atz.surprise.count", win=win),
    ]
    return Dist({"survivor surprises them": win, "zombies surprise him": 36 - win}, steps=steps,
                order=("survivor surprises them", "zombies surprise him"),
                title=Words("og.atz.surprise.title", rep=rep, zombies=zombies))
