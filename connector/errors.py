"""The one place where failures become MCP errors.

Tools report a problem the caller can fix as a tool error (isError: true) whose text says what was wrong and
what to do; protocol methods raise JSON-RPC errors (-32602 for bad params, -32002 for an unknown resource).
Anything unexpected is logged with its traceback on stderr and reaches the client as a short message only.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from fastmcp.exceptions import ToolError
from mcp.shared.exceptions import MCPError

from indexer.errors import DocumentNotFoundError, IndexerError

log = logging.getLogger(__name__)
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
RESOURCE_NOT_FOUND = -32002

P = ParamSpec("P")
T = TypeVar("T")


class BadInput(ValueError):
    """The caller sent something unusable; the message says what to send instead."""


def unknown_id_message(doc_id: str) -> str:
    return (
        f"No document with id {doc_id!r}. Ids come from the results of the search tool, "
        "e.g. 'guides/install.md' or 'manual.pdf#page=12'."
    )


def tool_errors(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Turn a tool's failures into tool errors a model can act on."""

    @wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await func(*args, **kwargs)
        except BadInput as exc:
            raise ToolError(str(exc)) from None
        except DocumentNotFoundError as exc:
            raise ToolError(unknown_id_message(exc.doc_id)) from None
        except IndexerError as exc:
            log.error("index unavailable: %s", exc)
            raise ToolError(f"The document index is unavailable right now: {exc}") from None
        except Exception:
            log.exception("tool %s failed", func.__name__)
            raise ToolError("Internal error while serving this request; it has been logged.") from None

    return wrapper


def protocol_errors(func: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Turn a protocol method's failures into JSON-RPC errors."""

    @wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await func(*args, **kwargs)
        except MCPError:
            raise
        except BadInput as exc:
            raise MCPError(code=INVALID_PARAMS, message=str(exc)) from None
        except DocumentNotFoundError as exc:
            raise MCPError(code=RESOURCE_NOT_FOUND, message=unknown_id_message(exc.doc_id)) from None
        except Exception:
            log.exception("request %s failed", func.__name__)
            raise MCPError(code=INTERNAL_ERROR, message="Internal error; it has been logged.") from None

    return wrapper


def check_query(query: Any, max_length: int) -> str:
    """A usable query string, or BadInput saying why not."""
    if not isinstance(query, str) or not query.strip():
        raise BadInput("The query is empty. Send a few words or a question, e.g. 'how to install on Linux'.")
    if "\x00" in query:
        query = query.replace("\x00", " ")
    if len(query) > max_length:
        raise BadInput(
            f"The query is {len(query):,} characters long; the limit is {max_length:,}. "
            "Send the key words or a shorter question."
        )
    return query
