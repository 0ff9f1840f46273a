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
  defining line, as code; its other templates (`$(FIELDS)`, `$(METHODLIST)`) leave nothing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.fences import closes, opens
from indexer.loaders.includes import (
    MAX_DEPTH,
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

__all__ = ["CALLS_MAKEDOCS", "expand_julia_docstrings"]

CALLS_MAKEDOCS = re.compile(r"(?<![\w.])makedocs[ \t]*\(")
_BLOCK = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*@(docs|autodocs)(?![\w-])")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+\S")
_SETTING = re.compile(r"^[ \t]*(Modules|Pages)[ \t]*=[ \t]*\[([^\]\n]*)\]", re.MULTILINE)
_LISTED = re.compile(r'"([^"\n]{1,300})"|([A-Za-z_][\w.]*)')
_PROJECT_NAME = re.compile(r'^name[ \t]*=[ \t]*"([A-Za-z_]\w*)"', re.MULTILINE)
_MAKE_INCLUDE = re.compile(r'^[ \t]*include\([ \t]*"([^"\n$]{1,300})"[ \t]*\)', re.MULTILINE)
_OBJECT = re.compile(r"^[ \t]*(@?[A-Za-z_][\w!]*(?:\.@?[A-Za-z_][\w!]*)*)")
_TEMPLATE = re.compile(r"\$\(([A-Za-z_]\w*)\)|\$([A-Za-z_]\w*)")  # `$(SIGNATURES)`, `$METADATA_FIXED`
_SIGNATURE_TEMPLATES = frozenset({"SIGNATURES", "TYPEDSIGNATURES", "TYPEDEF"})
_MAX_NESTED = 3  # constants within constants, filled in
_TEMPLATES = _SIGNATURE_TEMPLATES | {"FIELDS", "TYPEDFIELDS", "EXPORTS", "IMPORTS", "METHODLIST", "MODULES",
                                     "README", "LICENSE", "DOCSTRING", "FUNCTIONNAME"}  # fmt: skip


def expand_julia_docstrings(text: str, path: Path) -> str:
    """Markdown with Documenter's ```@docs and ```@autodocs blocks put in place (see the module's docstring)."""
    if ("@docs" not in text and "@autodocs" not in text) or reading_folder() is None:
        return text
    make = next((Path(f, "make.jl") for f in folders_up(path) if os.path.isfile(os.path.join(f, "make.jl"))), None)
    if make is None or CALLS_MAKEDOCS.search(script := config_text(make)) is None:
        return text
    remember_settings(make)
    source = _Source(make, script)
    unfound: list[str] = []
    out = _expanded(text.split("\n"), source, unfound)
    if unfound and not source.refused:  # else the refusal's warning says why
        more = f" and {len(unfound) - 1} more" if len(unfound) > 1 else ""
        warn(f"Documenter: no docstring of {unfound[0]}{more} in the package's Julia source: only the name is shown")
    return "\n".join(out)


def _expanded(lines: list[str], source: _Source, unfound: list[str]) -> list[str]:
    """The page's lines with its blocks (outside fenced code) put in place, each docstring's heading a level
    below the page's heading above it; the names no docstring was found for added to `unfound`."""
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
        shown = source.docs_block(body, unfound) if block.group(1) == "docs" else source.autodocs_block(body)
        placed = _placed(shown, min(level + 1, 6), source.constants)
        out += ["", *placed, ""] if shown else lines[start:at]  # else: the names, as written
    return out


def _placed(docstrings: list[tuple[str, Docstring | None]], level: int, constants: dict[str, str]) -> list[str]:
    """Each docstring under a heading of its name, at `level`; a name without one (None) as a line of code."""
    out: list[str] = []
    for name, docstring in docstrings:
        shown = _shown(docstring, constants) if docstring else [f"`{name}`"]
        out += [f"{'#' * level} {name}", "", *shown, ""] if docstring else [*shown, ""]
    return out


def _shown(docstring: Docstring, constants: dict[str, str]) -> list[str]:
    """A docstring's lines as its object's section shows them: string constants and DocStringExtensions'
    templates filled in or dropped (see the module's docstring), then headings bold (a constant's too:
    DataFrames' `$TABLEMETA_EXAMPLE` holds `# Examples`); fenced code as written."""
    text = docstring.markdown
    if "$" in text:
        text = _TEMPLATE.sub(lambda m: _template(m, docstring, constants), text)
    out: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        if fence is not None:
            fence = None if closes(line, fence) else fence
        elif (fence := opens(line)) is None and (heading := _HEADING.match(line)) is not None:
            line = f"**{line[heading.end(1) :].strip()}**"
        out.append(line)
    return out


def _template(match: re.Match[str], docstring: Docstring, constants: dict[str, str]) -> str:
    """What Julia puts in place of `$NAME` or `$(NAME)` that names a string constant of the package: its text;
    of DocStringExtensions' `$(SIGNATURES)`: the defining line, as code; of its other templates nothing. Any other
    stays as written (`$HOME` in a shell example)."""
    name = match.group(1) or match.group(2)
    if name in constants:  # whose text may name another (DataFrames' INSERTION_COMMON: `$METADATA_FIXED`)
        text = constants[name]
        for _ in range(_MAX_NESTED):
            text = _TEMPLATE.sub(lambda m: constants.get(m.group(1) or m.group(2), m.group()), text)
        return text
    if match.group(1) not in _TEMPLATES:
        return match.group()
    return f"`{signature_of(docstring.definition)}`" if name in _SIGNATURE_TEMPLATES else ""


class _Source:
    """The docstrings of a Documenter project's package, read as its blocks ask for them."""

    def __init__(self, make: Path, script: str) -> None:
        self._make, self._package = make, make.parent.parent
        project = config_text(self._package / "Project.toml")
        own = _PROJECT_NAME.search(project)
        self._read_files: set[str] = set()
        self.constants: dict[str, str] = {}  # a string constant's name -> its text: `$NAME` in a docstring
        self.refused = False  # whether a file of the source lies beyond where included files may come from
        self._docstrings: list[tuple[str, Docstring]] = []  # (the file's path in the package, docstring)
        self._by_name: dict[str, list[Docstring]] = {}  # the last part of each object's name -> its docstrings
        self._load([own.group(1)] if own else [])
        for name in _MAKE_INCLUDE.findall(script):
            self._read(make.parent / name, "Main", 0)

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
            for file, docstring in self._docstrings
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
        self._docstrings += [(relative, docstring) for docstring in parsed.docstrings]
        for docstring in parsed.docstrings:
            self._by_name.setdefault(docstring.name.split(".")[-1], []).append(docstring)
        self.constants.update(parsed.constants)
        for name, within in parsed.includes:
            self._read(path.parent / name, within, depth + 1)
