"""Fixtures of the Python module's tests. ctest runs them with PYTHONPATH set to the
build's python/ folder, NONET_CLI to the nonet binary and NONET_SOURCE_DIR to the
repository; by hand:

    PYTHONPATH=build/dev/python NONET_CLI=build/dev/apps/cli/nonet pytest-3 tests/python
"""

from __future__ import annotations

import os
import pathlib
import subprocess
from typing import List

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("NONET_SOURCE_DIR", pathlib.Path(__file__).parents[2]))


class Cli:
    """The nonet binary, run for real."""

    def __init__(self, path: str) -> None:
        self.path = path

    def run(self, *args: str, input: str = "") -> subprocess.CompletedProcess:
        return subprocess.run([self.path, *args], input=input, capture_output=True, text=True,
                              timeout=600)

    def lines(self, *args: str, input: str = "") -> List[str]:
        return self.run(*args, input=input).stdout.splitlines()


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = os.environ.get("NONET_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("NONET_CLI does not name the nonet binary")
    return Cli(path)


@pytest.fixture(scope="session")
def source_dir() -> pathlib.Path:
    return SOURCE_DIR


@pytest.fixture(scope="session")
def shared_data_dir() -> pathlib.Path:
    """The larger puzzle sets kept outside the repository (puzzles/, rated/):
    NONET_DATA_DIR, else ../shared/data next to the checkout. May be absent."""
    return pathlib.Path(os.environ.get("NONET_DATA_DIR") or SOURCE_DIR.parent / "shared" / "data")
