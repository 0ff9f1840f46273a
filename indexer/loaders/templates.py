"""Template syntax of static site generators, taken out of Markdown before it is rendered.

What is indexed is what a reader of the built page sees:
- Hugo shortcodes (`{{< note >}}`, `{{% include "x" %}}`, `{{< /note >}}`) are removed wherever they are, in
  code too, as Hugo expands them everywhere; the text between a pair stays, and so does the visible text of
  their arguments (`title`, `caption`, `alt`, `label`). Hugo's escaped form, `{{</* foo */>}}`, shows as
  `{{< foo >}}`, and so it is kept.
- Zola's shortcodes are called as Tera functions, before Markdown too: `{{ admonition(type="note", text="x") }}`
  shows its `text` beside the visible arguments above (a backquoted word in it is no code span), and a body
  shortcode's tags (`{% quote(author="x") %}` ... `{% end %}`) go as Liquid's do. Its escaped forms, a call
  `{{/* youtube(id="x") */}}` or `{%/* end */%}`, show as the call (`{{ youtube(id="x") }}`), in code too, when
  all they hold is one call (or `end`); Go's template comment `{{/* a comment */}}` or `{{/* Sum(a, b) adds */}}`
  stays as written in code (and goes from prose, as any `{{ }}` does); on a site known to be another generator's
  (Hugo's), so does one that is a call, `{{/* Sum(a, b) */}}`, which shows as Zola's only where the site is Zola's
  or not known.
- mdBook's directives that are left (`{{#title ...}}`; an include whose file could not be read, as mdbook.py puts
  the others in place first) are removed everywhere; escaped, `\\{{#include x}}` shows as `{{#include x}}`, as
  mdBook shows it. Other `{{#...}}` (a Handlebars block in a template shown as code) are not mdBook's: kept.
- Liquid and Jinja tags (`{% include x %}`, `{{ page.title }}`) are removed from prose, the text between paired
  tags kept, and so is the title a tag shows (GitBook's `{% tab title="Maven" %}`: a paragraph; a word of its
  sentence where the tag stands in one), and what a Jekyll site's plugin tags show (liquidtags.py: home-assistant.io's
  `{% term automation %}`); `{% comment %}` bodies are
  dropped (up to `{% endcomment %}`: a comment never closed hides nothing) and `{% raw %}` bodies kept as
  written. Jekyll's `{% link docs/x.md %}` and `{% post_url 2024-01-02-x %}` stand for the page they name, so
  that a link to it stays a link: `[CHANGELOG]: {% link CHANGELOG.md %}` is a link's definition, not text, and
  the `[CHANGELOG]` that refers to it shows as its text (Just the Docs' migration guide showed both as
  written). GitBook's `{% content-ref url="install.md" %}[install.md](install.md){% endcontent-ref %}` shows a
  card titled as the page it links to: that title, read as a Sphinx `:doc:` reference reads it (sphinxrefs.py),
  stands for its body (left as it is when the page or its title is not found: a link out of the space). In code
  they stay: a code block that shows a template (Hugo's own documentation is full of `{{ .Title }}`) shows it to
  readers.
- MDN's KumaScript macros (`{{jsxref("Array")}}`, `{{optional_inline}}`) show the text the built page shows
  (kumascript.py), in emphasis too (`_{{jsxref("x")}}_`: after `_`, `{{` opens a tag only when it is one); on an
  MDN site they show it in code too, and an escaped `\\{{` shows as `{{`, as MDN's build expands macros in code.

Code is fenced code (``` or ~~~, at any indentation) and inline code spans. A template tag is at most
MAX_TAG characters long: a lone `{{` in prose never swallows the text up to a `}}` pages later. Each search
for a closing delimiter starts past the previous one, so the work is linear in the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from urllib.parse import unquote

from indexer.loaders import kumascript
from indexer.loaders.fences import CODE_SPAN, closes, opens
from indexer.loaders.includes import reading_state
from indexer.loaders.liquidtags import plugin_tag_text
from indexer.loaders.sphinxrefs import doc_title

__all__ = ["MAX_TAG", "strip_templates", "visible_attributes"]

MAX_TAG = 2000
# A tag's opening delimiter; `{{` alone only before what starts an expression, and not inside a word or after a
# backslash (`\frac{{a}}`). The escaped shortcodes come first, so that they win over the plain ones.
# the directives mdBook expands, with their argument (`{{#include}}` alone is no directive: mdBook shows it)
_MDBOOK = r"(?=[ \t]*(?:include|rustdoc_include|playground|playpen|title)[ \t]+[^{}\s])"
# Zola's escaped shortcode: a call (`{{/* youtube(id="x") */}}`) or a body's end (`{%/* end */%}`), never Go's
# template comment (`{{/* a comment */}}`)
_ZOLA_ESCAPED = r"(?=[ \t]*(?:[A-Za-z_]\w*\(|end[ \t]*\*/%\}))"
# the whole of an escaped call: `name(...)`, its arguments quoted strings or text with no parenthesis, or `end`
_ZOLA_ARGUMENTS = r"""(?:"[^"]*"|'[^']*'|`[^`]*`|[^"'`()])*"""
_ZOLA_ESCAPED_TAG = re.compile(
    rf"\{{\{{/\*[ \t]*[A-Za-z_]\w*\({_ZOLA_ARGUMENTS}\)[ \t]*\*/\}}\}}"
    rf"|\{{%/\*[ \t]*(?:[A-Za-z_]\w*\({_ZOLA_ARGUMENTS}\)|end)[ \t]*\*/%\}}"
)
_OPENERS = re.compile(
    rf"\{{\{{[<%]/\*|\{{[{{%]/\*{_ZOLA_ESCAPED}|\\\{{\{{#{_MDBOOK}|\{{\{{[<%]|\{{\{{#{_MDBOOK}"
    rf"|(?<![\\\w{{])\{{\{{(?=-?[ \t]*[\w.$/(\"'!-])|\{{%"
    r"|(?<=_)\{\{(?=[A-Za-z][\w-]*\()"  # MDN's macro in emphasis, `_{{jsxref("x")}}_`: only when it is one
)
_CLOSERS = {"{{</*": "*/>}}", "{{%/*": "*/%}}", "\\{{#": "}}", "{{<": ">}}", "{{%": "%}}", "{{#": "}}", "{{": "}}",
            "{%": "%}", "{{/*": "*/}}", "{%/*": "*/%}"}  # fmt: skip
