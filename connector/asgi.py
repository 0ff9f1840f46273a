"""An ASGI app factory configured from DOCSEARCH_* environment variables, for uvicorn with several workers:

    DOCSEARCH_INDEX=.index DOCSEARCH_STATELESS=true DOCSEARCH_TOKENS_FILE=tokens.json \\
        .venv/bin/uvicorn --factory connector.asgi:create --workers 4 --port 8000

`python -m connector --transport http --stateless --workers N` runs the same: each of its workers calls create().
"""

from __future__ import annotations

from typing import Any

from connector.cli import configure_logging, quiet_fastmcp, server_auth, settle
from connector.settings import ConnectorSettings
from indexer import Searcher


def create() -> Any:
    settings = ConnectorSettings()
    configure_logging(settings)
    quiet_fastmcp()  # before FastMCP is imported
    from connector.http import add_routes, create_app
    from connector.server import create_server

    searcher = Searcher(settings.index)
    mcp = create_server(searcher, settings, auth=server_auth(settings))
    add_routes(mcp, searcher, settings)
    app = create_app(mcp, settings)
    settle()
    return app
