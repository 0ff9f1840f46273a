"""Notebook and e-mail loaders, tested from a table of files: what their text must and must not contain."""

from __future__ import annotations

import base64
import json
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest

from indexer.errors import LoaderError
from indexer.loaders.notebook import MAX_OUTPUT_CHARS

from support.folders import document, found, index, text_of, write
from support.loaders import Content, assert_text, load

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4).decode()


def notebook(cells: list[dict[str, object]], metadata: dict[str, object] | None = None) -> bytes:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": metadata or {}, "cells": cells}).encode()


ANALYSIS = notebook(
    [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": ["# Churn analysis\n", "\n", "We study *zebracorn* churn."],
        },
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": 1,
            "source": "df = load('customers')\nprint(df.shape)",
            "outputs": [
                {"output_type": "stream", "name": "stdout", "text": ["(1200, 8)\n"]},
                {
                    "output_type": "display_data",
                    "metadata": {},
                    "data": {
                        "image/png": PNG,
                        "text/plain": ["<Figure size 640x480>"],
                        "text/html": "<b>htmlsentinel</b>",
                    },
                },
                {
                    "output_type": "error",
                    "ename": "KeyError",
                    "evalue": "'unicornfish'",
                    "traceback": ["\x1b[0;31mtracebacksentinel\x1b[0m"],
                },
            ],
        },
        {"cell_type": "markdown", "metadata": {}, "source": "## Findings\n\nChurn fell after the ```fence``` change."},
        {"cell_type": "code", "metadata": {}, "source": "s = '''\n```\nnot a fence end\n'''", "outputs": []},
    ],
    {"title": "Churn study", "authors": [{"name": "Dana Data"}], "kernelspec": {"name": "python3"}},
)

NBFORMAT3 = json.dumps(
    {
        "nbformat": 3,
        "metadata": {"name": ""},
        "worksheets": [
            {
                "cells": [
                    {"cell_type": "heading", "level": 1, "source": ["Old zebracorn notebook"]},
                    {"cell_type": "code", "input": "1 + 1", "outputs": [{"output_type": "pyout", "text": ["2"]}]},
                ]
            }
        ],
    }
).encode()


def email_by_the_email_package() -> bytes:
    message = EmailMessage()
    message["Subject"] = "Decision: zebracorn launch date"
    message["From"] = "Ana Lead <ana@example.com>"
    message["To"] = "team@example.com"
    message["Date"] = "Tue, 04 Mar 2025 10:15:00 +0000"
    message.set_content("We launch on 12 May. The unicornfish pilot waits.\n")
    message.add_alternative("<p>htmlpartsentinel</p>", subtype="html")
    message.add_attachment(b"%PDF-1.4 attachmentsentinel", maintype="application", subtype="pdf", filename="plan.pdf")
    return message.as_bytes(policy=SMTP)


