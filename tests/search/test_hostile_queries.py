"""Hostile queries: no query text makes the parser or a search fail, and the work a query asks for is bounded
by construction (asserted on the parsed query's size, not by timing) without changing ordinary queries.
Then the pathological queries of issue 5 through the real search tool, in memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import indexer.search.clauses
from indexer.search.plan import ParsedQuery
from indexer.search.query import MAX_DEPTH, MAX_TERMS, MAX_WILDCARDS, parse_query
from indexer.search.ranking import DEFAULT
from indexer.search.searcher import Snapshot

from support.connector import make_server
from support.hostile import (
    ANY_CHAR,
    FEW,
    PROPERTIES,
    WILD_WORDS,
    Remote,
    call_tool,
    connect,
    result_ids,
)

WEIGHTS = DEFAULT.field_weights
LONGEST = 100_000  # the highest --max-query-length
FIELDS = len(WEIGHTS)  # a plain word is searched in each of these fields
SYNTAX = st.sampled_from(["AND", "OR", "NOT", "(", ")", '"', "*", ":", "=", "#", "title:", "heading:", "body:",
    "text:", "path:", "type:", "tag:", "path=", "title=", "tag=", "heading=", "type:pdf", "instal*", "zzq*",
    "path:guides/inst*", "path:*", "zebracorn", "walrus", "guides/install.md", "\x00", "\x1b[0m", "\ud800",
    "\udfff", "²", "١٢", "l'eau", "Café", "\u200b", "\t", "\n", " "])  # fmt: skip
QUERIES = st.one_of(st.lists(st.one_of(SYNTAX, st.text(ANY_CHAR, max_size=8)), max_size=60).map("".join),
                    st.text(ANY_CHAR, max_size=300))  # fmt: skip


@pytest.fixture(scope="module")
def lenient(hostile_index: Path) -> Iterator[Remote]:
    """A server that takes the longest queries its settings allow: only the parser's limits bound their work."""
    yield from connect(make_server(hostile_index, max_query_length=LONGEST))


def assert_bounded(parsed: ParsedQuery) -> None:
    size = parsed.size()
    assert size.words <= MAX_TERMS * FIELDS, size
    assert size.wildcards <= MAX_WILDCARDS * FIELDS, size
    assert size.depth <= 5 * (MAX_DEPTH + 1), size
    assert len(parsed.terms) <= MAX_TERMS


@PROPERTIES
@given(QUERIES)
@example("walrus NOT")  # once an IndexError
def test_any_text_parses_to_a_bounded_query(text: str) -> None:
    assert_bounded(parse_query(text, WEIGHTS))


@PROPERTIES
@given(QUERIES)
@example("path:guides\ud800*")  # once a UnicodeEncodeError
def test_any_text_searches_a_real_index_without_error(hostile_snapshot: Snapshot, text: str) -> None:
    hits = hostile_snapshot.search(text, limit=5)
    assert len(hits) <= 5 and all(hostile_snapshot.document(hit.document.id) == hit.document for hit in hits)


def test_a_long_natural_language_question_is_searched_whole() -> None:
    words = [f"word{n}" for n in range(120)]
    parsed = parse_query(" ".join(words), WEIGHTS)
    assert parsed.terms == set(words)
    assert parsed.size().words == len(words) * FIELDS


def test_words_past_the_limit_are_dropped_and_the_first_kept() -> None:
    words = [f"word{n}" for n in range(MAX_TERMS + 50)]
    parsed = parse_query(" ".join(words), WEIGHTS)
    assert parsed.terms == set(words[:MAX_TERMS])
    assert parsed.size().words == MAX_TERMS * FIELDS


def test_a_phrase_past_the_limit_is_cut_to_its_first_words() -> None:
    words = [f"word{n}" for n in range(20_000)]
    parsed = parse_query('"' + " ".join(words) + '"', WEIGHTS)
    assert parsed.terms == set(words[:MAX_TERMS])
    assert parsed.size().words == MAX_TERMS * FIELDS


