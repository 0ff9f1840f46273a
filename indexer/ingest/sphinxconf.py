"""What a Sphinx project's conf.py says of its files: the pages are the files of its source suffixes (`.rst` by
default; `.md` with myst_parser or myst_nb, `.ipynb` with nbsphinx or myst_nb; or what `source_suffix` names)
that no pattern of `exclude_patterns` matches (a pattern matches a file or a folder above it, `*` within a name,
`**` across folders, as Sphinx matches them). Another text file in the project (`requirements.txt`, a README the
patterns exclude) is no page of the site, nor is any file in a folder that `html_theme_path` or `templates_path`
names (templates: Django's `_theme/`). A source suffix that conf.py gives a parser of another format than
its own (Django's `source_suffix = {".txt": "restructuredtext"}`, or `".txt"` alone) makes its files pages in
that format: read as reStructuredText (or, for "markdown", as Markdown) and served as the site's pages are; a
`.md` listed so stays Markdown when an extension parses it (myst_parser), as Sphinx lets the extension's parser
have it.

conf.py is Python and is never run: only assignments of literal values are read (`exclude_patterns = ['_build',
'README.rst']`); a value that is not one (a list built by code) leaves that rule out, so nothing is skipped on a
guess. Files other than text (HTML, PDFs, images) are left to the other rules: Sphinx copies some of them as they
are (html_extra_path, downloads).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from indexer.ingest.pathglob import path_glob
from indexer.loaders.jsconfig import config_text
from indexer.loaders.sphinxproject import literal_values

__all__ = ["SphinxConfig", "sphinx_config"]

_TEXT_SUFFIXES = frozenset({".rst", ".rest", ".txt", ".text", ".md", ".markdown", ".ipynb", ".myst"})
_MYST = frozenset({"myst_parser", "myst_nb"})
_NOTEBOOKS = frozenset({"nbsphinx", "myst_nb"})
_MARKDOWN = _MYST | {"recommonmark", "m2r", "m2r2", "sphinx_mdinclude"}  # extensions that parse `.md` as Markdown
_PARSERS = {"restructuredtext": ".rst", "markdown": ".md"}  # Sphinx's names of parsers -> a suffix read so
_OWN = {".rst": frozenset({".rst", ".rest"}), ".md": frozenset({".md", ".markdown"})}  # suffixes read so anyway
MAX_PATTERNS = 1_000  # exclude_patterns read, at most (each file is matched against each)


@dataclass(frozen=True)
class SphinxConfig:
    """The files of DOCS that a Sphinx project (its conf.py in `source`, a folder of DOCS: "" or ending in "/")
    makes no page of, and those it reads in another format than their own (see the module docstring)."""

    source: str
    suffixes: tuple[str, ...] | None  # None: not known
    excluded: tuple[str, ...]
    read_as: tuple[tuple[str, str], ...] = ()  # (a source suffix, the suffix of the format its files are read in)
    themes: tuple[str, ...] = ()  # folders of DOCS conf.py names for themes and templates, each ending in "/"

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
        if any(doc_id.startswith(folder) for folder in self.themes):
            return "in a folder conf.py names for themes or templates (html_theme_path, templates_path): no page"
        parts = path.split("/")
        for pattern, compiled in self._patterns:
            if any(compiled.fullmatch("/".join(parts[: n + 1])) for n in range(len(parts))):
                return f"excluded by conf.py (exclude_patterns: {pattern}): no page of the site"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None

    def reads_as(self, doc_id: str) -> str:
        """The suffix of the format the project reads the file `doc_id` in, when it is not the file's own (".rst"
        for Django's `.txt` pages); "" otherwise."""
        if not self.read_as or not doc_id.startswith(self.source):
            return ""
        suffix = os.path.splitext(doc_id)[1].lower()
        return next((target for given, target in self.read_as if given == suffix), "")


def sphinx_config(conf: Path, docs: Path) -> SphinxConfig | None:
    """The rules of the conf.py `conf` as they apply to the files of DOCS; None when it says nothing readable."""
    values = literal_values(config_text(conf))
    if values is None:
        return None
    suffixes, read_as = _suffixes(values), _read_as(values.get("source_suffix", ".rst"), values.get("extensions", []))
    patterns = values.get("exclude_patterns", ())
    listed = patterns[:MAX_PATTERNS] if isinstance(patterns, list | tuple) else ()
    excluded = tuple(p for p in listed if isinstance(p, str) and p.strip())
    themes = _theme_folders(values, conf.parent, docs)
    if suffixes is None and not excluded and not read_as and not themes:
        return None
    source = os.path.relpath(conf.parent, docs).replace(os.sep, "/")
    if source.startswith(".."):  # conf.py above DOCS: patterns are relative to its folder
        inside = os.path.relpath(docs, conf.parent).replace(os.sep, "/") + "/"
        excluded = tuple(_below(p, inside) for p in excluded)
        excluded = tuple(p for p in excluded if p)
        source = ""
    else:
        source = "" if source == "." else source + "/"
    return SphinxConfig(source, suffixes, excluded, read_as, themes)


def _theme_folders(values: Mapping[str, Any], folder: Path, docs: Path) -> tuple[str, ...]:
    """The folders of DOCS that conf.py's literal `html_theme_path` and `templates_path` name (from its folder):
    Jinja templates, which Sphinx renders pages with, never pages of their own (Django's `_theme/djangodocs/`
    holds layout.html, search.html, genindex.html); each as a path from DOCS ending in "/"."""
    found = []
    for name in ("html_theme_path", "templates_path"):
        given = values.get(name)
        for path in given[:MAX_PATTERNS] if isinstance(given, list | tuple) else ():
            if not isinstance(path, str) or not path.strip() or "\x00" in path:
                continue
            relative = os.path.relpath(os.path.normpath(folder / path.strip()), docs).replace(os.sep, "/")
            if relative != "." and not relative.startswith(".."):
                found.append(relative + "/")
    return tuple(sorted(set(found)))


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


def _read_as(given: object, extensions: object) -> tuple[tuple[str, str], ...]:
    """The source suffixes that `source_suffix` gives a parser of another format than their own (a text file's
    `.txt` parsed as reStructuredText), with the suffix of that format (".rst", ".md"). A suffix given as a
    string or in a list is reStructuredText's, as Sphinx reads it, unless an extension registers a parser of
    its own for it, as Sphinx lets them (Black's `source_suffix = [".rst", ".md"]` with myst_parser: Markdown;
    when the extensions are not known, one is taken to)."""
    named = {e for e in extensions if isinstance(e, str)} if isinstance(extensions, list | tuple) else None
    markdown = named is None or bool(named & _MARKDOWN)
    if isinstance(given, str | list | tuple):
        listed = [given] if isinstance(given, str) else [s for s in given if isinstance(s, str)]
        parsers = {s: "restructuredtext" for s in listed if not (markdown and s.lower() in _OWN[".md"])}
    elif isinstance(given, dict):
        parsers = {s: p for s, p in given.items() if isinstance(s, str) and isinstance(p, str)}
    else:
        return ()
    found = {}
    for suffix, parser in parsers.items():
        target = _PARSERS.get(parser.lower())
        if target and suffix.lower() in _TEXT_SUFFIXES - {".ipynb"} and suffix.lower() not in _OWN[target]:
            found[suffix.lower()] = target
    return tuple(sorted(found.items()))


def _below(pattern: str, inside: str) -> str:
    """A pattern relative to conf.py's folder, as one relative to DOCS (its folder `inside`); "" when it can match
    nothing there."""
    if pattern.startswith(inside):
        return pattern[len(inside) :]
    return pattern if pattern.startswith("**") else ""
