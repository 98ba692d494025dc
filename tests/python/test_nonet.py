"""The Python module against the CLI: the same puzzles give the same answer lines,
errors carry their place, batches keep input order and release the GIL."""

from __future__ import annotations

import doctest
import io
import json
import os
import pickle
import re
import signal
import threading
import time

import pytest

import nonet
from nonet import _nonet

TUTORIAL = ("090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n"
            "100804020\n706000810\n300090000\n")
TUTORIAL_SOLUTION = ("895742136271963485463581792934617258517238964682459371159874623"
                     "746325819328196547")
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = ("417369825632158947958724316825437169791586432346912758289643571573291684"
                 "164875293")
RATED = "600050007030000000080409200015300000008000300000007590009501030000000080200070004"
EMPTY = "." * 81
CONFLICT = "55" + "." * 79
SIX_TALL = "1.....\n" + "." * 6 + "\n" + ("." * 6 + "\n") * 4  # a 6x6 grid

# One of each: proper puzzles of several forms and sizes, unreadable text,
# conflicting givens, several solutions, no solution.
MIXED = [
    RATED,
    TUTORIAL,
    HARD,
    "1.3.\n..1.\n.1..\n...1\n",
    "12q" + "." * 78,
    CONFLICT,
    EMPTY,
    "12345678." + "........9" + "." * 63,
    "[[0,0,0,0],[0,0,0,1],[0,0,1,0],[0,1,0,0]]",
]


def as_file(puzzles):
    """The puzzles as one file the CLI reads, one entry each."""
    return "\n".join(p.strip("\n") + ("\n" if "\n" in p.strip("\n") else "") for p in puzzles) + "\n"


def answers(many, puzzles, **options):
    return [nonet.cli_line(a) for a in many(puzzles, return_exceptions=True, **options)]


# --- One puzzle --------------------------------------------------------------------


def test_solves_the_tutorial_board():
    s = nonet.solve(TUTORIAL)
    assert s.solution == TUTORIAL_SOLUTION
    assert (s.status, s.count, s.exact) == ("solved", 1, True)
    assert str(s) == TUTORIAL_SOLUTION


def test_rates_a_puzzle():
    r = nonet.rate(RATED)
    assert (r.er, r.ep, r.ed, r.level) == (2.6, 1.2, 1.2, "hard")
    assert r.er_exact and not r.stuck and r.steps > 0
    assert str(r) == "2.6/1.2/1.2 hard"


def test_solution_outcomes_are_values():
    multiple = nonet.solve(EMPTY)
    assert multiple.status == "multiple" and multiple.solution is not None
    assert str(multiple) == "multiple (at least 2 solutions)"
    none = nonet.solve("12345678." + "........9" + "." * 63)
    assert none.status == "no_solution" and none.solution is None
    assert str(none) == "no_solution"


def test_count():
    c = nonet.count(EMPTY, limit=10)
    assert (c.status, c.count, c.exact, int(c), str(c)) == ("limit", 10, False, 10, "10+")
    assert str(nonet.count(HARD)) == "1"
    stopped = nonet.count("." * 256, limit=10**15, timeout=0.05)
    assert stopped.status == "timeout" and str(stopped).endswith("+ timeout")


# A 4x4 thermo in f-puzzles form: the top row climbs 1-2-3-4.
THERMO = {
    "size": 4,
    "grid": [[{}, {}, {}, {}],
             [{"value": 3, "given": True}, {}, {"value": 1, "given": True}, {}],
             [{"value": 2, "given": True}, {"value": 1, "given": True}, {}, {}],
             [{}, {}, {}, {}]],
    "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"]]}],
}


def x_puzzle():
    givens = "...2..1...6........21.....68...1...57.......89...5...26.....54........7...7..5..."
    grid = [[{} if givens[r * 9 + c] == "." else {"value": int(givens[r * 9 + c]), "given": True}
             for c in range(9)] for r in range(9)]
    return {"size": 9, "grid": grid, "diagonal+": True, "diagonal-": True}


def test_rate_explain_and_hint_read_a_variants_houses():
    x = x_puzzle()
    assert str(nonet.rate(x)) == "2.6/1.2/1.2 hard"
    e = nonet.explain(json.dumps(x))
    assert e.solved
    assert any("in diagonal r1c1-r9c9" in s.text for s in e.steps)
    assert nonet.hint(x).status == "step"


