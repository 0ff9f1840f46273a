"""The title a Sphinx `:doc:` or `:ref:` reference shows when it gives none of its own: `:doc:`/deploying/index``
(MyST's {doc}`/deploying/index`) shows "Deploying to Production", the title of the page it names, as Sphinx
builds it; `:ref:`setup-py-deprecated`` the title of the section right below the label `.. _setup-py-deprecated:`
(MyST: `(setup-py-deprecated)=`), in whichever page of the project defines it (its pages are read once for their
labels: pagescan.py).

Flask's docs write 111 such references; the text said "/deploying/index". The page named is found as Sphinx
finds it: a path starting with "/" from the Sphinx project's source folder (the nearest folder holding conf.py
at or above the page, in the documents folder; else the documents folder), any other from the page's folder,
with the extensions Sphinx reads (`.rst`, `.md`, `.txt`). Its title is its first section title (a
reStructuredText title over or under a line of one punctuation character), else its front matter `title` or
first `#` heading (Markdown, MyST). It is read through includes.py, within the page's includes: from the
documents folder only, remembered, so a change of that title reads the page again; and it is shown only to those
who may see that page (jobs.py reads the page again without titles when the access file shows a page it names to
fewer callers). A page that is not there, or has no title, leaves the reference as written; a label that no page
defines has the project's folders remembered with the page (pagescan.watch()), so that a page that comes to define
it reads the referring page again.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from indexer.loaders.includes import TITLE, included_text, reading_folder
from indexer.loaders.pagescan import Scan, defined, watch
from indexer.loaders.pandocheadings import heading_parts

__all__ = ["doc_title", "page", "page_memo", "project_page", "ref_title", "section_title", "toctree_titles"]

_PAGE: ContextVar[Path | None] = ContextVar("sphinx_page", default=None)
_MEMO: ContextVar[dict[str, Any] | None] = ContextVar("sphinx_page_memo", default=None)
_SUFFIXES = ("", ".rst", ".md", ".txt")
_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}[ \t]*$")  # a line of one punctuation character, 3 or more
_ATX_START = re.compile(r"#{1,6}[ \t]+")  # a heading of any level, up to its text
_FRONT_TITLE = re.compile(r"^title:[ \t]*(['\"]?)(.+?)\1[ \t]*$", re.MULTILINE)
# The labels Sphinx's standard domain defines in every project (StandardDomain.initial_data), with the titles it
# shows: the index of terms, Python's module index and the search page. sphinx-quickstart's index.rst lists all
# three (`* :ref:`genindex``), as do Django's contents page and many a project's home page; the text said "genindex".
_BUILT_IN_LABELS = {"genindex": "Index", "modindex": "Module Index", "search": "Search Page"}
_ROLE = re.compile(r":(?:[\w.+-]+:)+`([^`]*)`|\{[\w:.-]+\}`([^`]*)`")
_NAMED_ENTRY = re.compile(r"^(.*?)\s*<([^<>]+)>$")  # a toctree entry `Title <page>`
MAX_TOC_ENTRIES = 1_000
_EMPHASIS = re.compile(r"(?<![\w*])\*(\S(?:[^*]*\S)?)\*(?![\w*])")  # *word*: its text
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_HEAD = 64_000  # characters of a page looked at for its title


@contextlib.contextmanager
def page(path: Path) -> Iterator[None]:
    """Around the reading of the page `path`: its :doc: references may show the titles of the pages they name."""
    token, memo = _PAGE.set(path), _MEMO.set({})
    try:
        yield
    finally:
        _PAGE.reset(token)
        _MEMO.reset(memo)


def page_memo() -> dict[str, Any] | None:
    """What was worked out once for this reading of the page (sphinxproject.py: its project's conf.py), by
    name; None outside page()."""
    return _MEMO.get()


def project_page() -> tuple[Path, str] | None:
    """The page being read and its Sphinx project's source folder (the nearest folder holding conf.py at or above
    it, in the documents folder; else the documents folder); None outside page() or a run's reading()."""
    path, folder = _PAGE.get(), reading_folder()
    return None if path is None or folder is None else (path, _source_folder(path.parent, folder))


