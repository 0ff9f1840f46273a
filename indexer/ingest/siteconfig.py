"""Reading a site generator's own config files, carefully and within bounds: what layouts.py needs of them.

Docusaurus and Astro configs are JavaScript or TypeScript programs, which no indexer should run. Only literal
values are read from them: `defaultLocale: 'en'`, `locales: ['en', 'fr']`, `locales: { root: {...}, fr: {...} }`
(keys and literal members), `lastVersion: '2.x'`, `includeCurrentVersion: false`, also in parentheses or with a
TypeScript type after them (`({...})`, `{...} satisfies Options`); `require('name')` (or `require.resolve`) is
read as the module's name. A value that is an expression (`lastVersion: isDev ? 'current' : latest()`), a
method, or a key written more than once with different kinds of value, is not read (UNKNOWN; the rest of the
object or array holding it is): the caller falls back on the generator's defaults. Comments and the text inside
strings are never taken for code. Hugo's config is TOML, YAML or JSON, read by their parsers. A file larger than
MAX_CONFIG_BYTES is not read at all, and a literal nested deeper than MAX_DEPTH or longer than MAX_ITEMS items is
not a value.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

MAX_CONFIG_BYTES = 1_000_000
MAX_NAMES = 1_000  # folders listed, versions read: a site's own folders hold a few dozen
MAX_DEPTH = 8
MAX_ITEMS = 1_000
UNKNOWN = object()  # a value that is no literal (an expression, a variable, a function)
SPREAD = "..."  # the member of an object read that stands for what a spread (`...common`) adds to it: UNKNOWN


class _SafeLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """YAML's safe loader, reading a value with a tag it does not know as the plain value under the tag: MkDocs
    configs name Python objects (`emoji_index: !!python/name:material.extensions.emoji.twemoji`) and the
    environment (`site_url: !ENV [READTHEDOCS_CANONICAL_URL, ...]`), which made the whole mkdocs.yml unreadable
    (its docs_dir, nav and use_directory_urls unseen). Nothing is imported or looked up."""


def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node) or None  # type: ignore[arg-type]


_SafeLoader.add_multi_constructor("", _untagged)
_SAFE_LOADER = _SafeLoader
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
_REQUIRE = re.compile(r"require(?:\.resolve)?\(\s*(['\"])([^'\"\\\n]*)\1\s*\)")  # require.resolve('name')
_TYPED = re.compile(r"(?:satisfies|as)(?![\w$])")  # `value satisfies Type`, `value as const`
_LITERALS = {"true": True, "false": False, "null": None, "undefined": None}


def config_text(path: Path) -> str:
    """The file's text; "" when it cannot be read or is larger than MAX_CONFIG_BYTES."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_CONFIG_BYTES + 1)
    except OSError:
        return ""
    return "" if len(data) > MAX_CONFIG_BYTES else data.decode("utf-8", "replace")


