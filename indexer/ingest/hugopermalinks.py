"""Hugo's `permalinks`: the config's patterns that serve a top-level section's pages at paths of their own.

Docker's docs keep most of their pages in `content/manuals/` and serve them without that folder
(`permalinks: {page: {manuals: /:sections[1:]/:slugorfilename/}, section: {...}}`): its Ubuntu install page,
`content/manuals/engine/install/ubuntu.md`, is https://docs.docker.com/engine/install/ubuntu/, which the search
cited at `/manuals/engine/install/ubuntu/`, a page that does not exist, for 600 of its 950 pages.

The patterns are read as Hugo reads them: under `page:` for regular pages and `section:` for a section's
`_index.md`, or, in the older flat form (`permalinks: {posts: /:year/:title/}`), for regular pages only, each
keyed by the top-level section (the first folder of the content folder) it applies to. Their tokens:
`:section`, `:sections` (with Hugo's slices, `:sections[1:]`, `:sections[last]`, `:sections[0:2]`), `:filename`,
`:contentbasename`, `:slug`, `:slugorfilename`, `:slugorcontentbasename`, `:title`, and the date's `:year`,
`:month`, `:day` (a name, slug or title as Hugo's urlize makes it part of a path: `Getting Started.md` is
`getting-started`). A page's sections are the path of its current section: the deepest folder above it that
is a section, the top-level one or one with an `_index.md` (a folder without one is no section: its pages
belong to the one above, as a leaf bundle's `index.md` does; a vendored module's `_index.md` a mount brings in
makes one too). A
pattern with another token, or a date the page lacks, leaves the page at its path by the shared rules
(urls.py). Paths are lower-cased unless the config says `disablePathToLower`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from indexer.ingest.hugomounts import CONTENT_SUFFIXES, Mount

__all__ = ["Permalinks", "hugo_permalinks"]

MAX_PATTERNS = 64  # patterns read from one config
MAX_PATTERN = 500  # characters of one pattern (Hugo's are a few tokens): a longer one is left out
MAX_PATH = 2_000  # characters of a path a pattern makes: a longer one leaves the page at its own
MAX_TITLE = 500  # characters of a title that :title and :slug make part of a path
# a token: its name, and a slice of :sections in Hugo's Go-like form ([1:], [:2], [last], [0])
_TOKEN = re.compile(r":([a-z]++)(?:\[([0-9]{0,3}+:?+[0-9]{0,3}+|last)\])?+")
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_URLIZE = re.compile(r"[^\w\-./~]+")
_NAMES = ("filename", "contentbasename")


@dataclass(frozen=True)
class Permalinks:
    """A Hugo config's permalink patterns: `pages` and `sections`, (top-level section, pattern) pairs; `content`,
    the content folder on disk (where a folder's `_index.md` makes it a section); `lower`, whether paths are
    lower-cased (Hugo's default)."""

    pages: tuple[tuple[str, str], ...]
    sections: tuple[tuple[str, str], ...]
    content: str
    lower: bool = True
    mounts: tuple[Mount, ...] = ()  # vendored modules' files in the content (hugomounts.py), their sections too
    site: str = ""  # the site's folder, which holds those files

    def path(self, doc_id: str, front_matter: Mapping[str, Any]) -> str | None:
        """The page `doc_id` (its path in the content folder) at the path its section's pattern gives, with no
        leading slash and a trailing one; None when no pattern applies or one cannot be filled in."""
        page = PurePosixPath(doc_id)
        if page.suffix.lower() not in CONTENT_SUFFIXES or len(page.parts) < 2:
            return None
        is_section = page.stem == "_index"
        pattern = dict(self.sections if is_section else self.pages).get(page.parts[0])
        if pattern is None:
            return None
        values = self._values(page, is_section, front_matter)
        filled = _TOKEN.sub(lambda m: _token(m, values), pattern)
        if "\0" in filled or len(filled) > MAX_PATH:
            return None
        path = re.sub(r"/{2,}", "/", "/" + filled + "/").lstrip("/")
        return path.lower() if self.lower else path

    def _values(self, page: PurePosixPath, is_section: bool, front_matter: Mapping[str, Any]) -> dict[str, Any]:
        """What each token stands for on the page (None for one that cannot be filled in), worked out once."""
        folders = list(page.parent.parts)
        bundle = page.stem == "index"  # a leaf bundle: named by its folder, which is no section
        deepest = range(len(folders), 1, -1)
        depth = len(folders) if is_section else next((i for i in deepest if self._is_section(folders[:i])), 1)
        sections = folders[:depth]  # the path of its current section, the deepest of its folders that is one
        name = "" if is_section else _urlize(folders[-1] if bundle else page.stem)  # `20.10.md` is 20.10
        slug = front_matter.get("slug")
        slug = _urlize(slug[:MAX_TITLE]) if isinstance(slug, str) and "/" not in slug else ""
        title = front_matter.get("title")
        title = (_urlize(title[:MAX_TITLE]) if isinstance(title, str) else "") or None  # none: not at the root
        date = _DATE.match(str(front_matter.get("date") or ""))
        year, month, day = date.groups() if date else (None, None, None)
        return {
            "sections": sections,
            "section": sections[0],
            "filename": name,
            "contentbasename": name,
            "slug": slug or title,
            "slugorfilename": slug or name,
            "slugorcontentbasename": slug or name,
            "title": title,
            "year": year,
            "month": month,
            "day": day,
        }

    def _is_section(self, folders: list[str]) -> bool:
        if os.path.isfile(os.path.join(self.content, *folders, "_index.md")):
            return True
        index = "/".join([*folders, "_index.md"])
        mounted = (source for mount in self.mounts if (source := mount.source_of(index)) is not None)
        return any(os.path.isfile(os.path.join(self.site, source)) for source in mounted)


def _token(match: re.Match[str], values: Mapping[str, Any]) -> str:
    """What a token of a pattern stands for on a page; "\\0" when it cannot be filled in."""
    name, part = match.group(1), match.group(2)
    if name == "sections":
        sections: list[str] = values["sections"]
        return "/".join(_sliced(sections, part)) if part is not None else "/".join(sections)
    filled = values.get(name) if part is None else None
    return filled if isinstance(filled, str) else "\0"


def _sliced(sections: list[str], part: str) -> list[str]:
    """Hugo's slice of a page's sections: `last`, `[n]`, `[n:]`, `[:m]`, `[n:m]`."""
    if part == "last":
        return sections[-1:]
    if ":" not in part:
        return sections[int(part) : int(part) + 1] if part else []
    start, _, end = part.partition(":")
    return sections[int(start or 0) : int(end) if end else None]


def _urlize(text: str) -> str:
    """A title as Hugo's urlize makes it part of a path: spaces a `-`, other punctuation dropped."""
    return _URLIZE.sub("", text.strip().replace(" ", "-"))


def hugo_permalinks(
    settings: Mapping[str, Any], content: str, lower: bool, mounts: tuple[Mount, ...] = (), site: str = ""
) -> Permalinks | None:
    """The Permalinks of a Hugo config read as `settings` (lower-cased keys), its pages in the folder `content`
    and those `mounts` bring from the folder `site`; None when it sets none."""
    table = settings.get("permalinks")
    if not isinstance(table, Mapping):
        return None
    nested = {str(k).lower(): v for k, v in table.items() if str(k).lower() in ("page", "section")}
    flat = {k: v for k, v in table.items() if isinstance(v, str)}
    pages = _patterns(nested.get("page")) or _patterns(flat)
    sections = _patterns(nested.get("section"))
    return Permalinks(pages, sections, content, lower, mounts, site) if pages or sections else None


def _patterns(table: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(table, Mapping):
        return ()
    found = [
        (str(k).strip("/"), v) for k, v in table.items() if isinstance(v, str) and v.strip() and len(v) <= MAX_PATTERN
    ]
    return tuple(found[:MAX_PATTERNS])
