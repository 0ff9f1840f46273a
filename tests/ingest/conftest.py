"""Fixtures of the ingest room's tests: the indexer's command line run in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer import cli

from support.folders import Main, Ran


@pytest.fixture
def indexer_main(capsys: pytest.CaptureFixture[str]) -> Main:
    """`indexer_main(DOCS, "--index", DIR, ...)`: cli.main() in-process, with its exit code and what it printed."""

    def run(*args: str | Path) -> Ran:
        capsys.readouterr()
        code = cli.main([str(arg) for arg in args])
        out, err = capsys.readouterr()
        return Ran(code, out, err)

    return run
