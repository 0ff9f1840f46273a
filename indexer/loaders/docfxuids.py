"""The pages of a DocFX project by the uid their front matter gives (`uid: articles.intro`): a cross reference to
one (`<xref:articles.intro>`, `@articles.intro`) shows that page's title, as DocFX shows it: its front matter
`title`, else its first heading.

The uids are found as sphinxrefs.py finds labels (pagescan.py): a walk of the project's Markdown files inside
reading_root() (the front matter at the top of each, in its first UID_BYTES), remembered for a while (RESCAN); the
title is read from the page itself, as includes.py reads a TITLE, so that the referring page is read again when
that page changes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import TITLE, included_text, reading_root
from indexer.loaders.pagescan import Scan, defined, watch

__all__ = ["page_title"]

UID_BYTES = 4096  # of each page read for its uid: front matter is at the top
RESCAN = 10.0  # seconds (at least 20 times what the last walk took) before a project's pages are walked again
_SKIPPED = frozenset({"node_modules", "_site", "obj", "bin", "_themes", "_themes.pdf", "__pycache__"})
_PAGES = (".md", ".markdown")
_UID = re.compile(r"""^uid:[ \t]*(['"]?)([^'"\r\n]{1,500}?)\1[ \t]*\r?$""", re.MULTILINE)
_HEADING = re.compile(r"^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)


def _uids_in(data: bytes) -> list[str]:
    """The uid a page's front matter gives (at most one)."""
    text = data.decode("utf-8", "replace").lstrip("\ufeff")
    end = text.find("\n---", 3) if text.startswith("---") else -1
    uid = _UID.search(text, 0, end) if end > 0 and "uid:" in text[:end] else None
    return [uid.group(2).strip()] if uid is not None else []


_SCAN = Scan(_PAGES, _SKIPPED, UID_BYTES, _uids_in, RESCAN)


def page_title(uid: str, page: Path, project: str, awaited: bool = False) -> str | None:
    """The title of the page of `project` whose front matter gives `uid`, read for `page`; None for no such page
    (an API's uid: the caller shows its name). When no page gives an `awaited` uid, the project's folders are
    remembered with `page` (pagescan.watch()): a page that comes to give it reads `page` again."""
    folder = _uid_folder(project)
    where = defined(_SCAN, folder).get(uid) if folder else None
    if where is None and folder and awaited:
        where = watch(_SCAN, folder).get(uid)
    if where is None or os.path.realpath(where) == os.path.realpath(page):
        return None
    text = included_text(page, os.path.relpath(where, os.path.dirname(os.path.realpath(page))), use=TITLE, once=True)
    if text is None:
        return None
    front_matter, body, _ = split_front_matter(text)
    title = front_matter.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    heading = _HEADING.search(body)
    return heading.group(1).replace("`", "").strip() if heading else None


def _uid_folder(project: str) -> str:
    """The folder whose Markdown pages' uids are looked for: that of docfx.json, those inside the folder included
    files may come from (reading_root()), as no other page's title is shown and no folder above it is walked; ""
    for none."""
    root = reading_root()
    if root is None:
        return ""
    if not (project + os.sep).startswith(root.rstrip(os.sep) + os.sep):
        if not root.startswith(project.rstrip(os.sep) + os.sep):
            return ""
        project = root  # (docfx.json above it: the part of the project inside it)
    return project
