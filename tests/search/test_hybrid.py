"""Hybrid ranking: meaning finds what words miss; access, operators and damaged vectors keep their rules."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import indexer.search.hybrid
from indexer import Searcher, Snapshot
from indexer.search.hybrid import _closest, fuse
from indexer.store import storage, vectors

from support.embedding import ANSWER, PARAPHRASE, QUESTION, index_and_embed
from support.folders import MYST_SITE, write

SECRET = (
    "---\naccess: [finance]\n---\n# Payroll portal\n\nStaff open the salary portal with their company credentials.\n"
)
RETRIEVALS = ("hybrid", "dense", "lexical")


@pytest.fixture(scope="module")
def hybrid_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hybrid")
    index_and_embed(root / "docs", root / "index", {**PARAPHRASE, "secret.md": SECRET})
    return root / "index"


@pytest.fixture
def hybrid(hybrid_index: Path) -> Snapshot:
    return Searcher(hybrid_index).snapshot()


def _ids(snapshot: Snapshot, query: str, retrieval: str = "hybrid", **kwargs: object) -> list[str]:
    return [hit.document.id for hit in snapshot.search(query, retrieval=retrieval, **kwargs)]  # type: ignore[arg-type]


PUBLIC = frozenset[str]()  # a caller in no group: the payroll page is not for it


def test_a_paraphrase_that_shares_no_word_finds_its_document(hybrid: Snapshot) -> None:
    assert ANSWER not in _ids(hybrid, QUESTION, "lexical")  # no word in common
    assert _ids(hybrid, QUESTION, groups=PUBLIC)[0] == ANSWER
    assert _ids(hybrid, QUESTION, "dense", groups=PUBLIC)[0] == ANSWER


def test_the_best_passage_of_a_document_found_by_meaning_is_shown(hybrid: Snapshot) -> None:
    hit = hybrid.search(QUESTION, limit=1, groups=PUBLIC)[0]
    assert hit.passage is not None and "bearer token" in hit.snippet


def test_a_hidden_document_is_never_found_through_its_vector(hybrid: Snapshot) -> None:
    for retrieval in RETRIEVALS:
        assert "secret.md" not in _ids(
            hybrid, "where can employees see how much they are paid", retrieval, groups=frozenset()
        )
        assert "secret.md" not in _ids(hybrid, "salary portal login", retrieval, groups=frozenset({"sales"}))
    assert (
        _ids(hybrid, "where can employees see how much they are paid", groups=frozenset({"finance"}))[0] == "secret.md"
    )


def test_the_coarse_pass_over_sign_codes_keeps_meaning_and_access(
    hybrid: Snapshot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At scale, only the rows whose sign codes are nearest are rescored (hybrid.COARSE of them): a caller's hidden
    rows never take part, and the paraphrase is still found, with a coarse pass of two rows."""
    monkeypatch.setattr(indexer.search.hybrid, "COARSE", 2)
    assert _ids(hybrid, QUESTION, "dense", groups=PUBLIC)[0] == ANSWER
    for groups in (frozenset(), frozenset({"sales"})):
        for query in ("where can employees see how much they are paid", "salary portal login"):
            assert "secret.md" not in _ids(hybrid, query, "dense", groups=groups)
    assert _ids(hybrid, "salary portal login", "dense", groups=frozenset({"finance"}))[0] == "secret.md"


@given(st.lists(st.integers(0, 40), min_size=3, max_size=300), st.integers(1, 300))
def test_the_closest_rows_are_those_a_stable_sort_puts_first(distances: list[int], count: int) -> None:
    distance = np.array(distances, dtype=np.uint16)
    count = min(count, len(distances) - 1)
    expected = np.argsort(distance, kind="stable")[:count]
    assert sorted(_closest(distance, count).tolist()) == sorted(expected.tolist())


def test_operators_still_filter(hybrid: Snapshot) -> None:
    assert ANSWER not in _ids(hybrid, f"{QUESTION} NOT bearer")
    assert _ids(hybrid, "title:rate") == ["limits.md"]
    assert _ids(hybrid, 'sign in "bearer token"') == [ANSWER]
    assert set(_ids(hybrid, "type:markdown")) == set(_ids(hybrid, "type:markdown", "lexical"))


