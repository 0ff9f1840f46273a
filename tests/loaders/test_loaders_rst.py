"""reStructuredText through docutils: clean text, PEP titles, and no file read, nothing printed, nothing lost."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from support.folders import document, found, index, skipped, text_of, write
from support.loaders import assert_text, load, searchable

PEP = b"""PEP: 9999
Title: Zebracorn Protocol Proposal
Author: Some One <one@example.org>,
        Other Person <other@example.org>
Status: Draft
Type: Standards Track

Abstract
========

Use :func:`os.path.join` and :pep:`8`, see :pep:`the style guide <8>`.
Sphinx roles: :ref:`Reference title <some-label>`, :class:`~pkg.mod.Klass`, :c:func:`PyObject_Call`,
:external+py3.12:mod:`asyncio`, :rfc:`2822` and a footnote [#]_.

.. note::

   Note body unicornfish.

.. versionadded:: 3.12
   Added in three twelve.

.. image:: diagram.png
   :alt: imagealtsentinel

.. raw:: html

   <p>rawsentinel</p>

.. toctree::

   toctreesentinel

.. code-block:: python
   :linenos:

   def kept():
       return   "spacing kept"

Literal::

    literal   block   kept

.. some-unknown-directive:: unknown argument words
   :someoption: optionsentinel

   Unknown body words.

.. [#] Footnote text.

..
   commentsentinel
"""

NESTED = b"""Configuration
=============

.. py:data:: DEBUG

   Whether debug mode is on. The :attr:`~flask.Flask.debug` attribute maps to it.

   .. versionadded:: 0.6

.. tabs::

   .. group-tab:: Bash

      .. code-block:: text

         $ export ZEBRA_PORT=8000

   .. group-tab:: Fish

      Set it with ``set -x`` and see :doc:`the guide <guide>`.
"""

BUILDERS = b"""Builders
========

.. class:: DirectoryHTMLBuilder

   This is a subclass of the standard HTML builder.

   .. attribute:: name

.. py:class:: Sphinx(srcdir, confdir)

   The application object.
"""

SETTINGS = b"""
:orphan:
:tocdepth: 2
:nosearch:

.. _label:

Title
=====

.. module:: sphinx.ext.zebra
   :synopsis: Zebra support.

.. py:currentmodule:: sphinx.application
.. currentmodule:: sphinx.environment
.. default-domain:: cpp
.. highlight:: python3
.. sectionauthor:: Somebody Sectioner <one@example.org>
.. codeauthor:: Somebody Coder
.. program:: zebraprog
.. index:: pair: zebra; stripes

.. only:: builder_html

   Only body words.

.. ifconfig:: releaselevel in ('alpha',)

   Ifconfig body words.

.. cssclass:: longtable, standard

===  ===
a    b
===  ===

.. rst-class:: clearfix

Cleared paragraph.

:Field: after the title stays.
"""

CASES = [
    # filename, content, must_include, must_not_include
    (  # what Sphinx never shows: file-wide metadata, build conditions, modules, CSS classes, authors
        "settings.rst",
        SETTINGS,
        ["Only body words.", "Ifconfig body words.", "a | b", "Cleared paragraph.", "Field: after the title stays."],
        [
            "orphan",
            "tocdepth",
            "nosearch",
            "sphinx.ext.zebra",
            "Zebra support",
            "sphinx.application",
            "sphinx.environment",
            "cpp",
            "python3",
            "Somebody",
            "stripes",
            "builder_html",
            "releaselevel",
            "longtable",
            "clearfix",
            "zebraprog",
        ],
    ),
    (  # with Sphinx's default domain, `class` is `py:class`: docutils' own `class` is Sphinx's `rst-class`
        "builders.rst",
        BUILDERS,
        [
            "DirectoryHTMLBuilder\n\nThis is a subclass of the standard HTML builder.\n\nname",
            "Sphinx(srcdir, confdir)\n\nThe application object.",
        ],
        ["class::", "py:class"],
    ),
    (  # directives docutils does not know (Sphinx domains, sphinx-tabs) hold markup of their own
        "config.rst",
        NESTED,
        [
            "DEBUG",
            "Whether debug mode is on. The debug attribute maps to it.",
            "Added in version 0.6.",
            "Bash",
            "$ export ZEBRA_PORT=8000",
            "Set it with set -x and see the guide.",
        ],
        [":attr:", ":doc:", "..", "versionadded", "code-block", "group-tab", "tabs::", "py:data"],
    ),
    (
        "pep-9999.rst",
        PEP,
        [
            "Zebracorn Protocol Proposal",
            "Abstract",
            "Use os.path.join and PEP 8, see the style guide.",
            "Klass",
            "Reference title",
            "PyObject_Call",
            "asyncio",
            "RFC 2822",
            "Note body unicornfish.",
            "Added in version 3.12: Added in three twelve.",
            'return   "spacing kept"',
            "literal   block   kept",
            "Unknown body words.",
            "unknown argument words",
            "Footnote text.",
            "Other Person",
        ],
        [
            ":func:",
            ":pep:",
            ":ref:",
            "some-label",
            ":class:",
            "~pkg",
            ":c:func:",
            ":rfc:",
            "..",
            "note::",
            "imagealtsentinel",
            "rawsentinel",
            "toctreesentinel",
            "code-block",
            ":linenos:",
            "optionsentinel",
            "commentsentinel",
            "Title:",
            "Unknown directive",
        ],
    ),
]


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"),
    [pytest.param(*case, id=case[0]) for case in CASES],
)
def test_rst_text_is_clean(filename: str, content: bytes, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


OPTIONS = b"""Configuration
=============

.. confval:: html_static_path
   :type: :code-py:`list[str]`
   :default: :code-py:`[]`
   :no-index:

   A list of paths that contain custom static files.

.. rst:directive:option:: caption: caption of ToC
   :type: text

.. attribute:: current_document.docname
   :type: str
   :value: 'index'

.. py:data:: DEBUG
   :type: bool
   :module: flask
   :no-index-entry:

.. confval:: copyright
             project_copyright
   :type: str

.. rst:directive:: toctree

.. rst:directive:: .. c:member:: declaration
                   .. c:var:: declaration

.. rst:role:: doc
"""


def test_rst_object_options_sphinx_shows_are_text() -> None:
    """As Sphinx's own pages show them: each line of a signature one of its own, and its reStructuredText
    domain's directives, options and roles as they are written (`.. toctree::`, `:caption:`, `:doc:`)."""
    doc = load("configuration.rst", OPTIONS)
    assert doc.sections[0].text.split("\n\n") == [
        "html_static_path",
        "Type: list[str]\nDefault: []",
        "A list of paths that contain custom static files.",
        ":caption: caption of ToC (text)",
        "current_document.docname: str = 'index'",
        "DEBUG: bool",
        "copyright\nproject_copyright",
        "Type: str",
        ".. toctree::",
        ".. c:member:: declaration\n.. c:var:: declaration",
        ":doc:",
    ]


DOC_FIELDS = b"""API
===

.. py:function:: pytest.mark.skipif(condition, *, reason=None)

    Skip a zebracorn test.

    :type condition: bool or str
    :param condition: ``True/False`` if the condition should be skipped or a :ref:`condition string <x>`.
    :keyword str reason: Reason why the test function is being skipped.
    :raises ValueError: if it is bad.
    :returns: Nothing at all.
    :rtype: None
    :meta private:

.. method:: Thing.size(unit)

   :param unit: The unit.
   :custom thing: Stays.

Not an object's:

:param y: as written.
"""


def test_rst_doc_fields_of_an_object_read_as_sphinx_shows_them() -> None:
    """pytest's API reference read "type condition: bool or str" and "param condition: True/False..." on lines of
    their own; Sphinx groups them: "Parameters:", each name with its type and description."""
    text = load("reference.rst", DOC_FIELDS).sections[0].text
    assert text.split("\n\n") == [
        "pytest.mark.skipif(condition, *, reason=None)",
        "Skip a zebracorn test.",
        "Parameters:\n"
        "condition (bool or str) \N{EN DASH} True/False if the condition should be skipped or a condition string.\n"
        "reason (str) \N{EN DASH} Reason why the test function is being skipped.\n"
        "Raises: ValueError \N{EN DASH} if it is bad.\nReturns: Nothing at all.\nReturn type: None",
        "Thing.size(unit)",
        "Parameters: unit \N{EN DASH} The unit.\nCustom thing: Stays.",
        "Not an object's:",
        "param y: as written.",
    ]


ONLY = b"""Plugins
=======

.. only:: not latex

   zebracorn | a table for the web

.. only:: latex

   zebracorn: a list for the PDF

.. only:: html and (format_html or epub)

   Shown on the web.

.. only:: builder_html and not html

   Never shown.

.. only:: is_release

   Only when conf.py adds the tag.
"""


def test_only_shows_what_the_html_page_shows() -> None:
    """pytest's plugin list is written twice, `.. only:: not latex` as a table and `.. only:: latex` as a list:
    every one of its 2,076 plugins was read twice."""
    text = load("plugins.rst", ONLY).sections[0].text
    assert text.split("\n\n") == ["zebracorn | a table for the web", "Shown on the web."]
    myst = b"# Plugins\n\n```{only} latex\nFor the PDF.\n```\n\n```{only} not latex\nFor the web.\n```\n"
    assert load("plugins.md", myst).sections[0].text == "For the web."


def test_sections_inside_only_are_the_pages_sections() -> None:
    """Sphinx reads the sections an `.. only::` holds as the page's (pytest's changelog opens with `.. only:: not
    is_release` around "To be included in v|release|" and "Released versions"): their titles were lost, with no
    warning, as docutils allows no title inside a directive."""
    page = (
        b"Page\n====\n\nIntro.\n\n.. only:: html\n\n   Zebracorn heading\n   ^^^^^^^^^^^^^^^^^\n\n"
        b"   Zebracorn body.\n\n   Walrus heading\n   ^^^^^^^^^^^^^^\n\n   Walrus body.\n\nAfter\n-----\n\nEnd.\n"
    )
    parsed = load("page.rst", page)
    assert [(s.heading, s.text) for s in parsed.sections] == [
        ("Page", "Intro."),
        ("Zebracorn heading", "Zebracorn body."),
        ("Walrus heading", "Walrus body."),
        ("After", "End."),
    ]
    assert not parsed.warnings


def test_display_math_is_kept_as_written() -> None:
    """Jupyter Book's math page: Markdown took the backslashes of its `$$` blocks (`\\,dx` read `,dx`, `\\\\`
    a single one), so the LaTeX was corrupt; in code it was intact."""
    text = (
        b"# Math\n\nBefore.\n\n$$\n\\int_0^1 f(x) \\,dx \\\\ y\n$$ (zebra-label)\n\n"
        b"\\begin{align}\na &= b \\\\\nc &= d\n\\end{align}\n\nCosts $$5 and $$6 in prose.\n"
    )
    body = searchable(load("math.md", text))
    assert "\\int_0^1 f(x) \\,dx \\\\ y\n$$ (zebra-label)" in body
    assert "a &= b \\\\\nc &= d\n\\end{align}" in body
    assert "Costs $$5 and $$6 in prose." in body


def test_myst_object_options_sphinx_shows_are_text() -> None:
    text = b"# Config\n\n```{confval} html_static_path\n:type: {code-py}`list[str]`\n:default: `[]`\n\nPaths.\n```\n"
    assert load("page.md", text).sections[0].text == "html_static_path\n\nType: list[str]\nDefault: []\n\nPaths."


CAPTIONS = b"""Views
=====

.. code-block:: python
    :caption: ``polls/views.py``

    x = 1

.. code:: python
    :caption: via code

    z = 3

.. sourcecode:: python
    :caption: via sourcecode
    :linenos:

    w = 4
"""


def test_rst_code_blocks_show_their_caption_above_the_code() -> None:
    """Django's tutorial names the file of each example in a caption (`:caption: ``polls/views.py```), which
    code-block dropped while literalinclude kept its own; Sphinx shows it above the code, its literal read."""
    text = load("views.rst", CAPTIONS).sections[0].text
    assert text == "polls/views.py\n\nx = 1\n\nvia code\n\nz = 3\n\nvia sourcecode\n\nw = 4"


def test_myst_shows_the_body_alone_of_directives_whose_argument_sphinx_hides() -> None:
    text = b"# Title\n\n```{only} builder_html\nOnly body words.\n```\n\n```{module} sphinx.ext.zebra\n```\n"
    body = searchable(load("page.md", text))
    assert "Only body words." in body
    assert "builder_html" not in body and "zebra" not in body


UNKNOWN_DIRECTIVES = b"""Commands
========

.. click:example::

    @click.command()
    def hello(count):
        for x in range(count):
            click.echo('Hello!')

.. sphinx_zebra:: Striped
   :zebra: yes

   Prose about :func:`zebras` with a
   second line.

   .. code-block:: python

      stripes = 2
"""


def test_rst_directives_no_one_knows_read_as_prose_unless_their_content_is_code() -> None:
    """click's docs show their examples in `click:example` (95 of them), whose Python read as prose had lost its
    indentation (`def hello(count): for x in range(count): click.echo(...)` on one line)."""
    text = load("commands.rst", UNKNOWN_DIRECTIVES).sections[0].text
    assert "@click.command()\ndef hello(count):\n    for x in range(count):\n        click.echo('Hello!')" in text
    assert "Striped\n\nProse about zebras with a\nsecond line.\n\nstripes = 2" in text
    assert ".." not in text and ":zebra:" not in text


def test_rst_admonitions_show_the_title_sphinx_gives_them() -> None:
    text = b"""Page
====

.. note:: Feed the walrus.

.. seealso:: :doc:`other`

.. admonition:: Walrus facts

   Tusks.
"""
    assert (
        load("page.rst", text).sections[0].text
        == "Note\n\nFeed the walrus.\n\nSee also\n\nother\n\nWalrus facts\n\nTusks."
    )


def test_pep_header_gives_the_title() -> None:
    doc = load("pep-9999.rst", PEP)
    assert doc.title == "PEP 9999 \N{EN DASH} Zebracorn Protocol Proposal"
    assert doc.headings[:1] == ("Abstract",)
    assert doc.warnings == ()


def test_header_that_is_no_peps_shows_every_field_but_its_title() -> None:
    # an RFC-style page opening with `Title:` and no PEP number: no site removes its Version or dates
    page = b"Title: Zebracorn release notes\nVersion: 2.0\nLast-Modified: 2020-01-01\nPEP: draft\n\nBody.\n"
    doc = load("notes.rst", page)
    assert doc.title == "Zebracorn release notes"
    assert doc.sections[0].text == "Version: 2.0\nLast-Modified: 2020-01-01\nPEP: draft"


def test_header_of_many_continuation_lines_is_read_in_linear_time() -> None:
    line = " unicornfish" + " x" * 44  # 10 MB of lines of 100 characters
    page = "PEP: 1\nTitle: Zebracorn\nAuthor: a\n" + f"{line}\n" * 100_000 + "\nBody.\n"
    started = time.monotonic()
    doc = load("pep-0001.rst", page.encode())
    assert time.monotonic() - started < 5  # 22 s when each line was joined to those before it
    assert doc.title == "PEP 1 \N{EN DASH} Zebracorn"
    assert doc.sections[0].text.count("unicornfish") == 100_000


def test_rst_sections_nest_under_their_titles() -> None:
    doc = load("guide.rst", b"Guide\n=====\n\nIntro.\n\nPart\n----\n\nPart text.\n\nOther\n=====\n\nOther text.\n")
    assert doc.title == "Guide"
    assert [(s.heading, s.text) for s in doc.sections] == [
        ("Guide", "Intro."),
        ("Part", "Part text."),
        ("Other", "Other text."),
    ]


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        pytest.param(":class:`~sphinx.application.Sphinx`", "Sphinx", id="tilde-last-part"),
        pytest.param(":attr:`~.Builder.name`", "name", id="tilde-relative"),
        pytest.param(":meth:`.Sphinx.add_node`", "Sphinx.add_node", id="relative"),
        pytest.param(":py:meth:`~Sphinx.emit(name, *args)`", "emit(name, *args)", id="tilde-with-arguments"),
        pytest.param(":cpp:func:`~ns::Klass::method`", "method", id="tilde-cpp"),
        pytest.param(":confval:`!html_theme`", "html_theme", id="no-link"),
        pytest.param(":py:func:`!~pkg.mod.name`", "~pkg.mod.name", id="no-link-as-written"),
        pytest.param(":ref:`the guide <.guide-label>`", "the guide", id="title"),
        pytest.param(":file:`~/.config/app.toml`", "~/.config/app.toml", id="file-as-written"),
        pytest.param(":samp:`cat <file>`", "cat <file>", id="samp-as-written"),
        # the devguide's `https://github.com/{<username>}/cpython`: braces mark a part to fill in
        pytest.param(":samp:`git checkout {branch}-{x}`", "git checkout branch-x", id="samp-variable"),
        pytest.param(r":samp:`print(\{1, {n}\})`", "print({1, n})", id="samp-escaped-brace"),
        pytest.param(":file:`/etc/{name}.conf`", "/etc/name.conf", id="file-variable"),
    ],
)
def test_rst_role_shows_what_sphinx_shows(source: str, shown: str) -> None:
    body = searchable(load("roles.rst", f"Roles\n=====\n\nSee {source} here.\n".encode()))
    assert f"See {shown} here." in body


