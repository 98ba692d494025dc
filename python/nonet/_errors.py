"""The exceptions nonet raises, each with the place it concerns."""

from __future__ import annotations

__all__ = ["Error", "ParseError", "InvalidPuzzleError", "Timeout"]


class Error(Exception):
    """A puzzle nonet could not answer.

    ``message`` says what is wrong; ``line`` and ``column`` (1-based, 0 when
    unknown) say where, in the text the puzzle was read from.
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message, line, column)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.line <= 0:
            return self.message
        place = f"line {self.line}"
        if self.column > 0:
            place += f", column {self.column}"
        return f"{place}: {self.message}"


class ParseError(Error, ValueError):
    """Text that is not a puzzle: ``line 3, column 12: unexpected character 'q' ...``."""


class InvalidPuzzleError(Error, ValueError):
    """A readable puzzle that cannot be answered: conflicting givens, no or several
    solutions where one is needed, a board size an operation does not support."""


class Timeout(Error):
    """The time budget ran out before the answer was found."""


# They are nonet's: shown, and pickled, as nonet.ParseError and so on.
for _class in (Error, ParseError, InvalidPuzzleError, Timeout):
    _class.__module__ = "nonet"