def test_a_field_filter_holds_for_what_meaning_finds(hybrid: Snapshot) -> None:
    """Words beside a filter are matched by their words and re-ranked by meaning: what the vectors find
    elsewhere does not slip past the filter."""
    assert len(_ids(hybrid, "sign in token", "dense")) > 1
    for retrieval in RETRIEVALS:
        assert _ids(hybrid, "sign in token path:oauth", retrieval) == [ANSWER], retrieval


def test_not_leaves_out_a_document_that_meaning_finds(docs: Path, index_dir: Path) -> None:
    """A query with a NOT is matched by its words and only re-ranked by meaning: a document whose other passage
    holds the excluded word comes back neither through its words nor through its vector."""
    signin = "# Signing in\n\n## From ChatGPT\n\nTo sign in from ChatGPT, open the connector settings.\n\n"
    index_and_embed(docs, index_dir, {**PARAPHRASE, "signin.md": signin + "## Tokens\n\nA walrus keeps them.\n"})
    snapshot = Searcher(index_dir).snapshot()
    assert "signin.md" in _ids(snapshot, QUESTION)
    for retrieval in RETRIEVALS:
        assert "signin.md" not in _ids(snapshot, f"{QUESTION} NOT walrus", retrieval), retrieval
        assert "signin.md" not in _ids(snapshot, f"{QUESTION} NOT walrus type:markdown", retrieval), retrieval


def test_paging_walks_one_ranking(hybrid: Snapshot) -> None:
    whole = _ids(hybrid, QUESTION, limit=7)
    assert len(whole) == 7
    assert _ids(hybrid, QUESTION, limit=3) + _ids(hybrid, QUESTION, limit=4, offset=3) == whole


def _copy(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, symlinks=True)
    current = storage.current_generation(target)
    assert current is not None
    return current / vectors.VECTORS_DIR


def _answers_lexically_with_a_warning(index: Path, caplog: pytest.LogCaptureFixture, reason: str) -> None:
    with caplog.at_level(logging.WARNING):
        snapshot = Searcher(index).snapshot()
    assert not snapshot.hybrid
    assert reason in caplog.text and "ranking by words alone" in caplog.text
    lexical = _ids(snapshot, "bearer token signature", "lexical")
    assert _ids(snapshot, "bearer token signature") == lexical == [ANSWER]


