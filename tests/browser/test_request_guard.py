"""The URL policy holds for every request the browser makes, in real Chromium (issue 20, finding 2).

Two servers stand in for the world: the allowed site on 127.0.0.1 and a "denied" one on
127.0.0.2 (denied as ``127.0.0.2``); the name ``evil.localhost`` (denied too) reaches the
allowed server, so a request that slips through shows up there with its Host header. Hosts are
spelled the way the old guard missed after Chromium's own canonicalization: ``evil.localhost.``
and ``[::ffff:7f00:2]``. Every scenario starts on an allowed page and asserts that no denied host
ever received a request.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.conftest import make_settings
from waypost.browser.navigation import open_url
from waypost.browser.pool import SessionPool
from waypost.errors import NavigationFailed

pytestmark = pytest.mark.browser


class _Handler(BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        server: _Site = self.server  # type: ignore[assignment]
        server.hits.append((self.headers.get("Host", ""), self.path))
        parts = urlsplit(self.path)
        to = parse_qs(parts.query).get("to", [""])[0]
        if parts.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", to)
            self.end_headers()
            return
        if parts.path == "/sw.js":
            body = (
                f"self.addEventListener('install', e => e.waitUntil(fetch({to!r}).catch(() => 0)));"
                f"self.addEventListener('fetch', e => e.respondWith(fetch({to!r})));"
            )
            self._send(body, "text/javascript")
            return
        scripts = {
            "/fetch": f"fetch({to!r}).then(() => done('fetched'), () => done('fetch failed'));"
            f"const x = new XMLHttpRequest(); x.open('GET', {to!r} + '&xhr=1'); x.send();",
            "/ws": f"const ws = new WebSocket({to!r}); ws.onopen = () => done('ws open');"
            "ws.onerror = () => done('ws error'); ws.onclose = () => done('ws closed');",
            "/iframe": f"const f = document.createElement('iframe'); f.src = {to!r};"
            "f.onload = () => done('iframe'); document.body.append(f);",
            "/popup": f"window.open({to!r}); done('opened');",
            "/sw": f"navigator.serviceWorker.register('/sw.js?to=' + encodeURIComponent({to!r}))"
            ".then(() => done('sw registered'), e => done('sw refused'));",
            "/img": f"const i = new Image(); i.onload = i.onerror = () => done('img'); i.src = {to!r};",
        }
        script = scripts.get(parts.path, "done('page');")
        self._send(
            "<!doctype html><html><head><title>start</title></head><body><h1>Allowed page</h1><script>"
            "function done(t) { if (document.title === 'start') document.title = t; }"
            + script
            + "</script></body></html>",
            "text/html",
        )

    def _send(self, body: str, kind: str) -> None:
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class _Site(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, host: str) -> None:
        super().__init__((host, 0), _Handler)
        self.hits: list[tuple[str, str]] = []
        self.port = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()


class World:
    """The allowed server, the denied one, and WebSocket servers on both addresses."""

    def __init__(self) -> None:
        self.allowed = _Site("127.0.0.1")
        self.denied = _Site("127.0.0.2")
        self.ws_hits: list[str] = []

    @property
    def home(self) -> str:
        return f"http://127.0.0.1:{self.allowed.port}"

    def evil(self, path: str = "/secret") -> str:
        """The allowed server reached by a denied name (with the trailing dot the old guard missed)."""
        return f"http://evil.localhost.:{self.allowed.port}{path}"

    def mapped(self, path: str = "/secret") -> str:
        """The denied server by its IPv4-mapped IPv6 spelling."""
        return f"http://[::ffff:7f00:2]:{self.denied.port}{path}"

    def leaked(self) -> list[tuple[str, str]]:
        """Every request a denied host received."""
        evil = [h for h in self.allowed.hits if h[0].lower().startswith("evil.")]
        return evil + list(self.denied.hits) + [("ws", p) for p in self.ws_hits]

    def close(self) -> None:
        for s in (self.allowed, self.denied):
            s.shutdown()
            s.server_close()


@pytest.fixture
def world() -> Iterator[World]:
    w = World()
    yield w
    w.close()


@pytest.fixture
async def guarded(tmp_path: Path) -> AsyncIterator[SessionPool]:
    settings = make_settings(tmp_path / "data", deny_domains=("evil.localhost", "127.0.0.2"))
    async with SessionPool(settings) as pool:
        yield pool


async def _visit(pool: SessionPool, url: str, *, settle: float = 1.5) -> str:
    async with pool.session("default") as s:
        await s.page.goto(url, wait_until="domcontentloaded")
        with pytest.raises(Exception):  # noqa: B017 - just waits for a title that never comes
            await s.page.wait_for_function("document.title === 'never'", timeout=settle * 1000)
        return await s.page.title()


@pytest.mark.parametrize("spelling", ["evil", "mapped"])
async def test_a_redirect_to_a_denied_host_is_refused(
    guarded: SessionPool, world: World, spelling: str
) -> None:
    target = getattr(world, spelling)()
    with pytest.raises(NavigationFailed) as info:
        await open_url(guarded, "default", f"{world.home}/redirect?to={target}")
    assert info.value.reason == "blocked_by_policy"
    assert "policy" in str(info.value)
    assert world.leaked() == []
    assert world.allowed.hits[0][1].startswith("/redirect")


async def test_a_redirect_chain_through_subresources_is_refused(guarded: SessionPool, world: World) -> None:
    hop = f"{world.home}/redirect?to={world.evil('/img')}"
    await _visit(guarded, f"{world.home}/img?to={hop}")
    assert any(p.startswith("/redirect") for _, p in world.allowed.hits)  # the first hop went out
    assert world.leaked() == []


@pytest.mark.parametrize("page", ["fetch", "iframe", "img"])
@pytest.mark.parametrize("spelling", ["evil", "mapped"])
async def test_subresources_fetch_xhr_and_frames_to_denied_hosts_are_refused(
    guarded: SessionPool, world: World, page: str, spelling: str
) -> None:
    target = getattr(world, spelling)("/x?y=1")
    await _visit(guarded, f"{world.home}/{page}?to={target}")
    redirected = f"{world.home}/redirect?to={target}"
    await _visit(guarded, f"{world.home}/{page}?to={redirected}")
    assert world.leaked() == []


async def test_a_popup_to_a_denied_host_is_refused(guarded: SessionPool, world: World) -> None:
    for target in (world.evil("/popup"), f"{world.home}/redirect?to={world.mapped('/popup')}"):
        await _visit(guarded, f"{world.home}/popup?to={target}")
    async with guarded.session("default") as s:
        assert len(s.context.pages) >= 2  # the pop-ups opened, and loaded nothing denied
    assert world.leaked() == []


async def test_service_workers_cannot_register_or_fetch_beside_the_guard(
    guarded: SessionPool, world: World
) -> None:
    await _visit(guarded, f"{world.home}/sw?to={world.evil('/from-sw')}", settle=2.5)
    async with guarded.session("default") as s:
        count = await s.page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)")
        assert count == 0 and s.context.service_workers == []
    assert world.leaked() == []


@pytest.mark.parametrize("spelling", ["evil", "mapped", "upper"])
async def test_websockets_to_denied_hosts_are_refused(
    guarded: SessionPool, world: World, spelling: str
) -> None:
    from websockets.asyncio.server import serve

    async def handler(ws: object) -> None:
        world.ws_hits.append(str(getattr(getattr(ws, "request", None), "path", "?")))
        await ws.send("hello")  # type: ignore[attr-defined]

    async with (
        serve(handler, "127.0.0.1", 0) as near,
        serve(handler, "127.0.0.2", 0) as far,
        serve(lambda ws: ws.send("allowed"), "127.0.0.1", 0) as ok,
    ):
        near_port = next(iter(near.sockets)).getsockname()[1]
        far_port = next(iter(far.sockets)).getsockname()[1]
        ok_port = next(iter(ok.sockets)).getsockname()[1]
        target = {
            "evil": f"ws://evil.localhost.:{near_port}/evil",
            "mapped": f"ws://[::ffff:7f00:2]:{far_port}/mapped",
            "upper": f"ws://EVIL.LOCALHOST:{near_port}/upper",
        }[spelling]
        title = await _visit(guarded, f"{world.home}/ws?to={target}")
        assert title in ("ws error", "ws closed")
        # An allowed WebSocket still works through the guard.
        allowed = await _visit(guarded, f"{world.home}/ws?to=ws://127.0.0.1:{ok_port}/fine")
        assert allowed == "ws open"
    assert world.leaked() == []


async def test_loopback_only_treats_every_loopback_spelling_alike(tmp_path: Path, world: World) -> None:
    """``localhost.`` and ``[::ffff:127.0.0.1]`` are this machine: allowed directly and by redirect."""
    async with SessionPool(make_settings(tmp_path / "d")) as pool:
        for host in ("localhost.", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "2130706433", "LOCALHOST"):
            direct = f"http://{host}:{world.allowed.port}/direct"
            pool.policy.check(direct)
            snap = await open_url(pool, "default", direct)
            assert snap.status == 200, host
            via = await open_url(pool, "default", f"{world.home}/redirect?to={direct}")
            assert via.status == 200, host


async def test_allow_lists_hold_for_redirects_and_sockets(tmp_path: Path, world: World) -> None:
    settings = make_settings(tmp_path / "d", loopback_only=False, allow_domains=("127.0.0.1",))
    async with SessionPool(settings) as pool:
        with pytest.raises(NavigationFailed):
            await open_url(pool, "default", f"{world.home}/redirect?to={world.mapped()}")
        await _visit(pool, f"{world.home}/fetch?to={world.mapped('/f?a=1')}")
    assert world.denied.hits == []


async def test_cdp_attach_mode_guards_the_users_profile_by_routes_and_new_sessions_fully(
    tmp_path: Path, world: World
) -> None:
    """Attach mode: the user's own context gets routes (WebSockets included); other sessions the proxy."""
    import socket

    from playwright.async_api import async_playwright
    from websockets.asyncio.server import serve

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", f"--remote-debugging-port={port}"]
        )
        try:
            settings = make_settings(
                tmp_path / "d",
                cdp_url=f"http://127.0.0.1:{port}",
                deny_domains=("evil.localhost", "127.0.0.2"),
            )

            async def handler(ws: object) -> None:
                world.ws_hits.append("attach")
                await ws.send("hello")  # type: ignore[attr-defined]

            async with SessionPool(settings) as pool, serve(handler, "127.0.0.1", 0) as near:
                near_port = next(iter(near.sockets)).getsockname()[1]
                title = await _visit(pool, f"{world.home}/ws?to=ws://evil.localhost.:{near_port}/x")
                assert title in ("ws error", "ws closed")
                await _visit(pool, f"{world.home}/fetch?to={world.mapped('/f?a=1')}")
                async with pool.session("other") as s:
                    assert s.owns_context
                with pytest.raises(NavigationFailed):
                    await open_url(pool, "other", f"{world.home}/redirect?to={world.evil()}")
        finally:
            await browser.close()
    assert world.leaked() == []