def killer_puzzle():
    # Dominoes along every row (and down the last column), summed from a solution.
    truth = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    name = lambda c: "R%dC%d" % (c // 9 + 1, c % 9 + 1)
    pairs = [(r * 9 + c, r * 9 + c + 1) for r in range(9) for c in range(0, 8, 2)]
    pairs += [(r * 9 + 8, r * 9 + 17) for r in range(0, 8, 2)] + [(80,)]
    cages = [{"cells": [name(c) for c in p], "value": str(sum(int(truth[c]) for c in p))} for p in pairs]
    givens = {52, 45, 18, 79, 31, 28}
    grid = [[{"value": int(truth[r * 9 + c]), "given": True} if r * 9 + c in givens else {}
             for c in range(9)] for r in range(9)]
    return {"size": 9, "grid": grid, "killercage": cages}, truth


def test_killer_steps_carry_their_sums():
    puzzle, truth = killer_puzzle()
    e = nonet.explain(puzzle)
    assert e.solved
    cage_steps = [s for s in e.steps if s.technique == "Cage Combination"]
    assert cage_steps
    for s in cage_steps:
        assert s.sum > 0 and s.combinations
        assert all(sum(c) == s.sum for c in s.combinations)
    assert all(s.sum == 0 and s.combinations == [] for s in e.steps if s.technique == "Hidden Single")
    assert str(nonet.solve(puzzle)) == truth
    assert int(nonet.count(puzzle, limit=10)) == 1


def test_solve_and_count_read_variant_puzzles():
    import json
    s = nonet.solve(THERMO)
    assert s.status == "solved"
    assert str(s).startswith("1234")
    assert int(nonet.count(json.dumps(THERMO), limit=10)) == 1
    open_board = json.loads(json.dumps(THERMO))
    open_board["grid"][1] = [{}, {}, {}, {}]
    open_board["grid"][2] = [{}, {}, {}, {}]
    assert int(nonet.count(open_board, limit=100)) > 1
    # Many at once, as dicts and as text.
    assert [a.status for a in nonet.solve_many([THERMO, json.dumps(THERMO)])] == ["solved", "solved"]
    with pytest.raises(nonet.ParseError, match="'lockout' is a rule nonet does not read yet"):
        nonet.solve(dict(THERMO, lockout=[]))
    # The logic reads the thermometer; a region sum line it does not read yet.
    assert any(s.technique == "Thermometer" for s in nonet.explain(THERMO).steps)
    with pytest.raises(nonet.InvalidPuzzleError, match="the logic reads .* so far, not region sum line 1"):
        nonet.rate(dict(THERMO, regionsumline=[{"lines": [["R2C2", "R3C2"]]}]))
    with pytest.raises(nonet.ParseError, match="does not read yet \\(solve, count, validate, convert, rate, explain and hint do\\)"):
        nonet.candidates(THERMO)
    # Validation locates the broken thermometer.
    broken = json.loads(json.dumps(THERMO))
    broken["grid"][0][2] = {"value": 4, "given": True}
    broken["grid"][0][3] = {"value": 2, "given": True}
    v = nonet.validate(broken)
    assert v.state == "invalid"
    assert [(c.house, len(c.cells), c.digit) for c in v.conflicts] == [("thermometer 1 (r1c1, r1c2, r1c3, r1c4)", 4, 0)]
    assert v.conflicts[0].text == "thermometer 1 (r1c1, r1c2, r1c3, r1c4) at r1c1, r1c2, r1c3, r1c4"
    assert nonet.validate(THERMO).state == "incomplete"


def test_sudokupad_puzzles_read_as_dicts_and_links():
    boxes = [[[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1)] for r in (0, 2) for c in (0, 2)]
    pad = {"cells": [[{}, {}, {}, {"value": 4}], [{"value": 3}, {}, {"value": 1}, {}],
                     [{"value": 2}, {"value": 1}, {}, {}], [{}, {}, {}, {}]],
           "regions": boxes, "cages": [{"cells": [[0, 0], [0, 1]], "value": 3}]}
    s = nonet.solve(pad)
    assert s.status == "solved"
    assert str(s).startswith("1234")
    with pytest.raises(nonet.ParseError, match="SudokuPad's 'overlays'"):
        nonet.solve(dict(pad, overlays=[{"center": [1, 0.5]}]))
    with pytest.raises(nonet.ParseError, match="names a puzzle kept on SudokuPad's server"):
        nonet.solve("https://sudokupad.app/TtTmqGMBDR")


def test_parse_errors_carry_line_and_column():
    with pytest.raises(nonet.ParseError) as caught:
        nonet.solve("090000006\n000960485\n00058q000\n004000000\n517200900\n602000370\n"
                    "100804020\n706000810\n300090000\n")
    e = caught.value
    assert (e.line, e.column) == (3, 6)
    assert str(e).startswith("line 3, column 6: unexpected character 'q'")
    assert isinstance(e, ValueError) and isinstance(e, nonet.Error)
    with pytest.raises(nonet.ParseError) as caught:
        nonet.rate(HARD[:80])
    assert caught.value.line == 1 and "80 cells" in caught.value.message


def test_invalid_puzzles_raise():
    with pytest.raises(nonet.InvalidPuzzleError, match="digit 5 appears 2 times in row 1"):
        nonet.solve(CONFLICT)
    with pytest.raises(nonet.InvalidPuzzleError, match="several solutions"):
        nonet.rate(EMPTY)
    with pytest.raises(nonet.InvalidPuzzleError, match="not 16x16"):
        nonet.canon("." * 256)
    with pytest.raises(nonet.InvalidPuzzleError):
        nonet.explain("12345678." + "........9" + "." * 63)


def test_validate():
    v = nonet.validate(CONFLICT)
    assert v.state == "invalid" and v.empty_cells == 79
    assert [(c.digit, c.house, c.cells) for c in v.conflicts] == [
        (5, "row 1", [(1, 1), (1, 2)]), (5, "box 1", [(1, 1), (1, 2)])]
    assert str(nonet.validate(TUTORIAL_SOLUTION)) == "solved"
    assert str(nonet.validate(HARD)) == "incomplete: 64 empty cells"


def test_explain_steps_are_data():
    e = nonet.explain(RATED)
    assert e.solved and e.stuck_at is None and str(e.rating) == "2.6/1.2/1.2 hard"
    first = e.steps[0]
    assert first.technique == "Hidden Single" and first.rating == 1.2
    assert first.text == "Hidden Single: r2c4 is the only place for 7 in box 2"
    assert first.placements == [(2, 4, 7)] and first.eliminations == []
    assert first.houses == ["box 2"] and first.digits == [7]
    assert all(isinstance(cell, tuple) and len(cell) == 2 for s in e.steps for cell in s.cells)
    pointing = next(s for s in e.steps if s.eliminations)
    assert all(len(x) == 3 for x in pointing.eliminations)


def test_hint_levels():
    assert str(nonet.hint(RATED)) == "Hidden Single: r2c4 is the only place for 7 in box 2"
    assert str(nonet.hint(RATED, level="vague")) == "Look for a Hidden Single in box 2"
    h = nonet.hint(RATED, level="placement")
    assert str(h) == "r2c4 = 7" and h.placement == (2, 4, 7) and h.step is not None
    assert nonet.hint(TUTORIAL_SOLUTION).status == "solved"


def test_hint_against_a_known_solution():
    solution = nonet.solve(RATED).solution
    assert str(nonet.hint(RATED, solution=solution)) == str(nonet.hint(RATED))
    wrong = RATED[0] + "1" + RATED[2:]
    assert nonet.hint(wrong, givens=RATED, solution=solution).status == "wrong_entries"
    broken = str(solution)
    broken = broken[1] + broken[0] + broken[2:]
    with pytest.raises(ValueError, match="solution"):
        nonet.hint(RATED, givens=RATED, solution=broken)


def test_hint_names_wrong_entries():
    wrong = RATED[0] + "1" + RATED[2:]  # r1c2 is empty in the puzzle and not 1 in the solution
    h = nonet.hint(wrong, givens=RATED)
    assert h.status == "wrong_entries" and (1, 2) in h.wrong_cells
    # A position that changes a given is a puzzle at fault, not unreadable text.
    with pytest.raises(nonet.InvalidPuzzleError, match="changes the given"):
        nonet.hint("7" + RATED[1:], givens=RATED)
    # The cell asked for by name or index, not by a bool.
    assert nonet.hint(RATED, cell="r1c2").answer == nonet.hint(RATED, cell=1).answer
    with pytest.raises(TypeError):
        nonet.hint(RATED, cell=True)


def test_generate_is_reproducible():
    g = nonet.generate(seed=1, level="hard")
    assert str(g) == "......6.11.9.6..7...2.3....3....4.6..2....4.86.....5.7..42978.......67.....5.....  2.6 hard"
    assert g.rating is not None and g.rating.level == "hard" and g.index == 1 and g.seed == 1
    assert nonet.solve(g.puzzle).solution == g.solution
    small = nonet.generate(box="2x3", seed=5, symmetry="rot180")
    assert len(small.puzzle) == 36 and small.rating is None


def test_generate_serves_the_levels_each_size_has():
    # 16x16 minimal puzzles are all extreme: easy ones are dug within the band,
    # and carry their own rating, as from `nonet generate`.
    big = nonet.generate(box="4x4", seed=3, level="easy")
    assert big.rating is not None and big.rating.level == "easy"
    assert big.rating.er == nonet.rate(big.puzzle).er
    assert str(big) == nonet.generate(box="4x4", seed=3, level="easy").__str__()
    # Every 4x4 puzzle is solved by singles: other levels are refused at once.
    with pytest.raises(ValueError, match="the levels on 4x4 are: easy"):
        nonet.generate(box="2x2", level="medium")


def test_transform_and_canon():
    assert nonet.transform(HARD, "transpose,transpose") == HARD
    assert nonet.canon(nonet.transform(HARD, random=True, seed=9)) == nonet.canon(HARD)
    with pytest.raises(nonet.InvalidPuzzleError, match="band 4 is out of range"):
        nonet.transform(HARD, "rows:4:123")


def test_puzzle_objects():
    p = nonet.Puzzle(SIX_TALL, box="3x2")
    assert (p.size, p.box, p.shape, p.clues, p.line) == (6, (3, 2), "6x6 (3x2 boxes)", 1, 1)
    assert p.cells[:2] == [1, 0] and str(p) == "1" + "." * 35
    assert repr(p) == "Puzzle('1" + "." * 35 + "', box='3x2')"
    assert p.grid().startswith("1 . | . . | . .\n")
    assert pickle.loads(pickle.dumps(p)) == p and hash(pickle.loads(pickle.dumps(p))) == hash(p)
    assert nonet.solve(p).status == "multiple"
    assert p != nonet.Puzzle(SIX_TALL)  # 2x3 boxes: another board


def test_results_pickle_and_compare():
    for value in [nonet.solve(HARD), nonet.count(HARD), nonet.validate(CONFLICT), nonet.rate(RATED),
                  nonet.explain(RATED), nonet.hint(RATED), nonet.generate(seed=3, rate=True)]:
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and repr(copy) == repr(value)
    e = pickle.loads(pickle.dumps(nonet.ParseError("bad", 3, 4)))
    assert (e.message, e.line, e.column, str(e)) == ("bad", 3, 4, "line 3, column 4: bad")


def test_reader_reads_as_the_cli(cli):
    text = as_file(MIXED) + "# a comment\n" + "1" * (1 << 20 | 1) + "\n" + HARD + "\n"
    entries = list(nonet.read(text))
    assert len(entries) == len(MIXED) + 2
    assert [e.line for e in entries] == [
        int(m.group(1)) for m in map(re.compile(r'"line":(\d+)').search,
                                     cli.lines("solve", "-f", "json", input=text))]
    assert isinstance(entries[-2], nonet.ParseError) and "too long" in entries[-2].message
    # Lines end at "\n", "\r\n" or a lone "\r", as for the CLI; not at a form feed.
    assert len(list(nonet.read(HARD + "\x0c" + HARD))) == 1
    old_mac = HARD + "\r" + HARD + "\r\n" + HARD + "\r"
    assert [e.line for e in nonet.read(old_mac)] == [1, 2, 3]
    assert [e.line for e in nonet.read(old_mac.encode())] == [1, 2, 3]
    from_file = list(nonet.read(io.BytesIO(old_mac.encode())))
    assert len(from_file) == 3 and all(isinstance(e, nonet.Puzzle) for e in from_file)
    assert [m.group(1) for m in map(re.compile(r'"line":(\d+)').search,
                                    cli.lines("solve", "-f", "json", input=old_mac))] == ["1", "2", "3"]
    assert list(nonet.read("")) == [] and len(list(nonet.read(HARD))) == 1
    # Bytes (a file opened in binary mode) read the same way.
    assert [str(e) for e in nonet.read(text.encode())] == [str(e) for e in entries]


# --- The same answers as the CLI -----------------------------------------------------


def test_rate_many_matches_nonet_rate(cli):
    text = as_file(MIXED)
    expected = cli.lines("rate", input=text)
    entries = list(nonet.read(text))
    got = [nonet.cli_line(e) if isinstance(e, nonet.Error) else nonet.cli_line(a)
           for e, a in zip(entries, nonet.rate_many(
               [e if isinstance(e, nonet.Puzzle) else "" for e in entries],
               return_exceptions=True, threads=2))]
    assert got == expected


def test_rate_many_matches_on_the_committed_rated_sample(cli, source_dir):
    sample = source_dir / "tests" / "data" / "se121_rated_sample.txt"
    lines = [line for line in sample.read_text().splitlines() if line and not line.startswith("#")]
    assert len(lines) >= 300
    assert answers(nonet.rate_many, lines, threads=2) == cli.lines("rate", input="\n".join(lines) + "\n")


def test_rate_many_matches_on_rated_sets(cli, shared_data_dir):
    rated = shared_data_dir / "rated" / "sudoku_exchange_low1500_local_serate.txt"
    if not rated.exists():
        pytest.skip(f"{rated} is not there (the shared data sets; NONET_DATA_DIR names their folder)")
    lines = rated.read_text().splitlines()[:30]
    assert answers(nonet.rate_many, lines, threads=2) == cli.lines("rate", input="\n".join(lines) + "\n")


@pytest.mark.parametrize("command,many,options", [
    ("solve", nonet.solve_many, {}),
    ("count", nonet.count_many, {}),
    ("validate", nonet.validate_many, {}),
    ("canon", nonet.canon_many, {}),
    ("explain", nonet.explain_many, {}),
])
def test_batches_match_the_cli(cli, command, many, options):
    puzzles = [p for p in MIXED if not p.startswith("12q")]
    expected = cli.run(command, input=as_file(puzzles)).stdout
    got = "".join(line + "\n" for line in answers(many, puzzles, threads=2, **options))
    assert got == expected


def test_transform_many_matches_the_cli(cli):
    puzzles = [HARD, RATED, TUTORIAL, "1.3.\n..1.\n.1..\n...1\n"]
    expected = cli.lines("transform", "--random", "--seed", "11", input=as_file(puzzles))
    assert list(nonet.transform_many(puzzles, random=True, seed=11, threads=2)) == expected
    expected = cli.lines("transform", "--ops", "rot90,relabel:912345678", input=HARD + "\n")
    assert [nonet.transform(HARD, "rot90,relabel:912345678")] == expected


def test_levels_per_box_shape():
    assert nonet.levels("2x2") == ["easy"]
    assert nonet.levels() == ["easy", "medium", "hard", "expert", "extreme"]
    assert nonet.levels("5x5") == nonet.levels("2x3") == nonet.levels()
    with pytest.raises(ValueError, match="box: '1x9' has boxes one cell wide"):
        nonet.levels("1x9")


def test_generate_minimal_or_dug_as_the_cli(cli):
    import json
    for flag, minimal in [("--minimal", True), ("--no-minimal", False)]:
        expected = [json.loads(line) for line in cli.lines(
            "generate", "-n", "4", "--seed", "12", "--level", "easy", flag, "--format",
            "json")]
        made = list(nonet.generate_many(4, seed=12, level="easy", minimal=minimal))
        assert [g.puzzle for g in made] == [e["puzzle"] for e in expected]
        assert [g.minimal for g in made] == [e["minimal"] for e in expected]
        assert all(g.rating is not None and g.rating.level == "easy" for g in made)
    # Minimal puzzles without a band say so; dug easy 9x9 puzzles keep clues.
    assert nonet.generate(seed=12).minimal
    assert not all(e["minimal"] for e in expected)
    one = nonet.generate(seed=12, level="easy", minimal=False)
    assert one == made[0] and one.minimal == made[0].minimal
    with pytest.raises(ValueError, match="minimal: .*give a level or a rating"):
        nonet.generate(seed=12, minimal=True)


def test_generate_many_matches_the_cli(cli):
    expected = cli.lines("generate", "-n", "6", "--seed", "7", "--rate", "-j", "2")
    assert [str(g) for g in nonet.generate_many(6, seed=7, rate=True, threads=2)] == expected
    assert [g.index for g in nonet.generate_many(3, seed=7)] == [1, 2, 3]


def test_generate_makes_variants_as_the_cli(cli):
    made = nonet.generate(variant="windoku", level="hard", seed=4)
    assert made.variant == "windoku" and len(made.puzzle) == 81
    assert made.rating is not None and made.rating.level == "hard"
    assert len(json.loads(made.fpuzzles)["extraregion"]) == 4
    assert made.url.startswith("https://www.f-puzzles.com/?load=")
    assert nonet.solve(made.url).solution == made.solution
    assert [str(made)] == cli.lines("generate", "--variant", "windoku", "--level", "hard",
                                    "--seed", "4")
    assert [str(g) for g in nonet.generate_many(3, variant="jigsaw", seed=2, level="easy",
                                                threads=2)] == cli.lines(
        "generate", "--variant", "jigsaw", "--level", "easy", "--seed", "2", "-n", "3")
    assert nonet.generate(seed=1).variant is None
    with pytest.raises(ValueError, match="variant: expected x, windoku"):
        nonet.generate(variant="arrow")
    killer = nonet.generate(variant="killer", level="medium", seed=2)
    assert killer.rating.level == "medium" and "killercage" in json.loads(killer.fpuzzles)
    assert [str(killer)] == cli.lines("generate", "--variant", "killer", "--level", "medium",
                                      "--seed", "2")
    with pytest.raises(ValueError, match="no 9x9 killer sudoku puzzle is made easy so far"):
        nonet.generate(variant="killer", level="easy")
    with pytest.raises(ValueError, match="variant: windoku's windows are drawn on 9x9"):
        nonet.generate(variant="windoku", size=6)


def test_hint_matches_the_cli(cli):
    for level in ["vague", "concrete", "placement"]:
        assert [str(nonet.hint(RATED, level=level))] == cli.lines("hint", "--level", level,
                                                                  input=RATED + "\n")


def test_version_matches_the_cli(cli):
    assert cli.run("--version").stdout.strip() == f"nonet {nonet.__version__}"


# --- Batches --------------------------------------------------------------------


def test_batches_keep_order_and_raise_in_place():
    puzzles = [HARD, RATED, "bad", TUTORIAL] * 50
    got = list(nonet.solve_many(puzzles, threads=3, return_exceptions=True))
    assert [isinstance(g, nonet.ParseError) for g in got] == [p == "bad" for p in puzzles]
    assert [g.solution for g in got[:2]] == [HARD_SOLUTION, nonet.solve(RATED).solution]
    seen = []
    with pytest.raises(nonet.ParseError):
        for s in nonet.solve_many(puzzles, threads=2):
            seen.append(s)
    assert len(seen) == 2  # the answers before the bad puzzle, then its error


def test_batches_take_any_iterable_and_puzzles():
    def gen():
        for p in [HARD, nonet.Puzzle(RATED)]:
            yield p
    assert [s.status for s in nonet.solve_many(gen())] == ["solved", "solved"]
    assert list(nonet.solve_many([])) == []
    assert list(nonet.generate_many(0)) == []


def test_batches_release_the_gil():
    ticks = 0
    done = threading.Event()

    def tick():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        list(nonet.count_many(["." * 256] * 2, limit=10**15, timeout=0.4, threads=2))
        nonet.count("." * 256, limit=10**15, timeout=0.3)
    finally:
        done.set()
        t.join()
    assert ticks > 20  # the other thread ran while the engine worked (about 1 if it held the GIL)


def test_ctrl_c_stops_a_batch():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        list(nonet.count_many(["." * 256] * 4, limit=10**15, threads=2))
    assert time.monotonic() - start < 10
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        nonet.count("." * 256, limit=10**15)


# --- Bad input -------------------------------------------------------------------


@pytest.mark.parametrize("call,message", [
    (lambda: nonet.solve(HARD, box="0x3"), "box"),
    (lambda: nonet.solve(HARD, box="3x3x3"), "box"),
    (lambda: nonet.solve(HARD, solver="quick"), "solver"),
    (lambda: nonet.solve(HARD, timeout=-1), "timeout"),
    (lambda: nonet.solve(HARD, timeout=float("nan")), "timeout"),
    (lambda: nonet.count(HARD, limit=0), "limit"),
    (lambda: nonet.rate(HARD, profile="all"), "profile"),
    (lambda: nonet.rate(HARD, threads=99), "threads"),
    (lambda: list(nonet.rate_many([HARD], threads=-1)), "threads"),
    (lambda: nonet.hint(HARD, level="loud"), "level"),
    (lambda: nonet.hint(HARD, givens="1.3.\n..1.\n.1..\n...1\n"), "givens"),
    (lambda: nonet.generate(box="1x9"), "box"),
    (lambda: nonet.generate(symmetry="spiral"), "symmetry"),
    (lambda: nonet.generate(clues=(30, 20)), "clues"),
    (lambda: nonet.generate(clues=(90, 95)), "clues"),
    (lambda: nonet.generate(level="brutal"), "level"),
    (lambda: nonet.generate(rating=(5.0, 2.0)), "rating"),
    (lambda: nonet.generate(rating=(2.61, 2.69)), "rating: ER has one decimal"),
    (lambda: nonet.generate(rating=(0.0, 0.5)), "no puzzle rates below ER 1.0"),
    (lambda: nonet.generate(clues=(0, 16)), "no proper 9x9 puzzle has fewer than 17 clues"),
    (lambda: nonet.generate(box="2x2", clues=(16, 16)), "a 4x4 puzzle has at most 15 clues"),
    (lambda: nonet.transform(HARD), "ops"),
    (lambda: nonet.transform(HARD, "spin"), "ops"),
    (lambda: nonet.transform(HARD, "transpose", random=True), "ops"),
    (lambda: list(nonet.generate_many(-1)), "count"),
    (lambda: nonet.generate(size=7), "size"),
    (lambda: nonet.generate(size=0), "size"),
    (lambda: nonet.generate(rating=300000000), "rating"),
    (lambda: nonet.count(HARD, limit=2**63), "limit"),
    (lambda: nonet.generate(size=16, box="3x3"), "disagree"),
    (lambda: nonet.hint(HARD, cell="r10c1"), "cell"),
    (lambda: nonet.explain(HARD, profile="fancy"), "profile"),
    (lambda: nonet.Reader(box="x"), "box"),
])
def test_bad_options_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_bad_inputs_are_errors_not_crashes():
    for bad in ["", "\n\n", "x" * 10_000_000, "\x00" * 81, "9" * 81 + "9", "[" * 100_000,
                "[1,2,3", "\u00e9" * 81, b"\xff\xfe" * 40 + b"1"]:
        with pytest.raises(nonet.Error):
            nonet.solve(bad)
        assert isinstance(list(nonet.rate_many([bad], return_exceptions=True))[0], nonet.Error)
    for wrong in [None, 81, ["1"] * 81]:
        with pytest.raises(TypeError):
            nonet.solve(wrong)
    with pytest.raises(TypeError):
        list(nonet.solve_many([HARD, 5]))
    with pytest.raises(nonet.ParseError, match="candidates"):
        nonet.hint(RATED, candidates="12 3")
    with pytest.raises(TypeError):
        nonet.Reader().feed(5)
    for state in [(b"\x09" * 80, 3, 3, 1), (b"\x0a" * 81, 3, 3, 1), (b"", 0, 9, 1), ()]:
        with pytest.raises(ValueError):
            nonet.Puzzle.__new__(nonet.Puzzle).__setstate__(state)


def test_timeouts():
    with pytest.raises(nonet.Timeout):
        nonet.generate(box="5x5", level="extreme", timeout=0.2)
    g = list(nonet.generate_many(2, box="5x5", level="extreme", timeout=0.1,
                                 return_exceptions=True))
    assert all(isinstance(x, nonet.Timeout) for x in g)
    assert nonet.cli_line(nonet.Timeout("time budget ran out")) == "timeout: time budget ran out"


# --- One name for each option ------------------------------------------------------


def parameters(function):
    """The parameter names of a function of the package, Python's or pybind11's
    (from its signature line)."""
    try:
        import inspect
        return list(inspect.signature(function).parameters)
    except ValueError:
        line = function.__doc__.splitlines()[0]
        inner = line[line.index("(") + 1:line.rindex(") ->")]
        names, depth, current = [], 0, ""
        for ch in inner + ",":
            depth += ch in "([{"
            depth -= ch in ")]}"
            if ch == "," and depth == 0:
                if current.strip() and current.strip() != "*":
                    names.append(current.split(":")[0].split("=")[0].strip())
                current = ""
            else:
                current += ch
        return names


def test_every_option_has_its_one_name_in_python(cli):
    """Each option the table (`nonet options`) gives Python is a keyword of the
    operation's function or of its _many form, by the same name."""
    import json
    rows = [json.loads(line) for line in cli.lines("options", "-f", "json")]
    assert len(rows) > 30
    for row in rows:
        functions = [getattr(nonet, name) for name in (row["operation"], row["operation"] + "_many")
                     if hasattr(nonet, name)]
        assert functions, row
        offered = {p for f in functions for p in parameters(f)}
        assert (row["name"] in offered) == row["python"], (row, offered)


# --- Stopping and objects without a value ---------------------------------------------

GOLDEN_NUGGET = "000000039000001005003050800008090006070002000100400000009080050020000600400700000"


@pytest.mark.parametrize("call", [
    lambda: nonet.rate(GOLDEN_NUGGET, threads=1),
    lambda: nonet.explain(GOLDEN_NUGGET, threads=1),
    lambda: nonet.hint(GOLDEN_NUGGET, level="placement", threads=1),
])
def test_ctrl_c_stops_one_long_search_at_once(call):
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.2, interrupt)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        call()
    timer.join()
    assert sent and time.monotonic() - sent[0] < 0.3


