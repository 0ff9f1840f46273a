"""A changelog written with the changelog extension (SQLAlchemy's, Alembic's, Mako's): each release's page shows
its own changes, under their version and date, with their tags and tickets, as the extension builds the page.
Found on SQLAlchemy: `changelog_imports` put every older changelog into each newer one (its 2.1 changelog held 3
million characters, the 0.1 changes in all fifteen pages), and no page said which release a change came in."""

from __future__ import annotations

from pathlib import Path

from support.folders import found, index, snapshot, warnings_of, write

CONF = 'extensions = ["sphinx.ext.autodoc", "changelog"]\n'
OLDER = """\
=============
1.3 Changelog
=============

.. changelog::
    :version: 1.3.24
    :released: March 30, 2021

    .. change::
        :tags: bug, schema
        :tickets: 6152

        Fixed the zebracorn constraint, see :ticket:`2892`.
"""
NEWER = """\
=============
1.4 Changelog
=============

.. changelog_imports::

    .. include:: changelog_13.rst
        :start-line: 5

.. changelog::
    :version: 1.4.1
    :include_notes_from: unreleased_14

.. changelog::
    :version: 1.4.0
    :released: March 15, 2021

    .. change::
        :tags: usecase, orm
        :tickets: 5701, 5702
        :pullreq: 412

        Added the periwinkle loader option.
"""


def _changelogs(docs: Path, conf: str) -> None:
    write(docs, "conf.py", conf)
    write(docs, "changelog/changelog_13.rst", OLDER)
    write(docs, "changelog/changelog_14.rst", NEWER)


def test_changelog_imports_puts_nothing_of_the_older_changelogs_in_the_page(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _changelogs(docs, CONF)
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["changelog/changelog_13.rst"]
    newer = snapshot(index_dir).text("changelog/changelog_14.rst") or ""
    assert "periwinkle" in newer and "zebracorn" not in newer and "1.3.24" not in newer
    assert not warnings_of(report, "changelog/changelog_14.rst")


def test_a_release_shows_its_version_and_date_and_a_change_its_tags_and_tickets(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _changelogs(docs, CONF)
    index(docs, index_dir)
    older = snapshot(index_dir).text("changelog/changelog_13.rst") or ""
    assert "1.3.24\n\nReleased: March 30, 2021\n\n[bug] [schema] Fixed the zebracorn constraint, see #2892." in older
    assert "References: #6152" in older and ":tags:" not in older
    newer = snapshot(index_dir).text("changelog/changelog_14.rst") or ""
    assert "1.4.1\n\nno release date\n\n1.4.0\n\nReleased: March 15, 2021" in newer
    assert "[usecase] [orm] Added the periwinkle loader option.\n\nReferences: #5701, #5702, pull request 412" in newer


def test_without_the_extension_a_changelog_directive_reads_as_prose(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _changelogs(docs, 'extensions = ["sphinx.ext.autodoc"]\n')
    index(docs, index_dir)
    older = snapshot(index_dir).text("changelog/changelog_13.rst") or ""
    assert "Fixed the zebracorn constraint" in older and "[bug]" not in older and "#2892" not in older


def test_towncriers_draft_entries_leave_no_trace_of_their_argument(tmp_path: Path) -> None:
    """pytest's changelog opens with `.. towncrier-draft-entries:: |release| [UNRELEASED DRAFT]`, which the site
    builds from the news fragments of changelog/ (outside the docs): the page began with "|release| [UNRELEASED
    DRAFT]" as if it were a release's heading."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", 'extensions = ["sphinxcontrib.towncrier.ext"]\n')
    page = "Changelog\n=========\n\n.. towncrier-draft-entries:: |release| [UNRELEASED DRAFT]\n\n"
    write(docs, "changelog.rst", page + "zebracorn 9.1 (2026-06-19)\n--------------------------\n\n- Fixed a bug.\n")
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "changelog.rst")
    text = snapshot(tmp_path / "index").text("changelog.rst")
    assert text == "Changelog\n\nzebracorn 9.1 (2026-06-19)\n\nFixed a bug."


ISSUES_PAGE = """Changelog
=========

- Fixed the zebracorn fixture, see :issue:`10819` and :issue:`14011, 14012` -- by :user:`yastcher`.
- In :pr:`11220` (:commit:`0123456789abcdef`), :user:`Steven <sloria>` fixed :issue:`sloria/konch#7`.
"""


def test_sphinx_issues_roles_read_as_the_extension_shows_them(tmp_path: Path) -> None:
    """pytest's changelog writes "See :issue:`10819`" and "by :user:`name`", which its site shows as "See #10819"
    and "by @name": the page read "See 10819" and "by name"."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", 'extensions = ["sphinx_issues"]\nissues_github_path = "zebra/zebracorn"\n')
    write(docs, "changelog.rst", ISSUES_PAGE)
    write(docs, "plain/conf.py", "extensions = []\n")
    write(docs, "plain/changelog.rst", ISSUES_PAGE)
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "changelog.rst")
    text = snapshot(tmp_path / "index").text("changelog.rst")
    assert "see #10819 and #14011, #14012 -- by @yastcher." in text
    assert "In #11220 (@0123456), Steven fixed sloria/konch#7." in text
    # without the extension, the roles are nobody's: their text as written
    assert "see 10819 and 14011, 14012 -- by yastcher" in snapshot(tmp_path / "index").text("plain/changelog.rst")


ANSIBLE_FILTERS = """\
Manipulating data
=================

The :ansplugin:`ansible.builtin.dict2items#filter` filter accepts
:ansopt:`ansible.builtin.dict2items#filter:key_name` and :ansopt:`ignore:value_name`. Check with the
:ansplugin:`assert <ansible.builtin.assert#module>` module that
:ansretval:`ansible.builtin.stat#module:stat.exists=true` after
:ansopt:`ansible.builtin.to_json#filter:ensure_ascii=False`, :ansopt:`ns.coll.web#role:main:port` and
:ansval:`yes` with :ansenvvar:`ANSIBLE_CONFIG=~/a.cfg`.
"""


def test_ansible_semantic_roles_read_as_antsibull_shows_them(tmp_path: Path) -> None:
    """Ansible's docs name options by their plugin (`:ansopt:`ansible.builtin.dict2items#filter:key_name``), which
    its site shows as key_name: the filter guide read "accepts ansible.builtin.dict2items#filter:key_name"."""
    docs = tmp_path / "docs"
    write(docs, "conf.py", "extensions = ['sphinx.ext.intersphinx', 'sphinx_antsibull_ext']\n")
    write(docs, "filters.rst", ANSIBLE_FILTERS)
    write(docs, "plain/conf.py", "extensions = []\n")
    write(docs, "plain/filters.rst", ANSIBLE_FILTERS)
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "filters.rst")
    assert snapshot(tmp_path / "index").text("filters.rst") == (
        "Manipulating data\n\nThe ansible.builtin.dict2items filter accepts\nkey_name and value_name. Check with the\n"
        "assert module that\nstat.exists=true after\nensure_ascii=False, port and\nyes with ANSIBLE_CONFIG=~/a.cfg."
    )
    # without the extension, the roles are nobody's: their text as written
    assert "accepts\nansible.builtin.dict2items#filter:key_name and" in (
        snapshot(tmp_path / "index").text("plain/filters.rst") or ""
    )
