"""Fixtures for sub-agent tests: tiny cookie sites on 127.0.0.1 and a task-routing scripted model.

Cookies ignore ports, so two sites on 127.0.0.1 share cookies inside one browser context: a
sub-agent that saw the other site's cookie would prove the contexts were not kept apart.
"""

from __future__ import annotations

import re
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import pytest_asyncio
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.prompts import unfence

Step = Callable[[list[BaseMessage]], AIMessage] | AIMessage


class CookieSite:
    """``/set`` sets ``<name>_token``; ``/check`` shows the cookies it received in its title.

    ``/set`` waits at ``barrier`` (if given) until the other site's ``/set`` is in flight too, so a
    test can tell parallel sub-agents from serial ones. ``/slow`` hangs until ``release`` is set.
    """

    def __init__(self, name: str, barrier: threading.Barrier | None = None) -> None:
        self.name = name
        self.barrier = barrier
        self.barrier_broken = False
        self.release = threading.Event()
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _page(self, title: str, body: str, headers: dict[str, str] | None = None) -> None:
                data = (
                    f"<html><head><title>{title}</title></head><body><main><p>{body}</p></main></body></html>"
                )
                raw = data.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(raw)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(raw)

            def do_GET(self) -> None:
                if self.path.startswith("/set"):
                    if site.barrier is not None:
                        try:
                            site.barrier.wait()
                        except threading.BrokenBarrierError:
                            site.barrier_broken = True
                    cookie = f"{site.name}_token=secret-{site.name}; Path=/"
                    self._page(f"Site {site.name}", "Cookie set.", {"Set-Cookie": cookie})
                elif self.path.startswith("/check"):
                    seen = self.headers.get("Cookie") or "none"
                    self._page(f"cookies: {seen}", f"Site {site.name} received: {seen}")
                elif self.path.startswith("/slow"):
                    site.release.wait(timeout=30)
                    self._page("Slow", "finally")
                else:
                    self._page(f"Site {site.name}", "Welcome.")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> CookieSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def wp(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Any]:
    """One browser for the module's tests (each test uses its own sub-agent names)."""
    from tests.conftest import make_settings
    from waypost.api import Waypost

    async with Waypost(make_settings(tmp_path_factory.mktemp("subagents") / "data")) as w:
        yield w


@pytest.fixture
def two_sites() -> Iterator[tuple[CookieSite, CookieSite]]:
    barrier = threading.Barrier(2, timeout=20)
    with CookieSite("alpha", barrier) as a, CookieSite("beta", barrier) as b:
        yield a, b


@pytest.fixture
def slow_site() -> Iterator[CookieSite]:
    with CookieSite("slow") as site:
        yield site


def task_text(prompt: list[BaseMessage]) -> str | None:
    """The task of a run, from its prompt (``None`` for a prompt that is not an agent turn)."""
    return next((m.content for m in prompt if isinstance(m, HumanMessage) and m.name == "task"), None)


def last_result(prompt: list[BaseMessage]) -> str:
    return unfence(next(m for m in reversed(prompt) if isinstance(m, ToolMessage)).content)


def url_in(text: str) -> str:
    return re.search(r"http://127\.0\.0\.1:\d+", text).group(0)


def routed(scripts: dict[str, list[Step]], replies: int = 200) -> ScriptedChatModel:
    """One scripted model for a main agent and its sub-agents running at the same time.

    Each prompt is answered from the script whose key occurs in its task, at the index of the
    run's turn (its AI messages so far); the last step repeats. Other prompts get ``{}``.
    """

    def reply(prompt: list[BaseMessage]) -> AIMessage:
        task = task_text(prompt)
        key = next((k for k in scripts if task and k in task), None)
        if key is None:
            return AIMessage(content="{}")
        turn = sum(isinstance(m, AIMessage) for m in prompt)
        step = scripts[key][min(turn, len(scripts[key]) - 1)]
        return step(prompt) if callable(step) else step

    return ScriptedChatModel([reply] * replies)


def visit_and_report() -> list[Step]:
    """Open the task's site at /set, then /check, then answer with what /check said."""
    return [
        lambda p: call("research_navigate", target=url_in(task_text(p)) + "/set"),
        lambda p: call("research_navigate", target=url_in(task_text(p)) + "/check"),
        lambda p: answer(last_result(p).splitlines()[0]),
    ]


def scripted_steps(*steps: Any) -> list[Step]:
    return list(steps)
