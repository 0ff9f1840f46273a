"""A page that only says it has moved: Ansible keeps 60 where its guides used to be (`user_guide/
playbooks_handlers.rst`: ":orphan:", the old title, "This page has moved to :ref:`handlers`."), and search ranked
each beside the page it points to (the second hit for "what is a handler", a page with nothing else to read).
Like an HTML redirect it is no page (errors.NotAPage): the page it points to is read in its place. So is a Markdown
file with no text whose front matter sends the reader elsewhere: DocFX's `redirect_url: ../docs/markdown.html`
(dotnet/docfx keeps 13 where its tutorials were), jekyll-redirect-from's `redirect_to`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from indexer.model import Section

__all__ = ["MOVED", "only_moved", "redirect_reason"]

MOVED = "a notice that the page has moved, and nothing else: no page (the page it points to is indexed)"
_REDIRECTS = ("redirect_url", "redirect_to")  # DocFX's, jekyll-redirect-from's
MAX_NOTICE = 300  # characters of a notice: a page with more to say is a page
_NOTICE = re.compile(
    r"(?:the\s+content\s+(?:on|of)\s+)?this\s+(?:page|document|section|guide)\s+has\s+(?:been\s+)?moved\b",
    re.IGNORECASE,
)


def only_moved(sections: tuple[Section, ...] | list[Section]) -> bool:
    """Whether a page's text, its titles aside, is one short paragraph that says the page has moved."""
    body = "\n\n".join(section.text.strip() for section in sections if section.text.strip())
    return len(body) <= MAX_NOTICE and "\n\n" not in body and _NOTICE.match(body) is not None


def redirect_reason(front_matter: Mapping[str, Any], sections: tuple[Section, ...]) -> str | None:
    """Why a page with no text whose front matter names a redirect (`redirect_url`, `redirect_to`) is no page;
    None for a page with text, or no redirect."""
    target = next((v for k in _REDIRECTS if isinstance(v := front_matter.get(k), str) and v.strip()), None)
    if target is None or any(section.text.strip() for section in sections):
        return None
    shown = target.strip() if len(target.strip()) <= 120 else target.strip()[:117] + "..."
    return f"a redirect (its front matter sends the reader to {shown}): no page"
