"""Mailboxes: a mailing list's archive or a mail program's export, each message a page of its own."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

import pytest
from fastmcp import Client

from indexer.errors import LoaderError
from indexer.loaders import mbox
from indexer.search.documents import DocumentNotFoundError

from support.connector import make_server, payload
from support.folders import all_ids, document, found, index, skipped, snapshot, text_of, warnings_of, write
from support.loaders import load


def _message(subject: str, sender: str, body: str, html: str = "", attachment: str = "") -> EmailMessage:
    message = EmailMessage()
    message["Subject"], message["From"], message["To"] = subject, sender, "dev@lists.example.org"
    message["Date"] = "Tue, 04 Mar 2025 10:15:00 +0000"
    message.set_content(body)
    if html:
        message.add_alternative(html, subtype="html")
    if attachment:
        message.add_attachment(b"%PDF-1.4", maintype="application", subtype="pdf", filename=attachment)
    return message


def _archive(path: Path, messages: list[EmailMessage]) -> Path:
    """A mailbox as Python's mailbox module writes one (mboxo: a body's "From " line escaped as ">From ")."""
    path.parent.mkdir(parents=True, exist_ok=True)
    box = mailbox.mbox(path)
    for message in messages:
        box.add(message)
    box.flush()
    box.close()
    return path


THREAD = [
    _message("Release plan for 2.0", "Ana <ana@example.org>", "We ship the zebracorn release in May.\n"),
    _message(
        "Re: Release plan for 2.0",
        "Bo <bo@example.org>",
        "Agreed.\n\nFrom here on the branch is frozen for quokkafish fixes.\n",
        attachment="schedule.pdf",
    ),
    _message("Meeting notes", "Cy <cy@example.org>", "", html="<p>Notes about <b>narwhalite</b> budgets.</p>"),
]


def test_each_message_of_a_mailbox_is_a_page_headed_by_its_subject(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _archive(docs / "dev-2025-03.mbox", THREAD)
    report = index(docs, index_dir, embeddings=False)
    assert report.added == 1 and not skipped(report)
    doc = document(index_dir, "dev-2025-03.mbox")
    assert (doc.format, doc.title, doc.pages) == ("mbox", "Dev 2025 03", 3)
    assert doc.headings == ("Release plan for 2.0", "Re: Release plan for 2.0", "Meeting notes")
    text = text_of(index_dir, "dev-2025-03.mbox")
    assert "From: Bo <bo@example.org>" in text and "Attachments: schedule.pdf" in text
    assert "From here on the branch is frozen" in text and ">From" not in text  # the mbox's escape undone
    assert "narwhalite budgets" in text and "<b>" not in text  # a blank plain part: the HTML beside it, as text
    for query in ("type:mbox quokkafish", "type:mailbox narwhalite", "zebracorn"):
        assert found(index_dir, query) == ["dev-2025-03.mbox"]
    hit = snapshot(index_dir).search("quokkafish", limit=1)[0]
    assert hit.passage is not None and (hit.passage.page, hit.passage.heading) == (2, "Re: Release plan for 2.0")
    page = snapshot(index_dir).excerpt("dev-2025-03.mbox#page=3", 10_000)
    assert page.text.lstrip().startswith("Meeting notes") and "zebracorn" not in page.text
    with pytest.raises(DocumentNotFoundError):
        snapshot(index_dir).excerpt("dev-2025-03.mbox#page=4", 10_000)


# As a careless exporter writes one: CRLF lines, a body's paragraph opening with "From " unescaped, mboxrd's
# ">>From " (a quoted ">From "), an envelope line of Mailman's archives (the address with " at ").
HAND_WRITTEN = (
    "From ana at example.org  Tue Mar  4 10:15:00 2025\r\n"
    "From: ana@example.org\r\nSubject: First\r\n\r\n"
    "Opening words.\r\n\r\nFrom the docs, the answer is kiwiberry.\r\nSecond line.\r\n\r\n"
    ">>From the quoted mail\r\n\r\n"
    "From bo at example.org  Tue Mar  4 11:00:00 2025\r\n"
    "Subject: Second\r\nFrom: bo@example.org\r\n\r\nPlumtree words.\r\n"
)


def test_a_body_line_opening_with_from_starts_no_message_and_escapes_are_undone() -> None:
    doc = load("hand.mbox", HAND_WRITTEN.encode())
    assert [s.heading for s in doc.sections] == ["First", "Second"]
    assert [s.page for s in doc.sections] == [1, 2]
    first = doc.sections[0].text
    assert "From the docs, the answer is kiwiberry." in first and ">From the quoted mail" in first
    assert ">>From" not in first and "Plumtree" not in first


def test_apple_mails_export_is_named_after_its_folder(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _archive(docs / "Exports" / "Inbox.mbox" / "mbox", THREAD[:1])
    write(docs, "Exports/Inbox.mbox/table_of_contents", b"\x00\x01binary index")
    write(docs, "notes/mbox", "a file named mbox outside a .mbox folder is no mailbox\n")
    index(docs, index_dir, embeddings=False)
    assert document(index_dir, "Exports/Inbox.mbox/mbox").title == "Inbox"
    assert found(index_dir, "zebracorn") == ["Exports/Inbox.mbox/mbox"]
    assert all_ids(index_dir) == ["Exports/Inbox.mbox/mbox"]


NESTED = "Subject: deep\nContent-Type: multipart/mixed; boundary=b0\n\n" + "".join(
    f"--b{i}\nContent-Type: multipart/mixed; boundary=b{i + 1}\n\n" for i in range(5000)
)


def test_a_message_too_deep_to_read_is_left_out_and_the_others_are_read(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "box.mbox", f"From a\n{NESTED}\n\nFrom b\nSubject: Fine\n\nLemonshark words.\n")
    report = index(docs, index_dir, embeddings=False)
    assert warnings_of(report, "box.mbox") == ["message 1: its parts are nested too deeply to read; left out"]
    assert found(index_dir, "lemonshark") == ["box.mbox"]
    assert document(index_dir, "box.mbox").pages == 2


def test_a_file_that_is_no_mailbox_says_why() -> None:
    with pytest.raises(LoaderError, match="not a readable mailbox: it does not open with a 'From ' line"):
        load("notes.mbox", b"Subject: hi\n\njust a note\n")


@pytest.mark.anyio
async def test_search_cites_the_message_and_fetch_reads_it_alone(tmp_path: Path) -> None:
    """An agent's search hit is the message (its page, titled by its subject), and its fetch that message alone,
    `next` naming the next one; the mailbox's own id still reads it whole."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _archive(docs / "dev-2025-03.mbox", THREAD)
    index(docs, index_dir, embeddings=False)
    async with Client(make_server(index_dir)) as client:
        (hit,) = payload(await client.call_tool_mcp("search", {"query": "quokkafish"}))["results"]
        message = payload(await client.call_tool_mcp("fetch", {"id": hit["id"]}))
        whole = payload(await client.call_tool_mcp("fetch", {"id": "dev-2025-03.mbox"}))
    assert (hit["id"], hit["title"]) == ("dev-2025-03.mbox#page=2", "Re: Release plan for 2.0 (Dev 2025 03)")
    assert (message["id"], message["title"]) == (hit["id"], hit["title"])
    assert (
        "quokkafish" in message["text"] and "zebracorn" not in message["text"] and "narwhalite" not in message["text"]
    )
    assert message["metadata"]["next"] == "dev-2025-03.mbox#page=3"
    assert whole["title"] == "Dev 2025 03" and "zebracorn" in whole["text"] and "narwhalite" in whole["text"]


def test_a_mailbox_past_a_documents_bounds_is_read_to_them_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    """A million tiny messages took 374 s and 3 GB; a mailbox is read to MAX_MESSAGES or MAX_CHARS of text."""
    box = "".join(f"From x\nSubject: s{n}\n\nword{n}\n\n" for n in range(1, 6)).encode()
    monkeypatch.setattr(mbox, "MAX_MESSAGES", 3)
    doc = load("many.mbox", box)
    assert [s.heading for s in doc.sections] == ["s1", "s2", "s3"] and doc.pages == 3
    assert doc.warnings == (
        "only the first 3 of its 5 messages are read: a document keeps at most 3 messages and 10,000,000 "
        "characters (split the mailbox, by month as list archives are)",
    )
    monkeypatch.setattr(mbox, "MAX_MESSAGES", 10)
    monkeypatch.setattr(mbox, "MAX_CHARS", 10)  # each message: a subject of 2 characters, a text of 5
    assert [s.heading for s in load("many.mbox", box).sections] == ["s1", "s2"]
