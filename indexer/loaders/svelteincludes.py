"""svelte.dev's includes: a line `@include .generated/compile-errors.md` in Svelte's documentation is that file's
Markdown, put there when svelte.dev syncs the docs (its preprocess step), the path relative to the page.

Svelte's reference of compiler errors and warnings, runtime errors and warnings, and its browser support tables
are nothing but such lines: without them those pages were empty of what they are for. Only a line that is the
directive alone, naming a Markdown file (`.md`), outside fenced code, is one: Sass's `@include mixin;` in prose
or in a code block stays as written. The included file's own includes are put in place too; files are read as
includes are (includes.py: within the documents folder, remembered so that a change reads the page again, a
warning for one that cannot be read).
"""

from __future__ import annotations

import re
from pathlib import Path

from indexer.loaders.fences import in_code
from indexer.loaders.includes import deeper, included_text

__all__ = ["expand_svelte_includes"]

_INCLUDE = re.compile(r"[ \t]*@include[ \t]+(\S+\.md)[ \t]*")


def expand_svelte_includes(text: str, path: Path) -> str:
    """`text`, the page at `path`, with its `@include x.md` lines put in place (see the module docstring)."""
    if "@include" not in text:
        return text
    out: list[str] = []
    for line, code in in_code(text.split("\n")):
        include = None if code or "@include" not in line else _INCLUDE.fullmatch(line)
        out.append(line if include is None else _included(include.group(1), path))
    return "\n".join(out)


def _included(target: str, path: Path) -> str:
    text = included_text(path, target)
    if text is None:
        return ""
    with deeper():
        return "\n" + expand_svelte_includes(text, path.parent / target) + "\n"
