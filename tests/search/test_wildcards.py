"""Suffix wildcards over an index of stems: `word*` finds the words that begin so, though the index holds them
cut by the stemmer, and both scoring paths (the postings copy, and Whoosh for a query with a filter) agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.connector import build_index
from support.folders import snapshot, whoosh_snapshot

EVERYTHING = " type:markdown"  # a filter every document passes

PAGES = {
    "navigation.md": "# Menus\n\nThe navigation bar sits at the top of every page.\n",
    "navigate.md": "# Moving around\n\nUse the arrow keys to navigate between sections.\n",
    "navigator.md": "# Browsers\n\nThe navigator object tells which browser runs the page.\n",
    "navy.md": "# Colours\n\nThe navy theme and the navigational aid of old ships are apart here.\n",
    "annotations.md": "# Code notes\n\nAnnotations add a note to a line of code.\n",
    "installer.md": "# Setup\n\nThe installer copies the files; the installation takes a minute.\n",
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_index(tmp_path_factory.mktemp("wildcards"), PAGES)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # the stemmer cuts these words shorter than what was typed (navigation -> navig, annotations -> annot)
        ("navigat*", {"navigation.md", "navigate.md", "navigator.md", "navy.md"}),
        ("annotat*", {"annotations.md"}),
        ("navigati*", {"navigation.md", "navigate.md", "navigator.md", "navy.md"}),  # all indexed as navig
        # the typed text is longer than the stem it shares with the indexed words
        ("installer*", {"installer.md"}),
        ("instal*", {"installer.md"}),
        ("navy*", {"navy.md"}),  # indexed as navi: not nav*, which would find navigation too
        # in one field, as anywhere (it was taken as the word `instal`, which no title holds)
        ("title:brows*", {"navigator.md"}),
        ("title:mov* body:arrow", {"navigate.md"}),
        ("title:colo* NOT arrow", {"navy.md"}),
        ("body:navigat*", {"navigation.md", "navigate.md", "navigator.md", "navy.md"}),
    ],
)
def test_a_wildcard_finds_the_words_that_begin_with_it(pages: Path, query: str, expected: set[str]) -> None:
    searcher, reference = snapshot(pages), whoosh_snapshot(pages)
    for snap, text in ((searcher, query), (searcher, query + EVERYTHING), (reference, query)):
        hits = snap.search(text, limit=20, retrieval="lexical")
        assert {hit.document.id for hit in hits} == expected, text


def test_both_paths_score_a_cut_wildcard_alike(pages: Path) -> None:
    searcher = snapshot(pages)
    fast = [(h.document.id, round(h.score, 9)) for h in searcher.search("navigat*", limit=20, retrieval="lexical")]
    slow = whoosh_snapshot(pages).search("navigat*", limit=20, retrieval="lexical")
    assert fast == [(h.document.id, round(h.score, 9)) for h in slow]
