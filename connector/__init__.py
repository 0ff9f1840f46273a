"""docsearch's MCP server: serves an index written by the indexer package to any MCP client.

Public API: create_server(searcher, settings) -> FastMCP; add_routes() (/healthz and the pages) and create_app()
for the HTTP transport; ConnectorSettings. Each is imported when first asked for, so `python -m connector` over
stdio never loads the HTTP stack's own modules (the pages, the limits, uvicorn's runner) before it answers.

It imports only the indexer package's public face (tests/test_architecture.py holds that rule). Its modules:
    the protocol   server (search and fetch, the tools), calls (their quick path through tools/call), contract
                   (their JSON), resources, extensions (the search methods of the spec drafts), cursors, errors
    over HTTP      http (the app), wire (raw requests and refusals), limits (admission, in order), budgets (rate and
                   concurrency per client), sessions, auth (who is calling, and what they may see), tokens (the
                   tokens file)
    pages          pages (/, /docs/<id> and its file, sign-in), render (their HTML), markdown_page, links (the urls
                   results cite), signing (signed links), files (the original file), page_limits
    the shell      cli (`python -m connector`), tokens_cli (`python -m connector tokens`), asgi (for uvicorn
                   --factory), settings
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from connector.http import add_routes, create_app
    from connector.server import create_server
    from connector.settings import ConnectorSettings

_LAZY = {
    "ConnectorSettings": "connector.settings",
    "add_routes": "connector.http",
    "create_app": "connector.http",
    "create_server": "connector.server",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'connector' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = ["ConnectorSettings", "add_routes", "create_app", "create_server"]
