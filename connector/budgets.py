"""What a client may spend, and all clients together: a token bucket per client for the rate, and counts of the
requests running per client and in all. connector.limits decides when to ask; these answer, and are safe to call
from any thread."""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict

from connector.wire import Refusal

MAX_TRACKED_CLIENTS = 100_000  # buckets kept; the least recently seen are dropped (a full bucket is the default)


class RateLimiter:
    """Token buckets, one per client key."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, key: str, now: float | None = None) -> float:
        """0 when the client may go ahead (one token spent), else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, at = self._buckets.pop(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - at) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[key] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > MAX_TRACKED_CLIENTS:
                self._buckets.popitem(last=False)
            return wait

    def spend(self, key: str) -> None:
        """take(), refused (429, with the wait) when the client must wait."""
        wait = self.take(key)
        if wait > 0:
            raise Refusal(429, f"Rate limit exceeded; retry after {math.ceil(wait)} s.", wait)


class Admission:
    """Counts of running requests, per client and in all."""

    def __init__(self, per_client: int, total: int, busy: str = "The server is busy; retry shortly.") -> None:
        self.per_client = per_client
        self.total = total
        self.busy = busy
        self.running: dict[str, int] = {}
        self.in_flight = 0
        self._lock = threading.Lock()

    def enter(self, key: str) -> None:
        with self._lock:
            if self.running.get(key, 0) >= self.per_client:
                raise Refusal(429, f"Too many requests at once from this client (limit {self.per_client}).", 1)
            if self.in_flight >= self.total:
                raise Refusal(503, self.busy, 1)
            self.running[key] = self.running.get(key, 0) + 1
            self.in_flight += 1

    def leave(self, key: str) -> None:
        with self._lock:
            count = self.running.get(key, 0) - 1
            if count > 0:
                self.running[key] = count
            else:
                self.running.pop(key, None)
            self.in_flight -= 1
