"""The connector's settings: every field has a command-line option and a DOCSEARCH_* environment variable."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ENV_PREFIX = "DOCSEARCH_"
SCRIPT = "docsearch-serve"  # pyproject's console script for connector.cli:main


def program() -> str:
    """How the command was called, for its usage lines: the console script's name, else `python -m connector`."""
    return SCRIPT if os.path.basename(sys.argv[0]) == SCRIPT else "python -m connector"


class ConnectorSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

    index: Path = Field(Path(".index"), description="Folder of the index that `python -m indexer` wrote.")
    transport: Literal["stdio", "http"] = Field("stdio", description="stdio for local clients, http for connectors.")
    host: str = Field("127.0.0.1", description="Address the HTTP server binds.")
    port: int = Field(8000, ge=0, le=65535, description="Port of the HTTP server.")
    stateless: bool = Field(
        False, description="Stateless HTTP: no sessions, so several processes or replicas can share the load."
    )
    http_workers: int = Field(
        1,
        ge=1,
        le=64,
        description="HTTP worker processes serving one port and one index (its memory maps are shared); more than "
        "one needs --stateless, since a session lives in the process that opened it.",
    )
    allowed_hosts: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Extra Host header values to accept (e.g. your tunnel's host name); loopback names always pass.",
    )
    allowed_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="Extra browser Origins to accept (e.g. https://chatgpt.com)."
    )
    description: str = Field(
        "",
        max_length=500,
        description="What the documents are, for the tool descriptions a model reads (e.g. \"Acme's engineering "
        'handbook"). Empty: a summary made from the index.',
    )
    result_limit: int = Field(10, ge=1, le=50, description="Results per search call.")
    snippets: bool = Field(True, description="Add a short 'text' snippet of the best passage to each search result.")
    max_query_length: int = Field(1000, ge=10, le=100_000, description="Longest query accepted, in characters.")
    fetch_max_chars: int = Field(
        50_000,
        ge=4_000,
        le=5_000_000,
        description="Longest text one fetch returns; longer documents continue through part ids in metadata.next.",
    )
    log_level: Literal["debug", "info", "warning", "error"] = Field("info", description="Logging level (stderr).")

    # Authentication (HTTP only). Without any, a server bound to a non-loopback address refuses to start.
    allow_unauthenticated: bool = Field(
        False, description="Serve HTTP on a non-loopback address without authentication (anyone can read)."
    )
    tokens_file: Path | None = Field(
        None, description="Accept the bearer tokens of this file (made by `python -m connector tokens add`)."
    )
    oauth_jwks_url: str = Field("", description="OAuth: JWKS URL of the authorization server that signs tokens.")
    oauth_issuer: str = Field("", description="OAuth: the tokens' required issuer (iss).")
    oauth_audience: str = Field("", description="OAuth: the tokens' required audience (aud). Empty: PUBLIC_URL/mcp.")
    oauth_scopes: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="OAuth: scopes every token must carry."
    )
    oauth_groups_claim: str = Field("groups", description="OAuth: the token claim that lists the caller's groups.")
    oauth_authorization_server: str = Field(
        "", description="OAuth: the authorization server clients are sent to. Empty: the issuer."
    )
    public_url: str = Field(
        "",
        description="The server's public base URL (e.g. https://docs.example.com): published for OAuth clients, and "
        "the start of the document pages' urls that search results cite. Empty: the address a request came to.",
    )
    link_days: float = Field(
        30.0, gt=0, le=3650, description="Days a signed document link stays valid (with authentication)."
    )
    link_secret: str = Field(
        "", description="Key of the signed document links (environment only). Empty: derived from the index's secret."
    )

    # Limits per HTTP client (its token, else its address); stdio has none.
    rate_limit: float = Field(30.0, ge=0, description="Requests per second per client; 0 turns rate limiting off.")
    rate_burst: int = Field(120, ge=1, description="Requests a client may send at once before the rate applies.")
    max_client_requests: int = Field(8, ge=1, le=10_000, description="Requests one client may have running at once.")
    max_in_flight: int = Field(64, ge=1, le=100_000, description="Requests the server runs at once, all clients.")
    max_body_bytes: int = Field(1_048_576, ge=1024, description="Largest request body accepted, in bytes.")
    body_timeout: float = Field(
        10.0, gt=0, le=3600, description="Seconds a request body may take to arrive before the request gets 408."
    )
    max_unauthenticated: int = Field(
        16,
        ge=1,
        le=100_000,
        description="Requests without a valid token handled at once, all clients (when a token is required); they "
        "never count against the limits of requests that have one.",
    )
    max_client_sessions: int = Field(
        32,
        ge=1,
        le=100_000,
        description="Sessions one client may hold; a new one closes its least recently used idle session.",
    )
    max_sessions: int = Field(
        1000,
        ge=1,
        le=1_000_000,
        description="Sessions all clients may hold; when full, a new one closes the least recently used idle "
        "session of the client that holds the most.",
    )
    session_idle_timeout: float = Field(
        1800.0, ge=1, le=7 * 86400, description="Seconds a session may go unused before it is closed."
    )

    @field_validator("allowed_hosts", "allowed_origins", "oauth_scopes", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @model_validator(mode="after")
    def _oauth_complete(self) -> ConnectorSettings:
        if self.oauth_enabled:
            missing = [name for name in ("oauth_jwks_url", "oauth_issuer", "public_url") if not getattr(self, name)]
            if missing:
                raise ValueError(f"OAuth needs {', '.join(missing)} as well")
        for name in ("oauth_jwks_url", "oauth_issuer", "oauth_authorization_server", "public_url"):
            value = getattr(self, name)
            if value and not value.startswith(("https://", "http://")):
                raise ValueError(f"{name} must be an http(s) URL, not {value!r}")
        return self

    def as_environment(self) -> dict[str, str]:
        """These settings as DOCSEARCH_* variables, from which ConnectorSettings() makes them again (in another
        process: the HTTP workers)."""
        environment = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, list):
                value = ",".join(value)
            elif isinstance(value, bool):
                value = "true" if value else "false"
            environment[f"{ENV_PREFIX}{name.upper()}"] = str(value)
        return environment

    @property
    def oauth_enabled(self) -> bool:
        return bool(self.oauth_jwks_url or self.oauth_issuer)

    @property
    def authenticated(self) -> bool:
        """Whether HTTP requests must carry a token."""
        return self.tokens_file is not None or self.oauth_enabled
