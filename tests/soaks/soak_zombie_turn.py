"""Soak: the fast exact zombie-turn walk (`dodnb.prob.zombieturn.walk_exact` with `ZombieTurnWalk`'s shortcuts)
against the plain enumeration of the engine's chance nodes (`tests/prob/zombieturn/zturn_positions.plain_walk`),
on small seeded random positions built by hand: one to three characters (normal, stunned, infected),
one to five units (values 1-11, some berserk) placed in the characters' squares, next to them, and on
the far side of closed glass doors from them (the case the game-derived test positions never meet), a
small eliminated pool, main doors open or closed, solitaire mostly and some two-player games; started at
random points of the Zombie Player-Turn (the end of a Human Player-Turn, the Hidden Zombie Table, its
draw, the Berserk and Reaction phases, the free-movement die, free moves with 1-6 left or none, the
Attack and Generation phases) and at positions met while playing the turn out with random dice. Only
positions whose plain walk finishes within a node budget are compared. Prints figures, and for each
failure (a crash of the fast walk, or a distribution that differs) a reproduction as Python code;
not a test.

    python tests/soaks/soak_zombie_turn.py --seconds 600 --seed 1
    python tests/soaks/soak_zombie_turn.py --seconds 60 --budget 800 --per-position 4
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
import traceback
from collections import Counter
from fractions import Fraction
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.append(_ROOT)  # appended: a PYTHONPATH pointing at another checkout comes first

from dodnb.board.model import load_board  # noqa: E402
from dodnb.prob.enumerate import TooBig  # noqa: E402
from dodnb.prob.zombieturn import ZombieTurnWalk, walk_exact  # noqa: E402
from dodnb.rules import engine  # noqa: E402
from dodnb.rules.state import GameState  # noqa: E402
from tests.rules.solitaire_helpers import build  # noqa: E402
from tests.prob.zombieturn.zturn_positions import TooLong, mid_turn_states, plain_walk  # noqa: E402

HEADER = """\
from dataclasses import replace
from fractions import Fraction
from dodnb.rules import engine
from dodnb.rules.state import Attack, Pending, Shot, TurnRecord, ZombieTurn
from dodnb.prob.zombieturn import ZombieTurnWalk, start_position, walk_exact
from tests.rules.solitaire_helpers import build
from tests.prob.zombieturn.zturn_positions import mid_turn_states, plain_walk
"""

CHECK = """\
ctx = engine.context(st.board)
fast = {tuple(k): p for k, p in walk_exact(st, ZombieTurnWalk(st, ctx)).items()}
assert fast == plain_walk(st)
"""

BOARD = load_board()
CTX = engine.context(BOARD)
GLASS = [d for d in BOARD.doors.values() if d.kind == "glass"]
GLASS_AT: dict = {}
for _d in GLASS:
    for _sq in _d.squares:
        GLASS_AT.setdefault(_sq, []).append(_d.id)
ENTRANCES = dict(BOARD.main_door_squares)  # compass -> square
NAMES = ("Peter", "Roger", "Steve", "Fran")
INTERESTING = {"free", "roll:free", "roll:glass", "reaction", "draw:eliminated", "draw:hidden", "roll:berserk_go",
               "roll:berserk_stay", "pick:tie", "roll:entrance", "roll:attack"}


def within(sq: str, r: int) -> list:
    """Squares within `r` moves of `sq`, every door open (sorted, `sq` first)."""
    dist = {sq: 0}
    todo = [sq]
    while todo:
        s = todo.pop(0)
        if dist[s] >= r:
            continue
        for n in CTX.open_moves[s]:
            if n not in dist:
                dist[n] = dist[s] + 1
                todo.append(n)
    return sorted(dist, key=lambda s: (dist[s], s))


# =============================================================================================
# the positions, as the code that builds them


def gen_spec(seed: int) -> dict:
    """A small random position and where in the zombie turn it starts (a dict of build arguments)."""
    rng = random.Random(seed)
    solitaire = rng.random() < 0.8
    anchor = rng.choices(("glass", "main", "any"), (0.75, 0.1, 0.15))[0]
    doors: dict = {}
    if anchor == "glass":
        g = rng.choice(GLASS)
        near_c, far_z = rng.sample(list(g.squares), 2)
        doors[g.id] = rng.choices(("closed", "destroyed", "open"), (0.9, 0.04, 0.06))[0]
    elif anchor == "main":
        near_c = rng.choice(sorted(ENTRANCES.values()))
        far_z = rng.choice(within(near_c, 2)[1:])
    else:
        near_c = rng.choice(sorted(BOARD.ids))
        far_z = rng.choice(within(near_c, 3)[1:])
    around = within(near_c, 3)
    # other glass doors around: closed at random (a berserk unit may attack any closed one [10.4])
    for sq in around:
        for d in GLASS_AT.get(sq, ()):
            if d not in doors and rng.random() < 0.35:
                doors[d] = rng.choices(("closed", "destroyed"), (0.9, 0.1))[0]
    for compass in "NESW":
        if rng.random() < 0.5:
            doors[compass] = "closed"
    # characters
    n_chars = rng.choices((1, 2, 3), (0.45, 0.35, 0.2))[0]
    names = rng.sample(NAMES, n_chars)
    chars: dict = {}
    for i, n in enumerate(names):
        if i == 0:
            sq = near_c if rng.random() < 0.6 else rng.choice([s for s in within(near_c, 1) if s != far_z])
        elif rng.random() < 0.4:
            sq = chars[names[0]]["square"]
        else:
            sq = rng.choice(around)
        spec = {"square": sq, "status": rng.choices(("normal", "stunned", "infected"), (0.5, 0.25, 0.25))[0]}
        if spec["status"] == "infected" and rng.random() < 0.3:
            spec["infected_turn"] = 1  # infected this Game-Turn: no super-zombie roll yet [11.0]
        if n in ("Steve", "Fran") and rng.random() < 0.2:
            spec["rifle"] = True
        chars[n] = spec
    char_squares = sorted({c["square"] for c in chars.values()})
    # units
    n_units = rng.choices((1, 2, 3, 4, 5), (0.2, 0.3, 0.25, 0.15, 0.1))[0]
    units: list = []
    taken: set = set()

    def put(sq, berserk_p):
        if sq in taken:
            return
        taken.add(sq)
        units.append({"square": sq, "value": rng.randint(1, 11), "berserk": rng.random() < berserk_p})

    far_opts = [far_z] + [s for s in within(far_z, 2) if s not in char_squares]
    put(far_z if rng.random() < 0.8 else rng.choice(far_opts), 0.85)
    for _ in range(n_units - 1):
        r = rng.random()
        if r < 0.25:
            sq = rng.choice(char_squares)
        elif r < 0.5:  # across a glass door from a character, or next to one
            cands = [o for cs in char_squares for d in GLASS_AT.get(cs, ()) for o in BOARD.doors[d].squares if o != cs]
            sq = rng.choice(cands) if cands else rng.choice(within(rng.choice(char_squares), 1))
            put(sq, 0.5)
            continue
        elif r < 0.6 and anchor == "main":
            sq = near_c
        else:
            sq = rng.choice(around)
        put(sq, 0.3)
    eliminated = [rng.randint(1, 11) for _ in range(rng.choices((0, 1, 2, 3), (0.2, 0.35, 0.3, 0.15))[0])]
    hidden_squares: list = []
    hidden_units: list = []
    if not solitaire:
        free = [s for s in around if s not in taken and s not in char_squares and s not in ENTRANCES.values()]
        hidden_squares = sorted(rng.sample(free, min(len(free), rng.choice((0, 1, 2)))))
        hidden_units = [rng.randint(1, 11) for _ in range(len(hidden_squares) + rng.choice((0, 1)))]
    # where the zombie turn starts
    berserk = sorted(f"Z{i + 1:02d}" for i, u in enumerate(units) if u["berserk"])
    kinds = ["human", "berserk", "reaction", "free_roll", "free_moves", "free_end", "attack", "generation"]
    weights = [0.18, 0.08, 0.1, 0.12, 0.3, 0.07, 0.08, 0.07]
    if solitaire:
        kinds += ["hidden_table", "hidden_draw"]
        weights += [0.06, 0.1 if eliminated else 0.0]
    start = rng.choices(kinds, weights)[0]
    first = names[0]
    entered = [chars[first]["square"]]
    if rng.random() < 0.4:
        entered.insert(0, rng.choice(within(entered[0], 1)))
    acted = [chars[first]["square"]] if rng.random() < 0.2 else []
    rec = {"actors": (first,), "entered": tuple(dict.fromkeys(entered)), "acted": tuple(acted)}
    zt: dict = {}
    kw: dict = {}
    if start == "human":
        kw["pending"] = ("human", "act", "5.0", "")
    elif start == "hidden_table":
        kw["phase"] = "hidden"
        zt = {"step": "hidden_table", "queue": tuple(berserk)}
    elif start == "hidden_draw":
        kw["phase"] = "hidden"
        spots = [s for s in around if s not in taken and s not in char_squares]
        zt = {"step": "hidden_done", "queue": tuple(berserk), "drawing": rng.choice(spots)}
    elif start == "berserk":
        kw["phase"] = "berserk"
        zt = {"step": "berserk_stay", "queue": tuple(berserk)}
    elif start == "reaction":  # the Berserk Zombie Phase over, nothing checked: the engine enters [7.0] 1
        kw["phase"] = "berserk"
        zt = {"step": "berserk_check"}
    elif start == "free_roll":
        kw["phase"] = "free"
        zt = {"step": "free_roll"}
    elif start in ("free_moves", "free_end"):
        kw["phase"] = "free"
        uids = [f"Z{i + 1:02d}" for i in range(len(units))]
        moved = tuple(u for u in uids if rng.random() < 0.12)
        reacted = tuple(u for u in uids if u not in moved and rng.random() < 0.12)
        zt = {"step": "free_moves", "moves_left": rng.randint(1, 6) if start == "free_moves" else 0,
              "moved": moved, "reacted": reacted}
        kw["pending"] = ("zombie", "free", "7.0", "free movement")
    elif start == "attack":
        kw["phase"] = "attack"
        zsq = {u["square"] for u in units}
        zt = {"step": "attack_squares", "queue": tuple(sorted(s for s in char_squares if s in zsq))}
    elif start == "generation":
        kw["phase"] = "generation"
        zt = {"step": "entrance",
              "super_rolls": tuple(n for n, c in chars.items() if c["status"] == "infected" and not c.get("infected_turn"))}
    return {"seed": seed, "start": start, "solitaire": solitaire, "chars": chars, "units": units,
            "eliminated": tuple(eliminated), "doors": dict(sorted(doors.items())), "record": rec, "zturn": zt, "kw": kw,
            "hidden_squares": tuple(hidden_squares), "hidden_units": tuple(hidden_units)}


def _args(d: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in d.items())


def _char_code(spec) -> str:
    if set(spec) == {"square"} or (set(spec) == {"square", "status"} and spec["status"] == "normal"):
        return repr(spec["square"])
    return repr(spec)


def spec_code(spec: dict) -> str:
    """The code that builds the spec's position (``st``, before settling)."""
    chars = "{" + ", ".join(f"{n!r}: {_char_code(c)}" for n, c in spec["chars"].items()) + "}"
    units = [dict(u) for u in spec["units"]]
    for u in units:
        if not u.get("berserk"):
            u.pop("berserk", None)
    units += [{"uid": f"H{i + 1}", "value": v, "pool": "hidden"} for i, v in enumerate(spec["hidden_units"])]
    parts = [chars, repr(units)]
    if spec["eliminated"]:
        parts.append(f"eliminated={spec['eliminated']!r}")
    if spec["doors"]:
        parts.append(f"doors={spec['doors']!r}")
    kw = spec["kw"]
    if "phase" in kw:
        parts.append(f"phase={kw['phase']!r}")
    rec = {k: v for k, v in spec["record"].items() if v}
    parts.append(f"record=TurnRecord({_args(rec)})")
    if spec["zturn"]:
        parts.append(f"zturn=ZombieTurn({_args({k: v for k, v in spec['zturn'].items() if v or k == 'moves_left'})})")
    if "pending" in kw:
        parts.append(f"pending=Pending{kw['pending']!r}")
    code = "st = build(" + ",\n           ".join(parts) + ")\n"
    if not spec["solitaire"]:
        code += f"st = replace(st, solitaire=False, hidden_squares={spec['hidden_squares']!r})\n"
    code += "st, _ = start_position(st)  # settled by the engine (a Human Player-Turn ended as it stands)\n"
    return code


