"""Pages for people, served beside /mcp: GET / (search), GET /docs/<id> (a document), GET /docs/<id>/file (the
original file), POST /signin, and the stylesheet. A citation a browser follows carries no bearer token, so with
authentication a page is shown for a valid signed link (connector.signing) or a token (an Authorization header, or
the cookie the sign-in form sets) that may see the document; anything else gets the same 404 as an id that does not
exist. Without authentication the pages are open, like /mcp. connector.page_limits applies /mcp's admission rules.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode

import anyio
from fastmcp import FastMCP
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from connector import render
from connector.auth import GROUPS_CLAIM, Access
from connector.errors import BadInput, check_query
from connector.files import file_response, read_indexed_file
from connector.links import Links, doc_path
from connector.markdown_page import render_markdown
from connector.settings import ConnectorSettings
from indexer import Document, Groups, IndexerError, Searcher, Snapshot, item_title

COOKIE = "docsearch_token"
MAX_FORM_BYTES = 8_192
MAX_TOKEN_CHARS = 8_192  # a longer "token" is not verified
PAGE_SIZE = 10
MAX_OFFSET = 1_000
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "private, no-store",
}


def secured(response: Response, headers: dict[str, str] = HEADERS) -> Response:
    response.headers.update(headers)
    return response


def html(body: str, status: int = 200) -> Response:
    return secured(HTMLResponse(body, status_code=status))


def not_found(message: str | None = None) -> Response:
    return html(render.not_found(message) if message else render.not_found(), 404)


def register(mcp: FastMCP, searcher: Searcher, settings: ConnectorSettings, links: Links, access: Access) -> None:
    async def token_groups(request: Request) -> tuple[bool, Groups]:
        """(whether the request may search, its groups): (True, None) on an open server, (True, the groups of
        its valid token), or (False, no groups) when it has no valid token."""
        if not access.enforced or mcp.auth is None:
            return True, None
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        token = token.strip() if scheme.lower() == "bearer" else request.cookies.get(COOKIE, "")
        verified = await mcp.auth.verify_token(token) if token and len(token) <= MAX_TOKEN_CHARS else None
        if verified is None:
            return False, frozenset()
        return True, frozenset(verified.claims.get(GROUPS_CLAIM) or ())

    async def readable(request: Request, snapshot: Snapshot, doc_id: str) -> Document | None:
        """The document, when this request may see it (by its token, else by its link's signature)."""
        known, groups = await token_groups(request)
        if known:
            document = snapshot.document(doc_id, groups)
            if document is not None or links.signer is None:
                return document
        signed = links.signer.groups(doc_id, request.query_params) if links.signer is not None else None
        return snapshot.document(doc_id, signed) if signed is not None else None

    @mcp.custom_route(render.STYLESHEET_PATH, methods=["GET"])
    async def stylesheet(request: Request) -> Response:
        headers = {**HEADERS, "Cache-Control": "public, max-age=3600"}
        return secured(Response(render.STYLESHEET, media_type="text/css"), headers)

    @mcp.custom_route("/docs/{ref:path}", methods=["GET"])
    async def document(request: Request) -> Response:
        ref = request.path_params["ref"]
        snapshot = searcher.snapshot()  # one generation for the access check and the text it shows
        wants_file = False
        found = await readable(request, snapshot, ref)
        if found is None and ref.endswith("/file"):
            found, wants_file = await readable(request, snapshot, ref.removesuffix("/file")), True
        if found is None:
            return not_found()
        if wants_file:
            return await file_response(found, not_found)
        return await anyio.to_thread.run_sync(lambda: document_page(snapshot, found, request))

    def document_page(snapshot: Snapshot, found: Document, request: Request) -> Response:
        text = snapshot.text(found.id) or ""
        mark = render.highlighter(request.query_params.get("q", "")[:1000])
        passages = snapshot.passages(found.id)
        source = read_indexed_file(found) if found.id.lower().endswith((".md", ".markdown")) else None
        try:
            body = render_markdown(source.decode("utf-8"), text, passages, mark) if source is not None else ""
        except UnicodeDecodeError:
            body = ""
        signature = {k: v for k, v in request.query_params.items() if k in ("exp", "g", "sig")}
        file_url = doc_path(found.id) + "/file" + ("?" + urlencode(signature) if signature else "")
        body = body or render.document_text(found, text, passages, mark, file_url)
        return html(render.document_page(found, body, file_url))

    @mcp.custom_route("/", methods=["GET"])
    async def search(request: Request) -> Response:
        known, groups = await token_groups(request)
        if not known:
            return html(render.signin_page())
        query = request.query_params.get("q", "")
        start = request.query_params.get("start", "0")
        offset = min(int(start), MAX_OFFSET) if start.isascii() and start.isdigit() and len(start) < 6 else 0
        if not query.strip():
            return html(render.search_page("", [], "", ""))
        try:
            text = check_query(query, settings.max_query_length)
            hits = await anyio.to_thread.run_sync(
                lambda: searcher.snapshot().search(text, limit=PAGE_SIZE + 1, offset=offset, groups=groups)
            )
        except (BadInput, IndexerError) as exc:
            return html(render.page("Search", render.search_form(query) + render.notice(str(exc))), 400)
        results = [
            (item_title(h.document, h.passage), h.document.url if not h.document.url.startswith("file://")
             else links.page_url("", h.document, h.passage, groups, text), h.document.id, h.snippet)
            for h in hits[:PAGE_SIZE]
        ]  # fmt: skip
        around = [
            f"/?{request.url.include_query_params(start=n).query}" for n in (offset - PAGE_SIZE, offset + PAGE_SIZE)
        ]
        previous = around[0] if offset > 0 else ""
        following = around[1] if len(hits) > PAGE_SIZE and offset + PAGE_SIZE <= MAX_OFFSET else ""
        return html(render.search_page(query, results, previous, following))

    @mcp.custom_route("/signin", methods=["POST"])
    async def signin(request: Request) -> Response:
        body = b""
        with anyio.move_on_after(settings.body_timeout) as waited:
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_FORM_BYTES:
                    return html(render.signin_page("The form is too large."), 413)
        if waited.cancelled_caught:
            return html(render.signin_page("The form took too long to arrive; send it again."), 408)
        token = (parse_qs(body.decode("utf-8", "replace")).get("token") or [""])[0].strip()
        if mcp.auth is None:
            return secured(RedirectResponse("/", status_code=303))
        if not token or len(token) > MAX_TOKEN_CHARS or await mcp.auth.verify_token(token) is None:
            return html(render.signin_page("That token is not valid."), 401)
        response = secured(RedirectResponse("/", status_code=303))
        response.set_cookie(COOKIE, token, httponly=True, secure=True, samesite="strict", max_age=30 * 86400)
        return response