HTML_ONLY_EMAIL = (
    b"From: =?utf-8?q?Jos=C3=A9?= <jose@example.com>\r\n"
    b"To: a@example.com, b@example.com\r\n"
    b"Cc: c@example.com\r\n"
    b"Subject: =?utf-8?b?Q2Fmw6kgbWVudQ==?=\r\n"
    b"Date: not a date\r\n"
    b"MIME-Version: 1.0\r\n"
    b'Content-Type: text/html; charset="utf-8"\r\n'
    b"Content-Transfer-Encoding: quoted-printable\r\n\r\n"
    b"<html><head><style>.stylesentinel{}</style></head><body><h1>Caf=C3=A9 zebracorn</h1>"
    b"<p>Soup of the=\r\n day</p><script>scriptsentinel()</script></body></html>\r\n"
)

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    # filename, content, must_include, must_not_include
    (
        "analysis.ipynb",
        ANALYSIS,
        ["Churn study", "Churn analysis", "We study zebracorn churn.", "print(df.shape)", "(1200, 8)",
         "KeyError: 'unicornfish'", "Findings", "after the fence change", "not a fence end"],
        [PNG[:40], "iVBOR", "htmlsentinel", "tracebacksentinel", "cell_type", "execution_count", "kernelspec",
         "<Figure size 640x480>"],  # the figure is shown, not its repr
    ),
    ("old.ipynb", NBFORMAT3, ["Old zebracorn notebook", "1 + 1", "2"], ["worksheets"]),
    (
        "decision.eml",
        email_by_the_email_package,
        ["Decision: zebracorn launch date", "From: Ana Lead <ana@example.com>", "To: team@example.com",
         "Date: Tue, 04 Mar 2025 10:15:00 +0000", "We launch on 12 May.", "Attachments: plan.pdf"],
        ["htmlpartsentinel", "attachmentsentinel", "Content-Type", "base64"],
    ),
    (
        "menu.eml",
        HTML_ONLY_EMAIL,
        ["Café menu", "From: José <jose@example.com>", "To: a@example.com, b@example.com", "Cc: c@example.com",
         "Café zebracorn", "Soup of the day"],
        ["stylesentinel", "scriptsentinel", "<h1>", "=C3=A9", "quoted-printable"],
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_notebook_and_email_text(
    filename: str, content: Content, must_include: list[str], must_not_include: list[str]
) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_notebook_headings_become_sections_and_metadata_names_the_author() -> None:
    doc = load("analysis.ipynb", ANALYSIS)
    assert doc.format == "ipynb"
    assert doc.title == "Churn study"
    assert [s.heading for s in doc.sections] == ["Churn analysis", "Findings"]
    assert doc.front_matter["author"] == "Dana Data"


def test_front_matter_in_a_notebooks_first_cell_is_the_notebooks() -> None:
    """MyST's notebooks (Jupyter Book's quickstart) open with a Markdown cell of front matter: the title was the
    file's name, and the text began with "title: ... subtitle: ... author: name: ..."."""
    cells = [
        {
            "cell_type": "markdown",
            "source": "---\ntitle: Linking Zebracorn Notebooks\nsubtitle: A tour\n"
            "authors:\n  - name: Rowan\n---\n\nIntro words.",
        },
        {"cell_type": "code", "source": "print(1)", "outputs": []},
    ]
    doc = load("02-notebook.ipynb", notebook(cells, {"title": "Metadata title"}))
    assert doc.title == "Linking Zebracorn Notebooks"
    text = "\n".join(s.text for s in doc.sections)
    assert text.startswith("Intro words.") and "subtitle" not in text and "Rowan" not in text


def test_a_long_output_is_cut() -> None:
    cells = [
        {"cell_type": "code", "source": "", "outputs": [{"output_type": "stream", "text": "x" * 50_000 + " tail"}]}
    ]
    text = "".join(s.text for s in load("long.ipynb", notebook(cells)).sections)
    assert "… (output cut)" in text
    assert "tail" not in text
    assert len(text) < MAX_OUTPUT_CHARS + 100


def test_email_subject_is_the_title_and_sender_and_date_are_metadata() -> None:
    doc = load("decision.eml", email_by_the_email_package)
    assert doc.format == "eml"
    assert doc.title == "Decision: zebracorn launch date"
    assert doc.front_matter == {"author": "Ana Lead <ana@example.com>", "created": "2025-03-04T10:15:00+00:00"}
    assert "created" not in load("menu.eml", HTML_ONLY_EMAIL).front_matter  # "not a date" is not a date


NESTED_MAIL = (
    "Subject: deep\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n"
    + "".join(f"--b{i}\r\nContent-Type: multipart/mixed; boundary=b{i + 1}\r\n\r\n" for i in range(5000))
    + "text\r\n"
    + "".join(f"--b{i}--\r\n" for i in reversed(range(5000)))
).encode()


@pytest.mark.parametrize(
    ("filename", "content", "reason"),
    [
        ("broken.ipynb", b'{"cells": [', "not a readable notebook: not JSON"),
        ("list.ipynb", b"[1, 2]", "not a readable notebook: the JSON is not an object"),
        ("nocells.ipynb", b'{"metadata": {}}', "not a readable notebook: no list of cells"),
        ("deep.ipynb", b"[" * 100_000 + b"]" * 100_000, "not a readable notebook"),
        ("empty.eml", b"", "not a readable e-mail: no headers"),
        (
            "outlook.eml",
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2048),
            "not a readable e-mail: an Outlook .msg file",
        ),
        ("deep.eml", NESTED_MAIL, "not a readable e-mail: its parts are nested too deeply"),
    ],
)
def test_unreadable_notebooks_and_emails_say_why(filename: str, content: bytes, reason: str) -> None:
    with pytest.raises(LoaderError) as raised:
        load(filename, content)
    assert str(raised.value).startswith(reason)


