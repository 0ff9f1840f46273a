"""A glob of a site's config as a regular expression over paths ('/' between names) that takes time linear in the
path's length, in the two readings generators give their globs.

- Names (the default: VitePress's srcExclude, Hugo's mounts, Sphinx's exclude_patterns, Quarto's render list,
  DocFX's build.content): `*` and `?` within a name, `**` across folders, `[0-9]` a class (`[!x]` its opposite;
  neither ever '/'), `{a,b}` either (a `{` never closed is closed at the glob's end). With `any_folders`
  (fast-glob's reading: VitePress, DocFX) a `**/` that starts a name may also stand for no folder.
- `crossing`, Rust's globset as Zola builds `ignored_content` with it: `*`, `?` and classes take '/' too; `\\*` is
  the character; `**/` first or after a '/' is no folder or any (`a/**/b` is `a/b` too); a `{` never closed, or
  a `}` never opened, is the character.

A class is written as fnmatch writes it in both (`[z-a]` names nothing; `re` refused it as written).

Written the plain way (`*` as `[^/]*`, `**` as `.*`), a glob of k stars makes the regular expression engine try
every way of splitting a name k times before it fails: `**a**a**a**ab` took 8 s on a name of 400 characters. So
it is written as CPython's fnmatch.translate writes `*`: a star and the fixed part after it are an atomic group
that takes the fixed part's first place (`(?>[^/]*?PART)`), which it never tries again. That is right when the
next star may take whatever this choice leaves over. A `**` is brought to a star by writing it as the folders it
crosses and a name, `(?:[^/]*/)*[^/]*` (globset's star is `.*`, its `**/` those folders); each folder-crossing
lead with the run after it is one atomic group too (`(?>(?:[^/]*/)*?RUN)`, its first folder at which the run
matches) when what follows may take what is left: a run that ends with '/', or a `**` next; in globset's reading,
the lead with the fixed part after it whenever a star follows (`(?>(?:[^/]*/)*?PART).*`). Braces are written
out first (`{md,yml}` two globs), up to MAX_ALTERNATIVES globs of MAX_WRITTEN characters; past that (no config's
glob), they are kept in place, each group matched by the first of its choices that matches (each choice written
as above), as if it were a fixed part, with a warning: a path such a glob names may be missed, and a star before
a group whose choices hold stars tries the group at each place, so such a glob takes time quadratic in the
path's length (a fifth of a second for one of 200 characters on a path of 4,000). A `{` nested past _MAX_NESTING
is the character, and so is its `}`.
"""

from __future__ import annotations

import fnmatch
import logging
import re
from dataclasses import dataclass

__all__ = ["MAX_ALTERNATIVES", "MAX_WRITTEN", "path_glob"]

log = logging.getLogger(__name__)

MAX_ALTERNATIVES = 256  # globs that a glob's braces write out (`{a,b}` twice is 4)
MAX_WRITTEN = 2_000  # characters of those globs, together (a hundred of the longest compile in two seconds)
_MAX_GROUPS = 64  # brace groups written out (more are kept in place)
_MAX_NESTING = 16  # braces within braces; a `{` deeper is the character
_NAME = "[^/]*"  # a star within a name
_ANYTHING = ".*"  # globset's star (the pattern is compiled with DOTALL)
_ANY_FOLDERS = "(?:[^/]*/)"  # what `**` crosses: folders, each ending in '/' (any number of them)
_SOME_FOLDERS = "(?:[^/]+/)"  # `**/` read as fast-glob reads it (VitePress): no folder or some, each named
_BRACES = ("{", ",", "}")


@dataclass(frozen=True)
class _Item:
    """One piece of a glob. `kind`: "c" a character or class (`regex`), "S" a star (`regex` what it takes), "D"
    `**`, "G" `**/` with any_folders, "F" globset's `**/`, "A" braces kept in place (`regex`), "{" "," "}"."""

    kind: str
    regex: str = ""
    slash: bool = False  # ends in a '/' of the glob (not escaped): a `**/` after it starts a name


def path_glob(glob: str, any_folders: bool = False, crossing: bool = False) -> re.Pattern[str]:
    """A glob of a site's config as a regular expression over paths, for `fullmatch`, as the generators read
    theirs (see the module docstring): `crossing` for globset's reading, `any_folders` for fast-glob's `**/`."""
    items = _grouped(_tokens(glob, any_folders and not crossing, crossing), crossing)
    alternatives = _written_out(items)
    if alternatives is None:
        log.warning(
            "a site config's glob %r stands for more than %d globs once its braces are written out (or more than %d "
            "characters of them, or has more than %d {...}): each {...} of it is matched by the first of its choices "
            "that fits, and a path it names may be missed",
            glob if len(glob) < 80 else glob[:80] + "...",
            MAX_ALTERNATIVES,
            MAX_WRITTEN,
            _MAX_GROUPS,
        )
    regex = _alternation(alternatives or [_in_place(items)])
    return re.compile(f"(?s:{regex})" if crossing else regex)


