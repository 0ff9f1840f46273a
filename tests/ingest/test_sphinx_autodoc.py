"""Sphinx's autodoc read from the project's source: an API page (Flask's api.rst is autoclass and autofunction
directives, nothing else) shows each object's signature and docstring, as the built site does, instead of its
bare name. Each case is a small repository in the shape of a real one (docs/ beside src/), indexed by the real
pipeline with --includes-from its root."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import found, index, text_of, warnings_of, write

CONF = 'import os, sys\nsys.path.insert(0, os.path.abspath("../src"))\nextensions = ["sphinx.ext.autodoc"]\n'
INIT = '''"""The zebracorn toolkit."""

from .core import Herd as Herd
from .core import graze

__all__ = ["Herd", "graze", "VERSION"]

#: The version of the toolkit, as a string.
VERSION = "3.1"
'''
CORE = '''"""Where the herd lives."""

from __future__ import annotations

import dataclasses


class Base:
    def count(self) -> int:
        """How many periwinkle animals the herd holds."""
        return 0


class Herd(Base):
    """A herd of zebracorns that wander the savanna."""

    #: How far a herd roams in a day, in kilometres.
    roaming: float = 12.5

    def __init__(self, name: str, size: int = 3, *, wild: bool = False) -> None:
        self.name = name

    def gallop(self, speed: float = 1.0) -> str:
        """Make the herd gallop at the given walrus speed."""
        return "gallop"

    def rest(self):
        return None

    def _hidden(self):
        """A private helper about quokkas."""

    @property
    def leader(self) -> str:
        """The animal that leads the herd."""
        return self.name

    @leader.setter
    def leader(self, value: str) -> None:
        """Never shown: the property's docstring is."""


def graze(herd: Herd, field: str = "meadow") -> None:
    """Let a herd graze on a field of narwhal grass."""


@dataclasses.dataclass
class Pasture:
    """A pasture a herd may use."""

    acres: int
    fenced: bool = True