def test_objects_without_a_value_are_type_errors():
    for cls in [nonet.Puzzle, nonet.Solution, nonet.Rating, nonet.Hint, nonet.Generated,
                nonet.Reader, nonet.Candidates]:
        empty = cls.__new__(cls)
        for use in [hash, repr, str, lambda x: x == x, lambda x: pickle.dumps(x)]:
            try:
                use(empty)
            except TypeError:
                pass
    # A pickle that makes the object (NEWOBJ) and never sets its state (no BUILD).
    module = nonet.Puzzle.__module__.encode()
    empty = pickle.loads(b"\x80\x02c" + module + b"\nPuzzle\n)\x81.")
    assert type(empty) is nonet.Puzzle
    with pytest.raises(TypeError, match="no value"):
        hash(empty)
    with pytest.raises(TypeError, match="no value"):
        nonet.solve(empty)
    with pytest.raises(TypeError, match="no value"):
        empty.cells


# --- The stubs ---------------------------------------------------------------------


def test_stubs_are_written_from_the_module(source_dir):
    """python/nonet/_nonet.pyi is what scripts/python-stubs.py writes from the
    module under test: a change to the bindings that is not carried into the
    stubs fails here."""
    import subprocess
    import sys
    written = subprocess.run([sys.executable, str(source_dir / "scripts" / "python-stubs.py")],
                             capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONPATH": os.path.dirname(
                                 os.path.dirname(_nonet.__file__))}).stdout
    committed = (source_dir / "python" / "nonet" / "_nonet.pyi").read_text()
    assert written == committed, "run scripts/python-stubs.py to write python/nonet/_nonet.pyi"