def _tokens(glob: str, any_folders: bool, crossing: bool) -> list[_Item]:
    """The glob's pieces, each brace a "{", "," or "}" whether it pairs or not (_grouped decides)."""
    items: list[_Item] = []
    i = 0
    while i < len(glob):
        c = glob[i]
        boundary = not items or items[-1].slash  # a name starts here
        if (any_folders or crossing) and boundary and glob.startswith("**/", i):
            # (a leading `**/` takes no `**/` after it as folders: `**/**/a` needs a '/', as Zola's reading had it)
            items.append(_Item("F" if crossing else "G", slash=bool(items) or not crossing))
            i += 3
        elif glob.startswith("**", i) and not crossing:
            items.append(_Item("D"))
            i += 2
        elif crossing and c == "\\" and i + 1 < len(glob):
            items.append(_Item("c", re.escape(glob[i + 1])))
            i += 2
        elif c == "[" and (end := _class_end(glob, i, crossing)) > 0:
            items.append(_Item("c", _class(glob[i + 1 : end], crossing)))
            i = end + 1
        else:
            items.append(_character(c, crossing))
            i += 1
    return items


def _character(c: str, crossing: bool) -> _Item:
    if c == "*":
        return _Item("S", _ANYTHING if crossing else _NAME)
    if c == "?":
        return _Item("c", "." if crossing else "[^/]")
    return _Item(c) if c in _BRACES else _Item("c", re.escape(c), c == "/")


def _class_end(glob: str, start: int, crossing: bool) -> int:
    """Where the class opened at `start` closes; -1 if never. In globset's reading (fnmatch's) a `]` first in it
    is one of its characters; in the other a class holds at least one."""
    if not crossing:
        end = glob.find("]", start + 1)
        return end if end > start + 1 else -1
    j = start + 1
    j += j < len(glob) and glob[j] in "!^"
    j += j < len(glob) and glob[j] == "]"
    return glob.find("]", j)


def _class(body: str, crossing: bool) -> str:
    """A class as fnmatch writes it (a range such as `z-a` matches nothing, where `re` refused the pattern and
    with it the run), never '/' in the names' reading, where `[!]` is the class of '!'."""
    if body in ("!", "^"):
        return re.escape(body)
    written = fnmatch.translate("[" + ("!" + body[1:] if body.startswith("^") else body) + "]")
    written = written.removesuffix(r"\Z").removesuffix(r"\z")  # its end (Python 3.14 writes `\z`), not the class's
    return written if crossing else "(?!/)" + written


def _grouped(tokens: list[_Item], crossing: bool) -> list[_Item]:
    """The tokens with each `{` and the `}` that closes it a group (one never closed: closed at the end, or in
    globset's reading the character), at most _MAX_NESTING deep; every other brace, and a `,` outside groups,
    the character."""
    closing: dict[int, int] = {}
    opened: list[int] = []
    for n, token in enumerate(tokens):
        if token.kind == "{":
            opened.append(n)
        elif token.kind == "}" and opened:
            closing[opened.pop()] = n
    if not crossing:
        closing.update((n, len(tokens)) for n in opened)
    out: list[_Item] = []
    ends: list[int] = []  # where the groups open here close
    for n, token in enumerate(tokens):
        if token.kind == "{" and n in closing and len(ends) < _MAX_NESTING:
            ends.append(closing[n])
        elif token.kind == "}" and ends and ends[-1] == n:
            ends.pop()
        elif token.kind in _BRACES and not (token.kind == "," and ends):
            token = _Item("c", re.escape(token.kind))
        out.append(token)
    return out + [_Item("}")] * len(ends)


def _written_out(items: list[_Item]) -> list[list[_Item]] | None:
    """The brace-free globs that `items` stand for, None past MAX_ALTERNATIVES or MAX_WRITTEN."""
    written = _choices(items)
    return None if written is None or sum(map(len, written)) > MAX_WRITTEN else written


def _choices(items: list[_Item]) -> list[list[_Item]] | None:
    start = next((i for i, item in enumerate(items) if item.kind == "{"), None)
    if start is None:
        return [items]
    if sum(item.kind == "{" for item in items) > _MAX_GROUPS:
        return None
    choices, end = _group(items, start)
    written: list[list[_Item]] = []
    for choice in choices:
        rest = _choices(choice + items[end + 1 :]) if len(written) < MAX_ALTERNATIVES else None
        if rest is None:
            return None
        written += [items[:start] + alternative for alternative in rest]
        if len(written) > MAX_ALTERNATIVES:
            return None
    return written


