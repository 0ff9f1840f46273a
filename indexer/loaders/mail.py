"""Saved e-mail (.eml): subject, sender, recipients, date and body, read with the standard library's email package.

The text opens with `From:`, `To:`, `Cc:` and `Date:` lines, then the body: the plain-text part, else the HTML part
as text (html.py's rules: no scripts, styles or markup), else nothing. Attachments are named on an `Attachments:`
line, not read. Title: the subject. Front matter: `author` (the sender) and `created` (the date, ISO 8601).

A header field longer than MAX_HEADER characters is read up to there, with a warning: the email package parses a
field each time it is asked for, in time that grows with the square of its length (a Subject of 30,000 encoded
words took 20 s and 6 GB, a Content-Type of 50,000 parameters 44 s). A message of more than MAX_PARTS lines that
open a MIME part (`--boundary`) is read up to the last of them, with a warning: each part of a Content-Type of its
own costs the package a quarter of a millisecond (50,000 of them in 2 MB took 12 s; before fields were parsed
once, 50,000 empty parts in 300 kB took 22 s). A file's Content-Types, Content-Dispositions and
Content-Transfer-Encodings longer than mailheaders.LONG_FIELD characters are read whole until the parser's work
they hold beyond FREE_TOKENS a field (its tokens: `;`, quotes, parentheses, spaces, and CHARS_A_TOKEN characters)
passes MAX_TOKENS, the rest of them up to LONG_FIELD, with one warning that stands for theirs (mailheaders.py: 200
parts of their own 10,000-character Content-Types took 120 s; real mail holds some 20 tokens a field).
"""

from __future__ import annotations

import email
import email.header
import re
from dataclasses import dataclass
from email.message import EmailMessage, Message
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, cast
from urllib.parse import unquote_to_bytes

from indexer.errors import LoaderError
from indexer.loaders.containers import OLE_MAGIC
from indexer.loaders.html import html_document
from indexer.loaders.mailheaders import MAX_HEADER, POLICY, cut_by_budget, cut_warning, header_budget
from indexer.loaders.officemeta import one_line
from indexer.loaders.textcodec import codec_for, decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["MAX_HEADER", "EmailLoader", "MessageText", "message_text", "read_message"]

_ADDRESS_HEADERS = ("From", "To", "Cc", "Date")
_READ_HEADERS = frozenset({"subject", "from", "to", "cc", "date", "content-type", "content-disposition"})
MAX_PARTS = 2_000  # lines that may open a MIME part (`--` and a boundary the message declares) read in one message
_DASH_LINE = re.compile(rb"^--([^\r\n]*)", re.MULTILINE)
# a boundary parameter's value, also in RFC 2231's form (`boundary*=utf-8''%78`; one split in `*0`, `*1` is not
# joined: its parts are not counted, and the parse limit stops a message of thousands)
_BOUNDARY_PARAMETER = re.compile(rb'boundary(?:\*0)?\*?\s*=\s*(?:"([^"\r\n]*)"|([^\s;"]+))', re.IGNORECASE)


