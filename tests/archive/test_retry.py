"""Reading a body the browser is not ready to give (the retry policy, with plain async functions)."""

from __future__ import annotations

import pytest

from waypost.archive.capture import BodyUnavailable, read_with_retries


class Reader:
    """Fails ``failures`` times with ``message``, then gives a body."""

    def __init__(self, failures: int, message: str = "Protocol error: No data found for resource") -> None:
        self.failures = failures
        self.message = message
        self.calls = 0

    async def __call__(self) -> bytes:
        self.calls += 1
        if self.calls <= self.failures:
            raise RuntimeError(self.message)
        return b"body"


async def no_sleep(_: float) -> None:
    return None


async def test_read_should_retry_a_body_that_is_not_ready() -> None:
    reader = Reader(failures=3)
    assert await read_with_retries(reader, retries=3, sleep=no_sleep) == b"body"
    assert reader.calls == 4


async def test_read_should_give_up_after_the_retries() -> None:
    reader = Reader(failures=10)
    with pytest.raises(BodyUnavailable, match="No data found"):
        await read_with_retries(reader, retries=3, sleep=no_sleep)
    assert reader.calls == 4


async def test_read_should_not_retry_what_cannot_pass() -> None:
    reader = Reader(failures=10, message="Response body is unavailable for redirect responses")
    with pytest.raises(BodyUnavailable, match="redirect"):
        await read_with_retries(reader, retries=3, sleep=no_sleep)
    assert reader.calls == 1
