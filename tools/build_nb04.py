"""Write notebooks/04_zombie_attacks.ipynb (then execute it, see Makefile / tests).

    python tools/build_nb04.py
    HOME=/tmp/nbhome .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/04_zombie_attacks.ipynb
"""

from pathlib import Path

from nb import write

ROOT = Path(__file__).resolve().parent.parent

cells = [
    ("md", """
# Zombie attacks, exactly

In the Zombie Attack Phase, every square holding both characters and a zombie unit sees an
attack [8.0]. The procedure has five steps:

1. the characters in the square may **shoot first** at the attacker; if it is destroyed, there is
   no attack [8.1], [6.9];
2. the zombie player declares **how many** characters the unit attacks (not which);
3. if not all of them, the human player **names** the ones attacked;
4. the unit's Zombie Value is **divided** by the number attacked, rounding down: that is the
   **strength** of the attack on each of them;
5. for each attacked character the zombie player rolls **two dice** on the **Zombie Attack Table**
   [8.8]: the result is *stunned*, *infected* or nothing.

A character who is already stunned or infected and is stunned or infected again is **killed**
[8.5]. This notebook follows the five steps, computing every chance exactly and showing where it
comes from. Numbers in square brackets are the *Cases* of the rules.

> The Zombie Values and Panic Levels used here are dodnb's reconstruction of the counters
> (`docs/COUNTERS.md`); the Zombie Attack Table itself is printed in the rules.
"""),
    ("code", """
from fractions import Fraction
from IPython.display import HTML, display

import dodnb.prob as P
from dodnb.prob.dist import fmt_fraction, fmt_percent
from dodnb.render.calc_charts import attack_table_scene, heat_colour, heat_table, probability_grid, status_chart

STATUSES = ("normal", "stunned", "infected", "killed")


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


def statuses(result, names):
    # Each character's chance of ending normal / stunned / infected / killed.
    rows = []
    for name in names:
        d = P.status_of(result, name)
        rows.append([name] + [fmt_percent(d.p(s)) for s in STATUSES])
    return rows
"""),
    ("md", """
## 1. The Zombie Attack Table [8.8]

Each row is a total of two dice, each column a band of attack strengths. The colour says what
happens: **S** stunned, **I** infected, **–** nothing. Next to each total is its number of ways
out of 36: 7 comes up six times as often as 2 or 12. The last three rows add the ways up, column
by column.
"""),
    ("code", """
show(attack_table_scene())
"""),
    ("md", """
Reading one column is counting: a strength-4 attack uses the 3-4 column, so a character is stunned
on a 4 or a 7 and infected on a 2, 3 or 12:
"""),
    ("code", """
print(P.attack_result(4).explain())
"""),
    ("md", """
The stronger the attack, the more of the column is coloured, but not smoothly: the columns were
designed by hand. Here is the chance that one attacked character is harmed (stunned or infected)
at each strength:
"""),
    ("code", """
strengths = range(1, 14)
grid = [[P.attack_result(s).p("stunned"), P.attack_result(s).p("infected"), 1 - P.attack_result(s).p("none")] for s in strengths]
show(probability_grid([f"strength {s}" for s in strengths], ["stunned", "infected", "harmed"], grid,
                      title="One attacked character [8.8]", corner="strength", cell_w=80))
"""),
    ("md", """
## 2. Strength: the value divided by the number attacked [8.0]

Step 4 divides the Zombie Value by the number of characters attacked and **rounds down**. A
value-7 unit attacking two characters hits each with strength 3 (7 ÷ 2 = 3.5, rounded down).
"""),
    ("code", """
values = range(1, 14)
cells = []
for v in values:
    row = []
    for k in range(1, 5):
        s = P.attack_strength(v, k)
        harm = 1 - P.attack_result(s).p("none")
        row.append((f"{s}: {fmt_percent(harm, 0)}", heat_colour(harm) if s else "#eeeeee"))
    cells.append(row)
show(heat_table([f"value {v}" for v in values], [f"k = {k}" for k in range(1, 5)], cells,
                title="Strength against each of k attacked, and the chance each is harmed",
                corner="value \\\\ k", cell_w=80,
                footer="grey: strength 0, the Zombie Value is smaller than the number attacked"))
"""),
    ("md", """
The grey cells are a gap in the rules: a value-1 unit attacking two characters has strength 0, and
the Zombie Attack Table has no column for 0. dodnb has to decide, and says what it decided:
"""),
    ("code", """
print(P.attack_result(0).explain())
"""),
    ("md", """
## 3. Stunned, infected, killed [8.3]-[8.5]

A **stunned** character is flipped over: he may neither move nor shoot until another character
joins him in his square [8.3]. An **infected** character keeps playing with the numbers on his
infected counter, but never recovers, and may later become a super zombie [8.4], [11.0]. And a
character who is already stunned or infected and gets *either* result again is **killed** [8.5].

So the same attack is far more dangerous for a wounded character. At strength 4:
"""),
    ("code", """
rows = []
for status in ("normal", "stunned", "infected"):
    d = P.attack_on(4, status)
    rows.append([status] + [fmt_fraction(d.p(e)) for e in ("none", "stunned", "infected", "killed")])
table("One attack at strength 4, by the character's status [8.5]", ["before", "no effect", "stunned", "infected", "killed"], rows)
print(P.attack_on(4, "stunned").explain())
"""),
    ("md", """
## 4. Shooting first [8.1], [6.9]

Before the attack, every character in the square may shoot the attacker [8.1]. This is the only
time a character shoots when he is not being moved, and it does not use up his Fire Rate [6.9].
Each shooter checks panic first, as for any shot in his own square [6.5]; a stunned character
cannot shoot at all [8.3].

Peter and Fran are attacked by a value-6 unit. Without shooting, then shooting first:
"""),
    ("code", """
square = [("Peter", "normal"), ("Fran", "normal")]
no_fire = P.square_attack(square, 6, reaction_fire=False)
fire = P.square_attack(square, 6)
table("Peter and Fran against a value-6 unit", ["", *STATUSES],
      [["no shooting: " + r[0]] + r[1:] for r in statuses(no_fire, ["Peter", "Fran"])]
      + [["shooting first: " + r[0]] + r[1:] for r in statuses(fire, ["Peter", "Fran"])])
print("P(attacker destroyed before it attacks) =", fmt_fraction(fire.p(lambda o: o.destroyed)))
show(status_chart([(f"{n}, no shooting", P.status_of(no_fire, n)) for n in ("Peter", "Fran")]
                  + [(f"{n}, shooting first", P.status_of(fire, n)) for n in ("Peter", "Fran")],
                  "Shooting first protects both"))
"""),
    ("md", """
The whole derivation: who may panic, how likely the attacker is to survive the shots, and then the
attack itself on every character who is still facing it.
"""),
    ("code", """
print("\\n".join(fire.steps))
"""),
    ("md", """
## 5. Splitting the attack: the zombie player's choice [8.0]

Steps 2 and 3 are a little game inside the game. The zombie player picks **how many** characters
to attack; the human player then picks **which**. Attacking more characters means more rolls on the
table, but each at a lower strength.

Four characters, all normal, no shooting, to look at the table alone. For each value and each
choice of k, the **expected number of characters harmed** (stunned or infected):
"""),
    ("code", """
four = ["Peter", "Roger", "Steve", "Fran"]


def harmed(result):
    # Dist of the number of characters no longer normal; its mean is exact.
    return result.map(lambda o: sum(st != "normal" for _, st in o.statuses))


grid = []
for v in (2, 3, 4, 6, 8, 10):
    grid.append([harmed(P.square_attack(four, v, k, reaction_fire=False)).mean() for k in range(1, 5)])
rows = [[f"value {v}"] + [f"{float(x):.2f}" for x in r] for v, r in zip((2, 3, 4, 6, 8, 10), grid)]
table("Expected characters harmed, by k attacked (no shooting)", ["", "k = 1", "k = 2", "k = 3", "k = 4"], rows)
"""),
    ("md", """
Spreading the attack usually harms more characters on average, even though each attack is weaker,
but not always (a value-2 unit split four ways has strength 0 and does nothing). The zombie player
does not only care about averages, though. Suppose Fran is already stunned. If the zombie attacks
only one character, the human player names Peter, and nobody can die. Attacking both puts Fran at
risk of being killed [8.5]. `attack_by_k` lays every choice side by side (when fewer than all are
attacked, the engine names characters at normal status first, the obvious choice for the human
player; pass `targets=` to `square_attack` to name others):
"""),
    ("code", """
P.attack_by_k([("Peter", "normal"), ("Fran", "stunned")], 6, reaction_fire=False)
"""),
    ("md", """
## 6. The solitaire die [15.6]

In the solitaire game nobody plays the zombies: a die decides how many characters are attacked.
With two characters, 1-3 means one and 4-6 means both; with more characters the die faces are
shared out equally [15.6]. Four characters cannot share six faces equally, so dodnb rolls again
on the faces left over (see the ruling line below):
"""),
    ("code", """
for n in (2, 3, 4):
    print("\\n".join(P.solitaire_k(n).steps))
"""),
    ("md", """
The solitaire attack is then a **mixture**: the chance of each outcome is the average of the
side-by-side answers of section 5, weighted by the chance the die picks that k. We can check this
in one line:
"""),
    ("code", """
trio = [("Peter", "normal"), ("Roger", "stunned"), ("Fran", "normal")]
solo = P.solitaire_attack(trio, 7)
by_k = P.attack_by_k(trio, 7)
kd = P.solitaire_k(len(trio))
print("solitaire == mixture of the k choices:", solo == P.Dist.mixture([(kd.p(k), by_k[k]) for k in by_k]))
table("Solitaire attack by a value-7 unit (shooting first)", ["character", *STATUSES], statuses(solo, ["Peter", "Roger", "Fran"]))
"""),
    ("md", """
## 7. The zombie attack calculator

Put characters in the square with their statuses (and Steve's or Fran's hunting rifle, which
changes their reaction fire), choose the attacker and its value (or leave it unknown), how many
are attacked, and whether they shoot first. The table of each character's new status, the chart
and the derivation update at once. It needs a live kernel; on a static page you see a snapshot.
"""),
    ("code", """
# NBVAL_IGNORE_OUTPUT
from dodnb.widgets.calculators import AttackCalculator

calc = AttackCalculator({"Peter": "normal", "Fran": "stunned"}, value=6)
calc
"""),
    ("md", """
Like the shot calculator, it can be driven from code. A value-1 unit attacking two characters has
strength 0, and the calculator says which ruling it applies:
"""),
    ("code", """
calc.set(value=1, reaction=False)
print(calc.describe())
for note in calc.notes:
    print("-", note)
print("Fran killed:", fmt_fraction(calc.statuses["Fran"].p("killed")))
print(calc.code)
"""),
    ("md", """
### Try this

* A super zombie alone attacks Steve and Fran (value 2 [11.3]): is it better for it to attack one
  or both?
* Roger is infected and alone with an unknown unit: how likely is he to survive, with and without
  shooting first?
* Four characters and the solitaire die: how often is somebody killed if two of them are stunned?
"""),
]

if __name__ == "__main__":
    write(ROOT / "notebooks" / "04_zombie_attacks.ipynb", cells)
