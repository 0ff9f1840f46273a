"""The one place where failures become MCP errors.

Tools report a problem the caller can fix as a tool error (isError: true) whose text says what was wrong and
what to do; protocol methods raise JSON-RPC errors (-32602 for bad params, -32002 for an unknown resource).
Arguments that do not fit a tool's parameters are a tool error too, in a sentence that names the parameter
(ArgumentErrors; FastMCP's own text is pydantic's report, with its internals and a link to its documentation).
Anything unexpected is logged with its traceback on stderr and reaches the client as a short message only.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.exceptions import ValidationError as ArgumentsError
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import ToolResult
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolRequestParams
from pydantic import ValidationError

from indexer import DocumentNotFoundError, IndexerError

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


class ArgumentErrors(Middleware):
    """Tool calls whose arguments do not fit the tool's parameters: a tool error that says which and how."""

    def __init__(self, mcp: FastMCP) -> None:
        self._mcp = mcp

    async def on_call_tool(
        self, context: MiddlewareContext[CallToolRequestParams], call_next: CallNext[CallToolRequestParams, ToolResult]
    ) -> ToolResult:
        try:
            return await call_next(context)
        except ArgumentsError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            tool = await self._mcp.get_tool(context.message.name)
            schema = tool.parameters if tool is not None else {}
            raise ToolError(argument_message(context.message.name, exc.__cause__, schema)) from None


def argument_message(tool: str, error: ValidationError, schema: dict[str, Any]) -> str:
    """E.g. "Invalid arguments for the search tool: 'query' should be a valid string, not a number. It takes
    'query' (a string, required)." """
    problems = [_problem(item) for item in error.errors(include_url=False)[:5]]
    required = set(schema.get("required", ()))
    takes = ", ".join(
        f"{name!r} ({_JSON_TYPES.get(spec.get('type'), 'a value')}{', required' if name in required else ''})"
        for name, spec in schema.get("properties", {}).items()
    )
    return f"Invalid arguments for the {tool} tool: {'; '.join(problems)}. It takes {takes or 'no arguments'}."


_JSON_TYPES = {"string": "a string", "integer": "an integer", "number": "a number", "boolean": "true or false",
               "array": "a list", "object": "an object", "null": "null"}  # fmt: skip


def _problem(item: Any) -> str:
    name = ".".join(str(part) for part in item["loc"]) or "the arguments"
    if item["type"] in ("missing_argument", "missing"):
        return f"{name!r} is missing"
    if item["type"] in ("unexpected_keyword_argument", "extra_forbidden"):
        return f"{name!r} is not one of its parameters"
    message = str(item["msg"]).removeprefix("Input ")
    return f"{name!r} {message[:1].lower()}{message[1:]}, not {_json_type(item.get('input'))}"


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    names: dict[type, str] = {str: "a string", list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), "that value")


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
