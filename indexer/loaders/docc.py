"""A page of a DocC documentation catalog (a folder named `Name.docc` holding it, found up to the repository's
root), turned into the Markdown a reader of the page sees, before it is parsed; elsewhere the page is left as it
is (`<doc:x>` and `@Name {` mean nothing special there).

- directives (`@Metadata { ... }`, `@Options`, `@Comment`, `@Tab("x") { ... }`) as doccdirectives.py shows them;
- a link to another page, `<doc:TheBasics>` (or `<doc:/documentation/Book/TheBasics>`, `<doc://org.swift.tspl/
  documentation/...>`), shows that page's title, "The Basics", as DocC shows it; one to a section,
  `<doc:Declarations#Constant-Declaration>`, that section's heading, "Constant Declaration". The page is the
  catalog's whose file is named so (DocC finds articles by their files' names, in any folder: pagescan.py finds
  them, within the folder included files may come from), read as includes.py reads a TITLE (a change to it reads
  the linking page again). A page not found shows its name (and the linking page is read again when one
  comes to the catalog: pagescan.watch()). The Markdown parser read `<doc:TheBasics>` as an
  autolink, "doc:TheBasics": 1,300 of them in The Swift Programming Language's text, 44 on its home page;
- a symbol link, ``` ``MyKit/Sloth/eat(_:)`` ```, shows the symbol's name in code voice, `eat(_:)`, without the
  path or the suffix that tells overloads apart (`-swift.class`, `-3x7qv`);
- the title: `# ``MyKit/Sloth``` is "Sloth", and `@DisplayName("Sloth Creator")` in its `@Metadata` replaces it;
- a term list's item, `- term Peer macros: Write peer ...`, shows its term without the keyword, "Peer macros: Write
  peer ..." (DocC's RenderTermLists; TSPL's Attributes page lists the macro roles so);
- `---` in prose is an em dash, as swift-markdown's smart punctuation sets it ("the terminator --- for example" reads
  "the terminator — for example" on the site).
"""

from __future__ import annotations

import os
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from indexer.loaders.doccdirectives import plain_directives
from indexer.loaders.fences import in_code, outside_code_spans
from indexer.loaders.includes import TITLE, included_text, reading_root
from indexer.loaders.pagescan import Scan, defined, watch
from indexer.loaders.pandocheadings import heading_parts
from indexer.loaders.sitefolders import site_folders

__all__ = ["CATALOG_SUFFIX", "docc_catalog", "plain_docc", "readable", "symbol_name"]

CATALOG_SUFFIX = ".docc"
_SIGNS = ("@", "<doc:", "``", "---", "term ", "Term ")
_DOC_LINK = re.compile(r"<doc:([^<>\s]{1,500})>")
_SYMBOL_LINK = re.compile(r"(?<!`)``([^`\n]{1,500})``(?!`)")
# what tells a symbol's overloads apart: its kind (`-swift.class`, `-objc.method`) or a hash (`-3x7qv`)
_DISAMBIGUATION = re.compile(
    r"(?<=[\w)])-(?:(?:swift|objc|c|data)\.[a-z.]{1,40}|(?=[0-9a-z]{4,6}$)[a-z]*[0-9][0-9a-z]*)$"
)
_EM_DASH = re.compile(r"(?<![-<!])---(?![->])")  # not a comment's `<!---`, nor a longer rule
_RULE_OR_DELIMITER = re.compile(r"[ \t|:-]*")  # a line of `---` (a rule, a heading's underline), a table's `|---|`
# `- term Peer macros: ...` (the term starts at a non-blank: tried at each blank, `[^:]*` ran to the line's end)
_TERM = re.compile(r"^([ \t>]*[-*+][ \t]+)term[ \t]+(?=[^ \t:][^:]*:)", re.IGNORECASE)
_FRAGMENT_BREAK = re.compile(r"[\s\-\u2013\u2014]+")
_NOT_IN_PATH = re.compile(r"[^A-Za-z0-9\-._~!$&'()*+,;=:@]")
_HEAD = 64_000  # characters of a page looked at for its title
_ARTICLES = Scan((".md",), frozenset({"node_modules"}), 0, lambda data: (), named=lambda path: _names(path))


def docc_catalog(page: Path) -> str | None:
    """The folder of the DocC catalog `page` lies in (the nearest folder named `*.docc` above it, up to the
    repository's root), None when it lies in none."""
    return _catalog(os.path.dirname(os.path.realpath(page)))


@lru_cache(maxsize=1024)
def _catalog(folder: str) -> str | None:
    return next((str(f) for f in site_folders(Path(folder)) if f.name.lower().endswith(CATALOG_SUFFIX)), None)


def plain_docc(text: str, page: Path) -> str:
    """`text` as a reader of the page sees it (the module docstring) when it lies in a DocC catalog."""
    if not any(sign in text for sign in _SIGNS) or (catalog := docc_catalog(page)) is None:
        return text
    directives = plain_directives(text)
    lines = directives.text.split("\n")
    titled = False
    for i, (line, code) in enumerate(in_code(list(lines))):
        if code:
            continue
        if not titled and (h1 := _heading_text(line, 1)) is not None:
            titled = True
            lines[i] = "# " + (directives.display_name or _symbols(h1, page, catalog))
            continue
        if "``" in line or "<doc:" in line or "---" in line:
            lines[i] = line = _symbols(line, page, catalog)
        if "erm " in line[:40]:
            lines[i] = _TERM.sub(r"\1", line, count=1)
    return "\n".join(lines)


