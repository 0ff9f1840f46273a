"""Swift-DocC, which publishes a documentation catalog: a folder named `Name.docc` (The Swift Programming Language's
TSPL.docc, a package's Sources/MyKit/MyKit.docc) whose Markdown articles it serves by their files' names alone,
wherever they lie in it, under the catalog's name: `LanguageGuide/TheBasics.md` of a catalog whose Info.plist
names it "The Swift Programming Language" is `documentation/the-swift-programming-language/thebasics`
(docs.swift.org/swift-book/ serves it so; DocC's NodeURLGenerator: `/documentation/<bundle>/<article>`, each name
with the characters a URL's path does not allow made `-`, written out lower-cased). The catalog's name is its
Info.plist's CFBundleDisplayName, else the folder's name without `.docc` (what `docc convert` derives).

Two pages are served elsewhere: the catalog's root article (`@TechnologyRoot` in its `@Metadata`) at
`documentation/<its file's name>`, and a page that extends a symbol's (`# ``MyKit/Sloth```) at that symbol's path
(`documentation/mykit/sloth`); which pages those are is read from the top of each once, when the site is found.

DocC makes pages of the catalog's `.md` files only: its other files are resources (header.html and footer.html
frame every page; TSPL's header-publish.html is a header its scripts copy in place; Info.plist; images), no pages.
Read by the rules all generators share, the pages were served at their files' paths, and the headers were three
pages. The page's text (directives, `<doc:...>` links) is loaders/docc.py's.
"""

from __future__ import annotations

import hashlib
import os
import plistlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any
from xml.parsers.expat import ExpatError

from indexer.loaders.docc import CATALOG_SUFFIX, readable
from indexer.loaders.pandocheadings import heading_parts
from indexer.loaders.regular import read_regular

__all__ = ["DoccSite", "docc_site", "is_catalog"]

MAX_PAGES = 10_000  # of a catalog's pages looked at for the root's and symbols' pages (TSPL has 44)
HEAD_BYTES = 4_096  # of each page, read on every run (40 MB at most): its title and @Metadata are at its top
_INFO_BYTES = 1_000_000
_SYMBOL = re.compile(r"``([^`\n]{1,500})``")
_ROOT = re.compile(r"^[ \t]*@TechnologyRoot\b", re.MULTILINE)
_FENCE = re.compile(r"^[ \t]*(?:```|~~~)", re.MULTILINE)
_GRAPH = ".symbols.json"


def is_catalog(folder: Path) -> bool:
    """Whether `folder` is a DocC documentation catalog: a folder whose name ends in `.docc` (in any case)."""
    return folder.name.lower().endswith(CATALOG_SUFFIX) and folder.is_dir()


@dataclass(frozen=True)
class DoccSite:
    """What a DocC catalog says of its pages' paths (site.SiteConfig): its name on the site (`bundle`, as a path's
    part) and the pages served elsewhere than under it (doc id -> path: the root article, symbols' pages)."""

    bundle: str
    own: tuple[tuple[str, str], ...] = ()

    @cached_property
    def _served(self) -> dict[str, str]:
        """`own` as a mapping, made once: made again for each page, 10,000 symbols' pages took 5 s."""
        return dict(self.own)

    @property
    def key(self) -> str:
        digest = hashlib.sha256(repr(self.own).encode()).hexdigest()[:12]
        return f"docc:{self.bundle}:{digest}"

    def unpublished(self, doc_id: str) -> str | None:
        """Why a file of the catalog is no page: DocC makes pages of its .md files only."""
        if PurePosixPath(doc_id).suffix.lower() == ".md":
            return None
        return "a resource of the DocC catalog (DocC makes pages of its .md articles alone): no page"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """An article's path, `documentation/<bundle>/<its file's name>/` in lower case (or the root's, a symbol's);
        None for another file, or when pages keep their files' paths (no --drop-extensions)."""
        pure = PurePosixPath(doc_id)
        if not pages or pure.suffix.lower() != ".md":
            return None
        path = self._served.get(doc_id) or f"documentation/{self.bundle}/{readable(pure.stem)}"
        return path.lower() + "/"  # (a folder of the static output, whatever extension pages are given)


def docc_site(catalog: Path, docs: Path) -> DoccSite:
    """The DocC site of the catalog `catalog`, which is DOCS or holds it: its name, and the pages of DOCS that are
    its root or a symbol's (read from the top of each, up to MAX_PAGES pages)."""
    bundle = readable(_display_name(catalog))
    pages, graphs = _files(docs)
    modules = [*graphs, bundle]  # a symbol graph's module (docc.symbols.json), else the catalog's name
    own: list[tuple[str, str]] = []
    for path in pages:
        try:
            head = read_regular(path, HEAD_BYTES).decode("utf-8", "replace")
        except OSError:
            continue
        served = _served_at(head, PurePosixPath(path).stem, modules)
        if served:
            own.append((os.path.relpath(path, docs).replace(os.sep, "/"), served))
    return DoccSite(bundle, tuple(own))


def _display_name(catalog: Path) -> str:
    """The catalog's name: its Info.plist's CFBundleDisplayName, else the folder's name without `.docc`."""
    fallback = catalog.name[: -len(CATALOG_SUFFIX)] or catalog.name
    try:
        info = plistlib.loads(read_regular(catalog / "Info.plist", _INFO_BYTES))
    except (OSError, ValueError, ExpatError, plistlib.InvalidFileException, OverflowError, RecursionError):
        return fallback  # (RecursionError: a binary plist of arrays nested 100,000 deep, which plistlib recurses into)
    name = info.get("CFBundleDisplayName") if isinstance(info, dict) else None
    return name.strip() if isinstance(name, str) and name.strip() else fallback


def _files(docs: Path) -> tuple[list[str], list[str]]:
    """The catalog's .md files in DOCS (not in hidden folders), in name order, up to MAX_PAGES; and the modules of
    the symbol graphs it holds (`docc.symbols.json`, `MyKit@Swift.symbols.json`), as a URL's path writes them."""
    pages: list[str] = []
    modules: list[str] = []
    for current, folders, files in os.walk(docs):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        pages += [os.path.join(current, name) for name in sorted(files) if name.lower().endswith(".md")]
        modules += [readable(re.split(r"[.@]", name, maxsplit=1)[0]) for name in sorted(files) if name.endswith(_GRAPH)]
        if len(pages) >= MAX_PAGES:
            break
    return pages[:MAX_PAGES], [module for module in modules if module][:1]


def _served_at(head: str, stem: str, modules: list[str]) -> str:
    """Where a page whose top is `head` is served when not under the catalog's name: a symbol's page at the
    symbol's path (`# ``MyKit/Sloth``` is documentation/MyKit/Sloth; a name alone is its module's, or a symbol of
    the first of `modules`), the root article at documentation/<its file's name>; "" for an article."""
    fence = _FENCE.search(head)
    head = head[: fence.start()] if fence else head  # (a page that shows the syntax in code is none of these)
    title = next((h.title for line in head.split("\n") if (h := heading_parts(line)) and h.level == 1), "")
    symbol = _SYMBOL.fullmatch(title.strip())
    if symbol is not None:
        parts = [readable(part) for part in symbol.group(1).strip().split("/") if part]
        if len(parts) == 1 and parts[0].lower() not in {module.lower() for module in modules}:
            parts = [modules[0], *parts]  # `# ``Sloth``` of the module's: documentation/MyKit/Sloth
        return "documentation/" + "/".join(parts) if parts else ""
    return f"documentation/{readable(stem)}" if _ROOT.search(head) else ""
