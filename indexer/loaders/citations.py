"""Pandoc's citations (`[@xie2015]`, `[see @xie2015, p. 3; @knuth84]`, `[-@xie2015]`, `@xie2015 says`) in R
Markdown and Quarto pages, shown as the page shows them in an author-date style: "(Xie 2015)", "(see Xie 2015,
p. 3; Knuth 1984)", "(2015)", "Xie (2015) says".

The references are the BibTeX files the page's metadata names (`bibliography: book.bib`, or a list: its front
matter, else a Quarto project's _metadata.yml or _quarto.yml, each name read from the folder of the file giving
it), else, in a bookdown book, those of the nearest index.Rmd at or above the page (the book's front matter, which
bookdown gives every chapter); read as includes are read (includes.py: from the documents folder, a change reads
the page again). A page that names none is left as written: no citation shows, and `@fig-x`, `[@sec-x]` are
Quarto's cross references. A bracketed citation of a key no file holds shows the key, "(R-knitr)": bookdown's
`packages.bib`, which holds such keys, is written when the book is built; but one with a cross reference's prefix
(`fig-`, `tbl-`, `sec-`, ...) and a bare `@name` of no key (an e-mail, a handle) are left as written. Code blocks
and code spans are left as written. BibTeX is read entry by entry, each value's braces counted once: linear; and
once for the pages that cite it.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from indexer.loaders.fences import in_code, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import SETTINGS, folders_up, included_text, probe, reading_root
from indexer.loaders.quartometa import Metadata

__all__ = ["MAX_FILES", "bibliography", "with_citations"]

MAX_FILES = 20
_KEY = r"[\w](?:[\w:.#$%&+?<>~/-]*[\w])?"
_BRACKETED = re.compile(r"\[([^\[\]\n@]*@[^\[\]\n]*)\](?![(\[{])")  # its first @ (one way to match); not [@x](url)
_ITEM = re.compile(rf"^((?:.*\s)?)(-?)@({_KEY})(.*)$", re.DOTALL)  # @ after a space: not an e-mail
_CROSS_REFERENCE = re.compile(r"(?:fig|tbl|sec|eq|lst|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem|apx)-")  # Quarto's
_BARE = re.compile(rf"(?<![\w@.\\`-])@({_KEY})")
_ENTRY = re.compile(r"@[ \t]*(\w+)[ \t\r\n]*[{(][ \t\r\n]*([^,\s{}()]+)[ \t\r\n]*,")
_FIELD = re.compile(r"[ \t\r\n,]*(\w[\w-]*)[ \t\r\n]*=[ \t\r\n]*")
_COMMAND = re.compile(r"\\[A-Za-z]+\s*|\\.|[{}]")  # LaTeX in a name: {\"o}, {R Core Team}
_YEAR = re.compile(r"\d{4}")
_MARKS = re.compile(r'[{}"]')
_BARE_END = re.compile(r"[,}\n]")


def with_citations(text: str, path: Path, metadata: Metadata) -> str:
    """`text` (a page's Markdown) with its citations as the module docstring says; as written when the page names
    no bibliography (its `@fig-x` and `[@sec-x]` are Quarto's cross references, and no citation shows)."""
    if "@" not in text:
        return text
    named = _named(path, metadata)
    if not named:
        return text
    references = bibliography(path, named)
    lines = [
        line if code or "@" not in line else outside_code_spans(line, lambda prose: _cited(prose, references))
        for line, code in in_code(text.split("\n"))
    ]
    return "\n".join(lines)


def bibliography(path: Path, named: list[str]) -> dict[str, str]:
    """Each key of the BibTeX files `named` (paths from the page's folder) and how a citation shows it: "Xie
    2015", "Xie and Allaire 2018", "Wickham et al. 2019"."""
    references: dict[str, str] = {}
    for name in named[:MAX_FILES]:
        if probe(os.path.join(path.parent, name)) and (text := included_text(path, name)) is not None:
            references.update(_references(text))
    return references


@functools.lru_cache(maxsize=8)
def _references(text: str) -> dict[str, str]:
    """A BibTeX file's keys and labels, parsed once for the chapters that share it (a .bib may hold 100,000
    entries); the file is still read for each page, so that a change reads the page again. Never changed."""
    return dict(_entries(text))


def _named(path: Path, metadata: Metadata) -> list[str]:
    """The BibTeX files the page's metadata names (its front matter, a Quarto project's _metadata.yml and
    _quarto.yml), else, for an R Markdown page, the nearest index.Rmd's: each as a path from the page's folder (a
    name is read from the folder of the file that gives it)."""
    value, named_by = metadata.located("bibliography")
    names = _files(value)
    if not names and path.suffix.lower() == ".rmd" and path.name != "index.Rmd":  # the book's front matter itself
        names, named_by = _book_files(path)
    folder = os.path.relpath(named_by.parent, path.parent)
    return [os.path.normpath(os.path.join(folder, name)) for name in names]


def _book_files(path: Path) -> tuple[list[str], Path]:
    """The BibTeX files a bookdown book's front matter names (the nearest index.Rmd at or above the page: bookdown
    gives it to every chapter, those in rmd_subdir's subfolders too), and that index.Rmd; ([], the page) for none."""
    book = next((index for index in _indexes(path) if probe(os.path.join(path.parent, index))), None)
    text = included_text(path, book, use=SETTINGS) if book is not None else None  # its front matter alone
    if book is None or text is None:
        return [], path
    return _files(split_front_matter(text)[0].get("bibliography")), path.parent / book


def _indexes(path: Path) -> Iterator[str]:
    """index.Rmd in the page's folder and each folder above it within the folder included files come from, as
    paths from the page's folder."""
    root = reading_root()
    for depth, folder in enumerate(folders_up(path)):
        if root is None or not (folder == root or folder.startswith(root + os.sep)):
            return
        yield os.path.join(*([".."] * depth), "index.Rmd")


def _files(value: Any) -> list[str]:
    names = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [name.strip() for name in names if isinstance(name, str) and name.strip().lower().endswith(".bib")]


def _cited(text: str, references: Mapping[str, str]) -> str:
    if "@" not in text:
        return text
    text = _BRACKETED.sub(lambda m: _bracketed(m, references), text) if "[" in text else text
    return _BARE.sub(lambda m: _in_text(m, references), text)


def _bracketed(citation: re.Match[str], references: Mapping[str, str]) -> str:
    """`[see @a, p. 3; @b]` as "(see A 2015, p. 3; B 2019)"; as written when an item cites no key, or when each
    is a cross reference (`[@fig-plot]`, which Quarto numbers); one among citations keeps its `@fig-plot`."""
    shown, crossed = [], 0
    for item in citation.group(1).split(";"):
        found = _ITEM.match(item.strip())
        if found is None:
            return citation.group()
        prefix, suppressed, key, suffix = found.groups()
        label = references.get(key)
        if label is None and _CROSS_REFERENCE.match(key):
            crossed, cited = crossed + 1, f"{suppressed}@{key}"
        else:
            cited = key if label is None else label.rsplit(" ", 1)[-1] if suppressed else label
        shown.append(f"{prefix}{cited}{suffix}".strip())
    return citation.group() if crossed == len(shown) else "(" + "; ".join(shown) + ")"


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
