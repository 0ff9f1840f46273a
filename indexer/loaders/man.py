"""Manual pages (roff with the man or the mdoc macros: `ssh.1`, `sshd_config.5`, `open.2`, `SSL_read.3ssl`,
`perlfunc.1p`, `foo.man`, `bar.mdoc`, and `ssh.1.gz`) as the text `man` shows.

A file named with a manual section (`.1` to `.9`, `.0`, with a suffix such as `.3pm` or `.8x`) is a manual page
only when its first bytes say so: a `.TH`, `.Dd`, `.Dt`, `.so`, `.ig` or `.de` line among its first three lines
that are no comments, or roff comment lines (`.\\"`, `'\\"`) before a request; a rotated log (`app.log.1`) or
a versioned file is left unread, counted with the files of its suffix that no loader reads. A `.gz` of such a
name is unpacked (at most MAX_UNPACKED bytes) and looked at the same way. `.man` and `.mdoc` files are pages by
their name.

Title: the page's name and section, then its NAME line's description: `ssh(1): OpenSSH remote login client`. Its
`.SH`/`.Sh` headings are its sections, `.SS`/`.Ss` subsections (manmacros.py, mdoc.py, roffpage.py, roff.py say
how the text reads). `.so other.1` puts that page in place, found from the manual's root (the folder above
`man1/`) as man finds it, else beside the page, through includes.py (bounded as every include is); a page that is
nothing but a `.so` (a link page: `man3/fstatat.3` naming `man2/stat.2`) is no page of its own, indexed there.
"""

from __future__ import annotations

import os
import re
import zlib
from pathlib import Path, PurePath

from indexer.errors import LoaderError, NotAPage
from indexer.loaders.includes import deeper, included_text, probe
from indexer.loaders.manmacros import ManMacros
from indexer.loaders.mdoc import MdocMacros
from indexer.loaders.roff import uncomment
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["MAX_UNPACKED", "ManLoader"]

MAX_UNPACKED = 16_000_000  # bytes a .gz page may unpack to (a page is rarely over 500 KB; a gzip bomb is GBs)
MAX_LINES = 1_000_000  # lines of a page with all it includes
_SECTION = re.compile(r"\.[0-9][a-z0-9]{0,8}")
_NAMED = frozenset({".man", ".mdoc"})
_COMMENT = re.compile(rb"""[.'][ \t]*\\["#]|\\"|[.'][ \t]*$""")
_OPENING = re.compile(rb"[.'][ \t]*(?:TH[ \t]+\S+[ \t]+\"?(?:[0-9]|[nl](?:[ \t\"]|$))|(?:Dd|Dt|so|ig|de)(?:[ \t]|$))")
_REQUEST = re.compile(rb"[.'][ \t]*[A-Za-z]")
_SOURCE = re.compile(r"[.'][ \t]*so[ \t]+(\S+)")
_PACKAGE = re.compile(r"[.'][ \t]*(TH|Dd|Dt|Sh)\b")
_DASH = re.compile(r"\s+[-—\u2013]+\s+")


class ManLoader:
    """Reads manual pages; see the module docstring for which files are pages and what text they give."""

    format = "man"
    suffixes: frozenset[str] = frozenset()  # taken by name and first bytes (takes())

    def sniffs(self, path: PurePath) -> bool:
        """Whether a file of this name may be a page, which its first bytes tell: a section's suffix (`.1`,
        `.3pm`), `.man` or `.mdoc`, or one of them before `.gz` (an `archive.tar.gz` is not opened to ask)."""
        suffix = path.suffix.lower()
        if suffix == ".gz":
            suffix = PurePath(path.stem).suffix.lower()
        return suffix in _NAMED or _SECTION.fullmatch(suffix) is not None

    def takes(self, path: PurePath, head: bytes) -> bool:
        """Whether a file of this name, whose first bytes are `head`, is a manual page."""
        suffix = path.suffix.lower()
        if suffix in _NAMED:
            return True
        if not self.sniffs(path):
            return False
        if suffix == ".gz":
            head = _unpacked(head, len(head) * 4 + 4096, partial=True)
        return looks_like_roff(head)

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        if path.suffix.lower() == ".gz":
            data = _unpacked(data, MAX_UNPACKED)
        lines = decode_text(data).splitlines()
        link = _link_target(lines)
        if link:
            raise NotAPage("a manual's link page (nothing but a .so line): indexed as the page it names")
        warnings: list[str] = []
        lines = _with_sources(path, lines, warnings)
        driver: ManMacros | MdocMacros = MdocMacros(lines) if _is_mdoc(lines) else ManMacros(lines)
        out = driver.run()
        sections = tuple(
            Section(text="\n\n".join(paragraphs), heading=heading, level=level)
            for heading, level, paragraphs in out.sections
            if heading or paragraphs
        )
        title = _title(driver.name, driver.section, sections)
        return ParsedDoc(format=self.format, title=title, sections=sections, warnings=(*warnings, *driver.warnings))