VERSIONS = b"""Changes
=======

.. versionadded:: 3.2

.. versionchanged:: 4.0
   It defaults to ``'inline'``.

.. deprecated:: 4.0 Use :confval:`other` instead.

.. versionremoved:: 9.0

   First paragraph.

   Second paragraph.

.. version-changed:: 8.1

   - a list first
"""


def test_rst_version_notes_read_as_sphinx_writes_them() -> None:
    doc = load("changes.rst", VERSIONS)
    assert doc.sections[0].text.split("\n\n") == [
        "Added in version 3.2.",
        "Changed in version 4.0: It defaults to 'inline'.",
        "Deprecated since version 4.0: Use other instead.",
        "Removed in version 9.0: First paragraph.",
        "Second paragraph.",
        "Changed in version 8.1:",
        "a list first",
    ]


def test_rst_lists_and_tables_take_a_line_each() -> None:
    text = b"- first item\n- second item\n\n===  ===\nA    B\n===  ===\none  two\n===  ===\n"
    body = searchable(load("list.rst", text))
    assert "first item\nsecond item" in body
    assert "one | two" in body


def test_rst_list_item_blocks_start_their_own_lines() -> None:
    text = (
        b"- Add the following to your conf.py::\n\n"
        b"      import sys\n"
        b"          sys.path.insert(0, '..')\n\n"
        b"  To cope with missing modules, mock them.\n\n"
        b"  - a nested item\n\n"
        b"- second item\n"
    )
    body = load("list.rst", text).sections[0].text
    assert body == (
        "Add the following to your conf.py:\n"
        "import sys\n"
        "    sys.path.insert(0, '..')\n"
        "To cope with missing modules, mock them.\n"
        "a nested item\n"
        "second item"
    )


