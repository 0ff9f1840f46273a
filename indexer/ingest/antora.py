"""An Antora component (the folder with `antora.yml`, indexed from there): its pages are the AsciiDoc files of
`modules/<module>/pages/`, served under the component's URL (which --base-url gives: `https://docs.example.org/
asciidoctor/latest/`) at `<module>/<page>`, the ROOT module's at `<page>` (`modules/api/pages/options.adoc` is
`api/options.html`, `modules/ROOT/pages/install/index.adoc` `install/index.html`). Everything else (navigation
files, `partials/`, `examples/`, `attachments/`, `images/`) is no page: pages include or show it.

The component's URL is what the site's playbook (the nearest `antora-playbook.yml` in DOCS or a folder above it,
up to the repository's root; Spring's projects keep it in docs/ beside antora.yml) and antora.yml say, as Antora
builds it: the playbook's `site.url`, then the component's name (none for a component named ROOT, or for the one
Spring's root-component extension names), then its version: none for `version: ~`; the playbook's
`urls.latest_version_segment` (`latest_prerelease_version_segment` for a `prerelease`) when it gives one and does
not only redirect to the version (`latest_version_segment_strategy: redirect:from`), this copy taken for the latest
version's, which is what a repository's default branch holds; else the version antora.yml names. The summary gives
it as the --base-url to give (served_at()); none when the site.url is no literal http(s) address (a template, an
environment variable) or a segment is not known (`version: true`, the git branch's name, with no latest segment).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.ingest.siteconfig import site_address, site_folders
from indexer.loaders.unchanged import kept_yaml_config

CONFIG = "antora.yml"
PLAYBOOKS = ("antora-playbook.yml", "antora-playbook.yaml")
_PAGES = frozenset({".adoc", ".asciidoc"})
_SEGMENT = re.compile(r"[\w.-]+")
_SPRING_EXTENSIONS = "@springio/antora-extensions"


@dataclass(frozen=True)
class AntoraComponent:
    """What an Antora component's files are (see the module docstring), by their paths in DOCS."""

    @property
    def key(self) -> str:
        return "antora-" + hashlib.sha256(b"modules/*/pages").hexdigest()[:8]

    def unpublished(self, doc_id: str) -> str | None:
        parts = doc_id.split("/")
        if len(parts) >= 4 and parts[0] == "modules" and parts[2] == "pages":
            return None
        return "outside the component's modules/<module>/pages/ (navigation, partials, examples): no page of the site"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        pure = PurePosixPath(doc_id)
        parts = pure.parts
        if not pages or pure.suffix.lower() not in _PAGES or len(parts) < 4 or parts[0] != "modules":
            return None
        module = "" if parts[1] == "ROOT" else f"{parts[1]}/"
        inside = PurePosixPath(*parts[3:])
        folder = "" if str(inside.parent) == "." else f"{inside.parent}/"
        if inside.stem == "index" and not extension:
            return f"{module}{folder}"
        return f"{module}{folder}{inside.stem}{extension}"


def is_antora(folder: Path) -> bool:
    return (folder / CONFIG).is_file() and (folder / "modules").is_dir()


def served_at(docs: Path) -> str:
    """The address the Antora component in `docs` is served at, as its playbook and antora.yml say (see the
    module docstring), ending in "/"; "" when it is not known."""
    playbook = _playbook(docs)
    site = playbook.get("site") if playbook else None
    url = site.get("url") if isinstance(site, dict) else None
    if playbook is None or not site_address(url):
        return ""
    component = kept_yaml_config(docs / CONFIG)
    name, version = component.get("name"), _version_segment(component, playbook.get("urls"))
    if not isinstance(name, str) or not _SEGMENT.fullmatch(name) or version is None:
        return ""
    segments = [] if name == "ROOT" or name == _spring_root_component(playbook) else [name]
    return site_address(url, *segments, *([version] if version else []))


def drops_extensions(docs: Path) -> bool:
    """Whether the nearest playbook serves pages without .html (`urls.html_extension_style: drop` or `indexify`)."""
    urls = (_playbook(docs) or {}).get("urls")
    return isinstance(urls, dict) and urls.get("html_extension_style") in ("drop", "indexify")


def _version_segment(component: dict[str, Any], urls: object) -> str | None:
    """The version's segment of the component's URL ("" for none; None when it is not known)."""
    if "version" in component and component["version"] is None:
        return ""  # an unversioned component
    urls = urls if isinstance(urls, dict) else {}
    prerelease = bool(component.get("prerelease"))
    latest = urls.get("latest_prerelease_version_segment" if prerelease else "latest_version_segment")
    if isinstance(latest, str) and urls.get("latest_version_segment_strategy") != "redirect:from":
        return latest.strip("/") if _SEGMENT.fullmatch(latest.strip("/") or "x") else None
    version = component.get("version")
    if isinstance(version, float):  # `version: 2.0`: Antora, in JavaScript, reads the number 2
        version = int(version) if version.is_integer() else version
    if isinstance(version, bool) or not isinstance(version, str | int | float):
        return None  # `version: true`: the name of the git branch built
    return str(version) if _SEGMENT.fullmatch(str(version)) else None


def _spring_root_component(playbook: dict[str, Any]) -> str:
    """The component Spring's root-component extension serves at the site's root (`root_component_name` of an
    `@springio/antora-extensions` entry of the playbook's `antora.extensions`); "" when none does."""
    antora = playbook.get("antora")
    extensions = antora.get("extensions") if isinstance(antora, dict) else None
    for entry in extensions if isinstance(extensions, list) else []:
        if isinstance(entry, dict) and str(entry.get("require", "")).startswith(_SPRING_EXTENSIONS):
            name = entry.get("root_component_name")
            if isinstance(name, str) and name:
                return name
    return ""


def _playbook(docs: Path) -> dict[str, Any] | None:
    """The settings of the nearest playbook (see the module docstring); None when there is none."""
    for folder in site_folders(docs):
        for name in PLAYBOOKS:
            if (folder / name).is_file():
                return kept_yaml_config(folder / name)
    return None
