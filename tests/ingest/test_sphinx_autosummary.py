"""Sphinx's autosummary table read from the project's source: JAX's API pages (jax.dtypes.rst) are an automodule
of a module without a docstring and an autosummary of its functions, and were "no text" without the table. Each
case is a small repository in the shape of JAX's (docs/ beside the package), indexed by the real pipeline."""

from __future__ import annotations

from pathlib import Path

from support.folders import found, index, skipped, text_of, warnings_of, write

CONF = 'import os, sys\nsys.path.insert(0, os.path.abspath(".."))\nextensions = ["sphinx.ext.autosummary"]\n'
HERD = '''from zebra._impl import graze as graze


def gallop(speed, distance=1.0, *, wild=False):
    """Make the herd gallop at walrus speed, e.g. fast. Never shown: only the first sentence is.

    Nor is this paragraph.
    """


class Herd:
    """A herd of narwhals::

        Herd("x")
    """

    def __init__(self, name, size=3):
        self.name = name


#: The version of the herd format.
VERSION = "1"
'''
PAGE = """``zebra.herd`` module
=====================

.. automodule:: zebra.herd

.. autosummary::
  :toctree: _autosummary

    gallop
    ~zebra.herd.Herd
    zebra.herd.graze
    VERSION
    missing_one
"""


def repository(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    write(repo, "docs/conf.py", CONF)
    write(repo, "docs/zebra.herd.rst", PAGE)
    write(repo, "zebra/__init__.py", "")
    write(repo, "zebra/herd.py", HERD)
    write(repo, "zebra/_impl.py", 'def graze(herd, *fields, **kw):\n    """Let a herd graze on axolotl grass."""\n')
    return repo, repo / "docs"


def test_an_autosummary_shows_each_objects_signature_and_summary_from_the_source(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert "zebra.herd.rst" not in skipped(report)  # it was "no text": a title, a module without a docstring
    lines = text_of(tmp_path / "index", "zebra.herd.rst").split("\n")
    # names as written (`~` keeps the last part), found in the current module or as written, imports followed;
    # parameters as Sphinx compacts them, the docstring's first sentence
    assert "gallop(speed[, distance, wild]) \N{EN DASH} Make the herd gallop at walrus speed, e.g. fast." in lines
    assert "Herd(name[, size]) \N{EN DASH} A herd of narwhals." in lines  # a trailing `::` is a period
    assert "zebra.herd.graze(herd, *fields, **kw) \N{EN DASH} Let a herd graze on axolotl grass." in lines
    assert "VERSION \N{EN DASH} The version of the herd format." in lines
    assert "missing_one" in lines
    (warning,) = warnings_of(report, "zebra.herd.rst")
    assert "missing_one not found" in warning
    assert found(tmp_path / "index", "zebra.herd walrus") == ["zebra.herd.rst"]
    assert not found(tmp_path / "index", "paragraph")


def test_without_the_source_an_autosummary_lists_the_names_and_says_how_to_show_more(tmp_path: Path) -> None:
    _, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index")
    lines = text_of(tmp_path / "index", "zebra.herd.rst").split("\n")
    assert {"gallop", "Herd", "zebra.herd.graze", "VERSION"} <= set(lines) and "walrus" not in "\n".join(lines)
    (warning,) = warnings_of(report, "zebra.herd.rst")
    assert "--includes-from" in warning
    assert found(tmp_path / "index", "gallop") == ["zebra.herd.rst"]


def test_nosignatures_and_a_myst_autosummary_in_its_pages_current_module(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    write(docs, "conf.py", CONF.replace('["', '["myst_parser", "'))
    page = "# Herd\n\n```{currentmodule} zebra.herd\n```\n\n```{autosummary}\n:nosignatures:\n\ngallop\n```\n"
    write(docs, "herd.md", page)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "herd.md")
    text = text_of(tmp_path / "index", "herd.md")
    assert "gallop \N{EN DASH} Make the herd gallop at walrus speed, e.g. fast." in text


def test_a_dataclass_with_a_default_factory_shows_its_fields(tmp_path: Path) -> None:
    """A dataclass's signature holds `= <factory>` for a field made by a factory (as Sphinx writes it), which is
    no Python: the row showed the name alone."""
    repo, docs = repository(tmp_path)
    write(
        repo,
        "zebra/herd.py",
        HERD
        + '''

from dataclasses import dataclass, field


@dataclass
class Pasture:
    """A pasture for okapis."""

    name: str
    herds: list = field(default_factory=list)
''',
    )
    write(docs, "zebra.herd.rst", PAGE.replace("    VERSION\n", "    VERSION\n    Pasture\n"))
    index(docs, tmp_path / "index", includes_from=repo)
    lines = text_of(tmp_path / "index", "zebra.herd.rst").split("\n")
    assert "Pasture(name, herds) \N{EN DASH} A pasture for okapis." in lines
