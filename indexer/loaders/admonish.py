"""mdbook-admonish's admonitions, read as an mdBook site shows them: a fenced block whose info string starts with
`admonish` is no code but a box whose body is Markdown, under its title.

The title is the info string's `title="..."` (`title=""`: none), or, in its first syntax, the JSON string after
the directive (`admonish warning "Data loss"`); else the directive's name as the preprocessor writes it (`note`:
"Note", `tldr`: "TL;DR", one it does not know: "Note"). Before this, the body showed as code, its Markdown
(`**bold**`, `[a link](x.md)`) as written. A fence inside the body (a longer or other fence around the box's)
is code still, and an admonish fence inside code is left as written. The box is fenced code in the page's
source: the first fence line that closes it ends it, and code its body leaves open with it. Boxes do not nest:
the preprocessor replaces the blocks pulldown-cmark finds in the page, and one inside a box is no block of the
page but the box's text, which mdBook then shows as code. Lines are read once each.
"""

from __future__ import annotations

import json
import re

from indexer.loaders.fences import closes, opens
from indexer.loaders.includes import reading_state

__all__ = ["admonish_blocks"]

_OPEN = re.compile(r"^(?P<prefix>[ \t]*(?:>[ \t]?)*)(?P<fence>`{3,}+|~{3,}+)[ \t]*admonish(?:[ \t]+(?P<info>.*))?$")
_BARE = re.compile(r"^[ \t]*(?:>[ \t]?)*(?P<fence>`++|~++)[ \t]*$")
_TITLE = re.compile(r"""(?:^|[ \t])title[ \t]*=[ \t]*(?:"(?P<basic>(?:[^"\\]|\\.)*+)"|'(?P<literal>[^']*+)')""")
_TYPE = re.compile(r"""(?:^|[ \t])type[ \t]*=[ \t]*(?:"(?P<basic>[^"]*+)"|'(?P<literal>[^']*+)')""")
_FIRST_SYNTAX = re.compile(r'(?P<directive>[a-z]+)?(?:\.[-_a-zA-Z0-9]*+)*+(?: (?P<title>".*"))?')
_DIRECTIVE = re.compile(r"[A-Za-z0-9_-]+")
_DIRECTIVES = frozenset(
    {"note", "abstract", "summary", "tldr", "info", "todo", "tip", "hint", "important", "success", "check", "done",
     "question", "help", "faq", "warning", "caution", "attention", "failure", "fail", "missing", "danger", "error",
     "bug", "example", "quote", "cite"}
)  # fmt: skip
_SPECIAL = {"tldr": "TL;DR", "faq": "FAQ"}
_BLOCK_START = re.compile(r"[#>+*=|`~-]|[0-9]+[.)]")  # a title that would open a block of its own: escaped


def admonish_blocks(text: str) -> str:
    """`text` with each admonish block as its title's paragraph and its body's Markdown, on an mdBook site;
    unchanged elsewhere."""
    if "admonish" not in text or (state := reading_state()) is None or state.generator != "mdbook":
        return text
    out: list[str] = []
    box: tuple[str, str] | None = None  # the open box's fence and the prefix of its lines (a quote's `> `)
    code: str | None = None  # the fence of the code block open (in the box, when one is open)
    for line in text.split("\n"):
        if box is not None and _closes_box(line, box[0]):  # first: the box is fenced code in the page's source,
            out += [box[1] + code, ""] if code is not None else [""]  # so its fence ends code left open in it
            box, code = None, None
        elif code is not None:
            code = None if closes(line, code) else code
            out.append(line)
        elif box is None and (opening := _OPEN.match(line)) is not None:
            box = (opening["fence"], opening["prefix"])
            title, prefix = _title(opening["info"] or ""), opening["prefix"]
            out += ["", prefix + _escaped(title), prefix.rstrip()] if title else [""]
        else:
            code = opens(line)
            out.append(line)
    return "\n".join(out)


def _closes_box(line: str, fence: str) -> bool:
    """Whether `line` closes the box `fence` opened: a fence of its character, as long or longer, with no info."""
    bare = _BARE.match(line)
    return bare is not None and bare["fence"][0] == fence[0] and len(bare["fence"]) >= len(fence)


def _title(info: str) -> str:
    """The title the box whose info string (after `admonish`) is `info` shows ("" for none)."""
    info = info.strip()
    first = _FIRST_SYNTAX.fullmatch(info)
    if first is not None:
        directive, title = first["directive"] or "", _json_string(first["title"])
    else:
        named = _TITLE.search(info)
        title = None if named is None else named["literal"] if named["basic"] is None else _unescaped(named["basic"])
        kind = _TYPE.search(info)
        word = info.split(None, 1)[0] if info else ""
        directive = (kind["basic"] or kind["literal"] or "") if kind else word if _DIRECTIVE.fullmatch(word) else ""
    if title is not None:
        return " ".join(title.split())  # one line: a `\n` in its JSON would have split the paragraph
    if directive not in _DIRECTIVES:
        return "Note"
    return _SPECIAL.get(directive, directive[:1].upper() + directive[1:])


def _json_string(quoted: str | None) -> str | None:
    """The first syntax's title, a JSON string (as written when it is none)."""
    if quoted is None:
        return None
    try:
        value = json.loads(quoted)
    except ValueError:
        return quoted
    return value if isinstance(value, str) else quoted


def _unescaped(basic: str) -> str:
    """A TOML basic string's text (its escapes as JSON's, which they mostly are; as written when they are not)."""
    try:
        value = json.loads(f'"{basic}"')
    except ValueError:
        return basic
    return value if isinstance(value, str) else basic


def _escaped(title: str) -> str:
    """`title` as a paragraph's text: one that would open a heading, a quote, a list or code is escaped."""
    return "\\" + title if _BLOCK_START.match(title) else title
