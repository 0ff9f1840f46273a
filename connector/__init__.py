"""docsearch's MCP server: serves an index written by the indexer package to any MCP client.

Public API: create_server(searcher, settings) -> FastMCP; create_app() for the HTTP transport;
ConnectorSettings.
"""

from connector.http import add_health_route, create_app
from connector.server import create_server
from connector.settings import ConnectorSettings

__all__ = ["ConnectorSettings", "add_health_route", "create_app", "create_server"]
