"""A Sphinx project read as its conf.py builds it: the source suffixes it parses as reStructuredText or Markdown
(Django's pages are `.txt` files). Each case a small folder in the shape of a real project, indexed by the real
pipeline."""

from __future__ import annotations

import time
from pathlib import Path

from support.folders import document, index, skipped, snapshot, warnings_of, write

RELEASE_NOTES = """\
========================
Django 5.0 release notes
========================

.. module:: django.zebracorn

See :setting:`DEFAULT_AUTO_FIELD` and :class:`~django.db.models.Field`.

Backwards incompatible changes
==============================

``DEBUG`` is off.
"""


def test_the_txt_files_conf_py_parses_as_restructuredtext_are_read_so(tmp_path: Path) -> None:
    """Django's 654 pages are .txt files (`source_suffix = {".txt": "restructuredtext"}`): they were indexed as
    plain text, titled "5 0" for releases/5.0.txt, their markup as written."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", "source_suffix = {'.txt': 'restructuredtext'}\nexclude_patterns = ['requirements.txt']\n")
    write(docs, "releases/5.0.txt", RELEASE_NOTES)
    write(docs, "README.rst", "Readme\n======\n\nHow to build the docs.\n")
    write(docs, "requirements.txt", "sphinx>=4.5\n")
    report = index(docs, tmp_path / "index")
    page = document(tmp_path / "index", "releases/5.0.txt")
    assert page.title == "Django 5.0 release notes"
    assert page.headings == ("Django 5.0 release notes", "Backwards incompatible changes")
    text = snapshot(tmp_path / "index").text("releases/5.0.txt") or ""
    assert "See DEFAULT_AUTO_FIELD and Field." in text and "DEBUG is off." in text
    assert "zebracorn" not in text and ".." not in text and "====" not in text
    assert "not a Sphinx source file (conf.py's sources are .txt)" in skipped(report)["README.rst"]
    assert "exclude_patterns: requirements.txt" in skipped(report)["requirements.txt"]


def test_a_suffix_conf_py_parses_as_markdown_is_read_as_markdown(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "conf.py", "source_suffix = {'.rst': 'restructuredtext', '.txt': 'markdown'}\n")
    write(docs, "notes.txt", "# Release notes\n\nSome **bold** words.\n")
    index(docs, tmp_path / "index")
    assert document(tmp_path / "index", "notes.txt").title == "Release notes"
    assert (snapshot(tmp_path / "index").text("notes.txt") or "").endswith("Some bold words.")


def test_a_listed_md_suffix_is_markdown_when_an_extension_parses_it(tmp_path: Path) -> None:
    """Black's conf.py: `source_suffix = [".rst", ".md"]` with myst_parser, whose Markdown parser Sphinx gives
    `.md` over the list's default: its pages were read as reStructuredText, shown as written and titled ")"."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", "extensions = ['myst_parser']\nsource_suffix = ['.rst', '.md']\n")
    write(docs, "style.md", "# The _Zebracorn_ code style\n\nSome **bold** words (in brackets).\n")
    index(docs, tmp_path / "index")
    assert document(tmp_path / "index", "style.md").title == "The Zebracorn code style"
    assert (snapshot(tmp_path / "index").text("style.md") or "").endswith("Some bold words (in brackets).")
    write(docs, "conf.py", "extensions = []\nsource_suffix = ['.rst', '.md']\n")  # no parser of its own: rst
    index(docs, tmp_path / "index")
    assert document(tmp_path / "index", "style.md").title != "The Zebracorn code style"


