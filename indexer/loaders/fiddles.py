"""Electron's fiddle blocks: a fenced block whose info string is `fiddle <folder>` (```` ```fiddle
docs/fiddles/ipc/pattern-1|focus=preload.js ````), empty itself, stands for the example app in that folder, which
electronjs.org shows as a tab for each of its files, the one `focus` names (main.js by default) open (the
website's fiddle-embedder). Its tutorials show their code so: read as written, the page lost every example.

Each file of the folder is put in the block's place as a code block titled with the file's name, the focused one
first, then the others by name. The folder is named from the repository's root (`docs/fiddles/...`): it is looked
for from the page's folder up, as far as the folder that holds it, within the folder included files may come
from. Files are read as includes are (includes.py: within the documents folder or --includes-from's, remembered
so that a change reads the page again), and so is the folder listed (and each looked for below it: adding a file,
or the folder, reads the page again); a folder not found leaves the block empty, with a warning, and one found
only outside says so once (as includes.py says of a file), its files not looked at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.fences import closes, fence_for, opens
from indexer.loaders.includes import folders_up, included_text, lies_outside, probe_folder, refuse, warn

__all__ = ["expand_fiddles"]

_FIDDLE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*fiddle[ \t]+(\S+)[ \t]*$")
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
        fence = opens(line)
        out.append(line)
    return "\n".join(out)


def _files(spec: str, path: Path, indent: str) -> str:
    """The code blocks of the fiddle that `spec` names (`folder|focus=file|...`)."""
    folder, *options = spec.split("|")
    focus = next((option[6:] for option in options if option.startswith("focus=")), _DEFAULT_FOCUS)
    here = os.path.dirname(os.path.realpath(path))
    found = _folder(folder, path)
    if found is None:
        return ""
    try:
        names = sorted(entry.name for entry in os.scandir(found) if entry.is_file())[:MAX_FILES]
    except OSError as exc:
        warn(f"fiddle {folder[:120]}: its folder cannot be listed: {exc.strerror or exc}: its code not shown")
        return ""
    names.sort(key=lambda name: name != focus)
    blocks: list[str] = []
    for name in names:
        code = included_text(path, os.path.relpath(os.path.join(found, name), here))
        if code is None:
            continue
        ticks = fence_for(code)
        language = _LANGUAGES.get(os.path.splitext(name)[1].lower(), "")
        body = "\n".join(indent + line for line in code.rstrip("\n").split("\n"))
        blocks.append(f'{indent}{ticks}{language} title="{name}"\n{body}\n{indent}{ticks}')
    return "\n\n".join(blocks)


def _folder(folder: str, path: Path) -> str | None:
    """The fiddle's folder: the first that `folder` names from the page's folder up (the nearest wins), within
    the folder included files may come from, each looked at remembered; None, with a warning, when there is
    none (one found only outside is refused, as includes.py refuses a file)."""
    outside = ""  # the nearest candidate there but outside
    for base in folders_up(path) if "\x00" not in folder else ():
        candidate = os.path.normpath(os.path.join(base, folder))
        if probe_folder(candidate):
            return candidate
        outside = outside or (candidate if lies_outside(candidate) else "")
    if outside:
        refuse(outside, folder)
    else:
        warn(f"fiddle {folder[:120]}: no such folder from the page's folder or any above it: its code not shown")
    return None
