"""Hugo's build options: a page whose front matter says `build: {render: never, list: never}` (`_build: {render:
false, list: false}` before Hugo 0.99), or that lies under a section whose `_index.md` cascades that to its pages,
is published by Hugo nowhere, neither as a page of its own nor in its section's list; gohugo.io keeps its Markdown
snippets so, in `_common/`, which the search cited at URLs that do not exist (46 of them). A page rendered never
but listed (gohugo.io's glossary terms, shown on the glossary's page) keeps its text in the index.

A page's sections are the folders from its own up to the documents folder; each `_index.md` among them is read
for its `cascade` (a mapping, or a list of them: one with a `target` or `_target` names the pages it applies to,
which is not followed), within the page's includes (includes.py), so that a change to it reads the page again.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import SETTINGS, included_text, reading_folder

__all__ = ["unrendered"]

MAX_SECTIONS = 32  # folders looked up from a page


def unrendered(path: Path, front_matter: Mapping[str, Any]) -> str | None:
    """Why Hugo renders no page for the file `path` (read with `front_matter`), or None when it renders one."""
    if _never(front_matter):
        return "its front matter says build: render: never, list: never: Hugo publishes it nowhere"
    folder = reading_folder()
    if folder is None:
        return None
    current = os.path.dirname(os.path.realpath(path))
    for _ in range(MAX_SECTIONS):
        if not current.startswith(folder):
            break
        index = os.path.join(current, "_index.md")
        if index != os.path.realpath(path) and os.path.isfile(index):
            text = included_text(path, os.path.relpath(index, os.path.dirname(path)), use=SETTINGS)
            cascade = split_front_matter(text)[0].get("cascade") if text else None
            if any(_never(entry) for entry in _entries(cascade)):
                shown = os.path.relpath(index, folder).replace(os.sep, "/")
                return f"{shown} cascades build: render: never, list: never to its pages: Hugo publishes it nowhere"
        if current == folder:
            break
        current = os.path.dirname(current)
    return None


def _entries(cascade: Any) -> list[Mapping[str, Any]]:
    """A cascade's entries that apply to every page below (those with a target are not followed)."""
    entries = cascade if isinstance(cascade, list) else [cascade]
    return [e for e in entries if isinstance(e, Mapping) and "target" not in e and "_target" not in e]


def _never(settings: Mapping[str, Any]) -> bool:
    build = settings.get("build", settings.get("_build"))
    if not isinstance(build, Mapping):
        return False
    return all(_no(build.get(key)) for key in ("render", "list"))


def _no(value: Any) -> bool:
    return value is False or (isinstance(value, str) and value.strip().lower() in ("never", "false"))