def test_the_package_type_checks():
    mypy = pytest.importorskip("mypy.api", reason="mypy is not installed (Debian: mypy)")
    package = os.path.dirname(_nonet.__file__)
    out, err, status = mypy.run([package, "--no-incremental", "--cache-dir", os.devnull])
    assert status == 0, out + err


# --- Other programs' forms --------------------------------------------------------------


def test_convert_reads_and_writes_other_programs_forms():
    pm = nonet.convert(TUTORIAL, to="pm")
    assert pm.startswith(".---") and pm.count("\n") == 12
    line = nonet.convert(pm, to="hodoku")
    assert line.startswith(":0000:x:") and line.endswith(":::")
    wiki = nonet.convert(line, to="sudokuwiki")
    assert wiki.startswith("S9B") and len(wiki) == 165
    assert nonet.convert(wiki, to="sdm") == nonet.convert(TUTORIAL, to="sdm")
    ipuz = json.loads(nonet.convert(TUTORIAL, to="ipuz"))
    assert ipuz["kind"] == ["http://ipuz.org/sudoku#1"]
    # Every function reads such a file's givens; an ipuz dict is one too.
    assert nonet.solve(ipuz).solution == TUTORIAL_SOLUTION
    assert nonet.rate(pm).level
    with pytest.raises(nonet.ParseError, match="line 2: the game's data has 2 of its 81 cells"):
        nonet.convert("<opensudoku>\n<game data=\"12\"/>\n</opensudoku>", to="sdk")
    with pytest.raises(ValueError, match="^to: expected fpuzzles, url, nonet, sdk"):
        nonet.convert(TUTORIAL, to="xml")


