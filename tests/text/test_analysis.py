"""Indexing and querying analyze text the same way."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from indexer.text.analysis import TextAnalyzer
from indexer.text.words import identifier_parts, identifier_spans

from support.connector import build_index
from support.folders import index, snapshot, whoosh_snapshot, write
from support.hostile import PROPERTIES

SAMPLES = [
    "The Running dogs ran past the connections, generalization of v2.1 APIs.",
    "Café au lait, naïve façade; crème brûlée — Ünïcödé and İstanbul; don't stop. ÆSIR ǅemal ﬁle",
    "snake_case and camelCase and dotted.names, 3.14159 and 2026-11-21\n\ttabs\u00a0nbsp",
    "",
    "the of and to",
    "TableOfContents, getUserName(HTTPServer) and APIs; naïveBayes ÉtatCivil __init__ IsA of_the utf8Decoder x86_64",
    "Pythonアプリの計装について。トレースの設定 と SDK; 设置收集器的配置 and 설정을 변경합니다 の ｱﾌﾟﾘ getUserNameテ",
    "To fine-tune the state-of-the-art model, run --dry-run on x86-64; e-mail getUser-name about COVID-19 -- a-b-",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_fast_postings_equal_the_terms_and_positions_of_analyze(text: str) -> None:
    analyzer = TextAnalyzer()
    expected: dict[str, list[int]] = {}
    for term, pos, _, _ in analyzer.analyze(text):
        expected.setdefault(term, []).append(pos)
    assert analyzer.postings(text) == expected


@pytest.mark.parametrize("text", SAMPLES)
def test_terms_and_their_counts_are_those_of_analyze(text: str) -> None:
    analyzer = TextAnalyzer()
    analyzed = [term for term, _, _, _ in analyzer.analyze(text)]
    assert analyzer.terms(text) == analyzed
    assert analyzer.term_counts(text) == Counter(analyzed)


@pytest.mark.parametrize("text", SAMPLES)
def test_find_gives_the_offsets_analyze_gives_for_the_terms_asked(text: str) -> None:
    analyzer = TextAnalyzer()
    analyzed = [(start, term) for term, _, start, _ in analyzer.analyze(text)]
    every = {term for _, term in analyzed}
    some = set(sorted(every)[::2])
    assert analyzer.find(text, every) == analyzed
    assert analyzer.find(text, some) == [(start, term) for start, term in analyzed if term in some]


# Words whose term is not their own start: the stemmer rewrote their last letters (happy: happi, possibilities:
# possibl, skies: sky, dying: die), or a compound's whole (fine-tuning: finetun) or a folded letter (Café: cafe).
REWRITTEN = ["happy", "Hoping", "possibilities", "mobility", "skies", "dying", "lying", "tying", "vying",
             "relational", "generalization", "conditional", "fine-tuning", "COVID-19", "Café", "\u2128"]  # fmt: skip


@pytest.mark.parametrize("word", REWRITTEN)
def test_find_finds_a_word_whose_term_is_not_its_start(word: str) -> None:
    # snippets look word by word only at the chunks of text that may give a term asked for: not these, wrongly
    analyzer = TextAnalyzer()
    text = f"Before it, {word}; and after it, {word.upper()} again."
    for term in {term for term, _, _, _ in analyzer.analyze(word)}:
        expected = [(start, t) for t, _, start, _ in analyzer.analyze(text) if t == term]
        assert len(expected) == 2
        assert TextAnalyzer().find(text, {term}) == expected


# Words, identifiers, apostrophes, accents, non-Latin letters and the punctuation between words in real text.
PIECES = ["run", "Running", "runs", "getUserName", "max_file_size", "HTTPServer", "don't", "cats'", "'quoted'",
          "Café", "naïve", "东京", "İstanbul", "3.14", "v2", "x86_64", "the", "of", " ", " ", "\n", "\u2014",
          "\u2019", "...", "(", ")", "-", "/", "\u00a0", "_", "'", "é", "A", *REWRITTEN[:6]]  # fmt: skip


@PROPERTIES
@given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join), st.integers(0, 3))
def test_find_gives_the_offsets_analyze_gives_whatever_the_text(text: str, every: int) -> None:
    analyzer = TextAnalyzer()
    analyzed = [(start, term) for term, _, start, _ in analyzer.analyze(text)]
    asked = set(sorted({term for _, term in analyzed})[:: every + 1])
    assert analyzer.find(text, asked) == [(start, term) for start, term in analyzed if term in asked]
    many = [text, text.upper(), "", text[::-1]]
    expected = [[(s, t) for t, _, s, _ in analyzer.analyze(one) if t in asked] for one in many]
    assert analyzer.find_all(many, asked) == expected


def test_stemming_folds_inflections_and_accents() -> None:
    terms = [t for t, _, _, _ in TextAnalyzer().analyze("Running installations Café")]
    assert terms == ["run", "instal", "cafe"]


def test_letters_that_decompose_to_capitals_give_the_lower_case_term_whatever_was_read_first() -> None:
    # black-letter Z and mathematical bold ABC (as PDFs extract styled text) decompose to capital letters: their
    # terms were capital, and remembered as the terms of Z and ABC themselves, which a query's z never matched
    analyzer = TextAnalyzer()
    assert [t for t, _, _, _ in analyzer.analyze("\u2128 \U0001d400\U0001d401\U0001d402")] == ["z", "abc"]
    assert [t for t, _, _, _ in analyzer.analyze("Z ABC")] == ["z", "abc"]


def test_the_pickled_schema_carries_no_indexing_memo() -> None:
    import pickle

    from indexer.store.schema import build_schema

    schema = build_schema()
    schema["title"].index("A title that repeats on every passage")
    assert "_last" not in pickle.loads(pickle.dumps(schema))["title"].__dict__


@pytest.mark.parametrize(
    ("word", "terms"),
    [
        ("TableOfContents", ["tableofcont", "tabl", "content"]),  # "of" is a stop word
        ("getUserName", ["getusernam", "get", "user", "name"]),
        ("max_file_size", ["max_file_s", "max", "file", "size"]),
        ("MAX_FILE_SIZE", ["max_file_s", "max", "file", "size"]),
        ("HTTPServer", ["httpserver", "http", "server"]),
        ("utf8Decoder", ["utf8decod", "utf8", "decod"]),
        ("getIDs", ["getid", "get", "id"]),
        ("__init__", ["__init__", "init"]),
        ("mRNA", ["mrna", "rna"]),  # a part of one letter says nothing by itself
        ("fine-tune", ["finetun", "fine", "tune"]),  # a compound: its whole as one word, and its words
        ("fine-tuning", ["finetun", "fine", "tune"]),
        ("COVID-19", ["covid19", "covid", "19"]),
        ("e-mail", ["email", "e", "mail"]),  # a letter alone too: the words its hyphen read as a space gives
        ("state-of-the-art", ["stateoftheart", "state", "art"]),
        ("getUser-name", ["getusernam", "get", "user", "name"]),  # an identifier's words, not its whole
        ("-dry-run-", ["dryrun", "dri", "run"]),  # (hyphens around a word are no part of it)
    ],
)
def test_an_identifier_gives_its_whole_and_its_words(word: str, terms: list[str]) -> None:
    assert [t for t, _, _, _ in TextAnalyzer().analyze(word)] == terms


@pytest.mark.parametrize(
    "word", ["Table", "table", "TABLE", "HTTP", "APIs", "URLs", "3D", "100GB", "utf8", "don't", "pH", "O'Reilly"]
)
def test_a_word_that_is_one_word_is_not_split(word: str) -> None:
    assert len(list(TextAnalyzer().analyze(word))) == 1


def test_an_identifiers_words_follow_one_another_and_the_whole_stands_at_the_first() -> None:
    analyzed = [(t, pos) for t, pos, _, _ in TextAnalyzer().analyze("see TableOfContents page")]
    assert analyzed == [("see", 0), ("tableofcont", 1), ("tabl", 1), ("content", 2), ("page", 3)]
    parts_only = [(t, pos) for t, pos, _, _ in TextAnalyzer().analyze("see TableOfContents page", wholes=False)]
    assert parts_only == [("see", 0), ("tabl", 1), ("content", 2), ("page", 3)]


CODE_STYLE = {
    "toc.md": "# TableOfContents\n\nThe page lists every section.\n",
    "user.md": "# getUserName\n\nReturns the caller.\n",
    "limits.md": "# Limits\n\nSet max_file_size in the config to skip big uploads.\n",
    "prose.md": "# Furniture\n\nA table and chairs, and the contents of a drawer.\n",
    "lower.md": "# Notes\n\nThe tableofcontents macro.\n",
    "open.md": "# Reading\n\nOpen the TableOfContents first.\n",
}


@pytest.fixture(scope="module")
def code_style(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_index(tmp_path_factory.mktemp("code-style"), CODE_STYLE)


@pytest.mark.parametrize(
    ("query", "first", "found"),
    [
        ("table of contents", "toc.md", {"toc.md", "open.md", "prose.md"}),
        ("TableOfContents", "toc.md", {"toc.md", "open.md", "prose.md", "lower.md"}),  # its words, and the whole
        ("tableofcontents", None, {"toc.md", "open.md", "lower.md"}),
        ('"table of contents"', None, {"toc.md", "open.md"}),  # a phrase matches the identifier's words in order
        ('"open the TableOfContents"', None, {"open.md"}),  # and a phrase holding an identifier matches it
        ('"TableOfContents"', None, {"toc.md", "open.md"}),
        ("user name", "user.md", {"user.md"}),
        ("title:getUserName", "user.md", {"user.md"}),
        ("max file size", "limits.md", {"limits.md"}),
        ('"set max_file_size"', "limits.md", {"limits.md"}),
    ],
)
def test_words_find_an_identifier_and_an_identifier_finds_its_words(
    code_style: Path, query: str, first: str | None, found: set[str]
) -> None:
    hits = [h.document.id for h in snapshot(code_style).search(query, limit=20)]
    assert set(hits) == found, hits
    if first is not None:
        assert hits[0] == first, hits


COMPOUNDS = {
    "tune.md": "# Fine-tuning\n\nHow to fine-tune a model on your own data.\n",
    "joined.md": "# Training\n\nFinetuning a model takes an hour.\n",
    "apart.md": "# Radio\n\nTune the radio to a fine station.\n",
    "ship.md": "# Ships\n\nA model of a ship.\n",
}


@pytest.fixture(scope="module")
def compounds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_index(tmp_path_factory.mktemp("compounds"), COMPOUNDS)


@pytest.mark.parametrize(
    ("query", "first", "found"),
    [
        ("finetuning", None, {"tune.md", "joined.md"}),  # the one-word spelling finds the compound
        ("fine-tuned", None, {"tune.md", "apart.md"}),  # a compound searches its words, as BM25 engines read it
        ("fine-tune model", "tune.md", {"tune.md", "joined.md", "apart.md", "ship.md"}),  # the compound first
        ('"fine tune"', None, {"tune.md"}),  # a phrase still matches the compound's words in order
        ("fine-tun*", None, {"tune.md", "joined.md"}),  # a compound's wildcard: the wholes that begin so
        ('"fine-tune a model"', None, {"tune.md"}),
        ("model NOT fine-tune", None, {"ship.md"}),  # NOT leaves out the compound under either spelling
        ("model NOT tune", None, {"joined.md", "ship.md"}),  # and its word leaves out what holds the word
    ],
)
def test_a_compound_and_its_one_word_spelling_find_each_other(
    compounds: Path, query: str, first: str | None, found: set[str]
) -> None:
    hits = [h.document.id for h in snapshot(compounds).search(query, limit=20)]
    assert set(hits) == found, hits
    if first is not None:
        assert hits[0] == first, hits


def test_a_snippet_shows_the_compound_that_its_one_word_spelling_found(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    filler = "Other words fill this page to make it long. " * 20
    write(docs, "long.md", f"# Long\n\n{filler}Then we fine-tuned the model on our data. {filler}\n")
    index(docs, index_dir)
    [hit] = snapshot(index_dir).search("finetuning")
    assert "fine-tuned the model" in hit.snippet


def test_a_snippet_shows_where_an_identifiers_words_are(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    filler = "Nothing to see in this sentence about the weather. " * 20
    write(docs, "long.md", f"# Long\n\n{filler}The renderer builds the TableOfContents here. {filler}\n")
    index(docs, index_dir)
    (hit,) = snapshot(index_dir).search("table of contents")
    assert "TableOfContents" in hit.snippet


def test_chinese_japanese_and_korean_words_are_found_inside_their_sentences(tmp_path: Path) -> None:
    """OpenTelemetry's Japanese pages write sentences without spaces: a run of them was one term, so
    "Pythonアプリの計装" or "計装" found nothing unless written alone. A run gives its pairs of characters."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "ja.md", "# 計装\n\nPythonアプリの計装について説明します。トレースの設定も扱います。\n")
    write(docs, "zh.md", "# 收集器\n\n本页介绍如何设置收集器的配置文件。\n")
    write(docs, "ko.md", "# 설정\n\n수집기 설정을 변경하는 방법입니다.\n")
    write(docs, "en.md", "# Instrumentation\n\nHow to instrument a Python app.\n")
    index(docs, index_dir)
    searched = snapshot(index_dir)
    assert [h.document.id for h in searched.search("計装")][:1] == ["ja.md"]
    assert [h.document.id for h in searched.search("Pythonアプリの計装")][:1] == ["ja.md"]
    assert [h.document.id for h in searched.search('"トレースの設定"')] == ["ja.md"]
    assert [h.document.id for h in searched.search("收集器的配置")][:1] == ["zh.md"]
    assert [h.document.id for h in searched.search("설정")][:1] == ["ko.md"]
    (hit,) = [h for h in searched.search("設定") if h.document.id == "ja.md"]
    assert "トレースの設定" in hit.snippet
    assert [h.document.id for h in searched.search("ｱﾌﾟﾘ")][:1] == ["ja.md"]  # half-width kana: the same word


