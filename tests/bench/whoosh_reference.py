"""The indexing targets' reference, measured on this machine: a plain Whoosh writer with a stemming analyzer.

`python -m tests.bench.whoosh_reference DOCS OUT [--procs N]` indexes every .md file under DOCS, as it is (its
bytes decoded as UTF-8, markup included), into a new Whoosh index in OUT: one document per file, its path
stored, its text in a TEXT field with Whoosh's StemmingAnalyzer, written by `ix.writer(procs=N)` (Whoosh's own
multiprocessing writer when N > 1). Nothing of ours runs. The targets were set against this writer's speed
("0.8 MB/s of text in one process and 1.7 MB/s with two"), so the index benchmark runs it beside our indexer,
run for run, and quotes our speed as a multiple of it: a figure that holds whatever phase the host is in.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from whoosh import index
from whoosh.analysis import StemmingAnalyzer
from whoosh.fields import ID, TEXT, Schema


def build(docs: Path, out: Path, procs: int) -> tuple[int, int]:
    """Index the .md files under `docs` into a new index in `out`: (files, bytes)."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    schema = Schema(path=ID(stored=True, unique=True), body=TEXT(analyzer=StemmingAnalyzer()))
    ix = index.create_in(str(out), schema)
    writer = ix.writer(procs=procs, multisegment=True) if procs > 1 else ix.writer()
    files = total = 0
    for path in sorted(docs.rglob("*.md")):
        data = path.read_bytes()
        writer.add_document(path=path.relative_to(docs).as_posix(), body=data.decode("utf-8", errors="replace"))
        files += 1
        total += len(data)
    writer.commit()
    return files, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.whoosh_reference", description=__doc__.split("\n")[0])
    parser.add_argument("docs", type=Path, help="folder of .md files")
    parser.add_argument("out", type=Path, help="folder for the index (replaced)")
    parser.add_argument("--procs", type=int, default=1, help="Whoosh writer processes (default 1)")
    args = parser.parse_args(argv)
    if not args.docs.is_dir():
        parser.error(f"not a folder: {args.docs}")
    if args.procs < 1:
        parser.error("--procs must be at least 1")
    files, total = build(args.docs, args.out, args.procs)
    print(f"{files} files, {total} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
