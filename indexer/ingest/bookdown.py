"""A bookdown book (the folder with _bookdown.yml, or an index.Rmd whose `site` is `bookdown::bookdown_site`):
which of its files are its chapters, and the HTML file each is served as, as bookdown's render_book() makes them.

- Its chapters are the `.Rmd` files of its folder (`_bookdown.yml`'s `rmd_files` instead when it lists them: a
  list, or the list under `html`), then, with `rmd_subdir` (`true`, or folders), those of its subfolders, but
  those whose name starts with `_`, `index.Rmd` first; any other Markdown
  or R Markdown file (a README, a chapter left out of `rmd_files`) is in no page of the book.
- The book is merged into one HTML page and split by the first output format of `_output.yml` (else of
  `index.Rmd`'s `output`) that splits, `split_by` (gitbook's and html_book's default, and bs4_book's only way:
  `chapter`): at each chapter's heading (`# Title {#id}`), a page named by the heading's id, given or made as
  Pandoc makes one (`# Output Formats` is `output-formats.html`); `section` splits the chapters' sections off
  too, but a chapter's page is still its heading's; `+number` puts the chapter's number before the id
  (`1-introduction.html`; a chapter marked `{-}` or `.unnumbered` has none); `rmd` names each page by its file
  (`intro.Rmd` is `intro.html`); `none` makes one page, `book_filename` (`_main`) `.html`. The first page, from
  `index.Rmd`, is `index.html`. A part's heading (`# (PART) Basics {-}`) is no chapter's; a file without a
  chapter heading is part of the chapter before it.
- What lies in the folder it builds the book into (`_bookdown.yml`'s `output_dir`, `_book` by default; often
  `docs`, for GitHub Pages; and `_book` and `_bookdown_files` always) is the built book, whose HTML pages would
  repeat its chapters: no source of the book.
- `index.Rmd`'s front matter `url` is the book's address (`https\\://bookdown.org/yihui/bookdown/`), which the
  summary gives as --base-url (served_at), never a page's own.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexer.ingest.siteconfig import listed, site_address, site_folder, yaml_config
from indexer.loaders.fences import in_code
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.jsconfig import config_text
from indexer.loaders.pandocheadings import heading_parts, part_name
from indexer.loaders.regular import read_regular
from indexer.loaders.rmarkdown import pandoc_identifier

__all__ = ["BookdownBook", "bookdown_book", "indexed_book", "served_at"]

MAX_CHAPTERS = 2_000
MAX_HEAD_BYTES = 1_000_000  # of a chapter's file, read for its heading
_PAGES = (".rmd", ".md")  # what bookdown could render: no page of the book unless it is a chapter
_BUILT = ("_book/", "_bookdown_files/")  # its default output_dir, and its figures and cache
_SPLITS = frozenset({"chapter", "section", "chapter+number", "section+number", "rmd", "none"})
_HTML_BOOKS = ("bookdown::gitbook", "bookdown::html_book", "bookdown::bs4_book", "bookdown::tufte_html_book")


@dataclass(frozen=True)
class BookdownBook:
    """What a book's _bookdown.yml and its chapters say of the files of DOCS (see the module docstring)."""

    inside: str  # DOCS's path in the book's folder ("" when DOCS is that folder), ending in "/"
    pages: tuple[tuple[str, str], ...]  # each chapter file (a path in the book's folder) and its page's name
    listed: bool  # _bookdown.yml's rmd_files names the chapters
    output: str = "_book/"  # the folder it builds the book into (output_dir), in the book's folder

    @functools.cached_property
    def chapters(self) -> dict[str, str]:
        """Each chapter file's page by its path: made once, looked up for every document."""
        return dict(self.pages)

    @property
    def key(self) -> str:
        return "bookdown-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def unpublished(self, doc_id: str) -> str | None:
        """Why bookdown renders no page of `doc_id` (a Markdown or R Markdown file that is no chapter; a file the
        book was built into: its HTML pages duplicate the chapters), or None."""
        path = self.inside + doc_id
        if path.startswith(self.output) or path.startswith(_BUILT):
            folder = self.output if path.startswith(self.output) else path.split("/")[0] + "/"
            return f"in {folder}, where bookdown builds the book (output_dir, _book): no source of it"
        if not doc_id.lower().endswith(_PAGES) or (self.inside + doc_id) in self.chapters:
            return None
        if self.listed:
            return "not in _bookdown.yml's rmd_files: bookdown renders no page of it"
        return "no .Rmd file of the book's folder (whose name starts with no _): bookdown renders no page of it"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """The HTML file the chapter `doc_id` is served as (`extension` in place of .html with --url-extension,
        none with --drop-extensions, and then the index page is the book's address); None for another file."""
        name = self.chapters.get(self.inside + doc_id)
        if name is None:
            return None
        if pages and not extension:
            return "" if name == "index" else name
        return name + (extension if pages else ".html")


def bookdown_book(config: Path, docs: Path) -> BookdownBook | None:
    """The chapters of the book whose _bookdown.yml is `config` and their pages, for DOCS (its folder or one
    below it); None when DOCS is elsewhere."""
    folder, docs = config.parent.resolve(), docs.resolve()
    if not docs.is_relative_to(folder):
        return None
    settings = yaml_config(config)
    output = site_folder(settings.get("output_dir", "_book")) or "_book/"
    files, listed_files = _chapter_files(folder, settings, folder / output)
    split = _split_by(folder)
    if split == "rmd":
        names = [Path(name).stem for name in files]
    elif split == "none":
        book = settings.get("book_filename")
        names = [Path(book).stem if isinstance(book, str) and book.strip() else "_main"] * len(files)
    else:
        names = _chapter_names(folder, files, split.endswith("+number"))
    if files and Path(files[0]).stem == "index" and split != "none":
        names[0] = "index"
    inside = docs.relative_to(folder).as_posix()
    pages = tuple(zip(files, names, strict=True))
    return BookdownBook("" if inside == "." else inside + "/", pages, listed_files, output)