def run_code(code: str) -> GameState:
    ns: dict = {}
    exec(HEADER + code, ns)
    return ns["st"]


# ----- any position as code (the positions met during a turn) --------------------------------

def _value(v) -> str:
    if isinstance(v, str):  # str enums as their plain strings
        return repr(str(v))
    if isinstance(v, tuple):
        inner = ", ".join(_value(x) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if dataclasses.is_dataclass(v):
        return _dc(v)
    return repr(v)


def _dc(obj) -> str:
    """A frozen dataclass as its constructor, the fields left at their defaults omitted."""
    out = []
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING)
        if default is not dataclasses.MISSING and v == default:
            continue
        out.append(f"{f.name}={_value(v)}")
    return f"{type(obj).__name__}({', '.join(out)})"


def state_code(s: GameState) -> str:
    """`build(...)` code for any position (checked by :func:`dump_state` to give the same state back)."""
    chars = []
    for c in s.characters:
        d = {"square": c.square}
        if c.status != "normal":
            d["status"] = str(c.status)
        for k in ("rifle", "moved_last_turn"):
            if getattr(c, k):
                d[k] = True
        if c.infected_turn:
            d["infected_turn"] = c.infected_turn
        chars.append(f"{c.name!r}: {_char_code(d)}")
    units = []
    for z in s.zombies:
        d = {"uid": z.uid, "value": z.value}
        if z.square is not None:
            d["square"] = z.square
        else:
            d["pool"] = str(z.pool)
        for k in ("berserk", "face_up", "seen"):
            if getattr(z, k):
                d[k] = True
        if z.candidates:
            d["candidates"] = tuple(z.candidates)
        units.append(repr(d))
    parts = ["{" + ", ".join(chars) + "}", "[" + ",\n            ".join(units) + "]"]
    doors = {d: str(st) for d, st in s.door_states}
    if doors:
        parts.append(f"doors={doors!r}")
    defaults = {f.name: f.default for f in dataclasses.fields(GameState) if f.default is not dataclasses.MISSING}
    for f in dataclasses.fields(GameState):
        if f.name in ("board", "characters", "zombies", "door_states", "solitaire"):
            continue
        v = getattr(s, f.name)
        if f.name in defaults and v == defaults[f.name]:
            continue
        parts.append(f"{f.name}={_value(v)}")
    code = "st = build(" + ",\n           ".join(parts) + ")\n"
    if not s.solitaire:
        code += "st = replace(st, solitaire=False)\n"
    return code


