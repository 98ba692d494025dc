#!/usr/bin/python3
"""Rate a file of Sudoku puzzles on a Dask cluster, with the same output as
`nonet rate`: one line per puzzle, in input order.

    examples/dask_rate.py INPUT OUTPUT [--scheduler ADDRESS] [--partitions N]

Without --scheduler a LocalCluster of --workers processes (one per core by
default) runs here; with it the work goes to that cluster's workers, each of
which needs the nonet Python module. The input is read here with the CLI's own
reader (so every input form and every error reads the same), split into
partitions of consecutive puzzles, and the parsed puzzles travel to the workers;
the answers are written as soon as all before them are in, so an interrupted run
keeps the answers to a prefix of the input. Progress goes to standard error.
Exit status as `nonet rate`: 0 when every puzzle was rated, 1 when one could not
be, 2 on a usage error, 130 when interrupted. See docs/scaling.md.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import deque
from typing import Iterator, List, Optional, Tuple, Union


def import_nonet():
    """The installed module, or else the one in this checkout's build tree (also
    for the worker processes, which inherit PYTHONPATH)."""
    try:
        import nonet
        return nonet
    except ImportError:
        pass
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for preset in ("release", "dev"):
        candidate = os.path.join(root, "build", preset, "python")
        if os.path.isdir(os.path.join(candidate, "nonet")):
            sys.path.insert(0, candidate)
            os.environ["PYTHONPATH"] = os.pathsep.join(
                p for p in (candidate, os.environ.get("PYTHONPATH")) if p)
            import nonet
            return nonet
    sys.exit("dask_rate: the nonet Python module is not importable: install nonet "
             "(cmake --install) and set PYTHONPATH=PREFIX/lib/python3/dist-packages, or build "
             "this checkout (scripts/start.sh)")


nonet = import_nonet()

Entry = Union[nonet.Puzzle, nonet.ParseError]


def read_entries(path: str, box: Optional[str]) -> Iterator[Entry]:
    """Every puzzle of the file, or the error standing in its place, in order."""
    with open(path, "rb") as f:
        yield from nonet.read(f, box=box)


def rate_partition(puzzles: List[nonet.Puzzle], profile: str,
                   timeout: Optional[float]) -> List[Tuple[str, str]]:
    """Runs on a worker: (answer line, message for stderr) per puzzle."""
    out = []
    for answer in nonet.rate_many(puzzles, threads=1, profile=profile, timeout=timeout,
                                  return_exceptions=True):
        message = answer.message if isinstance(answer, nonet.Error) else ""
        out.append((nonet.cli_line(answer), message))
    return out


def partitions_of(entries: Iterator[Entry], size: int) -> Iterator[List[Entry]]:
    chunk: List[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class Progress:
    """A line on standard error at most once a second, and a summary at the end."""

    def __init__(self, total: int, workers: int) -> None:
        self.total, self.workers = total, workers
        self.done, self.start, self.shown = 0, time.monotonic(), 0.0

    def add(self, count: int) -> None:
        self.done += count
        now = time.monotonic()
        if now - self.shown >= 1 or self.done == self.total:
            self.shown = now
            rate = self.done / max(now - self.start, 1e-9)
            print(f"\rdask_rate: {self.done}/{self.total} puzzles ({rate:.1f}/s)",
                  end="", file=sys.stderr, flush=True)

    def summary(self) -> None:
        elapsed = time.monotonic() - self.start
        print(f"\ndask_rate: rated {self.done} puzzles in {elapsed:.2f} s on {self.workers} "
              f"worker thread(s): {self.done / max(elapsed, 1e-9):.1f} puzzles/s",
              file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from dask.distributed import Client, LocalCluster

    # A first pass counts the puzzles, so the partitions can be sized; it reads at
    # about a million puzzles a second, far faster than rating.
    total = sum(1 for _ in read_entries(args.input, args.box))
    if total == 0:
        print(f"dask_rate: {args.input}: no puzzle found in the input", file=sys.stderr)
        return 1

    if args.scheduler:
        cluster = None
        try:
            client = Client(args.scheduler, timeout="20s")
        except (OSError, TimeoutError) as e:
            print(f"dask_rate: cannot reach the scheduler at {args.scheduler}: {e}",
                  file=sys.stderr)
            return 1
    else:
        workers = args.workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    threads = sum(client.nthreads().values()) or 1
    # Four partitions per worker thread keep them all busy to the end, unless asked
    # otherwise; at most 5000 puzzles each, so progress shows and little is redone.
    partitions = args.partitions or max(4 * threads, math.ceil(total / 5000))
    size = math.ceil(total / min(partitions, total))

    progress = Progress(total, threads)
    failures = 0
    pending: deque = deque()  # (entries, future or None), in input order
    in_flight_limit = max(2 * threads, 4)
    status = 0
    try:
        with open(args.output, "w", encoding="utf-8", newline="\n") as out:
            def write_ready(block: bool) -> None:
                nonlocal failures
                while pending and (block or pending[0][1] is None or pending[0][1].done()):
                    entries, future = pending.popleft()
                    answers = iter(future.result() if future is not None else [])
                    for entry in entries:
                        if isinstance(entry, nonet.ParseError):
                            line, note = nonet.cli_line(entry), f"{args.input}: {entry}"
                        else:
                            line, message = next(answers)
                            note = f"{args.input}:{entry.line}: {message}" if message else ""
                        out.write(line + "\n")
                        if note:
                            failures += 1
                            print(f"\ndask_rate: {note}", file=sys.stderr)
                    out.flush()
                    progress.add(len(entries))
                    block = False

            for entries in partitions_of(read_entries(args.input, args.box), size):
                puzzles = [e for e in entries if isinstance(e, nonet.Puzzle)]
                future = (client.submit(rate_partition, puzzles, args.profile, args.timeout,
                                         pure=False) if puzzles else None)
                pending.append((entries, future))
                write_ready(block=len(pending) >= in_flight_limit)
            while pending:
                write_ready(block=True)
        progress.summary()
    except KeyboardInterrupt:
        print(f"\ndask_rate: interrupted after {progress.done} answers; every answer before "
              f"them was written to {args.output}", file=sys.stderr)
        status = 130
    except Exception as e:  # a worker without nonet, a lost scheduler, a full disk...
        print(f"\ndask_rate: stopped after {progress.done} answers (all written to "
              f"{args.output}): {type(e).__name__}: {e}", file=sys.stderr)
        status = 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    if status:
        return status
    return 1 if failures else 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Rate a file of Sudoku puzzles on a Dask cluster; the output is the same "
                    "as `nonet rate INPUT`.")
    parser.add_argument("input", metavar="INPUT", help="puzzle file (any form nonet reads)")
    parser.add_argument("output", metavar="OUTPUT", help="where the rating lines go")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a running scheduler, e.g. tcp://10.0.0.1:8786 (default: a "
                             "LocalCluster on this machine)")
    parser.add_argument("--partitions", type=int, metavar="N",
                        help="split the input into N parts (default: four per worker thread, "
                             "at most 5000 puzzles each)")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="worker processes of the LocalCluster (default: one per core)")
    parser.add_argument("--box", metavar="RxC", help="force a box shape, as nonet --box")
    parser.add_argument("-t", "--profile", default="se", choices=["se", "modern"],
                        help="technique set, as nonet rate -t")
    parser.add_argument("--timeout", type=float, metavar="SECONDS",
                        help="time budget per puzzle (default: none)")
    args = parser.parse_args(argv)
    if args.partitions is not None and args.partitions < 1:
        parser.error("--partitions: expected at least 1")
    if args.workers is not None and not 1 <= args.workers <= 256:
        parser.error("--workers: expected 1 to 256")
    if args.scheduler and args.workers:
        parser.error("--workers sizes the local cluster; a --scheduler brings its own workers")
    if args.timeout is not None and not 0 <= args.timeout <= 1e6:
        parser.error("--timeout: expected seconds between 0 and 1e6")
    if args.box:
        try:
            nonet.Reader(box=args.box)
        except ValueError as e:
            parser.error(f"--box: {e}")
    if not os.path.exists(args.input):
        parser.error(f"no such file: {args.input}")
    if os.path.isdir(args.input):
        parser.error(f"a directory, not a file: {args.input}")
    for path, mode in ((args.input, "rb"), (args.output, "ab")):
        try:
            open(path, mode).close()
        except OSError as e:
            parser.error(f"{path}: {e.strerror}")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
