"""Every document as an MCP resource: resources/list (paginated), resources/templates/list, resources/read.

Served by low-level handlers straight from the index, so a folder of 100,000 documents costs nothing until
a client asks for a page of it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

import anyio
from fastmcp import FastMCP
from mcp.types import PaginatedRequestParams, ReadResourceRequestParams

from connector.auth import Access, cursor_scope
from connector.cursors import CursorCodec
from connector.errors import protocol_errors
from indexer import Document, DocumentNotFoundError, Searcher

SCHEME = "doc://"
LIST_PAGE_SIZE = 100
MIME_TYPE = "text/plain"  # resources/read returns the extracted text, whatever the source format
# 2026-07-28 results of cacheable methods must say how long they stay fresh: not at all, the index changes.
# Older protocol versions' serializers drop these keys.
FRESHNESS = {"resultType": "complete", "ttlMs": 0, "cacheScope": "private"}
FORMAT_NAMES = {
    "markdown": "Markdown",
    "pdf": "PDF",
    "text": "Plain text",
    "html": "HTML",
    "docx": "Word document",
    "xlsx": "Excel workbook",
    "pptx": "PowerPoint presentation",
    "ipynb": "Jupyter notebook",
    "eml": "E-mail",
    "mbox": "Mailbox",
    "learn-yaml": "Microsoft Learn page (YAML)",
    "odt": "OpenDocument text",
    "ods": "OpenDocument spreadsheet",
    "odp": "OpenDocument presentation",
    "epub": "EPUB book",
    "rtf": "Rich Text Format",
    "texinfo": "Texinfo manual",
    "man": "manual page",
    "pod": "Perl POD page",
    "openapi": "OpenAPI spec",
}


def uri_for(doc_id: str) -> str:
    return SCHEME + quote(doc_id, safe="/")


def id_from_uri(uri: str) -> str:
    if not uri.startswith(SCHEME):
        raise DocumentNotFoundError(uri)
    return unquote(uri[len(SCHEME) :])


def resource_entry(doc: Document) -> dict[str, Any]:
    """The resource object of a document, as resources/list and resources/search return it."""
    parts = [FORMAT_NAMES.get(doc.format, doc.format)]
    if doc.pages:
        parts.append(f"{doc.pages} pages")
    if doc.tags:
        parts.append("tags: " + ", ".join(doc.tags))
    if doc.headings:
        parts.append("sections: " + "; ".join(doc.headings[:5]) + ("; …" if len(doc.headings) > 5 else ""))
    return {
        "uri": uri_for(doc.id),
        "name": doc.id,
        "title": doc.title,
        "description": " · ".join(parts),
        "mimeType": MIME_TYPE,
        "size": doc.chars,
    }


def register(mcp: FastMCP, searcher: Searcher, codec: CursorCodec, access: Access) -> None:
    server = mcp._mcp_server

    @protocol_errors
    async def list_resources(ctx: Any, params: PaginatedRequestParams) -> dict[str, Any]:
        groups = access.groups(ctx.request)
        scope = cursor_scope(groups, "")
        after = codec.decode(params.cursor, "resources/list", scope) if params.cursor else ""
        if not isinstance(after, str):
            after = ""
        docs = await anyio.to_thread.run_sync(
            lambda: searcher.snapshot().list_documents(after=str(after), limit=LIST_PAGE_SIZE + 1, groups=groups)
        )
        page = docs[:LIST_PAGE_SIZE]
        result: dict[str, Any] = {**FRESHNESS, "resources": [resource_entry(d) for d in page]}
        if len(docs) > LIST_PAGE_SIZE:
            result["nextCursor"] = codec.encode("resources/list", scope, page[-1].id)
        return result

    @protocol_errors
    async def list_templates(ctx: Any, params: PaginatedRequestParams) -> dict[str, Any]:
        template = {
            "uriTemplate": SCHEME + "{+id}",
            "name": "document",
            "title": "A document by id",
            "description": "Any indexed document, by its id (its path in the documents folder), "
            "e.g. doc://guides/install.md. Returns its extracted text.",
            "mimeType": MIME_TYPE,
        }
        return {**FRESHNESS, "resourceTemplates": [template]}

    @protocol_errors
    async def read_resource(ctx: Any, params: ReadResourceRequestParams) -> dict[str, Any]:
        uri = str(params.uri)
        doc_id = id_from_uri(uri)
        groups = access.groups(ctx.request)

        def read() -> str:
            text = searcher.snapshot().text(doc_id, groups)
            if text is None:
                raise DocumentNotFoundError(doc_id)
            return text

        text = await anyio.to_thread.run_sync(read)
        return {**FRESHNESS, "contents": [{"uri": uri, "mimeType": MIME_TYPE, "text": text}]}

    server.add_request_handler("resources/list", PaginatedRequestParams, list_resources)
    server.add_request_handler("resources/templates/list", PaginatedRequestParams, list_templates)
    server.add_request_handler("resources/read", ReadResourceRequestParams, read_resource)
