"""The connector's settings: every field has a command-line option and a DOCSEARCH_* environment variable."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

ENV_PREFIX = "DOCSEARCH_"


class ConnectorSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

    index: Path = Field(Path(".index"), description="Folder of the index that `python -m indexer` wrote.")
    transport: Literal["stdio", "http"] = Field("stdio", description="stdio for local clients, http for connectors.")
    host: str = Field("127.0.0.1", description="Address the HTTP server binds.")
    port: int = Field(8000, ge=0, le=65535, description="Port of the HTTP server.")
    stateless: bool = Field(
        False, description="Stateless HTTP: no sessions, so several processes or replicas can share the load."
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

    @field_validator("allowed_hosts", "allowed_origins", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value