_DIRECTIVE_LINE = re.compile(rf"[ \t]*\{{\{{#{_MDBOOK}[^{{}}]*\}}\}}[ \t]*")  # a line that is one mdBook directive
_LIQUID_NAME = re.compile(r"\{%-?\s*(\w+(?:-\w+)*)")  # GitBook's names hold dashes: content-ref
_VALUES = (  # also JSX's string in braces: `title={`Thunks, "Containers"`}` (no template: `${`)
    r"""\s*=\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`|\{[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`$]*)`)[ \t]*\})"""
)
# (and react.dev's `<Recipes titleText="Basic useState examples">`, the heading of its box of examples)
_VISIBLE = re.compile(r"\b(?:title|titleText|caption|alt|label|description|header)" + _VALUES)
# a Zola shortcode's call in prose (`{{ admonition(type="note", text="...") }}`), run before Markdown: its text
# shows too; and its form, whose backquoted text is no code span
_ZOLA_CALL = re.compile(r"\{\{-?[ \t]*[A-Za-z_]\w*\(")
_CALL_VISIBLE = re.compile(r"\b(?:title|caption|alt|label|description|header|text)" + _VALUES)
# a Hugo shortcode's tag: a backquoted argument in it (`header=\`Gradle (build.gradle)\``, a raw string) is no code span
_SHORTCODE_TAG = re.compile(
    r"\{\{[<%](?!/\*)[^\n]{0,2000}?[>%]\}\}|\{\{-?[ \t]*+[A-Za-z_]\w*+\([^\n]{0,2000}?\)[ \t]*+-?\}\}"
    # and a Liquid tag whose first argument is quoted: `{% details "Steps for `x`" %}`, home-assistant.io's
    r"""|\{%-?[ \t]*+[\w-]++[ \t]++(?:"[^"\n]{0,500}+"|'[^'\n]{0,500}+')[^\n%]{0,500}+%\}"""
)
_URL = re.compile(r"""\burl\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_PAGE_LINK = re.compile(r"\{%-?\s*(?:link|post_url)\s+([^\s{}%]+)\s*-?%\}")  # Jekyll's tags that give a page's URL
_HIDDEN_BODIES = {"comment": "endcomment"}
_LITERAL_BODIES = {"raw": "endraw"}


def strip_templates(text: str) -> str:
    """`text` with template syntax removed as the module docstring says (unchanged when it holds none)."""
    if "{{" not in text and "{%" not in text:
        return text
    out: list[str] = []
    block: list[str] = []  # the prose, or the code of a fence, since the last fence line
    fence: str | None = None
    for line in text.split("\n"):
        if fence is None and (opened := opens(line)) is not None:
            out += _prose(block)
            block, fence = [], opened
        elif fence is not None and closes(line, fence):
            out += _code(block)
            block, fence = [], None
        else:
            block.append(line)
            continue
        out.append(line)
    out += _prose(block) if fence is None else _code(block)
    return kumascript.unescaped("\n".join(out))


def visible_attributes(attributes: str) -> str:
    """The text a reader sees of a component's or shortcode's arguments: its title (titleText), caption, alt, label,
    description (Starlight's `<LinkCard title="x" description="what it does" />`) or header (Docsy's `{{% tab
    header="Maven" %}}`); a value in quotes, or in backquotes (Hugo's raw string), or a JSX string in braces
    (Redux's `<DetailedExplanation title={`Detailed Explanation: Thunks`}>`; a template with `${...}` is computed)."""
    return _visible(_VISIBLE, attributes)


def _visible(pattern: re.Pattern[str], attributes: str) -> str:
    values = ("".join(quoted) for quoted in pattern.findall(attributes))
    return " ".join(value.strip() for value in values if value.strip())


def _code(lines: list[str]) -> list[str]:
    """The lines of fenced code as shown: shortcodes expanded (removed) or unescaped, lines of mdBook
    directives and Liquid's raw markers removed."""
    code = "\n".join(line for line in lines if not _DIRECTIVE_LINE.fullmatch(line))
    if not lines or ("{{" not in code and "{%" not in code):
        return code.split("\n") if lines else []
    return _Scanner(code, in_code=True).run().split("\n")


def _prose(lines: list[str]) -> list[str]:
    """Prose lines with every template tag removed, except inside inline code spans (handled as code)."""
    text = "\n".join(lines)
    if not lines or ("{{" not in text and "{%" not in text):
        return lines
    parts: list[str] = []
    pos = 0
    tags = [(m.start(), m.end()) for m in _SHORTCODE_TAG.finditer(text)] if "`" in text else []
    starts = [start for start, _ in tags]  # in order, and the tags do not overlap: the one before a span is found
    for span in CODE_SPAN.finditer(text):
        before = bisect_left(starts, span.start()) - 1
        if before >= 0 and tags[before][1] > span.start():
            continue  # a shortcode's backquoted argument: part of the tag
        parts.append(_Scanner(text[pos : span.start()], in_code=False).run())
        parts.append(_Scanner(span.group(), in_code=True).run())
        pos = span.end()
    parts.append(_Scanner(text[pos:], in_code=False).run())
    return "".join(parts).split("\n")


class _Scanner:
    """One left-to-right pass over a piece of text, dropping or keeping each template tag."""

    def __init__(self, text: str, in_code: bool, hiding: bool = True) -> None:
        self.text = text
        self.in_code = in_code
        self.hiding = hiding  # whether `{% comment %}` hides what follows (not when it is never closed)
        self.out: list[str] = []
        self._next_closer: dict[str, int] = {}  # closer -> where it next occurs at or after the last search
        self._hide_until: str | None = None  # inside `{% comment %}`: the name of the tag that ends it
        self._literal_until: str | None = None  # inside `{% raw %}`
        self._inline = False  # whether the tag being read has text before or after it on its line

    def run(self) -> str:
        text, pos = self.text, 0
        for opener in _OPENERS.finditer(text):
            start = opener.start()
            if start < pos:
                continue
            kind = opener.group()
            end = self._closer(kind, start)
            if end < 0 or (
                kind == "{{" and text[start - 1 : start] == "_" and kumascript.rendered(text[start:end]) is None
            ):
                continue  # never closed; or MDN's opener after `_` and no MDN macro: TeX's `x_{{f(a)}}`
            self._emit(text[pos:start])
            self._inline = _within_line(text, start, end)
            self._tag(kind, text[start:end])
            pos = end
        self._emit(text[pos:])
        if self._hide_until is not None:  # a comment never closed hides nothing: the text is not lost
            return _Scanner(text, self.in_code, hiding=False).run()
        return "".join(self.out)

    def _closer(self, kind: str, start: int) -> int:
        """The end of the tag that starts at `start`, or -1 when it does not end within MAX_TAG characters.

        The first closer at or after an earlier search's start is remembered: while it lies past this tag's
        opener it is this tag's closer too (there is none in between), so no stretch of text is searched twice.
        """
        closer, search_from = _CLOSERS[kind], start + len(kind)
        found = self._next_closer.get(closer)
        if found is None or -1 < found < search_from:
            found = self._next_closer[closer] = self.text.find(closer, search_from)
        if found < 0 or found + len(closer) - start > MAX_TAG:
            return -1
        return found + len(closer)

    def _emit(self, text: str) -> None:
        if self._hide_until is None and text:  # never "": the last part is the text a badge follows (_tag)
            self.out.append(text)

    def _tag(self, kind: str, tag: str) -> None:
        if kind in ("{{</*", "{{%/*"):  # Hugo's escaped shortcode shows as the shortcode
            self._emit(tag[:3] + tag[5:-5] + tag[-3:])
            return
        if kind in ("{{/*", "{%/*"):  # and Zola's as its call; else a Go comment, `{{/* Sum(a, b) adds */}}`
            if _zola_or_unknown() and _ZOLA_ESCAPED_TAG.fullmatch(tag):
                self._emit(tag[:2] + tag[4:-4] + tag[-2:])
            else:
                self._tag(kind[:2], tag)
            return
        if kind == "\\{{#":  # mdBook's escaped directive shows as the directive
            self._emit(tag[1:])
            return
        if kind in ("{{<", "{{%"):
            self._emit(visible_attributes(tag))
            return
        if kind == "{{#":
            return
        if self._literal_until is not None:
            self._literal(tag)
        elif self.in_code:
            self._code_tag(kind, tag)
        elif kind == "{%":
            self._liquid(tag)
        elif (macro := kumascript.rendered(tag)) is not None:  # MDN's `{{jsxref("Array")}}`: the text it shows
            spaced = macro.startswith(" ") and bool(self.out) and self.out[-1][-1:].isspace()
            self._emit(macro[1:] if spaced else macro)  # a badge after a space: `thisArg Optional`
        elif _ZOLA_CALL.match(tag) and (shown := _visible(_CALL_VISIBLE, tag)):
            self._emit(f"\n{shown}\n")  # its title and text, a paragraph

    def _code_tag(self, kind: str, tag: str) -> None:
        """In code, Liquid and Jinja stay as written, but for the markers of a raw block; on an MDN site, its
        macros show their text (its build expands them in code too: `` `{{WebExtAPIRef('tabs.Tab')}}` ``)."""
        name = _liquid_name(tag) if kind == "{%" else None
        if kind == "{{" and kumascript.on_mdn() and (macro := kumascript.rendered(tag, code=True)) is not None:
            self._emit(macro)
        elif name in _LITERAL_BODIES:
            self._literal_until = _LITERAL_BODIES[name]
        elif name not in _LITERAL_BODIES.values():
            self._emit(tag)

    def _literal(self, tag: str) -> None:
        if _liquid_name(tag) == self._literal_until:
            self._literal_until = None
        else:
            self._emit(tag)

    def _liquid(self, tag: str) -> None:
        name = _liquid_name(tag)
        if self._hide_until is not None:
            if name == self._hide_until:
                self._hide_until = None
        elif name in _HIDDEN_BODIES and self.hiding:
            self._hide_until = _HIDDEN_BODIES[name]
        elif name in _LITERAL_BODIES:
            self._literal_until = _LITERAL_BODIES[name]
        elif name in ("link", "post_url") and (page := _PAGE_LINK.fullmatch(tag)) is not None:
            self._emit(page.group(1))  # the page it names stands for its URL: a link to it stays one
        elif name == "content-ref" and self.hiding and (title := _linked_title(tag)):
            self._emit(f"\n{title}\n")  # the card's title, a paragraph; its body (the link) hidden
            self._hide_until = "endcontent-ref"
        elif (plugin := plugin_tag_text(name or "", tag)) is not None:  # home-assistant.io's {% term x %}
            self._emit(f"\n{plugin[0]}\n" if plugin[1] else plugin[0])
        elif shown := visible_attributes(tag):  # GitBook's {% tab title="Maven" %}: its title, a paragraph
            self._emit(shown if self._inline else f"\n{shown}\n")  # in a sentence, a word of it


def _within_line(text: str, start: int, end: int) -> bool:
    """Whether the tag at text[start:end] has other text on its line (looked at up to 200 characters away)."""
    before = text[max(0, start - 200) : start].rsplit("\n", 1)[-1]
    return bool(before.strip() or text[end : end + 200].split("\n", 1)[0].strip())


def _zola_or_unknown() -> bool:
    """Whether the page being read may be a Zola site's: its site is Zola's, or not known (Reading.generator)."""
    state = reading_state()
    return state is None or state.generator in ("", "zola")


def _linked_title(tag: str) -> str | None:
    """The title of the page of the space a GitBook content-ref links to (`url="setup/"` is its README.md)."""
    match = _URL.search(tag)
    url = unquote((match.group(1) or match.group(2) or "").split("#")[0].split("?")[0].strip()) if match else ""
    if not url or ":" in url:
        return None  # an address out of the space (https://, mailto:), or no page
    return doc_title(url + "README.md" if url.endswith("/") else url)


def _liquid_name(tag: str) -> str | None:
    match = _LIQUID_NAME.match(tag)
    return match.group(1) if match else None
