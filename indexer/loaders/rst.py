"""reStructuredText: parsed by docutils into its document tree, which is walked to clean text and sections.

Each section title starts a Section. Roles keep their text without the markup (`:func:`os.path.join`` is
"os.path.join", `:pep:`8`` is "PEP 8", Sphinx's `:ref:`Title <label>`` is "Title"); literal blocks are kept as
written; admonitions (note, warning...) are their text under the title Sphinx shows ("Note", "See also"), the
content of Sphinx's prose directives (hlist...) is text, version notes read as Sphinx writes them ("Added in
version 3.2: " and their text), code directives (code-block...) are code under their caption, and what is not text
(image, raw, toctree, index, comments, targets) is dropped. A directive docutils does not know reads as prose too,
so that the markup inside it (roles, code blocks, Sphinx's tabs) is read, not kept as written; unless docutils
finds its content to be no reStructuredText (code: rstblocks.py). What Sphinx never shows is dropped too: a field
list before anything else in the file (its file-wide metadata: `:orphan:`, `:tocdepth: 2`), the argument of `only`,
`module` or `rst-class` (their body is read), and settings such as `highlight` or `currentmodule`. Title: a
PEP-style header's, "PEP 8 -- Title", with an en dash (the header block of Python's PEPs, whose other fields are
the page's first lines: pepheader.py), else the first section title. In a Sphinx project, `|version|` and
`|release|` are its conf.py's, and a page that refers to a substitution or link target it does not define is read
within the project's rst_prolog and rst_epilog (sphinxproject.py).

Safety: `include` and Sphinx's `literalinclude` are put in place before docutils reads the page, from the documents
folder only (sphinxfiles.py, includes.py); docutils itself reads no file and inserts no raw markup (its `include`,
`raw` and `csv-table :file:` are refused or dropped), no docutils configuration file is read (Sphinx's conf.py is
read as text, never run), and docutils reports nothing, anywhere: its messages never reach the terminal or the
text. Whatever goes wrong in docutils (an error, nesting too deep for it, a line longer than it reads) the file is
read as plain text, with a warning: its text is never lost.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.core import publish_doctree

from indexer.errors import NotAPage
from indexer.loaders import rstblocks, sphinxproject, sphinxrefs
from indexer.loaders.autodoc import expand_rst_autodoc
from indexer.loaders.fences import fence_for
from indexer.loaders.moved import MOVED, only_moved
from indexer.loaders.pepheader import header_lines, header_rst, pep_header, pep_title
from indexer.loaders.rstblocks import block_text, inline_text
from indexer.loaders.sphinx import ADMONITION_TITLES, role_text
from indexer.loaders.sphinxfiles import expand_rst_includes
from indexer.loaders.text import sections_at, split_rst
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["RstLoader", "rst_as_markdown"]

_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")  # ASCII punctuation: each escaped, Markdown shows it as written
_ROLE = re.compile(r":((?:[A-Za-z0-9][\w.+-]*:)+)`((?:[^`\\]|\\.)+)`")
_HEADER_MARKUP = re.compile(r"[`*\\|\[]|_(?!\w)")  # what inline markup starts or ends with (a `name_` reference)
_UNRESOLVED = ("Undefined substitution referenced", "Unknown target name")  # docutils' words
_REFUSED = "Problematic content in substitution definition"  # docutils' words for a definition it refused
_DEFINED = re.compile(r"\.\.[ \t]+\|([^|\n]+)\|")  # the name a substitution definition gives
# a `replace::` substitution's definition, its text and the indented lines after it; and a reference to one
_REPLACE = re.compile(r"^\.\.[ \t]+\|([^|\n]{1,200})\|[ \t]+replace::([^\n]*(?:\n[ \t]+[^\n]*)*)", re.MULTILINE)
_REFERENCE = re.compile(r"\|([^|\n]{1,200})\|")
MAX_SUBSTITUTED = 10_000_000  # characters a page's substitutions may make (the text a document may have)
_MAX_NESTED = 50  # substitutions within substitutions counted, at most
_TOO_LONG = "exceeds the line-length-limit"  # docutils' words for a line it does not read, and then reads no line


def _settings() -> dict[str, Any]:
    return {
        "file_insertion_enabled": False,  # `include` and `:file:` options read no file
        "raw_enabled": False,
        "_disable_config": True,  # no docutils.conf from the working folder or the home folder
        "report_level": 5,  # nothing is reported...
        "halt_level": 5,  # ...and nothing stops the parse
        "warning_stream": io.StringIO(),  # ...and were anything written, it would go nowhere
        "exit_status_level": 5,
        "traceback": True,  # raise, never print and exit
        "syntax_highlight": "none",
        "doctitle_xform": False,  # sections stay sections
        "sectsubtitle_xform": False,
        "docinfo_xform": False,
        "smart_quotes": False,
        "input_encoding": "unicode",
        "language_code": "en",
    }


class RstLoader:
    """Loads .rst files through docutils (see the module docstring)."""

    format = "text"
    suffixes = frozenset({".rst", ".rest"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        with sphinxrefs.page(path):
            return self._load(path, data)

    def _load(self, path: Path, data: bytes) -> ParsedDoc:
        text = expand_rst_autodoc(expand_rst_includes(decode_text(data), path), path)
        header, body = pep_header(text)
        title, front = _header(header)
        try:
            sections = _parse(body)
        except Exception as exc:  # docutils is a library: any failure (RecursionError too) is this file's
            return _plain(text, title, f"{type(exc).__name__}: {exc}"[:200])
        if only_moved(sections):
            raise NotAPage(MOVED)
        if front:
            sections = [Section(text=front), *sections]
        title = title or next((s.heading for s in sections if s.heading), "")
        return ParsedDoc(format=self.format, title=title, sections=tuple(sections))


def _header(header: dict[str, str]) -> tuple[str, str]:
    """A PEP header's title ("PEP 8 -- Title") and its fields as the site's table shows them, a "Name: value" line
    each: the `Title:` and each value read as reStructuredText (``x`` is x, a link its text: pepheader.py); as
    written when docutils cannot read them. ("", "") without a header. A header of no markup is not parsed: it
    reads as written, and docutils' start costs more than the rest of a short page (8 ms of a PEP's 40)."""
    if not header:
        return "", ""
    written, fields = pep_title(header), header_rst(header)
    if not _HEADER_MARKUP.search(written) and not _HEADER_MARKUP.search(fields):
        return written, "\n".join(header_lines(header))
    try:
        document = _doctree(f"{written}\n\n{fields}")
    except Exception:  # docutils is a library: any failure leaves the header as written
        return written, "\n".join(header_lines(header))
    first = document.children[0] if document.children else None
    title = " ".join(inline_text(first).split()) if isinstance(first, nodes.paragraph) else written
    shown = [block_text(child) for child in document.children if isinstance(child, nodes.field_list)]
    if fields and not shown:  # the title's markup took the fields in (a title ending "::" makes them code)
        shown = header_lines(header)
    return title, "\n".join(filter(None, shown))


def _doctree(text: str) -> nodes.document:
    """docutils' tree of `text`, each admonition under the title Sphinx shows it with (`.. note::`: "Note"). A
    ValueError when a line is longer than docutils reads: it then reads nothing of the page (a paragraph of 12,000
    characters on one line lost the whole page as "no text"), and its inline markup takes the square of a line's
    length (a line of 100,000 `*a` took 33 s), so that the page is read as plain text instead. A ValueError too
    when its `replace::` substitutions would write more than MAX_SUBSTITUTED characters: docutils copies a
    definition into each reference, and one of 9,000 characters referred to 2,000 times made a page of 17 KB 18 MB
    of text (one of 1 MB, a gigabyte)."""
    _check_substitutions(text)
    try:
        document = publish_doctree(text, settings_overrides=_settings())
    except KeyError as exc:  # docutils looks up a nested reference's name without asking whether it is defined
        raise UndefinedNested(exc.args[0] if exc.args else "?") from exc
    too_long = next(
        (m for m in document.children if isinstance(m, nodes.system_message) and _TOO_LONG in m.astext()), None
    )
    if too_long is not None:
        line = re.search(r"Line (\d+)", too_long.astext())
        limit = document.settings.line_length_limit
        raise ValueError(f"line {line.group(1) if line else '?'} is longer than {limit:,} characters")
    for node in list(document.findall(nodes.Element)):
        title = ADMONITION_TITLES.get(node.tagname) if isinstance(node, nodes.Admonition) else None
        if title and not (node.children and isinstance(node.children[0], nodes.title)):
            node.insert(0, nodes.title("", title))
    _substitute_refused(document)
    return document


class UndefinedNested(ValueError):
    """A substitution's definition refers to a substitution the text does not define, and the text refers to the
    first before its definition: docutils' Substitutions transform then fails with a KeyError (0.23) instead of
    reporting it, as it does when the definition comes first."""

    def __init__(self, name: object) -> None:
        super().__init__(f"a substitution's definition refers to |{name}|, which is defined nowhere")


def _check_substitutions(text: str) -> None:
    """ValueError when the text's `replace::` substitutions, copied into their references, make more than
    MAX_SUBSTITUTED characters (names compared as docutils compares them: case and spaces aside)."""
    if "replace::" not in text:
        return
    name = nodes.fully_normalize_name
    references = Counter(name(m.group(1)) for m in _REFERENCE.finditer(text))
    definitions = {name(m.group(1)): m.group(2) for m in _REPLACE.finditer(text)}
    sizes: dict[str, int] = {}  # a definition's length with the substitutions it refers to put in, at most MAX+1

    def size(key: str, depth: int) -> int:  # (a circular one counts once: docutils refuses it)
        if depth > _MAX_NESTED:  # deeper than any page means: as if too long
            return MAX_SUBSTITUTED + 1
        if key not in sizes:
            sizes[key] = 0
            inner = [name(m.group(1)) for m in _REFERENCE.finditer(definitions[key])]
            total = len(definitions[key]) + sum(size(k, depth + 1) for k in inner if k in definitions)
            sizes[key] = min(total, MAX_SUBSTITUTED + 1)
        return sizes[key]

    made = sum(size(key, 0) * references[key] for key in definitions)
    if made > MAX_SUBSTITUTED:
        raise ValueError(f"its substitutions would make more than {MAX_SUBSTITUTED:,} characters of text")


def _substitute_refused(document: nodes.document) -> None:
    """Put in place each substitution whose definition docutils refused for a role it does not know (Django's
    rst_epilog: `.. |django-users| replace:: :ref:`django-users <django-users-mailing-list>``; docutils says
    "Problematic content in substitution definition" and leaves every `|django-users|` as written): Sphinx
    knows its roles and shows what they make, which the role's problematic node reads as (rstblocks.py)."""
    refused: dict[str, list[nodes.Node]] = {}
    for message in document.findall(nodes.system_message):
        source, body = message.next_node(nodes.literal_block), message.next_node(nodes.block_quote)
        named = _DEFINED.match(source.astext()) if source is not None and _REFUSED in message.astext() else None
        shown = body.next_node(nodes.paragraph) if named and body is not None else None
        if named and shown is not None:
            refused.setdefault(nodes.fully_normalize_name(named.group(1)), list(shown.children))
    if not refused:
        return
    for node in list(document.findall(nodes.problematic)):
        text = node.astext().rstrip("_")
        name = nodes.fully_normalize_name(text[1:-1]) if len(text) > 2 and text[0] == text[-1] == "|" else ""
        if name in refused and node.parent is not None:
            at = node.parent.index(node)
            node.parent[at : at + 1] = [child.deepcopy() for child in refused[name]]


