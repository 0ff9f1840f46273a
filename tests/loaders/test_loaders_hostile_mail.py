"""E-mail whose MIME headers are built to be slow to parse: the email package reads a field at up to 35
microseconds a separator (`;`, a quote, a parenthesis, a space), so a file's long Content-Types are read whole only
up to a budget of those (mailheaders.py), which real mail, however long its file names, never comes near."""

from __future__ import annotations

from email.header import Header
from pathlib import Path
from urllib.parse import quote

from support.folders import document, index, skipped, text_of, warnings_of, write

# a Content-Type of its own for each part: the email package reads 10,000 `;` at 40 microseconds each
LONG = "application/octet-stream; a={n}" + ";" * 10_000
BUDGET = (
    "its MIME headers (Content-Type, Content-Disposition, Content-Transfer-Encoding) hold more than 30,000 tokens "
    "beyond the first 100 of each (a ';', quote, parenthesis or space is one, and so are 25 characters): "
)


def _multipart(parts: str) -> str:
    return f"Subject: Parts\nFrom: ana@example.org\nContent-Type: multipart/mixed; boundary=x\n\n{parts}--x--\n"


def test_a_message_of_hundreds_of_long_content_types_is_read_with_a_warning(tmp_path: Path) -> None:
    """200 parts, each with its own 10,000-character Content-Type: 120 s and more (the file lost at the parse
    limit); now a second, its text and its attachment named, the long fields past the budget cut."""
    docs = tmp_path / "docs"
    parts = "--x\nContent-Type: text/plain\n\nzebracorn\n" + "".join(
        f"--x\nContent-Type: {LONG.format(n=n)[:10_000]}\n\npart {n}\n" for n in range(200)
    )
    write(docs, "a.eml", _multipart(parts))
    report = index(docs, tmp_path / "index", parse_timeout=30)
    assert warnings_of(report, "a.eml") == [BUDGET + "198 fields were read only up to their first 200 characters"]
    text = text_of(tmp_path / "index", "a.eml")
    assert text.startswith("From: ana@example.org\nAttachments: application/octet-stream, ")
    assert text.endswith("zebracorn")


def test_a_mailbox_of_long_content_types_reads_every_message_with_one_warning(tmp_path: Path) -> None:
    """100 messages, each with its own 10,000-character Content-Type: 28 s; one budget for the mailbox."""
    docs = tmp_path / "docs"
    write(docs, "list.mbox", "".join(
        f"From a Mon Jan  1 00:00:00 2024\nSubject: S{n}\nContent-Type: text/plain; a={n}{';' * 9_980}\n\n"
        f"zebracorn {n}\n\n" for n in range(100)
    ))  # fmt: skip
    report = index(docs, tmp_path / "index", parse_timeout=30)
    assert warnings_of(report, "list.mbox") == [
        f"from message 3 on, {BUDGET}98 fields were read only up to their first 200 characters"
    ]
    assert document(tmp_path / "index", "list.mbox").pages == 100
    assert text_of(tmp_path / "index", "list.mbox").count("zebracorn") == 100


def test_a_field_past_max_header_that_the_budget_cut_is_not_said_to_be_read_up_to_max_header(tmp_path: Path) -> None:
    """Messages 3 and 4's 12,000-character Content-Types are read up to 200 characters once the budget is spent:
    they were still told 'only its first 10,000 are read', beside the budget's warning."""
    docs = tmp_path / "docs"
    write(docs, "list.mbox", "".join(
        f"From a Mon Jan  1 00:00:00 2024\nSubject: S{n}\nContent-Type: text/plain; a={n}{';' * 11_980}\n\n"
        f"zebracorn {n}\n\n" for n in range(4)
    ))  # fmt: skip
    report = index(docs, tmp_path / "index")
    assert warnings_of(report, "list.mbox") == [
        *(
            f"message {n}: its Content-Type header is 11,995 characters long: only its first 10,000 are read"
            for n in (1, 2)
        ),
        f"from message 3 on, {BUDGET}2 fields were read only up to their first 200 characters",
    ]
    assert text_of(tmp_path / "index", "list.mbox").count("zebracorn") == 4


