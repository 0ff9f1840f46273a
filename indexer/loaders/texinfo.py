"""Texinfo (.texi, .texinfo, .txi): GNU's manuals, read as their HTML manual shows them.

Title: @settitle, else the @title of the title page, else @top's (or the first chapter's) heading. Each @chapter,
@section, @subsection, @unnumbered..., @appendix... and @heading... line starts a Section at its level (@top and
chapters 1, sections 2, ...). What is no text is dropped: @node lines, menus, @c/@comment, @ignore, index entries,
@macro definitions, settings lines (@setfilename, @syncodeindex...), the title page, and what HTML does not show:
@iftex, @ifinfo, @ifnothtml, @tex, @latex, @html... blocks are left out, @ifhtml, @ifnottex, @ifnotinfo... read;
@ifset/@ifclear follow @set/@clear. @value{name} is what @set gave it, as set at that line (so a value naming
itself never loops). @copying is shown where @insertcopying is. @example, @lisp, @display... keep their lines as
written (their inline commands reduced); @verbatim keeps them raw. @itemize and @enumerate items start "- " or
"1. ", a @table's @item/@itemx term is a line of its own, a @multitable row is its cells joined by " | ", a
@deffn/@defun... line is "Category: name arguments", a @quotation's argument "Note:". A macro's call is read as
its arguments' text (macros are not expanded). @include FILE is the file read in place (includes.py: from the
documents folder, MAX_DEPTH deep, MAX_INCLUDES in all); a file of nothing but @set lines (version.texi) is no
page of its own. Other included files (fdl.texi) stay pages too: nothing tells a chapter from a manual whose
includer is not indexed. Inline commands: texinfoinline.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from indexer.errors import NotAPage
from indexer.loaders.includes import deeper, included_text
from indexer.loaders.texinfoblocks import Blocks
from indexer.loaders.texinfoinline import Values, reduce_inline
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["TexinfoLoader"]

_COMMAND = re.compile(r"[ \t]*@([A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9{])[ \t]*")
_LEVELS = {"top": 1, "chapter": 1, "unnumbered": 1, "appendix": 1, "centerchap": 1, "chapheading": 1, "majorheading": 1,
           "section": 2, "unnumberedsec": 2, "appendixsec": 2, "appendixsection": 2, "heading": 2,
           "subsection": 3, "unnumberedsubsec": 3, "appendixsubsec": 3, "subheading": 3,
           "subsubsection": 4, "unnumberedsubsubsec": 4, "appendixsubsubsec": 4, "subsubheading": 4}  # fmt: skip
_DROPPED_LINES = frozenset(
    {"node", "setfilename", "settitle", "dircategory", "finalout", "setchapternewpage", "syncodeindex", "synindex",
     "defindex", "defcodeindex", "printindex", "contents", "shortcontents", "summarycontents", "page", "need", "sp",
     "vskip", "exampleindent", "paragraphindent", "firstparagraphindent", "documentencoding", "documentlanguage",
     "headings", "footnotestyle", "allowcodebreaks", "clickstyle", "kbdinputstyle", "codequoteundirected",
     "codequotebacktick", "deftypefnnewline", "frenchspacing", "smallbook", "afourpaper", "afivepaper",
     "shorttitlepage", "alias", "definfoenclose", "evenheading", "oddheading", "everyheading", "evenfooting",
     "oddfooting", "everyfooting", "columnfractions", "novalidate", "setcontentsaftertitlepage",
     "xrefautomaticsectiontitle", "setshortcontentsaftertitlepage", "urefbreakstyle", "microtype",
     "documentdescription", "bye", "author",
     "subtitle", "title", "vindex", "findex", "cindex", "kindex", "pindex", "tindex", "c", "comment", "insertcopying",
     "set", "clear", "include", "end", "item", "itemx", "headitem"}
)  # fmt: skip
_IMPLIED = {"defun": "Function", "deftypefun": "Function", "defmac": "Macro", "defspec": "Special Form",
            "defvar": "Variable", "deftypevar": "Variable", "defopt": "User Option"}  # fmt: skip
_OF_CLASS = {"defmethod": "Method on", "deftypemethod": "Method on", "defivar": "Instance Variable of",
             "deftypeivar": "Instance Variable of"}  # fmt: skip
_VALUE = re.compile(r"@@|@value\{([^{}\n]*)\}")
_ESCAPED = str.maketrans({"@": "@@", "{": "@{", "}": "@}", ",": "@comma{}"})  # a value's text read as text
_INPUT = re.compile(r"\A\ufeff?[ \t]*\\input[ \t]+texinfo[^\n]*")  # TeX's line that reads texinfo.tex
_MAX_VALUE = 10_000  # characters of one @set value kept


@dataclass
class _Reader:
    """One manual's reading: its flags, its sections so far, and the block structure (texinfoblocks.py)."""

    path: Path
    values: Values = field(default_factory=Values)
    sections: list[Section] = field(default_factory=list)
    heading: str = ""
    level: int = 0
    lines: list[str] = field(default_factory=list)
    verbatim: set[int] = field(default_factory=set)  # numbers of the `lines` kept raw (@verbatim)
    marker: str = ""  # an @item's "- " or "2. " that waits for its text
    title: str = ""
    page_title: str = ""
    copying: list[str] = field(default_factory=list)
    blocks: Blocks = field(default_factory=Blocks)
    ended: bool = False

    def read(self, text: str, path: Path) -> None:
        for line in text.split("\n"):
            if self.ended:
                return
            self.line(line, path)

    def line(self, line: str, path: Path) -> None:
        blocks = self.blocks
        if blocks.raw:
            if blocks.closes_raw(line):
                return
            if blocks.shown():
                self._raw(line)
            return
        if "@value" in line and blocks.shown():
            line = _VALUE.sub(self._value, line)
        command = _COMMAND.match(line)
        name = command.group(1) if command else ""
        rest = line[command.end() :] if command else ""
        if name == "end":
            blocks.close(rest.split()[0] if rest.split() else "")
            return
        if blocks.opens(name, rest, self.values):
            if name in ("quotation", "smallquotation") and rest.strip() and blocks.shown():
                (self.copying if blocks.in_copying() else self.lines).append(rest.strip() + ":")  # "Note:"
            return
        if not blocks.shown():
            if blocks.in_title_page() and name == "title" and not self.page_title:
                self.page_title = self._inline(rest)
            return
        if blocks.in_copying():
            self.copying.append(line)
            return
        self._command(name, rest, line, path)

    def _command(self, name: str, rest: str, line: str, path: Path) -> None:
        if name in _LEVELS:
            self._flush()
            self.heading, self.level = self._inline(rest), _LEVELS[name]
        elif name == "settitle" and not self.title:
            self.title = self._inline(rest)
        elif name == "set":
            key, _, value = rest.partition(" ")
            self.values[key] = self._inline(value.strip()[:_MAX_VALUE])
        elif name == "clear":
            self.values.pop(rest.strip(), None)
        elif name == "include" and rest.strip():
            self._include(rest.strip(), path)
        elif name == "insertcopying":
            for copied in self.copying:
                self._append(copied)
            self.copying = []  # shown once: a manual that inserts it 10,000 times shows it no more
        elif name == "bye":
            self.ended = True
        elif name in ("item", "itemx", "headitem"):
            item = self.blocks.item(rest)
            if item.strip() and not rest.strip():
                self.marker = item
            else:
                self.lines.append(item)
        elif name.startswith("def") and name not in ("defindex", "defcodeindex"):
            self._append(_definition(name, rest))
        elif name in _DROPPED_LINES or (name.endswith("index") and name != "printindex" and not rest.startswith("{")):
            return
        else:
            self._append(line if name in ("", "tab") else rest)  # @center Title: "Title", not " Title"

    def _value(self, match: re.Match[str]) -> str:
        """@value{name} as `name` is set at its line (the section's text is reduced when it ends, after later @set
        and @clear lines), escaped to read as the text it is; `@@value` is left as it is."""
        if match.group(1) is None:
            return match.group()
        return self.values.expand(match.group(1).strip()).translate(_ESCAPED)

    def _include(self, target: str, path: Path) -> None:
        text = included_text(path, target)
        if text is None:
            return
        with deeper():
            self.read(text, path.parent / target)

    def _raw(self, line: str) -> None:
        self.verbatim.add(len(self.lines))
        self.lines.append(line)

    def _append(self, line: str) -> None:
        """A line of text; the first after an @item that had none of its own follows the item's marker."""
        if self.marker and line.strip():
            line, self.marker = self.marker + line.lstrip(), ""
        self.lines.append(line)

    def _inline(self, text: str) -> str:
        return " ".join(reduce_inline(text, self.values).split())

    def _flush(self) -> None:
        body = self._body()
        if body or self.heading:
            self.sections.append(Section(text=body, heading=self.heading, level=self.level))
        self.lines, self.verbatim, self.marker = [], set(), ""

    def _body(self) -> str:
        """The section's lines, inline commands reduced across lines (a @xref may break), @verbatim lines raw."""
        pieces: list[str] = []
        run: list[str] = []
        for number, line in enumerate(self.lines):
            if number in self.verbatim:
                if run:
                    pieces.append(reduce_inline("\n".join(run), self.values))
                pieces.append(line)
                run = []
            else:
                run.append(line)
        pieces.append(reduce_inline("\n".join(run), self.values))
        text = "\n".join(piece.rstrip() for piece in "\n".join(pieces).split("\n"))
        return re.sub(r"\n{3,}", "\n\n", text).strip("\n")


