"""The console scripts that `pipx install .` or `uv tool install .` give a user: each names a function that
exists and runs the same command line as `python -m indexer` / `python -m connector`."""

from __future__ import annotations

import importlib
import tomllib

import pytest

from support.connector import ROOT

SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]


def test_the_index_and_serve_commands_are_declared() -> None:
    assert SCRIPTS == {"docsearch-index": "indexer.cli:main", "docsearch-serve": "connector.cli:main"}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_each_script_runs_its_command_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    module, _, function = SCRIPTS[name].partition(":")
    main = getattr(importlib.import_module(module), function)
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    assert "--index" in capsys.readouterr().out
