"""Signed links: what lets a browser that carries no bearer token open a document a search result cited.

A link is signed with HMAC-SHA256 over the document id, the access groups of the caller it was handed to and
an expiry. The page then shows the document only if it is still visible to those groups, and only that document:
the same signature with another id, other groups or a later expiry does not verify. The key is derived from the
index's own secret (so every replica serving one index, and a restarted server, accept the same links), or from
DOCSEARCH_LINK_SECRET when that is set.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from urllib.parse import urlencode

from indexer import Searcher, check_group

log = logging.getLogger(__name__)

MAX_GROUPS_PARAM = 4_000  # characters of the g= parameter a link may carry


class LinkSigner:
    """Signs and checks the query string (exp, g, sig) of links to /docs/<id>."""

    def __init__(self, secret: bytes, lifetime: float) -> None:
        self._key = hmac.new(secret, b"docsearch document links v1", hashlib.sha256).digest()
        self.lifetime = lifetime

    def _signature(self, doc_id: str, groups: str, expires: int) -> str:
        message = f"{expires}\n{groups}\n{doc_id}".encode()
        digest = hmac.new(self._key, message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def params(self, doc_id: str, groups: frozenset[str], now: float | None = None) -> dict[str, str]:
        """The query parameters that let a browser open `doc_id` as a caller in `groups` until the expiry."""
        expires = int((time.time() if now is None else now) + self.lifetime)
        names = ",".join(sorted(groups))
        signed = {"exp": str(expires), "g": names, "sig": self._signature(doc_id, names, expires)}
        return signed if names else {"exp": signed["exp"], "sig": signed["sig"]}

    def query(self, doc_id: str, groups: frozenset[str], now: float | None = None) -> str:
        return urlencode(self.params(doc_id, groups, now))

    def groups(self, doc_id: str, params: Mapping[str, str], now: float | None = None) -> frozenset[str] | None:
        """The groups a link for `doc_id` was signed for, or None when its signature is missing, wrong or expired."""
        expires, names, given = params.get("exp", ""), params.get("g", ""), params.get("sig", "")
        if not (expires.isascii() and expires.isdigit() and len(expires) <= 12) or len(names) > MAX_GROUPS_PARAM:
            return None
        if not given or not hmac.compare_digest(given.encode(), self._signature(doc_id, names, int(expires)).encode()):
            return None
        if int(expires) < (time.time() if now is None else now):
            return None
        groups = frozenset(n for n in names.split(",") if n)
        return groups if all(check_group(n) is None for n in groups) else None


def index_secret(searcher: Searcher) -> bytes | None:
    """The secret the indexer keeps in the index (shared by every replica serving it), None in an index without."""
    secret = searcher.snapshot().meta.get("secret", "")
    return bytes.fromhex(secret) if len(secret) >= 32 else None


def link_secret(searcher: Searcher, configured: str) -> bytes:
    """The configured secret, else the index's (shared by every replica of one index), else a random one (then
    links stop working when the server restarts, which is said in the log)."""
    if configured:
        return configured.encode()
    secret = index_secret(searcher)
    if secret is None:
        log.warning("the index has no secret: signed document links last only until the server restarts")
        return secrets.token_bytes(32)
    return secret
