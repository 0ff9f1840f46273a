"""/mcp's admission rules for the pages (connector.pages): a server without authentication answers them on
loopback only (403), a header that must be single given twice is refused (400), and each client's rate (429)
and running requests, per client (429) and in all (503), are limited as on /mcp, on budgets of their own so that
a person reading pages never slows an agent's searches. The Host/Origin check (DNS rebinding) of create_app's
FastMCP app covers every route already."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from connector.budgets import Admission, RateLimiter
from connector.limits import Refusal, arrived_on_loopback, client_key
from connector.settings import ConnectorSettings
from connector.wire import checked_headers, refuse


def is_page(path: str) -> bool:
    return path in ("/", "/signin") or path.startswith(("/docs/", "/static/"))


class PageLimits:
    def __init__(self, app: ASGIApp, settings: ConnectorSettings) -> None:
        self.app = app
        self.loopback_only = not settings.authenticated and not settings.allow_unauthenticated
        self.rates = RateLimiter(settings.rate_limit, settings.rate_burst)
        self.admission = Admission(settings.max_client_requests, settings.max_in_flight)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_page(scope["path"]):
            await self.app(scope, receive, send)
            return
        try:
            if self.loopback_only and not arrived_on_loopback(scope):
                raise Refusal(403, "This server has no authentication, so it answers on loopback only.")
            scope = checked_headers(scope)
            key = client_key(scope)
            self.rates.spend(key)
            self.admission.enter(key)
        except Refusal as refusal:
            await refuse(send, refusal, plain=True)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.admission.leave(key)