def _symbols(line: str, page: Path, catalog: str) -> str:
    """A line with its symbol links and, outside code, its links to pages and its em dashes (`---`, which DocC's
    parser sets as "—": swift-markdown's smart punctuation) shown as DocC shows them."""
    if "``" in line:
        line = _SYMBOL_LINK.sub(lambda m: f"`{symbol_name(m.group(1))}`", line)
    dashes = "---" in line and _RULE_OR_DELIMITER.fullmatch(line) is None
    if "<doc:" in line or dashes:
        line = outside_code_spans(line, lambda part: _prose(part, page, catalog))
    return line


def _prose(text: str, page: Path, catalog: str) -> str:
    """Text outside code spans with its links to pages and its em dashes as DocC shows them."""
    text = _DOC_LINK.sub(lambda m: _link_text(m.group(1), page, catalog), text) if "<doc:" in text else text
    return _EM_DASH.sub("\u2014", text) if "---" in text else text


def symbol_name(link: str) -> str:
    """What a symbol link shows: the last part of its path, without what tells overloads apart."""
    last = link.strip().rstrip("/").rsplit("/", 1)[-1]
    return _DISAMBIGUATION.sub("", last) or last


def _link_text(target: str, page: Path, catalog: str) -> str:
    """What `<doc:target>` shows: the page's title, or its section's; the name written when neither is found."""
    if target.startswith("//"):  # doc://bundle.id/documentation/Book/Page
        target = target[2:].partition("/")[2]
    path, _, anchor = target.partition("#")
    name = path.rstrip("/").rsplit("/", 1)[-1]
    found = _article(name, page, catalog) if name else page
    text = included_text(page, os.path.relpath(found, page.parent), use=TITLE, once=True) if found else None
    shown = _heading(text, anchor) if text is not None else None
    return shown or (anchor or name).replace("-", " ")


def _heading(text: str, anchor: str) -> str | None:
    """The title of a page's text (its first `#` heading, or what its @DisplayName says), or, with `anchor`, of
    its section whose heading DocC makes that anchor of."""
    return _sections(text).get(_fragment(anchor).lower()) if anchor else _title(text)


@lru_cache(maxsize=16)
def _title(text: str) -> str | None:
    """A page's title (its first `#` heading outside code, or its @DisplayName), as DocC shows it. Remembered by
    the text (whose hash Python keeps): a page may link to one page many times."""
    head = text[:_HEAD]
    directives = plain_directives(head)
    if directives.display_name:
        return directives.display_name
    lines = head.split("\n")
    found = next((h for line, code in in_code(lines) if not code and (h := _heading_text(line, 1)) is not None), None)
    return _shown(found) if found is not None else None


@lru_cache(maxsize=16)
def _sections(text: str) -> dict[str, str]:
    """A page's headings by the anchor DocC makes of each (lower-cased), the first of two alike."""
    sections: dict[str, str] = {}
    for line, code in in_code(text.split("\n")):
        found = None if code else _heading_text(line)
        if found is not None:
            sections.setdefault(_fragment(found).lower(), _shown(found))
    return sections


def _heading_text(line: str, deepest: int = 6) -> str | None:
    """The text of an ATX heading of level `deepest` or above, without its closing `#`s (`# C#` is "C#"), None
    for another line. (Read as `#[ \t]+(.*?)[ \t#]*$`, a heading's run of blanks was tried at each of its
    characters: a minute for one of 100,000.)"""
    parts = heading_parts(line) if line.startswith("#") else None
    return parts.title if parts is not None and parts.level <= deepest else None


def _shown(heading: str) -> str:
    """A heading as the page shows it: its symbol links' names, no backticks."""
    return _SYMBOL_LINK.sub(lambda m: symbol_name(m.group(1)), heading.strip()).replace("`", "").strip()


def _fragment(title: str) -> str:
    """A heading as DocC makes it a link's fragment (urlReadableFragment): its words joined by `-`, its
    punctuation (but `-`) and backticks dropped."""
    joined = "-".join(word for word in _FRAGMENT_BREAK.split(title.strip()) if word)
    return "".join(c for c in joined if c == "-" or (not unicodedata.category(c).startswith("P") and c != "`"))


def _article(name: str, page: Path, catalog: str) -> str | None:
    """The page of the catalog whose file is named `name` (as written, else as DocC writes it in a URL, in any
    case), within the folder included files may come from; None for none."""
    root = reading_root()
    if root is None:
        return None
    inside = (catalog + os.sep).startswith(root.rstrip(os.sep) + os.sep)
    folder = catalog if inside else root  # (DOCS in the catalog: its own pages only)
    articles = defined(_ARTICLES, folder)
    found = articles.get(name) or articles.get(readable(name).lower())
    if found is None:  # come since the pages were walked; else the page is read again when it comes
        articles = watch(_ARTICLES, folder)
        found = articles.get(name) or articles.get(readable(name).lower())
    return found


def _names(path: str) -> tuple[str, ...]:
    """The names a link finds an article by: its file's name, and that name as DocC writes it in a URL."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return stem, readable(stem).lower()


def readable(name: str) -> str:
    """A name as DocC makes it a part of a URL's path (urlReadablePath): each character a path does not allow a
    `-` (`DocC Documentation` is `DocC-Documentation`)."""
    return _NOT_IN_PATH.sub("-", name)
