"""Documenter.jl's ```@docs and ```@autodocs blocks, put in place before a Markdown page is read, with what the
built page shows there: docstrings from the package's Julia source (juliasource.py: read as text, never run).

- Only on a page of a Documenter project: the nearest `make.jl` at or above the page (up to the repository's
  root) that calls `makedocs(`; elsewhere the blocks are left to documenter.py (code: their names).
- The source: the package whose folder holds the project's (docs/..): its `src/Name.jl` for its Project.toml's
  `name` and for each module a block names (`Modules = [Documenter]`, `DocMeta.getdocmeta`), then the files
  they include; and the files make.jl includes (`include("DocumenterShowcase.jl")`). They are read as included
  files are (includes.py): only inside the documents folder or the one --includes-from names, so index docs/
  with --includes-from the repository's root (a page whose source lies beyond says so, and the summary names it).
- ```@docs: each line names an object (`makedocs`, `DocMeta.getdocmeta`, `Base.show(::IO, ::T)`): every
  docstring of that name (of that module, when one of them is), under a heading of the name one level below the
  page's heading above the block. A name not found keeps its line, and one warning names it.
- ```@autodocs: every docstring of the files of its `Modules` (of its `Pages` only, when given: the files whose
  path ends so), in the source's order, each under a heading of its name. `Public` and `Private` are not read
  (a module's exports would say): both are shown.
- In a docstring, headings (Julia writes `# Examples`) are bold lines, so that it stays one section under its
  object's name; DocStringExtensions' `$(SIGNATURES)`, `$(TYPEDSIGNATURES)` and `$(TYPEDEF)` are the object's
  defining line, as code; its other templates (`$(FIELDS)`, `$(METHODLIST)`) leave nothing. A fence a docstring
  leaves open is closed at its end, so that the rest of the page is not code.
- Bounds, as constants and blocks may repeat text without end: a docstring is given at most MAX_FILLED characters
  of string constants (one is never filled in within itself, nor more than _MAX_NESTED deep), past which
  `$NAME` stays as written; a page at most MAX_ADDED characters of docstrings, past which (with a warning) its
  blocks are left as written; at most MAX_INCLUDES source files are looked for. The source is read only when
  the page holds a block (not for a page that names `@docs` in prose or code).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.fences import closed, closes, in_code, opens
from indexer.loaders.includes import (
    MAX_DEPTH,
    MAX_INCLUDES,
    folders_up,
    included_text,
    lies_outside,
    probe,
    reading_folder,
    refuse,
    remember_settings,
    warn,
)
from indexer.loaders.jsconfig import config_text
from indexer.loaders.juliasource import Docstring, read_julia, signature_of

__all__ = ["MAX_ADDED", "MAX_FILLED", "calls_makedocs", "expand_julia_docstrings"]

_CALLS_MAKEDOCS = re.compile(r"(?<![\w.])makedocs[ \t]*\(")
_COMMENT = re.compile(r"#[^\n]*")  # a line's comment, or a `#=` block's first line
_BLOCK = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*@(docs|autodocs)(?![\w-])")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+\S")
_SETTING = re.compile(r"^[ \t]*(Modules|Pages)[ \t]*=[ \t]*\[([^\]\n]*)\]", re.MULTILINE)
_LISTED = re.compile(r'"([^"\n]{1,300})"|([A-Za-z_][\w.]*)')
_PROJECT_NAME = re.compile(r'^name[ \t]*=[ \t]*"([A-Za-z_]\w*)"', re.MULTILINE)
_OBJECT = re.compile(r"^[ \t]*(@?[A-Za-z_][\w!]*(?:\.@?[A-Za-z_][\w!]*)*)")
# an escape (`\$5`: a dollar), or an interpolation: `$(SIGNATURES)`, `$METADATA_FIXED`
_TEMPLATE = re.compile(r"\\(?P<escaped>[\\$\"])|\$(?:\((?P<called>[A-Za-z_]\w*)\)|(?P<bare>[A-Za-z_]\w*))")
_SIGNATURE_TEMPLATES = frozenset({"SIGNATURES", "TYPEDSIGNATURES", "TYPEDEF"})
_MAX_NESTED = 3  # constants within constants, filled in
MAX_FILLED = 100_000  # characters of string constants one docstring may be filled with (constants within constants)
MAX_ADDED = 1_000_000  # characters of docstrings one page may be given (its blocks may repeat the package's)
_TEMPLATES = _SIGNATURE_TEMPLATES | {"FIELDS", "TYPEDFIELDS", "EXPORTS", "IMPORTS", "METHODLIST", "MODULES",
                                     "README", "LICENSE", "DOCSTRING", "FUNCTIONNAME"}  # fmt: skip


def calls_makedocs(script: str) -> bool:
    """Whether a make.jl's text calls Documenter's `makedocs(` outside its comments: then it builds a Documenter
    site (a Julia package's benchmarks/ and test/ hold scripts of that name too)."""
    return _CALLS_MAKEDOCS.search(_COMMENT.sub("", script)) is not None


def expand_julia_docstrings(text: str, path: Path) -> str:
    """Markdown with Documenter's ```@docs and ```@autodocs blocks put in place (see the module's docstring)."""
    if ("@docs" not in text and "@autodocs" not in text) or reading_folder() is None:
        return text
    make = next((Path(f, "make.jl") for f in folders_up(path) if os.path.isfile(os.path.join(f, "make.jl"))), None)
    if make is None or not calls_makedocs(script := config_text(make)):
        return text
    remember_settings(make)
    page = _Page(make, script)
    out = _expanded(text.split("\n"), page)
    page.report()
    return "\n".join(out)


def _expanded(lines: list[str], page: _Page) -> list[str]:
    """The page's lines with its blocks (outside fenced code) put in place, each docstring's heading a level
    below the page's heading above it."""
    out: list[str] = []
    fence: str | None = None
    level = 1
    at = 0
    while at < len(lines):
        line = lines[at]
        at += 1
        if fence is not None:
            fence = None if closes(line, fence) else fence
            out.append(line)
            continue
        if (heading := _HEADING.match(line)) is not None:
            level = len(heading.group(1))
        block = _BLOCK.match(line)
        fence = opens(line)
        if block is None or fence is None:
            out.append(line)
            continue
        start, end = at - 1, at
        while end < len(lines) and not closes(lines[end], fence):
            end += 1
        body, at, fence = lines[start + 1 : end], end + 1, None
        placed = page.block(block.group(1), body, min(level + 1, 6))
        out += ["", *placed, ""] if placed else lines[start:at]  # else: the names, as written
    return out


class _Page:
    """One page's blocks: the package's source, read when the first block asks for it (a page that only mentions
    `@docs` reads none), and the room left for the docstrings the page is given (MAX_ADDED)."""

    def __init__(self, make: Path, script: str) -> None:
        self._make, self._script = make, script
        self._source: _Source | None = None
        self.unfound: list[str] = []  # the names no docstring was found for
        self.room = MAX_ADDED  # characters; below 0 once a block would pass MAX_ADDED: it and the rest stay as written

    def block(self, kind: str, body: list[str], level: int) -> list[str]:
        """The lines a block of `kind` (docs or autodocs) holding `body` becomes: its docstrings, each under a
        heading of its name at `level`; none (the block as written) when it finds none or the room is spent."""
        if self.room < 0:
            return []
        if self._source is None:
            self._source = _Source(self._make, self._script)
        source = self._source
        self.room -= len(source.docstrings)  # an @autodocs block looks through them all: a character each
        found = source.docs_block(body, self.unfound) if kind == "docs" else source.autodocs_block(body)
        out: list[str] = []
        for name, docstring in found:
            shown = _shown(docstring, source.constants, min(MAX_FILLED, self.room)) if docstring else [f"`{name}`"]
            lines = [f"{'#' * level} {name}", "", *shown, ""] if docstring else [*shown, ""]
            self.room -= sum(len(line) + 1 for line in lines)
            if self.room < 0:
                return []
            out += lines
        return out

    def report(self) -> None:
        """The page's warnings: the names not found, and a page whose blocks passed MAX_ADDED."""
        if self.room < 0:
            warn(
                f"Documenter: the page's blocks give more than {MAX_ADDED:,} characters of docstrings (blocks that"
                " repeat the package's?): the rest are left as written"
            )
        if self.unfound and not (self._source and self._source.refused):  # else the refusal's warning says why
            more = f" and {len(self.unfound) - 1} more" if len(self.unfound) > 1 else ""
            shown = f"{self.unfound[0]}{more} in the package's Julia source"
            warn(f"Documenter: no docstring of {shown}: only the name is shown")


def _shown(docstring: Docstring, constants: dict[str, str], room: int) -> list[str]:
    """A docstring's lines as its object's section shows them: string constants (at most `room` characters of
    them) and DocStringExtensions' templates filled in or dropped (see the module's docstring), then headings bold
    (a constant's too: DataFrames' `$TABLEMETA_EXAMPLE` holds `# Examples`); fenced code as written, and a fence
    the docstring leaves open closed at its end."""
    text = docstring.markdown
    if "$" in text or "\\" in text:
        text = _Filling(docstring, constants, room).filled(text, ())
    return [
        line if code or (heading := _HEADING.match(line)) is None else f"**{line[heading.end(1) :].strip()}**"
        for line, code in in_code(closed(text.split("\n")))
    ]


class _Filling:
    """What Julia puts in place of a docstring's `$NAME` or `$(NAME)` (see _put())."""

    def __init__(self, docstring: Docstring, constants: dict[str, str], room: int) -> None:
        self._docstring, self._constants = docstring, constants
        self._room = room  # characters of constants' text that may still be put in

    def filled(self, text: str, within: tuple[str, ...]) -> str:
        """`text`, part of the constants named `within` (outermost first), filled in."""
        return _TEMPLATE.sub(lambda match: self._put(match, within), text)

    def _put(self, match: re.Match[str], within: tuple[str, ...]) -> str:
        """For a string constant of the package: its text, filled in too (DataFrames' INSERTION_COMMON holds
        `$METADATA_FIXED`), but never within itself, nor past _MAX_NESTED constants deep or the room left: there
        as written; for DocStringExtensions' `$(SIGNATURES)`: the defining line, as code; its other templates
        nothing. Any other stays as written (`$HOME` in a shell example)."""
        if match.group("escaped"):
            return match.group("escaped")
        name = match.group("called") or match.group("bare")
        value = self._constants.get(name)
        if value is not None:
            if name in within or len(within) > _MAX_NESTED or len(value) > self._room:
                return match.group()
            self._room -= len(value)
            return self.filled(value, (*within, name))
        if match.group("called") not in _TEMPLATES:
            return match.group()
        return f"`{signature_of(self._docstring.definition)}`" if name in _SIGNATURE_TEMPLATES else ""


class _Source:
    """The docstrings of a Documenter project's package, read as its blocks ask for them."""

    def __init__(self, make: Path, script: str) -> None:
        self._make, self._package = make, make.parent.parent
        project = config_text(self._package / "Project.toml")
        own = _PROJECT_NAME.search(project)
        self._read_files: set[str] = set()
        self.constants: dict[str, str] = {}  # a string constant's name -> its text: `$NAME` in a docstring
        self.refused = False  # whether a file of the source lies beyond where included files may come from
        self.docstrings: list[tuple[str, Docstring]] = []  # (the file's path in the package, docstring)
        self._by_name: dict[str, list[Docstring]] = {}  # the last part of each object's name -> its docstrings
        self._load([own.group(1)] if own else [])
        for name, module in read_julia(script, "Main").includes:
            self._read(make.parent / name, module, 0)

    def docs_block(self, body: list[str], unfound: list[str]) -> list[tuple[str, Docstring | None]]:
        """The docstrings a ```@docs block names, each with the name as written."""
        names = [m.group(1) for line in body if (m := _OBJECT.match(line)) is not None]
        self._load([part for name in names for part in name.split(".")[:-1]])
        shown: list[tuple[str, Docstring | None]] = []
        for name in names:
            found = self._named(name)
            if not found:
                unfound.append(name)
            shown += [(name, docstring) for docstring in found] or [(name, None)]
        return shown if any(docstring for _, docstring in shown) else []  # none found: the block as written

    def autodocs_block(self, body: list[str]) -> list[tuple[str, Docstring | None]]:
        """The docstrings of the files an ```@autodocs block's Modules and Pages select, in the source's order."""
        settings = {
            key: [a or b for a, b in _LISTED.findall(value)] for key, value in _SETTING.findall("\n".join(body))
        }
        modules = [name.split(".")[-1] for name in settings.get("Modules", [])]
        self._load(modules)
        pages = [page.lstrip("./") for page in settings.get("Pages", [])]
        return [
            (docstring.name, docstring)
            for file, docstring in self.docstrings
            if (not modules or docstring.module in modules)
            and (not pages or any(file == page or file.endswith("/" + page) for page in pages))
        ]

    def _named(self, name: str) -> list[Docstring]:
        """Every docstring of the object `name` names (`f`, `M.f`, `f(::Int)`); of its module's, when it names
        one that has some."""
        parts = name.split(".")
        last = parts[-1]
        same = self._by_name.get(last, [])
        owned = [d for d in same if len(parts) > 1 and parts[-2] in (d.module, *d.name.split(".")[:-1])]
        return owned or same

    def _load(self, modules: list[str]) -> None:
        """Read the package's file of each module named (src/Name.jl), with what it includes, once."""
        for module in modules:
            if module.isidentifier():
                self._read(self._package / "src" / f"{module}.jl", module, 0)

    def _read(self, path: Path, module: str, depth: int) -> None:
        key = os.path.normpath(path)
        if key in self._read_files or depth > MAX_DEPTH:
            return
        if len(self._read_files) >= MAX_INCLUDES:  # each is looked for (probe()), found or not
            warn(f"Documenter: more than {MAX_INCLUDES:,} Julia files included: the rest not read")
            return
        self._read_files.add(key)
        if not probe(key):
            if lies_outside(key):
                refuse(key, os.path.relpath(key, self._make.parent))
                self.refused = True
            return
        text = included_text(path.parent, path.name, relative_to_folder=True)
        if text is None:
            return
        parsed = read_julia(text, module)
        relative = os.path.relpath(key, self._package).replace(os.sep, "/")
        self.docstrings += [(relative, docstring) for docstring in parsed.docstrings]
        for docstring in parsed.docstrings:
            self._by_name.setdefault(docstring.name.split(".")[-1], []).append(docstring)
        self.constants.update(parsed.constants)
        for name, within in parsed.includes:
            self._read(path.parent / name, within, depth + 1)
