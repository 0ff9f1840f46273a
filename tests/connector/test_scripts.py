"""The console scripts that `pipx install .` or `uv tool install .` give a user: each names a function that
exists and runs the same command line as `python -m indexer` / `python -m connector`."""

from __future__ import annotations

import gc
import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

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


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        (["docsearch-index", "--help"], "usage: docsearch-index "),
        (["docsearch-serve", "--help"], "usage: docsearch-serve "),
        (["docsearch-serve", "tokens", "--help"], "usage: docsearch-serve tokens "),
        ([sys.executable, "-m", "indexer", "--help"], "usage: python -m indexer "),
        ([sys.executable, "-m", "connector", "--help"], "usage: python -m connector "),
        ([sys.executable, "-m", "connector", "tokens", "--help"], "usage: python -m connector tokens "),
    ],
)
def test_help_names_the_command_the_user_typed(command: list[str], usage: str) -> None:
    """The usage line shows the command as it was run: a user of the console script is not told to type a
    `python -m` line that may not work where the script was installed (pipx, uv tool)."""
    if not command[0].startswith("/"):
        command = [str(Path(sys.executable).parent / command[0]), *command[1:]]  # installed beside this Python
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(usage)


def test_the_command_leaves_the_garbage_collector_on(capsys: pytest.CaptureFixture[str]) -> None:
    """main() starts with the cyclic collector off (a faster start); whatever it returns, it is on again after."""
    from connector.cli import main, settle

    assert gc.isenabled()
    with pytest.raises(SystemExit):
        main(["--help"])
    assert gc.isenabled()
    assert main(["--index", "/nonexistent/index"]) == 1  # an error: no index there
    assert gc.isenabled()
    gc.disable()
    try:
        settle()  # what main() calls before it serves
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()