def test_damaged_vectors_answer_lexically_with_a_warning(
    hybrid_index: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = _copy(hybrid_index, tmp_path / "index")
    values = folder / "values.npy"
    data = values.read_bytes()
    values.unlink()  # a hard link to the original: write a new file
    values.write_bytes(data[: len(data) // 2])
    _answers_lexically_with_a_warning(tmp_path / "index", caplog, "cannot be read")


def test_missing_vectors_answer_lexically_with_a_warning(
    hybrid_index: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = _copy(hybrid_index, tmp_path / "index")
    (folder / "codes.npy").unlink()
    _answers_lexically_with_a_warning(tmp_path / "index", caplog, "cannot be read")


def test_vectors_of_another_dimension_answer_lexically_with_a_warning(
    hybrid_index: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = _copy(hybrid_index, tmp_path / "index")
    manifest = json.loads((folder / "manifest.json").read_text())
    rows = manifest["rows"]
    for name, array in {
        "values": np.zeros((rows, 128), np.int8),
        "codes": np.zeros((rows, 16), np.uint8),
    }.items():
        (folder / f"{name}.npy").unlink()
        np.save(folder / f"{name}.npy", array)
    (folder / "manifest.json").unlink()
    (folder / "manifest.json").write_text(json.dumps({**manifest, "dim": 128}))
    _answers_lexically_with_a_warning(tmp_path / "index", caplog, "do not match the model")


def test_vectors_of_a_model_that_is_gone_answer_lexically_with_a_warning(
    hybrid_index: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _copy(hybrid_index, tmp_path / "index")
    shutil.rmtree(tmp_path / "index" / storage.MODELS_DIR)
    _answers_lexically_with_a_warning(tmp_path / "index", caplog, "cannot be read")


def test_a_damaged_model_answers_lexically_warning_once_and_the_next_run_repairs_it(
    docs: Path, index_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The index's copy of the built model is damaged: searches rank by words and say so once (not at every
    query); the next indexer run builds the model again (its files no longer match their digests), and search is
    hybrid again without a passage embedded anew."""
    _, first = index_and_embed(docs, index_dir, PARAPHRASE)
    (built,) = (index_dir / storage.MODELS_DIR).iterdir()
    (built / "model.onnx").unlink()  # replaced, not written through: the files are hard links to the user's cache
    (built / "model.onnx").write_bytes(b"\0" * 100)
    snapshot = Searcher(index_dir).snapshot()
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert _ids(snapshot, "bearer token signature") == [ANSWER]
    assert caplog.text.count("ranking by words alone") == 1
    assert ANSWER not in _ids(snapshot, QUESTION)  # the paraphrase needs meaning
    write(docs, "new.md", "# New\n\nA page about nothing else.\n")
    _, second = index_and_embed(docs, index_dir)
    assert second.reused == first.embedded
    assert _ids(Searcher(index_dir).snapshot(), QUESTION, groups=PUBLIC)[0] == ANSWER


def test_a_generation_without_vectors_ranks_by_words_silently(
    docs: Path, index_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from support.folders import index

    write(docs, "a.md", "# A\n\nzebracorn\n")
    index(docs, index_dir)
    with caplog.at_level(logging.WARNING):
        snapshot = Searcher(index_dir).snapshot()
    assert not snapshot.hybrid and caplog.text == ""
    assert _ids(snapshot, "zebracorn") == ["a.md"]


WORT = {  # made-up words: what a model makes of them is noise, which must not outrank the one page holding one
    "intro.md": "# Intro\n\nInstall with the tabwort command.\n\nRemember\n\nThe tipwort text.\n",
    "guide.md": "# Guide\n\nyarn run guidewort\n\naliceblue colourwort\n",
    "plain.md": "# Plain\n\nNote\n\nThe plainwort note.\n",
}


@pytest.fixture(scope="module")
def wort_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("wort")
    index_and_embed(root / "docs", root / "index", {**PARAPHRASE, **WORT})
    return root / "index"


@pytest.fixture(scope="module")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("small")
    index_and_embed(root / "docs", root / "index", MYST_SITE)  # three pages whose cosines differ by hundredths
    return root / "index"


@pytest.mark.parametrize("query", ["versionwort", "admonwort", "warnwort", "usagewort"])
def test_in_a_small_folder_the_one_page_holding_a_word_comes_first(small_index: Path, query: str) -> None:
    """Three pages' cosines differ by hundredths: standardized over them alone, that noise stood three standard
    deviations apart and put README.md above the one page holding `versionwort`. The dense side's spread is shrunk
    toward its typical one (hybrid.DENSE_SPREAD)."""
    snapshot = Searcher(small_index).snapshot()
    (holder,) = _ids(snapshot, query, "lexical", limit=100)
    assert _ids(snapshot, query)[0] == holder


@pytest.mark.parametrize("query", ["tipwort", "tabwort", "plainwort", "guidewort", "429", "Retry-After"])
def test_words_that_one_document_alone_holds_put_it_first(wort_index: Path, query: str) -> None:
    """An error code, a header, a rare term: the one document holding the query's words leads, whatever lies
    nearest in meaning (tipwort: another page's made-up words did). Fusion standardizes each side's scores, and a
    single lexical match stood at its own mean, level with every document it does not match."""
    snapshot = Searcher(wort_index).snapshot()
    (holder,) = _ids(snapshot, query, "lexical", limit=100)
    assert _ids(snapshot, query)[0] == holder


def test_a_lone_match_in_a_folder_of_three_leads_as_in_a_large_index() -> None:
    """The lone page holding the query's word, in a folder of three pages, where another page stands 0.1 nearer
    in meaning (a PEP among Sphinx's pages, whose made-up words shared the query's ending): standardized over the
    three, the match stood 1.4 deviations up and the nearer page came first; the lexical side is now standardized
    over the documents a large index would have brought, the ones not there scoring 0, as it ranks there."""
    lexical = [("pep-0008.rst", 0, 5.0)]
    dense = [("builders.rst", 0, 0.40), ("pep-0008.rst", 0, 0.30), ("index.rst", 0, 0.29)]
    assert fuse(lexical, dense, every_match=True)[0][0] == "pep-0008.rst"
    assert fuse(lexical, dense, every_match=True, pool=3)[0][0] == "builders.rst"  # as before
