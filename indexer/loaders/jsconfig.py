r"""The literal values of a JavaScript or TypeScript config (docusaurus.config.ts, astro.config.mjs, VitePress's
.vitepress/config/index.ts), read carefully and within bounds: such configs are programs, which no indexer should
run.

Only literal values are read: `defaultLocale: 'en'`, `locales: ['en', 'fr']`, `locales: { root: {...}, fr: {...} }`
(keys and literal members), `lastVersion: '2.x'`, `includeCurrentVersion: false`, also in parentheses or with a
TypeScript type after them (`({...})`, `{...} satisfies Options`); `require('name')` (or `require.resolve`) is
read as the module's name. A value that is an expression (`lastVersion: isDev ? 'current' : latest()`), a
method, or a key written more than once with different kinds of value, is not read (UNKNOWN; the rest of the
object or array holding it is): the caller falls back on the generator's defaults. Comments, the text inside
strings and regular expression literals (`/[`'"]/g`) are never taken for code. A file larger than
MAX_CONFIG_BYTES is not read at all, and a literal nested deeper than MAX_DEPTH or longer than MAX_ITEMS items is
not a value (jsliterals.py reads the literals). The loaders read them too (a VitePress site's config:
vitepressconfig.py), which is why this lies here and not beside the other site configs (ingest/siteconfig.py).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from indexer.loaders.jsliterals import SPREAD, UNKNOWN, LiteralParser, mask
from indexer.loaders.regular import read_regular

__all__ = ["MAX_CONFIG_BYTES", "MAX_IMPORTS", "SPREAD", "UNKNOWN", "JsConfig", "config_text", "imported_modules"]

MAX_CONFIG_BYTES = 1_000_000
MAX_IMPORTS = 20  # modules of a config followed (VitePress's config/index.ts imports shared.ts, en.ts, zh.ts...)
# an import or re-export from a relative path: `import x from './a'`, `export * from './c'`
_DECLARATION = re.compile(r"(?<![\w$.])(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=(?![=>])")
_IMPORT = re.compile(r"""(?<![\w$.])(?:import|export)\b[^;'"`]*?\bfrom\s*(['"])(\.{1,2}/[^'"\n]+)\1""")
_MODULE_SUFFIXES = (".ts", ".mts", ".js", ".mjs")
_STATEMENT_END = re.compile(r"\n(?=[^\s?:.|&])")  # a line that starts a statement of its own (no continuation)
_NAME = re.compile(r"(?<![\w$.])[A-Za-z_$][\w$]*")


def config_text(path: Path) -> str:
    """The file's text; "" when it cannot be read or is larger than MAX_CONFIG_BYTES."""
    try:
        data = read_regular(path, MAX_CONFIG_BYTES + 1)
    except OSError:
        return ""
    return "" if len(data) > MAX_CONFIG_BYTES else data.decode("utf-8", "replace")