@pytest.mark.parametrize(
    "directive",
    [
        pytest.param(".. include:: {secret}", id="include"),
        pytest.param(".. include:: {secret}\n   :literal:", id="include-literal"),
        pytest.param(".. literalinclude:: {secret}", id="literalinclude"),
        pytest.param(".. raw:: html\n   :file: {secret}", id="raw-file"),
        pytest.param(".. csv-table:: Data\n   :file: {secret}", id="csv-table-file"),
    ],
)
def test_rst_never_reads_another_file(tmp_path: Path, directive: str, capfd: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("secretsentinel\n")
    source = f"Title\n=====\n\nBefore zebracorn.\n\n{directive.format(secret=secret)}\n\nAfter unicornfish.\n"
    doc = load("doc.rst", source.encode())
    text = searchable(doc)
    assert "secretsentinel" not in text
    assert "Before zebracorn." in text and "After unicornfish." in text
    assert capfd.readouterr() == ("", "")


def test_rst_problems_print_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    broken = b"Title\n=====\n\n:unknownrole:`x` `unclosed *emph\n\n.. [1] orphan\n\nSub\n---\n\nOops\n=====\n\nText.\n"
    doc = load("broken.rst", broken)
    assert "Text." in searchable(doc)
    assert "ERROR" not in searchable(doc) and "WARNING" not in searchable(doc)
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("".join("  " * depth + "- deep words\n\n" for depth in range(400)), id="400-nested-lists"),
        pytest.param("".join("  " * depth + "quoted words\n\n" for depth in range(600)), id="600-nested-quotes"),
    ],
)
def test_rst_too_deep_for_docutils_is_plain_text_with_a_warning(text: str, capfd: pytest.CaptureFixture[str]) -> None:
    source = "Deep Title\n==========\n\nzebracorn first.\n\n" + text + "\nunicornfish last.\n"
    doc = load("deep.rst", source.encode())
    body = searchable(doc)
    assert "zebracorn first." in body and "unicornfish last." in body
    assert doc.title == "Deep Title"
    assert any("indexed as plain text" in warning for warning in doc.warnings)
    assert capfd.readouterr() == ("", "")


