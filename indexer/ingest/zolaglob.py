"""Zola's `ignored_content` and `ignored_static` globs, matched as Rust's globset (which Zola builds them with)
matches them by default: `*` any characters, `/` too; `?` any one; `[a-z]` a class (`[!x]` or `[^x]` its
opposite); `{a,b}` either (nested too); `\\*` the character itself; `/**/` one `/` or any folders between two
(`a/**/b` is `a/b` too), a leading `**/` nothing or any folders.

A glob is expanded into the plain globs it stands for (`/**/` is `/` or `/*/`, `{a,b}` each choice), at most
MAX_CHOICES of them, and those past the first at most MAX_CHARACTERS across all of a config's globs (those past
them are not matched: a hostile config costs little), each then read by the standard library's fnmatch, whose
patterns match in time linear in the path's length (each `*` but the last an atomic group: `*a*a*a*ab` over a
long name of a's does not backtrack).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass

MAX_CHOICES = 64  # the plain globs one glob stands for
MAX_CHARACTERS = 8_000  # the characters of the plain globs past each glob's first, across a config's list
_SPECIAL = "*?[{"  # what fnmatch reads as a wildcard (and `{`, as it is here): written as a class of itself


def compiled_globs(globs: Iterable[str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each glob, with the pattern that matches what it matches (the whole path): the first of the plain globs it
    stands for, and the others while MAX_CHARACTERS last."""
    found: list[tuple[str, re.Pattern[str]]] = []
    budget = MAX_CHARACTERS
    for glob in globs:
        first, *others = plain_globs(glob)
        kept = [first]
        for choice in others:
            budget -= len(choice)
            if budget < 0:
                break
            kept.append(choice)
        found.append((glob, re.compile("|".join(fnmatch.translate(choice) for choice in kept))))
    return tuple(found)


def plain_globs(glob: str) -> list[str]:
    """The globs without braces or `**` that `glob` stands for, as fnmatch reads them (at most MAX_CHOICES)."""
    parser = _Parser(glob, _braces(glob))
    if glob.startswith("**/"):
        return _times(["", "*/"], parser.sequence(3, inside=False)[0])
    return parser.sequence(0, inside=False)[0]


def _braces(glob: str) -> dict[int, int]:
    """Where each brace that closes is opened and closed (`{` never closed is itself); escapes and classes
    skipped. Found once, so that an unclosed brace is never looked through again: `{` 20 times took a second."""
    pairs, opened, i = {}, [], 0
    while i < len(glob):
        c = glob[i]
        if c == "\\":
            i += 1
        elif c == "[" and (end := _class_end(glob, i)) > 0:
            i = end
        elif c == "{":
            opened.append(i)
        elif c == "}" and opened:
            pairs[opened.pop()] = i
        i += 1
    return pairs


@dataclass(frozen=True)
class _Parser:
    glob: str
    pairs: dict[int, int]  # _braces()

    def sequence(self, i: int, inside: bool) -> tuple[list[str], int]:
        """The plain globs of the glob from `i` to its end, or (`inside` braces) to the next `,` or `}` at this
        depth; and where it stopped."""
        glob, found = self.glob, [""]
        while i < len(glob):
            c = glob[i]
            if inside and c in ",}":
                break
            if c == "\\" and i + 1 < len(glob):
                piece, i = [_escaped(glob[i + 1])], i + 2
            elif c == "{" and i in self.pairs:
                piece, i = self._alternation(i + 1), self.pairs[i] + 1
            elif c == "[" and (end := _class_end(glob, i)) > 0:
                body = glob[i + 1 : end]
                piece, i = ["[" + ("!" + body[1:] if body.startswith("^") else body) + "]"], end + 1
            elif c in "[{":
                piece, i = [_escaped(c)], i + 1  # never closed: itself
            elif glob.startswith("/**/", i):
                piece, i = ["", "/*"], i + 3  # then the second `/`: `/` or `/*/`
            else:
                piece, i = [c], i + 1
            found = _times(found, piece)
        return found, i

    def _alternation(self, i: int) -> list[str]:
        """The choices of the braces opened before `i` (which close: _braces)."""
        options: list[str] = []
        while True:
            choices, i = self.sequence(i, inside=True)
            options = (options + choices)[:MAX_CHOICES]
            if self.glob[i] == "}":
                return options
            i += 1


def _class_end(glob: str, start: int) -> int:
    """Where the class opened at `start` closes (a `]` first in it is one of its characters); -1 if never."""
    j = start + 1
    j += j < len(glob) and glob[j] in "!^"
    j += j < len(glob) and glob[j] == "]"
    return glob.find("]", j)


def _escaped(c: str) -> str:
    return f"[{c}]" if c in _SPECIAL else c


def _times(heads: list[str], tails: list[str]) -> list[str]:
    return [head + tail for head in heads for tail in tails][:MAX_CHOICES]
