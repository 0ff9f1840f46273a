"""A new index generation, written by the indexer while the server runs: picked up without a restart, no request
fails during the swap, and connected clients are told the resource list changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.messages import MessageHandler
from mcp_types import ResourceListChangedNotification

from support.connector import build_index, make_server, payload, reindex, search_ids
from support.http import HttpServer, RawSession

pytestmark = pytest.mark.anyio
PICKUP_SECONDS = 10  # the Searcher looks for a new generation at most every second
FILES: dict[str, str | bytes] = {
    "alpha.md": "# Alpha\n\nThe walrus guide, first edition.\n",
    "beta.md": "# Beta\n\nA note on the walrus and the zebracorn.\n",
    "gamma.txt": "Gamma: nothing about sea animals here, only the quokkafish.\n",
}


class ListChanges(MessageHandler):
    def __init__(self) -> None:
        self.count = 0

    async def on_resource_list_changed(self, message: ResourceListChangedNotification) -> None:
        self.count += 1


async def eventually_found(client: Client, query: str, doc_id: str) -> float:
    """Seconds until a search finds doc_id; fails after PICKUP_SECONDS."""
    started = anyio.current_time()
    while doc_id not in await search_ids(client, query):
        assert anyio.current_time() - started < PICKUP_SECONDS, f"{doc_id} not found within {PICKUP_SECONDS} s"
        await anyio.sleep(0.1)
    return anyio.current_time() - started


async def wait_for(condition: Callable[[], bool], what: str) -> None:
    started = anyio.current_time()
    while not condition():
        assert anyio.current_time() - started < PICKUP_SECONDS, f"no {what} within {PICKUP_SECONDS} s"
        await anyio.sleep(0.1)


async def test_new_generation_is_served_without_a_restart(tmp_path: Path) -> None:
    index = build_index(tmp_path, FILES)
    async with Client(make_server(index)) as client:
        assert await search_ids(client, "narwhalite") == []
        (tmp_path / "docs" / "delta.md").write_text("# Delta\n\nThe narwhalite appendix.\n")
        await anyio.to_thread.run_sync(reindex, tmp_path / "docs", index)
        await eventually_found(client, "narwhalite", "delta.md")
        resources = [r.name for r in (await client.list_resources_mcp()).resources]
        assert "delta.md" in resources
        assert "narwhalite" in payload(await client.call_tool_mcp("fetch", {"id": "delta.md"}))["text"]


async def test_no_request_fails_while_the_index_is_swapped(tmp_path: Path) -> None:
    index = build_index(tmp_path, FILES)
    server = make_server(index)
    failures: list[object] = []
    done = 0

    async def keep_asking(client: Client, stop: anyio.Event) -> None:
        nonlocal done
        while not stop.is_set():
            for tool, arguments in [("search", {"query": "walrus"}), ("fetch", {"id": "alpha.md"})]:
                result = await client.call_tool_mcp(tool, arguments)
                text = result.content[0].text if result.content else ""
                if result.is_error or ("walrus" not in text):
                    failures.append((tool, result))
            resource = await client.read_resource_mcp("doc://beta.md")
            if "zebracorn" not in resource.contents[0].text:
                failures.append(("read", resource))
            done += 1

    async with Client(server) as asker, Client(server) as poller:
        stop = anyio.Event()
        async with anyio.create_task_group() as tasks:
            for _ in range(3):
                tasks.start_soon(keep_asking, asker, stop)
            for number in range(4):  # more generations than the indexer keeps on disk
                (tmp_path / "docs" / f"new-{number}.md").write_text(f"# New {number}\n\nsentinel{number}word\n")
                await anyio.to_thread.run_sync(reindex, tmp_path / "docs", index)
            await eventually_found(poller, "sentinel3word", "new-3.md")
            await anyio.sleep(1.5)  # keep asking through the next refresh as well
            stop.set()
    assert failures == []
    assert done > 10


async def test_connected_clients_are_told_the_resource_list_changed(tmp_path: Path) -> None:
    index = build_index(tmp_path, FILES)
    handler = ListChanges()
    async with Client(make_server(index), mode="legacy", message_handler=handler) as client:
        await client.ping()
        await anyio.sleep(1.2)  # no change, no notification
        assert handler.count == 0
        (tmp_path / "docs" / "delta.md").write_text("# Delta\n\nThe narwhalite appendix.\n")
        await anyio.to_thread.run_sync(reindex, tmp_path / "docs", index)
        await wait_for(lambda: handler.count > 0, "notifications/resources/list_changed")
        await eventually_found(client, "narwhalite", "delta.md")


async def test_http_server_picks_up_a_new_generation_and_tells_its_clients(tmp_path: Path) -> None:
    index = build_index(tmp_path, FILES)
    handler = ListChanges()
    with HttpServer(index) as server:
        async with Client(server.url, mode="legacy", message_handler=handler) as client:
            await client.ping()
            (tmp_path / "docs" / "delta.md").write_text("# Delta\n\nThe narwhalite appendix.\n")
            await anyio.to_thread.run_sync(reindex, tmp_path / "docs", index)
            await eventually_found(client, "narwhalite", "delta.md")
            await wait_for(lambda: handler.count > 0, "notifications/resources/list_changed")
        with RawSession(server.url) as raw:
            raw.initialize()
            results = json.loads(raw.call_tool("search", query="narwhalite")["content"][0]["text"])["results"]
    assert [r["id"] for r in results] == ["delta.md"]
