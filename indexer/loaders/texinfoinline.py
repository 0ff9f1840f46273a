"""Texinfo's inline commands reduced to the text the HTML manual shows: `@code{x}` is "x", `@xref{Node}` is
"See Node", `@uref{url, text}` is "text", `@dots{}` is "...", `@@` is "@".

One left-to-right pass over the tokens (`@name`, `@` and one character, `{`, `}`, `,`) with an explicit stack,
so that nesting of any depth costs no recursion and no token is looked at twice. A command that only styles its
text (@code, @var, @emph, an unknown command) puts its text straight into the text around it; only the few whose
text is rearranged (@uref, @xref, @email...) keep a buffer of their own, and past _MAX_BUFFERED of those open at
once the rest style only (each buffered level copies its text once more when it closes). Braces left open at the
end close there; a `}` that closes nothing is dropped. `@verb{|x|}` is x as written; an unclosed one is plain text.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["MAX_VALUES", "Values", "reduce_inline"]

_TOKEN = re.compile(r"@(?:[A-Za-z][A-Za-z0-9]*|.|\n|$)|[{},]")
_VERB_END = re.compile(r"(?=(.)\})", re.DOTALL)  # every `X}`, overlapping ones too ("x}}": "x}" and "}}")
_ACCENT = re.compile(  # `@@` first: in "@@'s" no accent begins at the second @
    r"@@|@([\"'`^~=,])(?:\{([A-Za-z]?)\}|([A-Za-z]))"
    r"|@(v|u|H|ringaccent|dotaccent|ogonek|udotaccent|ubaraccent|tieaccent)\{([A-Za-z]?)\}"
)
_MAX_BUFFERED = 32
MAX_VALUES = 2_000_000  # characters that @value{} puts in one manual: past them it puts nothing


class Values(dict[str, str]):
    """@set's values, and how many characters their @value{} may still put in the manual (a 10,000-character
    value used 100,000 times would be a billion)."""

    left: int = MAX_VALUES

    def expand(self, name: str) -> str:
        value = self.get(name, "")
        if len(value) > self.left:
            return ""
        self.left -= len(value)
        return value


_SYMBOLS = {
    "@": "@", "{": "{", "}": "}", ".": ".", "?": "?", "!": "!", ":": "", "*": "\n", "/": "", "-": "", "|": "",
    " ": " ", "\t": " ", "\n": " ", "&": "&", "dots": "...", "enddots": "...", "bullet": "•", "minus": "-",
    "copyright": "©", "registeredsymbol": "®", "TeX": "TeX", "LaTeX": "LaTeX", "result": "⇒", "expansion": "→",
    "print": "-|", "error": "error→", "equiv": "≡", "point": "\u2217", "tie": " ", "comma": ",", "atchar": "@",
    "lbracechar": "{", "rbracechar": "}", "backslashchar": "\\", "hashchar": "#", "arrow": "→", "pounds": "£",
    "euro": "€", "geq": "≥", "leq": "≤", "tab": "|", "textdegree": "°", "ss": "ß", "ae": "æ", "AE": "Æ",
    "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "aa": "å", "AA": "Å", "exclamdown": "¡",
    "questiondown": "¿", "quotedblleft": "“", "quotedblright": "”", "quoteleft": "\u2018", "quoteright": "\u2019",
    "guillemetleft": "«", "guillemetright": "»", "today": "", "refill": "", "noindent": "", "indent": "",
    "thischapter": "", "thissection": "", "thisfile": "", "thispage": "", "thistitle": "", "click": "→",
}  # fmt: skip
_COMBINING = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
              ",": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "ringaccent": "\u030a",
              "dotaccent": "\u0307", "ogonek": "\u0328", "udotaccent": "\u0323", "ubaraccent": "\u0331",
              "tieaccent": "\u0361"}  # fmt: skip
_DROPPED = frozenset({"anchor", "indexterm", "errormsg", "hyphenation", "sortas", "seeentry", "seealso"})
_REARRANGED = frozenset({"uref", "url", "email", "xref", "pxref", "ref", "inforef", "image", "abbr", "acronym",
                         "value", "footnote", "link", "sc"})  # fmt: skip


@dataclass
class _Frame:
    """An open brace: the command it belongs to ("" for a bare group) and, for a rearranged one, its arguments."""

    command: str
    args: list[list[str]] | None = None  # None: the text goes to the frame below
    hidden: bool = False  # @anchor{...}: its text is not shown


@dataclass
class _Out:
    """Where the pass writes: the innermost buffered frame's last argument, or the result (no walk down the
    stack: `buffers` holds the buffered frames alone)."""

    result: list[str] = field(default_factory=list)
    stack: list[_Frame] = field(default_factory=list)
    buffers: list[_Frame] = field(default_factory=list)
    hidden: int = 0

    def write(self, text: str) -> None:
        if text and not self.hidden:
            (self.buffers[-1].args[-1] if self.buffers else self.result).append(text)  # type: ignore[index]

    def comma(self) -> None:
        """A `,` starts the next argument of the innermost brace's command if it is a rearranged one (@xref{a,b}),
        else it is text (@code{a, b}, and @xref{@code{a,b}} too: a comma splits only its own brace's arguments)."""
        frame = self.stack[-1] if self.stack else None
        if frame is not None and frame.args is not None and not self.hidden:
            frame.args.append([])
        else:
            self.write(",")


class _VerbEnds:
    """Where each `X}` that may end an `@verb{X` stands, by X: found in one pass when the first @verb asks, so that
    each @verb finds its end by a binary search. (A search of the text from each @verb for its end cost the rest
    of the text for every unclosed one: 100,000 @verb{ of different delimiters, each never closed, took minutes.)"""

    def __init__(self, text: str) -> None:
        self.text = text
        self.ends: dict[str, list[int]] | None = None

    def find(self, delimiter: str, start: int) -> int:
        """Where the first `delimiter}` at or after `start` is, or -1."""
        if self.ends is None:
            self.ends = defaultdict(list)
            for end in _VERB_END.finditer(self.text):
                self.ends[end.group(1)].append(end.start())
        positions = self.ends.get(delimiter, [])
        found = bisect.bisect_left(positions, start)
        return positions[found] if found < len(positions) else -1


def reduce_inline(text: str, values: Mapping[str, str]) -> str:
    """`text` with its inline commands reduced (see the module docstring); `@value{name}` is values[name], already
    reduced when it was set ("" for a name never set)."""
    if "@" not in text and "{" not in text and "}" not in text:
        return text
    text = _ACCENT.sub(_accented, text) if "@" in text else text
    out = _Out()
    position = 0
    verb_ends = _VerbEnds(text)
    pending = ""  # a command just read that takes braces: whether `{` follows decides
    for token in _TOKEN.finditer(text):
        start = token.start()
        if start < position:
            continue  # inside an @verb{} already written
        if pending and (start != position or token.group() != "{"):
            out.write(_SYMBOLS.get(pending, ""))
            pending = ""
        out.write(text[position:start])
        position = token.end()
        word = token.group()
        if word == "{":
            position = _open(out, pending, text, position, verb_ends)
            pending = ""
        elif word == "}":
            _close(out, values)
        elif word == ",":
            out.comma()
        else:
            pending = word[1:] or "@"
            if pending in ("c", "comment"):
                end = text.find("\n", position)
                position = len(text) if end < 0 else end
                pending = ""
    if pending:
        out.write(_SYMBOLS.get(pending, ""))
    out.write(text[position:])
    while out.stack:
        _close(out, values)
    return "".join(out.result)


def _open(out: _Out, command: str, text: str, position: int, verb_ends: _VerbEnds) -> int:
    """Open the brace after `command`; for @verb, write its text as it is and return where it ends."""
    if command == "verb" and position < len(text):
        delimiter = text[position]
        end = verb_ends.find(delimiter, position + 1)
        if end >= 0:
            out.write(text[position + 1 : end])
            return end + 2
    hidden = command in _DROPPED
    buffered = command in _REARRANGED and len(out.buffers) < _MAX_BUFFERED and not out.hidden
    frame = _Frame(command, [[]] if buffered else None, hidden)
    out.stack.append(frame)
    if buffered:
        out.buffers.append(frame)
    out.hidden += hidden
    return position


def _close(out: _Out, values: Mapping[str, str]) -> None:
    if not out.stack:
        return  # a `}` that closes nothing
    frame = out.stack.pop()
    out.hidden -= frame.hidden
    if frame.args is None:
        out.write(_SYMBOLS.get(frame.command, "") if frame.command in _SYMBOLS else "")
        return
    out.buffers.pop()
    args = ["".join(arg).strip() for arg in frame.args]
    out.write(_shown(frame.command, args, values))


def _shown(command: str, args: list[str], values: Mapping[str, str]) -> str:
    """What a rearranged command shows, given its arguments."""
    first = args[0]
    given = [arg for arg in args[1:] if arg]
    if command == "value":
        return values.expand(first) if isinstance(values, Values) else values.get(first, "")
    if command == "sc":
        return ", ".join(args).upper()  # small capitals: the HTML manual shows them as capitals
    if command == "footnote":
        return f"({','.join(args)})"
    if command in ("xref", "pxref", "ref", "inforef"):
        third = args[2] if len(args) > 2 and command != "inforef" else ""  # @inforef's third is its Info file
        second = args[1] if len(args) > 1 else ""
        shown = third or second or first
        manual = args[4] if len(args) > 4 else ""
        shown = f"{shown} in {manual}" if manual else shown
        return {"xref": "See ", "pxref": "see "}.get(command, "") + shown
    if command in ("uref", "url"):
        return args[2] if len(args) > 2 and args[2] else (args[1] if len(args) > 1 and args[1] else first)
    if command == "email":
        return given[0] if given else first
    if command == "image":
        return args[3] if len(args) > 3 else ""
    if command in ("abbr", "acronym"):
        return f"{first} ({given[0]})" if given else first
    return ", ".join(args)


def _accented(match: re.Match[str]) -> str:
    if match.group() == "@@":
        return "@@"
    letter = next((group for group in match.group(2, 3, 5) if group is not None), "")
    mark = _COMBINING[match.group(1) or match.group(4)]
    return unicodedata.normalize("NFC", letter + mark) if letter else ""