def test_the_txt_files_are_read_again_when_conf_py_changes_how_it_parses_them(tmp_path: Path) -> None:
    """The pages did not change, but the format they are read in did: each is read again in the new one (and
    only those: the .rst page is not)."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", "extensions = load()\n")  # which files are sources is not known: the .txt is text
    write(docs, "releases/5.0.txt", RELEASE_NOTES)
    write(docs, "index.rst", "Home\n====\n\nWords.\n")
    index(docs, index_dir)
    assert ":setting:" in (snapshot(index_dir).text("releases/5.0.txt") or "")
    write(docs, "conf.py", "extensions = load()\nsource_suffix = ['.rst', '.txt']\n")
    report = index(docs, index_dir)
    assert (report.added, report.updated, report.unchanged) == (0, 1, 1)
    assert document(index_dir, "releases/5.0.txt").title == "Django 5.0 release notes"
    assert index(docs, index_dir).generation is None
    write(docs, "conf.py", "extensions = load()\n")
    report = index(docs, index_dir)
    assert (report.added, report.updated, report.unchanged) == (0, 1, 1)
    assert ":setting:" in (snapshot(index_dir).text("releases/5.0.txt") or "")


CONF = '''\
import os
version = "5.2"
release = version
rst_prolog = """
.. |psf| replace:: Python Software Foundation
"""
rst_epilog = """
.. _Django: https://www.djangoproject.com/
"""
'''


def test_a_page_reads_version_release_and_the_prolog_and_epilog_of_its_conf_py(tmp_path: Path) -> None:
    """Django's tutorial "is written for Django |version|": Sphinx shows conf.py's version there, and the
    substitutions and link targets of rst_prolog and rst_epilog are every page's."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", CONF)
    intro = "For Django |version| (|release|), by the |psf|; see Django_."
    write(docs, "intro.rst", f":orphan:\n\nIntro\n=====\n\n{intro}\n")
    write(docs, "own.rst", "Own\n===\n\nVersion |version|.\n\n.. |version| replace:: its own\n")
    index(docs, index_dir)
    assert snapshot(index_dir).text("intro.rst") == (
        "Intro\n\nFor Django 5.2 (5.2), by the Python Software Foundation; see Django."
    )
    assert snapshot(index_dir).text("own.rst") == "Own\n\nVersion its own."
    write(docs, "conf.py", "release = get_release()\nversion = '6.0'\n")  # (no prolog, no epilog)
    report = index(docs, index_dir)
    assert (report.updated, report.unchanged) == (1, 1)  # conf.py changed: the page that reads it is read again
    assert snapshot(index_dir).text("intro.rst") == "Intro\n\nFor Django 6.0 (|release|), by the |psf|; see Django_."


DJANGO_CONF = """\
import sys
from os.path import abspath, dirname, join

sys.path.append(abspath(join(dirname(__file__), "_ext")))
extensions = ["djangodocs", "sphinx.ext.extlinks"]
"""
DJANGODOCS = """\
def setup(app):
    app.add_crossref_type(directivename="setting", rolename="setting", indextemplate="pair: %s; setting")
    app.add_crossref_type("templatetag", "ttag")
    app.add_object_type(directivename="django-admin", rolename="djadmin")
"""
SETTINGS = """\
Settings
========

.. setting:: DEFAULT_AUTO_FIELD

``DEFAULT_AUTO_FIELD``
----------------------

Default: ``'django.db.models.AutoField'``

.. templatetag:: block

.. django-admin:: migrate

    Synchronizes the database state.
"""


def test_a_directive_the_projects_own_extension_registers_as_a_crossref_type_shows_nothing(tmp_path: Path) -> None:
    """Django's `.. setting:: DEFAULT_AUTO_FIELD` stands above the section that documents the setting: Sphinx
    makes it a target, invisible, where it was read as prose and the name came twice. Its extension, in the
    folder conf.py adds to sys.path, is read as text for its add_crossref_type calls, and read again when it
    changes."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", DJANGO_CONF)
    write(docs, "_ext/djangodocs.py", DJANGODOCS)
    write(docs, "ref/settings.rst", SETTINGS)
    index(docs, index_dir)
    assert snapshot(index_dir).text("ref/settings.rst") == (
        "Settings\n\nDEFAULT_AUTO_FIELD\n\nDefault: 'django.db.models.AutoField'\n\nmigrate\n\n"
        "Synchronizes the database state."
    )
    write(docs, "_ext/djangodocs.py", "def setup(app):\n    pass\n")
    assert index(docs, index_dir).updated == 1
    assert "block" in (snapshot(index_dir).text("ref/settings.rst") or "")


EXTLINKS = """\
extensions = ["sphinx.ext.extlinks", "myst_parser"]
extlinks = {
    "ticket": ("https://code.djangoproject.com/ticket/%s", "#%s"),
    "commit": ("https://github.com/django/django/commit/%s", None),
    "issue": ("https://github.com/x/y/issues/%s", "issue "),
}
"""


def test_an_extlinks_role_shows_its_caption_or_its_url(tmp_path: Path) -> None:
    """Django's release notes cite tickets as :ticket:`35020`, which Sphinx shows as "#35020"."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", EXTLINKS)
    roles = ":ticket:`35020`, :ticket:`the bug <35021>`, :commit:`abc1`, :issue:`7`."
    write(docs, "notes.rst", f"Notes\n=====\n\n{roles}\n")
    write(docs, "page.md", "# Page\n\nFixed in {ticket}`35022`.\n")
    index(docs, index_dir)
    assert snapshot(index_dir).text("notes.rst") == (
        "Notes\n\n#35020, the bug, https://github.com/django/django/commit/abc1, issue 7."
    )
    assert snapshot(index_dir).text("page.md") == "Page\n\nFixed in #35022."