def doc_title(target: str) -> str | None:
    """The title of the page a :doc: reference names, as Sphinx shows it; None when it cannot be known here."""
    path, folder = _PAGE.get(), reading_folder()
    name = target.strip()
    if path is None or folder is None or not name or "\x00" in name or "<" in name:
        return None
    base = _source_folder(path.parent, folder) if name.startswith("/") else str(path.parent)
    named = os.path.normpath(os.path.join(base, name.lstrip("/")))  # `/usage/referencing/` too, as Sphinx joins it
    for suffix in _SUFFIXES:
        candidate = named + suffix
        if os.path.isfile(candidate):
            text = included_text(path, os.path.relpath(candidate, path.parent), use=TITLE)
            return _title(text[:_HEAD], candidate) if text else None
    return None


def toctree_titles(entries: list[str], options: Mapping[str, str]) -> list[str]:
    """What a toctree shows where it stands (its `:caption:` aside): each page it lists, by the title the entry
    gives (`Install <install>`) or the page's own (doc_title); a `:glob:` pattern lists the pages it matches, in
    name order. Nothing for a `:hidden:` one, or an entry whose page is not found (Sphinx warns of it)."""
    if "hidden" in options:
        return []
    shown: list[str] = []
    for entry in (e.strip() for e in entries[:MAX_TOC_ENTRIES]):
        named = _NAMED_ENTRY.match(entry)
        if named and named.group(1).strip():
            shown.append(" ".join(named.group(1).split()))
        elif not entry or entry == "self" or "://" in entry:
            continue
        elif "glob" in options and any(c in entry for c in "*?["):
            shown += [title for name in _globbed(entry) if (title := doc_title(name))]
        elif (title := doc_title(entry)) is not None:
            shown.append(title)
    return shown


def _globbed(pattern: str) -> list[str]:
    """The pages a toctree's glob pattern names (without their extensions), from the page's folder or, for one
    starting with "/", the project's source folder; the page itself left out."""
    path, folder = _PAGE.get(), reading_folder()
    if path is None or folder is None:
        return []
    base = _source_folder(path.parent, folder) if pattern.startswith("/") else str(path.parent)
    found = []
    for suffix in _SUFFIXES[1:]:
        for match in glob.glob(os.path.join(glob.escape(base), pattern.lstrip("/") + suffix)):
            if os.path.realpath(match) != os.path.realpath(path):
                found.append(("/" if pattern.startswith("/") else "") + os.path.relpath(match, base)[: -len(suffix)])
    return sorted(set(found))[:MAX_TOC_ENTRIES]


def ref_title(target: str) -> str | None:
    """The title a :ref: reference with none of its own shows: that of the section its label stands above, in
    whichever page of the Sphinx project defines it, or the title of a label Sphinx defines itself (`genindex` is
    "Index"); None when it cannot be known here."""
    path, folder = _PAGE.get(), reading_folder()
    label = _normal(target)
    if path is None or folder is None or not label or "\x00" in label:
        return _BUILT_IN_LABELS.get(label)
    source = _source_folder(path.parent, folder)
    where = _labels(source).get(label)
    if where is None and label not in _BUILT_IN_LABELS:  # come since the pages were walked; else read again then
        where = watch(_LABELS, source).get(label)
    if where is None:
        return _BUILT_IN_LABELS.get(label)  # (a label of the project's own by that name comes first)
    text = included_text(path, os.path.relpath(where, path.parent), use=TITLE)
    return _title_after(text, label, where) if text else None


def section_title(target: str) -> str | None:
    """The title a :ref: reference shows of a label that sphinx.ext.autosectionlabel makes, with
    `autosectionlabel_prefix_document`, of each section: the page's name from the source folder, a colon, and
    the section's title (Django's `:ref:`topics/http/urls:Example``, Airflow's
    `howto/operator:BigQueryInsertJobOperator`): that section's title as the page writes it; None when there is
    no such page or section."""
    path, folder = _PAGE.get(), reading_folder()
    name, colon, title = target.partition(":")
    wanted = _normal(title)
    if path is None or folder is None or not colon or not wanted or "\x00" in target:
        return None
    base = _source_folder(path.parent, folder)
    for suffix in _SUFFIXES[1:]:
        candidate = os.path.normpath(os.path.join(base, name.strip().lstrip("/") + suffix))
        if os.path.isfile(candidate):
            memo = _MEMO.get()
            titles = memo.get("sections:" + candidate) if memo is not None else None
            if titles is None:  # (read once for each reading of the page, however many references name it)
                text = included_text(path, os.path.relpath(candidate, path.parent), use=TITLE)
                titles = _section_titles(text, candidate) if text else {}
                if memo is not None:
                    memo["sections:" + candidate] = titles
            return titles.get(wanted)
    return None


