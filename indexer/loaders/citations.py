"""Pandoc's citations (`[@xie2015]`, `[see @xie2015, p. 3; @knuth84]`, `[-@xie2015]`, `@xie2015 says`) in R
Markdown and Quarto pages, shown as the page shows them in an author-date style: "(Xie 2015)", "(see Xie 2015,
p. 3; Knuth 1984)", "(2015)", "Xie (2015) says".

The references are the BibTeX files the page's front matter names (`bibliography: book.bib`, or a list), else, in
a bookdown book, those of index.Rmd beside it (the book's front matter, which bookdown gives every chapter); read
as includes are read (includes.py: from the documents folder, a change reads the page again). A bracketed
citation of a key no file holds shows the key, "(R-knitr)": bookdown's `packages.bib`, which holds such keys, is
written when the book is built; a bare `@name` of no key is left as written (an e-mail, a handle). Code blocks
and code spans are left as written. BibTeX is read entry by entry, each value's braces counted once: linear; and
once for the pages that cite it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.fences import in_code, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import SETTINGS, included_text, probe

__all__ = ["MAX_FILES", "bibliography", "with_citations"]

MAX_FILES = 20
_KEY = r"[\w](?:[\w:.#$%&+?<>~/-]*[\w])?"
_BRACKETED = re.compile(r"\[([^\[\]\n@]*@[^\[\]\n]*)\](?![(\[{])")  # its first @ (one way to match); not [@x](url)
_ITEM = re.compile(rf"^((?:.*\s)?)(-?)@({_KEY})(.*)$", re.DOTALL)  # @ after a space: not an e-mail
_BARE = re.compile(rf"(?<![\w@.\\`-])@({_KEY})")
_ENTRY = re.compile(r"@[ \t]*(\w+)[ \t\r\n]*[{(][ \t\r\n]*([^,\s{}()]+)[ \t\r\n]*,")
_FIELD = re.compile(r"[ \t\r\n,]*(\w[\w-]*)[ \t\r\n]*=[ \t\r\n]*")
_COMMAND = re.compile(r"\\[A-Za-z]+\s*|\\.|[{}]")  # LaTeX in a name: {\"o}, {R Core Team}
_YEAR = re.compile(r"\d{4}")
_MARKS = re.compile(r'[{}"]')
_BARE_END = re.compile(r"[,}\n]")


def with_citations(text: str, path: Path, front_matter: Mapping[str, Any]) -> str:
    """`text` (a page's Markdown) with its citations as the module docstring says."""
    if "@" not in text:
        return text
    references = bibliography(path, front_matter)
    lines = [
        line if code or "@" not in line else outside_code_spans(line, lambda prose: _cited(prose, references))
        for line, code in in_code(text.split("\n"))
    ]
    return "\n".join(lines)


def bibliography(path: Path, front_matter: Mapping[str, Any]) -> dict[str, str]:
    """Each key of the page's references and how a citation shows it: "Xie 2015", "Xie and Allaire 2018",
    "Wickham et al. 2019"."""
    named = _files(front_matter)
    chapter = path.suffix.lower() == ".rmd" and path.name != "index.Rmd"
    if not named and chapter and probe(str(path.parent / "index.Rmd")):
        book = included_text(path, "index.Rmd", use=SETTINGS)  # its front matter alone
        named = _files(split_front_matter(book)[0]) if book is not None else []
    references: dict[str, str] = {}
    for name in named[:MAX_FILES]:
        if probe(str(path.parent / name)) and (text := included_text(path, name)) is not None:
            references.update(_references(text))
    return references


@functools.lru_cache(maxsize=8)
def _references(text: str) -> dict[str, str]:
    """A BibTeX file's keys and labels, parsed once for the chapters that share it (a .bib may hold 100,000
    entries); the file is still read for each page, so that a change reads the page again. Never changed."""
    return dict(_entries(text))


def _files(front_matter: Mapping[str, Any]) -> list[str]:
    value = front_matter.get("bibliography")
    names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [name.strip() for name in names if isinstance(name, str) and name.strip().lower().endswith(".bib")]


def _cited(text: str, references: Mapping[str, str]) -> str:
    if "@" not in text:
        return text
    text = _BRACKETED.sub(lambda m: _bracketed(m, references), text) if "[" in text else text
    return _BARE.sub(lambda m: _in_text(m, references), text)


def _bracketed(citation: re.Match[str], references: Mapping[str, str]) -> str:
    """`[see @a, p. 3; @b]` as "(see A 2015, p. 3; B 2019)"; as written when an item cites no key."""
    shown = []
    for item in citation.group(1).split(";"):
        found = _ITEM.match(item.strip())
        if found is None:
            return citation.group()
        prefix, suppressed, key, suffix = found.groups()
        label = references.get(key)
        cited = key if label is None else label.rsplit(" ", 1)[-1] if suppressed else label
        shown.append(f"{prefix}{cited}{suffix}".strip())
    return "(" + "; ".join(shown) + ")"


def _in_text(citation: re.Match[str], references: Mapping[str, str]) -> str:
    label = references.get(citation.group(1))
    if label is None:
        return citation.group()
    names, _, year = label.rpartition(" ")
    return f"{names} ({year})"


def _entries(text: str) -> Iterator[tuple[str, str]]:
    """Each entry's key and label of a BibTeX file (not its @string, @comment and @preamble)."""
    pos = 0
    while (entry := _ENTRY.search(text, pos)) is not None:
        fields, pos = _fields(text, entry.end())
        if entry.group(1).lower() not in ("string", "comment", "preamble"):
            yield entry.group(2), _label(fields, entry.group(2))


def _fields(text: str, pos: int) -> tuple[dict[str, str], int]:
    """An entry's fields (lowercased names) from `pos`, and where the entry ends."""
    fields: dict[str, str] = {}
    while (field := _FIELD.match(text, pos)) is not None:
        value, pos = _value(text, field.end())
        fields[field.group(1).lower()] = value
    return fields, pos


def _value(text: str, pos: int) -> tuple[str, int]:
    """A field's value from `pos`: braced (braces inside counted), quoted (a quote inside braces is no end), or
    a bare word or number; and where it ends."""
    opening = text[pos : pos + 1]
    if opening in ("{", '"'):
        depth = 1 if opening == "{" else 0
        for mark in _MARKS.finditer(text, pos + 1):
            depth += 1 if mark.group() == "{" else -1 if mark.group() == "}" else 0
            if (depth == 0 and mark.group() != "{") if opening == "{" else (mark.group() == '"' and depth <= 0):
                return text[pos + 1 : mark.start()], mark.end()
        return text[pos + 1 :], len(text)
    end = _BARE_END.search(text, pos)
    stop = end.start() if end else len(text)
    return text[pos:stop].strip(), stop


def _label(fields: Mapping[str, str], key: str) -> str:
    """The label of an entry, "Xie 2015": its authors' (else its editors') last names, and its year."""
    people = fields.get("author") or fields.get("editor") or ""
    people = " ".join(people.split())  # one blank between words: "and" is then found in one pass
    names = [name for name in (_last_name(n) for n in people.split(" and ")) if name] if people else []
    shown = f"{names[0]} et al." if len(names) > 2 else " and ".join(names) or key
    year = _YEAR.search(fields.get("year") or fields.get("date") or "")
    return f"{shown} {year.group() if year else 'n.d.'}"


def _last_name(name: str) -> str:
    if name.startswith("{") and name.endswith("}"):  # {R Core Team}: one name as written
        return _COMMAND.sub("", name).strip()
    last = name.split(",")[0] if "," in name else name.split()[-1] if name.split() else ""
    return _COMMAND.sub("", last).strip()
