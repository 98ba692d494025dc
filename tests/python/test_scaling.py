"""Rating at scale (docs/scaling.md): examples/dask_rate.py on a Dask cluster and
the CLI under GNU parallel give the same lines as `nonet rate`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = ("090000006\n000960485\n000581000\n004000000\n517200900\n602000370\n100804020\n"
        "706000810\n300090000\n")


@pytest.fixture(scope="module")
def puzzles(cli):
    """Generated puzzles, one a line, with broken ones among them."""
    made = cli.lines("generate", "-n", "30", "--seed", "5", "-j", "2")
    assert len(made) == 30
    lines = made[:10] + ["5" * 81, "." * 81, HARD, "12q" + "." * 78] + made[10:]
    return lines


def dask_rate(source_dir, *args, timeout=300):
    script = source_dir / "examples" / "dask_rate.py"
    return subprocess.run([sys.executable, str(script), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def distributed():
    return pytest.importorskip("distributed", reason="python3-distributed is not installed")


def test_dask_rate_on_a_local_cluster_matches_nonet_rate(cli, source_dir, distributed, puzzles,
                                                         tmp_path):
    # A grid-form puzzle too: the input is read with the CLI's reader.
    text = "\n".join(puzzles[:20]) + "\n\n" + GRID + "\n" + "\n".join(puzzles[20:]) + "\n"
    source = tmp_path / "puzzles.txt"
    source.write_text(text)
    expected = cli.run("rate", str(source))
    r = dask_rate(source_dir, source, tmp_path / "ratings.txt", "--workers", "2",
                  "--partitions", "5")
    assert (tmp_path / "ratings.txt").read_text() == expected.stdout
    assert r.returncode == expected.returncode == 1, r.stderr
    assert "rated 35 puzzles" in r.stderr
    assert "puzzles.txt:11: digit 5 appears 9 times in row 1" in r.stderr


def test_dask_rate_on_a_running_scheduler(cli, source_dir, distributed, puzzles, tmp_path):
    from distributed import LocalCluster

    source = tmp_path / "puzzles.txt"
    good = [p for p in puzzles if cli.run("rate", input=p + "\n").returncode == 0][:12]
    source.write_text("\n".join(good) + "\n")
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp://",
                      host="127.0.0.1", dashboard_address=None) as cluster:
        r = dask_rate(source_dir, source, tmp_path / "out.txt", "--scheduler",
                      cluster.scheduler_address)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.txt").read_text() == cli.run("rate", str(source)).stdout


@pytest.mark.parametrize("args,message", [
    (["{dir}/missing.txt", "{dir}/out.txt"], "no such file"),
    (["{input}", "{dir}/out.txt", "--partitions", "0"], "--partitions"),
    (["{input}", "{dir}/out.txt", "--workers", "0"], "--workers"),
    (["{input}", "{dir}/out.txt", "--box", "9x9x9"], "--box"),
    (["{input}", "{dir}/out.txt", "--timeout", "-1"], "--timeout"),
    (["{input}", "{dir}/out.txt", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "--workers"),
    (["{input}"], "OUTPUT"),
    (["{dir}", "{dir}/out.txt"], "a directory"),
    (["{input}", "{dir}/no/such/out.txt"], "No such file or directory"),
])
def test_dask_rate_usage_errors(source_dir, distributed, tmp_path, args, message):
    source = tmp_path / "in.txt"
    source.write_text(HARD + "\n")
    r = dask_rate(source_dir, *[a.format(input=source, dir=tmp_path) for a in args], timeout=60)
    assert r.returncode == 2 and message in r.stderr, r.stderr


def test_dask_rate_reports_an_empty_input(source_dir, distributed, tmp_path):
    source = tmp_path / "empty.txt"
    source.write_text("# nothing here\n\n")
    r = dask_rate(source_dir, source, tmp_path / "out.txt", timeout=60)
    assert r.returncode == 1 and "no puzzle found" in r.stderr


def test_gnu_parallel_pipe_matches_nonet_rate(cli, puzzles, tmp_path):
    if not shutil.which("parallel"):
        pytest.skip("GNU parallel is not installed (Debian: parallel)")
    # One puzzle a line and no unreadable ones: then each block of lines rates
    # exactly as in one run (an unreadable line's message would count lines from
    # the start of its block).
    lines = [p for p in puzzles if not p.startswith("12q")]
    text = "\n".join(lines) + "\n"
    r = subprocess.run(["parallel", "--will-cite", "--pipe", "--keep-order", "-N", "7", "-j", "2",
                        cli.path, "rate"], input=text, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PARALLEL_HOME": str(tmp_path)})
    assert r.stdout == cli.run("rate", input=text).stdout
    assert r.returncode != 0  # the invalid puzzles fail their block, as the whole run
