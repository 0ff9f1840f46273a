"""Liquid's conditions in a Jekyll include decided where what they test is known: the include's parameters and
the page's front matter. home-assistant.io's config_flow.md, included by each integration page, says "{{ name }}
can be auto-discovered" only `{% if include.discovery or page.ha_dhcp or ... %}`; with both branches kept, every
page said so, and its steps showed the helper's and the integration's ways one after the other.

- `{% if %}`, `{% unless %}`, `{% elsif %}`, `{% else %}` and their ends: the branch the condition picks stays,
  the others go. A condition is operands (`page.x`, `include.x`, a quoted string, a number, true, false, nil)
  compared with `==`, `!=` or `contains`, or alone (true unless nil or false, as in Liquid), joined by `and`
  and `or` (read right to left, as Liquid does). One that names anything else (`site.x`, a variable, a
  filter) is not decided: its tags and all its branches stay, for templates.py to take the tags out as before.
- Inside `{% raw %}` ... `{% endraw %}` (home-assistant.io's template examples), tags are text, as Jekyll shows
  them.
- Each tag is found once, left to right; nesting deeper than MAX_DEPTH is left as written, and so is a text
  with a decided condition never closed (Jekyll fails on it; as templates.py's comment never closed, it hides
  nothing).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["decide_conditions"]

_TAG = re.compile(r"\{%-?[ \t]*(if|unless|elsif|else|endif|endunless|raw|endraw)\b([^%\n]{0,300})-?%\}")
_OPERAND = re.compile(r"""(page|include)\.([\w-]+)|"([^"]*)"|'([^']*)'|(-?\d+(?:\.\d+)?)|(true|false|nil)""")
_COMPARISON = re.compile(r"^(\S+)[ \t]+(==|!=|contains)[ \t]+(.+)$")
MAX_DEPTH = 20
_UNKNOWN = object()


@dataclass
class _Frame:
    known: bool  # whether its condition was decided (else its tags and branches are kept)
    taken: bool = False  # a branch of it was taken already
    showing: bool = True  # the branch being read shows


def decide_conditions(text: str, include: Mapping[str, str], page: Mapping[str, Any]) -> str:
    """`text` with the branches its decidable conditions do not take removed (see the module docstring)."""
    if "{%" not in text or not _TAG.search(text):
        return text
    out: list[str] = []
    frames: list[_Frame] = []
    hidden = 0  # how many of `frames` hide the branch being read (counted, not looked over at each tag: linear)
    pos, raw = 0, False  # inside `{% raw %}`, tags are text
    for tag in _TAG.finditer(text):
        if not hidden:
            out.append(text[pos : tag.start()])
        pos = tag.end()
        name, condition = tag.group(1), tag.group(2).strip().rstrip("-").strip()
        if raw or name in ("raw", "endraw"):
            raw, keep = name == "raw" or (raw and name != "endraw"), True
        elif name in ("if", "unless"):
            value = _decided(condition, include, page) if len(frames) < MAX_DEPTH else _UNKNOWN
            frame = _Frame(known=value is not _UNKNOWN)
            if frame.known:
                frame.showing = frame.taken = bool(value) != (name == "unless")
            frames.append(frame)
            hidden += not frame.showing
            keep = not frame.known
        elif not frames:
            keep = True  # an `else` or end of no condition read here: left as written
        else:
            innermost = frames[-1]
            hidden -= not innermost.showing
            keep = _branch(frames, name, condition, include, page)
            hidden += bool(frames) and frames[-1] is innermost and not innermost.showing
        if keep and not hidden:
            out.append(tag.group())
    if any(frame.known for frame in frames):
        return text  # a condition never closed: which text its branches hold is unknown, so all of it stays
    if not hidden:
        out.append(text[pos:])
    return "".join(out)


def _branch(
    frames: list[_Frame], name: str, condition: str, include: Mapping[str, str], page: Mapping[str, Any]
) -> bool:
    """Moves the innermost frame to its next branch or ends it; whether the tag is kept (an undecided frame's)."""
    frame = frames[-1]
    if name in ("endif", "endunless"):
        frames.pop()
        return not frame.known
    if not frame.known:
        return True
    if name == "else":
        frame.showing, frame.taken = not frame.taken, True
        return False
    value = _decided(condition, include, page)
    if value is _UNKNOWN:  # an elsif not decided: its branch shows unless one above was taken
        frame.showing = not frame.taken
        return False
    frame.showing = not frame.taken and bool(value)
    frame.taken = frame.taken or frame.showing
    return False


def _decided(condition: str, include: Mapping[str, str], page: Mapping[str, Any]) -> object:
    """The condition's truth, or _UNKNOWN; `a or b and c` is `a or (b and c)`, read from the right as Liquid."""
    parts = re.split(r"[ \t]+(and|or)[ \t]+", condition)
    value = _clause(parts[-1], include, page)
    for index in range(len(parts) - 3, -1, -2):
        left = _clause(parts[index], include, page)
        if left is _UNKNOWN or value is _UNKNOWN:
            return _UNKNOWN
        value = (left and value) if parts[index + 1] == "and" else (left or value)
    return value if value is _UNKNOWN else bool(value)


def _clause(clause: str, include: Mapping[str, str], page: Mapping[str, Any]) -> object:
    clause = clause.strip()
    compared = _COMPARISON.match(clause)
    if compared is None:
        value = _operand(clause, include, page)
        return value if value is _UNKNOWN else value is not None and value is not False
    left, right = _operand(compared.group(1), include, page), _operand(compared.group(3), include, page)
    if left is _UNKNOWN or right is _UNKNOWN:
        return _UNKNOWN
    if compared.group(2) == "contains":
        return isinstance(left, str | list) and isinstance(right, str) and right in left
    return (left == right) == (compared.group(2) == "==")


def _operand(text: str, include: Mapping[str, str], page: Mapping[str, Any]) -> object:
    match = _OPERAND.fullmatch(text.strip())
    if match is None:
        return _UNKNOWN
    scope, key, double, single, number, word = match.groups()
    if scope is not None:
        return (include if scope == "include" else page).get(key)
    if double is not None or single is not None:
        return double if double is not None else single
    if number is not None:
        return float(number) if "." in number else int(number)
    return {"true": True, "false": False, "nil": None}[word]