def test_rst_with_a_line_longer_than_docutils_reads_is_plain_text_with_a_warning(docs: Path, index_dir: Path) -> None:
    """docutils reads no line of a page that has one of more than 10,000 characters (a paragraph written on one
    line): the whole page was skipped as "no text", its other paragraphs lost with it, and no warning said why."""
    long_line = "The " + "ochre heron " * 1_000 + "nests."
    write(docs, "long.rst", f"Long Title\n==========\n\nzebracorn first.\n\n{long_line}\n\nunicornfish last.\n")
    report = index(docs, index_dir)
    assert skipped(report) == {}
    assert document(index_dir, "long.rst").title == "Long Title"
    assert found(index_dir, "zebracorn") == found(index_dir, "unicornfish") == found(index_dir, "heron") == ["long.rst"]
    assert [w.reason for w in report.warnings] == [
        "reStructuredText could not be parsed (ValueError: line 6 is longer than 10,000 characters); indexed as "
        "plain text"
    ]


def test_rst_folder_of_peps_is_indexed_with_titles(docs: Path, index_dir: Path) -> None:
    write(docs, "peps/pep-9999.rst", PEP)
    report = index(docs, index_dir)
    assert skipped(report) == {}
    assert document(index_dir, "peps/pep-9999.rst").title == "PEP 9999 \N{EN DASH} Zebracorn Protocol Proposal"
    assert found(index_dir, "unicornfish") == ["peps/pep-9999.rst"]
    assert found(index_dir, "rawsentinel") == []


