"""Hugo shortcodes whose body is no Markdown, read as the built page shows it before templates.py takes the
remaining shortcode tags out:
- code: Hugo's `{{< highlight go >}}`, gohugo.io's `{{< code-toggle file=hugo >}}` (a config or front matter
  example, shown in TOML, YAML and JSON under the name of its file: 346 of its pages' examples ran together
  into one line, backquotes read as code spans and `{{ .Date }}` taken out), Docsy's `{{< tab >}}` in a
  `{{< tabpane >}}` (code unless the tab or its pane says `text=true`) and its `{{< card code=true >}}` become
  fenced code, so that `# comment` is no heading, `#include <stdio.h>` no HTML tag and the lines are not run
  together into one paragraph;
- comments: the body of `{{< comment >}}` (Hugo's own since 0.137, and Docsy's) shows nothing;
- inline shortcodes (`{{% panel.inline %}}...{{% /panel.inline %}}`, where a site enables them): their body is a
  template, shown as its text without its actions (`{{ $data.Content }}` of a file Docker's guide fetches when the
  site is built: the indexer runs no template), and `{{% panel.inline / %}}` shows again the body the page
  defined under that name (Docker's Scout guide shows one panel's steps in two tabs), up to MAX_REUSED
  characters on a page (a line of reuses of a long body would make it gigabytes);
- Hextra's tabs: a `{{< tab >}}` in a `{{< tabs >}}` shows its label (`name="x"`, its one unnamed argument, else
  the `items` of its tabs by position) on a line of its own above its Markdown (GoReleaser's Before and After).
A tab in a pane shows its header (`header="Maven"`, or its one unnamed argument: `{{< tab "C++" >}}`) on a line
of its own above its text or code. As in Hugo, which runs shortcodes before Markdown, a tag in fenced code is one
too; the escaped `{{</* tab */>}}` that shows one is none. A body whose closing tag is missing is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from indexer.loaders.templates import MAX_TAG

__all__ = ["expand_code_shortcodes", "shortcode_arguments"]

# `{{< name args >}}`, `{{% /name %}}`, `{{< name args />}}` (its `/` ends the arguments); the
# escaped `{{</* name */>}}` has no name. No quantifier gives back what it took but the arguments', so a tag never
# closed costs MAX_TAG steps, however long its name or the spaces in it (spaces on both sides of an optional `/`
# were tried in every split: quadratic, hours for 1M spaces)
_TAG = re.compile(r"\{\{[<%][ \t]*+(?:(?P<closing>/)[ \t]*+)?(?P<name>[A-Za-z][\w./-]*+)"
                  rf"(?P<arguments>[^\n]{{0,{MAX_TAG}}}?)[>%]\}}\}}")  # fmt: skip
_ARGUMENT = re.compile(r"""(?:([\w-]+)[ \t]*=[ \t]*)?("(?:[^"\\]|\\.)*"|`[^`]*`|[^\s"`=]+)""")
_NAMES = ("tabpane", "tabs", "tab", "highlight", "code-toggle", "card", "comment", ".inline")
# a template's action in an inline shortcode's body (not a shortcode's tag): at most MAX_TAG characters, one line
_ACTION = re.compile(rf"\{{\{{(?![<%])[^{{}}\n]{{0,{MAX_TAG}}}\}}\}}")
MAX_REUSED = 1_000_000  # characters the reuses of a page's inline shortcodes may add: past it, one shows nothing
_FENCE_RUN = re.compile(r"^[ \t]*(`{3,})", re.MULTILINE)


def expand_code_shortcodes(text: str) -> str:
    """`text` with the bodies of code and comment shortcodes read as the module docstring says."""
    if "{{" not in text or not any(name in text for name in _NAMES):
        return text
    closers = _Closers(text)
    out: list[str] = []
    panes: list[bool | _Tabs] = []  # for each tabpane we are in, whether its tabs are text; or a Hextra tabs
    inline = _Inline()
    pos = 0
    for tag in _TAG.finditer(text):
        name, closing = tag["name"], tag["closing"] is not None
        if tag.start() < pos or (name not in _NAMES and not name.endswith(".inline")):
            continue
        written = tag["arguments"].rstrip(" \t")
        self_closing = written.endswith("/")
        if name.endswith(".inline") and not closing:
            end = None if self_closing else closers.after(name, tag.end())
            out += [text[pos : tag.start()], inline.shown(name, None if end is None else text[tag.end() : end.start()])]
            pos = tag.end() if end is None else end.end()
            continue
        arguments = shortcode_arguments(written[:-1] if self_closing else written)
        if name in ("tabpane", "tabs"):
            _enter_or_leave(panes, name, closing, self_closing, arguments)
            continue
        if closing or (name == "tab" and not panes) or (name == "card" and not _true(arguments, "code")):
            continue  # a text card's title is shown by templates.py, its body is Markdown
        if name == "tab" and isinstance(panes[-1], _Tabs):  # a Hextra tab: its label, then its Markdown
            out += [text[pos : tag.start()], _paragraph(text, tag.start(), panes[-1].label(arguments))]
            pos = tag.end()
            continue
        end = None if self_closing else closers.after(name, tag.end())
        if end is None and name != "tab":
            continue  # no body, or one never closed: left as it is
        out.append(text[pos : tag.start()])
        if name == "tab":
            out.append(_paragraph(text, tag.start(), arguments.get("header") or arguments.get("0") or ""))
            if end is None or (_true(arguments, "text") if "text" in arguments else panes[-1] is True):
                pos = tag.end()  # a text tab's body is Markdown; its closing tag, left in place, shows nothing
                continue
        if end is not None:
            body = text[tag.end() : end.start()]
            title = arguments.get("file", "") if name == "code-toggle" else ""
            out.append("" if name == "comment" else "\n\n" + _fenced(body, _indent(text, tag.start()), title))
            pos = end.end()
    out.append(text[pos:])
    return "".join(out)


