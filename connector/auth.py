"""Who is calling, over HTTP: bearer tokens from a tokens file, JWT access tokens from an OAuth 2.1
authorization server, and the groups each caller is in.

- A tokens file holds, per token, a name, its groups and the SHA-256 of the token; never the token itself.
  `python -m connector tokens add|list|revoke` edits it, and a running server re-reads it when it changes,
  so a revoked token stops working within a second without a restart.
- In OAuth mode, JWTs are verified against the authorization server's JWKS (signature, expiry, issuer,
  audience, scopes) and /.well-known/oauth-protected-resource tells clients where to get one. A JWT must carry an
  expiry (`exp`), and one issued (`iat`) or valid from (`nbf`) later than CLOCK_SKEW_SECONDS from now is refused:
  a token that never expires, or was made to be valid in the future, is no token to accept.
- Access (below) turns the authenticated caller of a request into the groups that decide what it may see.
  Without authentication (stdio, or HTTP on loopback) the caller sees every document.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastmcp.server.auth import AccessToken, AuthProvider, RemoteAuthProvider, TokenVerifier
from fastmcp.server.auth.providers.jwt import JWTVerifier
from pydantic import AnyHttpUrl

from connector.tokens import TOKEN_PREFIX, TokenEntry, TokensFile, TokensFileError, hash_token
from indexer import MAX_GROUPS, Groups, check_group

log = logging.getLogger(__name__)

GROUPS_CLAIM = "docsearch_groups"  # where a verified token carries the caller's groups, normalised
CLOCK_SKEW_SECONDS = 60  # how far ahead of ours an authorization server's clock may run
RECHECK_SECONDS = 0.25  # how often a tokens file is looked at for changes, at most (a stat per request cost 6%)


class TokensFileVerifier(TokenVerifier):
    """Accepts the tokens in a tokens file; re-reads the file when it changes on disk.

    If the file becomes unreadable or malformed while the server runs, every token is refused until it is
    fixed: a revocation must never be undone by a bad edit.
    """

    def __init__(self, path: Path, scopes: list[str] | None = None) -> None:
        super().__init__(required_scopes=scopes)
        self._file = TokensFile(path)
        self._lock = threading.Lock()
        self._stamp: tuple[int, int, int] | None = None
        self._checked = 0.0  # time.monotonic() of the last look at the file's stamp
        self._by_hash: dict[str, TokenEntry] = {}
        self._load()  # a broken file at start-up is the operator's to fix: raise TokensFileError

    def _load(self) -> None:
        stamp = self._file_stamp()
        entries = self._file.read()
        self._by_hash = {e.sha256: e for e in entries}
        self._stamp = stamp

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            info = self._file.path.stat()
        except OSError:
            return None
        return (info.st_mtime_ns, info.st_size, info.st_ino)

    def _current(self, recheck: bool = False) -> dict[str, TokenEntry]:
        """The tokens, re-read when the file changed. The file is looked at (a stat) at most every
        RECHECK_SECONDS, or at once with `recheck`: a revoked token stops working within that time, and a token
        just added works at once, since a token that is not found is looked up again with `recheck`."""
        with self._lock:
            now = time.monotonic()
            if not recheck and now - self._checked < RECHECK_SECONDS:
                return self._by_hash
            self._checked = now
            if self._file_stamp() != self._stamp:
                try:
                    self._load()
                    log.info("tokens file %s re-read: %d tokens", self._file.path, len(self._by_hash))
                except TokensFileError as exc:
                    log.error("%s; refusing every token until it is fixed", exc)
                    self._by_hash = {}
                    self._stamp = self._file_stamp()
            return self._by_hash

    async def verify_token(self, token: str) -> AccessToken | None:
        if not token.startswith(TOKEN_PREFIX):
            return None
        digest = hash_token(token)
        entry = self._current().get(digest) or self._current(recheck=True).get(digest)
        if entry is None:
            return None
        return AccessToken(
            token=token,
            client_id=f"token:{entry.name}",
            scopes=list(self.required_scopes),
            subject=entry.name,
            claims={"sub": entry.name, GROUPS_CLAIM: list(entry.groups)},
        )


class GroupsFromClaim(TokenVerifier):
    """A JWT verifier whose tokens carry the caller's groups from a configurable claim."""

    def __init__(self, jwt: JWTVerifier, claim: str) -> None:
        super().__init__(required_scopes=jwt.required_scopes)
        self._jwt = jwt
        self._claim = claim

    async def verify_token(self, token: str) -> AccessToken | None:
        verified = await self._jwt.verify_token(token)
        if verified is None:
            return None
        problem = _time_claims_problem(verified.claims, time.time())
        if problem:
            log.info("bearer token of %s refused: %s", verified.client_id, problem)
            return None
        groups = _claim_groups(verified.claims.get(self._claim))
        return verified.model_copy(update={"claims": {**verified.claims, GROUPS_CLAIM: groups}})