def test_notebooks_and_emails_through_the_pipeline(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "analysis.ipynb", ANALYSIS)
    write(docs, "decision.eml", email_by_the_email_package())
    assert index(docs, index_dir).added == 2
    assert found(index_dir, "type:ipynb zebracorn") == ["analysis.ipynb"]
    assert found(index_dir, "type:email zebracorn") == ["decision.eml"]
    assert document(index_dir, "decision.eml").title == "Decision: zebracorn launch date"


def _cell(source: str, tags: list[str], output: str = "", **metadata: object) -> dict[str, object]:
    outputs = [{"output_type": "stream", "name": "stdout", "text": output}] if output else []
    return {"cell_type": "code", "metadata": {"tags": tags, **metadata}, "source": source, "outputs": outputs}


TAGGED = notebook(
    [
        {"cell_type": "markdown", "metadata": {}, "source": "# Sharp bits\n\nProse about zebracorn."},
        _cell("%xmode minimal  # setupword", ["remove-cell"], "setupoutput"),
        _cell("import secretinput", ["remove-input"], "shownoutput"),
        _cell("print(plot)", ["remove_output"], "hiddenoutput"),
        _cell("hidden_by_nbsphinx()", [], "nbsphinxoutput", nbsphinx="hidden"),
        _cell("kept = 1", ["hide-input"], "keptoutput"),
    ]
)
MYST_NB_PAGE = """---
jupytext:
  formats: md:myst
kernelspec:
  name: python3
---

```{code-cell}
:tags: [remove-cell]

# This ensures that code cell tracebacks appearing below will be concise.
%xmode minimal
```

# Just-in-time compilation

Words on zebracorn compilation.

```{code-cell}
---
tags: [hide-output, remove-input]
---
import plotting_helper
```

```{code-cell}
:tags: [hide-input]

selu_jit = jax.jit(selu)
```
"""


