"""A JavaScript string literal's text as a page shows it (MDX's `{'\\n'}` in prose, a tab's label in
`<Tabs items={['Fran\\u00e7ais']}>`, an import's path)."""

from __future__ import annotations

import re

__all__ = ["js_unescaped"]

_JS_ESCAPES = re.compile(r"\\(?:u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})|([nrtvfb])|(.))")


def js_unescaped(string: str) -> str:
    """A JavaScript string's text as the page shows it: `\\u2014`, `\\u{1F600}` and `\\x41` the characters they
    name, a newline or a tab (`{'\\n'}` at a line's end in a <pre>, as docusaurus.io writes it) white space, any
    other escaped character itself."""

    def shown(match: re.Match[str]) -> str:
        code = match.group(1) or match.group(2) or match.group(3)
        if code is not None:
            number = int(code, 16)
            return chr(number) if number <= 0x10FFFF and not 0xD800 <= number <= 0xDFFF else ""
        return " " if match.group(4) else match.group(5)

    return _JS_ESCAPES.sub(shown, string)
