"""Electron's fiddle blocks: a fenced block whose info string is `fiddle <folder>` (```` ```fiddle
docs/fiddles/ipc/pattern-1|focus=preload.js ````), empty itself, stands for the example app in that folder, which
electronjs.org shows as a tab for each of its files, the one `focus` names (main.js by default) open (the
website's fiddle-embedder). Its tutorials show their code so: read as written, the page lost every example.

Each file of the folder is put in the block's place as a code block titled with the file's name, the focused one
first, then the others by name. The folder is named from the repository's root (`docs/fiddles/...`): it is looked
for from the page's folder up, as far as the folder that holds it. Files are read as includes are (includes.py:
within the documents folder, remembered so that a change reads the page again); a folder not found leaves the
block empty, with a warning.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.fences import closes
from indexer.loaders.includes import folders_up, included_text, warn

__all__ = ["expand_fiddles"]

_FIDDLE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*fiddle[ \t]+(\S+)[ \t]*$")
_OPENING = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_LANGUAGES = {".js": "js", ".mjs": "js", ".cjs": "js", ".ts": "ts", ".html": "html", ".css": "css", ".json": "json"}
MAX_FILES = 50  # of one fiddle: the website's have at most six
_DEFAULT_FOCUS = "main.js"


def expand_fiddles(text: str, path: Path) -> str:
    """`text` with each fiddle block replaced by its folder's files as code blocks (see the module docstring)."""
    if "fiddle" not in text:
        return text
    out: list[str] = []
    lines = text.split("\n")
    fence: str | None = None  # the fence of an open code block (a fiddle block shown inside one stays as written)
    skipping: str | None = None  # the fence of the fiddle block being replaced
    for line in lines:
        if skipping is not None:
            if closes(line, skipping):
                skipping = None
            continue
        if fence is not None:
            fence = None if closes(line, fence) else fence
            out.append(line)
            continue
        fiddle = _FIDDLE.match(line)
        if fiddle is not None:
            indent, skipping, spec = fiddle.groups()
            out.append(_files(spec, path, indent))
            continue
        opened = _OPENING.match(line)
        fence = opened.group(1) if opened else None
        out.append(line)
    return "\n".join(out)


def _files(spec: str, path: Path, indent: str) -> str:
    """The code blocks of the fiddle that `spec` names (`folder|focus=file|...`)."""
    folder, *options = spec.split("|")
    focus = next((option[6:] for option in options if option.startswith("focus=")), _DEFAULT_FOCUS)
    here = os.path.dirname(os.path.realpath(path))
    found = next((base for base in folders_up(path) if os.path.isdir(os.path.join(base, folder))), None)
    if found is None:
        warn(f"fiddle {folder[:120]}: no such folder from the page's folder or any above it: its code not shown")
        return ""
    names = sorted(entry.name for entry in os.scandir(os.path.join(found, folder)) if entry.is_file())[:MAX_FILES]
    names.sort(key=lambda name: name != focus)
    blocks: list[str] = []
    for name in names:
        code = included_text(path, os.path.relpath(os.path.join(found, folder, name), here))
        if code is None:
            continue
        ticks = "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", code)), default=0))
        language = _LANGUAGES.get(os.path.splitext(name)[1].lower(), "")
        body = "\n".join(indent + line for line in code.rstrip("\n").split("\n"))
        blocks.append(f'{indent}{ticks}{language} title="{name}"\n{body}\n{indent}{ticks}')
    return "\n\n".join(blocks)
