"""Indexing and querying analyze text the same way."""

from __future__ import annotations

import pytest

from indexer.analysis import TextAnalyzer

SAMPLES = [
    "The Running dogs ran past the connections, generalization of v2.1 APIs.",
    "Café au lait, naïve façade; crème brûlée — Ünïcödé and İstanbul; don't stop. ÆSIR ǅemal ﬁle",
    "snake_case and camelCase and dotted.names, 3.14159 and 2026-11-21\n\ttabs\u00a0nbsp",
    "",
    "the of and to",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_fast_postings_equal_the_terms_and_positions_of_analyze(text: str) -> None:
    analyzer = TextAnalyzer()
    expected: dict[str, list[int]] = {}
    for term, pos, _, _ in analyzer.analyze(text):
        expected.setdefault(term, []).append(pos)
    assert analyzer.postings(text) == expected


@pytest.mark.parametrize("text", SAMPLES)
def test_find_gives_the_offsets_analyze_gives_for_the_terms_asked(text: str) -> None:
    analyzer = TextAnalyzer()
    analyzed = [(start, term) for term, _, start, _ in analyzer.analyze(text)]
    every = {term for _, term in analyzed}
    some = set(sorted(every)[::2])
    assert analyzer.find(text, every) == analyzed
    assert analyzer.find(text, some) == [(start, term) for start, term in analyzed if term in some]


def test_stemming_folds_inflections_and_accents() -> None:
    terms = [t for t, _, _, _ in TextAnalyzer().analyze("Running installations Café")]
    assert terms == ["run", "instal", "cafe"]


def test_the_pickled_schema_carries_no_indexing_memo() -> None:
    import pickle

    from indexer.schema import build_schema

    schema = build_schema()
    schema["title"].index("A title that repeats on every passage")
    assert "_last" not in pickle.loads(pickle.dumps(schema))["title"].__dict__