def test_only_shows_the_body_of_a_tag_that_conf_py_adds_to_every_build(tmp_path: Path) -> None:
    """`.. only:: latex` is the PDF's and shows nothing on the web page; a tag conf.py's top level adds for
    every build (`tags.add("cloud")`) is the web page's too, and one it adds only under a condition is not known
    to be, so its body shows nothing, as `latex`'s."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", 'import os\ntags.add("cloud")\nif os.environ.get("X"):\n    tags.add("onprem")\n')
    write(
        docs,
        "install.rst",
        "Install\n=======\n\n.. only:: cloud\n\n   Zebracorn cloud setup.\n\n"
        ".. only:: onprem\n\n   Walrus rack setup.\n\n.. only:: latex\n\n   Printed narwhal notes.\n\n"
        ".. only:: html and not onprem\n\n   Quokka web tips.\n",
    )
    index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("install.rst") or ""
    assert "Zebracorn cloud setup." in text and "Quokka web tips." in text
    assert "Walrus" not in text and "narwhal" not in text


def test_text_in_backticks_alone_reads_as_conf_py_default_role_shows_it(tmp_path: Path) -> None:
    """attrs sets `default_role = "any"`, so `slotted <slotted classes>` is a reference that Sphinx shows as
    "slotted"; the page showed the target too. Without a default role it is a title, shown as written."""
    docs = tmp_path / "docs"
    page = "Glossary\n========\n\nWhether the class is `slotted <slotted classes>`, see `~attr.define`.\n"
    write(docs, "conf.py", 'default_role = "any"\n')
    write(docs, "page.rst", page)
    index(docs, tmp_path / "index")
    text = snapshot(tmp_path / "index").text("page.rst") or ""
    assert "Whether the class is slotted, see define." in text
    write(docs, "conf.py", "project = 'zoo'\n")
    index(docs, tmp_path / "index")
    assert "is slotted <slotted classes>, see ~attr.define." in (snapshot(tmp_path / "index").text("page.rst") or "")


EPILOG_WITH_ROLES = '''\
version = "6.0"
source_suffix = ".txt"
rst_epilog = """
.. |django-users| replace:: :ref:`django-users <django-users-mailing-list>`
"""
'''


def test_a_substitution_whose_definition_holds_a_role_shows_what_the_role_shows(tmp_path: Path) -> None:
    """Django's rst_epilog defines `|django-users|` as a :ref: to the mailing list: docutils, which knows no
    Sphinx role, refused the definition, and the FAQ read "Ask on the |django-users| list". A page's own
    definition that holds a role reads so too."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", EPILOG_WITH_ROLES)
    write(docs, "faq/help.txt", "FAQ: Getting Help\n=================\n\nAsk on the |django-users| list.\n")
    write(docs, "own.txt", "Own\n===\n\nUse |Cls|.\n\n.. |Cls| replace:: the :class:`~zebra.Herd` class\n")
    index(docs, index_dir)
    assert snapshot(index_dir).text("faq/help.txt") == "FAQ: Getting Help\n\nAsk on the django-users list."
    assert snapshot(index_dir).text("own.txt") == "Own\n\nUse the Herd class."


RAW_BREAK_EPILOG = '''\
rst_epilog = """
.. |br| raw:: html

   <br>
"""
'''
PLATFORM = """\
Platform Options
================

======== =====================
Mode     Support
======== =====================
|br|     none
======== =====================

|enable_mode| is not supported on this platform.

.. |enable_mode| replace:: Enable Mode |br| (Privilege Escalation)
"""


