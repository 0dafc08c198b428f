"""Dead Dice (Studio Gobz'Ink): exact odds for its dice pools and its horde fights.

Source: the French rules in /work/shared/seeds/003_*.txt.  The rulebook has no numbered
sections, so citations name its headings:

* "Mécanique de résolution d'actions" -- roll a pool of d6, each even face is a success; the
  action succeeds when successes >= difficulty (1 average ... 4 very hard).  Pool = the
  characteristic, +2 dice for a fitting trait, +1 per helper, + weapon bonus dice ("Arsenal").
* "Combattre au corps à corps" -- killing an ordinary zombie hand to hand is a Muscle test of
  difficulty 1, and every zombie killed that way costs the character 1 Survival.
* "Combattre à distance" -- a firearm kill is a Doigté test of difficulty 1 (2 at long range)
  and costs no Survival, but after a kill a d6 is rolled: on a 1 the group's Munitions
  reserve drops one step.  Used at contact, a firearm leaves the character defenceless.
* "Round des morts" -- one die per two zombies (1-2 zombies: 1 die, 3-4: 2 dice...); one 6 costs
  1 Survival, two 6s cost 2, three or more: devoured alive.
* "Sans défense !" -- a defenceless character loses 1 Survival per zombie attacking him.
* "Survivants" -- Survival reaching 0 in contact: infected; below 0: devoured.
* "Arsenal" -- Usure (wear) absorbs Survival losses until it reaches 0 and the weapon is lost;
  Effet de zone: each success kills one zombie; Précise: +2 at range.

The horde fight is a Markov chain over (range, zombies left, Survival, wear, ammunition),
computed exactly with Fractions by pushing the whole distribution forward round by round.
Readings of unclear points are in docs/RULINGS.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from dodnb.i18n import Words, term, tr
from dodnb.prob.dist import Dist
from dodnb.prob.othergames._common import (
    OtherGameInputError,
    binomial,
    flag,
    fmt_fraction,
    pct,
    short,
    whole,
    words_list,
)

__all__ = [
    "successes",
    "test",
    "pool",
    "Attack",
    "melee_attack",
    "ranged_attack",
    "horde_dice",
    "horde_attack",
    "flee",
    "HordeEnd",
    "horde_fight",
    "horde_fight_states",
    "survival_chance",
    "TACTICS",
    "RANGES",
    "AMMO_LEVELS",
    "OUTCOMES",
    "tactic_label",
]

MECH = "Dead Dice, Mécanique de résolution d'actions"
MELEE = "Dead Dice, Combattre au corps à corps"
RANGED = "Dead Dice, Combattre à distance"
DEAD = "Dead Dice, Round des morts"
DEFENCELESS = "Dead Dice, Sans défense !"
SURVIVAL = "Dead Dice, Survivants"
ARSENAL = "Dead Dice, Arsenal"
FLEE = "Dead Dice, Fuite"

HALF = Fraction(1, 2)  # an even face: 2, 4 or 6
SIXTH = Fraction(1, 6)

RANGES = ("contact", "short", "long")  # the combat scale (Contact, Courte portée, Longue portée)
AMMO_LEVELS = ("empty", "low", "sufficient")  # Munitions reserve: Vide, Basse, Suffisante
TACTICS = ("melee", "guns", "guns_then_melee")

DESTROYED = "horde destroyed"
FIGHTING = "still fighting"
INFECTED = "infected"
DEVOURED = "devoured"
OUTCOMES = (DESTROYED, FIGHTING, INFECTED, DEVOURED)

NO_LOSS = "no loss"
LOSE_1 = "lose 1 Survival"
LOSE_2 = "lose 2 Survival"
HORDE_ORDER = (NO_LOSS, LOSE_1, LOSE_2, DEVOURED)


# --------------------------------------------------------------------------- dice pools


def _dice(dice, where=MECH, name="dice") -> int:
    return whole(dice, name, where, lo=0, hi=30)


def successes(dice: int) -> Dist:
    """[Mécanique de résolution d'actions] Number of even faces among ``dice`` d6."""
    n = _dice(dice)
    if n == 0:
        return Dist.certain(0, steps=[Words("og.dd.succ.none", where=MECH)], title=Words("og.dd.succ.title", n=0))
    probs = binomial(n, HALF)
    steps = [
        Words("og.dd.succ.roll", where=MECH, n=n),
        Words("og.dd.succ.binomial", n=n),
    ]
    return Dist(probs, steps=steps, title=Words("og.dd.succ.title", n=n))


def test(dice: int, difficulty: int = 1) -> Dist:
    """[Mécanique de résolution d'actions] Does a pool of ``dice`` reach ``difficulty`` (1-4)?

    Returns a Dist over "success" / "failure".
    """
    n = _dice(dice)
    d = whole(difficulty, "difficulty", MECH, lo=1, hi=30)
    counts = successes(n)
    p = counts.at_least(d)
    steps = [
        Words("og.dd.test.rule", where=MECH, d=d),
        *counts.steps,
        Words("og.dd.test.sum", d=d, n=n, terms=" + ".join(fmt_fraction(counts.p(k)) for k in range(d, n + 1)) or "0",
              p=pct(p)),
    ]
    return Dist({"success": p, "failure": 1 - p}, steps=steps, order=("success", "failure"),
                title=Words("og.dd.test.title", n=n, d=d))


def pool(characteristic: int, *, trait: bool = False, helpers: int = 0, weapon_bonus: int = 0) -> int:
    """[Mécanique de résolution d'actions, Arsenal] How many dice a character rolls.

    The characteristic (1 average ... 3 gifted), +2 if a trait fits the action, +1 per helper,
    + the bonus dice of the weapon used to kill zombies.
    """
    c = whole(characteristic, "characteristic", MECH, lo=0, hi=10)
    flag(trait, "trait", MECH)
    h = whole(helpers, "helpers", MECH, lo=0, hi=10)
    w = whole(weapon_bonus, "weapon_bonus", ARSENAL, lo=0, hi=10)
    return c + (2 if trait else 0) + h + w


# --------------------------------------------------------------------------- single attacks


class Attack(NamedTuple):
    """One attack in the living round: zombies killed, Survival it costs, ammunition step lost."""

    killed: int
    survival_lost: int
    ammo_down: bool

    def explain_label(self, lang: str | None = None) -> str:
        """In words, in `lang`: "1 zombie killed, 1 Survival lost" (never the tuple's repr)."""
        return tr("og.dd.attack", lang, killed=self.killed, lost=self.survival_lost, ammo=self.ammo_down)


def melee_attack(dice: int, zombies: int = 1) -> Dist:
    """[Combattre au corps à corps] A Muscle test of difficulty 1 kills one zombie, costing 1 Survival.

    (A weapon with Usure pays that Survival point instead [Arsenal]; see :func:`horde_fight`.)
    """
    n = _dice(dice, MELEE, "dice (Muscle pool)")
    whole(zombies, "zombies", MELEE, lo=1, hi=60)
    p = test(n, 1).p("success")
    steps = [
        Words("og.dd.melee.test", where=MELEE, n=n),
        Words("og.dd.melee.p", n=n, p=pct(p)),
        Words("og.dd.melee.cost", where=MELEE),
    ]
    return Dist({Attack(1, 1, False): p, Attack(0, 0, False): 1 - p}, steps=steps,
                title=Words("og.dd.melee.title", n=n))


def ranged_attack(dice: int, zombies: int = 1, *, long_range: bool = False, area_effect: bool = False,
                  precise: bool = False) -> Dist:
    """[Combattre à distance, Arsenal] A firearm kill: Doigté test, difficulty 1 (2 at long range).

    Costs no Survival.  After killing, a d6 is rolled: on a 1 the Munitions reserve drops a
    step.  ``area_effect`` (Effet de zone): each success kills one zombie of the group.
    ``precise`` (Précise): +2 dice at range (ruling).
    """
    n = _dice(dice, RANGED, "dice (Doigté pool)")
    z = whole(zombies, "zombies in the group", RANGED, lo=1, hi=60)
    for name, v in (("long_range", long_range), ("area_effect", area_effect), ("precise", precise)):
        flag(v, name, RANGED)
    rolled = n + (2 if precise else 0)
    diff = 2 if long_range else 1
    counts = binomial(rolled, HALF)
    acc: dict[Attack, Fraction] = {}
    for k, pk in counts.items():
        killed = 0 if k < diff else (min(k, z) if area_effect else 1)
        if killed:
            acc[Attack(killed, 0, True)] = acc.get(Attack(killed, 0, True), 0) + pk * SIXTH
            acc[Attack(killed, 0, False)] = acc.get(Attack(killed, 0, False), 0) + pk * (1 - SIXTH)
        else:
            acc[Attack(0, 0, False)] = acc.get(Attack(0, 0, False), 0) + pk
    steps = [
        Words("og.dd.ranged.test", where=RANGED, n=n, precise=precise, diff=diff, long=long_range),
        Words("og.dd.ranged.area", z=z) if area_effect else Words("og.dd.ranged.one"),
        Words("og.dd.ranged.ammo", where=RANGED),
    ]
    return Dist(acc, steps=steps, title=Words("og.dd.ranged.title", n=rolled))


def horde_dice(zombies: int) -> int:
    """[Round des morts] One die for each started pair of zombies: 1-2 -> 1, 3-4 -> 2 ..."""
    z = whole(zombies, "zombies", DEAD, lo=1, hi=60)
    return (z + 1) // 2


def _sixes_outcome(sixes: int) -> str:
    return (NO_LOSS, LOSE_1, LOSE_2)[sixes] if sixes < 3 else DEVOURED


def horde_attack(zombies: int) -> Dist:
    """[Round des morts] What a horde of ``zombies`` engaged with a character does to him."""
    z = whole(zombies, "zombies", DEAD, lo=1, hi=60)
    n = horde_dice(z)
    sixes = binomial(n, SIXTH)
    acc: dict[str, Fraction] = {}
    for c, pc in sixes.items():
        key = _sixes_outcome(c)
        acc[key] = acc.get(key, 0) + pc
    steps = [
        Words("og.dd.horde.dice", where=DEAD, z=z, n=n),
        Words("og.dd.horde.sixes", counts=words_list([Words("og.dd.horde.six", c=c, p=fmt_fraction(pc)) for c, pc in sixes.items()])),
        Words("og.dd.horde.effect", where=DEAD),
    ]
    return Dist(acc, steps=steps, order=HORDE_ORDER, title=Words("og.dd.horde.title", z=z))


def flee(dice: int) -> Dist:
    """[Fuite] Leaving a melee: a Doigté test (difficulty 1) or lose 1 Survival; you get away either way."""
    n = _dice(dice, FLEE, "dice (Doigté pool)")
    p = test(n, 1).p("success")
    steps = [Words("og.dd.flee.test", where=FLEE), Words("og.dd.flee.p", n=n, p=pct(p))]
    return Dist({"gets away unharmed": p, "gets away, loses 1 Survival": 1 - p}, steps=steps,
                order=("gets away unharmed", "gets away, loses 1 Survival"), title=Words("og.dd.flee.title", n=n))


# --------------------------------------------------------------------------- the horde fight (Markov chain)


class HordeEnd(NamedTuple):
    """A state of the horde fight.  ``survival`` is None once devoured; ``zombies`` counts the ones left."""

    status: str
    zombies: int
    survival: int | None


class _Config(NamedTuple):
    tactic: str
    muscle_dice: int
    gun_dice: int
    gun_area: bool
    precise: bool
    weapon_dice: int


# live state: (range index, zombies, survival, wear or None, ammo level index)


def _action(cfg: _Config, rng: int, ammo: int) -> str:
    """What the character does in the living round: 'melee', 'shoot' or 'wait'."""
    can_shoot = cfg.gun_dice > 0 and ammo > 0  # Munitions vide: no firearms
    if cfg.tactic == "melee":
        return "melee" if rng == 0 else "wait"
    if cfg.tactic == "guns":
        if can_shoot:
            return "shoot"
        return "melee" if rng == 0 else "wait"
    # guns_then_melee
    if rng == 0:
        return "melee"
    return "shoot" if can_shoot else "wait"


def _lose(surv: int, wear, loss: int, absorb: bool):
    """[Arsenal] Wear pays the loss point by point while it lasts; the rest comes off Survival."""
    if absorb and wear is not None and wear > 0:
        paid = min(wear, loss)
        wear -= paid
        loss -= paid
    return surv - loss, wear


def _status(surv: int) -> str | None:
    """[Survivants] 0 in contact: infected; below 0: devoured; otherwise still up."""
    if surv < 0:
        return DEVOURED
    if surv == 0:
        return INFECTED
    return None


def _round(cfg: _Config, state) -> list[tuple[object, Fraction]]:
    """One living round then one dead round from a live state: [(next state or HordeEnd, prob)]."""
    rng, n, surv, wear, ammo = state
    act = _action(cfg, rng, ammo)
    after_living: list[tuple[tuple, bool, Fraction]] = []  # (state, defenceless, prob) or terminal
    ends: list[tuple[HordeEnd, Fraction]] = []
    if act == "wait":
        after_living.append(((rng, n, surv, wear, ammo), False, Fraction(1)))
    elif act == "melee":
        dice = cfg.muscle_dice - (cfg.weapon_dice if wear == 0 else 0)  # a worn-out weapon is gone
        p = 1 - HALF**dice if dice > 0 else Fraction(0)
        if p:
            s2, w2 = _lose(surv, wear, 1, absorb=True)  # [Combattre au corps à corps] 1 Survival per kill
            st = _status(s2)
            if st is not None:
                ends.append((HordeEnd(st, n - 1, s2 if st == INFECTED else None), p))
            elif n - 1 == 0:
                ends.append((HordeEnd(DESTROYED, 0, s2), p))
            else:
                after_living.append(((rng, n - 1, s2, w2, ammo), False, p))
        if 1 - p:
            after_living.append(((rng, n, surv, wear, ammo), False, 1 - p))
    else:  # shoot
        dice = cfg.gun_dice + (2 if cfg.precise and rng > 0 else 0)
        diff = 2 if rng == 2 else 1
        defenceless = rng == 0  # [Combattre à distance] a firearm at contact leaves you defenceless
        for k, pk in binomial(dice, HALF).items():
            killed = 0 if k < diff else (min(k, n) if cfg.gun_area else 1)
            if not killed:
                after_living.append(((rng, n, surv, wear, ammo), defenceless, pk))
                continue
            for a2, pa in ((ammo - 1, SIXTH), (ammo, 1 - SIXTH)):  # ammunition roll after a kill
                if n - killed == 0:
                    ends.append((HordeEnd(DESTROYED, 0, surv), pk * pa))
                else:
                    after_living.append(((rng, n - killed, surv, wear, a2), defenceless, pk * pa))
    out: list[tuple[object, Fraction]] = list(ends)
    for (r2, n2, s2, w2, a2), defenceless, p in after_living:
        if r2 > 0:  # the horde shuffles one box closer; it attacks from the next dead round on
            out.append(((r2 - 1, n2, s2, w2, a2), p))
            continue
        if defenceless:  # [Sans défense !] 1 Survival per attacking zombie, no dice
            s3, w3 = _lose(s2, w2, n2, absorb=False)
            st = _status(s3)
            out.append(((HordeEnd(st, n2, s3 if st == INFECTED else None)) if st else (r2, n2, s3, w3, a2), p))
            continue
        absorb = act == "melee"
        for c, pc in binomial((n2 + 1) // 2, SIXTH).items():
            if c >= 3:
                out.append((HordeEnd(DEVOURED, n2, None), p * pc))
                continue
            s3, w3 = _lose(s2, w2, c, absorb=absorb)
            st = _status(s3)
            out.append(((HordeEnd(st, n2, s3 if st == INFECTED else None)) if st else (r2, n2, s3, w3, a2), p * pc))
    return out


def _validate(zombies, survival, rounds, tactic, muscle_dice, gun_dice, gun_area, precise, wear,
              weapon_dice, start, ammo):
    where = "Dead Dice, Combattre la Horde"
    survival = whole(survival, "survival (the character's Survival score)", SURVIVAL, lo=1, hi=30)
    rounds = whole(rounds, "rounds", where, lo=1, hi=100)
    if tactic not in TACTICS:
        raise OtherGameInputError(f"[{where}] tactic must be one of {', '.join(TACTICS)}, got {tactic!r}")
    muscle_dice = _dice(muscle_dice, MELEE, "muscle_dice")
    gun_dice = _dice(gun_dice, RANGED, "gun_dice")
    flag(gun_area, "gun_area", ARSENAL)
    flag(precise, "precise", ARSENAL)
    if wear is not None:
        wear = whole(wear, "wear (Usure of the melee weapon)", ARSENAL, lo=1, hi=20)
    weapon_dice = whole(weapon_dice, "weapon_dice", ARSENAL, lo=0, hi=muscle_dice)
    if weapon_dice and wear is None:
        raise OtherGameInputError(
            f"[{ARSENAL}] weapon_dice={weapon_dice} is only lost when the weapon wears out; give its wear too "
            "(or leave weapon_dice at 0 and count the bonus in muscle_dice)"
        )
    if tactic != "melee" and gun_dice == 0:
        raise OtherGameInputError(f"[{RANGED}] tactic {tactic!r} needs a firearm: give gun_dice >= 1")
    if start not in RANGES:
        raise OtherGameInputError(f"[{where}] start must be one of {', '.join(RANGES)}, got {start!r}")
    if ammo not in AMMO_LEVELS:
        raise OtherGameInputError(f"[Dead Dice, Effet des réserves] ammo must be one of {', '.join(AMMO_LEVELS)}, got {ammo!r}")
    if isinstance(zombies, Dist):
        for z in zombies.outcomes:
            whole(z, "zombies (each possible horde size)", DEAD, lo=1, hi=60)
    else:
        zombies = whole(zombies, "zombies", DEAD, lo=1, hi=60)
    cfg = _Config(tactic, muscle_dice, gun_dice, gun_area, precise, weapon_dice)
    return zombies, survival, rounds, cfg, wear, RANGES.index(start), AMMO_LEVELS.index(ammo)


def _run_chain(cfg: _Config, start_state, rounds: int):
    """Push the distribution forward; return (final Dist dict, per-round outcome summaries)."""
    live: dict[tuple, Fraction] = {start_state: Fraction(1)}
    ended: dict[HordeEnd, Fraction] = {}
    history = []
    for _ in range(rounds):
        nxt: dict[tuple, Fraction] = {}
        for state, p in live.items():
            for s2, q in _round(cfg, state):
                target = ended if isinstance(s2, HordeEnd) else nxt
                target[s2] = target.get(s2, Fraction(0)) + p * q
        live = nxt
        summary = {o: Fraction(0) for o in OUTCOMES}
        for e, p in ended.items():
            summary[e.status] += p
        summary[FIGHTING] = sum(live.values(), Fraction(0))
        history.append(summary)
        if not live:
            break
    final = dict(ended)
    for (rng, n, s, w, a), p in live.items():
        key = HordeEnd(FIGHTING, n, s)
        final[key] = final.get(key, Fraction(0)) + p
    return final, history, len(history)


def horde_fight_states(zombies, survival: int, *, rounds: int = 3, tactic: str = "melee",
                       muscle_dice: int = 1, gun_dice: int = 0, gun_area: bool = False,
                       precise: bool = False, wear: int | None = None, weapon_dice: int = 0,
                       start: str = "contact", ammo: str = "sufficient") -> Dist:
    """Dist of :class:`HordeEnd` (status, zombies left, Survival left) after ``rounds`` rounds.

    See :func:`horde_fight` for the parameters.
    """
    zombies, survival, rounds, cfg, wear, rng, am = _validate(
        zombies, survival, rounds, tactic, muscle_dice, gun_dice, gun_area, precise, wear, weapon_dice, start, ammo)
    sizes = zombies.items() if isinstance(zombies, Dist) else [(zombies, Fraction(1))]
    acc: dict[HordeEnd, Fraction] = {}
    histories = []
    for z, pz in sizes:
        final, hist, used = _run_chain(cfg, (rng, z, survival, wear, am), rounds)
        for k, p in final.items():
            acc[k] = acc.get(k, Fraction(0)) + pz * p
        histories.append((z, pz, hist))
    steps = _fight_steps(cfg, survival, wear, start, ammo, rounds, histories)
    horde = (Words("og.dd.fight.horde", n=zombies) if not isinstance(zombies, Dist)
             else Words("og.dd.fight.horde_range", lo=zombies.min(), hi=zombies.max()))
    return Dist(acc, steps=steps, title=Words("og.dd.fight.title", horde=horde, survival=survival, rounds=rounds))


def _fight_steps(cfg: _Config, survival, wear, start, ammo, rounds, histories) -> list[Words]:
    pools = [Words("og.dd.fight.muscle_weapon", n=cfg.muscle_dice, weapon=cfg.weapon_dice) if cfg.weapon_dice
             else Words("og.dd.fight.muscle", n=cfg.muscle_dice)]
    if wear is not None:
        pools.append(Words("og.dd.fight.wear", wear=wear))
    if cfg.gun_dice:
        pools.append(Words("og.dd.fight.gun", n=cfg.gun_dice))
    lines = [
        Words("og.dd.fight.chain"),
        Words("og.dd.fight.character", survival=survival, pools=_semicolons(pools),
              tactic=Words(f"og.dd.tactic.{cfg.tactic}"), start=start, ammo=ammo),
        Words("og.dd.fight.living_melee", where=MELEE, arsenal=ARSENAL),
    ]
    if cfg.gun_dice:
        lines.append(Words("og.dd.fight.living_gun", where=RANGED))
    lines += [
        Words("og.dd.fight.dead", where=DEAD),
        Words("og.dd.fight.defenceless", where=DEFENCELESS),
        Words("og.dd.fight.survival", where=SURVIVAL),
    ]
    for z, pz, hist in histories:
        lines.append(Words("og.dd.fight.head_p", z=z, p=fmt_fraction(pz)) if pz != 1 else Words("og.dd.fight.head", z=z))
        for i, summary in enumerate(hist, 1):
            lines.append(Words("og.dd.fight.after", i=i, states=words_list(
                [Words("og.dd.fight.state", o=o, p=short(summary[o])) for o in OUTCOMES])))
        if len(hist) < rounds:
            lines.append(Words("og.dd.fight.over", n=len(hist)))
    return lines


def _semicolons(parts: list) -> Words:
    out = parts[0]
    for part in parts[1:]:
        out = Words("og.semicolon", a=out, b=part)
    return out


def horde_fight(zombies, survival: int, *, rounds: int = 3, tactic: str = "melee", muscle_dice: int = 1,
                gun_dice: int = 0, gun_area: bool = False, precise: bool = False, wear: int | None = None,
                weapon_dice: int = 0, start: str = "contact", ammo: str = "sufficient") -> Dist:
    """[Combattre la Horde] One character against one group of zombies, for ``rounds`` rounds.

    Returns a Dist over "horde destroyed", "still fighting", "infected", "devoured".

    * ``zombies``: the size of the group (an int, or a Dist such as a group of 1d6).
    * ``survival``: the character's Survival score.
    * ``tactic``: "melee" (fight hand to hand at contact), "guns" (shoot at every range, so
      defenceless at contact) or "guns_then_melee" (shoot while they come, melee at contact).
    * ``muscle_dice`` / ``gun_dice``: the pools for a melee kill and a firearm kill (use
      :func:`pool` to build them); ``gun_area`` for Effet de zone, ``precise`` for Précise.
    * ``wear``: Usure of the melee weapon; ``weapon_dice``: its bonus dice, lost with it.
    * ``start``: where the horde starts on the scale ("contact", "short", "long").
    * ``ammo``: the group's Munitions reserve ("sufficient", "low", "empty").
    """
    states = horde_fight_states(zombies, survival, rounds=rounds, tactic=tactic, muscle_dice=muscle_dice,
                                gun_dice=gun_dice, gun_area=gun_area, precise=precise, wear=wear,
                                weapon_dice=weapon_dice, start=start, ammo=ammo)
    out = states.map(lambda e: e.status)
    return Dist(out.as_dict(), steps=states.steps, order=OUTCOMES, title=states.title)


def survival_chance(zombies, survival: int, **kw) -> Fraction:
    """P(the character is neither infected nor devoured after the rounds): see :func:`horde_fight`."""
    d = horde_fight(zombies, survival, **kw)
    return d.p(DESTROYED) + d.p(FIGHTING)


def tactic_label(tactic: str, lang: str | None = None) -> str:
    """A tactic's name for a reader, in `lang` (default: the package's): "guns_then_melee" in English
    (the value passed as ``tactic=``), « armes à feu puis mêlée » in French."""
    return term("dd_tactic", tactic, lang)
