"""Write notebooks/03_shooting_odds.ipynb (then execute it, see Makefile / tests).

    python tools/build_nb03.py
    HOME=/tmp/nbhome .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/03_shooting_odds.ipynb
"""

from pathlib import Path

from nb import write

ROOT = Path(__file__).resolve().parent.parent

cells = [
    ("md", """
# Shooting odds, exactly

A character in *Dawn of the Dead* shoots a zombie by rolling dice: if the total, minus any
*shot modifier*, is at least the unit's **Zombie Value**, the unit is destroyed [6.0]. Before
some shots the character must first keep his nerve: a **panic check** [6.5].

This notebook works out the chance of a kill **exactly**, as a fraction, and shows where every
number comes from. By the end you will know:

1. why one die and two dice behave so differently [6.6];
2. how the kill chance falls as the Zombie Value rises [6.0];
3. what distance and doors cost [6.7];
4. how a panic check turns the answer into a *mixture* [6.5];
5. why Peter and Roger together still roll only three dice [6.8], and why modifiers hit *each* gun;
6. what to do when you do not know the Zombie Value [5.4], [7.7];
7. how a whole turn of shooting plays out with the Fire Rate [6.1];
8. how exact answers compare with a simulation.

The numbers in square brackets are the *Cases* of the original rules.

> **About the counters.** The rules explain what Panic Levels and Zombie Values *mean* but do not
> print the numbers on the counters. dodnb ships a reconstruction (see `docs/COUNTERS.md`); every
> function takes `counters=` so you can plug in the printed values if you own the game.
"""),
    ("code", """
from fractions import Fraction
from IPython.display import HTML, display

import dodnb.prob as P
from dodnb.prob.dist import fmt_fraction, fmt_percent
from dodnb.render.charts import bar_chart, dist_chart
from dodnb.render.calc_charts import fire_chart, fire_label, probability_grid


def show(scene):
    # Charts are scenes (lists of shapes); here they are drawn as SVG.
    display(HTML(scene.to_svg()))


def table(title, head, rows):
    # A plain HTML table; every cell is already a string.
    out = [f"<table><caption style='text-align:left'><b>{title}</b></caption><tr>"]
    out += [f"<th>{h}</th>" for h in head] + ["</tr>"]
    for r in rows:
        out.append("<tr>" + "".join(f"<td style='text-align:right'>{c}</td>" for c in r) + "</tr>")
    display(HTML("".join(out) + "</table>"))
"""),
    ("md", """
## 1. One die or two [6.6]

Peter and Roger carry automatic rifles: their shots are rolled with **two dice**. Steve and Fran
have pistols: **one die**, or two once they pick up a hunting rifle [12.0].

One die gives every total from 1 to 6 the same chance, 1/6. Two dice give 36 equally likely pairs
of faces, and the totals are not equally likely: there is one way to roll 2 (1+1) but six ways to
roll 7. That is the whole secret of two-dice odds: **count the ways**.
"""),
    ("code", """
show(dist_chart(P.dice(1), "One die: every face 1/6"))
show(dist_chart(P.dice(2), "Two dice: count the ways out of 36", highlight=lambda t: t == 7))
"""),
    ("md", """
A `Dist` (distribution) holds exact fractions. `explain()` writes the derivation you would put
on the board, and `table()` adds the "at least" column, which is exactly what a shot needs:
"""),
    ("code", """
print(P.shot(2).table())
"""),
    ("md", """
## 2. The kill chance by Zombie Value [6.0]

Step 5 of the shooting procedure [6.0]: the unit is destroyed when the shot result is **equal to
or greater than** its Zombie Value. So P(kill) = P(dice total ≥ value). The table below does this
for one, two and three dice (three dice happen when characters shoot together [6.8]). It is the
chance *once the shot is fired*: a shot at a unit in the shooter's own square needs a panic check
first [6.5] — section 4 folds that in.
"""),
    ("code", """
values = range(1, 14)
grid = [[P.kill_chance(n, 0, v) for n in (1, 2, 3)] for v in values]
show(probability_grid([f"value {v}" for v in values], ["1 die", "2 dice", "3 dice"], grid,
                      title="P(kill) once the shot is fired, no modifier [6.0]", corner="value \\\\ dice",
                      cell_w=80, base="#1a9850"))
"""),
    ("md", """
Things to notice:

* With **one die** a unit of value 7 or more can never be destroyed: no total reaches it.
* **Two dice** fall off slowly at first and then fast: 2d6 ≥ 7 is still 7/12, but 2d6 ≥ 10 is
  only 1/6.
* Value 1 is always destroyed: every roll is at least 1.

Where does a number like 7/12 come from? `kill` shows the counting:
"""),
    ("code", """
print(P.kill(2, 0, 7).explain())
"""),
    ("md", """
## 3. Distance and doors [6.7]

Shooting from another square costs **1 per square away**, counting the target's square but not
the shooter's, never diagonally [6.7]. Shooting through an **open door** costs 2 more, through a
**closed glass door** 3 more (and the door is destroyed [10.5]). These are *reductions* of the dice
total, so a modifier of 3 means the dice must reach value + 3.

The rules' own example, measured on dodnb's reconstructed map: from square 167 to square 170 is
three squares, so 3 is subtracted.
"""),
    ("code", """
import dodnb
from dodnb.board.sight import shot_modifiers

board = dodnb.load_board()
print(shot_modifiers(board, "167", "170"))
"""),
    ("code", """
doors = [("no door", {}), ("open door", {"open_door": True}), ("closed glass", {"closed_glass_door": True})]
rows, grid = [], []
for d in range(1, 7):
    rows.append(f"{d} away")
    grid.append([P.kill_chance(2, P.shooter("Peter", squares_away=d, **kw).modifier, 5) for _, kw in doors])
show(probability_grid(rows, [name for name, _ in doors], grid, percent=True, cell_w=96,
                      title="Peter (2 dice) against a value-5 unit in another square [6.7]",
                      corner="distance \\\\ door", base="#1a9850"))
"""),
    ("md", """
Each extra square away knocks a slice off the chance; a closed glass door at three squares is
already as bad as six squares in the open.

## 4. Panic turns the answer into a mixture [6.5]

Before some shots the character must pass a **panic check**: roll, and if the total is **less than
or equal to** his Panic Level (temporarily increased in some situations), he panics and does not
shoot [6.5]. Which shots need a check, and how much the level goes up:
"""),
    ("code", """
kinds = [("ordinary unit", "zombie"), ("berserk unit [10.6]", "berserk"), ("super zombie [11.5]", "super")]
def word(inc):
    return "no check" if inc is None else f"check, +{inc}"
table("Panic checks [6.5]", ["target", "same square", "another square"],
      [[name, word(P.panic_check(kind, True)), word(P.panic_check(kind, False))] for name, kind in kinds])
"""),
    ("md", """
A shot with a panic check has two stages: first the nerve, then the dice. The chance of a kill is
a **mixture** (the law of total probability):

P(kill) = P(keeps nerve) × P(kill | he shoots) + P(panics) × 0

Steve (one die, Panic Level 2 in the reconstruction) against a value-3 unit **in his own square**:
"""),
    ("code", """
point_blank = P.combined_fire(["Steve"], 3, "zombie", same_square=True)
print(point_blank.explain())
"""),
    ("md", """
Now the same unit **one square away**. The shot loses 1 for the distance, but an ordinary unit in
another square needs **no panic check** at all:
"""),
    ("code", """
one_away = P.combined_fire([P.shooter("Steve", squares_away=1)], 3, "zombie", same_square=False)
for name, d in [("same square", point_blank), ("one square away", one_away)]:
    p = d.p(lambda o: o.killed)
    print(f"{name:>16}: P(kill) = {fmt_fraction(p):>4} = {fmt_percent(p)}")
"""),
    ("md", """
Stepping back is *better* for Steve: 1/2 against 4/9. The −1 costs him less than the one-in-three
risk of panicking. (For Peter, calmer and with two dice, it depends on the unit: against a value-8
unit the point-blank shot is the better one. Try it in the calculator at the end.)

## 5. Shooting together: three dice at most, and each gun pays its modifier [6.8]

Characters moving as a stack may shoot the same unit **together**: the dice they would each roll
are pooled and totalled. Steve and Fran together roll two dice; Steve and Peter three. But **no more
than three dice are ever rolled for a single shot**, so Peter and Roger together roll three, not
four [6.8]. Asking the engine for four dice is refused, with the Case:
"""),
    ("code", """
try:
    P.shot(4)
except P.ProbError as err:
    print(err)
"""),
    ("code", """
together = P.combined_fire(["Peter", "Roger"], 8, "zombie", same_square=True)
print(together.explain())
show(fire_chart(together, "Peter and Roger together against a value-8 unit"))
"""),
    ("md", """
Each of them still checks panic **separately**. If one panics, the other fires alone with his own
two dice: that is why the result lists who fired.

The other half of [6.8]: **shot modifiers are applied to each gun separately**. The rules' example:
two characters in square 115 shooting a unit in square 113 lose 2 *each*, 4 in all. On the map:
"""),
    ("code", """
m = shot_modifiers(board, "115", "113")
print(m)
print("two guns together:", m.for_guns(2))
pair = [P.shooter("Peter", squares_away=m.distance), P.shooter("Steve", squares_away=m.distance)]
print(P.combined_fire(pair, 6, "zombie", same_square=False).explain())
"""),
    ("md", """
So pooling dice is not always the best plan. Compare Peter alone, Peter and Roger **together**
(three dice, both modifiers) and Peter and Roger **one after another** (two separate two-dice shots;
the second only if the first missed):
"""),
    ("code", """
rows = []
for v, d in [(5, 0), (10, 0), (5, 3), (8, 3)]:
    same = d == 0
    kw = {} if same else {"squares_away": d}
    duo = [P.shooter("Peter", **kw), P.shooter("Roger", **kw)]
    alone = P.fire_kill_chance(duo[:1], v, "zombie", same)
    tog = P.fire_kill_chance(duo, v, "zombie", same)
    sep = P.fire_kill_chance(duo, v, "zombie", same, together=False)
    where = "same square" if same else f"{d} squares away"
    rows.append([f"value {v}, {where}", fmt_percent(alone), fmt_percent(tog), fmt_percent(sep)])
table("P(kill): alone, together, one after another [6.8]", ["situation", "Peter alone", "together", "one after another"], rows)
"""),
    ("md", """
Against a **tough unit** up close, pooling wins (value 10: three dice reach 10 far more often than
two). **At a distance**, each gun pays the modifier, so together they lose 6 at three squares while
each separate shot loses only 3: one after another wins. (Shooting separately uses up two shots of
the Fire Rate [6.1], though.)

## 6. When you do not know the Zombie Value [5.4], [7.7]

A unit's value is hidden until a character is in its square [5.4] or shoots at it [6.0] step 5;
the zombie player cannot peek either [7.7]. Not knowing is still information: the unit is one of
the counters, each equally likely. With the reconstructed counter mix:
"""),
    ("code", """
unknown = P.unseen_values()
print(unknown.explain())
show(dist_chart(unknown, "Zombie Value of an unseen unit"))
"""),
    ("md", """
The kill chance against an unknown unit averages the kill chance for each value, weighted by the
chance of that value:
"""),
    ("code", """
print(P.kill(2, 0, None).explain())
"""),
    ("md", """
If you remember units already seen elsewhere, remove them from the pool:
`P.unseen_values(exclude=[11, 10])` is the value of a unit that is *not* one of those two.

## 7. A whole turn of shooting: the Fire Rate [6.1]

A character may shoot as many times as his **Fire Rate** in a turn, at the same unit if he likes
[6.1]. He stops early if the unit is destroyed, or if he panics (a panicked character may not shoot
for the rest of the turn [6.5]). Peter (Fire Rate 3) at an unknown unit in his own square:
"""),
    ("code", """
turn = P.shooting_sequence("Peter", None, "zombie", same_square=True)
print(turn.explain())
"""),
    ("md", """
A subtle point: the **same unit keeps the same value** for all three shots. If the first shot
missed, the unit is probably a strong one, so the second shot is *less* likely to succeed than the
first. Pretending each shot meets a fresh random value gets the answer wrong:
"""),
    ("code", """
right = turn.p(lambda o: o.killed)
# the wrong model: every shot a fresh, independent unknown value
peter = P.shooter("Peter")
q = P.panic_chance(peter.panic_level, peter.panic_dice)
p = P.kill_chance(peter.dice, 0, None)
miss = (1 - q) * (1 - p)
wrong = sum(((1 - q) * p * miss**i for i in range(3)), Fraction(0))
print(f"same unit, same value (right): {fmt_percent(right)}")
print(f"fresh value every shot (wrong): {fmt_percent(wrong)}")
"""),
    ("md", """
## 8. Exact against simulated

dodnb can also *play* a shot thousands of times with seeded dice and count what happens. The
simulator shares no arithmetic with the exact code, so agreement is a real check. With only
2,000 plays the frequencies wobble by a percent or two around the exact values; more plays shrink
the wobble (roughly as one over the square root of the number of plays).
"""),
    ("code", """
from dodnb.prob.montecarlo import exact_vs_sampled, sim_combined_fire

cmp = exact_vs_sampled(P.combined_fire, sim_combined_fire, ["Peter", "Roger"], 8, "zombie", True, n=2000, seed=1)
rows = [[fire_label(o), fmt_fraction(e), fmt_percent(e), fmt_percent(s)] for o, e, s, _ in cmp.rows]
table("Peter and Roger at a value-8 unit: exact and 2,000 seeded plays", ["outcome", "exact", "exact %", "sampled %"], rows)
print("largest difference:", fmt_percent(cmp.max_abs_error, 2))
show(bar_chart([(o, e) for o, e, _, _ in cmp.rows], "Exact (blue) and sampled (orange)",
               label=fire_label, second=[s for _, _, s, _ in cmp.rows], second_name="2,000 plays"))
"""),
    ("md", """
## 9. The shot calculator

Everything above in one place. Tick who shoots (and their rifles), pick the target, the distance,
any door and the Zombie Value, or leave the value unknown. The table, the chart, the kill chance and
the derivation update at once. Combinations the rules forbid, such as Peter with a hunting rifle
[12.1], explain themselves instead of failing. It needs a live kernel; on a static page you see a
snapshot of its first answer.
"""),
    ("code", """
# NBVAL_IGNORE_OUTPUT
from dodnb.widgets.calculators import ShotCalculator

calc = ShotCalculator(shooters=("Peter", "Roger"), value=8)
calc
"""),
    ("md", """
The widget is a thin shell over the same functions used above: its controls can be set from code,
and `calc.code` prints the call that gives the same answer.
"""),
    ("code", """
calc.set(same_square=False, distance=3, value=5)
print(calc.describe())
print("P(kill) =", fmt_fraction(calc.kill_chance), "=", fmt_percent(calc.kill_chance))
print(calc.code)
calc.rifle["Peter"].value = True
print("with a rifle for Peter:", calc.message)
"""),
    ("md", """
### Try this

* Fran alone, one die, against a value-4 unit: same square or two squares away?
* A super zombie in the same square raises Panic Levels by 3 [11.5]: who can still shoot it?
* Steve with a hunting rifle: how much does the second die help, and how much the calmer nerve
  (the panic roll also uses two dice, see `docs/COUNTERS.md`)?

Next: `04_zombie_attacks.ipynb`, where the zombies strike back [8.0].
"""),
]

if __name__ == "__main__":
    write(ROOT / "notebooks" / "03_shooting_odds.ipynb", cells)
