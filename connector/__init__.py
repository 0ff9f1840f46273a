"""docsearch's MCP server: serves an index written by the indexer package to any MCP client.

Public API: create_server(searcher, settings) -> FastMCP; create_app() for the HTTP transport;
ConnectorSettings.

It imports only the indexer package's public face (tests/test_architecture.py holds that rule). Its modules:
    the protocol   server (search and fetch, the tools), contract (their JSON), resources, extensions (the search
                   methods of the spec drafts), cursors, errors
    over HTTP      http (the app), wire (raw requests and refusals), limits (admission, in order), budgets (rate and
                   concurrency per client), sessions, auth (who is calling, and what they may see), tokens (the
                   tokens file)
    pages          pages (/, /docs/<id> and its file, sign-in), render (their HTML), markdown_page, links (the urls
                   results cite), signing (signed links), files (the original file), page_limits
    the shell      cli (`python -m connector`), tokens_cli (`python -m connector tokens`), asgi (for uvicorn
                   --factory), settings
"""

from connector.http import add_health_route, create_app
from connector.server import create_server
from connector.settings import ConnectorSettings

__all__ = ["ConnectorSettings", "add_health_route", "create_app", "create_server"]
