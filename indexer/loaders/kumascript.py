"""MDN's KumaScript macros, as the text a reader of the built page sees in their place.

MDN Web Docs' pages (mdn/content: `files/en-us/**/index.md`) name what they speak of with macros that the build
turns into links: `{{jsxref("Array")}}`, `{{domxref("Window.fetch", "fetch()")}}`, `{{HTMLElement("div")}}`,
`{{Glossary("CORS", "cross-origin")}}`. Taken out as other template syntax is (templates.py), "The map() method
of {{jsxref("Array")}} instances" read "The map() method of  instances": the subject of 12,659 sentences of its
JavaScript reference and 55,827 of its Web API one was lost. A link macro shows its second argument, else its
first (`Array`; an HTML or SVG element as its tag, `<div>`), and an anchor as a third one shows after a dot, as
the build writes it (DOMxRef.ejs: `str + '.' + $2`). A badge (`{{optional_inline}}`) shows its word, and a
banner (`{{SeeCompatTable}}`, `{{securecontext_header}}`) its sentence. What the build fills in from data and
never from the page (`{{Compat}}`, `{{Specifications}}`, sidebars, live samples, `{{CSSSyntax}}`) shows nothing,
as any other macro does. Names are matched without regard to case, as the build does (`{{CSSxRef}}`).

MDN writes a definition list as a list whose item holds a list of one item marked `: ` (`- thisArg`, then
`  - : A value to use as this`), which its build makes a <dl>; on an MDN site (the site's generator known as
"mdn", sitedetect.py) the marker goes from prose (plain_definitions), where it showed as a stray ": " before each
definition; code keeps it (MDN's guide to its Markdown shows it).

The macros' names are MDN's own; a call of another name is none of this module's business (None).
The caller hands over one tag at most MAX_TAG characters long; its arguments are read by one regex that does not
backtrack (each argument a quoted string or a run of characters that are neither quotes, commas nor parentheses).
"""

from __future__ import annotations

import html
import re

from indexer.loaders.fences import in_code
from indexer.loaders.includes import reading_state

__all__ = ["on_mdn", "plain_definitions", "rendered", "unescaped"]

# link macros: the text they show is their display argument, else their first
_LINKS = frozenset(
    ("jsxref", "domxref", "cssxref", "glossary", "httpheader", "httpmethod", "httpstatus", "svgattr", "csp",
     "htmlattrxref", "webextapiref", "livesamplelink", "mathmlattr", "ariarole", "ariaattr")
)  # fmt: skip
_ELEMENTS = frozenset(("htmlelement", "svgelement", "mathmlelement"))  # shown as their tag, `<div>`
_BADGES = {
    "optional_inline": "Optional",
    "readonlyinline": "Read only",
    "experimental_inline": "Experimental",
    "deprecated_inline": "Deprecated",
    "non-standard_inline": "Non-standard",
    "securecontext_inline": "Secure context",
}
_BANNERS = {
    "seecompattable": "Experimental: This is an experimental technology. Check the Browser compatibility table "
    "carefully before using this in production.",
    "deprecated_header": "Deprecated: This feature is no longer recommended.",
    "non-standard_header": "Non-standard: This feature is not standardized.",
    "securecontext_header": "Secure context: This feature is available only in secure contexts (HTTPS), in some "
    "or all supporting browsers.",
    "availableinworkers": "Note: This feature is available in Web Workers.",
}
_CALL = re.compile(r"\{\{[ \t]*+([A-Za-z][\w-]*+)[ \t]*+(?:\((.*)\))?[ \t]*+\}\}", re.DOTALL)
_ARGUMENT = re.compile(r"""[ \t\n]*+(?:"((?:[^"\\]|\\.)*+)"|'((?:[^'\\]|\\.)*+)'|([^"',()]*+))[ \t\n]*+(?:,|$)""")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]#|])")
# `  - : A value`, in a quote too (`>   - : Of a color`): a <dd>
_DEFINITION = re.compile(r"^((?:[ \t]*+>)*+[ \t]*+[-*][ \t]++):[ \t]+")


