"""Plain values passed between the indexer's stages and handed to its readers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Section:
    """A piece of a parsed document: a heading-delimited section, or one page of a PDF."""

    text: str
    heading: str = ""  # the section's heading ("" before the first heading)
    page: int | None = None  # 1-based page number, for paged formats
    level: int = 0  # the heading's level (1: the outermost); 0 when the format does not say


@dataclass(frozen=True)
class ParsedDoc:
    """What a loader returns: clean text in sections, plus what the file says about itself."""

    format: str  # "markdown" | "pdf" | "text" | "html"
    title: str  # "" when the file names none; the pipeline then makes one from the file name
    sections: tuple[Section, ...]
    pages: int | None = None  # page count, for PDFs
    front_matter: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()  # indexed anyway, but worth telling (e.g. "page 4 has no text layer")

    @property
    def headings(self) -> tuple[str, ...]:
        return tuple(s.heading for s in self.sections if s.heading)


@dataclass(frozen=True)
class Document:
    """A document as the index knows it (its text is read separately: it can be large)."""

    id: str  # path relative to the documents folder, with forward slashes
    title: str
    url: str
    format: str
    source: str  # absolute path of the file when it was indexed
    size: int
    modified: float  # seconds since the epoch
    sha256: str
    pages: int | None
    headings: tuple[str, ...]
    tags: tuple[str, ...]
    access: tuple[str, ...]  # groups allowed to see it; empty = everyone
    chars: int  # length of the full text
    passages: int  # number of passages
    language: str = ""  # its language, on a site that keeps several (Docusaurus's i18n/, Starlight's locales)
    version: str = ""  # its version, on a versioned site (Docusaurus's versions.json: 2.x, current)


@dataclass(frozen=True)
class Passage:
    """A bounded span of a document's text: part of a section, or of a PDF page."""

    doc_id: str
    ordinal: int
    heading: str
    page: int | None
    start: int
    end: int


@dataclass(frozen=True)
class Span:
    """One passage: its section's heading and page, and where it lies in the full text."""

    heading: str
    page: int | None
    start: int
    end: int


@dataclass(frozen=True)
class SkippedFile:
    """A file the run did not index, or indexed only in part, and why."""

    id: str
    reason: str
    by_design: bool = False  # no fault of the file: a page the site does not publish (a partial, SUMMARY.md, a draft)


@dataclass(frozen=True)
class IndexReport:
    """What one indexer run did."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    moved: int = 0
    unchanged: int = 0
    skipped: tuple[SkippedFile, ...] = ()
    warnings: tuple[SkippedFile, ...] = ()
    bytes_read: int = 0  # bytes of the files parsed in this run
    text_chars: int = 0  # characters of text those files gave
    elapsed: float = 0.0
    generation: int | None = None  # the generation this run published; None when nothing changed
    documents: int = 0  # documents in the index after the run
    rebuilt: bool = False
    unread: tuple[tuple[str, int], ...] = ()  # (suffix, count) of the files no loader reads, most common first
    unjoined_urls: tuple[int, str] = (0, "")  # documents given a URL, whose front matter url is a path with no base URL
    # to join it to (they are cited by a file:// URL), and one such path
    site: str = ""  # the site generator whose files DOCS holds ("" for none)
    url_option: str = ""  # the option under which --base-url gives its pages the URLs it serves (sitereport.url_option)
    # the address the site's config says it is served at (a Docusaurus url + baseUrl, a VitePress sitemap
    # hostname + base), or ""
    served_at: str = ""
    # the configs the site was known by when their names are not the generator's own (Textual's mkdocs-online.yml),
    # as paths from DOCS: the one read, then the others beside it that build a site
    site_configs: tuple[str, ...] = ()
    # an MkDocs site's mkdocs.yml that INHERITs a file not there (a build writes it), and that file, from DOCS
    inherit_missing: tuple[str, str] = ("", "")
    # the folder above DOCS, in its project, that holds the files its pages include from outside where included
    # files may come from: the --includes-from to give ("" for none)
    includes_held_by: str = ""
    # with no generator, or one known by GitBook's files in DOCS: one whose config lies below DOCS, and that folder
    nested_site: tuple[str, str] = ("", "")
    # indexed from a Docusaurus site's folder: (path, route) of the docs its plugins read from outside it (../docs)
    docs_beside: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return self.generation is not None