def test_long_file_names_of_real_attachments_are_read_whole_without_a_warning(tmp_path: Path) -> None:
    """A long non-ASCII file name, split in RFC 2231's continuations, is some hundred characters: far below."""
    docs = tmp_path / "docs"
    name = "".join(f" filename*{n}*=utf-8''%E6%96%87%E4%BB%B6{n};" for n in range(12))
    parts = "--x\nContent-Type: text/plain\n\nzebracorn\n" + "".join(
        f"--x\nContent-Type: application/pdf\nContent-Disposition: attachment;{name} size={n}\n\n%PDF\n"
        for n in range(30)
    )
    write(docs, "a.eml", _multipart(parts))
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "a.eml")
    text = text_of(tmp_path / "index", "a.eml")
    assert "Attachments: " + "文件0文件1" in text and text.count("文件11") == 30


def test_a_mailbox_of_japanese_attachments_reads_every_file_name_whole_without_a_warning(tmp_path: Path) -> None:
    """Each message's PDF has a Japanese name of 48 characters: a Content-Type and a Content-Disposition of 240 to
    420 characters each, as encoded words or RFC 2231's percent-encoding. A budget of 20,000 characters of such
    fields cut the names from the 31st message on, with a warning; they hold some 20 tokens a field."""
    docs = tmp_path / "docs"
    # (full-width parentheses)
    name = "会議の議事録と来年度の予算案および人員計画と設備投資に関する詳細な検討の資料\uff08第{n}回\uff09.pdf"
    fields = [
        (f"name*=utf-8''{quote(name.format(n=n))}", f"filename*=utf-8''{quote(name.format(n=n))}")
        if n % 2
        else (
            f'name="{Header(name.format(n=n), "utf-8").encode()}"',
            f'filename="{Header(name.format(n=n), "utf-8").encode()}"',
        )
        for n in range(60)
    ]
    assert all(len(type_) > 200 and len(disposition) > 200 for type_, disposition in fields)
    write(docs, "list.mbox", "".join(
        f"From a Mon Jan  1 00:00:00 2024\nSubject: S{n}\nFrom: a@example.jp\nMIME-Version: 1.0\n"
        "Content-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type: text/plain; charset=utf-8\n\nzebracorn\n"
        f"--x\nContent-Type: application/pdf; {type_}\nContent-Disposition: attachment; {disposition}\n"
        "Content-Transfer-Encoding: base64\n\nJVBERg==\n--x--\n\n"
        for n, (type_, disposition) in enumerate(fields)
    ))  # fmt: skip
    report = index(docs, tmp_path / "index")
    assert not warnings_of(report, "list.mbox")
    text = text_of(tmp_path / "index", "list.mbox")
    assert all(f"Attachments: {name.format(n=n)}\n" in text for n in range(60)), text[-600:]
    assert text.count("zebracorn") == 60


def test_a_content_type_of_thousands_of_nested_comments_loses_no_message(tmp_path: Path) -> None:
    """`((((...` is read by the email package's parser by recursion: its RecursionError failed the message as
    "nested too deeply", and a mailbox left it out."""
    docs = tmp_path / "docs"
    parts = "--x\nContent-Type: text/plain\n\nzebracorn\n--x\nContent-Type: text/plain; name=" + "(" * 3000 + "\n\nx\n"
    write(docs, "a.eml", _multipart(parts))
    write(docs, "list.mbox", "From a Mon Jan  1 00:00:00 2024\n" + _multipart(parts).replace("zebracorn", "okapi"))
    report = index(docs, tmp_path / "index")
    assert not skipped(report) and not warnings_of(report, "a.eml") and not warnings_of(report, "list.mbox")
    assert text_of(tmp_path / "index", "a.eml").endswith("zebracorn")
    assert text_of(tmp_path / "index", "list.mbox").endswith("okapi")
