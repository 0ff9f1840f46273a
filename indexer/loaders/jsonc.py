"""JSON as DocFX reads its docfx.json (System.Text.Json with `ReadCommentHandling = Skip` and
`AllowTrailingCommas`), as TypeScript reads a tsconfig.json: `// line` and `/* block */` comments, and a comma
before the `]` or `}` that closes an array or object, are allowed.

The text is read by one pass over its characters, in runs (a run of plain characters, of spaces, or the inside
of a string is taken whole): nothing is looked at twice, so a hostile file costs time in proportion to its size.
A string's text (`"https://example.com"`, `"/* not a comment */"`, `"a, ]"`) is kept as written. A text that is
still not JSON raises ValueError, as json.loads does. A `/*` comment never closed runs to the end of the text,
as TypeScript reads a tsconfig.json's (mdximports.py reads them so too).
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["loads_jsonc"]

# a string's inside up to its closing quote (unrolled: no two ways to match the same text), or to the text's end
_STRING = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_RUN = re.compile(r'[^"/,\]}\s]+|\s+')  # plain characters, or spaces: nothing to decide inside them


def loads_jsonc(text: str) -> Any:
    """The value of a JSON text that may hold comments and trailing commas (see the module docstring); a byte
    order mark before it is left out. Raises ValueError (json.JSONDecodeError) when it is not JSON even so."""
    return json.loads(strip_jsonc(text.lstrip("\ufeff")))


def strip_jsonc(text: str) -> str:
    """`text` without its comments and trailing commas; a comment becomes a space (`1/**/2` stays no number)."""
    out: list[str] = []
    comma = -1  # where in `out` the last comma is, while nothing but spaces and comments follow it
    i, n = 0, len(text)
    while i < n:
        run = _RUN.match(text, i)
        if run is not None:
            out.append(run.group())
            if not run.group().isspace():
                comma = -1
            i = run.end()
            continue
        c = text[i]
        if c == '"':
            end = _STRING.match(text, i + 1).end()  # type: ignore[union-attr]  # (it matches any text)
            out.append(text[i:end])
            comma, i = -1, end
        elif text.startswith("//", i):
            end = text.find("\n", i)
            out.append(" ")
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            out.append(" ")
            i = n if end < 0 else end + 2
        else:  # , ] } or a lone /
            if c in "]}" and comma >= 0:
                out[comma] = ""
            comma = len(out) if c == "," else -1
            out.append(c)
            i += 1
    return "".join(out)
