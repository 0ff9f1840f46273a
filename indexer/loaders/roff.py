"""roff, the layer under manual pages' macros (man.py, mdoc.py): escapes to the characters a terminal shows, a
request's arguments, and the text a page reads as, paragraph by paragraph, under its section headings.

Every pattern here is bounded (a `\\[name]` of at most 40 characters, a delimited argument of at most 200), so a
line of backslashes, unclosed brackets or quotes is read in one pass. Nothing a page defines is run: a macro
(`.de`) is skipped, and a call of it dropped like any request not known; a string (`.ds`) is kept, at most
MAX_STRING characters, with the strings it names expanded once, when it is defined, so none can grow another.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["MAX_STRING", "Out", "arguments", "inline", "inline_each", "uncomment"]

MAX_STRING = 200  # characters of a string a page defines (.ds)
MAX_STRINGS = 1_000  # strings a page may define

# \(xx and \[xx] names to what mandoc -T utf8 shows
_GLYPHS = {
    "em": "—", "en": "\u2013", "hy": "-", "mi": "-", "aq": "'", "dq": '"', "lq": "“", "rq": "”", "oq": "\u2018",
    "cq": "\u2019", "Bq": "„", "bq": "\u201a", "Fo": "«", "Fc": "»", "fo": "\u2039", "fc": "\u203a", "ga": "`",
    "ha": "^", "ti": "~", "rs": "\\", "sl": "/", "ba": "|", "br": "│", "ul": "_", "ru": "_", "bu": "•", "ci": "○",
    "sq": "□", "co": "©", "rg": "®", "tm": "™", "de": "°", "ct": "¢", "Po": "£", "Eu": "€", "eu": "€", "Ye": "¥",
    "ps": "¶", "sc": "§", "dg": "†", "dd": "‡", "mu": "\u00d7", "di": "÷", "+-": "±", "<=": "≤", ">=": "≥",
    "!=": "≠", "==": "≡", "~=": "≅", "ap": "\u223c", "->": "→", "<-": "←", "<>": "↔", "da": "↓", "ua": "↑",
    "rA": "⇒", "lA": "⇐", "hA": "⇔", "pl": "+", "eq": "=", "lt": "<", "gt": ">", "at": "@", "sh": "#", "Do": "$",
    "aa": "\u00b4", "'": "\u00b4", "`": "`", "ss": "ß", "if": "∞", "12": "½", "14": "¼", "34": "¾", "fm": "\u2032",
    "sd": "″", "OK": "✓", "te": "∃", "fa": "∀", "pd": "∂", "no": "¬", "lB": "[", "rB": "]", "lC": "{", "rC": "}",
    "la": "⟨", "ra": "⟩", "or": "|", "ae": "æ", "AE": "Æ", "o/": "ø", "O/": "Ø", ":a": "ä", ":o": "ö", ":u": "ü",
    ":A": "Ä", ":O": "Ö", ":U": "Ü", "'e": "é", "`e": "è", "'a": "á", ",c": "ç", "~n": "ñ", "bs": "\\",
}  # fmt: skip
# strings every page has (\*(lq); pod2man's and DocBook's as nroff defines them
_STRINGS = {"lq": "“", "rq": "”", "R": "®", "Tm": "™", "Aq": "'", "aq": "'", "C+": "C++", 'L"': '"', 'R"': '"',
            "C`": '"', "C'": '"', "PI": "π", "Ba": "|", "Lq": "“", "Rq": "”", "Am": "&", "Le": "≤", "Ge": "≥",
            "q": '"'}  # fmt: skip
# one-character escapes: what each shows ("" for none); any other character shows itself
_SINGLE = {"-": "-", "e": "\\", "E": "\\", "\\": "\\", ".": ".", "'": "'", "`": "`", " ": " ", "~": " ", "0": " ",
           "_": "_", "t": "\t"}  # fmt: skip
_SILENT = frozenset("&|^%:),/c{}!?#$zpdruakoxXwvhbDlLRZSAmMgnsfFBOVYCN*[(\n")
_NAME = r"(?:\[[^\]\n]{0,40}\]|\(..|[^\\])"
_ESCAPE = re.compile(
    r"\\(?:"
    r"(?P<font>[fF]" + _NAME + r")"
    r"|\((?P<glyph>..)"
    r"|\[(?P<named>[^\]\n]{0,40})\]"
    r"|\*(?:\[(?P<long>[^\]\n]{0,40})\]|\((?P<two>..)|(?P<one>.))"
    r"|(?P<register>[nmgkMVY]" + _NAME + r")"
    r"|s[+-]?(?:\d{1,2}|\(\d\d|\[[^\]\n]{0,40}\]|'[^'\n]{0,40}')?"
    r"|(?P<delimited>[CNhvwlLxbobDXZRSAou])'(?P<argument>[^'\n]{0,200})'"
    r"|(?P<single>.)"
    r")",
    re.DOTALL,
)
_ARGUMENT = re.compile(r'"((?:[^"]|"")*)"?|((?:\\.|\\$|[^\s\\])+)')
_ESCAPED = re.compile(r"\\.", re.DOTALL)


def uncomment(line: str) -> str:
    """The line without its comment (`\\"` or `\\#` to the end: `\\\\"` is a backslash and a quote)."""
    for match in _ESCAPED.finditer(line):
        if match.group()[1] in '"#':
            return line[: match.start()]
    return line


def inline(text: str, strings: dict[str, str] | None = None) -> str:
    """The characters an escaped line shows: fonts and sizes dropped, glyphs and strings in place (strings up to
    MAX_STRING characters each, and no more of them than the line's own length again and 10,000: a line of
    `\\*x` cannot grow a page's text a hundredfold)."""
    return inline_each([text], strings)[0]


def inline_each(texts: list[str], strings: dict[str, str] | None = None) -> list[str]:
    """inline() of each of a request's arguments, on one budget for them all: each on its own would let a line of
    100,000 arguments `\\*x` grow a hundredfold."""
    budget = [sum(map(len, texts)) + 10_000]
    return [
        _ESCAPE.sub(lambda match: _escape(match, strings or {}, budget), text) if "\\" in text else text
        for text in texts
    ]


def _escape(match: re.Match[str], strings: dict[str, str], budget: list[int]) -> str:
    kind = match.lastgroup
    if kind in ("glyph", "named"):
        return _glyph(match.group(kind))
    if kind in ("long", "two", "one"):
        name = match.group(kind)
        value = strings.get(name, _STRINGS.get(name, ""))
        budget[0] -= len(value)
        return value if budget[0] >= 0 else ""
    if kind == "argument":
        return _delimited(match.group("delimited"), match.group("argument"))
    if kind == "single":
        char = match.group("single")
        return _SINGLE.get(char, "" if char in _SILENT else char)
    return ""


def _glyph(name: str) -> str:
    """A named character: \\(em, \\[em], \\[u2014], \\[char45]; "" for a name not known."""
    if name in _GLYPHS:
        return _GLYPHS[name]
    code = None
    if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):
        code = int(name[1:], 16)
    elif re.fullmatch(r"char\d{1,3}", name):
        code = int(name[4:])
    if code is not None and 32 <= code < 0x110000 and not 0xD800 <= code < 0xE000:
        return chr(code)
    return ""