'''
API = """API
===

.. module:: zebra

.. autoclass:: Herd
   :members:

.. autofunction:: graze

Extra words the page says about grazing.

.. autoclass:: zebra.core.Pasture
"""


def repository(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    write(repo, "docs/conf.py", CONF)
    write(repo, "docs/api.rst", API)
    write(repo, "src/zebra/__init__.py", INIT)
    write(repo, "src/zebra/core.py", CORE)
    return repo, repo / "docs"


def test_an_autodoc_page_shows_signatures_and_docstrings_from_the_source(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    # the class through the package's re-export, its constructor's parameters, its documented members
    assert "zebra.Herd(name: str, size: int = 3, *, wild: bool = False)" in text
    assert "A herd of zebracorns that wander the savanna." in text
    assert "gallop(speed: float = 1.0) -> str" in text and "Make the herd gallop at the given walrus speed." in text
    assert "roaming: float = 12.5" in text and "How far a herd roams in a day, in kilometres." in text
    assert "leader: str" in text and "The animal that leads the herd." in text
    assert "Never shown" not in text
    # what autodoc leaves out by default: members without a docstring, private ones, inherited ones
    assert "rest(" not in text and "quokkas" not in text and "periwinkle" not in text
    assert "zebra.graze(herd: Herd, field: str = 'meadow') -> None" in text
    assert "Let a herd graze on a field of narwhal grass." in text
    assert "Extra words the page says about grazing." in text
    assert "zebra.core.Pasture(acres: int, fenced: bool = True)" in text  # a dataclass's fields
    assert found(tmp_path / "index", "narwhal") == ["api.rst"]


def test_members_follow_autodocs_options_and_a_modules_all(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    write(
        docs,
        "api.rst",
        "API\n===\n\n.. automodule:: zebra\n   :members:\n\n"
        ".. autoclass:: zebra.core.Herd\n   :members: rest, gallop\n   :inherited-members:\n   :undoc-members:\n"
        "   :private-members:\n   :exclude-members: gallop\n   :show-inheritance:\n",
    )
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert text.startswith("API\n\nThe zebracorn toolkit.")  # the module's docstring
    # __all__'s names, followed to where they are defined, and a data's `#:` comment
    assert "zebra.graze(herd: Herd" in text and "zebra.VERSION = '3.1'" in text
    assert "The version of the toolkit, as a string." in text
    assert "Where the herd lives." not in text  # zebra.core is not among them
    assert "Bases: Base" in text
    assert "rest()" in text and "gallop(speed" not in text.split("Bases: Base")[1]  # listed, less the excluded
    write(docs, "api.rst", "API\n===\n\n.. autoclass:: zebra.core.Herd\n   :members:\n   :inherited-members:\n")
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert "count() -> int" in text and "How many periwinkle animals the herd holds." in text
    # a member named in the class's content is found in a base too
    write(docs, "api.rst", "API\n===\n\n.. autoclass:: zebra.Herd()\n\n   .. automethod:: count\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert "How many periwinkle animals the herd holds." in text_of(tmp_path / "index", "api.rst")
    assert not warnings_of(report, "api.rst")


def test_without_the_source_the_page_keeps_the_names_and_says_how_to_show_more(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index")
    text = text_of(tmp_path / "index", "api.rst")
    assert "Herd" in text and "graze" in text and "Extra words the page says about grazing." in text
    assert "walrus" not in text
    (warning,) = warnings_of(report, "api.rst")
    assert "Herd and 2 more" in warning and "--includes-from" in warning
    report = index(docs, tmp_path / "index", includes_from=repo)  # the option's coming reads the page again
    assert report.updated == 1 and found(tmp_path / "index", "walrus") == ["api.rst"]


def test_the_option_coming_reads_again_a_page_whose_conf_py_adds_no_path(tmp_path: Path) -> None:
    """Sphinx's own docs: conf.py adds nothing to sys.path (the package is installed), and autodoc finds
    `sphinx/` in the repository's root only. Indexed without --includes-from, then with it, as the summary
    advised, the run found every page unchanged and its warning gone, and the pages kept the bare names."""
    repo = tmp_path / "repo"
    write(repo, "doc/conf.py", 'extensions = ["sphinx.ext.autodoc"]\n')
    write(repo, "doc/api.rst", API)
    write(repo, "doc/intro.rst", "Intro\n=====\n\nNo objects here.\n")
    write(repo, "zebra/__init__.py", INIT)
    write(repo, "zebra/core.py", CORE)
    report = index(repo / "doc", tmp_path / "index")
    assert "--includes-from" in warnings_of(report, "api.rst")[0] and not found(tmp_path / "index", "walrus")
    report = index(repo / "doc", tmp_path / "index", includes_from=repo)
    assert report.updated == 1 and report.unchanged == 1 and not warnings_of(report, "api.rst")
    assert found(tmp_path / "index", "walrus") == ["api.rst"]
    report = index(repo / "doc", tmp_path / "index")  # and its going: the names alone again
    assert report.updated == 1 and not found(tmp_path / "index", "walrus")


def test_a_change_to_the_source_reads_the_page_again(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    index(docs, tmp_path / "index", includes_from=repo)
    assert index(docs, tmp_path / "index", includes_from=repo).generation is None  # nothing changed
    write(repo, "src/zebra/core.py", CORE.replace("narwhal grass", "axolotl clover"))
    assert index(docs, tmp_path / "index", includes_from=repo).updated == 1
    assert found(tmp_path / "index", "axolotl") == ["api.rst"] and not found(tmp_path / "index", "narwhal")


@pytest.mark.parametrize(
    "source",
    ["def graze(:\n", "\x00\x01 not python at all", "class Herd(\n" * 200],
    ids=["syntax error", "binary", "unclosed"],
)
def test_source_that_does_not_parse_leaves_the_names_with_a_warning(tmp_path: Path, source: str) -> None:
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/core.py", source)
    report = index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert "Herd" in text and "Extra words the page says about grazing." in text
    assert warnings_of(report, "api.rst")


def test_an_autodoc_directive_shown_in_a_literal_block_stays_as_written(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    write(docs, "howto.rst", "How to\n======\n\nWrite this::\n\n   .. autofunction:: zebra.graze\n\nDone.\n")
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "howto.rst")
    assert ".. autofunction:: zebra.graze" in text and "narwhal" not in text


def test_source_outside_the_includes_root_is_never_read(tmp_path: Path) -> None:
    """conf.py may add any folder to sys.path; only those under --includes-from are read."""
    repo, docs = repository(tmp_path)
    write(tmp_path, "elsewhere/zebra/__init__.py", '"""Secret walrus passwords."""\n')
    write(docs, "conf.py", 'import sys\nsys.path.insert(0, "../../elsewhere")\n')
    write(docs, "api.rst", "API\n===\n\n.. automodule:: zebra\n")
    index(docs, tmp_path / "index", includes_from=repo)
    assert text_of(tmp_path / "index", "api.rst").startswith("API\n\nThe zebracorn toolkit.")
    assert not found(tmp_path / "index", "passwords")


def test_cycles_of_imports_and_bases_end(tmp_path: Path) -> None:
    """Modules that import everything from each other, classes that are each other's bases, and one nested
    past Python's own stack: the page is read, what can be found is shown, and nothing runs away."""
    repo, docs = repository(tmp_path)
    write(repo, "src/loop/__init__.py", "from .a import *\nfrom .b import *\n")
    write(repo, "src/loop/a.py", "from .b import *\nfrom . import *\n\nclass A(B):\n    '''Walrus A.'''\n")
    write(repo, "src/loop/b.py", "from .a import *\n\nclass B(A):\n    def shared(self):\n        '''Narwhal B.'''\n")
    nested = "".join(f"{'    ' * n}class C{n}:\n" for n in range(90)) + "    " * 90 + "pass\n"
    write(repo, "src/loop/deep.py", nested)
    write(
        docs,
        "api.rst",
        "API\n===\n\n.. autoclass:: loop.A\n   :members:\n   :inherited-members:\n\n"
        ".. autofunction:: loop.missing\n\n.. automodule:: loop.deep\n   :members:\n   :undoc-members:\n",
    )
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert "Walrus A." in text and "Narwhal B." in text and "missing" in text


def test_a_myst_autodoc_directive_reads_the_source_too(tmp_path: Path) -> None:
    """attrs writes its API in MyST Markdown as well (```{autofunction} attrs.define```)."""
    repo, docs = repository(tmp_path)
    write(docs, "conf.py", CONF + 'extensions += ["myst_parser"]\n')
    write(
        docs,
        "graze.md",
        "# Grazing\n\n```{autofunction} zebra.graze\n```\n\n```{autoclass} zebra.Nothing\n```\n\n"
        "```{eval-rst}\n.. autofunction:: zebra.nowhere\n```\n",
    )
    report = index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "graze.md")
    assert "zebra.graze(herd: Herd, field: str = 'meadow') -> None" in text
    assert "Let a herd graze on a field of narwhal grass." in text
    assert "zebra.Nothing" in text  # not found: its name, with a warning
    # one warning for the page, as a reStructuredText page gets (Click's api.md had 74 lines, one per directive)
    assert warnings_of(report, "graze.md") == [
        f"autodoc: zebra.Nothing and 1 more not found in the Python source in {repo}: only the name is shown"
    ]


def test_a_name_a_module_imports_with_a_star_is_found_where_it_is_defined(tmp_path: Path) -> None:
    """attrs.exceptions is `from attr.exceptions import *`: its page documents the names it offers so."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/errors.py", "from ._errors import *\nfrom ._more import *\n")
    write(repo, "src/zebra/_errors.py", '__all__ = ["Stampede"]\nclass Stampede(Exception):\n    "Too many gnus."\n')
    write(repo, "src/zebra/_more.py", 'class Drought(Exception):\n    "No okapi water."\ndef _dry():\n    "Hidden."\n')
    write(
        docs,
        "api.rst",
        "API\n===\n\n.. module:: zebra.errors\n\n.. autoexception:: Stampede\n.. autoexception:: Drought\n"
        ".. autofunction:: _dry\n",
    )
    report = index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert "zebra.errors.Stampede" in text and "Too many gnus." in text
    assert "zebra.errors.Drought" in text and "No okapi water." in text
    assert "Hidden." not in text  # a star import offers no private name
    (warning,) = warnings_of(report, "api.rst")
    assert "_dry" in warning


def test_source_written_with_type_parameters_is_read_on_any_python(tmp_path: Path) -> None:
    """Python 3.12's `type X = ...` and `class Box[T]` (Sphinx's own source): an older ast reads them without."""
    repo, docs = repository(tmp_path)
    source = (
        'type Fodder = "hay" | "clover"\n\n'
        'class Trough[T: (int, str)](list[T]):\n    """A trough of marmot feed."""\n\n'
        "    #: How much it holds.\n    size: int = 3\n\n"
        'def fill[\n    T,\n](trough: Trough[T], item: T) -> None:\n    """Fill it with capybara chow."""\n'
    )
    write(repo, "src/zebra/feed.py", source)
    write(docs, "api.rst", ".. autoclass:: zebra.feed.Trough\n   :members:\n\n.. autofunction:: zebra.feed.fill\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "A trough of marmot feed." in text and "size: int = 3" in text and "How much it holds." in text
    assert "zebra.feed.fill(trough: Trough[T], item: T) -> None" in text and "capybara chow" in text


def test_members_named_inside_a_class_written_out_are_found_in_that_class(tmp_path: Path) -> None:
    """Sphinx's Builder API page: `.. class:: Builder` written out, its `.. automethod:: build` in its content."""
    repo, docs = repository(tmp_path)
    write(
        docs,
        "api.rst",
        "API\n===\n\n.. currentmodule:: zebra.core\n\n.. class:: Herd\n\n   Words about the herd.\n\n"
        "   .. autoattribute:: roaming\n   .. automethod:: gallop\n\n"
        ".. py:class:: zebra.core.Herd\n   :noindex:\n\n   .. automethod:: count\n",
    )
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "Words about the herd." in text and "How far a herd roams in a day, in kilometres." in text
    assert "gallop(speed: float = 1.0) -> str" in text and "walrus speed" in text
    assert "How many periwinkle animals the herd holds." in text  # a dotted class name: its module is in it


def test_a_myst_pages_eval_rst_directives_share_its_current_module(tmp_path: Path) -> None:
    """Click's api.md: ```{currentmodule} click``` once, then an eval-rst directive for each `.. autofunction::`."""
    repo, docs = repository(tmp_path)
    write(docs, "conf.py", CONF + 'extensions.append("myst_parser")\n')
    write(
        docs,
        "api.md",
        "# API\n\n```{currentmodule} zebra\n```\n\n```{eval-rst}\n.. autofunction:: graze\n```\n\n"
        "```{eval-rst}\n.. currentmodule:: zebra.core\n```\n\n```{eval-rst}\n.. autoclass:: Pasture\n```\n",
    )
    write(docs, "other.md", "# Other\n\n```{eval-rst}\n.. autofunction:: graze\n```\n")  # no current module here
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.md")
    text = text_of(tmp_path / "index", "api.md")
    assert "Let a herd graze on a field of narwhal grass." in text
    assert "zebra.core.Pasture(acres: int, fenced: bool = True)" in text and "A pasture a herd may use." in text
    assert "narwhal" not in text_of(tmp_path / "index", "other.md") and warnings_of(report, "other.md")


def test_a_class_made_from_its_fields_shows_them_as_its_constructor_takes_them(tmp_path: Path) -> None:
    """Dataclasses with field(), attrs classes and NamedTuples: Sphinx shows the __init__ they are given."""
    repo, docs = repository(tmp_path)
    source = (
        "import attr, attrs, dataclasses\nfrom typing import ClassVar, NamedTuple\n\n"
        "@dataclasses.dataclass(frozen=True)\nclass Stall:\n"
        "    hay: list[str] = dataclasses.field(default_factory=list)\n"
        "    size: int = dataclasses.field(default=2)\n    seen: int = dataclasses.field(init=False)\n"
        "    stalls: ClassVar[int] = 0\n\n"
        "@attrs.define\nclass Gate:\n    width: float\n    locked: bool = attrs.field(default=False)\n\n"
        "@attr.s\nclass Fence:\n    posts = attr.ib()\n    wire = attr.ib(default='barbed')\n\n"
        "class Spot(NamedTuple):\n    x: int\n    y: int = 0\n"
    )
    write(repo, "src/zebra/stable.py", source)
    names = ["Stall", "Gate", "Fence", "Spot"]
    write(docs, "api.rst", "".join(f".. autoclass:: zebra.stable.{name}\n\n" for name in names))
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "zebra.stable.Stall(hay: list[str] = <factory>, size: int = 2)" in text
    assert "zebra.stable.Gate(width: float, locked: bool = False)" in text
    assert "zebra.stable.Fence(posts, wire='barbed')" in text
    assert "zebra.stable.Spot(x: int, y: int = 0)" in text


def test_autodoc_directives_in_a_docstring_are_put_in_place_within_its_object(tmp_path: Path) -> None:
    """Werkzeug's middleware pages are one `.. automodule::` whose module docstring says `.. autoclass::
    ProxyMiddleware`: Sphinx shows the class there, found in that module; the page showed its bare name."""
    repo, docs = repository(tmp_path)
    source = (
        '"""Stables\n==========\n\n.. autoclass:: Stable\n"""\n\n'
        'class Stable:\n    """A stable for the herd.\n\n    .. automethod:: muck\n    """\n\n'
        "    def __init__(self, stalls: int = 4) -> None:\n        pass\n\n"
        '    def muck(self, fork: str) -> None:\n        """Muck out the okapi stalls."""\n'
    )
    write(repo, "src/zebra/stables.py", source)
    write(repo, "src/zebra/loop.py", '"""Round and round.\n\n.. automodule:: zebra.loop\n"""\n')
    write(docs, "api.rst", ".. automodule:: zebra.stables\n\n.. automodule:: zebra.loop\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "zebra.stables.Stable(stalls: int = 4)" in text and "A stable for the herd." in text
    assert "muck(fork: str) -> None" in text and "Muck out the okapi stalls." in text
    assert text.count("Round and round.") == 2  # a docstring that documents itself ends


def test_a_class_without_a_constructor_shows_the_one_it_inherits(tmp_path: Path) -> None:
    """itsdangerous's TimestampSigner and Werkzeug's BadRequest define no __init__: Sphinx shows their base's
    parameters; the page showed the bare name, as for a class that takes none."""
    repo, docs = repository(tmp_path)
    source = (
        "from .core import Herd\n\nclass Wild(Herd):\n    '''A herd nobody tames.'''\n\n"
        "class Wilder(Wild):\n    '''Wilder still.'''\n\n"
        "class Error(Exception):\n    '''Went wrong.'''\n\nclass Stampede(Error):\n    '''Too many gnus.'''\n"
    )
    write(repo, "src/zebra/wild.py", source)
    names = ["Wild", "Wilder", "Stampede"]
    write(docs, "api.rst", "".join(f".. autoclass:: zebra.wild.{name}\n\n" for name in names))
    index(docs, tmp_path / "index", includes_from=repo)
    text = text_of(tmp_path / "index", "api.rst")
    assert "zebra.wild.Wild(name: str, size: int = 3, *, wild: bool = False)" in text
    assert "zebra.wild.Wilder(name: str, size: int = 3, *, wild: bool = False)" in text
    assert "zebra.wild.Stampede\n" in text  # a base outside the source: none shown


NAPOLEON = '''
def feed(herd, hay="clover", *args):
    """Feed a herd, Google style.

    Args:
        herd (Herd): The herd to feed, every
            zebracorn of it.

            - the first gnu
            - the second gnu
        *args: More hay.

    Returns:
        int: How many walruses ate.

    Raises:
        ValueError: If the herd is empty.

    Note:
        Narwhals bite.

    Usage:
        Not a section: stays.
    """