EVAL_RST = b"""# Testing

```{eval-rst}
.. autoclass:: click.testing.CliRunner
   :members:

   Invokes a command with :attr:`~click.Context.params` in *isolation*.

# not a heading
* a star, not a list

.. note::

   Run it so::

       runner.invoke(cli, ["--help"])
```

After.
"""


def test_myst_eval_rst_reads_as_the_restructuredtext_it_holds() -> None:
    """click's docs keep their API reference in {eval-rst} blocks: 181 of them on 23 of 35 pages, which read as
    Markdown showed `.. autoclass::` lines, an "Eval rst" title and rst comments as headings."""
    doc = load("testing.md", EVAL_RST)
    assert [s.heading for s in doc.sections] == ["Testing"]
    text = doc.sections[0].text
    assert text.startswith("click.testing.CliRunner\nInvokes a command with params in isolation.")
    assert "# not a heading\n* a star, not a list" in text  # its lines as written, not Markdown
    assert 'Run it so:\n\nrunner.invoke(cli, ["--help"])\n\nAfter.' in text  # the code block: code
    assert ".." not in text and "Eval rst" not in text and ":members:" not in text


MYST_TABLES = b"""(syntax/tables)=
# Tables

```{list-table} Frozen delights
:header-rows: 1

* - Treat
  - Quantity
* - Albatross
  - 2.99 {ref}`see <prices>`
```

`````{list-table}
* - ````md
    ```{note}
    Inside a cell.
    ```
    ````
  - ```rst
    .. note:: Inside a cell.
    ```
`````

```{code-block} python
:caption: |
:     The caption,
:     on two lines.

a = 2
```

```{seealso}
Other pages.
```

:::{dropdown}
Hidden words.
:::

## After the tables
"""


