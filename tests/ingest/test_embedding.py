"""The embedding stage: words searchable first, then vectors, reused by content, resumable after a kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from indexer.store import storage, vectors

from support.embedding import PARAPHRASE, embed, index_and_embed
from support.folders import ROOT, found, index, snapshot, write


def _passages(index_dir: Path, doc_id: str) -> int:
    doc = snapshot(index_dir).document(doc_id)
    assert doc is not None
    return doc.passages


def _table(index_dir: Path) -> vectors.VectorTable:
    current = storage.current_generation(index_dir)
    assert current is not None
    return vectors.read(current)


def _long_doc(topic: str, sections: int) -> str:
    return f"# {topic}\n\n" + "".join(
        f"## Part {i}\n\n{topic} detail number {i}. " * 1 + "\n\n" for i in range(sections)
    )


def test_every_passage_gets_a_vector_and_search_turns_hybrid(docs: Path, index_dir: Path) -> None:
    report, embedded = index_and_embed(docs, index_dir, PARAPHRASE)
    assert embedded.embedded == embedded.passages == sum(_passages(index_dir, d) for d in PARAPHRASE)
    table = _table(index_dir)
    assert table.complete and len(table.rows) == embedded.passages
    assert snapshot(index_dir).hybrid
    assert storage.current_generation(index_dir) == index_dir / storage.generation_name(report.generation + 1)


def test_a_rerun_after_changing_one_file_embeds_only_its_passages(docs: Path, index_dir: Path) -> None:
    files = {**PARAPHRASE, "long.md": _long_doc("Compaction", 6)}
    _, first = index_and_embed(docs, index_dir, files)
    write(docs, "limits.md", PARAPHRASE["limits.md"] + "\nBursts above the limit are queued for a second.\n")
    index(docs, index_dir)
    second = embed(index_dir)
    assert second.embedded == _passages(index_dir, "limits.md")
    assert second.reused == first.passages - second.embedded
    assert _table(index_dir).complete


def test_nothing_to_embed_publishes_nothing(docs: Path, index_dir: Path) -> None:
    index_and_embed(docs, index_dir, PARAPHRASE)
    before = storage.current_generation(index_dir)
    again = embed(index_dir)
    assert (again.embedded, again.generation) == (0, None)
    assert storage.current_generation(index_dir) == before


def test_the_lexical_generation_keeps_the_vectors_of_untouched_documents(docs: Path, index_dir: Path) -> None:
    index_and_embed(docs, index_dir, PARAPHRASE)
    write(docs, "install.md", PARAPHRASE["install.md"] + "\nWindows needs the long-path setting.\n")
    os.remove(docs / "backup.md")
    index(docs, index_dir)  # words only: the stage that embeds has not run
    table = _table(index_dir)
    owners = {table.docs[d][0] for d, _ in table.rows.owners.tolist()}
    assert owners == set(PARAPHRASE) - {"install.md", "backup.md"}
    assert not table.complete
    assert snapshot(index_dir).hybrid  # hybrid for the passages with vectors, lexical for the rest
    assert "install.md" in found(index_dir, "long-path")


def test_a_run_that_changes_every_document_carries_no_vectors_and_embeds_them_all(docs: Path, index_dir: Path) -> None:
    """Editing the one page of a folder (or every page) stopped the indexer with "unexpected ValueError: cannot
    reshape array of size 0" and left the index as it was, run after run: no vector was left to carry."""
    index_and_embed(docs, index_dir, {"only.md": "# Only\n\nThe zebracorn grazes.\n"})
    write(docs, "only.md", "# Only\n\nThe zebracorn sleeps.\n")
    index(docs, index_dir)
    assert "only.md" in found(index_dir, "sleeps")
    assert embed(index_dir).embedded == _passages(index_dir, "only.md")
    assert _table(index_dir).complete


def test_no_embeddings_leaves_an_index_ranked_by_words(docs: Path, index_dir: Path) -> None:
    index_and_embed(docs, index_dir, PARAPHRASE)
    write(docs, "new.md", "# New\n\nzebracorn\n")
    index(docs, index_dir, embeddings=False)
    assert not (storage.current_generation(index_dir) / vectors.VECTORS_DIR).exists()  # type: ignore[operator]
    assert not snapshot(index_dir).hybrid


def test_a_killed_embedding_run_resumes_where_it_stopped(docs: Path, index_dir: Path) -> None:
    for i in range(40):
        write(docs, f"topic-{i:02d}.md", _long_doc(f"Subject {i} of the library", 8))
    run = subprocess.Popen(
        [sys.executable, "-m", "indexer", str(docs), "--index", str(index_dir), "-q", "--workers", "1"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    work = index_dir / storage.EMBEDDING_WORK_DIR
    deadline = time.monotonic() + 300
    while not list(work.glob("*/chunk-*.npz")) and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert run.poll() is None, "the run finished before it could be killed: give it more passages"
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    saved = 0
    for path in work.glob("*/chunk-*.npz"):
        with np.load(path) as chunk:
            saved += len(chunk["hashes"])
    assert saved > 0
    # the words were published before the vectors: the index answers while nothing is embedded
    assert found(index_dir, "Subject 7 library")
    resumed = embed(index_dir)
    total = sum(_passages(index_dir, f"topic-{i:02d}.md") for i in range(40))
    assert resumed.passages == total
    assert resumed.reused >= saved
    assert resumed.embedded == total - resumed.reused
    assert _table(index_dir).complete
    assert not work.exists()


def test_a_passage_whose_digest_ends_with_a_nul_byte_gets_its_vector_and_keeps_it(docs: Path, index_dir: Path) -> None:
    """One digest in 256 ends with a zero byte, which numpy's byte strings drop: such a passage was never found
    among the vectors made, so it stayed without one, and every later run embedded it again."""
    from indexer.ingest.embedding import _passages as generation_passages
    from indexer.ingest.embedding import digest_of

    write(docs, "a.md", "# Notes\n\nA first note.\n")
    index(docs, index_dir)
    current = storage.current_generation(index_dir)
    assert current is not None
    ((_, _, body, _),) = generation_passages(current)[0]
    template = body.replace("A first note.", "Note number {}.")  # the body as the indexer builds it
    n = next(n for n in range(10_000) if digest_of(template.format(n)).endswith(b"\0"))
    write(docs, "a.md", f"# Notes\n\nNote number {n}.\n")
    index(docs, index_dir)
    current = storage.current_generation(index_dir)
    assert current is not None
    assert [d[3][-1:] for d in generation_passages(current)[0]] == [b"\0"]
    first = embed(index_dir)
    assert first.embedded == 1 and _table(index_dir).complete
    write(docs, "b.md", "# Other\n\nSomething else entirely.\n")
    index(docs, index_dir)
    second = embed(index_dir)
    assert (second.embedded, second.reused) == (1, 1) and _table(index_dir).complete
