"""Opaque pagination cursors: signed, bound to the method and query they were made for.

A cursor carries only a position the client has already been shown (an offset, or the last id of a page),
plus a hash of its query, under an HMAC with the index's secret. A forged, altered, or foreign cursor
fails verification and is refused as invalid params; so is any other spelling of a valid cursor: a cursor
is accepted only exactly as it was issued.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from typing import Any

from connector.errors import BadInput

# Room for the last id of a page (a path of up to 4,096 characters, in any script) in the JSON body.
MAX_CURSOR_LENGTH = 24 * 1024
_INVALID = "Invalid cursor: pass back the nextCursor of the previous page unchanged."


class CursorCodec:
    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    def encode(self, kind: str, query: str, position: int | str) -> str:
        data = {"k": kind, "q": _query_hash(query), "p": position}
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
        return _b64(body) + "." + _b64(self._sign(body))

    def decode(self, cursor: Any, kind: str, query: str) -> int | str:
        """The position in a cursor made by encode() for the same kind and query; BadInput otherwise."""
        if not isinstance(cursor, str) or len(cursor) > MAX_CURSOR_LENGTH or cursor.count(".") != 1:
            raise BadInput(_INVALID)
        body_text, signature = cursor.split(".")
        body, mac = _unb64(body_text), _unb64(signature)
        if body is None or mac is None or not hmac.compare_digest(mac, self._sign(body)):
            raise BadInput(_INVALID)
        try:
            data = json.loads(body)  # signed: written by encode(), here or by another replica
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("k") != kind:
            raise BadInput(_INVALID)
        if data.get("q") != _query_hash(query):
            raise BadInput("This cursor belongs to another query: send the query it came with, or no cursor.")
        position = data.get("p")
        if isinstance(position, bool) or not isinstance(position, int | str):
            raise BadInput(_INVALID)
        return position

    def _sign(self, body: bytes) -> bytes:
        return hmac.new(self._secret, body, hashlib.sha256).digest()[:16]


def _query_hash(query: str) -> str:
    return hashlib.sha256(query.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes | None:
    """The bytes `text` is the canonical _b64() of, else None: base64 decoders accept other spellings
    (padding, '+' for '-', stray characters, unused low bits), and a cursor must have exactly one."""
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    return data if _b64(data) == text else None