def _group(items: list[_Item], start: int) -> tuple[list[list[_Item]], int]:
    """The choices of the group opened at `start` (its commas at its own depth), and where it closes."""
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
    return choices, end


def _in_place(items: list[_Item]) -> list[_Item]:
    """`items` with each top-level brace group one item: its choices, each written as a glob of its own."""
    out: list[_Item] = []
    i = 0
    while i < len(items):
        if items[i].kind != "{":
            out.append(items[i])
            i += 1
            continue
        choices, end = _group(items, i)
        out.append(_Item("A", "(?:" + "|".join(_regex(choice) for choice in choices) + ")"))
        i = end + 1
    return out


def _regex(items: list[_Item]) -> str:
    return _alternation(_written_out(items) or [_in_place(items)])


def _alternation(alternatives: list[list[_Item]]) -> str:
    regexes = list(dict.fromkeys(_linear(alternative) for alternative in alternatives))
    return regexes[0] if len(regexes) == 1 else "(?:" + "|".join(regexes) + ")"


def _linear(items: list[_Item]) -> str:
    """One brace-free glob's regular expression (see the module docstring)."""
    blocks = _blocks(items)
    out = []
    for n, (lead, run) in enumerate(blocks):
        final = n == len(blocks) - 1
        folders, after = blocks[n + 1] if not final else ("", [])
        safe = not final and (_ends_with_slash(run) or (folders == _ANY_FOLDERS and _starts_with_star(after)))
        crossed, rest = _crossed(lead, run, final)
        text = crossed + _run(rest, final, safe)
        out.append(f"(?>{text})" if lead and safe else text)
    return "".join(out)


def _crossed(lead: str, run: list[_Item], final: bool) -> tuple[str, list[_Item]]:
    """The folders a block crosses, and what of its run is left to write. Before a fixed part and globset's star
    (`**/a*b`), they are the first folder at which the part matches, atomic, as a star of fnmatch's is: the star
    takes whatever a later folder would have left. Greedy, each folder tried made the star scan to the path's
    end again: `**/a*b` took seconds on a path of 30,000 'a/'."""
    star = next((n for n, item in enumerate(run) if item.kind == "S"), None)
    if lead and star is not None and run[star].regex == _ANYTHING:
        return f"(?>{lead}*?{''.join(map(_plain, run[:star]))})", run[star:]
    return (lead + ("*" if final else "*?") if lead else ""), run


def _blocks(items: list[_Item]) -> list[tuple[str, list[_Item]]]:
    """The glob as (folders crossed, the run of names after them): stars next to a `**` made one with it (`***`
    is `**`; globset's `**/*` a star), each `**` written as folders and a `*`."""
    merged: list[_Item] = []
    for item in items:
        kinds = {item.kind, merged[-1].kind} if merged else set()
        if kinds in ({"S"}, {"G"}, {"F"}):
            continue  # the same as the two
        if kinds == {"F", "S"} or ("D" in kinds and kinds <= {"S", "D", "G"}):
            merged[-1] = item if kinds == {"F", "S"} else _Item("D")
        else:
            merged.append(item)
    blocks: list[tuple[str, list[_Item]]] = [("", [])]
    for item in merged:
        if item.kind == "D":
            blocks.append((_ANY_FOLDERS, [_Item("S", _NAME)]))
        elif item.kind in ("G", "F"):
            blocks.append((_SOME_FOLDERS if item.kind == "G" else _ANY_FOLDERS, []))
        else:
            blocks[-1][1].append(item)
    return blocks


def _run(run: list[_Item], final: bool, safe: bool) -> str:
    """A run of characters and stars: each star with the fixed part after it an atomic group (fnmatch's), the last
    one too unless the run ends the glob or what follows may not take what such a choice leaves."""
    parts: list[tuple[str, list[_Item]]] = [("", [])]
    for item in run:
        if item.kind == "S":
            parts.append((item.regex, []))
        else:
            parts[-1][1].append(item)
    text = "".join(_plain(item) for item in parts[0][1])
    for n, (star, part) in enumerate(parts[1:], 1):
        fixed = "".join(_plain(item) for item in part)
        last = n == len(parts) - 1
        atomic = part and (not last or (safe and not final))
        text += f"(?>{star}?{fixed})" if atomic else star + fixed
    return text


def _plain(item: _Item) -> str:
    return f"(?>{item.regex})" if item.kind == "A" else item.regex  # (braces: their first choice that matches)


def _ends_with_slash(run: list[_Item]) -> bool:
    return bool(run) and run[-1].slash


def _starts_with_star(run: list[_Item]) -> bool:
    return bool(run) and run[0].kind == "S"
