"""Front matter: the metadata block at the top of a Markdown file, read into a bounded mapping of JSON values.

    ---              YAML (Jekyll, Hugo, Docusaurus, MkDocs, Obsidian)      +++             TOML (Hugo, Zola)
    title: Install                                                          title = "Install"
    date: 2024-05-26                                                        +++
    ---

What comes out is safe to store and to send to a client whatever the block held:
- dates and times become ISO 8601 strings; sets become lists; binary values (`!!binary`) are dropped, and
  floats that JSON cannot carry (NaN, infinities) become text, each with a warning;
- a block larger than MAX_BYTES, or one that expands (YAML aliases: a "billion laughs") to more than
  MAX_EXPANDED values or characters, is refused whole with its reason; values nested deeper than MAX_DEPTH
  are dropped with a warning;
- `tags` becomes a tuple of at most MAX_TAGS distinct strings (Zola's `[taxonomies]` table holds them: its `tags`
  are taken when there is no `tags` of its own).
A YAML block that YAML cannot read but that is flat, one `key: value` line each, no value opening YAML's structure
(a bracket, brace, quote, `|`, `>`, `&`, `*`, `!`, `%`: `title: [unclosed` stays an error), is read as those
strings, as svelte.dev's line-by-line reader reads `title: @sveltejs/kit/hooks` (`@` cannot start a YAML value),
Svelte's `title: {#if ...}` (a brace before `#`, `@`, `:` or `/` is a template tag) or `title: Note: this`. A
block that cannot be read (invalid, refused, not a mapping) is left out with a warning and the body is indexed;
but when it names `access`, the file is refused (FrontMatterError): guessing "no groups" would show a document its
owner meant to hide.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import tomllib
from collections.abc import Iterable
from typing import Any

import yaml

from indexer.errors import LoaderError
from indexer.loaders.yamlread import DateTolerantLoader

__all__ = ["FrontMatterError", "split_front_matter", "string_tuple", "written_date"]

MAX_BYTES = 64_000  # a front matter block longer than this (in characters) is refused
MAX_EXPANDED = 200_000  # values plus characters a block may expand to (aliases repeat what they point at)
MAX_DEPTH = 32  # lists and mappings nested deeper are dropped
MAX_TAGS = 100
MAX_TAG_CHARS = 200

_YAML_BLOCK = re.compile(r"\A---[ \t]*\n(.*?)^(?:---|\.\.\.)[ \t]*$\n?", re.DOTALL | re.MULTILINE)
# TOML's block may follow blank lines, as Hugo and Zola read it (Zola's theme pages, generated from each theme's
# README, open with one): `+++` means nothing else in Markdown, unlike `---`, a rule after a blank line; but MyST's
# and Jupytext's notebooks break their cells with `+++` lines, so a block there that is no TOML is kept as text
_TOML_BLOCK = re.compile(r"\A(?:[ \t]*\n)*+\+\+\+[ \t]*\n(.*?)^\+\+\+[ \t]*$\n?", re.DOTALL | re.MULTILINE)
_NAMES_ACCESS = re.compile(r"^\s*[\"']?access[\"']?\s*[:=]", re.MULTILINE)
# `key: value` at a line's start, the value as written, unless it opens a YAML structure (but Svelte's template
# tags, `{#if ...}`, `{@html ...}`, `{:else}`, `{/if}`, are no YAML)
_FLAT_LINE = re.compile(r"""([A-Za-z_][\w-]*):[ \t]+((?:[^\s\[\]{}|>&*!%'"]|\{[#@:/]).*)""")
_DATE = re.compile(r"\s*([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})")  # how a written date starts: 2024-05-26, 2024-5-6


class FrontMatterError(LoaderError):
    """Front matter that names access groups could not be read: the file is not indexed."""


class _Refused(Exception):
    """The block as a whole is refused; the message says why."""


def split_front_matter(text: str) -> tuple[dict[str, Any], str, tuple[str, ...]]:
    """Split leading YAML (`---`) or TOML (`+++`) front matter from the body: (mapping, body, warnings)."""
    found = next(((m, parse) for p, parse in _BLOCKS if (m := p.match(text))), None)
    if found is None:
        return {}, text, ()
    match, parse = found
    block, body = match.group(1), text[match.end() :]
    warnings: list[str] = []
    try:
        if len(block) > MAX_BYTES:
            raise _Refused(f"is longer than {MAX_BYTES:,} characters")
        loaded = parse(block)
        if loaded is None:
            return {}, body, ()
        if not isinstance(loaded, dict):
            raise _Refused(f"is a {type(loaded).__name__}, not a mapping")
        front_matter = _Plain(warnings).mapping(loaded, depth=0)
    except _Refused as refused:
        if not text.startswith(("---", "+++")):  # `+++` after blank lines, no TOML: text (MyST's cell breaks)
            return {}, text, ()
        if _NAMES_ACCESS.search(block):
            raise FrontMatterError(f"front matter {refused} and names access groups: not indexed") from None
        return {}, body, (f"front matter {refused}; ignored",)
    if "tags" in front_matter:
        front_matter["tags"] = string_tuple(front_matter["tags"])
    elif isinstance(taxonomies := front_matter.get("taxonomies"), dict) and "tags" in taxonomies:
        front_matter["tags"] = string_tuple(taxonomies["tags"])  # Zola's: `[taxonomies]` then `tags = [...]`
    return front_matter, body, tuple(warnings)


def _parse_yaml(block: str) -> Any:
    try:
        return yaml.load(block, Loader=DateTolerantLoader)
    except yaml.YAMLError as exc:  # a flat block is read line by line, but never one that names access groups:
        if not _NAMES_ACCESS.search(block) and (flat := _flat_lines(block)) is not None:  # guessed groups show it
            return flat
        raise _Refused(f"is not valid YAML ({getattr(exc, 'problem', None) or type(exc).__name__})") from None
    except RecursionError:
        raise _Refused(f"nests deeper than {MAX_DEPTH} levels") from None


def _flat_lines(block: str) -> dict[str, str] | None:
    """A block of `key: value` lines (blank and `#` comment lines aside) as strings; None when a line is anything
    else (indented, a list item, a key alone on its line, a value that opens a YAML structure)."""
    found: dict[str, str] = {}
    for line in block.split("\n"):
        if not line.strip() or line.startswith("#"):
            continue
        pair = _FLAT_LINE.fullmatch(line.rstrip())
        if pair is None:
            return None
        found[pair.group(1)] = pair.group(2)
    return found or None


def _parse_toml(block: str) -> Any:
    try:
        return tomllib.loads(block)
    except tomllib.TOMLDecodeError as exc:
        raise _Refused(f"is not valid TOML ({exc})") from None
    except ValueError:  # a number of more digits than Python reads (4,300)
        raise _Refused("holds a number too long to read") from None
    except RecursionError:
        raise _Refused(f"nests deeper than {MAX_DEPTH} levels") from None


class _Plain:
    """Turns a loaded block into JSON values, counting what it expands to (an alias is counted each time it is
    met, as a JSON encoder would write it) and noting what it changes or drops."""

    def __init__(self, warnings: list[str]) -> None:
        self.warnings = warnings
        self.budget = MAX_EXPANDED

    def mapping(self, value: dict[Any, Any], depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, item in value.items():
            name = self._key(key)
            if name is None:
                self._note("front matter has a key that is a list or a mapping; that entry is dropped")
                continue
            plain = self.value(item, name, depth + 1)
            if plain is not _DROP:
                out[name] = plain
        return out

    def value(self, value: Any, where: str, depth: int) -> Any:
        self._spend(1)
        if depth > MAX_DEPTH:
            self._note(f"front matter '{where}' nests deeper than {MAX_DEPTH} levels; dropped")
            return _DROP
        if isinstance(value, str):
            self._spend(len(value))
            return value
        if isinstance(value, bool | int) or value is None:
            return value
        if isinstance(value, float):
            if math.isfinite(value):
                return value
            self._note(f"front matter '{where}' is not a finite number; kept as text")
            return str(value)
        if isinstance(value, dt.date | dt.time):  # datetime is a date
            text = value.isoformat()
            self._spend(len(text))
            return text
        if isinstance(value, dict):
            return self.mapping(value, depth)
        if isinstance(value, list | tuple | set | frozenset):
            items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
            plain = (self.value(item, where, depth + 1) for item in items)
            return [item for item in plain if item is not _DROP]
        if isinstance(value, bytes | bytearray):
            self._note(f"front matter '{where}' is binary data ({len(value):,} bytes); dropped")
            return _DROP
        self._note(f"front matter '{where}' is a {type(value).__name__}; kept as text")
        text = str(value)
        self._spend(len(text))
        return text

    def _key(self, key: Any) -> str | None:
        """The key as text; None for a key that is a structure (whose text could be as large as an alias bomb)."""
        if isinstance(key, list | tuple | dict | set | frozenset | bytes | bytearray):
            return None
        name = key.isoformat() if isinstance(key, dt.date | dt.time) else str(key)
        self._spend(len(name))
        return name

    def _spend(self, amount: int) -> None:
        self.budget -= amount
        if self.budget < 0:
            raise _Refused(f"expands to more than {MAX_EXPANDED:,} values and characters (a YAML alias bomb?)")

    def _note(self, warning: str) -> None:
        if warning not in self.warnings and len(self.warnings) < 10:
            self.warnings.append(warning)


_DROP = object()  # a value left out of the result
_BLOCKS = ((_YAML_BLOCK, _parse_yaml), (_TOML_BLOCK, _parse_toml))


def string_tuple(value: object) -> tuple[str, ...]:
    """A list, tuple or comma-separated string as a tuple of non-empty, distinct, stripped strings: at most
    MAX_TAGS of them, each cut to MAX_TAG_CHARS; nested lists and mappings are left out."""
    items: Iterable[object]
    if value is None:
        items = ()
    elif isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list | tuple | set | frozenset):
        items = (item for item in value if item is not None and not isinstance(item, list | tuple | dict))
    else:
        items = (value,)
    stripped = (str(item).strip()[:MAX_TAG_CHARS] for item in items)
    return tuple(dict.fromkeys(item for item in stripped if item))[:MAX_TAGS]


def written_date(value: object) -> dt.date | None:
    """The day a front matter date names, as the site generators read one (Jekyll's posts, MkDocs' blog): a
    YAML date or time (an ISO 8601 string once read here: `2024-05-26`, `2024-05-26T10:00:00+02:00`, the day as
    written, whatever its time zone), or text that starts with one (`2024-5-6 10:00`); None for anything else
    and for a day that does not exist (`2024-02-30`)."""
    if isinstance(value, dt.date):
        return value if not isinstance(value, dt.datetime) else value.date()
    found = _DATE.match(value) if isinstance(value, str) else None
    if found is None:
        return None
    try:
        return dt.date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None
