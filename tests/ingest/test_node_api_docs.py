"""Node.js's API docs (nodejs/node's doc/api: each API's heading followed by a `<!-- YAML ... -->` comment of its
history): the history shows as nodejs.org shows it, "Added in: v0.1.25" and a line per change."""

from __future__ import annotations

import time
from pathlib import Path

from support.folders import found, index, text_of

PATH_MD = """# Path

<!--introduced_in=v0.10.0-->

> Stability: 2 - Stable

## `path.basename(path[, suffix])`

<!-- YAML
added: v0.1.25
changes:
  - version: v6.0.0
    pr-url: https://github.com/nodejs/node/pull/5348
    description: Passing a non-string as the `path` argument will throw
                 now.
-->

* `path` {string}

The `path.basename()` method returns the last portion of a zebracorn `path`.

## `fs.rm(path[, options], callback)`

<!-- YAML
added: v14.14.0
deprecated:
  - v16.0.0
  - v14.18.0
napiVersion: 3
-->

Removes files and directories.

<!-- YAML
this: is: not: yaml
-->

<!-- a plain comment -->

Asynchronous version.
"""


def test_an_apis_history_shows_as_the_site_shows_it(tmp_path: Path) -> None:
    (tmp_path / "doc/api").mkdir(parents=True)
    (tmp_path / "doc/api/path.md").write_text(PATH_MD)
    index(tmp_path / "doc/api", tmp_path / "index", embeddings=False)
    text = text_of(tmp_path / "index", "path.md")
    assert "Added in: v0.1.25" in text
    assert "v6.0.0: Passing a non-string as the path argument will throw now." in text
    assert "Added in: v14.14.0" in text and "Deprecated since: v16.0.0, v14.18.0" in text
    assert "N-API version: 3" in text
    assert "pr-url" not in text and "github.com/nodejs" not in text
    assert "this: is" not in text and "plain comment" not in text  # not Node's YAML: a comment still
    assert "Asynchronous version." in text
    assert found(tmp_path / "index", "zebracorn") == ["path.md"]


def test_an_unclosed_block_and_many_openers_are_read_in_linear_time(tmp_path: Path) -> None:
    (tmp_path / "doc/api").mkdir(parents=True)
    hostile = PATH_MD + "<!-- YAML\n" * 100_000 + "\nkumaquartz ends it.\n"
    (tmp_path / "doc/api/path.md").write_text(hostile)
    started = time.monotonic()
    index(tmp_path / "doc/api", tmp_path / "index", embeddings=False)
    assert time.monotonic() - started < 30
    assert "Added in: v0.1.25" in text_of(tmp_path / "index", "path.md")


def test_a_block_of_nested_aliases_stays_a_comment(tmp_path: Path) -> None:
    """Nine lines of YAML aliases stand for 2.8 GB of text: the block is no history of Node's, and shows nothing."""
    (tmp_path / "doc/api").mkdir(parents=True)
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, 9)]
    bomb = "## `bomb()`\n\n<!-- YAML\n" + "\n".join([*lines, "added: *a8", "changes: *a8"]) + "\n-->\n\nkumaquartz\n"
    (tmp_path / "doc/api/path.md").write_text(PATH_MD + bomb)
    started = time.monotonic()
    index(tmp_path / "doc/api", tmp_path / "index", embeddings=False)
    assert time.monotonic() - started < 30
    text = text_of(tmp_path / "index", "path.md")
    assert "Added in: v0.1.25" in text and "kumaquartz" in text
    assert "lol" not in text and text.count("Added in:") == 2
