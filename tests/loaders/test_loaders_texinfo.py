"""Texinfo loader, tested from manuals written the way GNU's are (bash's bashref.texi, make's make.texi): the
text the HTML manual shows, its title and headings, and @include put in place through the pipeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import document, found, index, text_of, warnings_of, write
from support.loaders import Content, assert_text, load

MANUAL = rb"""\input texinfo.tex    @c -*-texinfo-*-
@c %**start of header
@setfilename zebra.info
@settitle Zebracorn Reference Manual
@set EDITION 5.3
@set LOOP @value{LOOP}x
@c %**end of header

@copying
This is Edition @value{EDITION} of the manual.
@end copying

@titlepage
@title Titlepage Sentinel
@end titlepage

@ifnottex
@node Top
@top Zebracorn Features
@insertcopying
@end ifnottex

@menu
* Introduction::      menusentinel entry.
@end menu

@node Introduction
@chapter Introduction
@cindex indexsentinel
The @code{zebra} command reads @var{file} with @samp{-x}; press @kbd{C-c}
and see @file{/etc/zebra} @strong{now} @emph{here} @option{--fast} @env{HOME} @command{ls}.
Visit @uref{https://example.org/z, the home page} or mail @email{z@@example.org}.
@xref{Shell Syntax, , Shell Syntax Title}, and @pxref{Quoting}; also @ref{Node Only}.
An @dfn{okapi} is an @acronym{API, application interface} @@ @{braces@} @dots{} end.
Loop gives @value{LOOP}.  @c commentsentinel
@comment commentsentinel2

@ignore
ignoresentinel
@ignore
nestedignore
@end ignore
stillignored
@end ignore

@iftex
textexsentinel
@end iftex
@ifinfo
infosentinel
@end ifinfo
@ifhtml
htmlshown
@end ifhtml
@tex
rawtexsentinel @end
@end tex

@macro mymacro{arg}
macrosentinel \arg\
@end macro

@section Lists
@itemize @bullet
@item
First bullet.
@item Second bullet.
@end itemize
@enumerate
@item
Step one.
@item
Step two.
@end enumerate
@table @code
@item --verbose
@itemx -v
Say more.
@end table
@multitable @columnfractions .5 .5
@headitem Name @tab Value
@item alpha @tab 1
@end multitable

@subsection Code
@example
if [ -f @var{x} ]; then echo @{ok@}; fi
@end example
@verbatim
raw @code{kept} {
  second } line
@end verbatim
@ifset UNSET
unsetsentinel
@end ifset
@ifclear UNSET
clearshown
@end ifclear
@deffn Command zebractl arg
Runs zebractl.
@end deffn
@bye
after bye sentinel
"""

# blocks nested in hidden ones, an @end that closes nothing, @set inside a hidden block, accents and symbols
NESTED = rb"""@chapter Nested
@iftex
@example
hiddenexample
@end example
@set FLAG
@end iftex
@end quotation
@ifset FLAG
flagsentinel
@end ifset
Dvo@v{r}@'ak @ringaccent{A}ngstr@"om Erd@H{o}s user@@'s
Caf@'e na@"{i}ve @copyright{} @TeX{} @result{} x@*y @code{a, b} @footnote{noted}.
@ifnottex
shownafter
@end ifnottex
"""

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    ("nested.texi", NESTED, ["Dvořák Ångström Erdős user@'s\nCafé naïve © TeX ⇒ x\ny a, b (noted).", "shownafter"],
     ["hiddenexample", "flagsentinel", "@"]),
    ("zebra.texi", MANUAL,
     ["This is Edition 5.3 of the manual.", "The zebra command reads file with -x; press C-c",
      "see /etc/zebra now here --fast HOME ls.", "Visit the home page or mail z@example.org.",
      "See Shell Syntax Title, and see Quoting; also Node Only.",
      "An okapi is an API (application interface) @ {braces} ... end.", "Loop gives x.", "htmlshown",
      "- First bullet.\n- Second bullet.", "1. Step one.\n2. Step two.", "--verbose\n-v\nSay more.",
      "Name | Value\nalpha | 1", "if [ -f x ]; then echo {ok}; fi", "raw @code{kept} {\n  second } line\n",
      "clearshown",
      "Command: zebractl arg\nRuns zebractl."],
     ["@", "commentsentinel", "menusentinel", "indexsentinel", "ignoresentinel", "nestedignore", "stillignored",
      "textexsentinel", "infosentinel", "rawtexsentinel", "macrosentinel", "unsetsentinel", "after bye",
      "Titlepage Sentinel", "zebra.info", "\\input", "Top"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_texinfo_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    text = load(filename, content).sections
    assert_text(filename, content, must_include, [u for u in must_not_include if u != "@"] + ["@end", "@node"])
    left = "\n".join(section.text for section in text)
    for kept in must_include:
        left = left.replace(kept, "")
    assert "@" not in must_not_include or "@" not in left, left  # no @ but those the shown texts hold


def test_title_and_headings_are_the_manuals() -> None:
    doc = load("zebra.texi", MANUAL)
    assert doc.title == "Zebracorn Reference Manual"
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("Zebracorn Features", 1), ("Introduction", 1), ("Lists", 2), ("Code", 3)
    ]  # fmt: skip
    assert load("t.txi", b"@titlepage\n@title Only Titlepage\n@end titlepage\n@chapter A\nx\n").title == (
        "Only Titlepage"
    )


def test_a_manual_without_settitle_is_titled_by_its_top_or_first_chapter() -> None:
    assert load("t.texi", b"@node Top\n@top Okapi Manual\n@chapter Start\nzebracorn\n").title == "Okapi Manual"
    assert load("t.texi", b"@node Start\n@centerchap Zebracorn Start\nx\n@section More\ny\n").title == (
        "Zebracorn Start"
    )


def test_definitions_show_their_category_as_the_html_manual_does() -> None:
    doc = load(
        "defs.texi",
        b"@chapter Defs\n@defun zebra-fn x y\nA function.\n@end defun\n"
        b"@deftypefn {Library Function} int okapi (int @var{n})\n"
        b"@deftypefnx {Library Function} int okapi2 (void)\nReturns.\n@end deftypefn\n"
        b"@defopt zebra-option\n@end defopt\n@defmethod Window show flag\n@end defmethod\n",
    )
    assert doc.sections[0].text == (
        "Function: zebra-fn x y\nA function.\nLibrary Function: int okapi (int n)\n"
        "Library Function: int okapi2 (void)\nReturns.\nUser Option: zebra-option\nMethod on Window: show flag"
    )


def test_quotation_argument_inforef_and_letters_past_z() -> None:
    doc = load(
        "misc.texi",
        b"@chapter Misc\n@quotation Warning\nHot @code{x}.\n@end quotation\n"
        b"@inforef{Node, Zebra Name, zebrafile}.\n@enumerate y\n@item one\n@item two\n@item three\n@end enumerate\n",
    )
    assert doc.sections[0].text == "Warning:\nHot x.\nZebra Name.\ny. one\nz. two\naa. three"
    doc = load("center.texi", b"@chapter A\n@center Zebra Centered\n@noindent Okapi text\n@exdent Out\n")
    assert doc.sections[0].text == "Zebra Centered\nOkapi text\nOut"


def test_deflines_in_a_defblock_open_no_block() -> None:
    """Texinfo 7's @defblock holds @defline lines: each taken for a block left 9 open inside @iftex, whose @end was
    then not found, and the rest of the manual was hidden."""
    lines = b"@defline Command zebra-cmd x\n" * 9
    doc = load("defblock.texi", b"@chapter A\n@defblock\n" + lines + b"@end defblock\n@iftex\n@defblock\n" + lines
               + b"@end defblock\n@end iftex\nokapi after\n")  # fmt: skip
    assert doc.sections[0].text == "Command: zebra-cmd x\n" * 9 + "okapi after"


def test_a_value_is_as_set_at_its_line() -> None:
    """A section's text is reduced when it ends: a later @set or @clear changed (or emptied) the values before it."""
    doc = load("values.texi", b"@chapter A\n@set V zebra, {one}\nFirst @value{V}.\n@set V okapi\n"
               b"Then @xref{@value{V}}.\n@clear V\nGone @value{V}.\n")  # fmt: skip
    assert doc.sections[0].text == "First zebra, one.\nThen See okapi.\nGone ."


def test_unclosed_braces_and_blocks_keep_their_text() -> None:
    doc = load("open.texinfo", b"@chapter Open @code{x\n@example\nzebracorn @emph{deep\n}}} tail\n")
    assert doc.sections[0].heading == "Open x"
    assert "zebracorn deep" in doc.sections[0].text and "tail" in doc.sections[0].text


def test_a_hidden_block_never_ended_is_told() -> None:
    doc = load("open.texi", b"@chapter A\nshown\n@ignore\nlost\n@end example\n")
    assert "lost" not in doc.sections[0].text
    assert doc.warnings == ("@ignore is never ended (no @end ignore): the text after it is left out",)
    assert load("zebra.texi", MANUAL).warnings == ()


def test_a_manual_through_the_pipeline_reads_its_includes(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "doc/version.texi", "@set VERSION 5.3\n@set UPDATED 1 May 2025\n")
    write(
        docs,
        "doc/manual.texi",
        "@settitle Okapi Manual\n@include version.texi\n@include self.texi\n"
        "@chapter Start\nVersion @value{VERSION}, updated @value{UPDATED}: zebracorn.\n@include gone.texi\n"
        "@set PARTS parts\n@include @value{PARTS}/part.texi\n",  # @value is expanded on an @include line
    )
    write(docs, "doc/parts/part.texi", "@section Part\nokapipart\n")
    write(docs, "doc/self.texi", "@chapter Self\nselfsentinel\n@include self.texi\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["doc/manual.texi"]
    assert document(index_dir, "doc/manual.texi").title == "Okapi Manual"
    text = text_of(index_dir, "doc/manual.texi")
    assert "Version 5.3, updated 1 May 2025: zebracorn." in text
    assert 0 < text.count("selfsentinel") <= 11
    assert "okapipart" in text
    assert report.added == 3  # the manual, part.texi and self.texi: version.texi holds nothing but @set lines, no page
    assert not any("version.texi" in w.id for w in report.warnings)
    assert any("gone.texi does not exist" in w for w in warnings_of(report, "doc/manual.texi"))
