"""Snippets: the stretch of a passage where the query's words are densest, cut at word boundaries."""

from __future__ import annotations

import re

from indexer.text.analysis import SEARCH_ANALYZER

SNIPPET_CHARS = 240
_analyzer = SEARCH_ANALYZER
_SPACE = re.compile(r"\s+")


def make_snippet(text: str, terms: set[str], width: int = SNIPPET_CHARS) -> str:
    """A window of about `width` characters holding the most distinct query terms (the start if none)."""
    if len(text) <= width:
        return _SPACE.sub(" ", text).strip()
    hits = _analyzer.find(text, terms) if terms else []
    best_start, best_count = 0, 0
    for i, (start, _) in enumerate(hits):
        window = {term for s, term in hits[i:] if s < start + width}
        if len(window) > best_count:
            best_start, best_count = start, len(window)
    begin = max(0, best_start - width // 5) if best_count else 0
    end = min(len(text), begin + width)
    begin = max(0, min(begin, end - width))
    if begin > 0:
        space = text.find(" ", begin)
        begin = space + 1 if 0 <= space < begin + 30 else begin
    if end < len(text):
        space = text.rfind(" ", begin, end)
        end = space if space > begin + width // 2 else end
    snippet = _SPACE.sub(" ", text[begin:end]).strip()
    return ("…" if begin > 0 else "") + snippet + ("…" if end < len(text) else "")
