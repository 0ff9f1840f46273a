"""How passages are scored: BM25 with the standard (Robertson-Sparck Jones) IDF, sharpened, over weighted fields.

A passage's body holds its document's title and its section's heading as well as its text, so one BM25
saturation covers a word wherever it appears; the title and heading fields add a small bonus on top. One
configuration for every collection, chosen on the development collections as a whole (EVAL.md has the
measurements behind each value, and the levers that lost).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import log
from typing import Any

from whoosh.scoring import BM25F, BM25FScorer


@dataclass(frozen=True)
class Ranking:
    """The free parameters of scoring."""

    field_weights: dict[str, float] = field(default_factory=lambda: {"title": 0.2, "heading": 0.2, "body": 1.0})
    k1: float = 1.2
    b: dict[str, float] = field(default_factory=lambda: {"title": 0.75, "heading": 0.75, "body": 0.6})
    idf_power: float = 1.2  # > 1 weighs a long question's rare words above its common ones more sharply
    # Pseudo-relevance feedback (RM3): the words of the best `feedback_docs` passages, weighted by how much of
    # each passage they make up and by its score, that at least `feedback_agreement` of those passages share;
    # the first `feedback_terms` of them are added to the query with `feedback_weight` of its weight in all.
    feedback_docs: int = 20
    feedback_terms: int = 10
    feedback_agreement: float = 0.25
    feedback_weight: float = 0.1  # 0: no feedback

    def __post_init__(self) -> None:
        if not 0.0 <= self.feedback_weight < 1.0:
            raise ValueError(f"feedback_weight must be at least 0 and below 1, not {self.feedback_weight}")
        if self.feedback_docs < 1 or self.feedback_terms < 0 or not 0.0 <= self.feedback_agreement <= 1.0:
            raise ValueError("feedback_docs must be at least 1, feedback_terms at least 0, feedback_agreement 0 to 1")

    def weighting(self) -> BM25F:
        return _RsjBM25(self)

    def idf(self, matching: int, total: int) -> float:
        """The weight of a word that `matching` of `total` passages hold (in one field)."""
        return float(max(0.0, log(1.0 + (total - matching + 0.5) / (matching + 0.5))) ** self.idf_power)


DEFAULT = Ranking()


class _RsjBM25(BM25F):
    """Whoosh's BM25F with the IDF of the BM25 literature, log(1 + (N - n + 0.5) / (n + 0.5)).

    Whoosh's own IDF, log(N / (n + 1)) + 1, never falls below 1, so the common words of a long natural-language
    question weigh nearly as much as its rare, telling ones.
    """

    def __init__(self, ranking: Ranking) -> None:
        super().__init__(B=0.75, K1=ranking.k1, **{f"{name}_B": value for name, value in ranking.b.items()})
        self.ranking = ranking

    def idf(self, searcher: Any, fieldname: str, text: bytes) -> float:
        parent = searcher.get_parent()
        n = parent.doc_frequency(fieldname, text)
        total = parent.doc_count_all()  # counts deleted passages, as doc_frequency does until segments merge
        return self.ranking.idf(n, total)

    def scorer(self, searcher: Any, fieldname: str, text: bytes, qf: int = 1) -> Any:
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        return _Scorer(searcher, fieldname, text, self._field_B.get(fieldname, self.B), self.K1, qf, self)


class _Scorer(BM25FScorer):
    def __init__(self, searcher: Any, fieldname: str, text: bytes, b: float, k1: float, qf: int, model: Any) -> None:
        # Set every parameter before setup(), which computes the block-quality bound with _score().
        parent = searcher.get_parent()
        self.idf = model.idf(searcher, fieldname, text)
        self.avgfl = parent.avg_field_length(fieldname) or 1
        self.B, self.K1, self.qf = b, k1, qf
        self.setup(searcher, fieldname, text)
