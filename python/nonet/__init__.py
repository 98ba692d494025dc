"""nonet: solve, count, check, rate, explain, hint, generate, transform and
canonicalise Sudoku puzzles of every size from 4x4 to 25x25.

Puzzles are given in any text form the ``nonet`` command reads (81 symbols on a
line, a grid of rows, numbers, JSON; ``box="3x2"`` forces a box shape) or as a
:class:`Puzzle`. Results are small objects whose ``str()`` is the line the CLI
prints; problems raise :class:`Error` subclasses that carry a line and column.

    >>> import nonet
    >>> nonet.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").solution
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> str(nonet.rate("600050007030000000080409200015300000008000300000007590009501030000000080200070004"))
    '2.6/1.2/1.2 hard'

The ``*_many`` functions take any iterable of puzzles and yield the answers in
input order, working on ``threads`` threads (0: one per core) without the GIL.
"""

from __future__ import annotations

import os
import time
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Tuple, TypeVar, Union

from ._errors import Error, InvalidPuzzleError, ParseError, Timeout
from . import _nonet
from ._nonet import (
    book,
    Candidates,
    Conflict,
    Count,
    Explanation,
    Generated,
    Hint,
    Puzzle,
    Rating,
    Reader,
    Solution,
    Step,
    Validation,
    __version__,
    candidates,
    canon,
    convert,
    count,
    explain,
    generate,
    hint,
    levels,
    rate,
    solve,
    transform,
    validate,
)

__all__ = [
    "Candidates", "Conflict", "Count", "Error", "Explanation", "Generated", "Hint", "InvalidPuzzleError",
    "ParseError", "Puzzle", "Rating", "Reader", "Solution", "Step", "Timeout", "Validation",
    "__version__", "book", "candidates", "candidates_many", "canon", "canon_many", "cli_line", "convert", "convert_many", "count", "count_many", "explain", "explain_many",
    "generate", "generate_many", "hint", "levels", "rate", "rate_many", "read", "solve", "solve_many",
    "transform", "transform_many", "validate", "validate_many",
]

# A puzzle: text in any form nonet reads, a Puzzle, or (solve and count) a
# variant puzzle as an f-puzzles dict.
PuzzleLike = Union[str, bytes, Puzzle, Mapping[str, Any]]
T = TypeVar("T")


def read(source: Union[str, bytes, Iterable[Union[str, bytes]]], *,
         box: Optional[str] = None) -> Iterator[Union[Puzzle, ParseError]]:
    """Every puzzle in a text, as ``nonet`` reads a file: one entry per puzzle, in
    order, each a :class:`Puzzle` (with the ``line`` it starts on) or the
    :class:`ParseError` that stands in its place. ``source`` is the whole text or
    an iterable of lines, such as an open file. Lines end at "\\n", "\\r\\n" or a
    lone "\\r", as for the CLI."""
    reader = Reader(box=box)
    if isinstance(source, (str, bytes)):
        # Lines end at "\n" here and at a lone "\r" in Reader.feed, as for the CLI
        # (str.splitlines would also break at form feeds and other separators).
        lines: list
        if isinstance(source, str):
            lines = source.split("\n")
        else:
            lines = source.split(b"\n")
        if not lines[-1]:
            lines.pop()
        source = lines
    for line in source:
        yield from reader.feed(line)
    yield from reader.finish()


def cli_line(answer: Union[Solution, Count, Validation, Candidates, Rating, Explanation, Hint,
                            Generated, str, Error]) -> str:
    """The text ``nonet`` prints for one puzzle's answer or error, without the
    final newline: ``str(answer)`` for an answer, ``invalid: ...`` or ``timeout``
    for an error. So ``"\n".join(map(nonet.cli_line, nonet.rate_many(puzzles,
    return_exceptions=True)))`` is what ``nonet rate`` prints for them."""
    if isinstance(answer, Timeout):
        return f"timeout: {answer.message}"
    if isinstance(answer, ParseError):
        return f"invalid: {answer}"
    if isinstance(answer, Error):
        return f"invalid: {answer.message}"
    if isinstance(answer, Explanation):
        return f"{answer}\n"  # the CLI separates explanations by a blank line
    return str(answer)


def _batches(run: Callable[[list, int], list], items: Iterable, threads: int,
             return_exceptions: bool) -> Iterator:
    """Feeds ``items`` to ``run(chunk, first_index)`` a chunk at a time and yields
    the answers in order. Chunks grow until one takes a quarter of a second, so
    fast work is not held up by thread start-up and slow work answers early."""
    if not 0 <= threads <= 256:
        raise ValueError(f"threads: expected 0 (one per core) to 256, got {threads}")
    workers = threads or os.cpu_count() or 1
    size, limit = 4 * workers, 1 << 16
    it = iter(items)
    first = 0
    while True:
        chunk = list(islice(it, size))
        if not chunk:
            return
        start = time.monotonic()
        answers = run(chunk, first)
        if time.monotonic() - start < 0.25:
            size = min(size * 2, limit)
        first += len(chunk)
        for answer in answers:
            if isinstance(answer, Error) and not return_exceptions:
                raise answer
            yield answer


