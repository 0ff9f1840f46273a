"""POD, Perl's documentation (`.pod` files, and the POD in `.pm` modules and `.pl` scripts), read as perldoc and
metacpan show it.

Only the POD is text: it starts at a line `=name` and runs to a `=cut` line (or the file's end), as perlpodspec
says; the Perl code around it is no text, and a module or script with no POD is no page (errors.NotAPage).
Title: the NAME section's first paragraph (`Mojolicious::Guides::Routing - Routing requests`), else the one
Pod::Weaver writes from the `# PODNAME:` (or the `package` a module declares) and `# ABSTRACT:` comments.

Each `=head1`..`=head6` starts a Section at its level; Pod::Weaver's `=method`, `=attr` and `=func` (a Dist::Zilla
project's source) are `=head2`s. Paragraphs are separated by blank lines: an indented one is verbatim, kept as
written (tabs expanded, the common indent removed, adjacent ones one block); an ordinary one is one line, its
formatting codes reduced (podinline.py). In `=over`...`=back`, `=item *` is "- " and `=item 2.` "2. " before the
item's text (the next paragraph's when the line has none); any other `=item` is a term line of its own, as written
(`=item 1. Step`); nested lists indent their items. `=begin text`...`=end text` and `=for text` are shown as
written (`=begin :text`, with a colon, read as POD); any other format (html, man, comment, Pod::Coverage...) is
left out, and a `=begin` never ended hides the text after it, with a warning. `=encoding` says how the bytes
are decoded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from indexer.errors import NotAPage
from indexer.loaders.podinline import reduce_codes
from indexer.loaders.textcodec import decode_text
from indexer.model import ParsedDoc, Section

__all__ = ["PodLoader"]

_COMMAND = re.compile(r"=([A-Za-z][A-Za-z0-9]*)")
_ENCODING = re.compile(rb"^=encoding[ \t]+([^\s]+)", re.MULTILINE)
_PACKAGE = re.compile(r"[ \t]*package[ \t]+([A-Za-z_][\w:]*)")
_WEAVER = re.compile(r"#[ \t]*(PODNAME|ABSTRACT):[ \t]*(\S.*)")  # Pod::Weaver's NAME, before a build writes it
_NUMBERED = re.compile(r"[0-9]{1,9}\.?")
_HEADS = {f"head{n}": n for n in range(1, 7)} | {"method": 2, "attr": 2, "func": 2}
_SHOWN_FORMATS = frozenset({"text", "txt", "plain"})
_NAMES = frozenset({"NAME", "NOM", "NAMEN", "NOMBRE", "NOME"})
_MAX_REGIONS = 64  # =begin regions open at once; deeper ones are counted, not kept
_MAX_INDENT = 8  # list levels that indent their items


@dataclass
class _Region:
    """An open `=begin FORMAT`: whether its paragraphs are shown, and as POD or as written."""

    name: str
    shown: bool
    raw: bool


@dataclass
class _Reader:
    """One file's reading: its sections so far, the open lists and regions, the paragraph being read."""

    sections: list[Section] = field(default_factory=list)
    heading: str = ""
    level: int = 0
    blocks: list[str] = field(default_factory=list)
    verbatim: list[str] = field(default_factory=list)  # the verbatim paragraphs of the block being read
    marker: str = ""  # an =item's "- " or "2. " that waits for its text
    lists: int = 0
    regions: list[_Region] = field(default_factory=list)
    deeper: int = 0  # regions opened past _MAX_REGIONS
    package: str = ""
    weaver: dict[str, str] = field(default_factory=dict)  # PODNAME and ABSTRACT, as the comments say them
    pod_seen: bool = False

    def read(self, text: str) -> None:
        """The file's lines: POD from a `=name` line to a `=cut` line, split into paragraphs at blank lines and
        before each command line; the lines between are Perl."""
        in_pod = False
        paragraph: list[str] = []
        for line in text.split("\n"):
            command = _COMMAND.match(line) if line[:1] == "=" else None
            if not in_pod:
                if command is None or command.group(1) == "cut":
                    self._code(line)
                    continue
                in_pod = self.pod_seen = True
            if command is not None and command.group(1) == "cut":
                self._paragraph(paragraph)
                paragraph, in_pod = [], False
            elif not line.strip():
                self._paragraph(paragraph)
                paragraph = []
            elif command is not None:
                self._paragraph(paragraph)
                paragraph = [line]
            else:
                paragraph.append(line)
        self._paragraph(paragraph)
        self.flush()

    def _code(self, line: str) -> None:
        """A line of Perl: the first `package` it declares, and Pod::Weaver's `# PODNAME:`/`# ABSTRACT:`."""
        if not self.package and line[:1] in " \tp" and (match := _PACKAGE.match(line)):
            self.package = match.group(1)
        elif line[:1] == "#" and (match := _WEAVER.match(line)):
            self.weaver.setdefault(match.group(1), match.group(2).strip())

    def _paragraph(self, lines: list[str]) -> None:
        """One paragraph: a command, a verbatim one (indented, or in a `=begin text` region) or an ordinary one."""
        if not lines:
            return
        first = lines[0]
        command = _COMMAND.match(first) if first[:1] == "=" else None
        if command is not None:
            self._verbatim_end()
            self._command(command, lines)
            return
        region = self.regions[-1] if self.regions else None
        if region is not None and not region.shown:
            return
        if first[:1] in " \t" or (region is not None and region.raw):
            if self.marker:  # an item whose text is code: its marker on a line of its own
                self.blocks.append(self.marker.rstrip())
                self.marker = ""
            self.verbatim.append("\n".join(line.expandtabs(8).rstrip() for line in lines))
            return
        self._verbatim_end()
        self._text(reduce_codes("\n".join(lines)))

    def _command(self, command: re.Match[str], lines: list[str]) -> None:
        """A command paragraph: `=name` and the text after it, to the paragraph's end."""
        name = command.group(1)
        rest = "\n".join([lines[0][command.end() :], *lines[1:]]).strip()
        if name in ("begin", "end", "for"):
            self._region(name, rest)
            return
        if self.regions and not self.regions[-1].shown:
            return
        if name in _HEADS:
            self.flush()
            self.heading, self.level = _inline(rest), _HEADS[name]
        elif name == "over":
            self.lists += 1
        elif name == "back":
            self.lists = max(self.lists - 1, 0)
        elif name == "item":
            self._item(rest)

    def _region(self, name: str, rest: str) -> None:
        """=begin FORMAT, =end FORMAT, =for FORMAT text."""
        target, text = [*rest.split(None, 1), "", ""][:2]
        outer = self.regions[-1] if self.regions else None
        shown = (outer is None or outer.shown) and target.lstrip(":").lower() in _SHOWN_FORMATS
        raw = not target.startswith(":")
        if name == "for":
            if shown and raw and text.strip():
                self.verbatim.append(text)
            elif shown:
                self._text(reduce_codes(text))
        elif name == "begin":
            if len(self.regions) < _MAX_REGIONS:
                self.regions.append(_Region(target, shown, raw))
            else:
                self.deeper += 1
        elif self.deeper:
            self.deeper -= 1
        else:
            names = [region.name for region in self.regions]
            if target in names:  # an =end that closes no open region is left alone
                del self.regions[len(names) - 1 - names[::-1].index(target) :]

    def _item(self, rest: str) -> None:
        """An =item: "- " (`*`) or "2. " (`2.` or `2` alone) before its text, or the next paragraph's when it has
        none; any other item (`=item 2024 notes`, `=item $r->get`) is a term line of its own, as written."""
        indent = "  " * (min(self.lists, _MAX_INDENT) - 1)
        if rest[:1] == "*" and rest[1:2] in ("", " ", "\t", "\n"):
            marker, rest = "- ", rest[1:]
        elif _NUMBERED.fullmatch(rest):
            marker, rest = rest.rstrip(".") + ". ", ""
        else:
            self.marker, term = "", _inline(rest)
            if term:
                self.blocks.append(indent + term)
            return
        self.marker = indent + marker
        self._text(reduce_codes(rest))

    def _text(self, text: str) -> None:
        """A paragraph's text as one line, after the marker of the item it is the text of."""
        text = " ".join(text.split())
        if text:
            self.blocks.append(self.marker + text if self.marker else text)
            self.marker = ""

    def _verbatim_end(self) -> None:
        if self.verbatim:
            self.blocks.append(_dedent("\n\n".join(self.verbatim)))
            self.verbatim = []

    def flush(self) -> None:
        self._verbatim_end()
        body = "\n\n".join(self.blocks)
        if body or self.heading:
            self.sections.append(Section(text=body, heading=self.heading, level=self.level))
        self.blocks, self.marker = [], ""

    def warnings(self) -> tuple[str, ...]:
        hidden = next((region.name for region in self.regions if not region.shown), None)
        if hidden is None:
            return ()
        return (f"=begin {hidden} is never ended (no =end {hidden}): the text after it is left out",)


