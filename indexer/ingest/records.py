"""From what a loader parsed to what the index stores: one document's text cleaned, bounded and described.

Every loader's output passes here, so these rules hold for every format:
- text, headings, title, front matter and warnings pass sanitize.clean_text();
- the title is one line of at most MAX_TITLE_CHARS characters (else cut, with a warning), and falls back to
  one made from the file name;
- a front matter `description` (Hugo, Jekyll, Docusaurus, MkDocs) opens the text, so it is searched, shown
  in snippets and fetched, and a page with a description but no body is still a document;
- a front matter `url` is kept only if it is http(s) or a path (joined to --base-url later, urls.py);
- the text is cut, with a warning, at MAX_TEXT_CHARS characters or where it reaches MAX_DISTINCT_WORDS
  distinct words (random or encoded data): what one document costs the index in time and memory is bounded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from indexer.errors import LoaderError
from indexer.ingest.access import document_groups
from indexer.ingest.passages import assemble
from indexer.ingest.urls import checked_url
from indexer.model import ParsedDoc, Section
from indexer.store.docstore import DocRecord, Stamp
from indexer.text.analysis import WORD
from indexer.text.sanitize import clean_text, clean_value

MAX_TITLE_CHARS = 300
MAX_DESCRIPTION_CHARS = 2_000
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,1000}>")  # an HTML tag
MAX_TEXT_CHARS = 10_000_000  # about 1.6 million words: a long book is a third of it
MAX_DISTINCT_WORDS = 200_000  # natural text of any length stays far below; random data reaches it quickly
_COUNT_WORDS_FROM = 800_000  # shorter text cannot hold MAX_DISTINCT_WORDS distinct words


def make_record(
    doc_id: str,
    path: str,
    stamp: Stamp,
    parsed: ParsedDoc,
    file_groups: tuple[str, ...],
    includes: Mapping[str, tuple[int, int]] | None = None,
    nav_title: str = "",
    named_after: str = "",
) -> DocRecord:
    """The record of a parsed file (and of the files it included); LoaderError when it cannot be a document (no
    text, bad access groups). `nav_title`, the title the site's navigation gives the page, is its title when
    the file names none of its own: no front matter title, no level-1 heading (navtitles.py); with neither, it is
    named after `named_after` (Site.page_name), else its file's name."""
    warnings = [clean_text(w) for w in parsed.warnings]
    front = _front_matter(parsed, warnings)
    title = _title(clean_text(nav_title if nav_title and not _titled(parsed) else parsed.title), warnings)
    title = title or title_from_name(doc_id, named_after)
    sections = [_clean_section(s) for s in parsed.sections]
    description = front.get("description")
    if isinstance(description, str) and description.strip():
        sections = _with_description(sections, description, warnings)
    text, spans = assemble(tuple(_bounded(sections, warnings)))
    if not spans and parsed.format != "pdf":  # headings alone are no text to search
        raise LoaderError("no text")
    return DocRecord(
        id=doc_id,
        format=parsed.format,
        title=title,
        source=path,
        size=stamp.size,
        mtime_ns=stamp.mtime_ns,
        sha256=stamp.sha256,
        pages=parsed.pages,
        headings=tuple(s.heading for s in sections if s.heading),
        tags=_strings(front.get("tags")),
        access=document_groups(front, file_groups),
        front_matter=front,
        warnings=tuple(warnings),
        text=text,
        spans=tuple(spans),
        includes=dict(includes or {}),
    )


def _titled(parsed: ParsedDoc) -> bool:
    """Whether a parsed file names its own title: in its front matter or metadata, or as its level-1 heading
    (not a lower one, which is a loader's last resort)."""
    own = parsed.front_matter.get("title")
    if isinstance(own, str) and own.strip():
        return True
    title = parsed.title.strip()
    return bool(title) and any(s.level == 1 and s.heading.strip() == title for s in parsed.sections)


def title_from_name(doc_id: str, named_after: str = "") -> str:
    """ "guides/getting_started-v2.md" -> "Getting started v2"; `named_after`, the name it takes instead of its
    file's (a folder's index page: its folder's, Site.page_name)."""
    stem = named_after or PurePosixPath(doc_id).stem
    words = re.sub(r"[_\-.]+", " ", stem).strip() or stem
    return words[:1].upper() + words[1:]


