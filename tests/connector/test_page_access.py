"""The pages with authentication, over the real HTTP server with a tokens file: a browser that follows a
citation carries no token, so the links the server hands out are signed for the caller's groups. A signed link
opens its one document; a missing, edited, expired or borrowed signature gets the same 404 as an unknown id, and
nothing reveals a hidden document. The search page needs a token, kept in a cookie by the sign-in form."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx2 as httpx
import pytest

from connector.signing import LinkSigner, link_secret
from indexer import Searcher

from support.http import HttpServer, RawSession
from support.pages import assert_secure, get, page_text, search

SECRET_TITLE = "Payroll 2027"


@pytest.fixture
def server(tokens_server: HttpServer) -> HttpServer:
    return tokens_server


def results(server: HttpServer, token: str, query: str) -> list[dict[str, str]]:
    with RawSession(server.url, token=token) as raw:
        raw.initialize()
        return search(raw, query)


def payroll_link(server: HttpServer, tokens: tuple[Path, dict[str, str]]) -> str:
    found = results(server, tokens[1]["alice"], "salaries confidential")
    return next(r["url"] for r in found if r["id"] == "finance/payroll.md")


def with_params(url: str, **changes: str) -> str:
    parts = urlsplit(url)
    params = {k: v[0] for k, v in parse_qs(parts.query).items()}
    params.update(changes)
    return parts._replace(query=urlencode(params)).geturl()


def assert_hidden(response: httpx.Response, reference: httpx.Response) -> None:
    """A 404 exactly like an unknown id's, with nothing of the hidden document in it."""
    assert response.status_code == 404
    assert response.text == reference.text
    assert SECRET_TITLE not in response.text and "payroll" not in response.text.lower()
    assert SECRET_TITLE not in str(response.headers) and "payroll" not in str(response.headers).lower()


def test_a_signed_link_opens_its_document_and_no_other(server: HttpServer, tokens: tuple[Path, dict[str, str]]) -> None:
    link = payroll_link(server, tokens)
    assert link.startswith(f"{server.base}/docs/finance/payroll.md?") and "sig=" in link
    page = get(link)
    assert page.status_code == 200 and SECRET_TITLE in page_text(page.text)
    assert_secure(page)
    unknown = get(f"{server.base}/docs/finance/nothing.md")
    assert_hidden(get(link.replace("finance/payroll.md", "manual-0.md")), unknown)
    assert_hidden(get(link.replace("finance/payroll.md", "finance/nothing.md")), unknown)
    original = get(link.split("#")[0].replace("payroll.md?", "payroll.md/file?"))
    assert original.status_code == 200 and b"confidential figures" in original.content


def test_a_missing_edited_or_expired_signature_gets_the_404_of_an_unknown_id(
    server: HttpServer, tokens: tuple[Path, dict[str, str]], group_index: Path
) -> None:
    link = payroll_link(server, tokens)
    unknown = get(f"{server.base}/docs/finance/nothing.md")
    sig = parse_qs(urlsplit(link).query)["sig"][0]
    exp = parse_qs(urlsplit(link).query)["exp"][0]
    edited = [
        link.split("?")[0],
        with_params(link, sig=("A" if sig[0] != "A" else "B") + sig[1:]),
        with_params(link, exp=str(int(exp) + 86400)),
        with_params(link, g="finance,hr"),
        with_params(link, g=""),
    ]
    for url in edited:
        assert_hidden(get(url), unknown)
    expired = LinkSigner(link_secret(Searcher(group_index), ""), 60).query("finance/payroll.md", frozenset({"finance"}),
                                                                          now=time.time() - 3600)  # fmt: skip
    assert_hidden(get(f"{server.base}/docs/finance/payroll.md?{expired}"), unknown)
    assert_hidden(get(f"{server.base}/docs/finance/payroll.md/file?{expired}"), unknown)


def test_links_are_signed_for_the_callers_groups_only(server: HttpServer, tokens: tuple[Path, dict[str, str]]) -> None:
    bob = results(server, tokens[1]["bob"], "budget salaries confidential")
    assert bob and all("payroll" not in r["url"] for r in bob)
    for result in bob:
        assert "sig=" in result["url"] and get(result["url"]).status_code == 200
    forged = with_params(bob[0]["url"].split("#")[0].replace(bob[0]["id"], "finance/payroll.md"))
    assert get(forged).status_code == 404


def test_a_bearer_token_opens_the_pages_it_may_see(server: HttpServer, tokens: tuple[Path, dict[str, str]]) -> None:
    url = f"{server.base}/docs/finance/payroll.md"
    assert get(url, authorization=f"Bearer {tokens[1]['alice']}").status_code == 200
    unknown = get(f"{server.base}/docs/finance/nothing.md")
    assert_hidden(get(url, authorization=f"Bearer {tokens[1]['bob']}"), unknown)
    assert_hidden(get(url, authorization="Bearer ds_not-a-token"), unknown)
    assert get(f"{server.base}/docs/manual-0.md").status_code == 404  # even a public document needs a link


def test_the_search_page_asks_for_a_token_and_keeps_it_in_a_strict_cookie(
    server: HttpServer, tokens: tuple[Path, dict[str, str]]
) -> None:
    first = get(f"{server.base}/?q=budget")
    assert first.status_code == 200 and 'action="/signin"' in first.text and "Manual" not in first.text
    assert_secure(first)
    refused = httpx.post(f"{server.base}/signin", data={"token": "ds_wrong"}, timeout=30)
    assert refused.status_code == 401 and "set-cookie" not in refused.headers
    signed_in = httpx.post(f"{server.base}/signin", data={"token": tokens[1]["alice"]}, timeout=30)
    assert signed_in.status_code == 303
    cookie = signed_in.headers["set-cookie"]
    for attribute in ("HttpOnly", "Secure", "SameSite=strict"):
        assert attribute.lower() in cookie.lower()
    name, value = cookie.split(";", 1)[0].split("=", 1)
    markup = get(f"{server.base}/?q=salaries+confidential", cookie=f"{name}={value}").text
    links = [u.replace("&amp;", "&") for u in re.findall(r'<li><a href="([^"]+)">', markup)]
    assert any("finance/payroll.md?" in u for u in links)
    for url in links:
        assert "sig=" in url and get(server.base + url).status_code == 200  # the links work without the cookie
