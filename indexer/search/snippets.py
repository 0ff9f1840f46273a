"""Snippets: the stretch of a passage where the query's words are densest, cut at word boundaries."""

from __future__ import annotations

import re

from indexer.text.analysis import SEARCH_ANALYZER

SNIPPET_CHARS = 240
_analyzer = SEARCH_ANALYZER
_SPACE = re.compile(r"\s+")


def make_snippets(texts: list[str], terms: set[str], width: int = SNIPPET_CHARS) -> list[str]:
    """make_snippet() for each of several passages (their words looked up at once)."""
    long = [i for i, text in enumerate(texts) if len(text) > width]
    found = _analyzer.find_all([texts[i] for i in long], terms) if terms and long else [[] for _ in long]
    hits = dict(zip(long, found, strict=True))
    return [_window(text, hits.get(i, []), width) for i, text in enumerate(texts)]


def make_snippet(text: str, terms: set[str], width: int = SNIPPET_CHARS) -> str:
    """A window of about `width` characters holding the most distinct query terms (the start if none)."""
    return make_snippets([text], terms, width)[0]


def _window(text: str, hits: list[tuple[int, str]], width: int) -> str:
    if len(text) <= width:
        return _SPACE.sub(" ", text).strip()
    best_start, best_count = _densest(hits, width)
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


def _densest(hits: list[tuple[int, str]], width: int) -> tuple[int, int]:
    """(start, distinct terms) of the first hit whose window of `width` characters holds the most distinct terms:
    the window slides over the hits (sorted by start), counting the terms in it, and stops at the first window
    that holds every term the passage has."""
    if not hits:
        return 0, 0
    every = len({term for _, term in hits})
    if hits[-1][0] < hits[0][0] + width:  # one window holds them all
        return hits[0][0], every
    best_start, best_count = 0, 0
    inside: dict[str, int] = {}
    end, count = 0, len(hits)
    for start, term in hits:
        while end < count and hits[end][0] < start + width:
            held = hits[end][1]
            inside[held] = inside.get(held, 0) + 1
            end += 1
        if len(inside) > best_count:
            best_start, best_count = start, len(inside)
            if best_count == every:
                break
        left = inside[term] - 1
        if left:
            inside[term] = left
        else:
            del inside[term]
    return best_start, best_count
