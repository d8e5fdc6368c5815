"""Run a coroutine to the end from a plain (synchronous) test."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own. On an xdist worker that has run an e2e test,
    the session's Playwright keeps an event loop running in the main thread, where
    ``asyncio.run`` refuses to start; which tests share a worker is xdist's choice."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
