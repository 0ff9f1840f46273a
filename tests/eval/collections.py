"""The test collections in ../shared/eval, and writing one out as a folder of documents for the indexer."""

from __future__ import annotations

import csv
import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote

EVAL_ROOT = Path(__file__).resolve().parents[3] / "shared" / "eval"


@dataclass(frozen=True)
class Collection:
    name: str
    docs: dict[str, tuple[str, str]]  # id -> (title, text)
    queries: dict[str, str]
    qrels: dict[str, dict[str, int]]  # query id -> doc id -> grade


def available(root: Path = EVAL_ROOT) -> list[str]:
    return sorted(p.name for p in root.iterdir() if (p / "corpus.jsonl.gz").is_file())


def load(name: str, root: Path = EVAL_ROOT) -> Collection:
    folder = root / name
    docs = {}
    with gzip.open(folder / "corpus.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            docs[d["_id"]] = (d.get("title") or "", d.get("text") or "")
    with (folder / "queries.jsonl").open(encoding="utf-8") as f:
        queries = {q["_id"]: q["text"] for q in map(json.loads, f)}
    qrels: dict[str, dict[str, int]] = {}
    with (folder / "qrels.tsv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            qrels.setdefault(row["query-id"], {})[row["corpus-id"]] = int(row["score"])
    return Collection(name, docs, queries, qrels)


def write_folder(collection: Collection, folder: Path) -> None:
    """Each document as a file: Markdown with the title as an H1, or plain text when it has no title."""
    folder.mkdir(parents=True, exist_ok=True)
    for doc_id, (title, text) in collection.docs.items():
        name = quote(doc_id, safe="")
        if title.strip():
            path, content = folder / f"{name}.md", f"# {title.strip()}\n\n{text}\n"
        else:
            path, content = folder / f"{name}.txt", f"{text}\n"
        if not path.exists() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")


def doc_id_of(result_id: str) -> str:
    """The collection's id of a search result id ("123.md", or a part id "123.md#part=2")."""
    path = result_id.split("#", 1)[0]
    return unquote(path.rsplit(".", 1)[0])