def _delimited(kind: str, argument: str) -> str:
    """A delimited escape: a named glyph (\\C'em'), a character by its number (\\N'65'), a space for a move to the
    right (DocBook's bullet, `\\h'-04'\\(bu\\h'+03'`); nothing for the rest (sizes, lines, marks)."""
    if kind == "h":
        return "" if argument.lstrip().startswith("-") or not argument.strip("0+. ") else " "
    if kind == "C":
        return _glyph(argument)
    if kind == "N" and argument.isdigit() and 32 <= int(argument) < 0x110000:
        return chr(int(argument)) if not 0xD800 <= int(argument) < 0xE000 else ""
    return ""


def arguments(text: str) -> list[str]:
    """A request's arguments as written (escapes kept): blank-separated, or in double quotes, where `""` is a
    quote."""
    found = []
    for match in _ARGUMENT.finditer(text):
        quoted, plain = match.groups()
        found.append(quoted.replace('""', '"') if quoted is not None else plain)
    return found


@dataclass
class Out:
    """The text of a page as it is written out: sections of paragraphs, a paragraph of lines."""

    sections: list[tuple[str, int, list[str]]] = field(default_factory=lambda: [("", 0, [])])
    lines: list[str] = field(default_factory=list)  # of the paragraph being written
    words: list[str] = field(default_factory=list)  # of the line being written (filled)
    fill: bool = True
    joined: bool = False  # the next words follow without a space (\c, mdoc's Ns)
    chars: int = 0

    def text(self, words: str) -> None:
        """Words of a filled line, after those written; in no-fill mode, a line of its own."""
        if not self.fill:
            self.lines.append(words.rstrip())
            self.chars += len(words)
            return
        words = words.strip()
        if not words:
            return
        # each piece with the space before it: joined once, at the line's end (a += per word is quadratic)
        self.words.append(words if self.joined or not self.words else " " + words)
        self.joined = False
        self.chars += len(words) + 1

    def line_break(self) -> None:
        if self.words:
            self.lines.append("".join(self.words))
            self.words = []
        self.joined = False

    def paragraph(self) -> None:
        self.line_break()
        while self.lines and not self.lines[-1].strip():
            self.lines.pop()
        if self.lines:
            self.sections[-1][2].append("\n".join(self.lines))
            self.lines = []

    def heading(self, text: str, level: int) -> None:
        self.paragraph()
        self.chars += len(text)
        self.sections.append((" ".join(text.split()), level, []))

    def set_fill(self, fill: bool) -> None:
        if fill != self.fill:
            self.paragraph()
            self.fill = fill

    def define(self, strings: dict[str, str], name: str, value: str) -> None:
        """`.ds name value`: kept (see the module docstring)."""
        if len(strings) < MAX_STRINGS or name in strings:
            strings[name] = inline(value[1:] if value.startswith('"') else value, strings)[:MAX_STRING]
