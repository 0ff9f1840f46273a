"""A glob of a site's config (VitePress's srcExclude, Hugo's mounts, Sphinx's exclude_patterns, Quarto's render
list, DocFX's build.content) as a regular expression over paths that takes time linear in the path's length.

The generators read `*` and `?` within a name, `**` across folders, `[0-9]` a class (`[!x]` its opposite; neither
ever '/'), `{a,b}` either. Written the plain way (`*` as `[^/]*`, `**` as `.*`), a glob of k stars makes the
regular expression engine try every way of splitting a name k times before it fails: `**a**a**a**ab` took 8 s on
a name of 400 characters. So it is written as CPython's fnmatch.translate writes `*`: a star and the fixed part
after it are an atomic group that takes the fixed part's first place (`(?>[^/]*?PART)`), which it never tries
again. That is right when the next star may take whatever this choice leaves over. Both kinds of star are brought
to one, `[^/]*`, by writing `**` as the folders it crosses and a name, `(?:[^/]*/)*[^/]*`; a run of stars within
names is then matched as fnmatch matches, and each folder-crossing star with the run after it is one atomic group
too (`(?>(?:[^/]*/)*?RUN)`, its first folder at which the run matches), when what follows may take what is left:
a run that ends with '/', or a `**` next. Braces are written out first (`{md,yml}` two globs), up to
MAX_ALTERNATIVES; past that (no config's glob), they are kept in place, each group matched by the first of its
alternatives that matches, as if it were a fixed part: a path such a glob names may be missed, but no path takes
long. A `{` nested past _MAX_NESTING is the character.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["path_glob"]

MAX_ALTERNATIVES = 256  # globs that a glob's braces write out (`{a,b}` twice is 4)
_MAX_GROUPS = 64  # brace groups written out (more are kept in place)
_MAX_NESTING = 16  # braces within braces; a `{` deeper is the character
_NAME = "[^/]*"
_ANY_FOLDERS = "(?:[^/]*/)"  # what `**` crosses: folders, each ending in '/' (any number of them)
_SOME_FOLDERS = "(?:[^/]+/)"  # `**/` read as fast-glob reads it (VitePress): no folder or some, each named


@dataclass(frozen=True)
class _Item:
    kind: str  # "c" one character, "S" `*`, "D" `**`, "G" `**/` (any_folders), "A" braces kept in place, "{,}"
    regex: str = ""
    slash: bool = False  # a character that is '/'


def path_glob(glob: str, any_folders: bool = False) -> re.Pattern[str]:
    """A glob of a site's config as a regular expression over paths ('/' between names), as the generators read
    theirs (see the module docstring). With `any_folders` (fast-glob's reading, VitePress's), `**/` may also
    stand for no folder."""
    items = _items(glob, any_folders)
    alternatives = _written_out(items)
    if alternatives is None:
        alternatives = [_in_place(items)]
    regexes = list(dict.fromkeys(_linear(alternative) for alternative in alternatives))
    return re.compile(regexes[0] if len(regexes) == 1 else "(?:" + "|".join(regexes) + ")")


def _items(glob: str, any_folders: bool) -> list[_Item]:
    items: list[_Item] = []
    i, depth = 0, 0
    while i < len(glob):
        c = glob[i]
        if any_folders and glob.startswith("**/", i) and glob[i - 1 : i] in ("", "/"):  # (a name's `a**/`: `**`)
            items.append(_Item("G"))
            i += 3
            continue
        if glob.startswith("**", i):
            items.append(_Item("D"))
            i += 2
            continue
        if c == "[" and (end := glob.find("]", i + 1)) > i + 1:
            body = glob[i + 1 : end]
            negated = body[0] in "!^" and len(body) > 1
            inside = "".join(ch if ch == "-" else re.escape(ch) for ch in (body[1:] if negated else body))
            items.append(_Item("c", f"[^/{inside}]" if negated else f"(?!/)[{inside}]"))  # a range stays one
            i = end + 1
            continue
        if c == "*":
            items.append(_Item("S"))
        elif c == "?":
            items.append(_Item("c", "[^/]"))
        elif c == "{" and depth < _MAX_NESTING:
            items.append(_Item("{"))
            depth += 1
        elif c in ",}" and depth:
            items.append(_Item(c))
            depth -= c == "}"
        else:
            items.append(_Item("c", re.escape(c), c == "/"))
        i += 1
    return items + [_Item("}")] * depth


def _written_out(items: list[_Item]) -> list[list[_Item]] | None:
    """The brace-free globs that `items` stand for, None past MAX_ALTERNATIVES."""
    start = next((i for i, item in enumerate(items) if item.kind == "{"), None)
    if start is None:
        return [items]
    if sum(item.kind == "{" for item in items) > _MAX_GROUPS:
        return None
    depth, choices, begun = 0, [], start + 1
    for end in range(start, len(items)):
        kind = items[end].kind
        depth += (kind == "{") - (kind == "}")
        if depth == 1 and kind == ",":
            choices.append(items[begun:end])
            begun = end + 1
        if depth == 0:
            break
    choices.append(items[begun:end])
    written: list[list[_Item]] = []
    for choice in choices:
        rest = _written_out(choice + items[end + 1 :]) if len(written) < MAX_ALTERNATIVES else None
        if rest is None:
            return None
        written += [items[:start] + alternative for alternative in rest]
        if len(written) > MAX_ALTERNATIVES:
            return None
    return written


def _in_place(items: list[_Item]) -> list[_Item]:
    """`items` with each top-level brace group one item of alternatives."""
    out: list[_Item] = []
    depth, group = 0, ""
    for item in items:
        if depth == 0 and item.kind != "{":
            out.append(item)
            continue
        depth += (item.kind == "{") - (item.kind == "}")
        group += {"{": "(?:", ",": "|", "}": ")"}.get(item.kind) or _plain(item)
        if depth == 0:
            out.append(_Item("A", group))
            group = ""
    return out


def _plain(item: _Item) -> str:
    if item.kind == "A":
        return f"(?>{item.regex})"  # (its first alternative that matches: each tried once)
    return {"S": _NAME, "D": ".*", "G": _SOME_FOLDERS + "*"}.get(item.kind, item.regex)


def _linear(items: list[_Item]) -> str:
    """One brace-free glob's regular expression (see the module docstring)."""
    blocks = _blocks(items)
    out = []
    for n, (lead, run) in enumerate(blocks):
        final = n == len(blocks) - 1
        after = blocks[n + 1] if not final else ("", [])
        safe = not final and (_ends_with_slash(run) or (after[0] == _ANY_FOLDERS and after[1][:1] == [_Item("S")]))
        text = (lead + ("*" if final else "*?") if lead else "") + _run(run, final, safe)
        out.append(f"(?>{text})" if lead and safe else text)
    return "".join(out)


