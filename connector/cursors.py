"""Opaque pagination cursors: signed, bound to the method and query they were made for.

A cursor carries only a position the client has already been shown (an offset, or the last id of a page),
plus a hash of its query, under an HMAC with the index's secret. A forged, altered, or foreign cursor
fails verification and is refused as invalid params.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from connector.errors import BadInput

MAX_CURSOR_LENGTH = 1024


class CursorCodec:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def encode(self, kind: str, query: str, position: int | str) -> str:
        body = json.dumps({"k": kind, "q": _query_hash(query), "p": position}, separators=(",", ":")).encode()
        return _b64(body) + "." + _b64(self._sign(body))

    def decode(self, cursor: Any, kind: str, query: str) -> int | str:
        """The position in a cursor made by encode() for the same kind and query; BadInput otherwise."""
        if not isinstance(cursor, str) or len(cursor) > MAX_CURSOR_LENGTH or cursor.count(".") != 1:
            raise BadInput("Invalid cursor: pass back the nextCursor of the previous page unchanged.")
        body_text, signature = cursor.split(".")
        try:
            body = _unb64(body_text)
            valid = hmac.compare_digest(_unb64(signature), self._sign(body))
            data = json.loads(body) if valid else None
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict) or data.get("k") != kind:
            raise BadInput("Invalid cursor: pass back the nextCursor of the previous page unchanged.")
        if data.get("q") != _query_hash(query):
            raise BadInput("This cursor belongs to another query: send the query it came with, or no cursor.")
        position = data.get("p")
        if isinstance(position, bool) or not isinstance(position, int | str):
            raise BadInput("Invalid cursor: pass back the nextCursor of the previous page unchanged.")
        return position

    def _sign(self, body: bytes) -> bytes:
        return hmac.new(self._secret, body, hashlib.sha256).digest()[:16]


def _query_hash(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
