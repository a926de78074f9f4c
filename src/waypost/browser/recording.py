"""Traces and screenshots for debugging a run; both off unless asked for.

* ``trace``: a Playwright trace per session (``run.zip`` for ``default``, ``run-<id>.zip`` for
  others) with DOM snapshots and screenshots, which ``playwright show-trace`` opens.
* ``screenshots``: a PNG of the current tab after every action (``0001-default-click.png``...).

Passwords never end up in either: screenshots mask password fields and fields a password was
typed into, and when a trace is written every password typed during the run is replaced by
``•••`` in all of its text entries (call parameters, DOM snapshots, network log).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, quote_plus

if TYPE_CHECKING:
    from playwright.async_api import Page

    from waypost.browser.pool import Session

log = logging.getLogger(__name__)

MASK = "•••"
_MARK = "data-waypost-secret"
_MARK_JS = """(secrets) => {
  for (const el of document.querySelectorAll('input, textarea')) {
    if (el.type === 'password' || secrets.includes(el.value)) el.setAttribute('data-waypost-secret', '');
  }
}"""


class Recorder:
    """Records traces and screenshots for the sessions of one Waypost.

    Args:
        trace: Where the ``default`` session's trace goes (others: ``<stem>-<id>.zip`` beside it).
        screenshots: A folder for a screenshot after each action.
    """

    def __init__(self, trace: Path | None = None, screenshots: Path | None = None) -> None:
        self.trace = Path(trace).expanduser() if trace else None
        self.screenshots = Path(screenshots).expanduser() if screenshots else None
        self.secrets: set[str] = set()
        self._tracing: dict[str, Session] = {}
        self._shots = 0
        self.written: list[Path] = []

    @property
    def active(self) -> bool:
        return self.trace is not None or self.screenshots is not None

    def trace_path(self, session_id: str) -> Path:
        assert self.trace is not None
        if session_id == "default":
            return self.trace
        return self.trace.with_name(f"{self.trace.stem}-{session_id}{self.trace.suffix or '.zip'}")

    async def attach(self, session: Session) -> None:
        """Start tracing a new context (the pool's ``on_context`` hook)."""
        if self.trace is None:
            return
        try:
            await session.context.tracing.start(
                name=session.session_id, title=f"Waypost session {session.session_id}", screenshots=True,
                snapshots=True, sources=False,
            )  # fmt: skip
            self._tracing[session.session_id] = session
        except Exception as exc:  # a trace is a debugging aid: never fail the run for it
            log.warning("could not start a trace for session %s: %s", session.session_id, exc)

    def add_secret(self, value: str) -> None:
        """A password (or other secret) that was typed: masked in screenshots, removed from traces."""
        if value and len(value) >= 2:
            self.secrets.add(value)

    async def screenshot(self, page: Page, session_id: str, label: str) -> Path | None:
        """Keep a screenshot of ``page`` (viewport) after an action, secrets masked."""
        if self.screenshots is None or page.is_closed():
            return None
        self._shots += 1
        safe = re.sub(r"[^\w.-]", "_", label)[:40]
        path = self.screenshots / f"{self._shots:04d}-{session_id}-{safe}.png"
        try:
            self.screenshots.mkdir(parents=True, exist_ok=True, mode=0o700)
            with contextlib.suppress(Exception):
                await page.evaluate(_MARK_JS, sorted(self.secrets))
            await page.screenshot(
                path=str(path),
                timeout=10_000,
                mask=[page.locator(f"[{_MARK}]"), page.locator("input[type=password]")],
            )
            os.chmod(path, 0o600)
        except Exception as exc:
            log.warning(
                "screenshot after %s failed: %s", label, str(exc).splitlines()[0] if str(exc) else exc
            )
            return None
        self.written.append(path)
        return path

    async def stop(self) -> list[Path]:
        """Write every session's trace (before the contexts close) and scrub secrets from it."""
        written: list[Path] = []
        for session_id, session in list(self._tracing.items()):
            path = self.trace_path(session_id)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                await session.context.tracing.stop(path=str(path))
            except Exception as exc:
                log.warning("could not write the trace of session %s: %s", session_id, exc)
                continue
            if self.secrets:
                scrub_zip(path, self.secrets)
            os.chmod(path, 0o600)
            written.append(path)
        self._tracing.clear()
        self.written.extend(written)
        return written


def scrub_zip(path: Path, secrets: set[str]) -> None:
    """Replace each secret (as it is, JSON-escaped, URL-encoded) by ``•••`` in every entry of a zip."""
    needles: list[bytes] = []
    for secret in sorted(secrets, key=len, reverse=True):
        # As typed, inside JSON, and URL-encoded (the network log keeps a form's POST body).
        for form in (secret, json.dumps(secret)[1:-1], quote_plus(secret), quote(secret, safe="")):
            raw = form.encode("utf-8")
            if raw not in needles:
                needles.append(raw)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            for needle in needles:
                data = data.replace(needle, MASK.encode("utf-8"))
            dst.writestr(info, data)
    os.replace(tmp, path)
