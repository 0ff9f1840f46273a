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
    from connector.http import http_app

    app = http_app(Searcher(settings.index), settings, server_auth(settings))
    settle()
    return app
