"""An ASGI app factory configured from DOCSEARCH_* environment variables, for uvicorn with several workers:

    DOCSEARCH_INDEX=.index DOCSEARCH_STATELESS=true DOCSEARCH_TOKENS_FILE=tokens.json \\
        .venv/bin/uvicorn --factory connector.asgi:create --workers 4 --port 8000
"""

from __future__ import annotations

from typing import Any

from connector.cli import server_auth
from connector.http import add_routes, create_app
from connector.server import create_server
from connector.settings import ConnectorSettings
from indexer import Searcher


def create() -> Any:
    settings = ConnectorSettings()
    searcher = Searcher(settings.index)
    mcp = create_server(searcher, settings, auth=server_auth(settings))
    add_routes(mcp, searcher, settings)
    return create_app(mcp, settings)
