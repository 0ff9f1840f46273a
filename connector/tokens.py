"""The tokens file: per token a name, its groups and the SHA-256 of the token, never the token itself.

`python -m connector tokens add|list|revoke` edits it (connector.tokens_cli); the server's verifier
(connector.auth) reads it, again whenever it changes. An edit is atomic: a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from indexer import group_names

TOKEN_PREFIX = "dsk_"
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.@:-]{0,63}")
FILE_VERSION = 1


class TokensFileError(ValueError):
    """The tokens file cannot be read, or an edit of it is not possible; the message says why."""


@dataclass(frozen=True)
class TokenEntry:
    name: str
    sha256: str
    groups: tuple[str, ...]
    created: str


def hash_token(token: str) -> str:
    # Tokens are 256 random bits: a fast hash is as safe as a slow one and costs nothing per request.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def parse_groups(text: str) -> tuple[str, ...]:
    """Comma-separated group names, checked; TokensFileError when one cannot be a group name."""
    try:
        return group_names(text.split(","))
    except ValueError as exc:
        raise TokensFileError(str(exc)) from None


class TokensFile:
    """The tokens file: read, and edited atomically (a reader never sees half a file)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> list[TokenEntry]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise TokensFileError(
                f"{self.path} does not exist; create a token with: python -m connector tokens add NAME "
                f"--tokens-file {self.path}"
            ) from None
        except OSError as exc:
            raise TokensFileError(f"{self.path} cannot be read: {exc.strerror or exc}") from None
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise TokensFileError(f"{self.path} is not a tokens file (not JSON)") from None
        entries = data.get("tokens") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise TokensFileError(f"{self.path} is not a tokens file (no 'tokens' list)")
        try:
            return [
                TokenEntry(e["name"], e["sha256"], tuple(e.get("groups", ())), e.get("created", "")) for e in entries
            ]
        except (KeyError, TypeError):
            raise TokensFileError(f"{self.path} is not a tokens file (an entry lacks a name or a hash)") from None

    def read_or_empty(self) -> list[TokenEntry]:
        return self.read() if self.path.exists() else []

    def add(self, name: str, groups: Sequence[str]) -> str:
        """Create a token called `name`; return it (the only time it exists outside the caller's hands)."""
        if not NAME_PATTERN.fullmatch(name):
            raise TokensFileError(
                f"invalid token name {name!r}: use up to 64 letters, digits and _ . @ : - (starting with a "
                "letter or digit)"
            )
        with self._locked():
            entries = self.read_or_empty()
            if any(e.name == name for e in entries):
                raise TokensFileError(f"a token named {name!r} exists; revoke it first or choose another name")
            token = TOKEN_PREFIX + secrets.token_urlsafe(32)
            created = datetime.now(UTC).isoformat(timespec="seconds")
            entries.append(TokenEntry(name, hash_token(token), tuple(groups), created))
            self._write(entries)
        return token

    def revoke(self, name: str) -> None:
        with self._locked():
            entries = self.read()
            kept = [e for e in entries if e.name != name]
            if len(kept) == len(entries):
                raise TokensFileError(f"no token named {name!r} in {self.path}")
            self._write(kept)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    def _write(self, entries: list[TokenEntry]) -> None:
        data = {
            "version": FILE_VERSION,
            "tokens": [{"name": e.name, "sha256": e.sha256, "groups": list(e.groups), "created": e.created}
                       for e in entries],
        }  # fmt: skip
        fd, tmp = tempfile.mkstemp(prefix=".tokens-", dir=self.path.parent)
        try:
            os.fchmod(fd, 0o600)  # hashes only, but nobody else needs to read them
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=2)
                f.write("\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