def _definition(name: str, rest: str) -> str:
    """A @deffn/@defun... line as the HTML manual shows it: "Category: name arguments" (@deffn Command foo x is
    "Command: foo x", @defun foo x is "Function: foo x", @defmethod Window show is "Method on Window: show")."""
    name = name[:-1] if name.endswith("x") and name != "defx" else name  # @deffnx is @deffn's next line
    if name in _IMPLIED:
        return f"{_IMPLIED[name]}: {rest}"
    first, rest = _first_argument(rest)
    if name in _OF_CLASS:
        return f"{_OF_CLASS[name]} {first}: {rest}"
    return f"{first}: {rest}" if first and rest else first or rest


def _first_argument(rest: str) -> tuple[str, str]:
    """A definition line's first argument ("{Library Function}" in braces, else a word) and what follows it."""
    rest = rest.strip()
    if rest.startswith("{") and (end := rest.find("}")) > 0:
        return rest[1:end], rest[end + 1 :].strip()
    first, _, after = rest.partition(" ")
    return first, after.strip()


class TexinfoLoader:
    """Loads .texi, .texinfo and .txi files; see the module docstring for what becomes text."""

    format = "texinfo"
    suffixes = frozenset({".texi", ".texinfo", ".txi"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        reader = _Reader(path)
        text = decode_text(data)
        reader.read(_INPUT.sub("", text, count=1), path)
        reader._flush()
        headings = (section.heading for section in reader.sections if section.heading)
        title = reader.title or reader.page_title or next(headings, "")  # no @settitle: @top's, or a chapter's
        if not title and not any(section.text or section.heading for section in reader.sections) and reader.values:
            raise NotAPage("Texinfo @set lines only (a version.texi): read where manuals include it, no page")
        unclosed = reader.blocks.unclosed_hidden()
        warnings = (
            (f"@{unclosed} is never ended (no @end {unclosed}): the text after it is left out",) if unclosed else ()
        )
        return ParsedDoc(format=self.format, title=title, sections=tuple(reader.sections), warnings=warnings)
