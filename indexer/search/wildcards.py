"""The words a wildcard expands to, for one caller, from Whoosh's own term index.

A wildcard (`word*`, `path:guides/inst*`) matches the first MAX_EXPANSIONS words of its field that begin with
its text, in sorted order, of the words that live passages the caller may see hold: a word only hidden or
deleted passages hold takes no place, so what a caller finds depends only on what it may see. The scored
text fields expand over the postings copy (PostingsSearcher.expand); the other fields (path) here, by the
same rule.
"""

from __future__ import annotations

from typing import Any

from indexer.search import clauses


def held_words(reader: Any, name: str, start: str, allowed: Any) -> list[str]:
    """The words of field `name` that begin with `start`, in sorted order, that a live document of `allowed`
    (a set of Whoosh document numbers; None: every document) holds, at most MAX_EXPANSIONS. `reader`: the
    index's top-level Whoosh reader, so that every segment counts. A caller who sees everything, in an index
    without deletions, costs no postings read."""
    limit = clauses.MAX_EXPANSIONS
    every = allowed is None and not reader.has_deletions()
    words: list[str] = []
    for word in reader.expand_prefix(name, start):
        if len(words) >= limit:
            break
        if every or _held(reader, name, word, allowed):
            words.append(word.decode("utf-8"))
    return words


def _held(reader: Any, name: str, word: Any, allowed: Any) -> bool:
    """Whether a live document of `allowed` (None: any) holds the word (deleted documents are not matched)."""
    ids = reader.postings(name, word).all_ids()
    return any(True for _ in ids) if allowed is None else any(docnum in allowed for docnum in ids)
