"""What a Hugo shortcode's own template includes, read from the template as Hugo would run it, for
hugoincludes.py: the page or file its call names, when the template puts that page's content in place.

A template includes when it hands what its call gives (`.Get "file"`, `.Get 0`) to `GetPage` or `readFile`, and
shows a page's content (`.RenderShortcodes`, `.Content`, `.RawContent`, `.Plain`) or a file's text: GoReleaser's
`g_include` (`$file := .Get "file"` ... `site.GetPage $file` ... `.RenderShortcodes`), gohugo.io's `include`
(`with .Get 0` ... `GetPage .`) and its `glossary-term`, whose path is made of the term
(`$path := printf "/quick-reference/glossary/%s" (urlize .)`: "ugly url" is the page `glossary/ugly-url`). The
value is followed through `with` blocks (their dot), variables, `printf` and pipelines (`.Get "file" |
readFile`). A template that gets a page for something else, to list its section's pages
(`render-list-of-pages-in-section path=/functions/images`) or to show its description, includes nothing, and
neither does one whose `GetPage` reads a value that is not the call's.

The template is read once for each name, action by action (`{{ ... }}`, comments skipped), by str.find and
patterns that never backtrack over more than one action: linear in its size.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

__all__ = ["Reads", "template_reads"]

_MAX_ACTIONS = 5_000  # a template longer than any shortcode's is read no further
_MAX_DEPTH = 64  # blocks nested deeper, or printf in printf, than any template's: read no further
_GET = re.compile(r"""(?<![\w)\]])\.Get[ \t]+(?:"([\w-]+)"|`([\w-]+)`|(\d+)\b)""")  # not `.Scratch.Get`
# a call that reads a page or a file, and its operand: `GetPage $path`, `readFile (printf "x/%s" (.Get 0))`
_CALL = re.compile(r"""\b(?:GetPage|readFile|ReadFile)[ \t]+(\((?:[^()\n]|\([^()\n]*\))*\)|\$\w+|\.(?![\w.$]))""")
# one that reads what the pipeline before it gives: `.Get "file" | readFile`, `$path | os.ReadFile`
_PIPED = re.compile(r"\|[ \t]*(?:os\.)?(?:readFile|ReadFile)\b")
_ASSIGN = re.compile(r"(\$\w+)[ \t]*:?=[ \t]*(.*)", re.DOTALL)
_PRINTF = re.compile(r"""^printf[ \t]+"([^"%\n]*%s[^"%\n]*)"[ \t]+(.*)$""", re.DOTALL)
_DOT = re.compile(r"(?<![\w$.])\.(?![\w.])")  # the dot itself, not a field (`.Get`) or `$.Page`
_VARIABLE = re.compile(r"\$\w+")
_RENDERS = re.compile(r"\.(?:RenderShortcodes|Content|RawContent|Plain)\b|\b(?:readFile|ReadFile|markdownify)\b")
_OPENS = ("if", "with", "range", "define", "block")


@dataclass(frozen=True)
class Reads:
    """The file a call names, for a template that includes it: its argument `argument` ("file", "0") put in
    `form` (a printf format with one %s), made a URL's path first when `urlized` (as Hugo's urlize does)."""

    argument: str
    form: str = "%s"
    urlized: bool = False

    def target(self, arguments: dict[str, str]) -> str:
        """The path a call with these arguments names ("" when it gives none)."""
        value = arguments.get(self.argument, "").strip()
        if not value:
            return ""
        value = "-".join(value.lower().split()) if self.urlized else value
        return self.form.replace("%s", value, 1)


@functools.lru_cache(maxsize=64)
def template_reads(source: str) -> Reads | None:
    """What the template `source` includes of its call (see the module docstring); None when it includes nothing
    its call names. Each page reads its site's templates again (to know when they change): once parsed is enough."""
    if not _RENDERS.search(source):
        return None
    run = _Run()
    for action in _actions(source):
        if len(run.blocks) > _MAX_DEPTH:
            return None
        found = run.step(action)
        if found is not None:
            return found
    return None