def test_a_substitution_that_refers_to_a_raw_one_of_the_epilog_reads_as_its_text(tmp_path: Path) -> None:
    """Ansible's rst_epilog defines `|br|` as raw HTML and its network pages define `|enable_mode|` as "Enable
    Mode |br| (Privilege Escalation)": docutils failed on the nested reference (KeyError: 'br'), and 23 pages were
    indexed as plain text, their directives as written (docutils fails so when the page refers to the outer one
    before defining it). A page that refers to one defined nowhere is plain text with a warning that names it."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", RAW_BREAK_EPILOG)
    write(docs, "platform.rst", PLATFORM)
    write(docs, "lone/index.rst", "Lone\n====\n\nSee |a|.\n\n.. |a| replace:: A |nowhere| B\n")
    report = index(docs, index_dir)
    assert warnings_of(report, "platform.rst") == []
    assert snapshot(index_dir).text("platform.rst") == (
        "Platform Options\n\nMode | Support\n | none\n\n"
        "Enable Mode  (Privilege Escalation) is not supported on this platform."
    )
    assert warnings_of(report, "lone/index.rst") == [
        "reStructuredText could not be parsed (UndefinedNested: a substitution's definition refers to |nowhere|,"
        " which is defined nowhere); indexed as plain text"
    ]


def test_a_parsed_literal_shows_the_version_and_roles_as_sphinx_does(tmp_path: Path) -> None:
    """Django's tutorial shows runserver's output in a parsed-literal, "Django version |version|": Sphinx reads
    its inline markup, and the page kept `|version|` as written where the prose beside it read 6.0. A
    code-block keeps the same text as written."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", EPILOG_WITH_ROLES)
    page = (
        "Tutorial\n========\n\n.. parsed-literal::\n\n    Django version |version|, see :doc:`zebracorn <x>`\n\n"
        ".. code-block:: text\n\n    Django version |version|, see :doc:`zebracorn <x>`\n"
    )
    write(docs, "intro/tutorial01.txt", page)
    index(docs, index_dir)
    assert snapshot(index_dir).text("intro/tutorial01.txt") == (
        "Tutorial\n\nDjango version 6.0, see zebracorn\n\nDjango version |version|, see :doc:`zebracorn <x>`"
    )


def test_a_reference_to_an_autosectionlabel_label_shows_the_sections_title(tmp_path: Path) -> None:
    """Django's conf.py loads sphinx.ext.autosectionlabel with autosectionlabel_prefix_document, and its pages
    write `:ref:`topics/http/urls:Example``, which Sphinx shows as the section's title, "Example"; the text
    showed the label. Without the option, or the extension, a label of that shape names nothing."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    conf = 'extensions = ["sphinx.ext.autosectionlabel"]\nautosectionlabel_prefix_document = True\n'
    write(docs, "conf.py", conf + 'source_suffix = ".txt"\n')
    write(
        docs,
        "topics/http/urls.txt",
        "URL dispatcher\n==============\n\n``path()`` Examples\n-------------------\n\nx\n",
    )
    write(docs, "guide.md", "# Guide\n\n## Zebracorn *care*\n\ny\n")
    page = "Intro\n=====\n\nSee :ref:`topics/http/urls:PATH() examples` and :ref:`guide:zebracorn care`.\n"
    write(docs, "intro.txt", page)
    index(docs, index_dir)
    assert "See path() Examples and Zebracorn care." in (snapshot(index_dir).text("intro.txt") or "")
    write(docs, "conf.py", conf.replace("True", "False") + 'source_suffix = ".txt"\n')
    index(docs, index_dir)
    assert "See topics/http/urls:PATH() examples and guide:zebracorn care." in (
        snapshot(index_dir).text("intro.txt") or ""
    )


CONSOLE_EXTENSION = """\
from sphinx.directives.code import CodeBlock
from sphinx.domains.std import Cmdoption


def setup(app):
    app.add_directive("django-admin-option", Cmdoption)
    app.add_directive("console", ConsoleDirective)


class ConsoleDirective(CodeBlock):
    required_arguments = 0
