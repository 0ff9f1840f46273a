"""DocFX-flavoured Markdown (DFM: DocFX's and Microsoft Learn's pages), turned into the Markdown a reader sees, on
a page of a DocFX project (docfxproject.py: a `docfx.json` in its folder or one above it, found as the site's
detection finds a site's config): elsewhere `[!INCLUDE` or `@name` mean nothing special, and the page is left as
it is.

Outside fenced code:
- `[!INCLUDE [title](../includes/x.md)]` is the included file's text (its front matter left out, its own DFM put
  in place too, includes.MAX_DEPTH deep): on a line of its own, its lines, each under the line's indent and quote
  markers (an include in a list item or a note stays there); inside a line, its text on that line. A path
  starting `~/` is from the folder of docfx.json. Files are read as includes are (includes.py: a missing one is
  a warning, the line left out);
- code snippets, `[!code-csharp[](Program.cs#L10-L20)]` and `:::code language="csharp" source="x.cs"
  id="snippet":::`, are code blocks of the lines they name (docfxcode.py);
- `:::image type="content" source="x.png" alt-text="Text":::` is its alt text (a `complex` image's long
  description, down to `:::image-end:::`, is text too); `:::no-loc text="about":::` is `about`; the lines of
  the other triple-colon extensions (`:::zone pivot="x":::`, `:::zone-end:::`, `:::moniker range=...:::`,
  `:::row:::`, `:::column:::`, `:::video ...:::`) leave nothing, and what lies between them stays;
- `[!div class="checklist"]` (a list's style) and `[!Video https://...]` leave nothing; alerts (`> [!NOTE]`)
  are left to dialects.py, which keeps their label;
- a tab, `# [Linux](#tab/linux)` (`#tab/id/condition` too), is its label as a line of the section it is in (no
  heading of its own, which would take its text out of that section), and the `---` that closes its group of
  tabs leaves nothing;
- cross references show the name DocFX shows: `<xref:System.String>` and `@System.String` are `String` (the
  last part of the uid, without its `*`, arity or parameters), `?displayProperty=fullName` the whole uid,
  `nameWithType` its last two parts, `?text=string` that text; so are `@"System.String"`, `<xref
  href="System.String"/>` (its `alt` when it has one), `<a href="xref:System.String"/>` and
  `[](xref:System.String)`, whose text DocFX fills in; `[text](xref:uid)` is a link whose text shows. A uid that
  a page of the project gives in its front matter (`uid: articles.intro`) shows that page's title (docfxuids.py);
  the referring page of one that neither a page gives nor an API resolves is read again when a page comes.
  `@` names a uid when it follows no word (`name@example.com` stays) and DocFX finds the uid: a page's, or one of
  the .NET API where docfx.json names xref maps or Learn builds the site, one of the project's own API that its
  `metadata` builds (docfxproject.py); any other stays as written, as DocFX leaves it (`@octocat`,
  `@Model.Title`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote, unquote_plus

from indexer.loaders.docfxcode import code_block, from_project
from indexer.loaders.docfxproject import api_uids_resolved, docfx_project
from indexer.loaders.docfxuids import page_title
from indexer.loaders.fences import closed, in_code, outside_code_spans
from indexer.loaders.frontmatter import split_front_matter
from indexer.loaders.includes import deeper, included_text

__all__ = ["expand_docfx"]

_SIGNS = ("[!", ":::", "xref", "XREF", "@", "#tab/")
_PREFIX = re.compile(r"[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])[ \t]+)?")  # a line's indent, quote and list item markers
_ITEM = re.compile(r"[*+-]|\d{1,9}[.)]")
_LINK = r"\(\s*<?([^()<>\s\"]{1,500})>?(?:\s+\"([^\"\n]{0,300})\")?\s*\)"  # (path "title")
_INCLUDE = re.compile(r"\[!include\s*\[[^\[\]\n]{0,300}\]" + _LINK + r"\]", re.IGNORECASE)
_CODE = re.compile(r"\[!code(?:-([\w+#.-]{1,40}))?\s*\[[^\[\]\n]{0,300}\]" + _LINK + r"\]", re.IGNORECASE)
_EXTENSION = r":::[ \t]*([a-z][\w-]{0,40})((?:[ \t]+[\w-]{1,40}(?:=\"[^\"\n]{0,2000}\")?){0,20})[ \t]*"
_TRIPLE = re.compile(_EXTENSION + ":::")  # in a line: its closing colons are its end
_TRIPLE_LINE = re.compile(_EXTENSION + "(?::::)?")  # a line of its own (`:::zone-end` may close with none)
_ATTRIBUTE = re.compile(r"([\w-]{1,40})=\"([^\"\n]*)\"")
_MARKS = re.compile(r"\[!(?:div|video)[ \t][^\]\n]{0,1000}\]", re.IGNORECASE)
_XREF = re.compile(r"<xref:([^<>\s]{1,500})>", re.IGNORECASE)
_AT_UID = re.compile(r"(?<![\w@/\\.:-])@([A-Za-z_][\w`-]{0,200}(?:\.[\w`#*-]{1,200}){0,20})")
_AT_QUOTED = re.compile(r"(?<![\w@])@(?:\"([^\"\n]{1,500})\"|'([^'\n]{1,500})')")  # @"System.String?text=string"
# <xref href="uid" alt="shown"/> (`uid=` too, its closing tag if any), <a href="xref:uid"/> or <a href="xref:uid"></a>
_XREF_TAG = re.compile(r"<xref[ \t]([^<>]{0,2000}?)/?>(?:[ \t]*</xref>)?", re.IGNORECASE)
_EMPTY_LINK = re.compile(
    r"<a[ \t][^<>]{0,1000}?href=[\"']xref:([^\"'<>\s]{1,500})[\"'][^<>]{0,1000}?(?:/>|>[ \t]*</a>)"
    r"|\[\]\(xref:([^()\s]{1,500})\)",  # or [](xref:uid)
    re.IGNORECASE,
)
_TAG_ATTRIBUTE = re.compile(r"([\w-]{1,40})=(?:\"([^\"]*)\"|'([^']*)')")
_PARAMETERS = re.compile(r"\([^()]{0,500}\)$")
_ARITY = re.compile(r"`{1,2}\d{1,3}")
_TAB = re.compile(r"#{1,6}[ \t]+\[([^\[\]\n]{1,300})\]\(#tab/[^()\s]{1,300}\)[ \t]*")  # `# [Linux](#tab/linux)`


def expand_docfx(text: str, page: Path) -> str:
    """`text` with DFM put in place (see the module docstring) when the page lies in a DocFX project."""
    if not any(sign in text for sign in _SIGNS):
        return text
    project = docfx_project(page)
    if project is None:
        return text
    return _expanded(text, page, project)


def _expanded(text: str, page: Path, project: str) -> str:
    out: list[str] = []
    tabs = False  # in a group of tabs, which a line `---` closes
    for line, code in in_code(text.split("\n")):
        if tabs and not code and line.strip() == "---":
            tabs = False
            continue
        if code or not any(sign in line for sign in _SIGNS):
            out.append(line)
            continue
        prefix = _PREFIX.match(line).group()  # type: ignore[union-attr]  # (it matches any text)
        rest = line[len(prefix) :].rstrip()
        tab = _TAB.fullmatch(rest) if rest.startswith("#") else None
        tabs = tabs or tab is not None
        block = f"{tab.group(1)}\n" if tab is not None else _block(rest, page, project)
        if block:  # its first line after the markers, the others under them (a list item's text, a quote's)
            rows, under = block.split("\n"), _ITEM.sub(lambda m: " " * len(m.group()), prefix)
            out += [prefix + rows[0]] + [under + row if row else under.rstrip() for row in rows[1:]]
        if block is not None:
            continue
        if "`" in line:  # a generic type's uid (`List`1`), an alt text's `code`: no code spans
            line = _XREF.sub(lambda m: xref_name(m.group(1), page, project) if "`" in m.group(1) else m.group(), line)
            line = _TRIPLE.sub(lambda m: _triple_text(m) if "`" in m.group(2) else m.group(), line)
        out.append(outside_code_spans(line, lambda part: _inline(part, page, project)))
    return "\n".join(out)


def _block(line: str, page: Path, project: str) -> str | None:
    """What a line of its own puts in place (its indent and quote markers taken off): an include's text, a code
    snippet's block, "" for a line of markup that leaves nothing; None for any other line."""
    include = _INCLUDE.fullmatch(line) if line.startswith("[!") else None
    if include is not None:  # DocFX renders an include as a document of its own: a fence it leaves open ends there
        return "\n".join(closed(_included(include.group(1), page, project).split("\n")))
    code = _CODE.fullmatch(line) if line.startswith("[!") else None
    if code is not None:
        source, lines, name = _code_target(code.group(2))
        return code_block(source, code.group(1) or "", lines, name, code.group(3) or "", page, project)
    triple = _TRIPLE_LINE.fullmatch(line) if line.startswith(":::") else None
    if triple is None:
        return "" if _MARKS.fullmatch(line) else None
    kind, attributes = triple.group(1).lower(), dict(_ATTRIBUTE.findall(triple.group(2)))
    if kind == "code":
        source = attributes.get("source", "")
        return code_block(source, attributes.get("language", ""), attributes.get("range", ""),
                          attributes.get("id", ""), "", page, project)  # fmt: skip
    if kind in ("image", "no-loc"):
        return None  # text in a line: _inline
    return ""


