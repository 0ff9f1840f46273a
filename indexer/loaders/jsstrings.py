"""A JavaScript string literal's value, read once for every reader of one: a config's options (jsliterals.py), an
Astro directive's HTML (astro.py), an MDX import's path, and as a page shows it, MDX's `{'\\n'}` in prose and a
tab's label in `<Tabs items={['Fran\\u00e7ais']}>` (jsx.py, tabs.py)."""

from __future__ import annotations

import re

__all__ = ["js_shown", "js_unescaped"]

_ESCAPE = re.compile(
    r"\\(?:u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})|\r\n|[\n\r\u2028\u2029]|(.))", re.DOTALL
)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_CONTROLS = re.compile(r"[\n\r\t\b\f\v\0]")


def js_unescaped(literal: str) -> str:
    """The value of a string literal's text between its quotes, as JavaScript reads it: `\\n \\t \\r \\b \\f \\v \\0`
    their control characters, `\\xHH`, `\\uHHHH` and `\\u{HHHHH}` the characters they name (a surrogate pair,
    `\\uD83D\\uDE00`, one character, since JavaScript strings are UTF-16; a lone half U+FFFD), a backslash before a
    line break nothing (the line continues), and any other escaped character itself (`\\'`, `\\\\`, `\\_`)."""
    if "\\" not in literal:
        return literal

    def one(match: re.Match[str]) -> str:
        code = match.group(1) or match.group(2) or match.group(3)
        if code is not None:
            number = int(code, 16)
            return chr(number) if number <= 0x10FFFF else "\ufffd"
        char = match.group(4)
        return "" if char is None else _SIMPLE.get(char, char)

    return _ESCAPE.sub(one, literal).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def js_shown(literal: str) -> str:
    """The literal's value as a page's text shows it: a line break, a tab or another control character white space
    (`{'\\n'}` at a line's end in a <pre>, as docusaurus.io writes it, is no new paragraph of the page's Markdown)."""
    return _CONTROLS.sub(" ", js_unescaped(literal))
