"""Hugo's build options: a page whose front matter says `build: {render: never, list: never}` (`_build: {render:
false, list: false}` before Hugo 0.99), or that lies under a section whose `_index.md` cascades that to its pages,
is published by Hugo nowhere, neither as a page of its own nor in its section's list; gohugo.io keeps its Markdown
snippets so, in `_common/`, which the search cited at URLs that do not exist (46 of them). A page rendered never
but listed (gohugo.io's glossary terms, shown on the glossary's page) keeps its text in the index.

A page's sections are the folders from its own up to the documents folder; each `_index.md` among them is read
for its `cascade` (a mapping, or a list of them: one with a `target` or `_target` names the pages it applies to,
which is not followed), within the page's includes (includes.py), so that a change to it reads the page again
(and one that comes: it makes a section, which the site's permalinks may serve the page under).
The site's own config may cascade it too, to the pages whose path matches a target's glob (OpenTelemetry's
`cascade: [{build: {render: never, list: never}, target: {path: '{,/**}/_includes{,/**}'}}]` keeps the fragments
its pages include out of the site): those files are skipped before they are read (SiteCascade).

A file in a leaf bundle (a folder, below the documents folder, with an `index.md` and no `_index.md`), beside its
index page or in a folder below it, is a resource of that page, never a page of its own (Docsy keeps the Markdown
its `readfile` shortcode includes so): skipped, and read again when the bundle's index page goes.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.ingest.hugomounts import Mount, mounted_path, served_path
from indexer.ingest.hugopermalinks import Permalinks
from indexer.ingest.pathglob import path_glob
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import SETTINGS, included_text, probe, reading_folder

__all__ = ["SiteCascade", "sections_above", "site_cascade", "unrendered"]

MAX_SECTIONS = 32  # folders looked up from a page (Hugo's and Zola's sections)
_BUNDLE_INDEXES = ("index.md", "index.markdown", "index.html", "index.htm")  # what makes a folder a leaf bundle


def unrendered(path: Path, front_matter: Mapping[str, Any]) -> str | None:
    """Why Hugo renders no page for the file `path` (read with `front_matter`), or None when it renders one."""
    if _never(front_matter):
        return "its front matter says build: render: never, list: never: Hugo publishes it nowhere"
    folder = reading_folder()
    for current, index, front in sections_above(path):
        if folder and (bundle := _leaf_bundle(path, current, folder)):
            return f"a resource of the page bundle {bundle}, not a page: Hugo renders no page of it"
        if any(_never(entry) for entry in _entries(front.get("cascade"))):
            return f"{index} cascades build: render: never, list: never to its pages: Hugo publishes it nowhere"
    return None


def sections_above(path: Path) -> Iterator[tuple[str, str, Mapping[str, Any]]]:
    """The folders of the documents folder that hold the file `path`, its own first, up to the documents folder
    (at most MAX_SECTIONS): each with the path in DOCS of its `_index.md`, a Hugo or Zola section's page ("" when
    it has none, or when it is `path`), and that page's front matter ({} when none), read as an include of the
    file's, so that a change to it reads the file again. None outside a run that reads includes."""
    folder = reading_folder()
    if folder is None:
        return
    real = os.path.realpath(path)
    current = os.path.dirname(real)
    for _ in range(MAX_SECTIONS):
        if not current.startswith(folder):
            return
        index, shown, front = os.path.join(current, "_index.md"), "", {}
        if index != real and os.path.isfile(index):
            text = included_text(path, os.path.relpath(index, os.path.dirname(path)), use=SETTINGS)
            shown = os.path.relpath(index, folder).replace(os.sep, "/")
            front = split_front_matter(text)[0] if text else {}
        elif index != real:
            probe(index)  # remembered as missing: one that comes makes a section, which may cascade or move the page
        yield current, shown, front
        if current == folder:
            return
        current = os.path.dirname(current)


def _leaf_bundle(path: Path, current: str, folder: str) -> str | None:
    """The index page of the leaf bundle in `current` (a folder of DOCS, not DOCS itself) that holds the file
    `path` as one of its resources (a file beside it or in a folder below it), as a path in DOCS; else None."""
    if current == folder or os.path.isfile(os.path.join(current, "_index.md")):
        return None
    for name in _BUNDLE_INDEXES:
        index = os.path.join(current, name)
        if index != os.path.realpath(path) and os.path.isfile(index):
            included_text(path, os.path.relpath(index, os.path.dirname(path)), use=SETTINGS)  # read again if it goes
            return os.path.relpath(index, folder).replace(os.sep, "/")
    return None


