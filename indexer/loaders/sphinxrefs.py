"""The title a Sphinx `:doc:` reference shows when it gives none of its own: `:doc:`/deploying/index`` (MyST's
{doc}`/deploying/index`) shows "Deploying to Production", the title of the page it names, as Sphinx builds it.

Flask's docs write 111 such references; the text said "/deploying/index". The page named is found as Sphinx
finds it: a path starting with "/" from the Sphinx project's source folder (the nearest folder holding conf.py
at or above the page, in the documents folder; else the documents folder), any other from the page's folder,
with the extensions Sphinx reads (`.rst`, `.md`, `.txt`). Its title is its first section title (a
reStructuredText title over or under a line of one punctuation character), else its front matter `title` or
first `#` heading (Markdown, MyST). It is read through includes.py, within the page's includes: from the
documents folder only, remembered, so a change of that title reads the page again; and it is shown only to those
who may see that page (jobs.py reads the page again without titles when the access file shows a page it names to
fewer callers). A page that is not there, or has no title, leaves the reference as written.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from indexer.loaders.includes import TITLE, included_text, reading_folder

__all__ = ["doc_title", "page"]

_PAGE: ContextVar[Path | None] = ContextVar("sphinx_page", default=None)
_SUFFIXES = ("", ".rst", ".md", ".txt")
_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}[ \t]*$")  # a line of one punctuation character, 3 or more
_ATX = re.compile(r"^#[ \t]+(.+?)[ \t#]*$")
_FRONT_TITLE = re.compile(r"^title:[ \t]*(['\"]?)(.+?)\1[ \t]*$", re.MULTILINE)
_ROLE = re.compile(r":(?:[\w.+-]+:)+`([^`]*)`|\{[\w:.-]+\}`([^`]*)`")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_HEAD = 64_000  # characters of a page looked at for its title


@contextlib.contextmanager
def page(path: Path) -> Iterator[None]:
    """Around the reading of the page `path`: its :doc: references may show the titles of the pages they name."""
    token = _PAGE.set(path)
    try:
        yield
    finally:
        _PAGE.reset(token)


def doc_title(target: str) -> str | None:
    """The title of the page a :doc: reference names, as Sphinx shows it; None when it cannot be known here."""
    path, folder = _PAGE.get(), reading_folder()
    name = target.strip()
    if path is None or folder is None or not name or "\x00" in name or "<" in name:
        return None
    base = _source_folder(path.parent, folder) if name.startswith("/") else str(path.parent)
    for suffix in _SUFFIXES:
        candidate = os.path.normpath(os.path.join(base, name.lstrip("/") + suffix))
        if os.path.isfile(candidate):
            text = included_text(path, os.path.relpath(candidate, path.parent), use=TITLE)
            return _title(text[:_HEAD], candidate) if text else None
    return None


def _source_folder(start: Path, folder: str) -> str:
    """The Sphinx project's source folder: the nearest folder holding conf.py from `start` up to the documents
    folder, else the documents folder."""
    current = os.path.realpath(start)
    while current.startswith(folder):
        if os.path.isfile(os.path.join(current, "conf.py")):
            return current
        if current == folder:
            break
        current = os.path.dirname(current)
    return folder


def _title(text: str, path: str) -> str | None:
    lines = text.replace("\r\n", "\n").split("\n")
    found = _markdown_title(text, lines) if path.endswith((".md", ".markdown")) else _rst_title(lines)
    if not found:
        return None
    shown = _ROLE.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), found)
    return " ".join(shown.replace("`", "").replace("**", "").split()) or None


def _rst_title(lines: list[str]) -> str | None:
    """The first section title: a line of text with a line of one punctuation character under it, at least as
    long (and maybe the same over it)."""
    for i in range(len(lines) - 1):
        text, under = lines[i].rstrip(), lines[i + 1].rstrip()
        if not text.strip() or _ADORNMENT.match(text) or text[0] in " \t" or not _ADORNMENT.match(under):
            continue
        if len(under) >= len(text) and not text.startswith(".. "):
            return text.strip()
    return None


def _markdown_title(text: str, lines: list[str]) -> str | None:
    """Front matter `title`, else the first `#` heading outside code fences."""
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0 and (front := _FRONT_TITLE.search(text[4:end])) is not None:
            return front.group(2)
    fence = ""
    for line in lines:
        marker = _FENCE.match(line)
        if marker is not None:
            if not fence:
                fence = marker.group(1)
            elif marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = ""
            continue
        if not fence and (heading := _ATX.match(line)) is not None:
            return heading.group(1)
    return None