def dump_state(s: GameState) -> tuple[str, bool]:
    """(code building `s`, whether running it gives `s` back exactly)."""
    code = state_code(s)
    try:
        back = run_code(code)
    except Exception:  # noqa: BLE001
        return code, False
    return code, back == s and back.zombies == s.zombies


# =============================================================================================
# one comparison


_SEEN_NODES: set = set()
_RECORD = [False]
_chance_outcomes = engine.chance_outcomes


def _recording_chance_outcomes(st, ctx=None):
    if _RECORD[0]:
        _SEEN_NODES.add(str(st.pending.kind))
    return _chance_outcomes(st, ctx)


engine.chance_outcomes = _recording_chance_outcomes  # which chance nodes the plain walk met (figures only)


def compare(m: GameState, budget: int, fast_seconds: float):
    """('too big' | 'plain error' | 'ok' | 'crash' | 'mismatch', detail, walk.used); the chance nodes the
    plain walk met are left in _SEEN_NODES."""
    _SEEN_NODES.clear()
    _RECORD[0] = True
    t = time.perf_counter()
    try:
        plain = plain_walk(m, max_nodes=budget)
    except TooLong:
        return "too big", None, {}
    except Exception:  # noqa: BLE001 - the engine itself on a hand-built position
        return "plain error", traceback.format_exc(), {}
    finally:
        _RECORD[0] = False
        compare.plain_seconds = time.perf_counter() - t
    ctx = engine.context(m.board)
    walk = None
    try:
        walk = ZombieTurnWalk(m, ctx)
        fast = {tuple(k): p for k, p in walk_exact(m, walk, max_seconds=fast_seconds).items()}
    except TooBig as exc:
        return "crash", f"TooBig from the fast walk while the plain walk finished: {exc}", {}
    except Exception:  # noqa: BLE001
        return "crash", traceback.format_exc(), dict(walk.used) if walk else {}
    if fast != plain:
        return "mismatch", (fast, plain), dict(walk.used)
    return "ok", None, dict(walk.used)