def test_myst_tables_titles_and_targets_read_as_sphinx_shows_them() -> None:
    """MyST-Parser's own docs: a list-table's rows as rows; a fence in a cell, after its list markers, is code
    (it turned the rest of the page into raw Markdown, 5 of 8 headings lost); a target with a slash leaves
    nothing; a multi-line option is an option; only admonitions are titled when they have no argument."""
    doc = load("tables.md", MYST_TABLES)
    assert [s.heading for s in doc.sections] == ["Tables", "After the tables"]
    text = doc.sections[0].text
    assert text.startswith("Frozen delights\n\nTreat | Quantity\nAlbatross | 2.99 see\n\n")
    assert "```{note}\nInside a cell.\n```" in text and ".. note:: Inside a cell." in text
    assert "The caption, on two lines.\n\na = 2" in text and ":" not in text.split("a = 2")[1].split("See")[0]
    assert "See also\n\nOther pages.\n\nHidden words." in text
    assert "(syntax/tables)=" not in text and "List table" not in text and "Dropdown" not in text


def test_myst_comment_lines_leave_nothing_on_myst_pages_only() -> None:
    """MyST-Parser's and attrs's pages hold `% notes to self` lines, which Sphinx never shows; on a page with none
    of MyST's signs a line may start with a per cent sign."""
    myst = load(
        "page.md", b"# Page\n\n% TODO: reword this\nKept {sup}`words`.\n\n```{note}\n% inside too\nBody.\n```\n"
    )
    assert myst.sections[0].text == "Kept words.\n\nNote\n\nBody."
    plain = load("plain.md", b"# Page\n\n% of readers {agree}.\n")
    assert plain.sections[0].text == "% of readers {agree}."