def water(herd):
    """Water a herd, NumPy style.

    Parameters
    ----------
    herd : Herd, optional
        The herd to water.

    Returns
    -------
    bool
        Whether the quokkas drank.

    Examples
    --------
    >>> water(None)
    """
'''


@pytest.mark.parametrize("extension", ["sphinx.ext.napoleon", None])
def test_napoleon_sections_read_as_sphinx_shows_them_when_conf_py_loads_it(tmp_path: Path, extension: str) -> None:
    """Many projects write Google or NumPy docstrings for napoleon, which makes their `Args:` and `Parameters`
    sections field lists, shown "Parameters: herd (Herd) -- ...". They were read as plain reStructuredText:
    NumPy's section titles lost (its entries left under no "Parameters"), Google's a definition list. A project
    without napoleon keeps them as written, as its Sphinx does."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/feeding.py", NAPOLEON)
    conf = CONF.replace('"sphinx.ext.autodoc"', f'"sphinx.ext.autodoc", "{extension}"') if extension else CONF
    write(docs, "conf.py", conf)
    write(docs, "api.rst", ".. autofunction:: zebra.feeding.feed\n\n.. autofunction:: zebra.feeding.water\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    if extension is None:  # as written: no napoleon, no fields
        assert "Args:\nherd (Herd): The herd to feed" in text and "Parameters:" not in text
        return
    dash = "\N{EN DASH}"
    assert f"Parameters:\nherd (Herd) {dash} The herd to feed, every\nzebracorn of it.\nthe first gnu" in text
    assert "- the first gnu" not in text and f"\n*args {dash} More hay." in text  # a list in a description stays one
    assert "Returns: How many walruses ate.\nReturn type: int" in text
    assert f"Raises: ValueError {dash} If the herd is empty." in text
    assert "Note\n\nNarwhals bite." in text and "Usage:\nNot a section: stays." in text
    assert f"Parameters: herd (Herd, optional) {dash} The herd to water." in text
    assert "Returns: Whether the quokkas drank.\nReturn type: bool" in text
    assert "Examples\n\n>>> water(None)" in text and "-----" not in text


MISINDENTED = '''class schedule:
    """Schedule for a periodic zebracorn task.

    Arguments:
        run_every (float): Time interval.
        relative (bool):  If set to True the run time will be rounded to the
            resolution of the interval.
        app (Celery): Celery app instance.
    """

    def is_due(self, last_run_at):
        """Return a tuple of ``(is_due, next_time_to_check)``.

        The ``next_time`` is read as a :class:`float` of wombat seconds.
        """