def fmt_outcome(k) -> str:
    statuses, d, e, w = k
    return f"({', '.join(f'{n}={s}' for n, s in statuses)}; destroyed {d}, entered {e}{', winner ' + w if w else ''})"


def diff_text(fast: dict, plain: dict) -> str:
    lines = ["  outcome: fast walk | plain walk"]
    for k in sorted(set(fast) | set(plain), key=repr):
        a, b = fast.get(k, Fraction(0)), plain.get(k, Fraction(0))
        if a != b:
            lines.append(f"  {fmt_outcome(k)}: {a} | {b}")
    lines.append(f"  ({len(fast)} outcomes fast, {len(plain)} plain, total {sum(fast.values())} | {sum(plain.values())})")
    return "\n".join(lines)


def signature(kind: str, detail, m: GameState) -> tuple:
    if kind == "crash":
        if isinstance(detail, str) and "Traceback" in detail:
            lines = [ln.strip() for ln in detail.strip().splitlines()]
            where = [ln for ln in lines if ln.startswith("File ") and "zombieturn/" in ln]
            return ("crash", lines[-1].split(":")[0], where[-1] if where else "")
        return ("crash", "TooBig", "")
    return ("mismatch", str(m.phase), str(m.pending.kind))


# =============================================================================================


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=300.0, help="time budget (wall clock)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=1000, help="node budget of the plain walk per position")
    ap.add_argument("--per-position", type=int, default=5, help="positions met during the turn compared per start")
    ap.add_argument("--show", type=int, default=3, help="reproductions printed per distinct failure")
    args = ap.parse_args()

    import dodnb
    print(f"dodnb from {Path(dodnb.__file__).parent}; seed {args.seed}, {args.seconds:.0f} s, plain-walk budget {args.budget} nodes",
          flush=True)
    t0 = time.perf_counter()
    tried = compared = too_big = plain_errors = built_errors = 0
    outcome = Counter()
    by_start = Counter()
    by_kind = Counter()
    used: Counter = Counter()
    failures: dict = {}  # signature -> [records]
    slowest = slowest_plain = 0.0
    met = Counter()  # compared positions whose turn meets each chance node
    i = 0
    while time.perf_counter() - t0 < args.seconds:
        seed = args.seed * 1_000_003 + i
        i += 1
        spec = gen_spec(seed)
        code = spec_code(spec)
        try:
            st0 = run_code(code)
        except Exception:  # noqa: BLE001 - an impossible hand-built position (the engine refuses it)
            built_errors += 1
            continue
        if st0.result is not None or st0.pending is None or st0.phase == "human":
            continue
        tried += 1
        try:
            mids = mid_turn_states(st0, seed)
        except Exception:  # noqa: BLE001
            mids = [st0]
            plain_errors += 1
        rng = random.Random(seed ^ 0x5EED)
        picks = {0}
        w = [3 if str(m.pending.kind) in INTERESTING else 1 for m in mids]
        for _ in range(args.per_position * 3):
            if len(picks) >= min(args.per_position, len(mids)):
                break
            picks.add(rng.choices(range(len(mids)), w)[0])
        for j in sorted(picks):
            m = mids[j]
            t1 = time.perf_counter()
            kind, detail, u = compare(m, args.budget, fast_seconds=60)
            dt = time.perf_counter() - t1
            outcome[kind] += 1
            if kind == "too big":
                too_big += 1
                continue
            if kind == "plain error":
                plain_errors += 1
                continue
            slowest = max(slowest, dt)
            slowest_plain = max(slowest_plain, compare.plain_seconds)
            met.update(_SEEN_NODES)
            compared += 1
            by_start[spec["start"]] += 1
            by_kind[str(m.pending.kind)] += 1
            used.update(u)
            if kind in ("crash", "mismatch"):
                sig = signature(kind, detail, m)
                recs = failures.setdefault(sig, [])
                recs.append({"seed": seed, "index": j, "spec": spec, "code": code, "state": m, "detail": detail})
                print(f"  {kind} at seed {seed}, position {j} of the turn ({m.phase}, {m.pending.kind}): {sig}", flush=True)
        if i % 50 == 0:
            print(f"  {time.perf_counter() - t0:6.0f} s: {tried} starts, {compared} compared, "
                  f"{sum(len(v) for v in failures.values())} failures", flush=True)

    n_crash = sum(len(v) for k, v in failures.items() if k[0] == "crash")
    n_mis = sum(len(v) for k, v in failures.items() if k[0] == "mismatch")
    print()
    print(f"positions generated {i}, refused by the engine {built_errors}, starts tried {tried}")
    print(f"positions compared {compared} (skipped: {too_big} too big for the plain walk, {plain_errors} engine errors "
          f"in the plain walk); slowest comparison {slowest:.2f} s (plain walk {slowest_plain:.2f} s)")
    print(f"crashes {n_crash}, mismatches {n_mis}, distinct failures {len(failures)}")
    print("compared by start:", dict(by_start.most_common()))
    print("compared by node:", dict(by_kind.most_common()))
    print("compared turns meeting each chance node:", dict(met.most_common()))
    print("shortcuts used:", dict(used.most_common()))
    for sig, recs in failures.items():
        print()
        print("=" * 100)
        print(f"FAILURE {sig}: {len(recs)} time(s); seeds {[r['seed'] for r in recs[:20]]}")
        for r in sorted(recs, key=lambda r: (len(r["state"].zombies) + len(r["state"].characters)))[:args.show]:
            m = r["state"]
            print("-" * 100)
            print(f"seed {r['seed']}, start {r['spec']['start']}, position {r['index']} met in the turn "
                  f"({m.phase}, {m.pending.kind})")
            print("# reproduction (the start, then the position met in the turn):")
            print(HEADER + r["code"] + (f"st = mid_turn_states(st, {r['seed']})[{r['index']}]\n" if r["index"] else "") + CHECK)
            code, exact = dump_state(m)
            print("# the same position built directly" + ("" if exact else " (NOT an exact round trip)") + ":")
            print(code + CHECK)
            if sig[0] == "crash":
                print(r["detail"])
            else:
                print(diff_text(*r["detail"]))


if __name__ == "__main__":
    main()