"""


def test_a_directive_the_projects_own_extension_registers_as_a_code_block_is_code(tmp_path: Path) -> None:
    """Django's `.. console::` is its extension's CodeBlock (shown as Unix and Windows tabs): read as prose, two
    commands lost their asterisks (`$ ./runtests.py *_tests` and `print('*x*')` read as emphasis between them).
    Kept as written, as a code-block is; another directive the extension adds stays prose."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", DJANGO_CONF)
    write(docs, "_ext/djangodocs.py", CONSOLE_EXTENSION)
    page = (
        "Tests\n=====\n\n.. console::\n\n    $ ./runtests.py *_tests zebracorn_\n    $ python -c \"print('*hi*')\"\n\n"
        ".. django-admin-option:: --noinput, --no-input\n\nSuppresses all *user* prompts.\n"
    )
    write(docs, "internals/tests.txt", page)
    write(docs, "conf.py", DJANGO_CONF + 'source_suffix = ".txt"\n')
    index(docs, index_dir)
    assert snapshot(index_dir).text("internals/tests.txt") == (
        "Tests\n\n$ ./runtests.py *_tests zebracorn_\n$ python -c \"print('*hi*')\"\n\n"
        "--noinput, --no-input\n\nSuppresses all user prompts."
    )


def test_a_doc_reference_ending_in_a_slash_shows_the_pages_title(tmp_path: Path) -> None:
    """Sphinx's own roles page says "See :doc:`/usage/referencing/`.": Sphinx joins the name as a path, its
    slash dropped, and shows "Cross-references"; the text showed the path."""
    docs, index_dir = tmp_path / "doc", tmp_path / "index"
    write(docs, "conf.py", "project = 'Sphinx'\n")
    write(docs, "usage/referencing.rst", "Cross-references\n================\n\nWords.\n")
    write(docs, "usage/restructuredtext/roles.rst", "Roles\n=====\n\nSee :doc:`/usage/referencing/`.\n")
    index(docs, index_dir)
    assert snapshot(index_dir).text("usage/restructuredtext/roles.rst") == "Roles\n\nSee Cross-references."


def test_a_doc_reference_to_a_markdown_page_reads_its_heading_in_linear_time(tmp_path: Path) -> None:
    """A MyST page's title for `:doc:` is its first `#` heading, found by the heading reader the loaders share:
    the pattern it had tried a run of blanks at each of its characters (28 s for 100,000 before the title's
    last word), and kept a closing `{#id}` in the title."""
    docs, index_dir = tmp_path / "doc", tmp_path / "index"
    write(docs, "conf.py", "project = 'Zoo'\nextensions = ['myst_parser']\n")
    write(docs, "usage/long.md", "# Zebracorn" + " " * 100_000 + "okapi\n\nWords.\n")
    write(docs, "usage/short.md", "# Narwhal guide {#narwhal}\n\nWords.\n")
    write(docs, "index.rst", "Index\n=====\n\nSee :doc:`usage/long` and :doc:`usage/short`.\n")
    started = time.perf_counter()
    index(docs, index_dir)
    assert time.perf_counter() - started < 20  # (each of the two reads of the long heading took 28 s)
    assert snapshot(index_dir).text("index.rst") == "Index\n\nSee Zebracorn and Narwhal guide."  # (titles are cut)


SETUP_IN_CONF = """\
project = "Zoo"


def setup(app):
    app.add_crossref_type("habitat", "habitat", "pair: %s; habitat")
    app.add_object_type("event", "event", "pair: %s; event", parse_event)
"""


