"""JavaScript and TypeScript source read for its literals (jsconfig.py's configs): `mask()` blanks its comments, the
inside of its regular expression literals and of its strings, so that no text inside them is taken for code, and
`LiteralParser` reads the literal value that starts at a place in it, within bounds (MAX_DEPTH, MAX_ITEMS), as
UNKNOWN when it is an expression.
"""

from __future__ import annotations

import re
from typing import Any

from indexer.loaders.jsstrings import js_unescaped

__all__ = ["MAX_DEPTH", "MAX_ITEMS", "SPREAD", "UNKNOWN", "LiteralParser", "mask"]

MAX_DEPTH = 8
MAX_ITEMS = 1_000
UNKNOWN = object()  # a value that is no literal (an expression, a variable, a function)
SPREAD = "..."  # the member of an object read that stands for what a spread (`...common`) adds to it: UNKNOWN
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
_REQUIRE = re.compile(r"require(?:\.resolve)?\(\s*(['\"])([^'\"\\\n]*)\1\s*\)")  # require.resolve('name')
_TYPED = re.compile(r"(?:satisfies|as)(?![\w$])")  # `value satisfies Type`, `value as const`
_LITERALS = {"true": True, "false": False, "null": None, "undefined": None}
_WORD_BEFORE = re.compile(r"([A-Za-z_$][\w$]*)\s*$")
_BEFORE_VALUES = frozenset({"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
                            "yield", "await"})  # fmt: skip
_FLAGS = re.compile(r"[a-z]*")


def mask(text: str) -> tuple[str, str]:
    """(the text with its comments and the inside of its regular expression literals blanked, the same with the
    inside of its strings blanked too): the first is parsed, the second searched for keys, so that neither a
    comment, a string's text nor a regular expression (`/[`'"]/g`, which held the quote that made the rest of
    Pinia's config a string) passes for code."""
    code, masked = list(text), list(text)
    i, n, last = 0, len(text), ""  # last: the code's last character that is no space
    unclosed = -1  # the end of a line on which a regular expression was not closed: none is looked for there again
    while i < n:
        c = text[i]
        if c == "/" and text.startswith(("//", "/*"), i):
            line = text[i + 1] == "/"
            end = text.find("\n" if line else "*/", i + 2)
            end = n if end == -1 else end if line else end + 2
            for j in range(i, end):
                if text[j] != "\n":
                    code[j] = masked[j] = " "
            i = end
        elif c in "'\"`":
            end = _string_end(text, i)
            for j in range(i + 1, end - 1):
                masked[j] = "_"
            i, last = end, c
        elif c == "/" and i > unclosed and _opens_regex(text, i, last):
            end = _regex_end(text, i)
            for j in range(i + 1, end - 1):
                code[j] = masked[j] = " "
            if not end:  # a division after all: its search reached the line's end, as one from each `/` after would
                unclosed = n if (line_end := text.find("\n", i)) < 0 else line_end
            i, last = end or i + 1, "/"
        else:
            last = last if c.isspace() else c
            i += 1
    return "".join(code), "".join(masked)


def _opens_regex(text: str, start: int, last: str) -> bool:
    """Whether the `/` at `start` opens a regular expression rather than dividing: it stands where a value
    begins (after an operator, an opening bracket, a comma, or a keyword such as `return`)."""
    if not last or last in "(,=:[!&|?{};+-*%<>~^":
        return True
    word = _WORD_BEFORE.search(text, max(0, start - 20), start)
    return word is not None and word.group(1) in _BEFORE_VALUES


def _regex_end(text: str, start: int) -> int:
    """Where the regular expression literal opening at `start` ends (past its flags); 0 when the line ends first
    (a division after all)."""
    i, in_class = start + 1, False
    while i < len(text) and text[i] != "\n":
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == "[":
            in_class = True
        elif text[i] == "]":
            in_class = False
        elif text[i] == "/" and not in_class:
            flags = _FLAGS.match(text, i + 1)
            return flags.end() if flags else i + 1
        i += 1
    return 0


def _string_end(text: str, start: int) -> int:
    """Where the string literal opening at `start` ends (after its closing quote, or at the end of the text)."""
    quote, i = text[start], start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote or (quote != "`" and text[i] == "\n"):
            return i + 1
        i += 1
    return len(text)


