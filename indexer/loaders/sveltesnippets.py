"""svelte.dev's code blocks (the Svelte and SvelteKit documentation, rendered by svelte.dev's own site kit), shown
as that site shows them; mdtext.py reads a page's fences through it when the page is svelte.dev's.

- A line `/// file: src/routes/+page.js` (`<!--- file: App.svelte --->` in Svelte and HTML code) names the file the
  code belongs in: the site shows the name above the block, so it is the block's title; `/// link: true` and
  `/// copy: false` lines only set the block's options: not shown.
- Every ```js and ```ts block goes through Twoslash there, marked or not: what comes before its last
  `// ---cut---` is a prelude that is never shown, and `// @errors: 2304` lines are options (shiki.py's rule for a
  block marked `twoslash`).
- `+++added+++`, `---removed---` and `:::highlighted:::` mark code to highlight (a diff's sides): the marks are
  not shown, the code between them is.

A page is svelte.dev's when one of its code blocks is written as only svelte.dev's are: an option line written so
(three slashes, or an HTML comment with three dashes: `<!--- copy: false --->`); a js, ts or svelte line wrapped
in marks (`+++if (!building) {+++`, no code of those languages); or an unmarked js or ts block with Twoslash's
files before a cut (`// @filename: ambient.d.ts` ... `// ---cut---`), which other sites show only in a block
marked `twoslash`. A page without any keeps its `+++` and `---` as written (TOML front matter, YAML documents).
Each line is matched once, with no backtracking: linear.
"""

from __future__ import annotations

import re

from indexer.loaders.shiki import twoslash_shown

__all__ = ["is_svelte_page_code", "svelte_shown"]

# an option line: `/// file: x.js`, `<!--- file: x.svelte --->`; the value runs to the line's end (its `--->` is
# taken off after): `.*` is greedy, so a long line is read once
_OPTION = re.compile(r"[ \t]*(?:///|<!---)[ \t]*(file|link|copy):(.*)")
_MARKS = re.compile(r"\+\+\+|---|:::")
_MARKED_LINE = re.compile(r"[ \t]*(\+\+\+|---)[^+-].*\1[ \t]*")  # a line of code wrapped in a pair of marks
_CUT = re.compile(r"[ \t]*// ---cut---[ \t]*")
_FILENAME = re.compile(r"[ \t]*// @filename:.*")
_TWOSLASH_LANGUAGES = frozenset({"js", "ts"})
_MARKED_LANGUAGES = frozenset({"js", "ts", "svelte"})


def is_svelte_page_code(code: str, info: str) -> bool:
    """Whether `code`, a fenced block's whose info string is `info`, is written as only svelte.dev's pages write
    code (see the module docstring)."""
    if ("file:" in code or "link:" in code or "copy:" in code) and any(
        _OPTION.fullmatch(line) for line in code.split("\n")
    ):
        return True
    words = info.split()
    language = words[0] if len(words) == 1 else ""  # `ts twoslash` is Twoslash's own, on any site
    marked = language in _MARKED_LANGUAGES and ("+++" in code or "---" in code)
    if marked and any(_MARKED_LINE.fullmatch(line) for line in code.split("\n")):
        return True
    if language not in _TWOSLASH_LANGUAGES or "---cut---" not in code:
        return False
    named = False
    for line in code.split("\n"):
        named = named or _FILENAME.fullmatch(line) is not None
        if named and _CUT.fullmatch(line):
            return True
    return False


def svelte_shown(code: str, info: str) -> tuple[str, str]:
    """(title, code) of a fenced block of a svelte.dev page whose info string is `info`: the file it names, and
    its code without option lines, prelude and highlight marks."""
    title = ""
    lines: list[str] = []
    for line in code.split("\n"):
        option = _OPTION.fullmatch(line)
        if option is None:
            lines.append(line)
        elif option.group(1) == "file":
            title = title or option.group(2).strip().removesuffix("--->").strip()
    words = info.split()
    if words and words[0] in _TWOSLASH_LANGUAGES:
        lines = twoslash_shown(lines)
    return title, _MARKS.sub("", "\n".join(lines))
