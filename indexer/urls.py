"""Documents' URLs: what ChatGPT cites. Never empty."""

from __future__ import annotations

import os
from pathlib import PurePosixPath
from urllib.parse import quote, quote_from_bytes


def document_url(doc_id: str, source: str, front_matter_url: str, base_url: str, drop_extensions: bool) -> str:
    """The front matter's url, else base_url joined with the id, else a file:// URL of the file."""
    if front_matter_url.strip():
        return front_matter_url.strip()
    if base_url:
        path = doc_id
        if drop_extensions:
            pure = PurePosixPath(doc_id)
            stem = pure.with_suffix("")
            path = f"{stem.parent}/" if pure.stem == "index" else str(stem)
            path = path.removeprefix("./")
        return base_url.rstrip("/") + "/" + quote(path, safe="/")
    return "file://" + quote_from_bytes(os.fsencode(os.path.abspath(source)))  # Path.as_uri(), without Paths
