"""Writes the type stubs of nonet._nonet from the built module itself: every
class, method, property and function with the signature pybind11 gives it.

    PYTHONPATH=build/release/python /usr/bin/python3 scripts/python-stubs.py > python/nonet/_nonet.pyi

The tests run it again on the module they test and compare the result with
the stub file in the source tree, so the two never drift apart.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys

HEADER = ("# Types of the compiled part of the nonet package (python/*.cpp), written by\n"
          "# scripts/python-stubs.py from the built module: run it again after a change.\n")


def clean(text: str) -> str:
    """A pybind11 type as a stub writes it: the module's own classes by name."""
    text = text.replace("nonet._nonet.", "")
    return text


def signature(doc: str | None, name: str) -> tuple[str, str] | None:
    """(parameters, return type) from a pybind11 docstring's first line."""
    if not doc:
        return None
    first = doc.splitlines()[0]
    m = re.match(rf"{re.escape(name)}\((.*)\) -> (.*)$", first)
    if not m:
        return None
    return clean(m.group(1)), clean(m.group(2))


def summary(doc: str | None) -> str:
    """The docstring after the signature pybind11 puts first."""
    if not doc:
        return ""
    lines = doc.splitlines()
    rest = "\n".join(lines[1:]).strip() if lines and "(" in lines[0] else doc.strip()
    return rest


def docstring(text: str, indent: str) -> str:
    if not text:
        return ""
    text = text.replace('"""', '\\"\\"\\"')
    return f'{indent}"""{text}"""\n'


def function(name: str, obj, indent: str = "") -> str:
    sig = signature(obj.__doc__, name)
    if sig is None:
        return (f"{indent}def {name}(self, *args: object, **kwargs: object) -> None: ...\n"
                if indent else f"{indent}def {name}(*args: object, **kwargs: object) -> object: ...\n")
    params, ret = sig
    if indent and not params.startswith("self"):
        # A method pybind11 binds without naming its first argument.
        params = "self" + (", " + params if params else "")
    params = re.sub(r"^self: [\w.]+", "self", params)
    body = docstring(summary(obj.__doc__), indent + "    ")
    return f"{indent}def {name}({params}) -> {ret}:\n{body}{indent}    ...\n" if body else \
        f"{indent}def {name}({params}) -> {ret}: ...\n"


def cls(name: str, obj) -> str:
    out = [f"class {name}:\n"]
    doc = (obj.__doc__ or "").strip()
    if doc:
        out.append(docstring(doc, "    "))
    for member in sorted(vars(obj)):
        value = inspect.getattr_static(obj, member)
        if member.startswith("_") and member not in (
                "__init__", "__str__", "__repr__", "__eq__", "__hash__", "__int__",
                "__getstate__", "__setstate__"):
            continue
        if member == "__hash__":
            out.append("    __hash__: None  # type: ignore[assignment]\n" if value is None else "")
            continue
        if member == "__eq__":
            # Other types answer NotImplemented: to a type checker, a bool.
            out.append("    def __eq__(self, other: object) -> bool: ...\n")
            continue
        if isinstance(value, property):
            ret = "object"
            if value.fget and value.fget.__doc__:
                m = re.match(r"\(.*\) -> (.*)$", value.fget.__doc__.splitlines()[0])
                if m:
                    ret = clean(m.group(1))
            out.append(f"    @property\n    def {member}(self) -> {ret}: ...\n")
            continue
        if callable(value):
            out.append(function(member, getattr(obj, member), "    "))
    return "".join(out)


def main() -> None:
    module = importlib.import_module("nonet._nonet")
    out = [HEADER, "from typing import Iterable, List, Optional, Tuple, Union\n\n", "__version__: str\n"]
    names = sorted(n for n in vars(module) if not n.startswith("__"))
    for name in names:
        obj = getattr(module, name)
        if inspect.isclass(obj):
            out.append("\n\n" + cls(name, obj))
    out.append("\n\n")
    for name in names:
        obj = getattr(module, name)
        if not inspect.isclass(obj) and callable(obj):
            out.append(function(name, obj))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
