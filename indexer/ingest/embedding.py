"""The embedding stage of a run: give every passage of the published generation a vector.

The lexical generation is published first and is searchable at once; then this stage embeds the passages that
have no vector yet and publishes a generation that holds them (the same index, hard-linked, plus vectors/).
Vectors are reused by a digest of the text they were made from: from the current generation, the one before
it, and the chunks an interrupted run left. Each chunk of new vectors is saved under INDEX/embedding/ as soon
as it is made, so a killed or interrupted run loses at most one chunk; the next run picks up where it stopped.
A long run also publishes what it has every PUBLISH_SECONDS, so search turns hybrid passage by passage.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexer.embed.model import Encoder, install
from indexer.store import storage, vectors
from indexer.store.docreader import DocReader
from indexer.store.docstore import DocStore
from indexer.store.schema import passage_body

log = logging.getLogger(__name__)

CHUNK_PASSAGES = 64
PUBLISH_SECONDS = 300.0
Progress = Callable[[int, int], None]  # (passages embedded, passages to embed)


@dataclass(frozen=True)
class EmbedReport:
    passages: int  # in the generation
    embedded: int  # made by this run
    reused: int
    elapsed: float
    generation: int | None  # the generation published with them; None when nothing had to change


def model_folder(index_dir: Path, source: Path) -> Path:
    """Build (once) the model in `source` into the index; its built folder."""
    with storage.io_errors(index_dir / storage.MODELS_DIR):
        return install(source, index_dir / storage.MODELS_DIR)


def embed_index(index_dir: Path, encoder: Encoder, progress: Progress | None = None) -> EmbedReport:
    """Embed the current generation's passages that have no vector yet (see the module's docstring)."""
    started = time.monotonic()
    with storage.writer_lock(index_dir):
        current = storage.current_generation(index_dir)
        if current is None:
            return EmbedReport(0, 0, 0, 0.0, None)
        passages, docs = _passages(current)
        if not passages:  # nothing has text (or the folder is empty): nothing to embed
            return EmbedReport(0, 0, 0, time.monotonic() - started, None)
        table = _table(current, encoder.fingerprint)
        work = index_dir / storage.EMBEDDING_WORK_DIR / encoder.fingerprint
        known = _known(index_dir, current, encoder.fingerprint, work)
        if table is not None and table.complete and _same_rows(table, passages, docs):
            _clear_work(index_dir)
            return EmbedReport(len(passages), 0, len(passages), time.monotonic() - started, None)
        missing = {digest: body for _, _, body, digest in passages if digest not in known}
        reused = len(passages) - sum(1 for *_, digest in passages if digest in missing)
        number = None
        last_publish = time.monotonic()
        texts = list(missing.items())
        texts.sort(key=lambda item: len(item[1]))  # similar lengths batch well; short ones make coverage fast
        done = 0
        for start in range(0, len(texts), CHUNK_PASSAGES):
            chunk = texts[start : start + CHUNK_PASSAGES]
            values, scales = vectors.quantize(encoder.encode([body for _, body in chunk]))
            digests = np.array([digest for digest, _ in chunk], vectors.HASH)
            _save_chunk(work, digests, values, scales)
            known.update(zip(vectors.digests(digests), zip(values, scales, strict=True), strict=True))
            done += len(chunk)
            if progress:
                progress(done, len(texts))
            if time.monotonic() - last_publish >= PUBLISH_SECONDS and done < len(texts):
                number = _publish(index_dir, current, encoder.fingerprint, passages, docs, known)
                current = storage.current_generation(index_dir) or current
                last_publish = time.monotonic()
        number = _publish(index_dir, current, encoder.fingerprint, passages, docs, known)
        _clear_work(index_dir)
        return EmbedReport(len(passages), len(texts), reused, time.monotonic() - started, number)


Passages = list[tuple[str, int, str, bytes]]  # (doc id, ordinal, embedded text, its digest)


def _passages(generation: Path) -> tuple[Passages, dict[str, tuple[str, ...]]]:
    """Every passage of a generation with the text its vector is made from, and each document's groups."""
    reader = DocReader(generation / storage.DOCSTORE)
    passages: Passages = []
    docs: dict[str, tuple[str, ...]] = {}
    try:
        for doc_id, ordinal, title, heading, text, groups in reader.all_passages():
            body = passage_body(title, heading, text)
            passages.append((doc_id, ordinal, body, digest_of(body)))
            docs[doc_id] = groups
    finally:
        reader.close()
    return passages, docs