def indexed_book(docs: Path) -> BookdownBook | None:
    """The book DOCS is without a _bookdown.yml, known by its index.Rmd's `site: bookdown::bookdown_site` (the
    defaults hold); None when it is none."""
    front_matter, _, _ = split_front_matter(config_text(docs / "index.Rmd"))
    site = front_matter.get("site")
    return bookdown_book(docs / "_bookdown.yml", docs) if isinstance(site, str) and "bookdown" in site else None


def served_at(docs: Path, config: Path) -> str:
    """Indexed from the book's folder: the address index.Rmd's front matter `url` gives (its `\\:` unescaped);
    "" otherwise."""
    if docs.resolve() != config.parent.resolve():
        return ""
    front_matter, _, _ = split_front_matter(config_text(config.parent / "index.Rmd"))
    url = front_matter.get("url")
    return site_address(url.replace("\\:", ":")) if isinstance(url, str) else ""


def _chapter_files(folder: Path, settings: Mapping[str, Any], output: Path) -> tuple[list[str], bool]:
    """The book's chapter files, in its order: rmd_files (its `html` list), else the folder's .Rmd files; then
    those of its subfolders when `rmd_subdir` says so (`true`: all, or the ones it names); never one whose name starts
    with `_`, nor one in `output`, the folder it builds the book into; index.Rmd first. And whether rmd_files
    named them."""
    given = settings.get("rmd_files")
    if isinstance(given, dict):
        given = given.get("html", [name for value in given.values() for name in listed(value)])
    given = [f for f in listed(given) if isinstance(f, str)]  # a list of names, or none
    files = given if given else sorted(
        entry.name for entry in folder.iterdir() if entry.is_file() and entry.suffix.lower() == ".rmd"
    )  # fmt: skip
    subdir = settings.get("rmd_subdir")
    folders = [name for name in ([subdir] if isinstance(subdir, str) else listed(subdir)) if isinstance(name, str)]
    if subdir is True or folders:
        files += _below(folder, folders or [""], output)
    files = [f.removeprefix("./") for f in files if not Path(f).name.startswith("_")]
    files = list(dict.fromkeys(f for f in files if not f.startswith("/") and ".." not in f.split("/")))
    index = [f for f in files if Path(f).stem == "index"]
    return (index + [f for f in files if f not in index])[:MAX_CHAPTERS], bool(given)


def _below(folder: Path, subfolders: list[str], output: Path) -> list[str]:
    """The .Rmd files in the book's subfolders (all of them for ""), by their paths in its folder, sorted; none in
    the folder it builds the book into, or in a hidden one."""
    found: set[str] = set()
    for subfolder in subfolders:
        top = (folder / subfolder).resolve()
        if not top.is_relative_to(folder.resolve()):
            continue
        for root, dirs, names in os.walk(top):
            dirs[:] = [d for d in dirs if not d.startswith((".", "_")) and Path(root, d) != output]
            inside = Path(root).relative_to(folder.resolve())
            found.update((inside / n).as_posix() for n in names if n.lower().endswith(".rmd") and inside.parts)
            if len(found) > MAX_CHAPTERS:
                break
    return sorted(found)


def _split_by(folder: Path) -> str:
    """How the book's HTML is split: the first HTML book format's `split_by` in _output.yml, else in index.Rmd's
    `output`; `chapter` by default."""
    formats = yaml_config(folder / "_output.yml")
    if not formats:
        front_matter, _, _ = split_front_matter(config_text(folder / "index.Rmd"))
        output = front_matter.get("output")
        formats = output if isinstance(output, dict) else {}
    for name, options in formats.items():
        if name in _HTML_BOOKS:
            split = options.get("split_by") if isinstance(options, dict) and name != "bookdown::bs4_book" else None
            return split if split in _SPLITS else "chapter"
    return "chapter"


def _chapter_names(folder: Path, files: list[str], numbered: bool) -> list[str]:
    """The page of each chapter file: its first chapter heading's id (its number before it, when `numbered`
    and the chapter is), else the page of the file before it."""
    names: list[str] = []
    number = 0
    for file in files:
        heading = _first_chapter(_head(folder / file))
        if heading is None:
            names.append(names[-1] if names else Path(file).stem)
            continue
        identifier, counted = heading
        number += counted
        names.append(f"{number}-{identifier}" if numbered and counted else identifier)
    return names


def _head(path: Path) -> str:
    """The first MAX_HEAD_BYTES of a chapter's file, where its heading is ("" when it cannot be read)."""
    try:
        return read_regular(path, MAX_HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def _first_chapter(text: str) -> tuple[str, bool] | None:
    """The id of the first chapter heading of a chapter file, and whether it is numbered; None when it has none."""
    _, body, _ = split_front_matter(text)
    for line, code in in_code(body.split("\n")):
        heading = None if code else heading_parts(line)
        if heading is None or heading.level != 1 or part_name(heading) is not None:
            continue
        return (heading.ids[0] if heading.ids else pandoc_identifier(heading.title)), heading.numbered
    return None
