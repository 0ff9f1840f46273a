"""What a Sphinx project's conf.py says of its files: the pages are the files of its source suffixes (`.rst` by
default; `.md` with myst_parser or myst_nb, `.ipynb` with nbsphinx or myst_nb; or what `source_suffix` names)
that no pattern of `exclude_patterns` matches (a pattern matches a file or a folder above it, `*` within a name,
`**` across folders, as Sphinx matches them). Another text file in the project (`requirements.txt`, a README the
patterns exclude) is no page of the site.

conf.py is Python and is never run: only assignments of literal values are read (`exclude_patterns = ['_build',
'README.rst']`); a value that is not one (a list built by code) leaves that rule out, so nothing is skipped on a
guess. Files other than text (HTML, PDFs, images) are left to the other rules: Sphinx copies some of them as they
are (html_extra_path, downloads).
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from indexer.ingest.siteconfig import config_text, path_glob

__all__ = ["SphinxConfig", "sphinx_config"]

_TEXT_SUFFIXES = frozenset({".rst", ".rest", ".txt", ".text", ".md", ".markdown", ".ipynb", ".myst"})
_MYST = frozenset({"myst_parser", "myst_nb"})
_NOTEBOOKS = frozenset({"nbsphinx", "myst_nb"})
MAX_PATTERNS = 1_000  # exclude_patterns read, at most (each file is matched against each)


@dataclass(frozen=True)
class SphinxConfig:
    """The files of DOCS that a Sphinx project (its conf.py in `source`, a folder of DOCS: "" or ending in "/")
    makes no page of (see the module docstring)."""

    source: str
    suffixes: tuple[str, ...] | None  # None: not known
    excluded: tuple[str, ...]

    @property
    def key(self) -> str:
        return "sphinx-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _patterns(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple((pattern, path_glob(pattern)) for pattern in self.excluded)

    def unpublished(self, doc_id: str) -> str | None:
        if not doc_id.startswith(self.source):
            return None
        path = doc_id[len(self.source) :]
        suffix = os.path.splitext(path)[1].lower()
        if self.suffixes is not None and suffix in _TEXT_SUFFIXES and suffix not in self.suffixes:
            kinds = ", ".join(self.suffixes)
            return f"not a Sphinx source file (conf.py's sources are {kinds}): no page of the site"
        parts = path.split("/")
        for pattern, compiled in self._patterns:
            if any(compiled.fullmatch("/".join(parts[: n + 1])) for n in range(len(parts))):
                return f"excluded by conf.py (exclude_patterns: {pattern}): no page of the site"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


def sphinx_config(conf: Path, docs: Path) -> SphinxConfig | None:
    """The rules of the conf.py `conf` as they apply to the files of DOCS; None when it says nothing readable."""
    values = _literals(config_text(conf))
    if values is None:
        return None
    suffixes = _suffixes(values)
    patterns = values.get("exclude_patterns", ())
    listed = patterns[:MAX_PATTERNS] if isinstance(patterns, list | tuple) else ()
    excluded = tuple(p for p in listed if isinstance(p, str) and p.strip())
    if suffixes is None and not excluded:
        return None
    source = os.path.relpath(conf.parent, docs).replace(os.sep, "/")
    if source.startswith(".."):  # conf.py above DOCS: patterns are relative to its folder
        inside = os.path.relpath(docs, conf.parent).replace(os.sep, "/") + "/"
        excluded = tuple(_below(p, inside) for p in excluded)
        excluded = tuple(p for p in excluded if p)
        source = ""
    else:
        source = "" if source == "." else source + "/"
    return SphinxConfig(source, suffixes, excluded)


def _literals(text: str) -> dict[str, Any] | None:
    """The names that conf.py's top level assigns a value to: the literal value, or UNREAD when it is code or a
    later statement changes it (`x += [...]`, `x.extend(...)`); None when it cannot be parsed (nothing is known)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # (deep nesting: MemoryError in 3.11)
        return None
    found: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                found[node.targets[0].id] = _UNREAD
        elif isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
            found.update(dict.fromkeys(("extensions", "source_suffix", "exclude_patterns"), _UNREAD))  # unknown
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            found[node.target.id] = _UNREAD
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                found[func.value.id] = _UNREAD
    return found


_UNREAD = object()


def _suffixes(values: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The suffixes of the project's source files: `source_suffix` (`.rst` when not set), and those its
    extensions add (MyST's `.md`, whatever source_suffix says, and notebooks' `.ipynb`); None when conf.py does not
    say them readably."""
    extensions = values.get("extensions", [])
    if not isinstance(extensions, list | tuple):
        return None  # which extensions (MyST?) it loads is not known
    given = values.get("source_suffix", ".rst")
    if isinstance(given, str):
        suffixes = {given}
    elif isinstance(given, list | tuple | dict):
        suffixes = {s for s in given if isinstance(s, str)}
    else:
        return None
    named = {e for e in extensions if isinstance(e, str)}
    suffixes |= ({".md"} if named & _MYST else set()) | ({".ipynb"} if named & _NOTEBOOKS else set())
    return tuple(sorted(s.lower() for s in suffixes if s.startswith(".")))


def _below(pattern: str, inside: str) -> str:
    """A pattern relative to conf.py's folder, as one relative to DOCS (its folder `inside`); "" when it can match
    nothing there."""
    if pattern.startswith(inside):
        return pattern[len(inside) :]
    return pattern if pattern.startswith("**") else ""