def _entries(cascade: Any) -> list[Mapping[str, Any]]:
    """A cascade's entries that apply to every page below (those with a target are not followed)."""
    return [e for e in _listed(cascade) if "target" not in e and "_target" not in e]


def _never(settings: Mapping[str, Any]) -> bool:
    build = settings.get("build", settings.get("_build"))
    if not isinstance(build, Mapping):
        return False
    return all(_no(build.get(key)) for key in ("render", "list"))


def _no(value: Any) -> bool:
    return value is False or (isinstance(value, str) and value.strip().lower() in ("never", "false"))


@dataclass(frozen=True)
class SiteCascade:
    """What a Hugo site's config says of its pages, as a SiteConfig: `globs`, the target paths of its cascades
    that publish their pages nowhere (Hugo's globs: `**` any folders, `*` within a name, `{a,b}` either);
    `content`, the folders of DOCS that hold the pages (a language's, or the content folder), longest first;
    `permalinks`, the paths its `permalinks` serve pages at (hugopermalinks.py), if any; `mounts`, the files of
    its vendored modules it mounts as pages (hugomounts.py)."""

    globs: tuple[str, ...]
    content: tuple[str, ...]
    permalinks: Permalinks | None = None
    mounts: tuple[Mount, ...] = ()
    lower: bool = True  # paths are lower-cased (unless the config says disablePathToLower)
    folder: str = ""  # DOCS on disk, where a mounted file's place in the content may be taken by the site's own

    @property
    def key(self) -> str:
        return "hugo-cascade-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _patterns(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple((glob, path_glob(glob)) for glob in self.globs)

    def unpublished(self, doc_id: str) -> str | None:
        placed = mounted_path(self.mounts, doc_id) if self.mounts and self.content else None
        if placed is not None and os.path.lexists(os.path.join(self.folder, self.content[0], placed)):
            return f"{self.content[0]}{placed} takes its place: a site's own files win over its modules' mounts"
        folder = next((f for f in self.content if doc_id.startswith(f)), None)
        if folder is None:
            return None
        page = PurePosixPath(doc_id[len(folder) :])
        path = "/" + "/".join(
            [*page.parent.parts, page.stem] if page.stem not in ("index", "_index") else page.parent.parts
        )
        path = path.lower()
        glob = next((glob for glob, pattern in self._patterns if pattern.fullmatch(path)), None)
        if glob is None:
            return None
        return f"the site's config cascades build: render: never, list: never to {glob}: Hugo publishes it nowhere"

    def mounted(self, doc_id: str) -> bool:
        """Whether the file `doc_id`, outside the content folder, is a page a vendored module's mount brings in."""
        return bool(self.mounts) and mounted_path(self.mounts, doc_id) is not None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        if not pages or extension:
            return None
        placed = mounted_path(self.mounts, doc_id) if self.mounts else None
        own = self.permalinks.path(doc_id if placed is None else placed, front_matter) if self.permalinks else None
        return served_path(placed, self.lower, front_matter) if own is None and placed is not None else own


def site_cascade(
    settings: Mapping[str, Any],
    content: Sequence[str],
    permalinks: Permalinks | None = None,
    mounts: tuple[Mount, ...] = (),
    lower: bool = True,
    folder: str = "",
) -> SiteCascade | None:
    """The SiteCascade of a site config (its `cascade`, lower-cased keys), its `permalinks` and its vendored
    modules' `mounts` (in DOCS, the folder on disk: `folder`), or None when it has none of them."""
    globs = []
    for entry in _listed(settings.get("cascade")):
        target = entry.get("target", entry.get("_target"))
        if not _never(entry) or not isinstance(target, Mapping) or set(target) != {"path"}:
            continue  # a target by kind, language or environment is not followed
        if isinstance(target["path"], str) and target["path"].strip():
            globs.append(target["path"].strip())
    if not globs and permalinks is None and not mounts:
        return None
    ordered = tuple(sorted(content, key=len, reverse=True))
    return SiteCascade(tuple(globs[:64]), ordered, permalinks, mounts, lower, folder)


def _listed(cascade: Any) -> list[Mapping[str, Any]]:
    entries = cascade if isinstance(cascade, list) else [cascade]
    return [e for e in entries if isinstance(e, Mapping)]