def looks_like_roff(head: bytes) -> bool:
    """Whether a file's first bytes are a manual page's: one of its first three lines that are no comments opens
    one (`.TH`, `.Dd`, `.Dt`, `.so`, `.ig`, `.de`), or the first is a request after roff comments; or all of them
    are roff comments."""
    commented, others = False, 0
    for line in head.splitlines():
        if not line.strip():
            continue
        if _COMMENT.match(line):
            commented = True
            continue
        if _OPENING.match(line) or (commented and not others and _REQUEST.match(line)):
            return True
        others += 1
        if others == 3:
            return False
    return commented and not others


def _unpacked(data: bytes, limit: int, partial: bool = False) -> bytes:
    """A gzip file's bytes unpacked, at most `limit` of them; with `partial`, the first ones of what may be a cut
    file (nothing for what is no gzip). Past `limit` a whole file is refused: a page is never that large."""
    unpacker = zlib.decompressobj(wbits=31)
    try:
        unpacked = unpacker.decompress(data, limit)
    except zlib.error as exc:
        if partial:
            return b""
        raise LoaderError(f"not a readable gzip file: {exc}") from exc
    if not partial and unpacker.unconsumed_tail:
        raise LoaderError(f"unpacks to more than {MAX_UNPACKED / 1e6:g} MB: no manual page is that large")
    return unpacked


def _link_target(lines: list[str]) -> str:
    """The page a link page sources (a page that is nothing but `.so man2/stat.2`); "" for any other page."""
    kept = [line for line in (uncomment(line).strip() for line in lines) if line and line not in (".", "'")]
    match = _SOURCE.fullmatch(kept[0]) if len(kept) == 1 else None
    return match.group(1) if match else ""


def _with_sources(path: Path, lines: list[str], warnings: list[str]) -> list[str]:
    """The page's lines, each `.so` line replaced by the lines of the page it names (includes.py bounds how deep
    and how many), at most MAX_LINES in all."""
    result: list[str] = []
    for line in lines:
        match = _SOURCE.match(line) if line[:1] in ".'" else None
        if match is None:
            result.append(line)
        else:
            text = _sourced(path, match.group(1))
            if text is not None:
                with deeper():
                    result += _with_sources(path, text.splitlines(), warnings)
        if len(result) > MAX_LINES:
            warnings.append(f"more than {MAX_LINES:,} lines with what it sources: the rest left out")
            return result[:MAX_LINES]
    return result


def _sourced(path: Path, target: str) -> str | None:
    """The text of the page `.so target` names: from the manual's root (the folder above man1/), else beside
    the page; None (and a warning) when it cannot be read."""
    root = os.path.join(os.path.dirname(path.parent), target)
    if "/" in target and probe(root):
        return included_text(path, os.path.relpath(root, path.parent))
    return included_text(path, target)


def _is_mdoc(lines: list[str]) -> bool:
    """Whether the page is written in mdoc: its first `.TH`, `.Dd`, `.Dt` or `.Sh` is no `.TH`."""
    for line in lines:
        match = _PACKAGE.match(line) if line[:1] in ".'" else None
        if match:
            return match.group(1) != "TH"
    return False


def _title(name: str, section: str, sections: tuple[Section, ...]) -> str:
    """`name(section): description` from the NAME section's line; the `.TH`/`.Dt` name when it has none."""
    named = next((s.text for s in sections if s.heading.upper() in ("NAME", "NOM", "NAMEN", "NOMBRE")), "")
    line = named.split("\n\n", 1)[0]  # its first paragraph
    parts = _DASH.split(" ".join(line.split()), maxsplit=1)
    names = parts[0].split(",")[0].strip() if line else ""
    shown = names or name
    if not shown:
        return ""
    title = f"{shown}({section})" if section else shown
    return f"{title}: {parts[1]}" if len(parts) > 1 and parts[1] else title
