"""The evaluation metrics against rankings computed by hand."""

from __future__ import annotations

import math

import pytest

from eval.metrics import mrr_at, ndcg_at, recall_at

JUDGED = {"a": 3, "b": 1, "c": 2}


def test_ndcg_of_the_ideal_ranking_is_one() -> None:
    assert ndcg_at(["a", "c", "b"], JUDGED) == pytest.approx(1.0)


def test_ndcg_by_hand() -> None:
    # ranking b, x, a: DCG = 1/log2(2) + 0 + 3/log2(4) = 1 + 1.5 = 2.5
    # ideal a, c, b:   IDCG = 3/1 + 2/log2(3) + 1/2
    idcg = 3 + 2 / math.log2(3) + 0.5
    assert ndcg_at(["b", "x", "a"], JUDGED) == pytest.approx(2.5 / idcg)


def test_ndcg_counts_only_the_top_k() -> None:
    assert ndcg_at(["x", "y", "a"], JUDGED, k=2) == 0.0


def test_ndcg_ideal_uses_all_judgments_even_beyond_k() -> None:
    # with k=1 the ideal is the single best judgment (3): a ranking with c (2) first scores 2/3
    assert ndcg_at(["c"], JUDGED, k=1) == pytest.approx(2 / 3)


def test_ndcg_without_relevant_documents_is_zero() -> None:
    assert ndcg_at(["a"], {"a": 0}) == 0.0


def test_recall_by_hand() -> None:
    assert recall_at(["a", "x", "b"], JUDGED, k=100) == pytest.approx(2 / 3)
    assert recall_at(["x", "a"], JUDGED, k=1) == 0.0


def test_mrr_is_the_reciprocal_rank_of_the_first_relevant() -> None:
    assert mrr_at(["x", "y", "c"], JUDGED) == pytest.approx(1 / 3)
    assert mrr_at(["x"] * 10 + ["a"], JUDGED, k=10) == 0.0
