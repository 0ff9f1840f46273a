"""Python-Markdown's include extensions, put in place before a page is read, as they put files when its MkDocs
site is built; only in a project whose mkdocs.yml turns the extension on (mkdocsyml.py), elsewhere such text is
prose.

- mdx_include (and markdown_include.include, whose syntax is its simplest): `{! path !}` anywhere in a line, code
  blocks included (that is where source files go), is the file's text; `{! path [ln:3-8] !}` its lines 3 to 8
  (`3`, `3-`, `e` the last; several ranges, comma-separated, apart by two blank lines; a range backwards is read
  backwards; a column, `3.5`, is not cut); `{!> path !}` gives each included line what stands before the marker,
  so that a file lands in a list item or a tab; `\\{! path !}` is the marker shown as written; `| encoding` is
  read past. A file's own markers are put in place too (not with `{!- path !}`). Paths start at the extension's
  `base_path`, by default the folder of mkdocs.yml, where `mkdocs build` runs; a URL is not downloaded.
- markdown_include_variants (FastAPI's, SQLModel's and Typer's docs): `{* path ln[3:8,12] hl[4] title["x"] *}` on
  a line of its own is the example's code under the title of its Python version's tab (`Python 3.10+`, from the
  file name's `_py310`; `- non-Annotated` beside an `_an` variant), as a Python code block: the lines `ln` names,
  with the extension's `# Code above omitted` markers between them, or the whole file. What the page keeps
  folded under the example is not read: the whole file again, and the same example for other Python versions.
What cannot be read leaves the marker out, with a warning (includes.py reads the files, from the documents folder
or --includes-from only).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.includes import deeper, included_text, probe, put_lines_in_place, warn
from indexer.loaders.lineranges import REPEATS, line_number, too_many
from indexer.loaders.mkdocsyml import markdown_extensions

__all__ = ["expand_markdown_includes"]

_MDX_INCLUDES = ("mdx_include", "markdown_include.include")
_VARIANTS = "markdown_include_variants"
_MARKER = re.compile(
    r"(\\)?\{!([+-])?(>)?\s*([^\]|\[]+?)(?:\s*\[ln:([\d.,e-]+)\])?\s*(?:\|\s*(?:.+?)\s*)?!\}"
)  # as mdx_include reads it: escape, recursion, indent, path, lines, encoding
_EXAMPLE = re.compile(r"^\{\*\s*(\S+)\s*(.*)\*\}$")
_OPTION = re.compile(r"(\w+)\[([^\]]+)\]")
_SUFFIXES = ("_an", "_py39", "_py310", "_py311")
_VERSIONS = {"_py311": "3.11", "_py310": "3.10", "_py39": "3.9"}


def expand_markdown_includes(text: str, path: Path) -> str:
    """`text` with the include markers of its MkDocs project's extensions replaced by what they include."""
    if "{!" not in text and "{*" not in text:
        return text
    project = markdown_extensions(str(path.parent))
    if project is None:
        return text
    folder, extensions = project
    include = next((extensions[name] for name in _MDX_INCLUDES if name in extensions), None)
    lines = text.split("\n")
    if _VARIANTS in extensions and "{*" in text:
        lines = _examples(lines, folder)
    if include is not None:
        base = include.get("base_path")
        lines = _included(lines, folder / base if isinstance(base, str) else folder)
    return "\n".join(lines)


def _included(lines: list[str], base: Path) -> list[str]:
    out: list[str] = []
    for line in lines:
        if "{!" not in line:
            out.append(line)
            continue
        parts: list[str] = [""]
        end = 0
        for marker in _MARKER.finditer(line):
            before, end = line[end : marker.start()], marker.end()
            if marker.group(1):
                parts[-1] += before + marker.group(0)[1:]
                continue
            included = _file(base, marker.group(4), marker.group(5), marker.group(2) != "-")
            if not included:
                parts[-1] += before
            elif marker.group(3):  # each line after what stands before the marker
                parts[-1:] = [parts[-1] + before + included[0], *(before + kept for kept in included[1:])]
            else:
                parts[-1:] = [parts[-1] + before + included[0], *included[1:]]
        parts[-1] += line[end:]
        out += parts
    return out


