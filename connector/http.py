"""Streamable HTTP: the MCP endpoint at /mcp, GET /healthz and the pages for people (connector.pages), behind
DNS-rebinding protection, authentication (when configured) and the per-client limits of connector.limits (and
connector.page_limits for the pages)."""

from __future__ import annotations

from typing import Any

from fastmcp import FastMCP
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse

from connector import pages
from connector.auth import Access
from connector.limits import Limits
from connector.links import make_links
from connector.page_limits import PageLimits
from connector.settings import ConnectorSettings
from indexer import Searcher, __version__


def http_app(searcher: Searcher, settings: ConnectorSettings, auth: Any = None) -> Any:
    """The ASGI app of a server over HTTP: MCP at /mcp, with /healthz and the pages beside it."""
    from connector.server import create_server

    mcp = create_server(searcher, settings, auth=auth)
    add_routes(mcp, searcher, settings)
    return create_app(mcp, settings)


def add_routes(mcp: FastMCP, searcher: Searcher, settings: ConnectorSettings) -> None:
    """What HTTP serves beside /mcp: /healthz, and the pages for people (connector.pages), whose links are signed
    as the tools' are when the server has authentication."""
    add_health_route(mcp, searcher)
    authenticated = mcp.auth is not None
    links = make_links(searcher, settings, authenticated)
    pages.register(mcp, searcher, settings, links, Access(enforced=authenticated))


def add_health_route(mcp: FastMCP, searcher: Searcher) -> None:
    """GET /healthz, open to all (load balancers do not authenticate): so it tells no document count when the
    server has authentication."""

    @mcp.custom_route("/healthz", methods=["GET"])
    async def healthz(request: Request) -> JSONResponse:
        try:
            snapshot = searcher.snapshot()
        except Exception as exc:
            return JSONResponse({"status": "error", "error": str(exc), "version": __version__}, status_code=503)
        body: dict[str, Any] = {"status": "ok", "version": __version__, "generation": snapshot.generation}
        if mcp.auth is None:
            body["documents"] = snapshot.document_count()
        body["built_at"] = snapshot.meta.get("built_at")
        return JSONResponse(body)


def create_app(mcp: FastMCP, settings: ConnectorSettings) -> Any:
    """The ASGI app: Host and Origin headers are checked, so a web page cannot drive a local server."""
    hosts = [settings.host, *settings.allowed_hosts]  # loopback names are always allowed, on any port
    if settings.public_url:
        hosts.append(settings.public_url.split("://", 1)[1].split("/", 1)[0])
    return mcp.http_app(
        path="/mcp",
        stateless_http=settings.stateless,
        json_response=True,
        host_origin_protection=True,
        allowed_hosts=[h for h in dict.fromkeys(hosts) if h not in ("0.0.0.0", "::")],
        allowed_origins=settings.allowed_origins,
        middleware=[Middleware(Limits, settings=settings), Middleware(PageLimits, settings=settings)],
        session_idle_timeout=settings.session_idle_timeout,  # connector.sessions counts a session out after it too
    )
