"""A VitePress config's `rewrites`: pages served at a path other than their file's, as VitePress maps them
(src/node/plugins/rewritesPlugin.ts, with path-to-regexp). VitePress's own docs keep their English pages in `en/`
and serve them from the root (`rewrites: { 'en/:rest*': ':rest*' }`); a monorepo's docs serve
`packages/pkg-a/src/index.md` as `pkg-a/index.md` (`'packages/:pkg/src/:slug*': ':pkg/:slug*'`).

Each rule maps a page's path in srcDir (`guide/cms.md`) to the path VitePress makes its page from; the first rule
that matches applies. A rule's segments are literal text with at most one parameter each: `:name` (one segment, or
part of one: `:page.md`), `:name?` (an optional segment), `:name*` (any number of segments), `:name+` or
`*name` (one or more), at most MAX_REPEATS of these last. A rule in any other syntax (a regular expression,
`(.*)`, two parameters in a segment) is not read: its pages keep their paths. Matching tries each of a rule's
segments against each of the path's once (a repeat, against each count of them), all bounded (MAX_SEGMENTS,
MAX_REPEATS, MAX_DEPTH), so a config's rules cannot make it slow.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Rewrites"]

MAX_RULES = 100
MAX_SEGMENTS = 32  # of a rule's side (a longer one is not read)
MAX_REPEATS = 2  # `:name*` and `:name+` in a rule (one with more is not read)
MAX_DEPTH = 64  # folders of a page's path that rules are matched against (a deeper page keeps its path)
_PARAMETER = re.compile(r"^(?P<before>[^:*]*)(?::(?P<name>\w+)(?P<mod>[?*+]?)|\*(?P<star>\w+))(?P<after>[^:*]*)$")
_LITERAL = re.compile(r"[^:*]*")  # a segment of literal text (no parameter)


@dataclass(frozen=True)
class _Part:
    """One segment of a rule: literal `before` (and `after`) around a parameter `name` that takes `kind`: "" one
    segment, "?" at most one, "*" any number, "+" at least one; a literal segment has no name."""

    before: str
    name: str = ""
    kind: str = ""
    after: str = ""

    def one(self, segment: str) -> str | None:
        """The parameter's value in `segment` (that segment when literal), or None when it does not match."""
        if not self.name:
            return segment if segment == self.before else None
        end = len(segment) - len(self.after)
        if end <= len(self.before) or not segment.startswith(self.before) or not segment.endswith(self.after):
            return None
        return segment[len(self.before) : end]


def _parts(pattern: str) -> tuple[_Part, ...] | None:
    """A rule's side as segments, or None when it is in a syntax not read (see the module docstring)."""
    segments = pattern.strip().strip("/").split("/")
    if len(segments) > MAX_SEGMENTS or any(c in pattern for c in "()^$\\") or len(pattern) > 1_000:
        return None
    parts = []
    for segment in segments:
        parameter = _PARAMETER.match(segment)
        if parameter is None:
            if not _LITERAL.fullmatch(segment):
                return None
            parts.append(_Part(segment))
            continue
        kind = "+" if parameter["star"] else parameter["mod"]
        name = parameter["star"] or parameter["name"]
        if kind in ("?", "*", "+") and (parameter["before"] or parameter["after"]):
            return None  # a repeated or optional parameter is a whole segment
        parts.append(_Part(parameter["before"], name, kind, parameter["after"]))
    return tuple(parts) if sum(part.kind in ("*", "+") for part in parts) <= MAX_REPEATS else None


def _matched(parts: tuple[_Part, ...], segments: list[str]) -> dict[str, list[str]] | None:
    """The parameters' values when `parts` match all of `segments` (repeats taking as many as they can), or
    None. Each (part, segment) pair is tried at most once."""
    failed: set[tuple[int, int]] = set()

    def match(i: int, j: int) -> dict[str, list[str]] | None:
        if i == len(parts):
            return {} if j == len(segments) else None
        if (i, j) in failed:
            return None
        part = parts[i]
        if part.kind in ("*", "+", "?"):
            most = len(segments) - j if part.kind != "?" else min(1, len(segments) - j)
            least = 1 if part.kind == "+" else 0
            for count in range(most, least - 1, -1):
                found = match(i + 1, j + count)
                if found is not None:
                    return {part.name: segments[j : j + count], **found}
        elif j < len(segments) and (value := part.one(segments[j])) is not None:
            found = match(i + 1, j + 1)
            if found is not None:
                return {part.name: [value], **found} if part.name else found
        failed.add((i, j))
        return None

    return match(0, 0)


@dataclass(frozen=True)
class Rewrites:
    """A config's `rewrites` object (its literal string entries), as (from, to) pairs in its order."""

    rules: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, value: object) -> Rewrites:
        """The rewrites of a config's `rewrites` value (an object of strings; anything else, a function, none)."""
        if not isinstance(value, Mapping):
            return cls()
        rules = [(k, v) for k, v in value.items() if isinstance(k, str) and isinstance(v, str)]
        return cls(tuple(rules[:MAX_RULES]))

    @cached_property
    def _compiled(self) -> tuple[tuple[tuple[_Part, ...], tuple[_Part, ...]], ...]:
        sides = ((_parts(source), _parts(target)) for source, target in self.rules)
        return tuple((s, t) for s, t in sides if s is not None and t is not None)

    def rewritten(self, path: str) -> str | None:
        """The path VitePress makes the page at `path` (in srcDir, `guide/cms.md`) from, or None when no rule
        maps it."""
        segments = path.split("/")
        if len(segments) > MAX_DEPTH:
            return None
        for source, target in self._compiled:
            found = _matched(source, segments)
            if found is not None:
                return _filled(target, found)
        return None


def _filled(target: tuple[_Part, ...], values: dict[str, list[str]]) -> str | None:
    """The target side with the parameters' values put in; None when it names one the source has not."""
    segments: list[str] = []
    for part in target:
        if part.name and part.name not in values:
            return None
        if not part.name:
            segments.append(part.before)
        elif part.kind in ("*", "+", "?"):
            segments.extend(values[part.name])
        else:
            segments.append(part.before + "/".join(values[part.name]) + part.after)
    return "/".join(segment for segment in segments if segment)