'''


def test_a_docstring_that_is_not_quite_restructuredtext_still_reads_as_it(tmp_path: Path) -> None:
    """Celery's docstrings are Google style (`Arguments:` whose entries run over an indented line), which
    docutils reads with an "Unexpected indentation" error. Sphinx reads them as reStructuredText all the same;
    the whole class, its members' directives and roles included, was kept as written (`.. py:method::
    is_due(last_run_at)`, ``` ``(is_due, ...)`` ```) as if it were the code of an unknown directive."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/beat.py", MISINDENTED)
    write(docs, "api.rst", ".. automodule:: zebra.beat\n    :members:\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "Schedule for a periodic zebracorn task." in text and "resolution of the interval." in text
    assert "is_due(last_run_at)" in text and "Return a tuple of (is_due, next_time_to_check)." in text
    assert "read as a float of wombat seconds" in text
    assert ".. py:" not in text and "``" not in text and ":class:" not in text


CELERY_CONF = """from sphinx_celery import conf

globals().update(conf.build_config(
    'zebra', __file__,
    project='Zebra',
    extra_extensions=[
        'sphinx_click',
        'sphinx.ext.napoleon',
    ],
))
"""


@pytest.mark.parametrize(
    "conf",
    [
        CELERY_CONF,
        'extensions = ["sphinx.ext.autodoc"]\nextensions += ["sphinx.ext.napoleon"]\n',
        'extensions = ["sphinx.ext.autodoc"]\nif True:\n    extensions.append("sphinx.ext.napoleon")\n',
        'BASE = ["sphinx.ext.autodoc"]\nextensions = BASE + ["sphinx.ext.napoleon"]\n',
    ],
    ids=["sphinx_celery", "augmented", "appended", "added"],
)
def test_napoleon_is_seen_however_conf_py_adds_it_to_its_extensions(tmp_path: Path, conf: str) -> None:
    """Celery's conf.py hands its extensions to sphinx_celery's build_config (`extra_extensions=[...,
    'sphinx.ext.napoleon']`), and many conf.py files add to the list after making it: napoleon was not seen, so
    Celery's `Arguments:` sections read as a paragraph of lines instead of Sphinx's Parameters field."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/feeding.py", NAPOLEON)
    write(docs, "conf.py", conf)
    write(docs, "api.rst", ".. autofunction:: zebra.feeding.feed\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "Parameters:\nherd (Herd) \N{EN DASH} The herd to feed, every" in text and "Args:" not in text


REQUEST = '''class Request:
    """A request to a zebracorn server."""

    def __init__(self, url: str, callback=None, priority: int = 0) -> None:
        self.url = url

        #: Callable to parse the
        #: :class:`Response` the narwhal server sends.
        self.callback: Callable | None = callback

        self.priority: int = priority
        """The wombat priority of this request."""

        self._hidden = "quokka"  #: A private attribute, never listed.
        self.plain = 1
