"""Mailboxes (.mbox, .mbx): a mailing list's archive, or a mail program's export (Thunderbird, Gmail's Takeout,
Apple Mail's `Inbox.mbox/mbox`), each message read as mail.py reads one saved .eml.

Message N is page N (`list.mbox#page=N`, what fetch and citations name); its section is headed by its subject
(else "Message N") and holds what the reader of that message sees: its `From:`, `To:`, `Cc:`, `Date:` and
`Attachments:` lines, then its body. A message starts at a `From ` line (the envelope line of every mbox variant)
at the top of the file or after an empty line, and followed by a header line: a body's paragraph that opens with
"From " (which a careful writer escapes as ">From ", and a careless one does not) is no message of its own. A
">From " line of a body (mboxrd's and mboxo's escape) is read as "From ". A message whose parts are nested too
deeply to read is left out with a warning; the others are read, up to MAX_MESSAGES of them and MAX_CHARS characters
of text (a warning says where the rest begins). Title: Apple Mail's export is named after its
folder (`Inbox.mbox/mbox`: "Inbox"), any other mailbox after its file.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePath

from indexer.errors import LoaderError
from indexer.loaders.mail import message_text, read_message
from indexer.loaders.mailheaders import cut_warning, header_budget
from indexer.model import ParsedDoc, Section

__all__ = ["MboxLoader", "messages"]

_HEADER_LINE = re.compile(rb"[!-9;-~]+:")  # a header field's name (RFC 5322: printable ASCII but ":"), then ":"
_ESCAPED_FROM = re.compile(rb"^>(>*From )", re.MULTILINE)
# Messages read from one mailbox, at most: its text is one document's, which keeps 10,000,000 characters
# (records.py), and each message costs its section and passages (a million tiny ones took 374 s and 3 GB).
MAX_MESSAGES = 10_000
MAX_CHARS = 10_000_000  # of the messages' text: past it, no more are read (the record cuts within the last)


class MboxLoader:
    """Loads mailbox files; see the module docstring for what becomes text."""

    format = "mbox"
    suffixes = frozenset({".mbox", ".mbx"})

    def takes(self, path: PurePath, head: bytes) -> bool:
        """Apple Mail exports a mailbox as a folder `Name.mbox` holding the messages in a file named `mbox`."""
        return self.sniffs(path) and head.lstrip(b" \t\r\n").startswith(b"From ")

    def sniffs(self, path: PurePath) -> bool:
        """Whether a file of this name may be a mailbox without a mailbox's suffix (its first bytes tell)."""
        return path.name == "mbox" and path.parent.suffix.lower() == ".mbox"

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        found = messages(data)
        if not found:
            raise LoaderError("not a readable mailbox: it does not open with a 'From ' line, as an mbox file does")
        sections, warnings, found = _read(found)
        if not sections:  # (the reason, where the run's "no text" would hide the warnings)
            each = "its message" if len(found) == 1 else f"each of its {len(found):,} messages"
            raise LoaderError(f"not a readable mailbox: the parts of {each} are nested too deeply to read")
        title = path.parent.stem if self.sniffs(path) else ""
        return ParsedDoc(
            format=self.format, title=title, sections=tuple(sections), pages=len(found), warnings=tuple(warnings)
        )


def _read(found: list[bytes]) -> tuple[list[Section], list[str], list[bytes]]:
    """The sections of a mailbox's messages `found`, the warnings, and those messages up to the last one read."""
    sections: list[Section] = []
    warnings: list[str] = []
    chars = 0
    first_cut = 0  # the first message with a long MIME field cut (mailheaders.py)
    with header_budget() as budget:
        for number, raw in enumerate(found, 1):
            if number > MAX_MESSAGES or chars >= MAX_CHARS:
                warnings.append(_cut(number - 1, len(found)))
                found = found[: number - 1]
                break
            message = read_message(raw)
            if message is None:
                warnings.append(f"message {number}: its parts are nested too deeply to read; left out")
                continue
            read = message_text(message, raw)
            heading = read.subject or f"Message {number}"
            sections.append(Section(text=read.text or heading, heading=heading, page=number))
            warnings.extend(f"message {number}: {warning}" for warning in read.warnings)
            chars += len(heading) + len(read.text)
            first_cut = first_cut or (number if budget.cut else 0)
    warnings += [f"from message {first_cut} on, {cut}" for cut in cut_warning(budget.cut)]
    return sections, warnings, found


def _cut(read: int, found: int) -> str:
    return (
        f"only the first {read:,} of its {found:,} messages are read: a document keeps at most {MAX_MESSAGES:,} "
        f"messages and {MAX_CHARS:,} characters (split the mailbox, by month as list archives are)"
    )


def messages(data: bytes) -> list[bytes]:
    """The messages of an mbox file, each without its envelope line, escaped `From ` lines read back; [] when
    the file does not open with a `From ` line. Linear in the file's size."""
    data = data.replace(b"\r\n", b"\n").lstrip(b" \t\n")  # blank lines above the first message are no text
    if not data.startswith(b"From "):
        return []
    starts = [0]
    at = data.find(b"\n\nFrom ")
    while at >= 0:
        start = at + 2
        line_end = data.find(b"\n", start)
        if line_end >= 0 and _HEADER_LINE.match(data, line_end + 1):
            starts.append(start)
        at = data.find(b"\n\nFrom ", start)
    found = []
    for start, end in zip(starts, [*starts[1:], len(data)], strict=True):
        line_end = data.find(b"\n", start, end)
        body = data[line_end + 1 : end] if line_end >= 0 else b""
        found.append(_ESCAPED_FROM.sub(rb"\1", body))
    return found
