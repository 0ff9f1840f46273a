"""Where an MDX `import` or `export` statement ends: at the first blank line where its JavaScript is whole.

MDX reads such a statement up to a blank line and, when what it has read so far is cut short (a template literal,
a function's body still open), on to the next blank line (micromark-extension-mdxjs-esm). An `export` holding a
template literal with blank lines, or a function with blank lines in its body, so runs past its first blank line.
Here the statement ends at the first blank line where its braces, brackets, parentheses, template literals and
comments are all closed (strings and comments read as JavaScript does, regular expressions not); one that is not
closed within MAX_STATEMENT_LINES lines ends at its first blank line, as it did before. A line a scan has read is
never scanned again (a statement starting there ends at its first blank line), so the work stays linear in the page.
"""

from __future__ import annotations

import re
from bisect import bisect_left

__all__ = ["MAX_STATEMENT_LINES", "Statements"]

MAX_STATEMENT_LINES = 1000  # lines of one statement; past them it ends at its first blank line
_CODE = re.compile(r"""//|/\*|['"`{}\[\]()]""")  # what changes the state of JavaScript code
_TEMPLATE = re.compile(r"\\.|\$\{|`", re.DOTALL)  # ... of a template literal
_STRING = {"'": re.compile(r"'(?:[^'\\]|\\.)*'?"), '"': re.compile(r'"(?:[^"\\]|\\.)*"?')}  # to the line's end
_CLOSERS = {"}": "{", "]": "[", ")": "("}
_COMMENT_END = "*/"


class Statements:
    """The ends of a page's import and export statements, `lines` being the page's lines."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines
        self._blanks: list[int] | None = None  # the indexes of the blank lines, found when first asked for
        self._scanned = -1  # the last line a scan has read: a statement starting before it is not scanned again

    def end(self, start: int) -> int:
        """The index of the blank line that ends the statement starting at line `start` (len(lines) when none
        does): the first blank line where its JavaScript is whole, else its first blank line."""
        lines = self._lines
        if self._blanks is None:
            self._blanks = [number for number, line in enumerate(lines) if not line.strip()]
        after = bisect_left(self._blanks, start)
        first = self._blanks[after] if after < len(self._blanks) else len(lines)
        if start <= self._scanned or first == len(lines):
            return first
        open_: list[str] = []  # the brackets, template literals (`) and template expressions (${) still open
        comment = False
        last = min(len(lines), start + MAX_STATEMENT_LINES)
        for number in range(start, last):
            if not lines[number].strip() and not open_ and not comment:
                self._scanned = number
                return number
            comment = _scan(lines[number], open_, comment)
        self._scanned = last - 1
        return first


def _scan(line: str, open_: list[str], comment: bool) -> bool:
    """Reads one line of JavaScript, updating `open_`; whether a block comment is still open at its end."""
    pos = 0
    while pos <= len(line):
        if comment:
            close = line.find(_COMMENT_END, pos)
            if close < 0:
                return True
            comment, pos = False, close + len(_COMMENT_END)
        elif open_ and open_[-1] == "`":  # in a template literal: its end or an expression in it
            found = _TEMPLATE.search(line, pos)
            if found is None:
                return False
            token, pos = found.group(), found.end()
            if token == "`":
                open_.pop()
            elif token == "${":
                open_.append("${")
        else:
            found = _CODE.search(line, pos)
            if found is None or found.group() == "//":
                return False
            token, pos = found.group(), found.end()
            if token == "/*":
                comment = True
            elif token in _STRING:
                string = _STRING[token].match(line, found.start())
                pos = string.end() if string else len(line)
            elif token in "`{[(":
                open_.append(token)
            elif open_ and (open_[-1] == _CLOSERS[token] or (token == "}" and open_[-1] == "${")):
                open_.pop()
    return comment