def solve_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
               solver: str = "auto", timeout: Optional[float] = None,
               return_exceptions: bool = False) -> Iterator[Union[Solution, Error]]:
    """:func:`solve` for each puzzle, in order. With ``return_exceptions`` a puzzle
    that fails yields its exception instead of raising it."""
    return _batches(lambda chunk, _: _nonet._solve_batch(
        chunk, threads=threads, box=box, solver=solver, timeout=timeout),
        puzzles, threads, return_exceptions)


def count_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
               solver: str = "auto", limit: int = 1000, timeout: Optional[float] = None,
               return_exceptions: bool = False) -> Iterator[Union[Count, Error]]:
    """:func:`count` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._count_batch(
        chunk, threads=threads, box=box, solver=solver, limit=limit, timeout=timeout),
        puzzles, threads, return_exceptions)


def validate_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
                  return_exceptions: bool = False) -> Iterator[Union[Validation, Error]]:
    """:func:`validate` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._validate_batch(chunk, threads=threads, box=box),
                    puzzles, threads, return_exceptions)


def candidates_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
                    return_exceptions: bool = False) -> Iterator[Union[Candidates, Error]]:
    """:func:`candidates` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._candidates_batch(chunk, threads=threads, box=box),
                    puzzles, threads, return_exceptions)


def rate_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
              profile: str = "se", timeout: Optional[float] = None,
              return_exceptions: bool = False) -> Iterator[Union[Rating, Error]]:
    """:func:`rate` for each puzzle, in order, one thread per puzzle (the ratings
    are the same as one at a time)."""
    return _batches(lambda chunk, _: _nonet._rate_batch(
        chunk, threads=threads, box=box, profile=profile, timeout=timeout),
        puzzles, threads, return_exceptions)


def explain_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
                 profile: str = "se", candidates: Optional[str] = None,
                 timeout: Optional[float] = None,
                 return_exceptions: bool = False) -> Iterator[Union[Explanation, Error]]:
    """:func:`explain` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._explain_batch(
        chunk, threads=threads, box=box, profile=profile, candidates=candidates,
        timeout=timeout),
        puzzles, threads, return_exceptions)


def transform_many(puzzles: Iterable[PuzzleLike], ops: Optional[str] = None, *,
                   threads: int = 0, box: Optional[str] = None, random: bool = False,
                   seed: int = 0, return_exceptions: bool = False) -> Iterator[Union[str, Error]]:
    """:func:`transform` for each puzzle, in order; with ``random=True`` puzzle i
    gets the transformation ``nonet transform --random --seed SEED`` gives it."""
    return _batches(lambda chunk, first: _nonet._transform_batch(
        chunk, first=first, threads=threads, ops=ops, box=box, random=random, seed=seed),
        puzzles, threads, return_exceptions)


def canon_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, box: Optional[str] = None,
               return_exceptions: bool = False) -> Iterator[Union[str, Error]]:
    """:func:`canon` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._canon_batch(chunk, threads=threads, box=box),
                    puzzles, threads, return_exceptions)


def convert_many(puzzles: Iterable[PuzzleLike], *, threads: int = 0, to: str = "fpuzzles",
                 box: Optional[str] = None, return_exceptions: bool = False) -> Iterator[Union[str, Error]]:
    """:func:`convert` for each puzzle, in order."""
    return _batches(lambda chunk, _: _nonet._convert_batch(chunk, threads=threads, to=to, box=box),
                    puzzles, threads, return_exceptions)


def generate_many(count: int, *, threads: int = 0, size: Optional[int] = None,
                  box: Optional[str] = None, profile: str = "se", level: Optional[str] = None,
                  rating: Union[Tuple[float, float], str, None] = None,
                  clues: Union[Tuple[int, int], str, int, None] = None, symmetry: str = "none",
                  minimal: Optional[bool] = None, rate: bool = False, seed: Optional[int] = None,
                  timeout: Optional[float] = None, variant: Optional[str] = None,
                  return_exceptions: bool = False) -> Iterator[Union[Generated, Error]]:
    """``count`` puzzles as :func:`generate` makes them, the same as
    ``nonet generate -n COUNT --seed SEED`` whatever the thread count. Without a
    seed one is drawn; each :class:`Generated` tells it."""
    if count < 0:
        raise ValueError(f"count: expected a number of puzzles, got {count}")
    drawn: int = int.from_bytes(os.urandom(8), "little") if seed is None else seed

    def run(chunk: list, first: int) -> list:
        return _nonet._generate_batch(
            first=first, count=len(chunk), threads=threads, size=size, box=box, profile=profile,
            level=level, rating=rating, clues=clues, symmetry=symmetry, minimal=minimal,
            rate=rate, seed=drawn, timeout=timeout, variant=variant)

    return _batches(run, range(count), threads, return_exceptions)
