"""An Antora component (the folder with `antora.yml`, indexed from there): its pages are the AsciiDoc files of
`modules/<module>/pages/`, served under the component's URL (which --base-url gives: `https://docs.example.org/
asciidoctor/latest/`) at `<module>/<page>`, the ROOT module's at `<page>` (`modules/api/pages/options.adoc` is
`api/options.html`, `modules/ROOT/pages/install/index.adoc` `install/index.html`). Everything else (navigation
files, `partials/`, `examples/`, `attachments/`, `images/`) is no page: pages include or show it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

CONFIG = "antora.yml"
_PAGES = frozenset({".adoc", ".asciidoc"})


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
