"""Zola's `ignored_content` and `ignored_static` globs, matched as Rust's globset (which Zola builds them with)
matches them by default: `*` any characters, `/` too; `?` any one; `[a-z]` a class (`[!x]` or `[^x]` its
opposite); `{a,b}` either (nested too); `\\*` the character itself; `/**/` one `/` or any folders between two
(`a/**/b` is `a/b` too), a leading `**/` nothing or any folders.

A glob is expanded into the plain globs it stands for (`/**/` is `/` or `/*/`, `{a,b}` each choice), at most
MAX_CHOICES of them and MAX_CHARACTERS across all of a config's globs (those past them are not matched: a hostile
config costs little), each then read by the standard library's fnmatch, whose patterns match in time linear in
the path's length (each `*` but the last an atomic group: `*a*a*a*ab` over a long name of a's does not
backtrack).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable

MAX_CHOICES = 64  # the plain globs one glob stands for
MAX_CHARACTERS = 8_000  # the plain globs' characters across a config's list
_SPECIAL = "*?["  # what fnmatch reads as a wildcard: an escaped one is written as a class of itself


def compiled_globs(globs: Iterable[str]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each glob, with the pattern that matches what it matches (the whole path)."""
    found: list[tuple[str, re.Pattern[str]]] = []
    budget = MAX_CHARACTERS
    for glob in globs:
        choices = []
        for choice in plain_globs(glob):
            budget -= len(choice)
            if budget < 0:
                break
            choices.append(fnmatch.translate(choice))
        if choices:
            found.append((glob, re.compile("|".join(choices))))
        if budget < 0:
            break
    return tuple(found)


def plain_globs(glob: str) -> list[str]:
    """The globs without braces or `**` that `glob` stands for, as fnmatch reads them (at most MAX_CHOICES)."""
    if glob.startswith("**/"):
        return _times(["", "*/"], _sequence(glob, 3, inside=False)[0])
    return _sequence(glob, 0, inside=False)[0]


def _sequence(glob: str, i: int, inside: bool) -> tuple[list[str], int]:
    """The plain globs of `glob` from `i` to its end, or (`inside` braces) to the next `,` or `}` at this depth;
    and where it stopped."""
    found = [""]
    while i < len(glob):
        c = glob[i]
        if inside and c in ",}":
            break
        if c == "\\" and i + 1 < len(glob):
            piece, i = [_escaped(glob[i + 1])], i + 2
        elif c == "{" and (braced := _alternation(glob, i + 1)) is not None:
            piece, i = braced
        elif c == "[" and (end := _class_end(glob, i)) > 0:
            body = glob[i + 1 : end]
            piece, i = ["[" + ("!" + body[1:] if body.startswith("^") else body) + "]"], end + 1
        elif c == "[":
            piece, i = [_escaped(c)], i + 1  # never closed: itself
        elif glob.startswith("/**/", i):
            piece, i = ["", "/*"], i + 3  # then the second `/`: `/` or `/*/`
        else:
            piece, i = [c], i + 1
        found = _times(found, piece)
    return found, i


def _alternation(glob: str, i: int) -> tuple[list[str], int] | None:
    """The choices of the braces opened before `i`, and where they close; None when they never do."""
    options: list[str] = []
    while i < len(glob):
        choices, i = _sequence(glob, i, inside=True)
        options = (options + choices)[:MAX_CHOICES]
        if i >= len(glob):
            return None
        i += 1
        if glob[i - 1] == "}":
            return options, i
    return None


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
