"""Folders and indexes with passage vectors, made by the real model (built once per machine in the user's cache)."""

from __future__ import annotations

from pathlib import Path

from indexer.embed.model import Encoder, default_model
from indexer.ingest.embedding import EmbedReport, embed_index, model_folder
from indexer.model import IndexReport

from support.folders import index, write

# Each document on a topic of its own. The OAuth page shares no word with the question the issue asks
# ("how do I sign in from ChatGPT"): only its meaning can find it.
PARAPHRASE = {
    "oauth.md": "# OAuth resource server\n\nThe connector acts as an OAuth 2.1 resource server: every request carries "
    "a bearer token issued by your identity provider, and the connector validates its signature, issuer and "
    "audience before answering.\n",
    "pdf.md": "# Indexing PDF files\n\nEach page of a PDF becomes a passage; scanned pages without a text layer are "
    "listed as skipped.\n",
    "limits.md": "# Rate limits\n\nEach client may send a bounded number of requests per minute; above it the server "
    "answers 429 with a Retry-After header.\n",
    "install.md": "# Installation\n\nCreate a virtual environment and install the package with pip; Python 3.11 or "
    "newer is required.\n",
    "watch.md": "# Watching a folder\n\nThe indexer can keep running and update the index whenever files in the "
    "folder change.\n",
    "backup.md": "# Backups\n\nCopy the index directory while no indexer run holds its lock; generations are "
    "immutable once published.\n",
}
QUESTION = "how do I sign in from ChatGPT"
ANSWER = "oauth.md"

_encoders: dict[Path, Encoder] = {}


def encoder(index_dir: Path, source: Path | None = None) -> Encoder:
    """The encoder of the model in `source` (default: the packaged one), built into `index_dir`."""
    folder = model_folder(index_dir, source or default_model())
    if folder not in _encoders:
        _encoders[folder] = Encoder(folder, threads=1)
    return _encoders[folder]


def embed(index_dir: Path) -> EmbedReport:
    return embed_index(index_dir, encoder(index_dir))


def index_and_embed(
    docs: Path, index_dir: Path, files: dict[str, str] | None = None
) -> tuple[IndexReport, EmbedReport]:
    for name, text in (files or {}).items():
        write(docs, name, text)
    report = index(docs, index_dir)
    return report, embed(index_dir)