class _Run:
    """A template's actions followed in order: the blocks we are in (each one's kind and the value of its dot),
    the variables set, and what a GetPage or readFile got, until it is shown (found) or its block ends."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, Reads | None]] = [("", None)]
        self.variables: dict[str, Reads | None] = {}
        self.got: tuple[Reads, int] | None = None  # what a call got, and the depth of the block it holds in

    def step(self, action: str) -> Reads | None:
        """Follow one action; what the template includes, once it shows the page or file it got."""
        word, rest = _split(action)
        if word == "end":
            self._leave()
            return None
        if word == "else":  # `else`, `else with X`: another branch of the block
            kind = self._leave()
            word, rest = _split(rest)
            if word not in ("if", "with"):
                self.blocks.append((kind, self.blocks[-1][1] if kind != "range" else None))
                return None
        opens, dot = word in _OPENS, self.blocks[-1][1]
        expression = rest if opens else action
        call = next((got for operand in _operands(action) if (got := _value(operand, dot, self.variables))), None)
        if (assigned := _ASSIGN.match(expression.strip())) is not None:
            self.variables[assigned.group(1)] = _value(assigned.group(2), dot, self.variables)
            expression = assigned.group(2)
        if opens:
            value = _value(expression, dot, self.variables) if word == "with" else dot if word == "if" else None
            self.blocks.append((word, None if call is not None else value))  # with GetPage: its dot is the page
        if call is not None:
            self.got = (call, len(self.blocks))
            return call if not opens and _RENDERS.search(action) else None  # {{ readFile $path | markdownify }}
        if self.got is None or any(kind == "range" for kind, _ in self.blocks[self.got[1] :]):
            return None  # nothing got, or what is shown is each of the pages a range walks (a section's list)
        return self.got[0] if _RENDERS.search(action) else None

    def _leave(self) -> str:
        """The block we are in left (what its call got with it); its kind."""
        kind = self.blocks.pop()[0] if len(self.blocks) > 1 else ""
        if self.got is not None and self.got[1] > len(self.blocks):
            self.got = None
        return kind


def _operands(action: str) -> list[str]:
    """What each call in an action that reads a page or a file reads: its operand, or the pipeline before it."""
    operands = [call.group(1) for call in _CALL.finditer(action)]
    for piped in _PIPED.finditer(action):
        operands.append(action[action.rfind("|", 0, piped.start()) + 1 : piped.start()])
    return operands


def _split(action: str) -> tuple[str, str]:
    """An action's first word and the rest."""
    parts = action.split(None, 1)
    return (parts[0], parts[1]) if len(parts) == 2 else (parts[0] if parts else "", "")


def _value(expression: str, dot: Reads | None, variables: dict[str, Reads | None], depth: int = 0) -> Reads | None:
    """What of the call an expression's value is: an argument it gets, a format around one, or none."""
    expression = expression.strip().strip("()").strip()
    if (printf := _PRINTF.match(expression)) is not None:
        inner = _value(printf.group(2), dot, variables, depth + 1) if depth < _MAX_DEPTH else None
        if inner is None:
            return None
        form = printf.group(1).replace("%s", inner.form, 1)
        return replace(inner, form=form, urlized=inner.urlized or "urlize" in printf.group(2))
    if (get := _GET.search(expression)) is not None:
        return Reads(next(filter(None, get.groups())))
    for name in _VARIABLE.findall(expression):
        if variables.get(name) is not None:
            return variables[name]
    return dot if _DOT.search(expression) else None


def _actions(source: str) -> list[str]:
    """The template's actions, in order, each as its text between `{{` and `}}` without the trim markers and the
    spaces around; a comment is none."""
    actions: list[str] = []
    pos = 0
    while len(actions) < _MAX_ACTIONS and (start := source.find("{{", pos)) >= 0:
        inner = start + 2
        head = source[inner : inner + 3].lstrip("- ")
        if head.startswith("/*"):
            close = source.find("*/", inner)
            end = source.find("}}", close) if close >= 0 else -1
            if end < 0:
                break
            pos = end + 2
            continue
        end = source.find("}}", inner)
        if end < 0:
            break
        text = source[inner:end].strip()
        actions.append(text.removeprefix("-").removesuffix("-").strip())
        pos = end + 2
    return actions