@dataclass
class _Inline:
    """The page's inline shortcodes: each one's body by name, as it shows, and what their reuses added."""

    bodies: dict[str, str] = field(default_factory=dict)
    reused: int = 0

    def shown(self, name: str, body: str | None) -> str:
        """What the inline shortcode `name` shows where it is defined with `body`, or reused (`body` None)."""
        if body is not None:
            self.bodies[name] = _ACTION.sub("", body)
            return self.bodies[name]
        shown = self.bodies.get(name, "")
        self.reused += len(shown)
        return shown if self.reused <= MAX_REUSED else ""  # a page of reuses of a long body: gigabytes


def _enter_or_leave(
    panes: list[bool | _Tabs], name: str, closing: bool, self_closing: bool, arguments: dict[str, str]
) -> None:
    """A tabpane's (Docsy) or tabs' (Hextra) tag: the pane entered, with whether its tabs are text, or left."""
    if closing and panes:
        panes.pop()
    elif not closing and not self_closing:
        panes.append(_true(arguments, "text") if name == "tabpane" else _Tabs(arguments.get("items", "")))


def _paragraph(text: str, at: int, line: str) -> str:
    """A tab's header or label as a paragraph of its own, indented as the tag at `at` (nothing but the break when
    there is none)."""
    return f"\n\n{_indent(text, at)}{line}\n\n" if line else "\n\n"


@dataclass
class _Tabs:
    """A Hextra `{{< tabs >}}` we are in: the labels its `items="JSON,YAML"` give its tabs by position (newer
    Hextra, and sites that override its tab, name each tab: `name="JSON"`, or `{{< tab "Before" >}}`)."""

    items: str
    count: int = 0

    def label(self, arguments: dict[str, str]) -> str:
        """The label of its next tab."""
        self.count += 1
        items = [item.strip() for item in self.items.split(",")] if self.items else []
        given = arguments.get("name") or arguments.get("0")
        return given or (items[self.count - 1] if self.count <= len(items) else "")


def _true(arguments: dict[str, str], name: str) -> bool:
    return arguments.get(name, "").lower() == "true"


def shortcode_arguments(text: str) -> dict[str, str]:
    """A shortcode's arguments by name; unnamed ones by position ("0", "1"), quotes taken off."""
    found: dict[str, str] = {}
    position = 0
    for match in _ARGUMENT.finditer(text):
        value = match.group(2)
        if value[0] in '"`' and len(value) > 1:
            value = value[1:-1]
        if match.group(1):
            found[match.group(1)] = value
        else:
            found[str(position)] = value
            position += 1
    return found


class _Closers:
    """The closing tag of each shortcode's body: the first one past the opening tag. A search's answer is kept
    while it lies past the next opener (or there is none at all), so no stretch of text is searched twice for one
    name, and many tags left open cost no more than one."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: dict[str, re.Match[str] | None] = {}

    def after(self, name: str, start: int) -> re.Match[str] | None:
        if name in self.found and ((match := self.found[name]) is None or match.start() >= start):
            return match
        closing = re.compile(r"\{\{[<%][ \t]*/[ \t]*" + re.escape(name) + r"[ \t]*[>%]\}\}")
        self.found[name] = closing.search(self.text, start)
        return self.found[name]


def _fenced(body: str, indent: str, title: str = "") -> str:
    """Code as a fence (at the indentation of its tag) that no line of the code closes, under its title when it
    has one; nothing when blank."""
    code = body.strip("\n")
    if not code.strip():
        return ""
    longest = max((len(run) for run in _FENCE_RUN.findall(code)), default=2)
    fence = indent + "`" * max(3, longest + 1)
    info = f' filename="{title}"' if title and not any(c in title for c in '"`\n') else ""
    return f"{fence}{info}\n{code}\n{fence}\n\n"


def _indent(text: str, start: int) -> str:
    """The whitespace before a tag that opens its line, else none."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    return before if not before.strip() else ""
