"""GET /docs/<id>/file: the original file of a document, only when it is still the file that was indexed.

The path is never taken from the request: it is the document's own source path, as the index recorded it. It is
served only when it is a regular file (not a symbolic link), lies inside the folder that was indexed (no link in
its path leads out of it), and its size and SHA-256 are those of the indexed version. Anything else is a 404 page
saying that the file changed or moved since indexing. A PDF is shown inline (the browser's viewer honours
#page=N); other files come with a sandboxing Content-Security-Policy, and HTML-like files as downloads, so that
nothing in them runs on this server's origin.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import stat
from collections.abc import Callable
from urllib.parse import quote

import anyio
from starlette.responses import Response

from indexer import Document

CHANGED = (
    "The original file changed or moved since it was indexed, so it cannot be served; the document's page shows "
    "its text as indexed."
)
ACTIVE_TYPES = ("text/html", "application/xhtml+xml", "image/svg+xml", "application/xml", "text/xml")
CHUNK = 1 << 20


def read_indexed_file(document: Document) -> bytes | None:
    """The file's bytes when it is still exactly the indexed file inside the indexed folder, else None."""
    source = document.source
    if not source.replace(os.sep, "/").endswith("/" + document.id):
        return None
    root = source[: len(source) - len(document.id)]
    try:
        info = os.lstat(source)
        if not stat.S_ISREG(info.st_mode) or info.st_size != document.size:
            return None
        real, real_root = os.path.realpath(source), os.path.realpath(root)
        if os.path.commonpath([real, real_root]) != real_root:
            return None
        digest, chunks = hashlib.sha256(), []
        # (without blocking: a file swapped for a named pipe since the lstat would hold the thread for ever)
        with os.fdopen(os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb", buffering=0) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            while chunk := handle.read(CHUNK):
                digest.update(chunk)
                chunks.append(chunk)
    except (OSError, ValueError):
        return None
    return b"".join(chunks) if digest.hexdigest() == document.sha256 else None


async def file_response(document: Document, not_found: Callable[[str], Response]) -> Response:
    data = await anyio.to_thread.run_sync(read_indexed_file, document)
    if data is None:
        return not_found(CHANGED)
    name = document.id.rsplit("/", 1)[-1]
    media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if document.format == "pdf":
        media_type = "application/pdf"
    inline = media_type == "application/pdf" or (media_type.startswith("text/") and media_type not in ACTIVE_TYPES)
    if media_type.startswith("text/"):
        media_type += "; charset=utf-8"
    ascii_name = name.encode("ascii", "replace").decode().replace('"', "_").replace("\\", "_")
    disposition = f"{'inline' if inline else 'attachment'}; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(name)}"
    headers = {
        "Content-Disposition": disposition,
        "Content-Security-Policy": "default-src 'none'; object-src 'self'; plugin-types application/pdf"
        if document.format == "pdf"
        else "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "private, no-store",
    }
    return Response(data, media_type=media_type, headers=headers)