def _inline(text: str, page: Path, project: str) -> str:
    """Inline DFM in prose: includes, images, no-loc, leftover marks, cross references."""
    if "[!" in text:
        text = _INCLUDE.sub(lambda m: " ".join(_included(m.group(1), page, project).split()), text)
        text = _MARKS.sub("", text)
    if ":::" in text:
        text = _TRIPLE.sub(_triple_text, text)
    if "xref:" in text:
        text = _XREF.sub(lambda m: xref_name(m.group(1), page, project), text)
        text = _EMPTY_LINK.sub(lambda m: xref_name(m.group(1) or m.group(2), page, project), text)
    if "<xref" in text or "<XREF" in text:
        text = _XREF_TAG.sub(lambda m: _xref_tag(m, page, project), text)
    if "@" in text:
        text = _AT_UID.sub(lambda m: _at_uid(m, page, project), text)
        text = _AT_QUOTED.sub(lambda m: xref_name(m.group(1) or m.group(2), page, project), text)
    return text


def _at_uid(match: re.Match[str], page: Path, project: str) -> str:
    """What `@uid` shows: a page's title, an API's name when DocFX finds the uid (`@System.String` on a Learn
    page), else `@x` as written, as DocFX leaves a uid it does not know (a handle, `@octocat`; `@Model.Title`)."""
    uid = match.group(1)
    if title := page_title(uid, page, project):
        return title
    return xref_name(uid, page, project) if api_uids_resolved(uid, project) else match.group()