class LiteralParser:
    """A JavaScript literal at `pos` in comment-free code: strings, numbers, true/false/null, arrays and objects
    of literals. Anything else is UNKNOWN (skipped to the next comma or closing bracket)."""

    def __init__(self, code: str, pos: int) -> None:
        self.code, self.pos = code, pos

    def value(self, depth: int) -> Any:
        """The value at the current position, past a TypeScript type after it (`{...} satisfies Options`)."""
        value = self._bare(depth)
        if value is not UNKNOWN:
            self._space()
            typed = _TYPED.match(self.code, self.pos)
            if typed:
                self.pos = typed.end()
                self._skip(types=True)
        return value

    def _bare(self, depth: int) -> Any:
        self._space()
        c = self.code[self.pos : self.pos + 1]
        if depth > MAX_DEPTH:
            return self._skip()
        if c == "(":  # `({...})`: a value in parentheses, as typed Docusaurus configs write their options
            start = self.pos
            self.pos += 1
            inner = self.value(depth + 1)
            self._space()
            if inner is not UNKNOWN and self.code.startswith(")", self.pos):
                self.pos += 1
                if not self.code[self.pos : self.pos + 200].lstrip().startswith("=>"):
                    return inner  # (not the parameters of an arrow function: `({locale}) => {...}`)
            self.pos = start
            return self._skip()
        if c in ("'", '"') or (c == "`" and "${" not in self._raw_string()):
            return self._string()
        required = _REQUIRE.match(self.code, self.pos)
        if required:  # a module's name, as a plugin is often written
            self.pos = required.end()
            return required.group(2)
        if c == "[":
            return self._array(depth)
        if c == "{":
            return self._object(depth)
        word = re.compile(r"-?\d[\d_.eE+-]*|[A-Za-z_$][\w$]*").match(self.code, self.pos)
        if word and word.group() in _LITERALS and self._ends_at(word.end()):
            self.pos = word.end()
            return _LITERALS[word.group()]
        if word and word.group()[0] in "-0123456789" and self._ends_at(word.end()):
            self.pos = word.end()
            return word.group()
        return self._skip()

    def ends(self) -> bool:
        """Whether the value just read is the whole expression (a comma, a closing bracket or the end follows)."""
        return self._ends_at(self.pos)

    def _ends_at(self, pos: int) -> bool:
        rest = self.code[pos : pos + 200].lstrip()
        return not rest or rest[0] in ",;}])"

    def _raw_string(self) -> str:
        return self.code[self.pos : _string_end(self.code, self.pos)]

    def _string(self) -> str:
        raw = self._raw_string()
        self.pos += len(raw)
        body = raw[1:-1] if len(raw) > 1 and raw[-1] == raw[0] else raw[1:]
        return js_unescaped(body)

    def _array(self, depth: int) -> Any:
        start = self.pos
        self.pos += 1
        items: list[Any] = []
        while len(items) <= MAX_ITEMS:
            self._space()
            if self.code.startswith("]", self.pos):
                self.pos += 1
                return items
            items.append(self.value(depth + 1))
            if not self._comma("]"):
                break
        self.pos = start  # no literal: the whole array is skipped, and what holds it is read on
        return self._skip()

    def _object(self, depth: int) -> Any:
        start = self.pos
        self.pos += 1
        members: dict[str, Any] = {}
        while len(members) <= MAX_ITEMS:
            self._space()
            if self.code.startswith("}", self.pos):
                self.pos += 1
                return members
            key = self._key()
            if key is None:
                spread = self.code.startswith("...", self.pos)  # `...common`; a computed key `[name]` is not kept
                self._skip()
                if spread:
                    members[SPREAD] = UNKNOWN
            else:
                self._space()
                if self.code.startswith(":", self.pos):
                    self.pos += 1
                    members[key] = self.value(depth + 1)
                else:  # a shorthand member ({ en, fr }) or a method (`redirects(path) {...}`)
                    members[key] = self._skip()
            if not self._comma("}"):
                break
        self.pos = start
        return self._skip()

    def _key(self) -> str | None:
        c = self.code[self.pos : self.pos + 1]
        if c in ("'", '"'):
            return self._string()
        word = _WORD.match(self.code, self.pos)
        if word is None:
            return None
        self.pos = word.end()
        return word.group()

    def _comma(self, closing: str) -> bool:
        """Past the comma after a member; False when what follows is neither it nor `closing`."""
        self._space()
        if self.code.startswith(",", self.pos):
            self.pos += 1
            return True
        return self.code.startswith(closing, self.pos)

    def _space(self) -> None:
        while self.pos < len(self.code) and self.code[self.pos].isspace():
            self.pos += 1

    def _skip(self, types: bool = False) -> Any:
        """Past an expression that is no literal (or a type, whose angle brackets nest too): to the comma or
        closing bracket that ends it."""
        depth = 0
        opening, closing = ("([{<", ")]}>") if types else ("([{", ")]}")
        while self.pos < len(self.code):
            c = self.code[self.pos]
            if c in "'\"`":
                self.pos = _string_end(self.code, self.pos)
                continue
            if c == "=" and self.code.startswith("=>", self.pos):  # an arrow, whose > closes nothing
                self.pos += 2
                continue
            if c in opening:
                depth += 1
            elif c in closing:
                if depth == 0:
                    return UNKNOWN
                depth -= 1
            elif c in ",;" and depth == 0:
                return UNKNOWN
            self.pos += 1
        return UNKNOWN