def rendered(tag: str, code: bool = False) -> str | None:
    """The Markdown that stands for the tag `{{name(args)}}` when `name` is one of MDN's macros (in `code`, the
    text itself): its text (empty for one that shows nothing the page gives); None when it is not one."""
    call = _CALL.fullmatch(tag)
    if call is None:
        return None
    name = call.group(1).lower()
    arguments = _arguments(call.group(2) or "")
    if arguments is None:
        return None  # not KumaScript's positional arguments (Zola's `text="x"`)
    if name in _LINKS or name in _ELEMENTS:
        text = _link_text(name, arguments)
        return text if code else _markdown(text)
    if name in _BADGES:
        return f" {_BADGES[name]}"  # apart from what it follows (the caller drops a space already there)
    if name in _BANNERS:
        return f"\n\n{_BANNERS[name]}\n\n"
    if name == "rfc" and arguments:
        text = f"RFC {arguments[0]}" + (f": {arguments[1]}" if len(arguments) > 1 and arguments[1] else "")
        return text if code else _markdown(text)
    return "" if _KNOWN_SILENT.fullmatch(name) else None


# what the build fills in from data or shows as navigation: never text of the page (a whole name: TeX's
# `x_{{prefetch(a)}}` is none of these)
_KNOWN_SILENT = re.compile(
    r"compat|specifications|\w*(?:sidebar\w*|ref)|embed\w*|jsfiddleembed|inheritancediagram|csssyntax|cssinfo|svginfo"
    r"|js_property_attributes|previous\w*|next\w*|quicklinkswithsubpages|listsubpages\w*|subpageswithsummaries"
    r"|firefox_for_developers|glossarydisambiguation|interfaceoverview|webextexamples"
)


def _arguments(text: str) -> list[str] | None:
    """The call's arguments as their values: a quoted string without its quotes and escapes, else as written;
    None when they are not a list of such values."""
    values: list[str] = []
    pos = 0
    while pos < len(text) and (match := _ARGUMENT.match(text, pos)) is not None and match.end() > pos:
        quoted = match.group(1) if match.group(1) is not None else match.group(2)
        values.append(re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else (match.group(3) or "").strip())
        pos = match.end()
    return values if pos >= len(text) else None


def _link_text(name: str, arguments: list[str]) -> str:
    """A link macro's text: the display argument, else the target (an element's as its tag), and its anchor."""
    if not arguments or not arguments[0]:
        return ""
    display = arguments[1] if len(arguments) > 1 and arguments[1] else ""
    if name in _ELEMENTS and not display:
        display = f"<{arguments[0]}>"
    text = html.unescape(display or arguments[0])
    if name in ("domxref", "jsxref", "httpstatus") and len(arguments) > 2 and arguments[2]:
        text += "." + arguments[2]
    return text


def _markdown(text: str) -> str:
    """`text` as Markdown that shows it as written: its markup characters escaped, `<` and `&` as entities."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def on_mdn() -> bool:
    """Whether the page being read is an MDN site's (its generator, sitedetect.py)."""
    state = reading_state()
    return state is not None and state.generator == "mdn"


def unescaped(text: str) -> str:
    """A page's text, template syntax taken out, as an MDN page shows it: its build expands macros in code and
    raw HTML too, so a call shown as written is escaped there (`\\{{ form.as_table }}` in a Django example,
    `<td>\\{{CSSxRef("cursor")}}</td>`), and shows without the backslash; elsewhere as written."""
    return text.replace("\\{{", "{{") if "\\{{" in text and on_mdn() else text


def plain_definitions(text: str) -> str:
    """`text` without the `: ` that marks a list item as a definition on an MDN site (the module docstring), but in
    code, which shows it (MDN's guide to its Markdown); unchanged elsewhere."""
    if "- :" not in text or not on_mdn():
        return text
    return "\n".join(line if code else _DEFINITION.sub(r"\1", line) for line, code in in_code(text.split("\n")))
