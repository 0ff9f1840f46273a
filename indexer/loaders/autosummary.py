"""Sphinx's `autosummary` directive (sphinx.ext.autosummary), put in place before a page is read with what Sphinx
shows of it: a table of the objects it lists, one row each, the name and the summary of the object's docstring.
JAX's API pages are an `automodule` of a module without a docstring and an autosummary of its functions: without
the table such a page has a title and nothing else. The objects are read from the project's Python source as
autodoc's are (autodoc.py, pysource.py), never imported.

- Its content's lines that start with a name (`~`, a letter or `_`) name one object each (the first word of the
  line); the others (`:toctree:`, comments) are not shown, and neither are the stub pages `:toctree:` would make.
- A name is found as written after the current class and module (`.. currentmodule::`, an automodule's), or as
  written; it is shown as written (`~pkg.mod.func`: `func`), as Sphinx shows it.
- After it, unless `:nosignatures:`, a function's or class's parameters as Sphinx compacts them (`(a[, b, c])`:
  those with a default in brackets, annotations and defaults left out, up to about 50 characters in all), then
  an en dash and the summary: the docstring's first sentence (of its first paragraph; its first line when that
  paragraph is no prose, such as a directive), a trailing `::` made a period.
- A name whose object is not found in the source is shown alone (autodoc.py warns once for the page).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from indexer.loaders.pyobjects import PyObject
from indexer.loaders.typingdoc import parsed_signature

__all__ = ["autosummary_rst"]

_ENTRY = re.compile(r"^~?[A-Za-z_][\w.]*$")
_SENTENCE_END = re.compile(r"\.\s+")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "etc.", "cf.", "vs.")  # a period that ends no sentence
_LITERAL_MARK = re.compile(r"::\s*$")
_NOT_PROSE = re.compile(r"^(?:\.\. |[-*+] |\d+[.)] |>>>|:\w+:|\|)")  # a directive, list, doctest, field, line block
_SIGNED = frozenset({"function", "method", "class", "exception", "decorator"})
_WIDTH = 50  # characters of a row's name and parameters Sphinx shows, at most (max_item_chars)
_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")  # characters that reStructuredText could read as markup

Where = tuple[str, str]  # the current module and class
Finder = Callable[[str], tuple[str, PyObject] | None]  # a dotted name's (full name, object) (PythonSource.find)
Parameters = Callable[[PyObject], str]  # an object's parameters, "(a, b=1)" (a class's: its constructor's)


def autosummary_rst(
    content: list[str], options: dict[str, str], find: Finder, parameters: Parameters, indent: str, where: Where
) -> tuple[list[str], list[str]]:
    """(the reStructuredText of an autosummary's table, the names it lists whose objects are not found), its
    content's names (its options already taken off) looked for after `where`'s current module and class."""
    module, cls = where
    prefixes = list(dict.fromkeys([f"{module}.{cls}" if module and cls else cls, module, ""]))
    entries: list[tuple[str, PyObject | None]] = []
    for written in [line.split()[0] for line in content if line.strip()]:
        if not _ENTRY.match(written):
            continue
        name = written.lstrip("~")
        hit = next((f for p in prefixes if (f := find(f"{p}.{name}" if p else name)) is not None), None)
        entries.append((written, hit[1] if hit is not None else None))
    unfound = [written.lstrip("~") for written, obj in entries if obj is None]
    return _rows(entries, "nosignatures" not in options, parameters, indent), unfound


def _rows(
    entries: list[tuple[str, PyObject | None]], signatures: bool, parameters: Parameters, indent: str
) -> list[str]:
    """The table: a list, one item per (name as written, its object or None)."""
    lines = [""]
    for written, obj in entries:
        shown = written[1:].rsplit(".", 1)[-1] if written.startswith("~") else written
        row = f":py:obj:`{shown} <{written.lstrip('~')}>`"
        if obj is not None and signatures and obj.kind in _SIGNED:
            compact = _SPECIAL.sub(r"\\\1", _compact(parameters(obj), _WIDTH - len(shown)))
            row += f"\\ {compact}" if compact else ""
        summary = _summary(obj.doc) if obj is not None else ""
        lines.append(f"{indent}- {row}" + (f" \N{EN DASH} {summary}" if summary else ""))
    return [*lines, ""]


def _summary(doc: str) -> str:
    """The summary Sphinx shows of a docstring: its first sentence (see the module docstring)."""
    paragraph: list[str] = []
    for line in doc.strip().split("\n"):
        if not line.strip():
            break
        paragraph.append(line.strip())
    if not paragraph:
        return ""
    if _NOT_PROSE.match(paragraph[0]):
        return _LITERAL_MARK.sub(".", paragraph[0])
    text = " ".join(paragraph)
    for end in _SENTENCE_END.finditer(text):
        sentence = text[: end.start() + 1]
        if not sentence.endswith(_ABBREVIATIONS) and sentence.count("`") % 2 == 0:  # no inline markup cut
            return _LITERAL_MARK.sub(".", sentence)
    return _LITERAL_MARK.sub(".", text)


def _compact(signature: str, width: int) -> str:
    """Parameters as Sphinx's autosummary shows them: names only, those with a default in brackets
    (`(herd[, field])`), cut with "..." past `width` characters (at least 10); when they do not parse (NumPy's
    `(condition, [x, y], /)`, from a docstring), as written if they fit, else ""."""
    function = parsed_signature(signature)  # as typingdoc reads it: pysource's `= <factory>` is no Python
    if function is None:
        fits = signature.startswith("(") and signature.endswith(")") and len(signature) <= max(10, width)
        return signature if fits else ""
    given = function.args
    positional = [*given.posonlyargs, *given.args]
    defaults = len(given.defaults)
    required = [a.arg for a in positional[: len(positional) - defaults]]
    optional = [a.arg for a in positional[len(positional) - defaults :]]
    required += [f"*{given.vararg.arg}"] if given.vararg else []
    for argument, default in zip(given.kwonlyargs, given.kw_defaults, strict=True):
        (required if default is None else optional).append(argument.arg)
    required += [f"**{given.kwarg.arg}"] if given.kwarg else []
    width = max(10, width)
    shown = _limited(required, width - 2)
    if optional and not shown:
        shown = f"[{_limited(optional, width - 4)}]"
    elif optional and len(shown) < width - 9:
        shown += f"[, {_limited(optional, width - len(shown) - 6)}]"
    return f"({shown})"


def _limited(names: list[str], width: int) -> str:
    """`names` joined by ", ", the last ones that do not fit in `width` characters made "..."."""
    joined = ", ".join(names)
    if len(joined) < width:
        return joined
    kept: list[str] = []
    used = 0
    for name in names:
        used += len(name) + 2
        if used >= width - 3:
            break
        kept.append(name)
    return ", ".join([*kept, "..."])