def site_folder(value: object) -> str:
    """A folder a config names relative to the site's (Hugo's `contentDir`, VitePress's `srcDir`, a Docusaurus
    plugin's `path`...) as "content/"; "" when it names none, or one outside the site (absolute, `..`, `C:`)."""
    if not isinstance(value, str):
        return ""
    parts = [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or value.strip().startswith("/") or ":" in parts[0]:
        return ""
    return "/".join(parts) + "/"


def path_glob(glob: str, any_folders: bool = False) -> re.Pattern[str]:
    """A glob of a site's config as a regular expression over paths ('/' between names), as the generators read
    theirs: `*` and `?` within a name, `**` across folders, `[0-9]` a class (`[!x]` its opposite, never '/'),
    `{a,b}` either. With `any_folders` (fast-glob's reading, VitePress's), `**/` may also stand for no folder."""
    out, i, depth = [], 0, 0
    while i < len(glob):
        c = glob[i]
        if any_folders and glob.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
            continue
        if glob.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if c == "[" and (end := glob.find("]", i + 1)) > i + 1:
            body = glob[i + 1 : end]
            negated = body[0] in "!^" and len(body) > 1
            inside = "".join(ch if ch == "-" else re.escape(ch) for ch in (body[1:] if negated else body))
            out.append(f"[^/{inside}]" if negated else f"[{inside}]")  # a range stays one ([0-9])
            i = end + 1
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "{":
            out.append("(?:")
            depth += 1
        elif c == "}" and depth:
            out.append(")")
            depth -= 1
        elif c == "," and depth:
            out.append("|")
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile("".join(out) + ")" * depth)


def config_mapping(path: Path) -> dict[str, Any]:
    """A config file in TOML (by its suffix), JSON or YAML (Hugo's hugo.toml, Jekyll's _config.yml) as a mapping;
    {} when it cannot be read."""
    text = config_text(path)
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            data = yaml.load(text, Loader=_SAFE_LOADER)
    except (ValueError, yaml.YAMLError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def folder_names(folder: Path) -> list[str]:
    """The names of the folders in `folder` (not hidden), sorted (at most MAX_NAMES)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(e.name for e in entries if e.is_dir() and not e.name.startswith("."))[:MAX_NAMES]
    except OSError:
        return []


def yaml_config(path: Path) -> dict[str, Any]:
    """A YAML config file as a mapping; {} when it cannot be read."""
    try:
        data = yaml.load(config_text(path), Loader=_SAFE_LOADER)
    except (yaml.YAMLError, RecursionError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def listed(value: object) -> list[Any]:
    """A config value that should be a list, as one ([] for anything else)."""
    return value if isinstance(value, list) else []


def lowered(table: object) -> dict[str, Any]:
    """A mapping with its keys in lower case (Hugo's config keys are case-insensitive); {} for anything else."""
    return {str(k).lower(): v for k, v in table.items()} if isinstance(table, dict) else {}


class JsConfig:
    """The literal values of a JavaScript or TypeScript config (docusaurus.config.ts, astro.config.mjs)."""

    def __init__(self, text: str) -> None:
        self.code, self.masked = _mask(text)

    def values(self, key: str) -> list[Any]:
        """Every value written for `key` (`key: value`, `'key': value` or `key = value`), each a str, bool,
        None, number, list, dict or UNKNOWN."""
        found = []
        name = re.escape(key)
        # in `masked`, a quoted key's letters are _: its text is checked in `code`
        pattern = rf"(?<![\w$.])(?:{name}|(['\"])_{{{len(key)}}}\1)\s*(?::|=(?![=>]))\s*"
        for match in re.finditer(pattern, self.masked):
            if match.group(1) and self.code[match.start() + 1 : match.start() + 1 + len(key)] != key:
                continue
            parser = _Parser(self.code, match.end())
            value = parser.value(0)
            found.append(value if parser.ends() else UNKNOWN)
        return found

    def option(self, key: str, kind: type) -> Any:
        """The value of `key` when it is written once, as a literal of `kind`; else None."""
        values = self.values(key)
        return values[0] if len(values) == 1 and isinstance(values[0], kind) else None

    def imported_json(self, name: str, config: Path) -> Any:
        """The value of the JSON file that the config imports as `name` (`import locales from './locales.json'`),
        from the config's folder or below; None when there is no such import, or the file cannot be read."""
        pattern = rf"""(?<![\w$.])import\s+{re.escape(name)}\s+from\s*(['"])(\.{{1,2}}/[^'"\n]+\.json)\1"""
        found = re.search(pattern, self.code)
        if found is None:
            return None
        path = (config.parent / found.group(2)).resolve()
        if not path.is_relative_to(config.parent.resolve()):
            return None
        try:
            return json.loads(config_text(path))
        except (ValueError, RecursionError):
            return None

    def named(self, key: str) -> list[str]:
        """The names of the variables written for `key` (`locales: siteLocales`, or the shorthand `locales,`)."""
        shorthand = rf"(?<![\w$.:])\b{re.escape(key)}\s*(?=[,}}])"
        names = [key] if re.search(shorthand, self.masked) else []
        return names + re.findall(rf"(?<![\w$.])\b{re.escape(key)}\s*:\s*([A-Za-z_$][\w$]*)\s*[,}}\n]", self.masked)

    def strings(self, key: str) -> tuple[str, ...] | None:
        """The value of `key` when it is written once, as a literal array of strings; else None."""
        value = self.option(key, list)
        return tuple(value) if value is not None and all(isinstance(v, str) for v in value) else None


def _mask(text: str) -> tuple[str, str]:
    """(the text with its comments blanked, the same with the inside of its strings blanked too): the first is
    parsed, the second searched for keys, so that neither a comment nor a string's text passes for code."""
    code, masked = list(text), list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith(("//", "/*"), i):
            line = text[i + 1] == "/"
            end = text.find("\n" if line else "*/", i + 2)
            end = n if end == -1 else end if line else end + 2
            for j in range(i, end):
                if text[j] != "\n":
                    code[j] = masked[j] = " "
            i = end
        elif c in "'\"`":
            end = _string_end(text, i)
            for j in range(i + 1, end - 1):
                masked[j] = "_"
            i = end
        else:
            i += 1
    return "".join(code), "".join(masked)


def _string_end(text: str, start: int) -> int:
    """Where the string literal opening at `start` ends (after its closing quote, or at the end of the text)."""
    quote, i = text[start], start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote or (quote != "`" and text[i] == "\n"):
            return i + 1
        i += 1
    return len(text)


class _Parser:
    """A JavaScript literal at `pos` in comment-free code: strings, numbers, true/false/null, arrays and objects
    of literals. Anything else is UNKNOWN (skipped to the next comma or closing bracket)."""

    def __init__(self, code: str, pos: int) -> None:
        self.code, self.pos = code, pos

    def value(self, depth: int) -> Any:
        """The value at the current position, past a TypeScript type after it (`{...} satisfies Options`)."""
        value = self._bare(depth)
        if value is not UNKNOWN:
            self._space()
            typed = _TYPED.match(self.code, self.pos)
            if typed:
                self.pos = typed.end()
                self._skip(types=True)
        return value

    def _bare(self, depth: int) -> Any:
        self._space()
        c = self.code[self.pos : self.pos + 1]
        if depth > MAX_DEPTH:
            return self._skip()
        if c == "(":  # `({...})`: a value in parentheses, as typed Docusaurus configs write their options
            start = self.pos
            self.pos += 1
            inner = self.value(depth + 1)
            self._space()
            if inner is not UNKNOWN and self.code.startswith(")", self.pos):
                self.pos += 1
                if not self.code[self.pos : self.pos + 200].lstrip().startswith("=>"):
                    return inner  # (not the parameters of an arrow function: `({locale}) => {...}`)
            self.pos = start
            return self._skip()
        if c in ("'", '"') or (c == "`" and "${" not in self._raw_string()):
            return self._string()
        required = _REQUIRE.match(self.code, self.pos)
        if required:  # a module's name, as a plugin is often written
            self.pos = required.end()
            return required.group(2)
        if c == "[":
            return self._array(depth)
        if c == "{":
            return self._object(depth)
        word = re.compile(r"-?\d[\d_.eE+-]*|[A-Za-z_$][\w$]*").match(self.code, self.pos)
        if word and word.group() in _LITERALS and self._ends_at(word.end()):
            self.pos = word.end()
            return _LITERALS[word.group()]
        if word and word.group()[0] in "-0123456789" and self._ends_at(word.end()):
            self.pos = word.end()
            return word.group()
        return self._skip()

    def ends(self) -> bool:
        """Whether the value just read is the whole expression (a comma, a closing bracket or the end follows)."""
        return self._ends_at(self.pos)

    def _ends_at(self, pos: int) -> bool:
        rest = self.code[pos : pos + 200].lstrip()
        return not rest or rest[0] in ",;}])"

    def _raw_string(self) -> str:
        return self.code[self.pos : _string_end(self.code, self.pos)]

    def _string(self) -> str:
        raw = self._raw_string()
        self.pos += len(raw)
        body = raw[1:-1] if len(raw) > 1 and raw[-1] == raw[0] else raw[1:]
        return re.sub(r"\\(.)", r"\1", body)

    def _array(self, depth: int) -> Any:
        start = self.pos
        self.pos += 1
        items: list[Any] = []
        while len(items) <= MAX_ITEMS:
            self._space()
            if self.code.startswith("]", self.pos):
                self.pos += 1
                return items
            items.append(self.value(depth + 1))
            if not self._comma("]"):
                break
        self.pos = start  # no literal: the whole array is skipped, and what holds it is read on
        return self._skip()

    def _object(self, depth: int) -> Any:
        start = self.pos
        self.pos += 1
        members: dict[str, Any] = {}
        while len(members) <= MAX_ITEMS:
            self._space()
            if self.code.startswith("}", self.pos):
                self.pos += 1
                return members
            key = self._key()
            if key is None:
                spread = self.code.startswith("...", self.pos)  # `...common`; a computed key `[name]` is not kept
                self._skip()
                if spread:
                    members[SPREAD] = UNKNOWN
            else:
                self._space()
                if self.code.startswith(":", self.pos):
                    self.pos += 1
                    members[key] = self.value(depth + 1)
                else:  # a shorthand member ({ en, fr }) or a method (`redirects(path) {...}`)
                    members[key] = self._skip()
            if not self._comma("}"):
                break
        self.pos = start
        return self._skip()

    def _key(self) -> str | None:
        c = self.code[self.pos : self.pos + 1]
        if c in ("'", '"'):
            return self._string()
        word = _WORD.match(self.code, self.pos)
        if word is None:
            return None
        self.pos = word.end()
        return word.group()

    def _comma(self, closing: str) -> bool:
        """Past the comma after a member; False when what follows is neither it nor `closing`."""
        self._space()
        if self.code.startswith(",", self.pos):
            self.pos += 1
            return True
        return self.code.startswith(closing, self.pos)

    def _space(self) -> None:
        while self.pos < len(self.code) and self.code[self.pos].isspace():
            self.pos += 1

    def _skip(self, types: bool = False) -> Any:
        """Past an expression that is no literal (or a type, whose angle brackets nest too): to the comma or
        closing bracket that ends it."""
        depth = 0
        opening, closing = ("([{<", ")]}>") if types else ("([{", ")]}")
        while self.pos < len(self.code):
            c = self.code[self.pos]
            if c in "'\"`":
                self.pos = _string_end(self.code, self.pos)
                continue
            if c == "=" and self.code.startswith("=>", self.pos):  # an arrow, whose > closes nothing
                self.pos += 2
                continue
            if c in opening:
                depth += 1
            elif c in closing:
                if depth == 0:
                    return UNKNOWN
                depth -= 1
            elif c in ",;" and depth == 0:
                return UNKNOWN
            self.pos += 1
        return UNKNOWN
