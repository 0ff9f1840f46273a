"""What Shiki shows of a code block (VitePress, Nextra, Fumadocs, Astro; markdown.py reads every fence through it):
code without the comments that only tell Shiki how to show it, read as its transformers and Twoslash read them.

- Notation comments (`// [!code ++]`, `[!code --]`, `focus`, `highlight`/`hl`, `error`, `warning`, `word:name`, each
  with an optional `:3` count; after `//`, `#`, `--`, `;`, `%`, inside `/* */`, `<!-- -->`, `{/* */}` or a
  `*` line of a block comment) leave the code before them: a comment left empty goes, and a line that was only
  that comment goes too (`[!code --]` marks removed code in a diff, which the page still shows: its code stays).
  Read on every page: the notation means nothing to any other highlighter and is not written as prose code.
- A block marked `twoslash` (```` ```ts twoslash ````, as VitePress's, Nextra's and Shiki's Twoslash integrations
  trigger it) shows its code without Twoslash's lines: `// ---cut---` (`---cut-before---`) hides what comes before
  it, `// ---cut-after---` what follows, `// ---cut-start---` ... `// ---cut-end---` what lies between; a
  `// @errors: 2769`, `// @noErrors` or other `// @option` line at a line's start goes, and so does a `// ^?`, `// ^|`
  or `// ^^^` query line. `// @filename: x.ts` stays, as Twoslash shows it (and `// @ts-expect-error`, no option).
- In MDX (jsx.py), inline code that ends in a language, `` `search: false{:js}` `` (rehype-pretty-code's syntax, which
  Nextra's pages use), or in a theme's token, `` `getData{:.entity.name.function}` ``, shows its code without it;
  escaped, `` `x\\{:js}` ``, it shows `x{:js}`. Only a code span's very end is read, and only these forms.
"""

from __future__ import annotations

import re

from indexer.loaders.fences import CODE_SPAN

__all__ = ["shown_code", "shown_inline_code", "twoslash_shown"]

_NOTATION = re.compile(
    r"[ \t]*\[!code (?:\+\+|--|focus|highlight|hl|error|warning|word:(?:\\.|[^:\]\n])+)(?::\d+)?\]", re.IGNORECASE
)
# where the comment holding a notation starts: `//` but a URL's (`})// [!code ++]` is one), another line comment
# after a space or at the line's start, a block comment anywhere (JSX's in braces), a block comment's `*` line
_OPENER = re.compile(r"(?<![:/])//|(?:^|(?<=[ \t]))(?:#|--|;{1,2}|%{1,2})|\{[ \t]*/\*|/\*|<!--|^[ \t]*\*")
_CLOSER = re.compile(r"[ \t]*(?:\*/[ \t]*\}|\*/|-->)[ \t]*$")
_TWOSLASH = re.compile(r"(?<![\w-])twoslash(?![\w-])")  # in the info string
_CUT = re.compile(r"//\s?---cut(-before|-after|-start|-end)?---")  # a line's whole (stripped) text
_FLAG = re.compile(r"//\s?@(\w+)(?::\s?.+)?")  # a compiler or handbook option, at a line's start
_QUERY = re.compile(r"[ \t]*//\s*\^(?:\?|\||\^+)(?: .*)?")
# the end of a code span's code that names its language or token, rehype-pretty-code's /{:[a-zA-Z.-]+}$/, escaped
# or not; CommonMark takes a space off each end of the code when it has one at both
_INLINE_LANGUAGE = re.compile(r"(?P<escape>\\?)(?P<suffix>\{:[a-zA-Z.-]+\})(?P<space> ?)`+\Z")


def shown_code(code: str, info: str) -> str:
    """`code`, a fenced block whose info string is `info`, as Shiki shows it (see the module docstring)."""
    lines = code.split("\n")
    if _TWOSLASH.search(info):
        lines = twoslash_shown(lines)
    if "[!" in code:
        lines = [shown for line in lines if (shown := _without_notation(line)) is not None]
    return "\n".join(lines)


def _without_notation(line: str) -> str | None:
    """`line` without its notation comment (None when nothing of it is left), or as it is when it has none."""
    first = _NOTATION.search(line)
    if first is None:
        return line
    openers = list(_OPENER.finditer(line, 0, first.start()))
    if not openers:  # not in a comment: Shiki leaves it
        return line
    opener = openers[-1]
    comment = _NOTATION.sub("", line[opener.end() :])
    closer = _CLOSER.search(comment)
    if (comment[: closer.start()] if closer else comment).strip():
        return (line[: opener.end()] + comment).rstrip()
    code = line[: opener.start()].rstrip()
    return code if code.strip() else None


def twoslash_shown(lines: list[str]) -> list[str]:
    """The lines of a Twoslash block that it shows: cuts applied, option and query lines left out."""
    kept: list[str] = []
    hiding = 0  # cut-starts open
    for line in lines:
        cut = _CUT.fullmatch(line.strip())
        if cut and cut.group(1) in (None, "-before"):
            kept, hiding = [], 0
        elif cut and cut.group(1) == "-after":
            break
        elif cut:
            hiding = hiding + 1 if cut.group(1) == "-start" else max(hiding - 1, 0)
        elif hiding or _QUERY.fullmatch(line):
            continue
        elif (flag := _FLAG.fullmatch(line)) is None or flag.group(1) == "filename":
            kept.append(line)
    return kept


def shown_inline_code(text: str) -> str:
    """Markdown whose code spans that end in rehype-pretty-code's `{:lang}` or `{:.token}` show their code without
    it, and those that end in an escaped one, `\\{:js}`, show it unescaped (see the module docstring)."""
    return CODE_SPAN.sub(_inline_shown, text) if "{:" in text else text


def _inline_shown(span: re.Match[str]) -> str:
    code = span.group()
    found = _INLINE_LANGUAGE.search(code)
    if found is None:
        return code
    start = len(span.group("ticks"))
    if found.group("space") and not (code[start] == " " and code[start:].strip(" `")):
        return code  # the space is code, and the language is not the code's end
    if found.start() <= start + len(found.group("space")):
        return code  # `{:js}` alone: no code before it
    kept = found.group("suffix") if found.group("escape") else ""
    return code[: found.start()] + kept + code[found.start("space") :]