# --- Books ------------------------------------------------------------------------------


def test_book_writes_a_pdf(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    written = nonet.book(str(tmp_path / "py.pdf"), count=6, level="easy,hard", seed=7)
    assert written == [str(tmp_path / "py.pdf")]
    pdf = (tmp_path / "py.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    # Title, two pages of puzzles, one of solutions.
    assert len(re.findall(rb"/Type /Page[^s]", pdf)) == 4


def test_book_is_the_cli_book(tmp_path, monkeypatch, cli):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    nonet.book(str(tmp_path / "py.pdf"), count=6, level="easy,hard", seed=7)
    made = cli.run("book", "-n", "6", "--level", "easy,hard", "--seed", "7", "-o",
                   str(tmp_path / "cli.pdf"))
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == (tmp_path / "py.pdf").read_bytes()


def test_book_of_given_puzzles_writes_a_file_a_page(tmp_path):
    written = nonet.book(str(tmp_path / "b.svg"), [TUTORIAL, nonet.Puzzle(TUTORIAL)],
                         per_page=1, explain="2", steps=3, title="Two")
    assert written == [str(tmp_path / f"b-{i}.svg") for i in range(1, 6)]
    assert all(open(p).read().startswith("<?xml") for p in written)


def test_book_refuses_bad_puzzles_and_options_and_writes_nothing(tmp_path):
    out = str(tmp_path / "never.pdf")
    with pytest.raises(nonet.InvalidPuzzleError, match="puzzle 2: .*one solution"):
        nonet.book(out, [TUTORIAL, "1" + "." * 80])
    with pytest.raises(nonet.ParseError, match="puzzle 1: "):
        nonet.book(out, ["12345"])
    with pytest.raises(ValueError, match=r"^output: "):
        nonet.book(str(tmp_path / "never.txt"), count=1)
    with pytest.raises(ValueError, match=r"^paper: "):
        nonet.book(out, count=1, paper="b9")
    with pytest.raises(ValueError, match=r"^explain 9: puzzle 9 is past the book's 3"):
        nonet.book(out, count=3, explain="9")
    with pytest.raises(ValueError, match=r"^level easy,tough: "):
        nonet.book(out, count=3, level="easy,tough")
    with pytest.raises(ValueError, match=r"^count 1: fewer puzzles than levels"):
        nonet.book(out, count=1, level="easy,hard")
    assert not os.listdir(tmp_path)


# --- The documentation's examples ------------------------------------------------------


def test_readme_python_examples_run(source_dir):
    text = (source_dir / "README.md").read_text()
    match = re.search(r"```python\n(>>> .*?)```", text, re.S)
    assert match, "no >>> example in the README"
    test = doctest.DocTestParser().get_doctest(match.group(1), {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5


def test_module_docstring_examples_run():
    assert doctest.testmod(nonet).failed == 0
