"""Reading a manual page's lines in order: the roff requests both macro packages share (breaks, fill, strings,
conditions, tables), the rest handed to the package's macros (man.py's ManMacros, mdoc.py's MdocMacros).

Conditions are decided as nroff decides them for a terminal (`.if n` holds, `.if t` does not; groff's `\\n(.g`
is 1; anything else does not hold), and the lines of one that does not hold are skipped, braces counted. Macro
definitions (`.de`) and `.ig` blocks are skipped whole: a page's own macros are not run. A tbl table
(`.TS`/`.TE`) is read as rows, each a line of its cells joined by " | ", as the Office loaders join a row.
"""

from __future__ import annotations

import re

from indexer.loaders.roff import Out, arguments, inline, inline_each, uncomment

__all__ = ["MAX_CHARS", "Driver"]

MAX_CHARS = 20_000_000  # characters of a page's text (strings a page defines could multiply it)

_REQUEST = re.compile(r"[.'][ \t]*(\S*)[ \t]*(.*)", re.DOTALL)
_CONDITION = re.compile(r"[ \t]*(!?)('[^'\n]{0,200}'[^'\n]{0,200}'|\\n(?:\(..|\[[^\]\s]{0,40}\]|\S)|[^\s\\]+)")
_NAMED_AT = re.compile(r"[.'][ \t]*(\S*)[ \t]*")  # a request's name, where a condition's body is one
_TABLE_OPTIONS = re.compile(r"tab\s{0,10}\(\s{0,10}(.)\s{0,10}\)")  # bounded: a line of blanks is no backtracking
_ENDS = {"de", "de1", "am", "am1", "ig", "dei", "ami"}  # requests whose lines run to `..`
_FONTS = frozenset({"B", "I", "SM", "SB", "BR", "BI", "IB", "IR", "RB", "RI"})
_IGNORED = {"ad", "na", "nh", "hy", "hc", "ft", "ps", "vs", "in", "ti", "ta", "ne", "PD", "ll", "lt", "pc", "ns",
            "rs", "UC", "fam", "cs", "ss", "hw", "nr", "rr", "rm", "tr", "ev", "cu", "ul", "mk", "rt", "po", "pl",
            "bp", "wh", "ch", "it", "lf", "cc", "c2", "ec", "eo", "mso", "do", "nop", "IX", "INDENT", "UNINDENT",
            "hlm", "hym", "hys", "ds1", "as", "as1", "als", "blm", "lsm", "fl", "tm", "ab", "ig", "em", "pso", "sy",
            "shift", "chop", "substring", "length", "open", "close", "write", "kern", "warn", "ls", "nm", "nn",
            "cp", "ce", "rj", "fp", "ftr", "fschar", "char", "schar", "fchar", "rchar", "ie", "el", "if", "while",
            "break", "continue", "return", "hpf", "hpfa", "hpfcode"}  # fmt: skip