def test_wildcards_past_the_limit_match_their_word_only(hostile_snapshot: Snapshot) -> None:
    assert parse_query(" ".join(["zzq*"] * 3000), WEIGHTS).size().wildcards == MAX_WILDCARDS * FIELDS
    assert parse_query(" ".join(["path:gui*"] * 3000), WEIGHTS).size().wildcards == MAX_WILDCARDS
    assert {hit.document.id for hit in hostile_snapshot.search("zzq*", limit=100)} == {
        f"wild/{w}.md" for w in WILD_WORDS
    }


def test_a_wildcard_matches_at_most_max_expansions_words(
    hostile_snapshot: Snapshot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(indexer.search.clauses, "MAX_EXPANSIONS", 3)
    found = {hit.document.id for hit in hostile_snapshot.search("zzq*", limit=100)}
    assert found == {f"wild/{w}.md" for w in WILD_WORDS[:3]}  # the first words in the index's order


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1, 10_000])
def test_nested_parentheses_are_parsed_or_read_as_plain_words(hostile_snapshot: Snapshot, depth: int) -> None:
    for text in ["(" * depth + "walrus" + ")" * depth, "(" * depth + "walrus"]:
        assert_bounded(parse_query(text, WEIGHTS))
        assert hostile_snapshot.search(text)[0].document.id == "guides/walrus.md"


PATHOLOGICAL = [  # (name, query, the document it finds first, or None for no result)
    ("thousands of a* wildcards", " ".join(["a*"] * 3000), None),
    ("thousands of zzq* wildcards", " ".join(["zzq*"] * 3000), "wild/zzqa.md"),
    ("thousands of distinct terms", "walrus " + " ".join(f"term{n}" for n in range(5000)), "guides/walrus.md"),
    ("10,000 nested parentheses", "(" * 10_000 + "walrus" + ")" * 10_000, "guides/walrus.md"),
    ("a 100,000-character term", "z" * LONGEST, None),
    ("a phrase of 14,000 words", '"' + "walrus " * 14_000 + '"', None),
    ("thousands of field clauses", "walrus path:guides* type:md " * 2000, "guides/walrus.md"),
    ("NUL and control characters", "\x00walrus\x01\x07\x1b[0m\x7f\x9f\u2028\x00", "guides/walrus.md"),
    ("lone surrogates", "\ud800walrus\udfff \udc80 path:guides\ud800*", "guides/walrus.md"),
    ("a trailing NOT", "walrus NOT", "guides/walrus.md"),
    ("only operators", "AND OR NOT ( ) AND NOT OR " * 100, None),
]
CASES = pytest.mark.parametrize(("query", "first"), [c[1:] for c in PATHOLOGICAL], ids=[c[0] for c in PATHOLOGICAL])


@CASES
def test_pathological_query_is_answered_within_the_limits(lenient: Remote, query: str, first: str | None) -> None:
    assert len(query) <= LONGEST
    assert_bounded(parse_query(query, WEIGHTS))
    found = result_ids(lenient(call_tool, "search", {"query": query}))
    assert found[:1] == ([first] if first else [])


@CASES
def test_pathological_query_is_answered_or_refused_as_too_long(
    hostile_remote: Remote, query: str, first: str | None
) -> None:
    result = hostile_remote(call_tool, "search", {"query": query})
    if len(query) > 1000:
        assert result.is_error and "the limit is 1,000" in result.content[0].text
    else:
        assert result_ids(result)[:1] == ([first] if first else [])


@FEW
@given(QUERIES)
def test_any_query_through_the_search_tool_is_results_or_a_tool_error(hostile_remote: Remote, query: str) -> None:
    result = hostile_remote(call_tool, "search", {"query": query})
    if result.is_error:  # only an empty query is refused: QUERIES are never over the limit
        assert "empty" in result.content[0].text, result.content
    else:
        result_ids(result)
