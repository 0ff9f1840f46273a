"""A folder shaped like Python's PEPs (peps/conf.py loading pep_sphinx_extensions, pep-NNNN.rst files that open with
an RFC 2822 header): titles as peps.python.org shows them, the header as its table, and the extension's banners."""

from __future__ import annotations

import time
from pathlib import Path

from support.folders import document, found, index, skipped, text_of, write

CONF = 'extensions = ["pep_sphinx_extensions", "sphinx.ext.intersphinx"]\nhtml_baseurl = "https://peps.python.org"\n'

STYLE = """PEP: 8
Title: Style Guide for Python Code
Author: Guido van Rossum <guido@python.org>,
        Barry Warsaw <barry@python.org>
BDFL-Delegate:
Status: Active
Type: Process
Created: 05-Jul-2001
Post-History: `18-Feb-2025 <https://discuss.python.org/t/81182>`__,
              `09-Aug-2024 <https://discuss.python.org/t/60408>`__,
Resolution: `11-Sep-2025 <https://discuss.python.org/t/86617/15>`__


Introduction
============

Zebracorn conventions for the standard library.
"""


def test_pep_title_is_its_number_and_title(docs: Path, index_dir: Path) -> None:
    write(docs, "conf.py", CONF)
    write(docs, "pep-0008.rst", STYLE)
    write(docs, "pep-0484.rst", "PEP: 0484\nTitle: Type  Hints\nStatus: Final\n\nAbstract\n========\n\nHints.\n")
    write(docs, "pep-0604.rst", "PEP: 604\nTitle: Allow writing union types as ``X | Y``\n\nBody.\n")
    # a title ending "::" would make the fields below it a literal block: they are read as written then
    write(docs, "pep-0692.rst", "PEP: 692\nTitle: More precise \\*\\*kwargs typing::\nStatus: Final\n\nBody.\n")
    write(docs, "pep-0012/pep-NNNN.rst", "PEP: NNNN\nTitle: Template\n\nAbstract\n========\n\nText.\n")
    index(docs, index_dir)
    assert document(index_dir, "pep-0008.rst").title == "PEP 8 \N{EN DASH} Style Guide for Python Code"
    assert document(index_dir, "pep-0484.rst").title == "PEP 484 \N{EN DASH} Type Hints"
    assert document(index_dir, "pep-0012/pep-NNNN.rst").title == "Template"
    assert document(index_dir, "pep-0604.rst").title == "PEP 604 \N{EN DASH} Allow writing union types as X | Y"
    assert document(index_dir, "pep-0692.rst").title == "PEP 692 \N{EN DASH} More precise **kwargs typing:"
    assert text_of(index_dir, "pep-0692.rst") == "Status: Final\n\nBody."
    assert found(index_dir, "style guide python")[0] == "pep-0008.rst"


def test_pep_header_reads_as_the_sites_table(docs: Path, index_dir: Path) -> None:
    write(docs, "conf.py", CONF)
    write(docs, "pep-0008.rst", STYLE)
    index(docs, index_dir)
    text = text_of(index_dir, "pep-0008.rst")
    header = text.split("\n\n")[0].split("\n")
    assert header == [
        "Author: Guido van Rossum <guido@python.org>, Barry Warsaw <barry@python.org>",
        "Status: Active",
        "Type: Process",
        "Created: 05-Jul-2001",
        "Post-History: 18-Feb-2025, 09-Aug-2024",
        "Resolution: 11-Sep-2025",
    ]
    assert "discuss.python.org" not in text and "`" not in text
    assert "Zebracorn conventions" in text


BANNERED = """PEP: 615
Title: Support for the IANA Time Zone Database
Author: Paul Ganssle <paul at ganssle.io>
Status: Final

.. canonical-doc:: :external+python:mod:`zoneinfo`

Abstract
========

Zebracorn time zones.
"""

REJECTED = """PEP: 204
Title: Range Literals
Author: Thomas Wouters <thomas@python.org>
Status: Rejected

.. rejected::

   After careful consideration, unicornfish.

Introduction
============

Ranges.
"""

SUPERSEDED = "PEP: 291\nTitle: Old\nStatus: Superseded\n\n.. superseded:: 387\n\nAbstract\n========\n\nOld words.\n"


def test_pep_banners_say_what_the_site_says(docs: Path, index_dir: Path) -> None:
    write(docs, "conf.py", CONF)
    write(docs, "pep-0615.rst", BANNERED)
    write(docs, "pep-0204.rst", REJECTED)
    write(docs, "pep-0291.rst", SUPERSEDED)
    index(docs, index_dir)
    bannered, rejected = text_of(index_dir, "pep-0615.rst"), text_of(index_dir, "pep-0204.rst")
    assert (
        "Important\n\nThis PEP is a historical document. The up-to-date, canonical documentation can now be found "
        "at zoneinfo.\n\nSee PEP 1 for how to propose changes.\n\nAbstract" in bannered
    )
    assert "Warning\n\nThis PEP has been rejected.\n\nAfter careful consideration, unicornfish." in rejected
    assert "Important\n\nThis PEP has been superseded by PEP 387." in text_of(index_dir, "pep-0291.rst")
    assert found(index_dir, "historical document") == ["pep-0615.rst"]


def test_banner_directives_are_prose_without_the_pep_extension(docs: Path, index_dir: Path) -> None:
    write(docs, "conf.py", 'extensions = ["sphinx.ext.intersphinx"]\n')
    write(docs, "notes.rst", "Notes\n=====\n\n.. rejected:: zebracorn idea\n\n   Its unicornfish reasons.\n")
    index(docs, index_dir)
    text = text_of(index_dir, "notes.rst")
    assert "zebracorn idea\n\nIts unicornfish reasons." in text
    assert "This PEP" not in text


def test_hostile_pep_header_is_read_in_bounded_time(docs: Path, index_dir: Path) -> None:
    write(docs, "conf.py", CONF)
    header = "PEP: 9\nTitle: Zebracorn\nPost-History: " + "`" * 100_000 + "\nAuthor: " + "<" * 100_000 + "\n\n"
    write(docs, "pep-0009.rst", header + "Abstract\n========\n\nUnicornfish.\n")
    write(docs, "pep-0010.rst", "PEP: 10\nTitle: " + "x: " * 50_000 + "\n\nBody.\n")
    started = time.monotonic()
    report = index(docs, index_dir)
    assert time.monotonic() - started < 20
    assert skipped(report) == {}
    assert document(index_dir, "pep-0009.rst").title == "PEP 9 \N{EN DASH} Zebracorn"
    assert found(index_dir, "unicornfish") == ["pep-0009.rst"]
    assert document(index_dir, "pep-0010.rst").title.startswith("PEP 10 \N{EN DASH} x: x:")


def test_pep_header_leaves_out_the_fields_the_site_removes(docs: Path, index_dir: Path) -> None:
    # PEPHeaders drops these; a header with no PEP number keeps them (test_loaders_rst.py)
    header = "PEP: 1\nTitle: Zebracorn\nVersion: $Revision$\nLast-Modified: $Date$\nContent-Type: text/x-rst\n"
    write(docs, "conf.py", CONF)
    write(docs, "pep-0001.rst", header + "Status: Active\n\nBody.\n")
    index(docs, index_dir)
    assert text_of(index_dir, "pep-0001.rst") == "Status: Active\n\nBody."
