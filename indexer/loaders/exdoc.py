"""ExDoc's auto-links whose target is code with a space in it: an Elixir project's guides link a Mix task's page
as `[the format task documentation](`mix format`)`, which ExDoc (Earmark) reads as a link to the task. CommonMark
takes no space in a bare link destination, so the link was left as written: the page showed
"[the format task documentation](mix format)", brackets and all, in Elixir's own guides (`mix format`, `mix
release`). Such a destination is put in angle brackets (`(<`mix format`>)`), where CommonMark takes spaces, so the
page shows the link's text, as ExDoc shows it. Targets without a space (`` (`Enum.map/2`) ``) were links already.

Only outside fenced code (a guide that shows the syntax in a code block keeps it as written); a destination is one
code span on one line, so each `](`` looks only as far as the next backtick: linear in the page.
"""

from __future__ import annotations

import re

from indexer.loaders.fences import in_code

__all__ = ["bracketed_autolinks"]

_SIGN = "](`"
_AUTOLINK = re.compile(r"\]\((`+)([^`\n]+)\1\)")  # a link's destination that is one code span


def bracketed_autolinks(text: str) -> str:
    """`text` with each ExDoc auto-link whose code target has a space put in angle brackets (module docstring)."""
    if _SIGN not in text:
        return text
    lines = [
        line if code or _SIGN not in line else _AUTOLINK.sub(_bracketed, line)
        for line, code in in_code(text.split("\n"))
    ]
    return "\n".join(lines)


def _bracketed(link: re.Match[str]) -> str:
    ticks, target = link.groups()
    spaced = " " in target or "\t" in target
    return f"](<{ticks}{target}{ticks}>)" if spaced and "<" not in target and ">" not in target else link.group()