def test_a_directive_conf_pys_own_setup_registers_reads_as_an_extensions_does(tmp_path: Path) -> None:
    """Sphinx runs conf.py's own `setup(app)` as an extension's (Sphinx's conf.py registers its `event` object
    type so): a cross-reference type it adds shows nothing, where the target's name read as a line of prose
    above the section that documents it."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", SETUP_IN_CONF)
    page = (
        "Events\n======\n\n.. habitat:: savanna\n\nSavanna\n-------\n\nWhere zebracorns graze.\n\n"
        ".. event:: herd-moved (app, herd)\n\n   Emitted when the herd moves.\n"
    )
    write(docs, "events.rst", page)
    index(docs, index_dir)
    assert snapshot(index_dir).text("events.rst") == (
        "Events\n\nSavanna\n\nWhere zebracorns graze.\n\nherd-moved (app, herd)\n\nEmitted when the herd moves."
    )


def test_the_theme_folders_conf_py_names_hold_no_pages(tmp_path: Path) -> None:
    """Django's docs keep their theme in `_theme/djangodocs/` (`html_theme_path = ["_theme"]`): its Jinja
    templates, layout.html, search.html and genindex.html, were indexed as pages (a search for "search" found
    the search page's template). A theme is no page; the site's own .txt pages are."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", 'source_suffix = ".txt"\nhtml_theme_path = ["_theme"]\ntemplates_path = ["./tpl"]\n')
    write(docs, "_theme/djangodocs/search.html", "{% extends 'layout.html' %}\n<h1>Search zebracorn</h1>\n")
    write(docs, "tpl/page.html", "{% block body %}<p>Zebracorn layout</p>{% endblock %}\n")
    write(docs, "index.txt", "Django documentation\n====================\n\nEverything about zebracorns.\n")
    report = index(docs, index_dir)
    assert [d.id for d in snapshot(index_dir).list_documents()] == ["index.txt"]
    reasons = skipped(report)
    assert "html_theme_path" in reasons["_theme/djangodocs/search.html"] and "tpl/page.html" in reasons


VERSION_WORDS = """\
from sphinx.writers.html import HTMLTranslator


def setup(app):
    app.add_directive("versionadded", VersionDirective)


class DjangoHTMLTranslator(HTMLTranslator):
    version_text = {
        "deprecated": "Django %s で撤廃されました",
        "versionchanged": "Changed in Django %s",
        "versionadded": "New in Django %s",
    }
"""


def test_a_version_note_reads_in_the_words_the_projects_extension_gives_it(tmp_path: Path) -> None:
    """Django's HTML translator writes "New in Django 5.1:" where Sphinx writes "Added in version 5.1:", and its
    Japanese translation "Django 1.0 で新たに登場しました": the pages read Sphinx's English words instead. A note
    the extension gives no words keeps Sphinx's."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", DJANGO_CONF + 'source_suffix = ".txt"\n')
    write(docs, "_ext/djangodocs.py", VERSION_WORDS)
    page = (
        "Settings\n========\n\n.. versionadded:: 5.1\n\n    The zebracorn setting.\n\n"
        ".. versionchanged:: 5.2\n\n.. deprecated:: 6.0\n\n    Use walrus.\n\n.. versionremoved:: 7.0\n"
    )
    write(docs, "ref/settings.txt", page)
    index(docs, index_dir)
    assert snapshot(index_dir).text("ref/settings.txt") == (
        "Settings\n\nNew in Django 5.1: The zebracorn setting.\n\nChanged in Django 5.2.\n\n"
        "Django 6.0 で撤廃されました: Use walrus.\n\nRemoved in version 7.0."
    )


def test_the_labels_sphinx_defines_itself_show_the_titles_sphinx_gives_them(tmp_path: Path) -> None:
    """sphinx-quickstart's index.rst, and Django's contents page, end with `* :ref:`genindex`` and
    `* :ref:`modindex``: Sphinx shows "Index" and "Module Index", the text said "genindex" and "modindex"."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", "project = 'x'\nextensions = ['myst_parser']\n")
    write(
        docs,
        "index.rst",
        "Zebracorn\n=========\n\nIndices and tables\n==================\n\n"
        "* :ref:`genindex`\n* :ref:`modindex`\n* :ref:`search`\n* :ref:`the index <genindex>`\n",
    )
    write(docs, "guide.md", "# Guide\n\nSee {ref}`genindex`.\n")
    write(docs, "own.rst", ".. _modindex:\n\nOur zebracorn modules\n=====================\n\nWords.\n")
    index(docs, tmp_path / "index", embeddings=False)
    text = snapshot(tmp_path / "index").text("index.rst") or ""
    assert "Index\nOur zebracorn modules\nSearch Page\nthe index" in text and "genindex" not in text
    assert "See Index." in (snapshot(tmp_path / "index").text("guide.md") or "")