class JsConfig:
    """The literal values of a JavaScript or TypeScript config (docusaurus.config.ts, astro.config.mjs)."""

    def __init__(self, text: str) -> None:
        self.code, self.masked = mask(text)
        self._declared: dict[str, str] | None = None  # see _declarations()
        self._environmental: dict[str, bool] = {}  # see _from_environment()

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
            parser = LiteralParser(self.code, match.end())
            value = parser.value(0)
            found.append(value if parser.ends() else UNKNOWN)
        return found

    def option(self, key: str, kind: type) -> Any:
        """The value of `key` when it is written once, as a literal of `kind`; else None."""
        values = self.values(key)
        return values[0] if len(values) == 1 and isinstance(values[0], kind) else None

    def env_default(self, key: str) -> str | None:
        """The string `key` is when the environment sets nothing: a value written `process.env.NAME ?? '/'` (or
        `||`) for the key or for the variable it names (docusaurus.io's `const baseUrl = process.env.BASE_URL ??
        '/'`, then `baseUrl,`), or written so through a variable the environment sets (Starlight's `const site =
        NETLIFY_PREVIEW_SITE || 'https://starlight.astro.build/'`, that variable a `const` of `process.env...`);
        None unless every such value falls back to that one literal string."""
        found: set[Any] = set()
        for name in dict.fromkeys([key, *self.named(key)]):
            pattern = (
                rf"(?<![\w$.]){re.escape(name)}\s*(?::|=(?![=>]))\s*"
                r"(?:process\.env\.[\w$]+|(?P<variable>[A-Za-z_$][\w$]*))\s*(?:\?\?|\|\|)\s*"
            )
            for match in re.finditer(pattern, self.masked):
                if match.group("variable") and not self._from_environment(match.group("variable")):
                    found.add(UNKNOWN)
                    continue
                parser = LiteralParser(self.code, match.end())
                value = parser.value(0)
                found.add(value if isinstance(value, str) and parser.ends() else UNKNOWN)
        value = found.pop() if len(found) == 1 else None
        return value if isinstance(value, str) else None

    def _from_environment(self, variable: str, depth: int = 0) -> bool:
        """Whether `variable` is declared with a value read from the environment (`const X = ... process.env.Y`),
        or from a variable that is, two deep (Astro's docs: `const previewBranch = process.env.GITHUB_HEAD_REF`,
        then `const previewSite = previewBranch` on lines of its own, `? ... : undefined;`, then `const site =
        previewSite || 'https://docs.astro.build/'`). The value is read to its `;` or to the next line that is not
        indented (a statement of its own), at most 500 characters."""
        known = self._environmental.get(variable) if depth == 0 else None
        if known is not None:
            return known
        value = self._declarations().get(variable)
        if value is None:
            return False
        names = dict.fromkeys(_NAME.findall(value)) if depth < 2 else {}
        found = "process.env." in value or any(
            self._from_environment(name, depth + 1) for name in list(names)[:5] if name != variable
        )
        if depth == 0:
            self._environmental[variable] = found
        return found

    def _declarations(self) -> dict[str, str]:
        """Each variable's first declaration's value (`const|let|var NAME = ...`, read as _from_environment says),
        found in one pass over the config: looked for name by name, a config of many `x || 'y'` took seconds."""
        if self._declared is None:
            self._declared = {}
            for found in _DECLARATION.finditer(self.masked):
                value = self.masked[found.end() : found.end() + 500].split(";", 1)[0]
                self._declared.setdefault(found.group(1), _STATEMENT_END.split(value, 1)[0])
        return self._declared

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

    def imported_value(self, name: str, config: Path) -> Any:
        """The literal value a module the config imports by a relative path exports as `name` (Astro's docs:
        `import { localesConfig } from './config/locales'`, there `export const localesConfig = {...}`; also
        `{ x as name }`), from the config's folder or below; None when there is no such import, or the module
        writes no one literal for it."""
        pattern = (
            rf"""(?<![\w$.])import\s*\{{[^{{}}]{{0,1000}}?\b(?:(?P<source>[A-Za-z_$][\w$]*)\s+as\s+)?"""
            rf"""{re.escape(name)}\s*(?:,[^{{}}]{{0,1000}}?)?\}}\s*from\s*(['"])(?P<path>\.{{1,2}}/[^'"\n]+)\2"""
        )
        found = re.search(pattern, self.code)
        module = _module_file(str(config), found.group("path"), str(config.parent)) if found else None
        if found is None or module is None:
            return None
        values = JsConfig(config_text(Path(module))).values(found.group("source") or name)
        return values[0] if len(values) == 1 and values[0] is not UNKNOWN else None

    def named(self, key: str) -> list[str]:
        """The names of the variables written for `key` (`locales: siteLocales`, or the shorthand `locales,`)."""
        shorthand = rf"(?<![\w$.:])\b{re.escape(key)}\s*(?=[,}}])"
        names = [key] if re.search(shorthand, self.masked) else []
        return names + re.findall(rf"(?<![\w$.])\b{re.escape(key)}\s*:\s*([A-Za-z_$][\w$]*)\s*[,}}\n]", self.masked)

    def strings(self, key: str) -> tuple[str, ...] | None:
        """The value of `key` when it is written once, as a literal array of strings; else None."""
        value = self.option(key, list)
        return tuple(value) if value is not None and all(isinstance(v, str) for v in value) else None


def imported_modules(code: JsConfig, module: str, folder: str) -> list[str]:
    """The files of the JavaScript or TypeScript modules that the module `module` (read as `code`) imports by
    a relative path (`import { sharedConfig } from './shared'`, `export * from './en.js'`), as the bundler finds
    them (`./shared` is shared.ts, shared.js... or shared/index.ts; `./en.js` may be en.ts), within `folder`: at
    most MAX_IMPORTS, in the order they are imported."""
    found: list[str] = []
    for match in _IMPORT.finditer(code.code):
        path = _module_file(module, match.group(2), folder)
        if path is not None and path not in found:
            found.append(path)
        if len(found) >= MAX_IMPORTS:
            break
    return found


def _module_file(module: str, specifier: str, folder: str) -> str | None:
    """The file that `module` imports as the relative `specifier`, as the bundler finds it (`./shared` is
    shared.ts, shared.js... or shared/index.ts; `./en.js` may be en.ts); None when there is none within `folder`."""
    name = os.path.normpath(os.path.join(os.path.dirname(module), specifier))
    stem, suffix = os.path.splitext(name)
    if suffix in _MODULE_SUFFIXES:
        candidates = [name, stem + (".mts" if suffix == ".mjs" else ".ts")]
    else:
        candidates = [name + s for s in _MODULE_SUFFIXES] + [os.path.join(name, "index" + s) for s in _MODULE_SUFFIXES]
    path = next((c for c in candidates if os.path.isfile(c)), None)
    inside = os.path.realpath(folder) + os.sep
    return path if path is not None and os.path.realpath(path).startswith(inside) else None