'''


def test_attributes_documented_where_init_sets_them_are_the_classs(tmp_path: Path) -> None:
    """Scrapy documents Request's attributes with `#:` comments above `self.callback = callback` in its
    `__init__`, and its page names them (`.. autoattribute:: callback`): they were not found, the page showed
    their bare names and warned "callback and 3 more not found"."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/http.py", REQUEST)
    page = ".. autoclass:: zebra.http.Request\n\n    .. autoattribute:: callback\n\n.. autoclass:: zebra.http.Request\n"
    write(docs, "api.rst", page + "    :members:\n    :undoc-members:\n    :noindex:\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    assert "zebra.http.Request.callback: Callable | None\n\nCallable to parse the\nResponse the narwhal server" in text
    # with :members:, the documented ones, as Sphinx lists them; undocumented and private ones are no attributes
    assert "priority: int\n\nThe wombat priority of this request." in text
    assert "plain" not in text and "quokka" not in text and "\nurl\n" not in text


OUTCOMES = '''"""What a test can end with."""

from typing import NoReturn


class _Skip:
    """Skip an executing test with the given narwhal reason.

    :param reason: The message to show the user.
    """

    def __call__(self, reason: str = "", *, allow_module_level: bool = False) -> NoReturn:
        raise RuntimeError(reason)


