"""Hybrid search latency at 100,000 documents: `python -m tests.bench.hybrid_bench [--queries N]`.

Embedding the search benchmark's 100,000 documents takes hours on two cores (see BENCHMARKS.md for the measured
rate), so this run gives that index's passages stand-in vectors: the real vectors of the eval collections'
passages (made by `make eval`'s indexing), repeated in order until every passage has one. Their meaning does not
match the documents, but the work of a query is the same as with true vectors: the query is embedded by the real
model, every row's sign code is compared, 2,000 rows are rescored and the two rankings fused. The vectors are
published as a new generation of a hard-linked copy of the search benchmark's index (.bench/index-topics-100k),
and the search tool's function is timed in process, hybrid and lexical interleaved, then over stdio.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sqlite3
from pathlib import Path

import numpy as np

from connector.server import search_results
from connector.settings import ConnectorSettings
from indexer import Searcher
from indexer.embed.model import default_model
from indexer.ingest.embedding import model_folder
from indexer.store import storage, vectors
from tests.bench.machine import BENCH_DIR, ROOT
from tests.bench.search_bench import measure, over_stdio, workload


def stand_in_vectors(count: int) -> vectors.Rows:
    """`count` real passage vectors of the eval collections, repeated in order."""
    parts = []
    for current in sorted((ROOT / ".eval").glob("*/index")):
        generation = storage.current_generation(current)
        if generation is not None and (generation / vectors.VECTORS_DIR).is_dir():
            table = vectors.read(generation)
            parts.append((np.asarray(table.rows.values), np.asarray(table.rows.scales)))
    if not parts:
        raise SystemExit("hybrid_bench: run `make eval` first: its indexes hold the vectors this run reuses")
    values, scales = np.concatenate([v for v, _ in parts]), np.concatenate([s for _, s in parts])
    take = np.arange(count) % len(values)
    return vectors.Rows(np.zeros((count, 2), np.int32), values[take], scales[take], np.zeros(count, vectors.HASH))


def hybrid_copy(source: Path, target: Path) -> Path:
    """A hard-linked copy of `source` whose newest generation has a vector for every passage."""
    if (target / storage.CURRENT).is_file():
        return target
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, copy_function=os.link)
    current = storage.current_generation(target)
    assert current is not None
    db = sqlite3.connect(current / storage.DOCSTORE)
    rows = db.execute("SELECT p.doc_id, p.ordinal, d.access FROM passages p JOIN documents d ON d.id = p.doc_id"
                      " ORDER BY p.doc_id, p.ordinal").fetchall()  # fmt: skip
    db.close()
    docs = list(dict.fromkeys(doc for doc, _, _ in rows))
    number = {doc: i for i, doc in enumerate(docs)}
    stand_in = stand_in_vectors(len(rows))
    owners = np.array([(number[doc], ordinal) for doc, ordinal, _ in rows], np.int32)
    table = vectors.Rows(owners, stand_in.values, stand_in.scales, stand_in.hashes)
    built = model_folder(target, default_model())
    tmp, generation = storage.start_generation(target, current)
    vectors.write(tmp, built.name, [(doc, ()) for doc in docs], table, len(rows))
    storage.publish(target, tmp, generation)
    print(f"published {len(rows):,} stand-in passage vectors in {target}", flush=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=600)
    parser.add_argument("--source", type=Path, default=BENCH_DIR / "index-topics-100k", help="the lexical index")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved hybrid/lexical passes in process")
    args = parser.parse_args()
    index = hybrid_copy(args.source, BENCH_DIR / "index-topics-100k-hybrid")
    queries = workload(args.queries, 0, ConnectorSettings(index=index).max_query_length)
    searcher = Searcher(index)
    assert searcher.snapshot().hybrid
    settings = ConnectorSettings(index=index)
    for round_ in range(args.rounds):
        for name, retrieval in (("hybrid", "hybrid"), ("lexical", "lexical")):

            def search(query: str, retrieval: str = retrieval) -> int:
                if retrieval == "lexical":
                    return len(searcher.snapshot().search(query, limit=10, retrieval="lexical"))
                return len(search_results(searcher, settings, query)["results"])

            latency = measure(f"round {round_ + 1}, {name}, in process", queries, search)
            print(f"  {latency.line()}", flush=True)
    stdio, memory = asyncio.run(over_stdio(index, queries))
    print(f"  hybrid over stdio: {stdio.line()}; server peak RSS {memory.peak_mb:,.0f} MB", flush=True)


if __name__ == "__main__":
    main()
