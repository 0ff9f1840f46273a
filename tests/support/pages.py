"""Helpers for the tests of the pages for people (connector.pages): what a page says once its markup is gone, and
the search tool's results over a real HTTP session."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import httpx2 as httpx

from support.http import RawSession

SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy")


def page_text(markup: str) -> str:
    """The text a reader sees: tags dropped, entities decoded, runs of white space made one space."""
    text = html.unescape(re.sub(r"<[^>]+>", "", markup))
    return re.sub(r"\s+", " ", text).strip()


def snippet_fragments(snippet: str) -> list[str]:
    """The snippet's text without the ellipses that mark where it was cut."""
    return [part.strip() for part in snippet.split("…") if part.strip()]


def search(raw: RawSession, query: str) -> list[dict[str, Any]]:
    result = raw.call_tool("search", query=query)
    results: list[dict[str, Any]] = json.loads(result["content"][0]["text"])["results"]
    return results


def fetch(raw: RawSession, doc_id: str) -> dict[str, Any]:
    result = raw.call_tool("fetch", id=doc_id)
    payload: dict[str, Any] = json.loads(result["content"][0]["text"])
    return payload


def get(url: str, **headers: str) -> httpx.Response:
    """A GET as a browser following a link sends it: no token, no redirects followed."""
    return httpx.get(url, headers=headers, timeout=30, follow_redirects=False)


def assert_secure(response: httpx.Response) -> None:
    for name in SECURITY_HEADERS:
        assert name in response.headers, f"{name} missing from {response.url}"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "unsafe-inline" not in policy and "script-src" not in policy


def words(text: str) -> str:
    """A plain text's words, in order, lower case, one space apart (punctuation dropped)."""
    return " ".join(re.findall(r"\w+", text.lower()))


def page_words(markup: str) -> str:
    """The words a reader of a page sees, in order (tags dropped)."""
    return words(html.unescape(re.sub(r"<[^>]+>", " ", markup)))


def holds(markup: str, snippet: str) -> bool:
    """Whether the page shows every part of the snippet, word for word (whatever its layout: a table's cells, a
    list's items)."""
    shown = f" {page_words(markup)} "
    return all(f" {words(part)} " in shown for part in snippet_fragments(snippet))