class _Plain:
    """A wombat helper that is never called."""


skip: _Skip = _Skip()
plain = _Plain()  #: The plain quokka instance.
'''


def test_a_function_made_as_a_callable_instance_shows_its_call_and_its_classs_docstring(tmp_path: Path) -> None:
    """pytest's `xfail: _XFail = _XFail()` (and skip, fail, exit) is documented with `.. autofunction::
    pytest.xfail`: the page showed `pytest.xfail: _XFail = _XFail()` and nothing of what xfail does."""
    repo, docs = repository(tmp_path)
    write(repo, "src/zebra/outcomes.py", OUTCOMES)
    page = ".. autofunction:: zebra.outcomes.skip\n\n.. autodata:: zebra.outcomes.plain\n"
    write(docs, "api.rst", f"API\n===\n\n{page}\n.. automodule:: zebra.outcomes\n   :members:\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "api.rst")
    text = text_of(tmp_path / "index", "api.rst")
    signature = "zebra.outcomes.skip(reason: str = '', *, allow_module_level: bool = False) -> NoReturn"
    assert f"{signature}\n\nSkip an executing test with the given narwhal reason." in text
    assert "reason \u2013 The message to show the user." in text and "_Skip()" not in text
    # an instance of a class without __call__ stays data, with its own docstring
    assert "zebra.outcomes.plain = _Plain()\n\nThe plain quokka instance." in text and "wombat" not in text
    # to any directive but autofunction the instance is data, undocumented: automodule's members leave it out
    assert text.count("narwhal") == 1 and "plain = _Plain()\n\nThe plain quokka instance." in text.split("What a")[1]
