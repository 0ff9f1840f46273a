"""Retrieval metrics as trec_eval computes them: nDCG@k (linear gain, log2 discount), Recall@k, MRR@k."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence


def ndcg_at(ranking: Sequence[str], judgments: Mapping[str, int], k: int = 10) -> float:
    """DCG of the top k (gain = the judgment, discount log2(rank + 1)) over that of the ideal ranking of all
    judged documents. Unjudged documents gain nothing."""
    dcg = sum(judgments.get(doc, 0) / math.log2(rank + 2) for rank, doc in enumerate(ranking[:k]))
    ideal = sorted((g for g in judgments.values() if g > 0), reverse=True)[:k]
    idcg = sum(g / math.log2(rank + 2) for rank, g in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def recall_at(ranking: Sequence[str], judgments: Mapping[str, int], k: int = 100) -> float:
    relevant = {doc for doc, g in judgments.items() if g > 0}
    if not relevant:
        return 0.0
    return len(relevant.intersection(ranking[:k])) / len(relevant)


def mrr_at(ranking: Sequence[str], judgments: Mapping[str, int], k: int = 10) -> float:
    for rank, doc in enumerate(ranking[:k]):
        if judgments.get(doc, 0) > 0:
            return 1.0 / (rank + 1)
    return 0.0