def _blocks(items: list[_Item]) -> list[tuple[str, list[_Item]]]:
    """The glob as (folders crossed, the run of names after them): stars next to a `**` made one with it (`***`
    is `**`), each `**` written as folders and a `*`."""
    merged: list[_Item] = []
    for item in items:
        kinds = {item.kind, merged[-1].kind} if merged else set()
        if kinds in ({"S"}, {"G"}) or ("D" in kinds and kinds <= {"S", "D", "G"}):
            merged[-1] = _Item(item.kind if len(kinds) == 1 else "D")  # the same as the two
        else:
            merged.append(item)
    blocks: list[tuple[str, list[_Item]]] = [("", [])]
    for item in merged:
        if item.kind == "D":
            blocks.append((_ANY_FOLDERS, [_Item("S")]))
        elif item.kind == "G":
            blocks.append((_SOME_FOLDERS, []))
        else:
            blocks[-1][1].append(item)
    return blocks


def _run(run: list[_Item], final: bool, safe: bool) -> str:
    """A run of characters and `*`s: each star with the fixed part after it an atomic group (fnmatch's), the last
    one too unless the run ends the glob or what follows may not take what such a choice leaves."""
    parts: list[list[_Item]] = [[]]
    for item in run:
        if item.kind == "S":
            parts.append([])
        else:
            parts[-1].append(item)
    text = "".join(_plain(item) for item in parts[0])
    for n, part in enumerate(parts[1:], 1):
        fixed = "".join(_plain(item) for item in part)
        last = n == len(parts) - 1
        atomic = part and (not last or (safe and not final))
        text += f"(?>{_NAME}?{fixed})" if atomic else _NAME + fixed
    return text


def _ends_with_slash(run: list[_Item]) -> bool:
    return bool(run) and run[-1].slash
