"""A Sphinx project in NumPy's shape: doc/source/ with numpydoc and autosummary, its reference pages tables of the
package's functions, many of which C implements. Their Python stubs keep the signature as the docstring's first
paragraph (`dot(a, b, out=None)`), and the objects C defines get their docstrings from `add_newdoc` calls. Each
case is a small repository of that shape, indexed by the real pipeline."""

from __future__ import annotations

from pathlib import Path

from support.folders import index, text_of, warnings_of, write

CONF = (
    "import os, sys\n"
    "extensions = ['sphinx.ext.autodoc', 'numpydoc', 'sphinx.ext.autosummary']\n"
    "autosummary_generate = True\n"
)
MULTIARRAY = '''def _dot_dispatcher(a, b, out=None):
    return (a, b, out)


def dot(*args, **kwargs):
    """
    dot(a, b, out=None)

    Dot product of two zebra arrays. Specifically,

    - If both are 1-D arrays, it is inner product of vectors.

    Parameters
    ----------
    a : array_like
        First argument.
    """


def where(condition,
          x=None, y=None):
    """
    where(condition,
          [x, y], /)

    Return elements chosen from okapi x or y depending on condition.
    """


def plain(a):
    """plain(a) is how a narwhal is called."""
'''
PAGE = """Linear algebra
==============

.. currentmodule:: numpy

.. autosummary::
   :toctree: generated/

   dot
   where
   plain

.. autofunction:: dot
"""


def repository(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    write(repo, "doc/source/conf.py", CONF)
    write(repo, "doc/source/routines.rst", PAGE)
    write(repo, "numpy/__init__.py", "from ._core import *\n")
    write(repo, "numpy/_core/__init__.py", "from .multiarray import *\n")
    write(repo, "numpy/_core/multiarray.py", MULTIARRAY)
    return repo, repo / "doc" / "source"


def test_a_signature_that_starts_a_docstring_is_the_objects_not_its_summary(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "routines.rst")
    lines = text_of(tmp_path / "index", "routines.rst").split("\n")
    # the row's summary was the signature itself: "dot(a, b[, out]) - dot(a, b, out=None)"
    assert "dot(a, b[, out]) \N{EN DASH} Dot product of two zebra arrays." in lines
    # a signature over several lines, as Sphinx compacts it
    where = "where(condition, [x, y], /) \N{EN DASH} Return elements chosen from okapi x or y depending on condition."
    assert where in lines
    # a sentence that starts with a call is prose
    assert "plain(a) \N{EN DASH} plain(a) is how a narwhal is called." in lines
    text = "\n".join(lines)
    assert "numpy.dot(a, b, out=None)" in text  # autofunction's signature: the docstring's, not the stub's
    assert "dot(*args" not in text and text.count("dot(a, b, out=None)") == 1
