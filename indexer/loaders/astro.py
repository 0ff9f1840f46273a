"""Astro's `set:html` and `set:text` directives in MDX (Starlight sites), as the built page shows them.

    <Fragment set:html={"<pre><code>lint/style/noVar ...</code></pre>"} />

An element with one of them shows the string it is given instead of its children: `set:html` as HTML, which
the page reads then as Markdown reads its raw HTML, `set:text` as text. Only a string literal is read (in double
or single quotes, or a template without `${...}`); a directive given any other expression shows nothing we can
know, and its tag is left to jsx.py. Such a string is often far longer than the tags jsx.py reads (Biome's rule
pages hold a diagnostic of several thousand characters in each), so it has its own bound, MAX_DIRECTIVE.
"""

from __future__ import annotations

import html
import re

from indexer.loaders.jsstrings import js_unescaped

__all__ = ["MAX_DIRECTIVE", "directive_at"]

MAX_DIRECTIVE = 1_000_000  # characters of one element with a directive; a longer one is left as it is
_ATTRIBUTE = r"""[ \t\r\n]+[A-Za-z_$][\w$.:-]*(?:=(?:"[^"\n]*"|'[^'\n]*'|\{[^{}\n]*\}))?"""
_DIRECTIVE = re.compile(
    rf"""<(?P<name>[A-Za-z][\w.-]*)(?:{_ATTRIBUTE})*?[ \t\r\n]+set:(?P<kind>html|text)=\{{[ \t\r\n]*
    (?:"(?P<double>(?:[^"\\\n]|\\.)*)"|'(?P<single>(?:[^'\\\n]|\\.)*)'|`(?P<back>(?:[^`\\$]|\\.|\$(?!\{{))*)`)
    [ \t\r\n]*\}}(?:{_ATTRIBUTE})*[ \t\r\n]*(?:/>|>[ \t\r\n]*</(?P=name)[ \t]*>)""",
    re.VERBOSE,
)


def directive_at(text: str, at: int) -> tuple[str, int] | None:
    """What the element starting at text[at] shows when it carries `set:html` or `set:text` with a string, and
    where it ends; None when it carries neither (or the string is an expression of another kind)."""
    found = _DIRECTIVE.match(text, at, min(len(text), at + MAX_DIRECTIVE))
    if found is None:
        return None
    literal = next(value for value in found.group("double", "single", "back") if value is not None)
    value = js_unescaped(literal)
    return (value if found.group("kind") == "html" else html.escape(value, quote=False)), found.end()