def test_cjk_pairs_keep_marks_and_neighbours() -> None:
    analyzer = TextAnalyzer()
    terms = [t for t, _, _, _ in analyzer.analyze("様々な設定 C言語 第3章 ｱﾌﾟﾘ アプリ")]
    assert terms == ["様々", "々な", "な設", "設定", "c", "言語", "第", "3", "章", "アプ", "プリ", "アプ", "プリ"]


def test_a_word_too_long_to_be_a_name_is_not_split() -> None:
    word = "aB" * 5_000_000  # ten million characters in one word
    assert [t for t, _, _, _ in TextAnalyzer().analyze(word)] == [word.lower()]


def test_a_chain_of_words_too_long_to_be_a_name_gives_its_words_alone() -> None:
    chain = "-".join(["word"] * 40)  # 199 characters joined by hyphens: no one types it as one word
    analyzed = [(t, pos) for t, pos, _, _ in TextAnalyzer().analyze(chain)]
    assert analyzed == [("word", pos) for pos in range(40)]


@pytest.mark.parametrize(("word", "terms"), [("use-ful", ["use", "ful"]), ("1-2", ["1", "2"]), ("URL-s", ["url", "s"])])
def test_a_compound_whose_whole_is_its_first_word_or_a_number_gives_its_words_alone(
    word: str, terms: list[str]
) -> None:
    """(use-ful stems to use: the term twice at one position would match a phrase starting at either; 1-2 and
    2024-01-15 are no word anyone writes as one, and 12 would find a range)"""
    assert [(t, pos) for t, pos, _, _ in TextAnalyzer().analyze(word)] == [(t, i) for i, t in enumerate(terms)]


def test_a_phrase_after_a_compound_whose_whole_is_its_first_word_matches_on_both_paths(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "tools.md", "# Tools\n\nA use-ful hammer, and a zebra sleeps.\n")
    write(docs, "other.md", "# Other\n\nNothing of interest.\n")
    index(docs, index_dir)
    for searcher in (snapshot(index_dir), whoosh_snapshot(index_dir)):
        assert searcher.search('"use zebra"') == [] and searcher.search('"use hammer"') == []
        assert [hit.document.id for hit in searcher.search('"useful hammer"')] == []  # (its words are use, ful)
        assert [hit.document.id for hit in searcher.search('"use ful hammer"')] == ["tools.md"]


@PROPERTIES
@given(st.text(st.sampled_from("aBcDxYz019_'-éÉßİκΚアの計装设설ﾌﾟ"), max_size=40))
def test_the_words_of_an_identifier_are_where_their_spans_say(word: str) -> None:
    spans = identifier_spans(word)
    assert identifier_parts(word) == (None if spans is None else [word[s:e] for s, e in spans])