def test_a_definition_lists_term_is_a_line_above_its_definition() -> None:
    """Read the Docs' glossary read "diff A way to see the changes...": the term ran into its definition."""
    doc = load(
        "glossary.rst",
        b"Glossary\n========\n\ndiff\n   A way to see the changes.\n\nconfig file : YAML\n   The file.\n\n"
        b".. glossary::\n\n   build\n      The zebracorn process.\n",
    )
    assert [section.text for section in doc.sections] == [
        "diff\nA way to see the changes.\n\nconfig file : YAML\nThe file.\n\nbuild\nThe zebracorn process."
    ]


def test_an_http_endpoint_shows_its_method() -> None:
    """sphinxcontrib-httpdomain: Read the Docs' API v3 showed GET, PUT and DELETE of one endpoint alike."""
    doc = load("api.rst", b"API\n===\n\n.. http:delete:: /api/v3/projects/(str:slug)/\n\n   Delete a project.\n")
    assert [section.text for section in doc.sections] == ["DELETE /api/v3/projects/(str:slug)/\n\nDelete a project."]


def test_a_sphinx_design_grid_shows_its_cards_not_its_column_count() -> None:
    """Read the Docs' `.. grid:: 2` left a line "2" above its cards."""
    doc = load("grid.rst", b"T\n=\n\n.. grid:: 2\n\n   .. grid-item-card:: Learn\n\n      Zebracorn tutorials.\n")
    assert [section.text for section in doc.sections] == ["Learn\n\nZebracorn tutorials."]