class Driver:
    """One page's lines, read once in order; subclasses give `macro()` for their package's macros."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0
        self.out = Out()
        self.strings: dict[str, str] = {}
        self.last_condition = True  # of the last .ie, for its .el
        self.warnings: list[str] = []

    def run(self) -> Out:
        while self.at < len(self.lines):
            self.line(self.next_line())
            if self.out.chars > MAX_CHARS:
                self.warnings.append(f"more than {MAX_CHARS:,} characters of text: the rest left out")
                break
        self.out.paragraph()
        return self.out

    def next_line(self) -> str:
        """The next input line, with those it continues (a line ending in an escaped newline, `\\`) joined on."""
        parts = [self.lines[self.at]]
        self.at += 1
        while self.at < len(self.lines) and _continues(uncomment(parts[-1])):
            parts[-1] = parts[-1][:-1]
            parts.append(self.lines[self.at])
            self.at += 1
        return "".join(parts)

    def line(self, line: str) -> None:
        """One input line: a request or macro call, or text."""
        line = uncomment(line)
        match = _REQUEST.match(line) if line[:1] in ".'" else None
        if match is None:
            self.text_line(line)
            return
        name, rest = match.groups()
        if name in ("if", "ie", "el"):
            self.condition(name, line, match.start(2))
        elif name in _ENDS:
            self.skip_to(arguments(rest)[1:2])
        elif not self.request(name, rest):
            self.macro(name, rest)

    def text_line(self, line: str) -> None:
        """A line of text: words to fill (a blank line, or one starting with a blank, breaks)."""
        if self.out.fill and (not line.strip() or line[:1] in " \t"):
            (self.out.paragraph if not line.strip() else self.out.line_break)()
        joins = line.endswith("\\c")
        words = inline(line[:-2] if joins else line, self.strings)
        self.text(words)
        self.out.joined = joins and not words[-1:].isspace()  # `\\(bu\\h'+03'\\c`: a space, then the words

    def text(self, words: str) -> None:
        """Words a page shows (a subclass may mark the first words after a macro, such as a .TP's tag)."""
        self.out.text(words)

    def request(self, name: str, rest: str) -> bool:
        """A request both macro packages share; False for any other."""
        out = self.out
        if name == "br":
            out.line_break()
        elif name == "sp":
            out.paragraph() if out.fill else out.lines.append("")
        elif name in ("nf", "EX", "Vb"):
            out.set_fill(False)
        elif name in ("fi", "EE", "Ve"):
            out.set_fill(True)
        elif name in ("ds", "ds1"):
            parts = rest.split(None, 1)
            if parts:
                out.define(self.strings, parts[0], parts[1] if len(parts) > 1 else "")
        elif name == "TS":
            self.table()
        elif name in _IGNORED or name in ("", "TE", "Sp") or name.startswith("\\"):
            if name == "Sp":  # pod2man's paragraph break
                out.paragraph()
        else:
            return False
        return True

    def macro(self, name: str, rest: str) -> None:
        """A macro of the page's package; a request or macro not known is dropped (its words are no text)."""

    def condition(self, name: str, line: str, at: int) -> None:
        """`.if`, `.ie`, `.el` (`line[at:]` their condition and body): the body run when the condition holds, else
        its lines (a `\\{` block) skipped. A body that is itself a condition is read in turn, in place: a line of
        a thousand nested `.if n` is read once."""
        while True:
            if name == "el":
                holds = not self.last_condition
            else:
                match = _CONDITION.match(line, at)
                if match is None:
                    return
                holds, at = _holds(match.group(2)) != bool(match.group(1)), match.end()
                if name == "ie":
                    self.last_condition = holds
            while line.startswith((" ", "\t"), at):
                at += 1
            block = line.startswith("\\{", at)
            at += 2 if block else 0
            if not holds:
                if block and not _closes(line[at:]):
                    self.skip_block()
                return
            inner = _NAMED_AT.match(line, at) if line.startswith((".", "'"), at) else None
            if inner is None or inner.group(1) not in ("if", "ie", "el"):
                body = line[at:].replace("\\}", "")
                if body.strip():
                    self.line(body)
                return
            name, at = inner.group(1), inner.end()

    def skip_block(self) -> None:
        """Past the line that closes the `\\{` block just opened (each `\\{` inside opens one more)."""
        depth = 1
        while self.at < len(self.lines) and depth > 0:
            line = self.lines[self.at]
            self.at += 1
            depth += line.count("\\{") - line.count("\\}")

    def skip_to(self, end: list[str]) -> None:
        """Past a `.de` or `.ig` body: to its `..` line (or the one its end name gives)."""
        closing = {"..", "." + end[0]} if end else {".."}
        while self.at < len(self.lines):
            line = self.lines[self.at].strip()
            self.at += 1
            if line in closing or line.replace(" ", "") in closing:
                return

    def table(self) -> None:
        """A tbl table to its `.TE`: its options and format lines skipped, each row a line of cells."""
        self.out.paragraph()
        separator, formats = "\t", True
        rows: list[list[str]] = []
        cell: list[str] | None = None  # a T{ ... T} cell being read
        while self.at < len(self.lines):
            line = uncomment(self.lines[self.at])
            self.at += 1
            if line.startswith((".TE", "'TE")):
                break
            if self.out.chars > MAX_CHARS:  # run() warns: the rest of the table is read past, not kept
                continue
            if formats:
                if line.rstrip().endswith(";") and not rows and separator == "\t":
                    option = _TABLE_OPTIONS.search(line)
                    separator = option.group(1) if option else separator
                elif line.rstrip().endswith("."):
                    formats = False
                continue
            if cell is not None:
                if line.startswith("T}"):
                    rows[-1][-1] = " ".join(part for part in cell if part)
                    rows[-1] += self.cells(line[2:], separator)[1:]
                    cell = None
                    if len(rows[-1]) > 1 and rows[-1][-1].endswith("T{"):  # `T}:T{`: the next cell opens
                        rows[-1][-1], cell = "", []
                else:
                    cell.append(self.cell_line(line))
                    self.out.chars += len(cell[-1])
                continue
            if line[:1] in ".'" or line.strip() in ("_", "=", ""):
                continue
            rows.append(self.cells(line, separator))
            if rows[-1] and rows[-1][-1].endswith("T{"):
                rows[-1][-1], cell = "", []
        for row in rows:
            row = [" ".join(c.split()) for c in row if c.strip() and c.strip() not in ("_", "=", "\\^")]
            if row:
                self.out.lines.append(" | ".join(row))
        self.out.paragraph()

    def cells(self, line: str, separator: str) -> list[str]:
        """A table row's cells as they read, counted toward MAX_CHARS as text is: each cell has an expansion budget
        of its own (inline()), so a row of 25 cells naming a 200-character string is 5,000 characters."""
        found = [inline(cell, self.strings).strip() for cell in line.split(separator)]
        self.out.chars += sum(map(len, found))
        return found

    def cell_line(self, line: str) -> str:
        """A line of a table's T{ cell: text, or a font macro's words (`.BR getrlimit (),`); other requests none."""
        match = _REQUEST.match(line) if line[:1] in ".'" else None
        if match is None:
            return inline(line, self.strings).strip()
        name, rest = match.groups()
        if name not in _FONTS:
            return ""
        joiner = "" if len(name) == 2 and name != "SM" else " "
        return joiner.join(inline_each(arguments(rest), self.strings))


def _continues(line: str) -> bool:
    """Whether a line ends in an escaped newline: an odd run of backslashes at its end."""
    return (len(line) - len(line.rstrip("\\"))) % 2 == 1


def _closes(body: str) -> bool:
    return body.count("\\}") >= body.count("\\{") + 1


def _holds(test: str) -> bool:
    """Whether a condition holds for nroff on a terminal: n, o and groff's register \\n(.g hold, and a number
    other than 0; t, e, string comparisons and anything else do not."""
    if test in ("n", "o") or test in ("\\n(.g", "\\n[.g]"):
        return True
    return test.isdigit() and int(test) > 0
