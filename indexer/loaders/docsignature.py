"""A signature written as a docstring's first paragraph, as Sphinx's autodoc (autodoc_docstring_signature, on
unless conf.py turns it off) and numpydoc read it: NumPy's functions that C implements keep their signature there
(`dot(a, b, out=None)`, `a.all(axis=None, out=None)`, a long one over several lines), since the object itself has
none Python can read. Sphinx shows it as the object's signature and the rest as its docstring; read as prose, the
signature was the summary of every such row of NumPy's autosummary tables ("dot(a, b[, out]) - dot(a, b,
out=None)").

- A first paragraph that is a signature and ends in a line `--` is the text signature CPython takes off the
  docstring of an object C or Cython defines (NumPy's `ndarray`, its random module's `Generator`; `array(` with
  a parameter a line): it is the signature, unless the paragraph after it is one too.
- The paragraph's lines are joined; it is a signature when it is `name(...)`, optionally `-> type` after it, and
  the name's last part is the object's (or, for a class, `__init__` or `__new__`): `a.all(...)` is `all`'s. What
  stands before an `=` is dropped (numpydoc's `y = f(x)`).
- Read with string operations only: linear in the paragraph's length.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap

from indexer.loaders.pyobjects import PyObject

__all__ = ["docstring_signature", "signed"]

_NAME = re.compile(r"[A-Za-z_][\w.]*")
_MAX_LINES = 40  # of a signature paragraph, at most (NumPy's `array(`, `busday_offset(`: a parameter a line)
_SIGNED = frozenset({"function", "method", "class", "exception", "decorator"})


def signed(obj: PyObject) -> PyObject:
    """The object as Sphinx shows it: when its docstring starts with its signature, that signature (it wins over
    the source's, as in Sphinx), and the docstring without it."""
    if obj.kind not in _SIGNED:
        return obj
    names = {obj.name, "__init__", "__new__"} if obj.kind in ("class", "exception") else {obj.name}
    found = docstring_signature(obj.doc, names)
    if found is None:
        return obj
    signature, rest = found
    return dataclasses.replace(obj, signature=signature, doc=rest)


def docstring_signature(doc: str, names: set[str]) -> tuple[str, str] | None:
    """(the signature, "(a, b=1) -> int", the docstring after it) when `doc` starts with a signature of one of
    `names`: a text signature above a line `--` (which CPython takes off a C or Cython object's docstring), then
    a first paragraph that is one (which wins, as numpydoc's does); None when neither is."""
    lines = doc.lstrip("\n").split("\n")
    found = None
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    if 1 < end <= _MAX_LINES and lines[end - 1].strip() == "--":  # (its parameters a line each, or one)
        found = _signature(" ".join(line.strip() for line in lines[: end - 1]), names)
        # what follows keeps its indentation: the `--` line at the margin left cleandoc() nothing to take off
        lines = textwrap.dedent("\n".join(lines[end:])).lstrip("\n").split("\n") if found else lines
        end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    written = _signature(" ".join(line.strip() for line in lines[:end]), names) if end <= _MAX_LINES else None
    if written is not None:
        found, lines = written, lines[end:]
    return None if found is None else (found, "\n".join(lines).strip("\n"))


def _signature(text: str, names: set[str]) -> str | None:
    """The signature `text` is, "(a, b=1) -> int", when it is `name(...)` of one of `names`; else None."""
    head, paren, tail = text.partition("(")
    name = head.rpartition("=")[2].strip()
    close = tail.rfind(")")
    if not paren or close < 0 or not _NAME.fullmatch(name) or name.rpartition(".")[2] not in names:
        return None
    after = tail[close + 1 :].strip()
    if after and not after.startswith("->"):
        return None
    return f"({tail[: close + 1]}" + (f" {after}" if after else "")