def test_a_page_that_only_says_it_has_moved_is_no_page(tmp_path: Path) -> None:
    """Ansible keeps 60 pages where its guides used to be, each under the old title and saying only "This page has
    moved to :ref:`handlers`.": search ranked the notice second for "what is a handler", beside the page it points
    to. A page that says more, or mentions a move in passing, is a page."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", "project = 'zebra'\n")
    handlers = "Handlers: running operations on change\n======================================\n\n"
    write(docs, "guide/handlers.rst", f".. _handlers:\n\n{handlers}Handlers run when a task reports a change.\n")
    write(docs, "user_guide/handlers.rst", f":orphan:\n\n{handlers}This page has moved to :ref:`handlers`.\n")
    write(docs, "user_guide/cli.rst", "CLI\n===\n\nThe content on this page has moved to :ref:`handlers`.\n")
    write(docs, "moving.rst", "Moving\n======\n\nThis page has moved to a new server.\n\nIt explains how to move.\n")
    write(docs, "news.rst", "News\n====\n\nOur office has moved to Berlin: this page has moved nowhere.\n")
    report = index(docs, index_dir)
    reasons = skipped(report)
    assert set(reasons) == {"user_guide/handlers.rst", "user_guide/cli.rst"}
    assert reasons["user_guide/cli.rst"].startswith("a notice that the page has moved, and nothing else: no page")
    found = snapshot(index_dir).search("what is a handler", limit=5)
    assert [hit.document.id for hit in found] == ["guide/handlers.rst"]
    moving = snapshot(index_dir).text("moving.rst")
    assert moving == "Moving\n\nThis page has moved to a new server.\n\nIt explains how to move."


def test_an_include_from_the_source_folder_is_found_when_a_repository_is_indexed_from_its_root(
    tmp_path: Path,
) -> None:
    """Sphinx reads `.. include:: /shared_snippets/basic_concepts.txt` from its source folder, conf.py's: Ansible's
    repository indexed from its root looked for it there instead ("included file /shared_snippets/... does not
    exist"), and the page lost the text. Indexed from the source folder, the same."""
    repo = tmp_path / "repo"
    write(repo, "docs/rst/conf.py", "project = 'zebra'\n")
    write(repo, "docs/rst/shared/concepts.txt", "A zebracorn is a control node.\n")
    write(repo, "docs/rst/guide/concepts.rst", "Concepts\n========\n\n.. include:: /shared/concepts.txt\n")
    write(repo, "README.rst", "Readme\n======\n\nAbout.\n")
    for docs, doc_id in ((repo, "docs/rst/guide/concepts.rst"), (repo / "docs/rst", "guide/concepts.rst")):
        index_dir = tmp_path / f"index-{docs.name}"
        report = index(docs, index_dir)
        assert warnings_of(report, doc_id) == []
        assert snapshot(index_dir).text(doc_id) == "Concepts\n\nA zebracorn is a control node."


def test_a_reference_to_a_label_not_there_shows_its_title_once_a_page_defines_it(tmp_path: Path) -> None:
    """`:ref:`zebracorn-care`` to a label that no page defines reads as its label; once a page in another folder
    defines it, the referring page shows the section's title, though the referring page itself did not change.
    Until then a run with nothing changed reads nothing again (the documents folder itself, among the folders
    watched, counted as outside it: the page was read on every run)."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", "project = 'zebra'\n")
    write(docs, "index.rst", "Zebra\n=====\n\nFirst read :ref:`zebracorn-care`, then feed them.\n")
    index(docs, index_dir, embeddings=False)
    assert "First read zebracorn-care, then feed them." in (snapshot(index_dir).text("index.rst") or "")
    assert index(docs, index_dir, embeddings=False).updated == 0
    write(docs, "guide/deep/care.rst", ".. _zebracorn-care:\n\nCaring for zebracorns\n=====================\n\nHay.\n")
    index(docs, index_dir, embeddings=False)
    assert "First read Caring for zebracorns, then feed them." in (snapshot(index_dir).text("index.rst") or "")


def test_an_index_among_the_pages_is_no_folder_watched_for_labels(tmp_path: Path) -> None:
    """With --index inside DOCS (not hidden), the folders watched for a label that no page defines held the index's,
    whose generations change on every run: the referring page was read again on every run."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", "project = 'zebra'\n")
    write(docs, "index.rst", "Zebra\n=====\n\nFirst read :ref:`zebracorn-care`, then feed them.\n")
    index(docs, docs / "search-index", embeddings=False)
    assert index(docs, docs / "search-index", embeddings=False).updated == 0
    assert index(docs, docs / "search-index", embeddings=False).updated == 0
