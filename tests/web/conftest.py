"""Fixtures of the web view's tests: the running server and a Chromium that is the person at it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.conftest import make_settings
from waypost.browser.launch import find_chromium
from waypost.server.web.app import WebServer


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    settings = make_settings(Path(tmp_path_factory.mktemp("web")) / "data")
    with WebServer(settings) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=find_chromium(), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, web: WebServer) -> Iterator[Page]:
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(web.url)  # the token becomes a cookie
    yield tab
    context.close()
