"""`python -m connector --index DIR [--transport http]`: the command-line shell around create_server()."""

from __future__ import annotations

import argparse
import copy
import gc
import ipaddress
import logging
import os
import sys
from functools import partial
from typing import Any

from pydantic import ValidationError

from connector.settings import ENV_PREFIX, ConnectorSettings, program
from indexer import IndexerError, Searcher, setting_error

log = logging.getLogger("connector")

# (option, settings field, argparse keywords)
OPTIONS: list[tuple[str, str, dict[str, object]]] = [
    ("--index", "index", {"metavar": "DIR"}),
    ("--transport", "transport", {"choices": ["stdio", "http"]}),
    ("--host", "host", {}),
    ("--port", "port", {"type": int}),
    ("--stateless", "stateless", {"action": argparse.BooleanOptionalAction}),
    ("--workers", "http_workers", {"type": int, "metavar": "N"}),
    ("--allow-host", "allowed_hosts", {"metavar": "HOSTS", "help_suffix": " Comma-separated."}),
    ("--allow-origin", "allowed_origins", {"metavar": "ORIGINS", "help_suffix": " Comma-separated."}),
    ("--description", "description", {"metavar": "TEXT"}),
    ("--result-limit", "result_limit", {"type": int, "metavar": "N"}),
    ("--snippets", "snippets", {"action": argparse.BooleanOptionalAction}),
    ("--max-query-length", "max_query_length", {"type": int, "metavar": "N"}),
    ("--fetch-max-chars", "fetch_max_chars", {"type": int, "metavar": "N"}),
    ("--log-level", "log_level", {"choices": ["debug", "info", "warning", "error"]}),
    ("--allow-unauthenticated", "allow_unauthenticated", {"action": argparse.BooleanOptionalAction}),
    ("--tokens-file", "tokens_file", {"metavar": "FILE"}),
    ("--oauth-jwks-url", "oauth_jwks_url", {"metavar": "URL"}),
    ("--oauth-issuer", "oauth_issuer", {"metavar": "URL"}),
    ("--oauth-audience", "oauth_audience", {"metavar": "AUD"}),
    ("--oauth-scopes", "oauth_scopes", {"metavar": "SCOPES", "help_suffix": " Comma-separated."}),
    ("--oauth-groups-claim", "oauth_groups_claim", {"metavar": "CLAIM"}),
    ("--oauth-authorization-server", "oauth_authorization_server", {"metavar": "URL"}),
    ("--public-url", "public_url", {"metavar": "URL"}),
    ("--link-days", "link_days", {"type": float, "metavar": "DAYS"}),
    ("--rate-limit", "rate_limit", {"type": float, "metavar": "R"}),
    ("--rate-burst", "rate_burst", {"type": int, "metavar": "B"}),
    ("--max-client-requests", "max_client_requests", {"type": int, "metavar": "N"}),
    ("--max-in-flight", "max_in_flight", {"type": int, "metavar": "N"}),
    ("--max-body-bytes", "max_body_bytes", {"type": int, "metavar": "N"}),
    ("--body-timeout", "body_timeout", {"type": float, "metavar": "S"}),
    ("--max-unauthenticated", "max_unauthenticated", {"type": int, "metavar": "N"}),
    ("--max-client-sessions", "max_client_sessions", {"type": int, "metavar": "N"}),
    ("--max-sessions", "max_sessions", {"type": int, "metavar": "N"}),
    ("--session-idle-timeout", "session_idle_timeout", {"type": float, "metavar": "S"}),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=program(),
        description="Serve a docsearch index over MCP: the search and fetch tools (ChatGPT's contract), every "
        "document as a resource, resources/search, tools/search and prompts/search. Every option can also be "
        f"set with an environment variable ({ENV_PREFIX}<NAME>); options win over the environment. "
        "Bearer tokens are managed with: python -m connector tokens {add,list,revoke} --help",
    )
    fields = ConnectorSettings.model_fields
    for option, name, extra in OPTIONS:
        keywords = dict(extra)
        suffix = str(keywords.pop("help_suffix", ""))
        field = fields[name]
        default = field.default_factory() if field.default_factory else field.default  # type: ignore[call-arg]
        keywords["help"] = f"{field.description}{suffix} [env {ENV_PREFIX}{name.upper()}; default: {default}]"
        parser.add_argument(option, dest=name, default=None, **keywords)  # type: ignore[arg-type]
    return parser


def _named(given: dict[str, Any], field: str) -> str:
    """A setting as its user wrote it: the option when the command line gave it, else the environment variable."""
    if field in given:
        return next(option for option, name, _ in OPTIONS if name == field)
    return f"{ENV_PREFIX}{field.upper()}"


def main(argv: list[str] | None = None) -> int:
    """The command line. The cyclic garbage collector is off until the server is about to serve (settle()):
    importing FastMCP and the SDK makes some 600 pydantic models and over 100,000 objects that live as long as the
    process, and the collector's passes over them while they are made were about a tenth of the start."""
    gc.disable()
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    finally:
        gc.enable()