class EmailLoader:
    """Loads .eml files; see the module docstring for what becomes text."""

    format = "eml"
    suffixes = frozenset({".eml"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        if data.startswith(OLE_MAGIC):  # Outlook keeps a message as an OLE compound file; renamed, it is no .eml
            raise LoaderError("not a readable e-mail: an Outlook .msg file, not a saved .eml message; save it as .eml")
        with header_budget() as budget:
            message = read_message(data)
            if message is None:
                raise LoaderError("not a readable e-mail: its parts are nested too deeply")
            if not message.keys():
                raise LoaderError("not a readable e-mail: no headers (is it really a saved .eml message?)")
            read = message_text(message, data)
        front: dict[str, Any] = {}
        if read.sender:
            front["author"] = read.sender
        if read.date:
            front["created"] = read.date
        return ParsedDoc(
            format=self.format,
            title=read.subject,
            sections=(Section(text=read.text),),
            front_matter=front,
            warnings=read.warnings + tuple(cut_warning(budget.cut)),
        )


@dataclass(frozen=True)
class MessageText:
    """What a reader of one message sees: its subject, sender and date (ISO 8601, "" when it has none), and its
    text: the `From:`, `To:`, `Cc:`, `Date:` and `Attachments:` lines, then its body."""

    subject: str
    sender: str
    date: str
    text: str
    warnings: tuple[str, ...]


def read_message(data: bytes) -> EmailMessage | None:
    """A message's bytes parsed by the email package, up to MAX_PARTS boundary lines; None for one whose parts are
    nested too deeply to read (thousands of nested multiparts)."""
    try:
        return cast(EmailMessage, email.message_from_bytes(data[: _parts_end(data)], policy=POLICY))  # its policy
    except RecursionError:
        return None


def _parts_end(data: bytes) -> int:
    """Where the message's MAX_PARTS-th boundary line after the first begins (its length when it has fewer). A
    boundary line is `--`, a boundary the message declares, and `--` when it closes: a patch's `--- a/file` lines
    are no parts, whether it is mailed as plain text or as a multipart message's text part."""
    values = [quoted or bare for quoted, bare in _BOUNDARY_PARAMETER.findall(data)]
    boundaries = {*values, *(unquote_to_bytes(value.rpartition(b"''")[2]) for value in values if b"''" in value)}
    if not boundaries:
        return len(data)
    count = 0
    for line in _DASH_LINE.finditer(data):
        after = line.group(1).rstrip(b" \t")  # (transport padding)
        if after in boundaries or (after.endswith(b"--") and after[:-2] in boundaries):
            count += 1
            if count > MAX_PARTS + 1:
                return line.start()
    return len(data)


def message_text(message: EmailMessage, data: bytes) -> MessageText:
    """A parsed message as its reader sees it (MessageText); `data` its bytes, which read_message parsed."""
    headers = {name: _header(message, name) for name in ("Subject", *_ADDRESS_HEADERS)}
    lines = [f"{name}: {headers[name]}" for name in _ADDRESS_HEADERS if headers[name]]
    attachments = _attachments(message)
    if attachments:
        lines.append("Attachments: " + ", ".join(attachments))
    body, warnings = _body(message)
    text = "\n".join(lines) + ("\n\n" + body if body else "")
    cut = [] if _parts_end(data) == len(data) else [f"more than {MAX_PARTS:,} MIME parts: the rest is left out"]
    warnings = tuple(_cut_headers(message) + cut) + warnings
    return MessageText(headers["Subject"], headers["From"], _date(headers["Date"]), text.strip(), warnings)


def _cut_headers(message: Message) -> list[str]:
    """A warning for each of the message's header fields that are read (shown, or saying how its body is read)
    and longer than MAX_HEADER characters: a long thread's References, never read, is no fault of its text. A
    MIME field the file's budget cut shorter is left to its warning (mailheaders.cut_warning()): it was not read
    up to MAX_HEADER."""
    return [
        f"its {name} header is {len(value):,} characters long: only its first {MAX_HEADER:,} are read"
        for name, value in message.raw_items()
        if isinstance(value, str)
        and len(value) > MAX_HEADER
        and name.lower() in _READ_HEADERS
        and not cut_by_budget(name, value)
    ]


def _header(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # a malformed header the parser could not fold into a value
        return ""
    text = one_line(str(value)) if value is not None else ""
    return _header_as_browsers_read(message, name) or text if "\ufffd" in text else text


def _header_as_browsers_read(message: Message, name: str) -> str:
    """A header's encoded words decoded with codec_for's supersets: a Subject labelled gb2312 is written in GBK
    by most Chinese mail software, and the email package's gb2312 turns each character past that table into U+FFFD."""
    raw = next((value for key, value in message.raw_items() if key.lower() == name.lower()), None)
    if not isinstance(raw, str):
        return ""
    try:
        parts = email.header.decode_header(raw[:MAX_HEADER])
    except Exception:  # a malformed encoded word: keep what the parser made of it
        return ""
    return one_line(
        "".join(
            part.decode(codec_for(charset) or "utf-8", errors="replace") if isinstance(part, bytes) else part
            for part, charset in parts
        )
    )


def _date(value: str) -> str:
    try:
        return parsedate_to_datetime(value).isoformat() if value else ""
    except (TypeError, ValueError, IndexError):
        return ""


def _attachments(message: EmailMessage) -> list[str]:
    try:
        parts = list(message.iter_attachments())
    except Exception:  # a damaged MIME structure: no attachments named, the body still read
        return []
    names = []
    for part in parts:
        name = part.get_filename()
        names.append(one_line(name) if name else part.get_content_type())
    return names


def _body(message: EmailMessage) -> tuple[str, tuple[str, ...]]:
    """The plain-text part, else the HTML part as text (also when the plain part is blank, as some mail programs
    write it beside the HTML that their readers see); ("", ...) when there is neither."""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        text = _content(part) if part is not None else ""
        if part is not None and not text.strip() and part.get_content_type() == "text/plain":
            part = message.get_body(preferencelist=("html",)) or part
            text = _content(part)
    except Exception:  # a damaged MIME structure
        part = None
    if part is None:
        return "", ()
    if part.get_content_type() == "text/html":
        parsed = html_document(text)
        blocks = (block for s in parsed.sections for block in (s.heading, s.text) if block)
        return "\n\n".join(blocks), parsed.warnings
    return text.strip(), ()


def _content(part: Message) -> str:
    """A text part's str: in its declared charset (as browsers read it: codec_for), else as a text file of unknown
    encoding is (UTF-8, else cp1252). A part that declares no charset is ASCII by RFC 2045, but one holding 8-bit
    bytes was written in its sender's encoding, which the email package's ASCII read turned into U+FFFD."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    codec = codec_for(part.get_content_charset())
    if codec is not None and codec != "ascii":
        return payload.decode(codec, errors="replace")
    try:
        return decode_text(payload)
    except LoaderError:  # control bytes a text file would be refused for: the mail's text is still its text
        return payload.decode("utf-8", errors="replace")
