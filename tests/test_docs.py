"""The README documents every tool, method, option and make target the code has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from connector.cli import OPTIONS
from connector.settings import ConnectorSettings
from indexer.settings import IndexerSettings

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(set(ConnectorSettings.model_fields) | set(IndexerSettings.model_fields)))
def test_readme_names_every_environment_variable(name: str) -> None:
    assert f"DOCSEARCH_{name.upper()}" in README


@pytest.mark.parametrize("option", [option for option, _, _ in OPTIONS])
def test_readme_names_every_connector_option(option: str) -> None:
    assert option in README


@pytest.mark.parametrize(
    "name",
    ["`search`", "`fetch`", "resources/list", "resources/read", "resources/templates/list", "resources/search",
     "tools/search", "prompts/search", "tools/list", "`research`"],
)  # fmt: skip
def test_readme_documents_every_tool_and_method(name: str) -> None:
    assert name in README


def test_readme_documents_every_make_target() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = re.findall(r"^([a-z-]+):.*## ", makefile, flags=re.MULTILINE)
    assert targets
    for target in targets:
        if target not in ("help", "install", "clean", "watch", "check"):
            assert f"make {target}" in README, target
