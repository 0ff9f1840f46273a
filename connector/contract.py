"""The shapes ChatGPT's connectors and deep research expect from search and fetch (and nothing else)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urldefrag

from indexer import Document, Excerpt, Hit, Passage, cited_id, item_title

# The server's page for a document with no url of its own (None: it has one), given the passage that matched
UrlFor = Callable[[Document, Passage | None], str | None]


def result_id(hit: Hit, fetch_max_chars: int) -> str:
    """The id fetch takes for a hit (documents.cited_id): the document's, or a part id when its best passage
    lies beyond what one fetch returns or its page is an item of its own (a mailbox's message)."""
    return cited_id(hit.document, hit.passage, fetch_max_chars, hit.part)


def result_url(hit: Hit, url_for: UrlFor | None = None) -> str:
    """The document's URL; for a deep match in a PDF, the URL of its page (viewers honour #page=N). `url_for`,
    over HTTP, gives the server's own page (connector.links) to a document with no url of its own."""
    page = url_for(hit.document, hit.passage) if url_for is not None else None
    if page is not None:
        return page
    url = hit.document.url
    passage = hit.passage
    if passage is not None and passage.page is not None and hit.document.format == "pdf":
        return f"{urldefrag(url).url}#page={passage.page}"
    return url


def search_payload(
    hits: list[Hit], fetch_max_chars: int, snippets: bool, url_for: UrlFor | None = None
) -> dict[str, Any]:
    results = []
    for hit in hits:
        title = item_title(hit.document, hit.passage)
        item = {"id": result_id(hit, fetch_max_chars), "title": title, "url": result_url(hit, url_for)}
        if snippets and hit.snippet:
            item["text"] = hit.snippet
        results.append(item)
    return {"results": results}


def fetch_payload(excerpt: Excerpt, url_for: UrlFor | None = None) -> dict[str, Any]:
    doc = excerpt.document
    truncated = excerpt.start > 0 or excerpt.end < doc.chars
    metadata: dict[str, Any] = {
        "path": doc.id,
        "format": doc.format,
        "modified": datetime.fromtimestamp(doc.modified, UTC).isoformat(timespec="seconds"),
        "size_bytes": doc.size,
        "total_chars": doc.chars,
        "truncated": truncated,
    }
    if doc.pages is not None:
        metadata["pages"] = doc.pages
    if doc.tags:
        metadata["tags"] = list(doc.tags)
    if doc.language:
        metadata["language"] = doc.language
    if doc.version:
        metadata["version"] = doc.version
    if truncated:
        metadata["returned_chars"] = [excerpt.start, excerpt.end]
        metadata["next"] = excerpt.next_id
        if excerpt.next_id:
            metadata["continue"] = f"This is part of the document; call fetch with id {excerpt.next_id!r} for more."
    url = (url_for(doc, None) if url_for is not None else None) or doc.url
    return {"id": excerpt.id, "title": excerpt.title, "text": excerpt.text, "url": url, "metadata": metadata}


def as_text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
