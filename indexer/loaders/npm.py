"""The commands of an npm code block as each package manager writes them: Docusaurus's remark-plugin-npm2yarn
shows a ```bash npm2yarn block as tabs, npm, Yarn, pnpm and Bun, so that a reader (and a search for `yarn add
jest`) finds the command of each.

A line that runs npm (`npm install --save-dev jest`, `npm run build`, `npm init jest@latest`) is written for each;
any other line is kept as it is. Installing a package is `add` (`--save-dev` is Yarn's and Bun's `--dev`),
removing one `remove`, a script Yarn's `yarn build` and the others' `run build`, `npm init x` `create x`, `npm
test` Bun's `bun run test`; every other command keeps its name under the other manager.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["package_managers"]

MANAGERS = ("npm", "Yarn", "pnpm", "Bun")
_NPM_LINE = re.compile(r"^([ \t]*(?:\$[ \t]+)?)npm[ \t]+(\S+)(.*)$")
_INSTALL = frozenset({"install", "i", "add", "isntall"})
_REMOVE = frozenset({"uninstall", "remove", "rm", "un", "r"})
_DEV = frozenset({"--save-dev", "-D"})
_DROPPED = frozenset({"--save", "-S"})  # the default of every manager
_EXACT = frozenset({"--save-exact", "-E"})
_GLOBAL = frozenset({"--global", "-g"})


def package_managers(code: str) -> list[tuple[str, str]]:
    """(manager, the block's lines as it writes them) for npm, Yarn, pnpm and Bun."""
    lines = code.split("\n")
    return [(name, "\n".join(_command(line, name.lower()) for line in lines)) for name in MANAGERS]


def _command(line: str, manager: str) -> str:
    found = _NPM_LINE.match(line)
    if manager == "npm" or found is None:
        return line
    prefix, verb, rest = found.groups()
    words = rest.split()
    if verb in _INSTALL:
        packages = [w for w in words if not w.startswith("-")]
        if not packages:
            return f"{prefix}{manager} install" + _joined(w for w in words if w not in _DROPPED)
        flags = [_flag(w, manager) for w in words if w not in _DROPPED]
        if manager == "yarn" and any(w in _GLOBAL for w in words):
            return f"{prefix}yarn global add" + _joined(f for f in flags if f not in _GLOBAL)
        return f"{prefix}{manager} add" + _joined(flags)
    if verb in _REMOVE:
        return f"{prefix}{manager} remove" + _joined(w for w in words if w not in _DROPPED | _DEV)
    if verb in ("test", "t") and manager == "bun":
        return f"{prefix}bun run test" + rest  # `bun test` is Bun's own test runner
    if verb in ("run", "run-script") and words:
        return f"{prefix}{'yarn' if manager == 'yarn' else manager + ' run'}" + _joined(words)
    if verb == "init" and words and not words[0].startswith("-"):
        return f"{prefix}{manager} create" + _joined(words)
    return f"{prefix}{manager} {verb}" + rest


def _flag(word: str, manager: str) -> str:
    if word in _DEV:
        return "--save-dev" if manager == "pnpm" else "--dev"
    if word in _EXACT:
        return "--save-exact" if manager == "pnpm" else "--exact"
    return word


def _joined(words: Iterable[str]) -> str:
    listed = list(words)
    return " " + " ".join(listed) if listed else ""