def _parse(text: str) -> list[Section]:
    try:
        document = _doctree(text)
    except UndefinedNested:  # Ansible's `.. |enable_mode| replace:: Enable Mode |br| ...`, |br| in rst_epilog
        framed = sphinxproject.framed(text)
        if framed == text:
            raise
        document = _doctree(framed)
    else:
        if any(problem in message.astext() for message in document.transform_messages for problem in _UNRESOLVED):
            framed = sphinxproject.framed(text)  # its project's rst_prolog or rst_epilog may define them
            document = _doctree(framed) if framed != text else document
    first = next((node for node in document.children if not isinstance(node, nodes.PreBibliographic)), None)
    if isinstance(first, nodes.field_list):
        document.remove(first)  # Sphinx's file-wide metadata (`:orphan:`, `:tocdepth: 2`), never shown
    walker = _Sections()
    walker.walk(document)
    return walker.close()


class _Sections:
    """A document's body elements as text, cut at its sections' titles."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.heading = ""
        self.level = 0
        self.blocks: list[str] = []

    def walk(self, node: nodes.Element, depth: int = 0) -> None:
        for child in node.children:
            if isinstance(child, nodes.section):
                self.close()
                title = child.next_node(nodes.title)
                self.heading = " ".join(inline_text(title).split()) if title is not None else ""
                self.level = depth + 1
                self.walk(child, depth + 1)
            elif not (isinstance(child, nodes.title) and isinstance(node, nodes.section)):
                text = block_text(child)
                if text.strip():
                    self.blocks.append(text)

    def close(self) -> list[Section]:
        body = "\n\n".join(self.blocks).strip("\n")
        if body.strip() or self.heading:  # a title right before another is kept (assemble() joins them)
            self.sections.append(Section(text=body if body.strip() else "", heading=self.heading, level=self.level))
        self.blocks = []
        return self.sections


def rst_as_markdown(text: str, path: Path | None = None) -> str:
    """reStructuredText written inside a Markdown page (MyST's ```{eval-rst}```), as Markdown that reads as its
    text: each block's lines as written (every punctuation character escaped, a hard break after each line), code
    and literal blocks as fenced code. Its includes are put in place when `path`, the page, is given; if docutils
    fails, the lines are shown as written."""
    if path is not None:
        text = expand_rst_autodoc(expand_rst_includes(text, path), path)
    try:
        blocks = list(_blocks(_doctree(text)))
    except Exception:  # docutils is a library: any failure (RecursionError too) leaves the text
        blocks = [(False, text)]
    return "\n\n".join(_fenced(body) if verbatim else _escaped(body) for verbatim, body in blocks if body.strip())


def _blocks(node: nodes.Element) -> Iterator[tuple[bool, str]]:
    """(is it code, its text) of each block of a tree, in order: code blocks wherever they stand (in a note, a
    directive read as prose), lists and tables whole, a section's title as a block of its own."""
    for child in node.children:
        if isinstance(child, rstblocks.VERBATIM):
            yield True, block_text(child)
        elif isinstance(child, nodes.title):
            yield False, " ".join(inline_text(child).split())
        elif isinstance(child, nodes.Element) and not isinstance(child, rstblocks.WHOLE) and _holds_code(child):
            yield from _blocks(child)
        else:
            yield False, block_text(child)


def _holds_code(node: nodes.Element) -> bool:
    return node.next_node(lambda n: isinstance(n, rstblocks.VERBATIM)) is not None


def _fenced(code: str) -> str:
    fence = fence_for(code)
    return f"{fence}\n{code}\n{fence}"


def _escaped(text: str) -> str:
    lines = [_PUNCTUATION.sub(r"\\\1", line.strip()) for line in text.strip("\n").split("\n")]
    return "\\\n".join(line for line in lines if line)


def _plain(text: str, title: str, problem: str) -> ParsedDoc:
    """The fallback: the file as plain text cut at its underlined titles, roles reduced to their text."""
    lines = [_ROLE.sub(lambda m: role_text(m.group(2), m.group(1)[:-1]), line.rstrip()) for line in text.split("\n")]
    headings = split_rst(lines)
    title = title or next((heading for _, _, heading in headings if heading), "")
    warning = f"reStructuredText could not be parsed ({problem}); indexed as plain text"
    return ParsedDoc(format="text", title=title, sections=sections_at(lines, headings), warnings=(warning,))