def _section_titles(text: str, path: str) -> dict[str, str]:
    """The titles of a page's sections, as written, by the label each makes (compared as labels are); the first
    of two that read the same."""
    lines = text.replace("\r\n", "\n").split("\n")
    markdown = path.endswith((".md", ".markdown"))
    titles: dict[str, str] = {}
    for i, line in enumerate(lines):
        if markdown:
            heading = _ATX_START.match(line)
            found = line[heading.end() :].rstrip(" \t#") if heading else None
        else:
            found = _rst_title(lines[i : i + 2]) if i + 1 < len(lines) else None
        shown = _cleaned(found) if found else None
        if shown:
            titles.setdefault(_normal(shown), shown)
    return titles


def _normal(label: str) -> str:
    """A label as Sphinx compares them: lower case, its spaces collapsed."""
    return " ".join(label.lower().split())


# `.. _label:`, `.. _`label`:` (a label in backquotes may hold a colon: pytest writes 180) or MyST's `(label)=`
_LABEL_LINE = re.compile(r"^(?:\.\. _(?:([^:`\n][^:\n]*)|`([^`\n]+)`):|\(([^()\s][^()\n]*)\)=)[ \t]*$", re.MULTILINE)


def _labels_in(data: bytes) -> list[str]:
    """The labels a page defines."""
    if b".. _" not in data and b")=" not in data:
        return []
    return [_label(match) for match in _LABEL_LINE.finditer(data.decode("utf-8", "replace"))]


# Where each label of a Sphinx project is defined (`.. _label:`, MyST's `(label)=`), found by reading its pages
# once: about 0.1 s for a project of 500 pages (pagescan.py).
_LABELS = Scan(
    (".rst", ".rest", ".md", ".txt"),
    frozenset({"_build", "_static", "_templates", "node_modules", "build"}),
    4_000_000,
    _labels_in,
)


def _labels(source: str) -> dict[str, str]:
    """Label -> the page that defines it first, in the project whose source folder is `source`."""
    return defined(_LABELS, source)


def _label(match: re.Match[str]) -> str:
    """The label a _LABEL_LINE defines, as Sphinx compares them."""
    return _normal(match.group(1) or match.group(2) or match.group(3))


def _title_after(text: str, label: str, path: str) -> str | None:
    """The title of the section right below the label's line in a page (past blank lines and other labels)."""
    lines = text.replace("\r\n", "\n").split("\n")
    at = next((i for i, line in enumerate(lines) if (m := _LABEL_LINE.match(line)) and _label(m) == label), None)
    if at is None:
        return None
    rest = [line for line in lines[at + 1 : at + 40]]
    while rest and (not rest[0].strip() or _LABEL_LINE.match(rest[0])):
        rest.pop(0)
    if path.endswith((".md", ".markdown")):
        heading = re.match(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", rest[0]) if rest else None
        found = heading.group(1) if heading else None
    else:
        start = 1 if len(rest) > 2 and _ADORNMENT.match(rest[0].rstrip()) else 0  # an overline
        found = _rst_title(rest[start : start + 2])
    return _cleaned(found) if found else None


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
    return _cleaned(found) if found else None


def _cleaned(title: str) -> str | None:
    """A title as the reference shows it: its roles' text, no markup."""
    shown = _ROLE.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), title)
    shown = _EMPHASIS.sub(r"\1", shown.replace("`", "").replace("**", ""))
    return " ".join(shown.split()) or None


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
    """Front matter `title`, else the first `#` heading outside code fences (and out of the front matter, whose
    YAML comments are no headings)."""
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0 and (front := _FRONT_TITLE.search(text[4:end])) is not None:
            return front.group(2)
        lines = lines[text.count("\n", 0, end) + 2 :] if end > 0 else lines
    fence = ""
    for line in lines:
        marker = _FENCE.match(line)
        if marker is not None:
            if not fence:
                fence = marker.group(1)
            elif marker.group(1)[0] == fence[0] and len(marker.group(1)) >= len(fence):
                fence = ""
            continue
        if not fence and (heading := heading_parts(line)) is not None and heading.level == 1 and heading.title:
            return heading.title
    return None