def digest_of(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _table(generation: Path, model: str) -> vectors.VectorTable | None:
    try:
        table = vectors.read(generation)
    except vectors.VectorsUnusable:
        return None
    return table if table.model == model else None


Known = dict[bytes, tuple[np.ndarray, np.float32]]


def _known(index_dir: Path, current: Path, model: str, work: Path) -> Known:
    """Vectors already made, by digest: in the current and the previous generation, and in saved chunks."""
    known: Known = {}
    number = storage.generation_number(current)
    for folder in (index_dir / storage.generation_name(number - 1), current):
        table = _table(folder, model) if folder.is_dir() else None
        if table is not None:
            rows = table.rows
            known.update(zip(vectors.digests(rows.hashes), zip(rows.values, rows.scales, strict=True), strict=True))
    for path in sorted(work.glob("chunk-*.npz")) if work.is_dir() else []:
        try:
            with np.load(path) as chunk:
                pairs = zip(chunk["values"], chunk["scales"], strict=True)
                known.update(zip(vectors.digests(chunk["hashes"]), pairs, strict=True))
        except (OSError, ValueError, KeyError) as exc:  # a chunk cut short by a crash: its vectors are made again
            log.warning("ignoring a damaged embedding checkpoint %s: %s", path.name, exc)
    return known


def _same_rows(table: vectors.VectorTable, passages: Passages, docs: dict[str, tuple[str, ...]]) -> bool:
    """Whether the table holds exactly these passages, in this order, of documents with these groups."""
    if len(table.rows) != len(passages) or table.docs != list(docs.items()):
        return False
    rows = table.rows
    owners = [(table.docs[d][0], int(o)) for d, o in rows.owners.tolist()]
    same_owners = owners == [(doc, ordinal) for doc, ordinal, _, _ in passages]
    return same_owners and bool(np.array_equal(rows.hashes, np.array([d for *_, d in passages], vectors.HASH)))


def _save_chunk(work: Path, digests: np.ndarray, values: np.ndarray, scales: np.ndarray) -> None:
    with storage.io_errors(work):
        work.mkdir(parents=True, exist_ok=True)
        name = f"chunk-{time.time_ns():020d}-{os.getpid()}"
        scratch = work / f"{name}.tmp.npz"
        np.savez(scratch, hashes=digests, values=values, scales=scales)
        os.replace(scratch, work / f"{name}.npz")


def _publish(
    index_dir: Path,
    current: Path,
    model: str,
    passages: Passages,
    docs: dict[str, tuple[str, ...]],
    known: Known,
) -> int:
    """A new generation: the current one, hard-linked, with the vectors made so far."""
    doc_ids = list(docs)
    position = {doc_id: i for i, doc_id in enumerate(doc_ids)}
    held = [(doc, ordinal, digest) for doc, ordinal, _, digest in passages if digest in known]
    dim = len(next(iter(known.values()))[0]) if known else 0
    rows = vectors.Rows(
        owners=np.array([(position[doc], ordinal) for doc, ordinal, _ in held], np.int32).reshape(-1, 2),
        values=np.array([known[digest][0] for *_, digest in held], np.int8).reshape(-1, dim),
        scales=np.array([known[digest][1] for *_, digest in held], np.float32),
        hashes=np.array([digest for *_, digest in held], vectors.HASH),
    )
    tmp, number = storage.start_generation(index_dir, current)
    try:
        vectors.write(tmp, model, [(d, docs[d]) for d in doc_ids], rows, len(passages))
        store = DocStore(tmp / storage.DOCSTORE)
        store.set_meta({"generation": str(number)})
        store.commit()
        store.close()
        storage.publish(index_dir, tmp, number)
    except BaseException:
        storage.discard(tmp)
        raise
    return number


def carry(previous: Path | None, tmp: Path, touched: set[str], passages: int) -> None:
    """Give a new lexical generation the vectors of the documents that the run did not touch, so that search stays
    hybrid for them while the stage above embeds the rest."""
    if previous is None:
        return
    try:
        table = vectors.read(previous)
    except vectors.VectorsUnusable:
        return
    docs = table.docs
    keep_doc = np.array([doc not in touched for doc, _ in docs], bool)
    if len(keep_doc) == 0:
        return
    rows = table.rows
    keep = keep_doc[rows.owners[:, 0]] if len(rows) else np.zeros(0, bool)
    kept_docs = [i for i, k in enumerate(keep_doc) if k]
    renumber = np.full(len(docs), -1, np.int32)
    renumber[kept_docs] = np.arange(len(kept_docs), dtype=np.int32)
    owners = np.array(rows.owners[keep])
    owners[:, 0] = renumber[owners[:, 0]]
    carried = vectors.Rows(owners, np.array(rows.values[keep]), np.array(rows.scales[keep]), rows.hashes[keep])
    vectors.write(tmp, table.model, [docs[i] for i in kept_docs], carried, passages)


def _clear_work(index_dir: Path) -> None:
    shutil.rmtree(index_dir / storage.EMBEDDING_WORK_DIR, ignore_errors=True)
