"""MkDocs snippets (pymdownx.snippets, which Material for MkDocs sites and many others use), put in place before a
page is read, as the extension puts them when the site is built.

- `--8<-- "file.md"` on a line of its own (any number of dashes each side of `8<`, single or double quotes) is
  replaced by the file's lines, each indented as the marker is, so a snippet lands inside an admonition or a
  list item; anywhere in the page, code blocks included, which is where included source files go.
- A block of paths between two bare marker lines (`--8<--`) includes each file in turn; an empty line in it is a
  blank line, a path starting with `;` is commented out.
- Parts of a file: `file.py:3:8` (lines 3 to 8), `file.py:3:` (from line 3), `file.py::8` (to line 8), or
  `file.md:name`, the lines between `--8<-- [start:name]` and `--8<-- [end:name]` (written inside comments of the
  file's language). Section markers never show: they are build markup.
- `;--8<-- "file.md"` is the marker shown as written, less one `;`.
- Paths are relative to the extension's base paths: those given in the site's mkdocs.yml (`base_path`, one path or
  a list), by default the folder holding mkdocs.yml, where `mkdocs build` runs; without a mkdocs.yml, the
  documents folder. The first base holding the file is read (includes.py reads it: from the documents folder
  only, within the size limit, remembered for the next run). A snippet from a URL is not downloaded: the indexer
  works offline.
- An included file's own snippets are put in place too, up to includes.MAX_DEPTH deep.
- The files of the extension's `auto_append` (in mkdocs.yml) are put after every page, as the extension appends
  them: Hatch's link definitions and abbreviations, which its pages' `[text][label]` links use.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.includes import (
    deeper,
    included_text,
    put_lines_in_place,
    reading_folder,
    reading_state,
    warn,
    within,
)
from indexer.loaders.lineranges import line_number
from indexer.loaders.mkdocsyml import markdown_extensions

__all__ = ["expand_snippets"]

_MARKER = re.compile(
    r"""^(?P<space>[ \t]*)(?P<escape>;*)
    (?:(?P<inline>-+8<-+[ \t]+)(?P<target>"(?:\\"|[^"\n\r])+?"|'(?:\\'|[^'\n\r])+?')|(?P<block>-+8<-+))
    [ \t]*\r?$""",
    re.VERBOSE,
)
_SECTION = re.compile(r"(?i);*-+8<-+[ \t]+\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\]")
_PART = re.compile(r"(?i)(.*?)(?::([0-9]*)(?::([0-9]*))?|:([a-z][-_0-9a-z]*))?$")


def expand_snippets(text: str, path: Path) -> str:
    """`text` with its snippet markers replaced by what they include (nothing when that cannot be read), and
    the files the extension's `auto_append` names after it."""
    folder = reading_folder()
    if folder is None:  # no run to say where the documents folder is: nothing is read, the markers go
        return "\n".join(_expanded(text.split("\n"), ())) if "8<-" in text else text
    bases, appended = _settings(str(path.parent), folder)
    if "8<-" not in text and not appended:
        return text
    lines = _expanded(text.split("\n"), bases) if "8<-" in text else text.split("\n")
    for name in appended:  # Hatch appends its links and abbreviations to every page so
        lines += ["", *_appended(name, bases)]
    return "\n".join(lines)


def _appended(name: str, bases: tuple[str, ...]) -> list[str]:
    """The lines of a file auto_append names. What it warns of (outside the documents folder, missing) is said of
    the site, as of every page, and is no cause of a page's having no text (Reading.site_wide): Material's blog
    index, a title alone, read "no text (includes/mkdocs.md is outside the documents folder ...)"."""
    state = reading_state()
    if state is None:
        return _snippet(name, bases)
    warned, outside = set(state.warnings), state.outside
    lines = _snippet(name, bases)
    mixed = state.refused if outside else ""  # one message for its files outside and the page's own
    state.site_wide.update(w for w in state.warnings if w not in warned and w != mixed)
    return lines


def _expanded(lines: list[str], bases: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    block = False
    for line in lines:
        marker = _MARKER.match(line) if "8<-" in line else None
        if marker is not None and marker.group("escape"):
            out.append(line.replace(";", "", 1))
            continue
        if marker is not None and marker.group("block"):
            block = not block
            continue
        if marker is not None:
            if not block:  # an inline marker right under a block's is not one (as the extension reads it)
                space = marker.group("space").expandtabs(4)
                out += [space + kept for kept in _snippet(marker.group("target")[1:-1].strip(), bases)]
            continue
        if not block:
            out.append(line)
            continue
        target = line.strip()
        if not target:
            out.append("")
        elif not target.startswith(";"):
            space = line[: len(line) - len(line.lstrip())].expandtabs(4)
            out += [space + kept for kept in _snippet(target, bases)]
    return out


def _snippet(target: str, bases: tuple[str, ...]) -> list[str]:
    """The lines a snippet's path (with its part) stands for, its own snippets put in place."""
    match = _PART.match(target)
    assert match is not None  # every part of it is optional
    name, first, last, section = (match.group(1).strip(), match.group(2), match.group(3), match.group(4))
    if not name or not bases:
        return []
    if name.lower().startswith(("http://", "https://")):
        warn(f"snippet {name[:120]} is a URL: not downloaded (the indexer works offline)")
        return []
    base = next((b for b in bases if os.path.isfile(os.path.join(b, name))), None)
    if base is None:  # in none of them: said missing from the first base in the documents folder, if any is
        folder = reading_folder() or ""
        base = next((b for b in bases if within(folder, os.path.normpath(os.path.join(b, name)))), bases[0])
    text = included_text(Path(base), name, relative_to_folder=True, part=True)
    if text is None:
        return []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the file's final newline ends its last line
    lines = [line.rstrip("\r") for line in lines]
    if section:
        lines = _section(lines, section)
    elif first or last:
        lines = lines[max(line_number(first) - 1, 0) if first else 0 : line_number(last) if last else None]
    lines = put_lines_in_place([line for line in lines if not _SECTION.search(line)], name)
    with deeper():
        return _expanded(lines, bases)


def _section(lines: list[str], name: str) -> list[str]:
    """The lines between `[start:name]` and `[end:name]` (the first such part; none when it is not there)."""
    kept: list[str] = []
    inside = False
    for line in lines:
        marker = _SECTION.search(line)
        if marker is not None and marker.group(2).lower() == name.lower():
            if marker.group(1).lower() == "start":
                inside = True
                continue
            if inside:
                break
            continue
        if inside:
            kept.append(line)
    if not kept and not inside:
        warn(f"snippet section {name[:60]} is not in its file")
    return kept


def _settings(page_folder: str, docs_folder: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The folders a page's snippet paths are relative to, and the snippets appended to every page:
    pymdownx.snippets' base_path (one path or a list; by default ".", its folder) and auto_append in the page's
    mkdocs.yml, else, in no MkDocs project, the documents folder and none."""
    project = markdown_extensions(page_folder)
    if project is None:
        return (docs_folder,), ()
    folder, extensions = project
    options = extensions.get("pymdownx.snippets", {})
    base = options.get("base_path")
    if isinstance(base, str):
        bases: tuple[str, ...] = (base,)
    elif isinstance(base, list) and base and all(isinstance(b, str) for b in base):
        bases = tuple(base)
    else:
        bases = (".",)
    appended = options.get("auto_append")
    names = tuple(a for a in appended if isinstance(a, str)) if isinstance(appended, list) else ()
    return tuple(str((folder / b).resolve()) for b in bases), names
