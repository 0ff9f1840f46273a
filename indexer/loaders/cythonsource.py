"""A Cython module (`.pyx`) read for what autodoc shows of it: the Python that Sphinx sees once it is compiled
(with `binding=True`, as NumPy's random module is), made from its source without compiling it. Its `def`
functions and classes (`cdef class` too) keep their names, parameters and docstrings; everything else (C
declarations, plain `cimport`s, bodies) is left out, so that pyobjects.py reads the rest as Python. NumPy's random
pages (`Generator`, `default_rng`, the bit generators) showed their names alone.

- Kept: the module's docstring, its top-level `import`/`from ... import` lines (`from ... cimport` as an import:
  NumPy's bit generators take their base class so), a literal `__all__`, a top-level assignment of a name or of
  a call without arguments (NumPy's legacy `_rand = RandomState()` and `beta = _rand.beta`); each `def` and
  `class` (`cdef class` as `class`) at the top level and each `def` of such a class (at its members'
  indentation), with the decorator right above it (`@property`) and the docstring right below it; their bodies
  become `...`. One inside any other block is left out.
- A parameter's C type is left out (`int n_children` is `n_children`, `bint shuffle=True` `shuffle=True`, a
  `not None` after it dropped).
- Line by line, each line looked at once or twice: linear in the source's length.
"""

from __future__ import annotations

import re

__all__ = ["python_of_cython"]

_CLASS = re.compile(r"(?:cdef[ \t]+|cpdef[ \t]+)?class[ \t]+(?P<name>\w+)[ \t]*(?P<bases>\([^)]*\))?[ \t]*:")
_DEF = re.compile(r"(?:async[ \t]+)?def[ \t]+(?P<name>\w+)[ \t]*\(")
_IMPORT = re.compile(r"(?:import[ \t]|from[ \t]+[\w.]+[ \t]+c?import[ \t])")
_ALIAS = re.compile(r"\w+[ \t]*=[ \t]*[A-Za-z_][\w.]*(?:\(\))?[ \t]*(?:#.*)?$")  # `beta = _rand.beta`, `_rand = R()`
_QUOTES = ('"""', "'''")
_MAX_HEADER = 30  # lines of one def's parameters, at most


def python_of_cython(text: str) -> str:
    """The Python skeleton of a Cython module's source (see the module docstring)."""
    lines = text.split("\n")
    out: list[str] = []
    at = _docstring(lines, 0, out, "")
    class_indent: int | None = None
    member_indent: int | None = None
    while at < len(lines):
        line = lines[at]
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if stripped and not stripped.startswith("#") and class_indent is not None and indent <= class_indent:
            class_indent = member_indent = None
        if indent == 0 and _IMPORT.match(stripped):
            held = len(out)
            at = _statement(lines, at, out)
            out[held] = out[held].replace(" cimport ", " import ", 1)  # (a base class, `from .x cimport Base`)
            continue
        if indent == 0 and stripped.startswith("__all__") and "=" in stripped:
            at = _statement(lines, at, out)
            continue
        if indent == 0 and _ALIAS.match(stripped):
            out.append(stripped)
            at += 1
            continue
        top = indent == 0
        member = class_indent is not None and indent > class_indent and member_indent in (None, indent)
        if (top or member) and (found := _CLASS.match(stripped)) is not None:
            out.append(f"{line[:indent]}class {found['name']}{found['bases'] or ''}:")
            at = _docstring(lines, at + 1, out, line[:indent] + "    ", body=True)
            class_indent, member_indent = (indent, None) if top else (class_indent, indent)
            continue
        if (top or member) and _DEF.match(stripped):
            if member:
                member_indent = indent
            if at > 0 and lines[at - 1].strip().startswith("@"):
                out.append(lines[at - 1].rstrip())
            at = _function(lines, at, out, line[:indent])
            continue
        at += 1
    return "\n".join(out) + "\n"


def _statement(lines: list[str], at: int, out: list[str]) -> int:
    """Copy the statement starting at `at` (its brackets' lines too); the index after it."""
    depth = 0
    while at < len(lines):
        out.append(lines[at])
        depth += sum(lines[at].count(c) for c in "([{") - sum(lines[at].count(c) for c in ")]}")
        at += 1
        if depth <= 0 and not lines[at - 1].rstrip().endswith("\\"):
            break
    return at


def _function(lines: list[str], at: int, out: list[str], indent: str) -> int:
    """A def's header, its parameters without their C types, its docstring and `...`; the index after its
    header and docstring (the body is passed over by the caller)."""
    header = lines[at].strip()
    end = at
    while header.count("(") > header.count(")") and end + 1 < len(lines) and end - at < _MAX_HEADER:
        end += 1
        header += " " + lines[end].strip()
    found = _DEF.match(header)
    assert found is not None
    close = header.rfind(")")
    parameters = _parameters(header[found.end() : close]) if close > found.end() - 1 else ""
    out.append(f"{indent}def {found['name']}({parameters}):")
    return _docstring(lines, end + 1, out, indent + "    ", body=True)


def _parameters(given: str) -> str:
    """Parameters without their C types: each top-level comma's part's last word before its default."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(given):
        depth += 1 if char in "([{" else -1 if char in ")]}" else 0
        if char == "," and depth == 0:
            parts.append(given[start:i])
            start = i + 1
    parts.append(given[start:])
    kept = []
    for part in parts:
        name, equals, default = part.partition("=")
        words = name.replace(" not None", "").replace(" or None", "").split()
        if words:
            kept.append(words[-1] + (f"={default.strip()}" if equals else ""))
    return ", ".join(kept)


def _docstring(lines: list[str], at: int, out: list[str], indent: str, body: bool = False) -> int:
    """Copy the docstring that starts at the first line from `at` that is no blank or comment (a string in
    triple quotes), then `...` when it ends a `body`; the index after what was read (`at` when there is none)."""
    start = at
    while start < len(lines) and (not lines[start].strip() or lines[start].strip().startswith("#")):
        start += 1
    first = lines[start].strip() if start < len(lines) else ""
    quote = next((q for q in _QUOTES if first.lstrip("rRuU").startswith(q)), None)
    if quote is None:
        out += [f"{indent}..."] if body else []
        return at
    end = start
    if quote not in first[first.index(quote) + 3 :]:  # (else it closes on its first line)
        end = next((i for i in range(start + 1, len(lines)) if quote in lines[i]), len(lines) - 1)
    out.append(f"{indent}{first}")
    out += lines[start + 1 : end + 1]
    out += [f"{indent}..."] if body else []
    return end + 1
