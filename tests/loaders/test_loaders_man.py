"""Manual pages (roff: the man and mdoc macros), written as OpenSSH's and the Linux man-pages project's are: the
title, the sections and the text `man` shows; which `.1` files are pages; `.so`, link pages and `.gz` pages."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from indexer.errors import LoaderError
from indexer.loaders import HEAD_BYTES, indexable, loader_for

from support.folders import found, index, skipped, snapshot, text_of, write
from support.loaders import load

MDOC = rb""".\"	$OpenBSD: ssh.1,v 1.454 $
.\" Copyright (c) 1995 Tatu Ylonen
.Dd $Mdocdate: August 4 2026 $
.Dt SSH 1
.Os
.Sh NAME
.Nm ssh
.Nd OpenSSH remote login client
.Sh SYNOPSIS
.Nm ssh
.Op Fl 46AaC
.Op Fl B Ar bind_interface
.Op Fl c | s
.Op Fl D Oo Ar bind_address : Oc Ns Ar port
.Ar destination
.Op Ar command Op Ar argument ...
.Sh DESCRIPTION
.Nm
connects to
.Ar destination ,
which may be given as
.Sm off
.No ssh:// Oo Ar user @ Oc Ar hostname
.Op : Ar port .
.Sm on
See
.Xr ssh_config 5
and the
.Dq zebracorn
mode
.Pq see Sx AUTHENTICATION ,
or
.Sq Li ~. .
.Bl -tag -width Ds
.It Fl A
Enables forwarding of the agent.
.It Fl L Xo
.Sm off
.Oo Ar bind_address : Oc
.Ar port : host : hostport
.Sm on
.Xc
Forwards a port.
.El
.Ss Escapes
.Bl -bullet
.It
First item.
.El
.Bd -literal -offset indent
$ ssh -f -L 6667:localhost:6667 server.example.com
.Ed
.Sh AUTHENTICATION
.Bl -column "Type" "Meaning"
.It Sy Type Ta Sy Meaning
.It ed25519 Ta Edwards curve
.El
.Ex -std ssh
.UnknownMacro secretword
"""

MAN = rb"""'\" t
.\" Copyright (C) 2006 Michael Kerrisk
.TH OPEN 2 2021-08-27 "Linux" "Linux Programmer's Manual"
.de XX
.B macrobodysentinel
..
.ds Zc zebra\(emcorn
.SH NAME
open, openat, creat \- open and possibly create a file
.SH SYNOPSIS
.nf
.B #include <fcntl.h>
.PP
.BI "int open(const char *" pathname ", int " flags );
.BI "int openat(int " dirfd ", const char *" pathname ", int " flags \
", mode_t " mode );
.fi
.SH DESCRIPTION
The
.BR open ()
system call opens the file \fIpathname\fP, see
.BR fcntl (2).
Quotes: \*(lqdone\*(rq, \(aqa\(aq, \f(CWcode\fR, \*(Zc, a\-b.
.XX
.TP
.B O_APPEND
The file is opened in append mode.
.IP \(bu 2
A bullet item.
.\" a comment: commentsentinel
.SS Subsection
Text \" trailing commentsentinel
.EX
fd = open("x", O_RDONLY);
.EE
.if t .B troffsentinel
.if n .B nroffword
.ie t .B troffsentinel
.el .B elseword
.TS
allbox;
lb lb
l l.
Interface	Value
T{
.BR open (),
.BR openat ()
T}	MT-Safe
T{
.B creat
T}	T{
MT-Unsafe
T}
.TE
.unknownrequest rawsentinel
"""


def test_an_mdoc_page_reads_as_mandoc_shows_it() -> None:
    doc = load("ssh.1", MDOC)
    assert doc.format == "man"
    assert doc.title == "ssh(1): OpenSSH remote login client"
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("NAME", 1),
        ("SYNOPSIS", 1),
        ("DESCRIPTION", 1),
        ("Escapes", 2),
        ("AUTHENTICATION", 1),
    ]
    name, synopsis, description, escapes, authentication = (s.text for s in doc.sections)
    assert name == "ssh — OpenSSH remote login client"
    assert synopsis == (
        "ssh [-46AaC] [-B bind_interface] [-c | -s] [-D [bind_address:]port] destination [command [argument ...]]"
    )
    assert description.startswith(
        "ssh connects to destination, which may be given as ssh://[user@]hostname[:port]. See ssh_config(5) and "
        "the “zebracorn” mode (see AUTHENTICATION), or \u2018~.\u2019."
    )
    assert "-A\nEnables forwarding of the agent." in description
    assert "-L [bind_address:]port:host:hostport\nForwards a port." in description
    assert escapes == "• First item.\n\n$ ssh -f -L 6667:localhost:6667 server.example.com"
    assert authentication == (
        "Type | Meaning\ned25519 | Edwards curve\n\nThe ssh utility exits 0 on success, and >0 if an error occurs."
    )
    assert "secretword" not in description + authentication


def test_a_man_page_reads_as_man_shows_it() -> None:
    doc = load("open.2", MAN)
    assert doc.title == "open(2): open and possibly create a file"
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("NAME", 1),
        ("SYNOPSIS", 1),
        ("DESCRIPTION", 1),
        ("Subsection", 2),
    ]
    name, synopsis, description, subsection = (s.text for s in doc.sections)
    assert name == "open, openat, creat - open and possibly create a file"
    assert synopsis == (
        "#include <fcntl.h>\n\n"
        "int open(const char *pathname, int flags);\n"
        "int openat(int dirfd, const char *pathname, int flags, mode_t mode);"
    )
    assert description == (
        "The open() system call opens the file pathname, see fcntl(2). Quotes: “done”, 'a', code, zebra—corn, a-b."
        "\n\nO_APPEND\nThe file is opened in append mode.\n\n• A bullet item."
    )
    assert subsection == (
        'Text\n\nfd = open("x", O_RDONLY);\n\nnroffword elseword\n\n'
        "Interface | Value\nopen(), openat() | MT-Safe\ncreat | MT-Unsafe"
    )
    text = "\n".join(s.text for s in doc.sections)
    for unwanted in ("macrobodysentinel", "commentsentinel", "troffsentinel", "rawsentinel", "\\f", ".TP"):
        assert unwanted not in text


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("app.log.1", b"2024-01-01 12:00:00 INFO started\n.TH is not here\n"),
        ("notes.txt.2", b"Just some notes.\n"),
        ("data.3", b"\x00\x01binary"),
        ("archive.tar.gz", gzip.compress(b".TH A 1\n")),
        ("backup.1.gz", gzip.compress(b"plain old backup\n")),
    ],
)
def test_a_file_named_like_a_section_that_is_no_page_is_left_unread(name: str, content: bytes) -> None:
    assert loader_for(Path(name), content[:HEAD_BYTES]) is None
    assert not indexable(name, lambda: content[:HEAD_BYTES])


@pytest.mark.parametrize(
    "name",
    ["ssh.1", "perlfunc.1p", "Foo::Bar.3pm", "SSL_read.3ssl", "xterm.1x", "page.man", "page.mdoc", "ls.1.gz"],
)
def test_manual_section_names_are_read_as_pages(name: str) -> None:
    data = gzip.compress(MAN) if name.endswith(".gz") else MAN
    assert indexable(name, lambda: data[:HEAD_BYTES])
    assert load(name, data).title == "open(2): open and possibly create a file"


def test_a_page_opening_with_long_comments_or_pod2man_definitions_is_a_page() -> None:
    pod2man = b'.\\" Automatically generated by Pod::Man 4.14\n' + b'.\\" x\n' * 800
    pod2man += b".de Sp\n.if n .sp\n..\n.TH FOO 3pm\n.SH NAME\nFoo \\- does zebracorn\n.Vb 1\n\\&  my $x;\n.Ve\n"
    assert len(pod2man) > HEAD_BYTES
    doc = load("Foo.3pm", pod2man)
    assert doc.title == "Foo(3pm): does zebracorn"
    assert doc.sections[0].text == "Foo - does zebracorn\n\n  my $x;"


def test_a_gzip_bomb_is_refused_with_the_reason() -> None:
    bomb = gzip.compress(b".TH A 1\n" + b"a" * 40_000_000)
    with pytest.raises(LoaderError, match="unpacks to more than 16 MB"):
        load("bomb.1.gz", bomb)


def test_sourced_pages_are_put_in_place_and_link_pages_are_indexed_where_they_lead(docs: Path, index_dir: Path) -> None:
    """`.so man3/common.3` is found from the manual's root, as man finds it; a page that only sources another
    is that page, not a second copy of it; a log named .1 stays unread, counted by its suffix."""
    write(docs, "man/man3/common.3", ".SS Common\nShared okapi text.\n")
    write(docs, "man/man3/fstat.3", ".TH FSTAT 3\n.SH NAME\nfstat \\- get zebracorn status\n.so man3/common.3\n")
    write(docs, "man/man3/fstatat.3", '.\\" link\n.so man3/fstat.3\n')
    write(docs, "logs/app.log.1", "2024-01-01 started\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["man/man3/fstat.3"]
    assert "Shared okapi text." in text_of(index_dir, "man/man3/fstat.3")
    assert found(index_dir, "okapi") == ["man/man3/fstat.3"]  # common.3 opens with no .TH: no page of its own
    assert "link page" in skipped(report)["man/man3/fstatat.3"]
    assert dict(report.unread).get(".1") == 1


DOCBOOK = rb"""'\" t
.\" Generator: DocBook XSL Stylesheets vsnapshot <http://docbook.sf.net/>
.TH "GIT\-ADD" "1" "03/09/2024" "Git 2\&.44\&.0" "Git Manual"
.ie \n(.g .ds Aq \(aq
.el       .ds Aq '
.nh
.ad l
.SH "NAME"
git-add \- Add file contents to the index
.SH "SYNOPSIS"
.sp
.nf
\fIgit add\fR [\-\-verbose | \-v] [\-\-dry\-run | \-n]
          [\-\-] [<pathspec>\&...\&]
.fi
.SH "DESCRIPTION"
.PP
It\*(Aqs the \(lqzebracorn\(rq way\&.
.sp
.RS 4
.ie n \{\
\h'-04'\(bu\h'+03'\c
.\}
.el \{\
.sp -1
.IP \(bu 2.3
.\}
First bullet item\&.
.RE
"""


def test_a_docbook_generated_page_reads_as_man_shows_it() -> None:
    """Git's and many projects' pages come from DocBook: quoted headings, portability strings, nroff-only bullets."""
    doc = load("git-add.1", DOCBOOK)
    assert doc.title == "git-add(1): Add file contents to the index"
    assert [s.heading for s in doc.sections] == ["NAME", "SYNOPSIS", "DESCRIPTION"]
    assert doc.sections[1].text == "git add [--verbose | -v] [--dry-run | -n]\n          [--] [<pathspec>...]"
    assert doc.sections[2].text == "It's the “zebracorn” way.\n\n• First bullet item."


@pytest.mark.parametrize(
    "table",
    ["tab(:);\nl.\n" + ("\\*x:" * 24 + "\n") * 5_000, "l.\nT{\n" + "\\*x\n" * 120_000 + "T}\n"],
    ids=["rows", "block-cell"],
)
def test_a_table_naming_a_string_in_every_cell_is_bounded_as_text_is(table: str) -> None:
    """Each cell expands strings on a budget of its own: 480 KB of `\\*x` cells made 24 MB of text, past the
    page's 20 MB bound and with no warning (a 16 MB page, 800 MB)."""
    page = ".TH A 1\n.ds x " + "y" * 200 + "\n.TS\n" + table + ".TE\nAfter.\n"
    doc = load("table.1", page.encode())
    assert sum(len(section.text) for section in doc.sections) < 21_000_000  # (with the " | " between cells)
    assert doc.warnings == ("more than 20,000,000 characters of text: the rest left out",)


@pytest.mark.parametrize("macro", [".B", ".BR", ".SH"])
def test_a_macro_line_of_many_arguments_naming_a_string_grows_no_more_than_a_text_line(macro: str) -> None:
    """A macro's arguments share one line's budget of string expansion: each on a budget of its own, 600 KB of
    `.B \\*x \\*x ...` made 30 MB of text (a 16 MB page, 800 MB; as a heading, with no warning)."""
    page = ".TH A 1\n.ds x " + "y" * 200 + "\n" + macro + " \\*x" * 150_000 + "\nAfter.\n"
    doc = load("many.1", page.encode())
    assert sum(len(section.heading) + len(section.text) for section in doc.sections) < 1_000_000
    assert "yyyy" in doc.sections[-1].heading + doc.sections[-1].text


@pytest.mark.parametrize("name", ["archive.tar.gz", "data.csv.gz", "dump.sql.gz"])
def test_a_gzip_file_of_no_page_name_is_not_opened_while_scanning(name: str) -> None:
    """The scan asks a .gz file for its first bytes only when its name is a page's (`ls.1.gz`): a folder of
    archives or data dumps is not opened file by file to learn it holds no manual."""

    def head() -> bytes:
        raise AssertionError(f"{name} was opened")

    assert not indexable(name, head)


def test_an_mdoc_line_repeating_a_long_name_grows_no_more_than_a_text_line() -> None:
    """A bare `Nm` shows the page's name: 25 KB of `.Op Nm Nm ...` under a 10,000-character name made 50 MB of
    text (a 300 KB line, a gigabyte); the line's words are bounded as its strings are."""
    page = ".Dd x\n.Dt A 1\n.Sh NAME\n.Nm " + "n" * 10_000 + "\n.Sh A\n.Op" + " Nm" * 5_000 + "\nAfter.\n"
    doc = load("name.1", page.encode())
    assert sum(len(section.text) for section in doc.sections) < 100_000
    assert doc.sections[-1].text.startswith("[" + "n" * 10_000)
    assert doc.sections[-1].text.endswith("] After.")


def test_a_table_options_line_of_blanks_is_read() -> None:
    """`tab(` then blanks (its cost: test_loaders_hostile's PATHOLOGICAL); a table's own separator still splits
    its cells."""
    doc = load("blanks.1", (".TH A 1\n.TS\ntab(" + " " * 1_000 + ";\nl.\nzebracorn\n.TE\n").encode())
    assert doc.sections[0].text == "zebracorn"
    assert load("colons.1", b".TH A 1\n.TS\ntab( : );\nl l.\nzebra:corn\n.TE\n").sections[0].text == "zebra | corn"


def test_type_man_finds_the_manual_pages(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "man1/zebra.1", ".TH ZEBRA 1\n.SH NAME\nzebra \\- graze the okapi\n.SH DESCRIPTION\nOkapi grazing.\n")
    write(docs, "notes.md", "# Notes\n\nOkapi grazing, written down.\n")
    index(docs, index_dir)
    assert {hit.document.id for hit in snapshot(index_dir).search("okapi")} == {"man1/zebra.1", "notes.md"}
    for query in ("type:man okapi", "type:roff okapi", "okapi type:mdoc"):
        assert [hit.document.id for hit in snapshot(index_dir).search(query)] == ["man1/zebra.1"], query
    [hit] = snapshot(index_dir).search("type:man okapi")
    assert hit.document.title == "zebra(1): graze the okapi"
