"""The passage vectors of a generation: one row per passage, beside the postings copy.

    GEN/vectors/
      manifest.json   {"format", "model" (the fingerprint of the model that made them), "dim", "rows",
                       "passages" (how many passages the generation holds: rows < passages while embedding runs)}
      docs.json       [[doc id, [groups]], ...]: each row's document is an index into this list
      owners.npy      int32 [rows, 2]: each row's document and passage ordinal
      codes.npy       uint8 [rows, bytes]: the signs of the vector's components, 8 to a byte (a coarse first pass)
      values.npy      int8 [rows, dim]: the vector, scaled to -127..127 by its largest component
      scales.npy      float32 [rows]: that scale (value * scale = component)
      hashes.npy      S16 [rows]: a digest of the text that was embedded, so a later run reuses the row

Int8 with a scale per row keeps the ranking of full-precision vectors (nDCG@10 0.4470 against 0.4472 over the
six eval collections, dense alone) at a quarter of their size, and the sign codes find the candidates that the
int8 rows then rescore. Like the rest of a generation, the folder never changes once published.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexer.store.storage import io_errors

VECTORS_DIR = "vectors"
MANIFEST = "manifest.json"
FORMAT = 1
HASH = "S16"


class VectorsUnusable(Exception):
    """The vectors folder is missing, damaged or made by another model: rank lexically."""


@dataclass(frozen=True)
class Rows:
    """Vectors and whose passages they are (arrays memory-mapped when read from disk)."""

    owners: np.ndarray  # int32 [n, 2]
    values: np.ndarray  # int8 [n, dim]
    scales: np.ndarray  # float32 [n]
    hashes: np.ndarray  # S16 [n]

    def __len__(self) -> int:
        return len(self.hashes)


@dataclass(frozen=True)
class VectorTable:
    model: str
    dim: int
    passages: int
    docs: list[tuple[str, tuple[str, ...]]]
    rows: Rows
    codes: np.ndarray  # uint8 [n, code bytes]

    @property
    def complete(self) -> bool:
        return len(self.rows) >= self.passages


def digests(hashes: np.ndarray) -> list[bytes]:
    """The digests of an array of them, whole: numpy's "S" type drops trailing NUL bytes when it hands its values
    out, and one digest in 256 ends with one (it would never match the digest of the same text again)."""
    return np.ascontiguousarray(np.asarray(hashes, HASH)).view(f"V{np.dtype(HASH).itemsize}").tolist()


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """float vectors [n, dim] -> (int8 values, float32 scales)."""
    vectors = np.asarray(vectors, np.float32)
    scales = np.maximum(np.abs(vectors).max(axis=1), 1e-12) / 127.0
    values = np.clip(np.rint(vectors / scales[:, None]), -127, 127).astype(np.int8)
    return values, scales.astype(np.float32)


def sign_codes(values: np.ndarray) -> np.ndarray:
    """The sign bits of each row, padded to a whole number of 8-byte words (compared as uint64)."""
    bits = np.packbits(np.asarray(values) > 0, axis=1)
    width = -(-bits.shape[1] // 8) * 8
    return np.ascontiguousarray(np.pad(bits, ((0, 0), (0, width - bits.shape[1]))))


def write(folder: Path, model: str, docs: list[tuple[str, tuple[str, ...]]], rows: Rows, passages: int) -> None:
    """Write a generation's vectors folder (the generation is not yet published)."""
    target = folder / VECTORS_DIR
    with io_errors(target):
        target.mkdir(exist_ok=True)
        values = np.asarray(rows.values, np.int8)
        dim = values.shape[1] if values.ndim == 2 else 0  # none kept of a table of vectors: still their width
        np.save(target / "owners.npy", np.asarray(rows.owners, np.int32).reshape(-1, 2))
        np.save(target / "values.npy", values.reshape(len(rows), dim))
        np.save(target / "codes.npy", sign_codes(values.reshape(len(rows), dim)))
        np.save(target / "scales.npy", np.asarray(rows.scales, np.float32))
        np.save(target / "hashes.npy", np.asarray(rows.hashes, HASH))
        (target / "docs.json").write_text(json.dumps([[d, list(g)] for d, g in docs]), encoding="utf-8")
        manifest = {"format": FORMAT, "model": model, "dim": dim, "rows": len(rows), "passages": passages}
        (target / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def read(folder: Path) -> VectorTable:
    """A generation's vectors, memory-mapped; VectorsUnusable saying why when they cannot be used."""
    target = folder / VECTORS_DIR
    if not target.is_dir():
        raise VectorsUnusable("this generation has no passage vectors")
    try:
        manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
        if manifest.get("format") != FORMAT:
            raise VectorsUnusable(f"passage vectors of format {manifest.get('format')} (this version reads {FORMAT})")
        n, dim = int(manifest["rows"]), int(manifest["dim"])
        arrays = {name: np.load(target / f"{name}.npy", mmap_mode="r") for name in ("owners", "values", "codes")}
        scales, hashes = np.load(target / "scales.npy"), np.load(target / "hashes.npy")
        docs = [(str(d), tuple(g)) for d, g in json.loads((target / "docs.json").read_text(encoding="utf-8"))]
    except VectorsUnusable:
        raise
    except (OSError, ValueError, KeyError, TypeError) as exc:  # missing, truncated or garbled files
        raise VectorsUnusable(f"the passage vectors cannot be read ({type(exc).__name__}: {exc})"[:300]) from exc
    owners, values, codes = arrays["owners"], arrays["values"], arrays["codes"]
    shapes_ok = (
        owners.shape == (n, 2)
        and values.shape == (n, dim)
        and codes.shape[0] == n
        and scales.shape == (n,)
        and hashes.shape == (n,)
        and (n == 0 or (int(owners[:, 0].min()) >= 0 and int(owners[:, 0].max()) < len(docs)))
    )
    if not shapes_ok:
        raise VectorsUnusable("the passage vectors are damaged (their arrays disagree on the number of rows)")
    rows = Rows(owners, values, scales, hashes)
    return VectorTable(str(manifest["model"]), dim, int(manifest["passages"]), docs, rows, codes)
