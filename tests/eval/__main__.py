"""`make eval`: every collection in ../shared/eval through the product's real path, beside reference engines.

Each corpus is written as a folder of files, indexed with `python -m indexer` (passage vectors included), and
each query answered by the function the search tool calls (its top 10 as the tool returns them; a top 100 of the
same ranking for recall); beside it, each side of the hybrid ranking alone (words; meaning).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from connector.server import search_results
from connector.settings import ConnectorSettings
from indexer import Searcher

from .collections import available, doc_id_of, load, write_folder
from .metrics import mrr_at, ndcg_at, recall_at
from .reference import bm25s_ranker, tantivy_ranker
from .report import Row, write_report

ROOT = Path(__file__).resolve().parents[2]


def evaluate(name: str, work: Path, references: bool) -> Row:
    collection = load(name)
    docs_dir, index_dir = work / name / "docs", work / name / "index"
    write_folder(collection, docs_dir)
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "indexer", str(docs_dir), "--index", str(index_dir), "-q"], check=True)
    index_seconds = time.monotonic() - started
    searcher = Searcher(index_dir)
    settings = ConnectorSettings(index=index_dir)
    snapshot = searcher.snapshot()
    row = Row(name, len(collection.docs), len(collection.queries), index_seconds)
    latencies = []
    for qid, text in collection.queries.items():
        judged = collection.qrels.get(qid, {})
        t0 = time.perf_counter()
        payload = search_results(searcher, settings, text[: settings.max_query_length])
        latencies.append(time.perf_counter() - t0)
        top10 = [doc_id_of(r["id"]) for r in payload["results"]]
        top100 = [doc_id_of(h.document.id) for h in snapshot.search(text, limit=100, snippets=False)]
        row.add("ours", ndcg_at(top10, judged), recall_at(top100, judged), mrr_at(top10, judged))
        for alone in ("lexical", "dense"):  # each side of the hybrid ranking on its own
            ranking = [doc_id_of(h.document.id) for h in snapshot.search(text, 100, snippets=False, retrieval=alone)]
            row.add(alone, ndcg_at(ranking[:10], judged), recall_at(ranking, judged), mrr_at(ranking[:10], judged))
    row.latency_ms = statistics.median(latencies) * 1000
    if references:
        for engine, make in (("bm25s", bm25s_ranker), ("tantivy", tantivy_ranker)):
            rank = make(collection.docs)
            for qid, text in collection.queries.items():
                judged = collection.qrels.get(qid, {})
                ranking = rank(text)
                row.add(engine, ndcg_at(ranking, judged), recall_at(ranking, judged), mrr_at(ranking, judged))
    return row


def main() -> int:
    parser = argparse.ArgumentParser(prog="make eval", description=__doc__)
    parser.add_argument("--only", help="comma-separated collections (default: all)")
    parser.add_argument("--no-reference", action="store_true", help="skip bm25s and tantivy")
    parser.add_argument("--write", action="store_true", help="write the figures into EVAL.md")
    parser.add_argument("--work", type=Path, default=ROOT / ".eval", help="where corpora and indexes are kept")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else available()
    rows = []
    for name in names:
        print(f"evaluating {name} ...", file=sys.stderr, flush=True)
        rows.append(evaluate(name, args.work, not args.no_reference))
        print(rows[-1].summary(), file=sys.stderr, flush=True)
    table = write_report(rows, ROOT / "EVAL.md" if args.write else None)
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
