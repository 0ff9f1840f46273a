"""The urls that search results and fetch hand out for documents that have none of their own.

A document's own url (front matter `url`, or the indexer's --base-url) always wins. Otherwise, over HTTP, the
citation is the server's own page for the document, /docs/<id>, at --public-url (else the address the request
came to), with the passage's anchor for a deep match (#p-N; #page-N in a PDF) and, when the server has
authentication, a signature for the caller's groups (connector.signing). Over stdio the file:// url stays: a local
client can open the file itself.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from connector.contract import UrlFor
from connector.settings import ConnectorSettings
from connector.signing import LinkSigner, link_secret
from indexer import Document, Groups, Passage, Searcher

MAX_QUERY_IN_LINK = 200  # characters of the query a link carries (?q=), for highlighting


def has_own_url(document: Document) -> bool:
    return not document.url.startswith("file://")


def doc_path(doc_id: str) -> str:
    """The page's path for a document id (every character that is not plainly safe is escaped)."""
    return "/docs/" + quote(doc_id, safe="/")


def anchor(document: Document, passage: Passage | None) -> str:
    """#page-N for a passage past a PDF's first page, #p-N for a passage past a document's first, else ""."""
    if passage is None:
        return ""
    if document.format == "pdf" and passage.page is not None:
        return f"#page-{passage.page}" if passage.page > 1 else ""
    return f"#p-{passage.ordinal}" if passage.ordinal > 0 else ""


class Links:
    """Makes page urls; `signer` is None when the server has no authentication (pages are then open)."""

    def __init__(self, public_url: str, signer: LinkSigner | None) -> None:
        self.public_url = public_url.rstrip("/")
        self.signer = signer

    def page_url(self, base: str, document: Document, passage: Passage | None, groups: Groups, query: str = "") -> str:
        params: dict[str, str] = {}
        if query.strip():
            params["q"] = query.strip()[:MAX_QUERY_IN_LINK]
        if self.signer is not None:
            params.update(self.signer.params(document.id, groups or frozenset()))
        tail = "?" + urlencode(params) if params else ""
        return base + doc_path(document.id) + tail + anchor(document, passage)

    def base(self, request: Any) -> str:
        return self.public_url or str(request.base_url).rstrip("/")

    def for_request(self, request: Any, groups: Groups, query: str = "") -> UrlFor | None:
        """The url maker for results given in an HTTP request (None off HTTP: documents keep their urls)."""
        if request is None:
            return None
        base = self.base(request)

        def url_for(document: Document, passage: Passage | None) -> str | None:
            if has_own_url(document):
                return None
            return self.page_url(base, document, passage, groups, query)

        return url_for


def make_links(searcher: Searcher, settings: ConnectorSettings, authenticated: bool) -> Links:
    """The links of a server: signed (with the index's secret, or DOCSEARCH_LINK_SECRET) when it has
    authentication."""
    signer = None
    if authenticated:
        signer = LinkSigner(link_secret(searcher, settings.link_secret), settings.link_days * 86400)
    return Links(settings.public_url, signer)