def _file(base: Path, target: str, ranges: str | None, recursive: bool) -> list[str]:
    """The lines of the file `target` (its `[ln:...]` ranges), its own markers put in place when `recursive`."""
    if target.lower().startswith(("http://", "https://")):
        warn(f"include {target[:120]} is a URL: not downloaded (the indexer works offline)")
        return []
    text = included_text(base, os.path.expanduser(target), relative_to_folder=True, part=True)
    if text is None:
        return []
    lines = text.splitlines()
    lines = put_lines_in_place(_ranges(lines, ranges, target) if ranges else lines, target)
    if not recursive or not any("{!" in line for line in lines):
        return lines
    with deeper():
        return _included(lines, base)


def _ranges(lines: list[str], ranges: str, target: str) -> list[str]:
    """The lines mdx_include's `[ln:...]` names (1-based, inclusive), each range apart by two blank lines, at most
    REPEATS times the file's lines."""
    kept: list[str] = []
    for number, part in enumerate(ranges.split(",")):
        first, _, last = part.partition("-")
        start, stop = (
            _line_number(first, 1, len(lines)),
            _line_number(last if "-" in part else first, len(lines), len(lines)),
        )
        kept += ["", ""] if number else []
        kept += lines[start - 1 : stop] if start <= stop else lines[stop - 1 : start][::-1]
        if too_many(kept, len(lines), target, ranges):
            return kept[: REPEATS * len(lines)]
    return kept


def _line_number(written: str, default: int, count: int) -> int:
    number = written.split(".")[0]
    if number == "e":
        return count
    return min(max(line_number(number), 1), count) if number.isdecimal() else default


def _examples(lines: list[str], folder: Path) -> list[str]:
    out: list[str] = []
    for line in lines:
        example = _EXAMPLE.match(line) if line.startswith("{*") else None
        out += _example(folder, example.group(1), example.group(2)) if example is not None else [line]
    return out


def _example(folder: Path, target: str, options: str) -> list[str]:
    """What markdown_include_variants shows of an example unfolded: its tab's title and its code."""
    spans: list[tuple[int, int]] = []
    fence = "```python"
    for option in _OPTION.finditer(options):
        name, value = option.groups()
        if name == "ln":
            spans += sorted(span for span in map(_span, value.split(",")) if span is not None)
        elif name == "title" and len(value) > 1 and value[0] == value[-1] == '"':
            fence += f" title={value}"
    text = included_text(folder, target, relative_to_folder=True, part=True)
    if text is None:
        return []
    if spans == [(0, 0)]:  # the example shown folded only
        return []
    code = text.splitlines()
    if spans:
        shown: list[str] = ["# Code above omitted 👆", ""] if spans[0][0] > 1 else []
        for number, (start, stop) in enumerate(spans):
            shown += (["", "# Code here omitted 👈", ""] if number else []) + code[start - 1 : stop]
        code = shown + (["", "# Code below omitted 👇"] if spans[-1][1] < len(code) else [])
    code = put_lines_in_place(code, target)
    return [f"//// tab | {_tab(folder / target)}", fence, *code, "```", "", "////", ""]


def _span(written: str) -> tuple[int, int] | None:
    first, _, last = written.strip().partition(":")
    if not first.isdecimal() or not (last or first).isdecimal():
        warn(f"example lines {written.strip()[:40]} are no line numbers: the whole file shown")
        return None
    return line_number(first), line_number(last or first)


def _tab(path: Path) -> str:
    """The title of the tab an example file is shown under: its Python version's, from its name's suffixes (else
    its folder's), `- non-Annotated` when an `_an` variant of the same version is beside it."""
    base, found = _suffixes(path.stem)
    sibling = path.with_name(base + "_an" + "".join(s for s in found if s != "_an") + path.suffix)
    if not found:  # the variants may be folders: app_py310/main.py
        base, found = _suffixes(path.parent.name)
        if found:
            sibling = path.parent.with_name(base + "_an" + "".join(s for s in found if s != "_an")) / path.name
    version = next((_VERSIONS[s] for s in found if s in _VERSIONS), "3.8")
    plain = "_an" not in found and probe(str(sibling))
    return f"Python {version}+" + (" - non-Annotated" if plain else "")


def _suffixes(name: str) -> tuple[str, list[str]]:
    """A variant's name without its suffixes (`_an`, `_py310`...), and those suffixes in order."""
    found: list[str] = []
    while (suffix := next((s for s in _SUFFIXES if name.endswith(s)), None)) is not None:
        name, found = name[: -len(suffix)], [suffix, *found]
    return name, found
