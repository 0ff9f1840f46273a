"""The indexer's settings: every field has a command-line option and a DOCSEARCH_* environment variable."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class IndexerSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DOCSEARCH_", extra="ignore", frozen=True)

    index: Path = Field(Path(".index"), description="Folder that holds the index.")
    base_url: str = Field(
        "",
        description="Documents' URLs are this joined with their id (e.g. https://docs.example.com/). "
        "Empty: file:// URLs of the files. A front matter 'url' always wins.",
    )
    drop_extensions: bool = Field(
        False,
        description="With --base-url, leave the file extension out of pages' URLs (guides/install.md -> "
        "guides/install; guides/index.md -> guides/), for sites that serve pretty URLs. The rules of the site "
        "generator whose config is in DOCS or above (Docusaurus, Hugo, MkDocs, mdBook, VitePress, Starlight, "
        "Jekyll, Zola, Antora and the others the README lists) apply too (Docusaurus: 01-intro.md -> intro, "
        "api/README.md -> api/).",
    )
    url_extension: str = Field(
        "",
        description="With --base-url, pages' URLs end in .EXT instead of the file's extension "
        "(guides/install.rst -> guides/install.html; guides/index.rst -> guides/index.html): html for Sphinx, "
        "mdBook and Jekyll sites. Not with --drop-extensions; the site generator's rules apply as with it.",
    )
    languages: str = Field(
        "",
        description="On a site that keeps translations (Docusaurus's i18n/, Starlight's locale folders, Hugo's "
        "languages): the languages to index, a comma list of locale codes (en,fr) or all. Empty: the site's "
        "default language only; the translations left out are listed as skipped.",
    )
    versions: str = Field(
        "",
        description="On a versioned Docusaurus site (versions.json): the versions to index, a comma list (3.8,3.7; "
        "current, or next, for the unreleased docs/ folder) or all. Empty: the version the site serves at its "
        "plain URLs (the first of versions.json) only; the others are listed as skipped.",
    )
    includes_from: Path | None = Field(
        None,
        description="A folder that holds DOCS (its repository's root) from which documents may include files too, "
        "as Sphinx's `.. include:: ../CHANGES.rst` does. Default: included files come from DOCS only.",
    )
    max_file_size: float = Field(50.0, gt=0, description="Files larger than this many megabytes are skipped.")
    workers: int = Field(0, ge=0, description="Parsing processes; 0 = one per CPU core.")
    follow_symlinks: bool = Field(
        False,
        description="Index files that symbolic links in the folder point to outside it; by default such links "
        "are skipped and listed.",
    )
    parse_timeout: float = Field(
        120.0, ge=0, description="Seconds one file may take to parse before it is skipped; 0 = no limit."
    )

    embeddings: bool = Field(
        True,
        description="Give every passage a vector for hybrid (meaning + words) ranking, after the words are "
        "indexed and searchable; --no-embeddings ranks by words alone.",
    )
    embedding_model: Path | None = Field(
        None,
        description="A sentence-transformers model folder (config.json, tokenizer.json, model.safetensors) to "
        "embed with; default: the packaged all-MiniLM-L6-v2.",
    )

    @field_validator("base_url")
    @classmethod
    def _absolute_url(cls, value: str) -> str:
        if value and "://" not in value:
            raise ValueError(f"base URL must be absolute, like https://docs.example.com/ (got {value!r})")
        return value

    @field_validator("url_extension")
    @classmethod
    def _extension_name(cls, value: str, info: ValidationInfo) -> str:
        extension = value.strip().removeprefix(".")
        if value.strip() and not (extension.isascii() and extension.isalnum() and len(extension) <= 16):
            raise ValueError(f"a URL extension is letters and digits, like html (got {value!r})")
        if extension and info.data.get("drop_extensions"):
            raise ValueError(
                "give --url-extension or --drop-extensions, not both: a page's URL ends in .EXT or in no extension "
                "(--no-drop-extensions, or DOCSEARCH_DROP_EXTENSIONS=false, turns --drop-extensions off)"
            )
        return extension

    @field_validator("languages", "versions")
    @classmethod
    def _edition_names(cls, value: str, info: ValidationInfo) -> str:
        names = [name.strip() for name in value.split(",") if name.strip()]
        for name in names:
            if len(name) > 64 or not _EDITION_NAME.fullmatch(name):
                like = "en,pt-BR" if info.field_name == "languages" else "2.x,current"
                raise ValueError(f"--{info.field_name} takes names like {like}, or all (got {name!r})")
        if len(names) > 1 and "all" in (n.lower() for n in names):
            raise ValueError(f"--{info.field_name} all names every one: give it alone (got {value!r})")
        return ",".join(names)

    @property
    def max_file_bytes(self) -> int:
        return int(self.max_file_size * 1_000_000)

    @property
    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1


ENV_PREFIX = "DOCSEARCH_"


def setting_error(exc: ValidationError, named: Callable[[str], str]) -> str:
    """The first of a settings model's errors as its user wrote the setting: `named(field)` (an option such as
    --base-url, or the environment variable), then pydantic's message without its "Value error, " prefix."""
    error = exc.errors()[0]
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{named(str(error['loc'][0]))}: {message}" if error["loc"] else message


_EDITION_NAME = re.compile(r"[\w][\w.+-]*")  # a locale code (pt-BR, zh_CN) or a version name (2.x, 1.0.0-beta.1)