def test_menu_selections_and_gui_labels_read_as_sphinx_shows_them() -> None:
    """Read the Docs' `:menuselection:`Admin --> Settings`` read "Admin --> Settings"; Sphinx shows a triangular
    bullet between the entries and takes out the `&` that marks an accelerator key."""
    doc = load("ui.rst", b"T\n=\n\nOpen :menuselection:`Admin --> &Settings`, then :guilabel:`&Save`.\n")
    assert [section.text for section in doc.sections] == ["Open Admin \u2023 Settings, then Save."]


def test_a_substitution_copied_into_thousands_of_references_is_read_as_plain_text() -> None:
    """docutils copies a `replace::` definition into each of its references: one of 9,000 characters referred to
    2,000 times made a page of 17 KB 18 MB of text (a page of 1 MB could make a gigabyte). Past 10,000,000
    characters the page is read as plain text, with a warning that says why."""
    page = "Title\n=====\n\n.. |x| replace:: " + "zebracorn " * 900 + "\n\n" + ("|x| " * 500 + "\n\n") * 4
    doc = load("copies.rst", page.encode())
    assert len(searchable(doc)) < 100_000 and "zebracorn" in searchable(doc)
    assert doc.warnings == (
        "reStructuredText could not be parsed (ValueError: its substitutions would make more than 10,000,000 "
        "characters of text); indexed as plain text",
    )


@pytest.mark.parametrize(
    "definitions",
    [
        ".. |a| replace:: " + "|b| " * 60 + "\n\n.. |b| replace:: " + "zebracorn " * 500 + "\n\n",  # 60 x 60 x 5,000
        "".join(f".. |a{n}| replace:: |a{n + 1}| |a{n + 1}|\n\n" for n in range(200)) + ".. |a200| replace:: x\n\n",
    ],
    ids=["nested", "a-chain-of-200"],
)
def test_substitutions_within_substitutions_count_what_they_make(definitions: str) -> None:
    """A definition that refers to another is copied with that one's copies: 5.5 KB of nested references made 18
    MB of text, past the check that counted each definition as written. A chain doubling at each of 200 steps, as
    deep as nothing a page means, counts as too much (and is not walked into recursion's limit)."""
    page = "Title\n=====\n\n" + definitions + "|a| " * 60 + "|a0|\n"
    doc = load("nested.rst", page.encode())
    assert len(searchable(doc)) < 100_000
    assert doc.warnings[0].startswith("reStructuredText could not be parsed (ValueError: its substitutions would make")


def test_rst_link_to_a_section_named_as_its_text_shows_its_text(docs: Path, index_dir: Path) -> None:
    # docutils 0.22 on refuses the alias (a duplicate of the section's own name); the PEPs' build links it
    links = "See `Motivation <Motivation_>`_ and `the zebracorn part <Motivation_>`_, then `Motivation`_."
    write(docs, "page.rst", f"Page\n====\n\n{links}\n\nMotivation\n==========\n\nWhy.\n")
    index(docs, index_dir)
    text = text_of(index_dir, "page.rst")
    assert "See Motivation and the zebracorn part, then Motivation." in text
    assert "<" not in text and "`" not in text
