"""The embedding model: the packaged default, a model folder named by the user, and the errors of a bad one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from indexer.embed.model import Encoder, check_source, default_model, install
from indexer.errors import EmbeddingModelError

from support.embedding import encoder
from support.folders import run_cli, write


def test_paraphrases_are_nearer_than_unrelated_text(tmp_path: Path) -> None:
    model = encoder(tmp_path / "index")
    question, paraphrase, unrelated = model.encode(
        ["how do I sign in from ChatGPT", "Log-in for a chat assistant", "Scanned PDF pages are skipped"]
    )
    assert question.shape == (384,)
    assert np.isclose(np.linalg.norm(question), 1.0, atol=1e-4)
    assert question @ paraphrase > question @ unrelated + 0.1


def test_query_vectors_are_cached_and_equal_to_passage_vectors(tmp_path: Path) -> None:
    model = encoder(tmp_path / "index")
    first = model.query("bearer tokens")
    assert model.query("bearer tokens") is first
    assert np.allclose(first, model.encode(["bearer tokens"])[0], atol=1e-5)


def test_batches_of_mixed_lengths_give_the_vectors_of_one_text_at_a_time(tmp_path: Path) -> None:
    model = encoder(tmp_path / "index")
    texts = ["short", "a somewhat longer sentence about indexing folders of documents " * 3, "mid length text here"]
    together = model.encode(texts)
    alone = np.stack([model.encode([text])[0] for text in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_a_model_folder_in_the_sentence_transformers_layout_is_loaded_by_the_same_code(tmp_path: Path) -> None:
    mine = tmp_path / "my-model"
    shutil.copytree(default_model(), mine)
    built = Encoder(install(mine, tmp_path / "models"))
    packaged = encoder(tmp_path / "index")
    text = ["hybrid ranking of passages"]
    assert np.allclose(built.encode(text), packaged.encode(text), atol=1e-5)


def test_a_model_folder_missing_files_names_them(tmp_path: Path) -> None:
    folder = tmp_path / "half-model"
    write(folder, "config.json", json.dumps({"model_type": "bert", "hidden_act": "gelu"}))
    with pytest.raises(EmbeddingModelError, match=r"tokenizer\.json, model\.safetensors missing"):
        check_source(folder)


def test_a_model_of_another_architecture_is_refused_with_what_is_supported(tmp_path: Path) -> None:
    folder = tmp_path / "t5"
    for name in ("tokenizer.json", "model.safetensors"):
        write(folder, name, b"")
    write(folder, "config.json", json.dumps({"model_type": "t5", "hidden_act": "relu"}))
    with pytest.raises(EmbeddingModelError, match="only BERT encoders"):
        check_source(folder)


def test_damaged_weights_are_a_clear_error(tmp_path: Path) -> None:
    folder = tmp_path / "damaged"
    shutil.copytree(default_model(), folder)
    (folder / "model.safetensors").write_bytes(b"\x00" * 100)
    with pytest.raises(EmbeddingModelError, match="cannot load the embedding model"):
        install(folder, tmp_path / "models")
    assert not (tmp_path / "models").exists() or not any((tmp_path / "models").iterdir())


def test_the_indexer_stops_before_indexing_when_the_model_folder_cannot_load(docs: Path, index_dir: Path) -> None:
    write(docs, "a.md", "# A\n\nzebracorn\n")
    result = run_cli(docs, "--index", index_dir, "--embedding-model", docs / "no-such-model")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("indexer: error: embedding model folder")
    assert "does not exist" in result.stderr
    assert not index_dir.exists()


def test_a_build_of_an_older_graph_is_rebuilt_in_place_and_its_vectors_stay_valid(docs: Path, index_dir: Path) -> None:
    """A newer version builds a faster graph for the same vectors: an index's older build is replaced under the same
    fingerprint at the next run, so the vectors made with it keep ranking (no passage is embedded again)."""
    from indexer.embed.model import GRAPH, INFO

    from support.embedding import PARAPHRASE, QUESTION, index_and_embed

    _, first = index_and_embed(docs, index_dir, PARAPHRASE)
    (built,) = (index_dir / "models").iterdir()
    info = json.loads((built / INFO).read_text(encoding="utf-8"))
    assert info["graph"] == GRAPH
    del info["graph"]  # as an older version wrote it
    for name, content in ((INFO, json.dumps(info).encode()), ("model.onnx", b"an older graph")):
        (built / name).unlink()  # replaced, not written through: the files are hard links to the user's cache
        (built / name).write_bytes(content)
    write(docs, "new.md", "# New\n\nA page about nothing else.\n")
    _, second = index_and_embed(docs, index_dir, {})
    assert [folder.name for folder in (index_dir / "models").iterdir()] == [built.name]
    assert json.loads((built / INFO).read_text(encoding="utf-8"))["graph"] == GRAPH
    assert first.embedded > 0 and second.embedded == 1 and second.reused == first.embedded
    assert Encoder(built).query(QUESTION).shape == (384,)