def test_what_a_cells_tags_remove_from_the_built_page_is_no_text(tmp_path: Path) -> None:
    """MyST-NB, Jupyter Book and nbsphinx leave out a cell tagged remove-cell (nbsphinx: hidden), the code of one
    tagged remove-input and the outputs of one tagged remove-output; JAX's jit page opened with its
    `%xmode minimal` set-up cell, before its title. Cells hidden behind a toggle (hide-input) are on the page."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "conf.py", "extensions = ['myst_nb']\n")
    write(docs, "sharp_bits.ipynb", TAGGED)
    write(docs, "jit.md", MYST_NB_PAGE)
    index(docs, index_dir)
    notebook_text = text_of(index_dir, "sharp_bits.ipynb")
    for gone in ("setupword", "setupoutput", "secretinput", "hiddenoutput", "nbsphinx"):
        assert gone not in notebook_text
    for kept in ("shownoutput", "print(plot)", "kept = 1", "keptoutput"):
        assert kept in notebook_text
    assert document(index_dir, "jit.md").title == "Just-in-time compilation"
    page_text = text_of(index_dir, "jit.md")
    assert page_text.startswith("Just-in-time compilation\n\nWords on zebracorn compilation.")
    assert "selu_jit = jax.jit(selu)" in page_text
    assert "xmode" not in page_text and "plotting_helper" not in page_text


# Chinese mail software labels GBK "gb2312": "镕" (in 朱镕基) is GBK's, not GB2312's, as browsers and mail readers know.
GBK_SUBJECT = "会议纪要 朱镕基"
GBK_MAIL = (
    b"From: a@example.cn\r\nSubject: =?gb2312?B?"
    + base64.b64encode(GBK_SUBJECT.encode("gbk"))
    + b"?=\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=gb2312\r\n"
    + b"Content-Transfer-Encoding: 8bit\r\n\r\n"
    + "纪要正文 朱镕基 zebracorn".encode("gbk")
    + b"\r\n"
)


def test_a_mail_labelled_gb2312_reads_as_gbk(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "minutes.eml", GBK_MAIL)
    write(docs, "page.html", b"<meta charset=gb2312><title>t</title><p>" + "页面 朱镕基 unicornfish".encode("gbk"))
    index(docs, index_dir, embeddings=False)
    assert document(index_dir, "minutes.eml").title == GBK_SUBJECT
    assert "纪要正文 朱镕基 zebracorn" in text_of(index_dir, "minutes.eml")
    assert "页面 朱镕基 unicornfish" in text_of(index_dir, "page.html")
    assert "\ufffd" not in text_of(index_dir, "minutes.eml") + text_of(index_dir, "page.html")


# nbformat 2 (IPython 0.12) stored a multi-line string as its lines without their ends.
NBFORMAT_2 = json.dumps(
    {
        "nbformat": 2,
        "metadata": {"name": ""},
        "worksheets": [
            {
                "cells": [
                    {"cell_type": "markdown", "source": ["# Zebracorn notebook", "", "First line", "second line."]},
                    {"cell_type": "code", "input": ["x = 1", "print(x)"], "outputs": []},
                ]
            }
        ],
    }
).encode()


def test_an_nbformat_2_notebook_keeps_its_lines_apart(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "old.ipynb", NBFORMAT_2)
    index(docs, index_dir, embeddings=False)
    assert document(index_dir, "old.ipynb").title == "Zebracorn notebook"
    text = text_of(index_dir, "old.ipynb")
    assert "Zebracorn notebook\n\nFirst line second line." in text  # a Markdown paragraph, as rendered
    assert "x = 1\nprint(x)" in text


def test_a_charset_label_that_names_no_character_set_is_read_as_no_label(tmp_path: Path) -> None:
    """Python's codecs include bytes-to-bytes ones (hex, base64), text-to-text ones (rot13) and idna, which
    bytes.decode refuses or which fail on any text: a mail labelled so failed as a whole (LookupError: 'hex' is
    not a text encoding), and so did a page."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    labels = ("hex", "base64", "rot13", "idna")
    for label in labels:
        mail = (
            f"From: a@example.org\r\nSubject: =?{label}?Q?Subject_{label}wort?=\r\nMIME-Version: 1.0\r\n"
            f"Content-Type: text/plain; charset={label}\r\n\r\nThe {label}wort mail.\r\n"
        )
        write(docs, f"{label}.eml", mail.encode())
        write(docs, f"{label}.html", f"<meta charset={label}><title>t</title><p>The {label}wort page.".encode())
    report = index(docs, index_dir, embeddings=False)
    assert report.skipped == ()
    for label in labels:
        assert sorted(found(index_dir, f"{label}wort")) == [f"{label}.eml", f"{label}.html"]
        assert f"The {label}wort mail." in text_of(index_dir, f"{label}.eml")


def _mail_part(content_type: str, body: bytes) -> bytes:
    headers = f"From: a@example.org\r\nSubject: s\r\nMIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\r\n"
    return headers.encode() + body


@pytest.mark.parametrize(
    "content_type",
    ['text/plain; charset="x-unknown"', "text/plain; charset=utf8x", "text/plain", "text/plain; charset=us-ascii"],
)
@pytest.mark.parametrize("encoding", ["utf-8", "cp1252"])
def test_a_part_of_unknown_or_no_charset_reads_as_text_of_unknown_encoding(content_type: str, encoding: str) -> None:
    """A part whose charset Python does not know, or that names none (ASCII by RFC 2045) while holding 8-bit
    bytes, is read as a text file is: UTF-8, else cp1252. The email package's ASCII read made "café" "caf\ufffd"."""
    body = "Le café “zebracorn” coûte 3 €.\r\n".encode(encoding)
    assert_text("m.eml", _mail_part(content_type, body), ["Le café “zebracorn” coûte 3 €."], ["\ufffd"])


def test_a_part_of_no_charset_holding_control_bytes_is_still_read() -> None:
    """Bytes that a text file would be refused for (a NUL) cost the mail no text."""
    doc = load("m.eml", _mail_part("text/plain", b"zebracorn caf\xc3\xa9\x00 end\r\n"))
    assert "zebracorn café" in doc.sections[0].text and "end" in doc.sections[0].text