def _main(argv: list[str]) -> int:
    if argv[:1] == ["tokens"]:
        from connector.tokens_cli import main as tokens_main

        return tokens_main(argv[1:])
    args = build_parser().parse_args(argv)
    overrides = {k: v for k, v in vars(args).items() if v is not None}
    try:
        settings = ConnectorSettings(**overrides)
    except ValidationError as exc:
        print(f"connector: error: {setting_error(exc, partial(_named, overrides))}", file=sys.stderr)
        return 2
    configure_logging(settings)
    quiet_fastmcp()
    try:
        return _serve(settings)
    except IndexerError as exc:
        print(f"connector: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


def _serve(settings: ConnectorSettings) -> int:
    from connector.tokens import TokensFileError

    http = settings.transport == "http"
    if http and not settings.authenticated and not _is_loopback(settings.host) and not settings.allow_unauthenticated:
        print(
            f"connector: error: refusing to serve {settings.host} without authentication: anyone who can reach it "
            "could read every document. Use --tokens-file FILE (python -m connector tokens add NAME --tokens-file "
            "FILE) or --oauth-* options, or say --allow-unauthenticated if this is really meant.",
            file=sys.stderr,
        )
        return 2
    if http and settings.http_workers > 1 and not settings.stateless:
        print(
            "connector: error: --workers needs --stateless: a session lives in the process that opened it, and a "
            "client's next connection may reach another worker, which would not know it (404).",
            file=sys.stderr,
        )
        return 2
    if not http and (settings.authenticated or settings.http_workers > 1):
        log.warning("stdio is one client in one process: the tokens file, OAuth and --workers apply to HTTP only")
    searcher = Searcher(settings.index)
    try:
        auth = server_auth(settings) if http else None
    except (TokensFileError, ValueError) as exc:
        print(f"connector: error: {exc}", file=sys.stderr)
        return 2
    snapshot = searcher.snapshot()
    log.info("serving %s: %d documents (generation %d)", settings.index, snapshot.document_count(), snapshot.generation)
    if not http:
        from connector import stdio
        from connector.server import create_server

        server = create_server(searcher, settings, one_client=True)
        settle()
        stdio.run(server)
        return 0
    if auth is None and not _is_loopback(settings.host):
        log.warning("binding %s without authentication: anyone who can reach it can read the index", settings.host)
    log.info("MCP endpoint: http://%s:%d/mcp", settings.host, settings.port)
    if settings.http_workers > 1:
        del snapshot, searcher, auth  # each worker opens its own (the index's memory maps are shared by the OS)
        return _serve_workers(settings)
    from connector.http import http_app

    app = http_app(searcher, settings, auth)
    settle()
    _run_uvicorn(app, settings)
    return 0


def _serve_workers(settings: ConnectorSettings) -> int:
    """`settings.http_workers` processes serving one socket, each with its own server made by connector.asgi:create
    from these settings, which reach it through the environment."""
    gc.enable()  # this process only watches over the workers (see settle())
    os.environ.update(settings.as_environment())
    _run_uvicorn("connector.asgi:create", settings, factory=True, workers=settings.http_workers)
    return 0


def _run_uvicorn(app: Any, settings: ConnectorSettings, **options: Any) -> None:
    import uvicorn

    log_config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    log_config["handlers"]["access"]["stream"] = "ext://sys.stderr"  # every log line goes to stderr
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        log_config=log_config,
        timeout_graceful_shutdown=5,
        # asyncio's own loop even where uvloop is installed: under uvloop a client that resets its event stream and
        # opens another at once can find the old one still open (409)
        loop="asyncio",
        **options,
    )


def settle() -> None:
    """Before serving: what the process holds by now (its imports, the server, the opened index) lives as long as
    it does, so it is moved out of the cyclic garbage collector's reach. Its full passes otherwise walk those
    objects, about 120,000 of them (70-200 ms here), every few hundred searches, inside whichever search runs.
    The collector runs from here on (main() starts with it off)."""
    gc.freeze()
    gc.enable()


def quiet_fastmcp() -> None:
    """No banner, no update check (it tries the network), and no spans of FastMCP's own: nothing here configures
    an OpenTelemetry SDK, and its no-op spans still cost a share of every request. Set before FastMCP is imported;
    FASTMCP_* variables in the environment win."""
    os.environ.setdefault("FASTMCP_SHOW_SERVER_BANNER", "false")
    os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")
    os.environ.setdefault("FASTMCP_TELEMETRY_MODE", "off")


def configure_logging(settings: ConnectorSettings) -> None:
    """Log lines to stderr (stdout may be the stdio transport's), at the settings' level."""
    logging.basicConfig(stream=sys.stderr, level=settings.log_level.upper(), format="%(levelname)s %(message)s")


def server_auth(settings: ConnectorSettings) -> Any:
    """The auth provider the settings describe (None: no authentication)."""
    from connector.auth import OAuthConfig, build_auth

    oauth = None
    if settings.oauth_enabled:
        public = settings.public_url.rstrip("/")
        oauth = OAuthConfig(
            jwks_url=settings.oauth_jwks_url,
            issuer=settings.oauth_issuer,
            audience=settings.oauth_audience or f"{public}/mcp",
            scopes=settings.oauth_scopes,
            groups_claim=settings.oauth_groups_claim,
            authorization_server=settings.oauth_authorization_server or settings.oauth_issuer,
            public_url=public,
        )
    return build_auth(settings.tokens_file, oauth)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