def _front_matter(parsed: ParsedDoc, warnings: list[str]) -> dict[str, Any]:
    """The front matter, cleaned, as JSON values (any loader's: the docstore stores it as JSON)."""
    front: dict[str, Any] = clean_value(dict(parsed.front_matter))
    try:
        json.dumps(front)
    except (TypeError, ValueError, RecursionError):
        warnings.append("front matter holds values that are not text, numbers or lists; ignored")
        front = {k: v for k, v in front.items() if k in ("tags", "access") and _jsonable(v)}
    if "url" in front:
        url, problem = checked_url(front.pop("url"))
        if url:
            front["url"] = url
        if problem:
            warnings.append(problem)
    return front


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _title(title: str, warnings: list[str]) -> str:
    title = " ".join(title.split())
    if len(title) > MAX_TITLE_CHARS:
        warnings.append(f"title longer than {MAX_TITLE_CHARS} characters; cut")
        cut = title.rfind(" ", MAX_TITLE_CHARS // 2, MAX_TITLE_CHARS)
        title = title[: cut if cut > 0 else MAX_TITLE_CHARS - 1].rstrip() + "…"
    return title


def _clean_section(section: Section) -> Section:
    text, heading = clean_text(section.text), " ".join(clean_text(section.heading).split())
    if text is section.text and heading == section.heading:
        return section
    return replace(section, text=text, heading=heading)


def _with_description(sections: list[Section], description: str, warnings: list[str]) -> list[Section]:
    """The description as the text's first paragraph, unless the text already opens with it; HTML tags in it
    (Docsy's section pages open theirs with an `<img>` icon) leave nothing, as the page shows them."""
    if "<" in description:
        description = _TAG.sub(" ", description)
    description = " ".join(clean_text(description).split())
    if len(description) > MAX_DESCRIPTION_CHARS:
        warnings.append(f"front matter description longer than {MAX_DESCRIPTION_CHARS:,} characters; cut")
        description = description[:MAX_DESCRIPTION_CHARS]
    opening = " ".join(sections[0].text.split()[:200]) if sections and not sections[0].heading else ""
    if opening.startswith(description):
        return sections
    if sections and not sections[0].heading:
        first = sections[0]
        return [replace(first, text=f"{description}\n\n{first.text}"), *sections[1:]]
    return [Section(text=description), *sections]


def _bounded(sections: list[Section], warnings: list[str]) -> list[Section]:
    """The sections up to MAX_TEXT_CHARS characters and MAX_DISTINCT_WORDS distinct words, cut with a warning."""
    if sum(len(s.text) for s in sections) <= _COUNT_WORDS_FROM:
        return sections
    kept: list[Section] = []
    chars, words = 0, set[str]()
    for section in sections:
        end = min(len(section.text), MAX_TEXT_CHARS - chars)
        words.update(WORD.findall(section.text, 0, end))
        if len(words) > MAX_DISTINCT_WORDS:
            end = _distinct_words_end([*kept, section])
            warnings.append(
                f"more than {MAX_DISTINCT_WORDS:,} distinct words (random or encoded data?): "
                f"only the first {chars + end:,} characters are indexed"
            )
            return [*kept, replace(section, text=section.text[:end])]
        if end < len(section.text):
            warnings.append(f"longer than {MAX_TEXT_CHARS:,} characters: only the first {MAX_TEXT_CHARS:,} are indexed")
            return [*kept, replace(section, text=section.text[:end])]
        chars += end
        kept.append(section)
    return kept


def _distinct_words_end(sections: list[Section]) -> int:
    """Where, in the last of `sections`, the words of all of them first number more than MAX_DISTINCT_WORDS."""
    words: set[str] = set()
    for section in sections[:-1]:
        words.update(WORD.findall(section.text))
    for match in WORD.finditer(sections[-1].text):
        words.add(match.group())
        if len(words) > MAX_DISTINCT_WORDS:
            return match.start()
    return len(sections[-1].text)


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list | tuple):
        return ()
    return tuple(str(v).strip() for v in value if str(v).strip())