def _time_claims_problem(claims: dict[str, Any], now: float) -> str | None:
    """Why a JWT's time claims make it unacceptable, or None."""
    exp = claims.get("exp")
    if isinstance(exp, bool) or not isinstance(exp, int | float):
        return "it has no expiry (exp)"
    for name in ("iat", "nbf"):
        value = claims.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"its {name} is not a time"
        if value > now + CLOCK_SKEW_SECONDS:
            return f"its {name} is in the future"
    return None


def _claim_groups(value: Any) -> list[str]:
    """A groups claim as names: a list, or a space- or comma-separated string. Unusable names are dropped."""
    if isinstance(value, str):
        value = re.split(r"[\s,]+", value)
    if not isinstance(value, list):
        return []
    names = [str(v).strip() for v in value if isinstance(v, str | int) and not isinstance(v, bool)]
    return [n for n in dict.fromkeys(names) if n and check_group(n) is None][:MAX_GROUPS]


class AnyOf(TokenVerifier):
    """The first verifier that accepts a token decides."""

    def __init__(self, verifiers: list[TokenVerifier], scopes: list[str] | None = None) -> None:
        super().__init__(required_scopes=scopes)
        self._verifiers = verifiers

    async def verify_token(self, token: str) -> AccessToken | None:
        for verifier in self._verifiers:
            verified = await verifier.verify_token(token)
            if verified is not None:
                return verified
        return None


@dataclass(frozen=True)
class OAuthConfig:
    jwks_url: str
    issuer: str
    audience: str
    scopes: list[str]
    groups_claim: str
    authorization_server: str
    public_url: str


def build_auth(tokens_file: Path | None, oauth: OAuthConfig | None) -> AuthProvider | None:
    """The auth provider for the configured methods, or None when HTTP is to be served without auth."""
    scopes = oauth.scopes if oauth else []
    verifiers: list[TokenVerifier] = []
    if tokens_file is not None:
        verifiers.append(TokensFileVerifier(tokens_file, scopes))
    if oauth is not None:
        jwt = JWTVerifier(jwks_uri=oauth.jwks_url, issuer=oauth.issuer, audience=oauth.audience,
                          required_scopes=oauth.scopes or None)  # fmt: skip
        verifiers.append(GroupsFromClaim(jwt, oauth.groups_claim))
    if not verifiers:
        return None
    verifier = verifiers[0] if len(verifiers) == 1 else AnyOf(verifiers, scopes)
    if oauth is None:
        return verifier
    return RemoteAuthProvider(
        token_verifier=verifier,
        authorization_servers=[AnyHttpUrl(oauth.authorization_server)],
        base_url=oauth.public_url,
        resource_name="docsearch",
    )


def cursor_scope(groups: Groups, query: str) -> str:
    """What a pagination cursor is bound to: the query, and who asked it (a cursor made for one set of groups
    is refused for another, so a page position never crosses from one caller to another)."""
    if groups is None:
        return query
    return json.dumps(sorted(groups)) + "\n" + query


class Access:
    """The groups of the caller of a request. `enforced` is False when the server has no authentication:
    then every caller sees every document (the owner of a stdio or loopback server)."""

    def __init__(self, enforced: bool) -> None:
        self.enforced = enforced

    def groups(self, request: Any) -> Groups:
        """The caller's groups for an HTTP request (a Starlette Request, or None off HTTP)."""
        if not self.enforced:
            return None
        scope = getattr(request, "scope", None) or {}
        token = getattr(scope.get("user"), "access_token", None)
        claims = getattr(token, "claims", None)
        if not isinstance(claims, dict):
            return frozenset()  # authentication is on but this caller has none: public documents only
        return frozenset(claims.get(GROUPS_CLAIM) or ())


def http_request() -> Any:
    """The HTTP request of the tool call being served (FastMCP keeps it in its context); None off HTTP."""
    from fastmcp.server.dependencies import get_http_request

    try:
        return get_http_request()
    except RuntimeError:
        return None