def _inline(text: str) -> str:
    return " ".join(reduce_codes(text).split())


def _dedent(text: str) -> str:
    """Verbatim lines without the indent they all share (blank lines aside)."""
    lines = text.split("\n")
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines)


def _title(reader: _Reader) -> str:
    """The NAME section's first paragraph, as perldoc and metacpan show it; else the one Pod::Weaver writes from
    the source's `# PODNAME:` (or its package) and `# ABSTRACT:` comments (a Dist::Zilla project's source)."""
    named = next((section.text for section in reader.sections if section.heading.upper() in _NAMES), "")
    first = " ".join(named.split("\n\n", 1)[0].split())
    if first:
        return first
    name, abstract = reader.weaver.get("PODNAME", reader.package), _inline(reader.weaver.get("ABSTRACT", ""))
    return f"{name} - {abstract}" if name and abstract else name


class PodLoader:
    """Loads .pod files and the POD of .pm and .pl files; see the module docstring for what becomes text."""

    format = "pod"
    suffixes = frozenset({".pod", ".pm", ".pl"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        declared = _ENCODING.search(data)
        text = decode_text(data, declared.group(1).decode("ascii", "replace") if declared else None)
        reader = _Reader()
        reader.read(text)
        if not reader.pod_seen:
            raise NotAPage("Perl code with no POD in it: no page" if path.suffix != ".pod" else "no POD: no page")
        if not any(section.text or section.heading for section in reader.sections):
            raise NotAPage("POD with no text to show (only comments, =cut or other formats): no page")
        return ParsedDoc(
            format=self.format, title=_title(reader), sections=tuple(reader.sections), warnings=reader.warnings()
        )
