"""Which Markdown files of an mdBook are pages: the chapters its SUMMARY.md links, as mdBook renders only those;
and the name SUMMARY.md gives each, which titles a chapter whose file names none (navtitles.py, records.py).

mdBook builds the book from SUMMARY.md alone: a chapter is a link in it (`- [Intro](intro.md)`, a prefix or suffix
chapter `[Foreword](foreword.md)`, `<path with spaces.md>`), and a Markdown file in src/ that no link names gets no
page; its URL would be a 404 (notes kept beside the chapters, an old chapter left behind). Such a file is skipped,
with the reason. The links are those a CommonMark parser finds (markdown-it, as pulldown-cmark finds them for
mdBook: angle brackets, escapes, balanced parentheses), each path as written but for `%20`, a space, the only
escape mdBook reads back (a file named `C%23.md` is its chapter `[C#](C%23.md)`). A SUMMARY.md that is missing,
unreadable or links no file leaves every file a page: nothing is known to be left out. A file that chapters only
include (`{{#include notes.md}}`) is skipped so too: its text is read where it is included.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from indexer.ingest.navtitles import nav_page
from indexer.loaders.jsconfig import config_text

__all__ = ["MdBookChapters", "read_summary"]

MAX_CHAPTERS = 20_000  # links of a SUMMARY.md read (the Rust reference's has 160)


class _PathsAsWritten(MarkdownIt):
    """CommonMark's reading of links that keeps a link's path as written (with its escapes and entities read):
    markdown-it percent-encodes it for HTML, where pulldown-cmark, mdBook's parser, keeps it."""

    def normalizeLink(self, url: str) -> str:  # (markdown-it's name)
        return url


_PARSER = _PathsAsWritten("commonmark")


@dataclass(frozen=True)
class MdBookChapters:
    """The mdBook's rule for its Markdown files (a SiteConfig): those in `pages` (its src folder from DOCS, "" when
    DOCS lies in it) that are not among `chapters` (doc ids) are no page."""

    pages: str
    chapters: frozenset[str]

    @property
    def key(self) -> str:
        listed = "\n".join(sorted(self.chapters))
        return hashlib.sha256(f"{self.pages}\n{listed}".encode()).hexdigest()[:16]

    def unpublished(self, doc_id: str) -> str | None:
        if not self.chapters or doc_id in self.chapters or not doc_id.startswith(self.pages):
            return None
        if not doc_id.lower().endswith(".md") or doc_id[len(self.pages) :] in ("SUMMARY.md", "404.md"):
            return None  # (mdBook renders src/404.md as its 404 page, which is no document: unpublished.no_reading)
        return "no chapter of the book's SUMMARY.md links it: mdBook renders no page for it"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


def read_summary(src: Path, docs: Path) -> tuple[MdBookChapters, dict[str, str]]:
    """The chapters that the SUMMARY.md of the book whose pages lie in `src` links (doc ids of DOCS), and the name
    it gives each (`[The `Option` type](option.md)`: "The Option type"; a draft chapter, `[Name]()`, has no file)."""
    titles: dict[str, str] = {}
    chapters: set[str] = set()
    text = config_text(src / "SUMMARY.md")
    for token in _PARSER.parse(text) if text else ():
        children = token.children or []
        for at, child in enumerate(children):
            href = child.attrGet("href") if child.type == "link_open" else None
            if not isinstance(href, str) or len(chapters) >= MAX_CHAPTERS:
                continue
            if (doc_id := nav_page(src, href.replace("%20", " "), docs)) is not None:
                chapters.add(doc_id)
                name = " ".join(_link_text(children, at + 1).split())
                if name and doc_id not in titles:
                    titles[doc_id] = name
    try:
        pages = Path(os.path.relpath(src, docs)).as_posix()
    except ValueError:
        pages = "."
    prefix = "" if pages == "." or pages.startswith("../") or pages == ".." else pages + "/"
    return MdBookChapters(prefix, frozenset(chapters)), titles


def _link_text(children: list[Token], start: int) -> str:
    """The text of the link whose first inline token is children[start], up to its close: words and code."""
    parts = []
    for child in children[start:]:
        if child.type == "link_close":
            break
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)