def _xref_tag(match: re.Match[str], page: Path, project: str) -> str:
    """What `<xref href="uid" .../>` shows: its `alt` or `text`, else the uid's name (as `displayProperty` or
    `altProperty` asks)."""
    attributes = {m.group(1).lower(): m.group(2) or m.group(3) or "" for m in _TAG_ATTRIBUTE.finditer(match.group(1))}
    shown = attributes.get("alt") or attributes.get("text")
    if shown:
        return shown
    uid = attributes.get("href") or attributes.get("uid") or ""
    display = attributes.get("displayproperty") or attributes.get("altproperty")
    spec = f"{uid}?displayProperty={display}" if display and "?" not in uid else uid
    return xref_name(spec, page, project) if uid else ""


def _triple_text(match: re.Match[str]) -> str:
    """What a triple-colon extension inside a line shows: an image's alt text, no-loc's text, else nothing."""
    attributes = dict(_ATTRIBUTE.findall(match.group(2)))
    kind = match.group(1).lower()
    if kind == "image":
        return attributes.get("alt-text", "").replace("`", "")
    return attributes.get("text", "") if kind == "no-loc" else ""


def _included(target: str, page: Path, project: str) -> str:
    """The text an include puts in place: the file's, without its front matter, its own DFM put in place."""
    relative = from_project(unquote(target), page, project)
    text = included_text(page, relative, once=True) if relative else None
    if text is None:
        return ""
    _, body, _ = split_front_matter(text)
    with deeper():
        return expand_docfx(body.strip("\n"), Path(os.path.normpath(page.parent / relative)))


def _code_target(link: str) -> tuple[str, str, str]:
    """(path, line ranges, snippet name) of a `[!code-...]` link: `x.cs#L3-L5`, `x.cs#name`, `x.cs?range=3-5`,
    `x.cs?name=x`, `x.cs?start=3&end=5`."""
    link, _, fragment = link.partition("#")
    source, _, query = link.partition("?")
    options = dict(part.partition("=")[::2] for part in query.split("&") if part)
    lines, name = options.get("range", ""), options.get("name", "")
    if not lines and options.get("start"):
        lines = f"{options['start']}-{options.get('end', '')}"
    if fragment:
        is_range = fragment[:1] in "Ll" and fragment[1:2].isdigit()
        lines, name = (fragment, name) if is_range else (lines, fragment)
    return unquote(source), lines, unquote(name)


def _awaited_title(uid: str, page: Path, project: str) -> str | None:
    """The title of a page that came to give `uid` since the project's pages were walked, when no API resolves it;
    else None, `page` being read again when a page comes (page_title())."""
    return None if api_uids_resolved(uid, project) else page_title(uid, page, project, awaited=True)


def xref_name(uid: str, page: Path, project: str) -> str:
    """The name DocFX shows for a cross reference to `uid` from `page` (see the module docstring): the title of
    the project's page that gives that uid, else the API's name the uid makes."""
    uid, _, query = unquote(uid).partition("?")
    options = {k: v for k, _, v in (p.partition("=") for p in query.split("&"))}
    if options.get("text") or options.get("alt"):
        return unquote_plus(options.get("text") or options["alt"])
    display = options.get("displayProperty", "")
    if not display and (title := page_title(uid, page, project) or _awaited_title(uid, page, project)):
        return title
    uid = _ARITY.sub("", _PARAMETERS.sub("", uid.rstrip("*")))
    if display == "fullName":
        return uid
    parts = uid.split(".")
    return ".".join(parts[-2:]) if display == "nameWithType" else parts[-1]
