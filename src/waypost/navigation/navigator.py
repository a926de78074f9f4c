"""``research_navigate``: open a page and describe it in a view a small model understands.

The navigator keeps, per session, the history (for ``back``/``forward``), visit counts and the
last view, so it can refuse to reload the page a model is already on and point it elsewhere.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

from waypost.approval import ApprovalGate, ApprovalRequest, classify_url, current_gate
from waypost.archive import Archive, NavigationStats
from waypost.browser.blocking import BlockInfo, detect_block
from waypost.browser.navigation import PageSnapshot, open_url
from waypost.browser.pool import SessionPool
from waypost.browser.session_ids import DEFAULT_SESSION, validate_session_id
from waypost.browser.url_policy import add_scheme
from waypost.errors import BlockedURL, NavigationFailed
from waypost.page import Link, PageView, display_url, parse_page, render_view
from waypost.page.hint import HintMatcher
from waypost.page.tokens import count_tokens

NEXT_STEP = "Call research_navigate with one of these URLs."
DownloadView = Callable[[str, str, "str | None"], Awaitable["NavigationResult | None"]]
"""``(session_id, url, hint)`` → the view of the file a navigation downloaded, if any."""
log = logging.getLogger(__name__)
MAX_URL_CHARS = 16_384  # longer targets are refused before any parsing or loading


@dataclass
class Wall:
    """A CAPTCHA or bot wall a navigation ran into, as an ``on_blocked`` callback gets it.

    Attributes:
        session_id: The session whose page shows the wall.
        url: The page's URL.
        block: What kind of wall, and why it was taken for one.
        page: The Playwright page, for a person or a solver to act on (solve it, then return True).
    """

    session_id: str
    url: str
    block: BlockInfo
    page: Any


OnBlocked = Callable[[Wall], "bool | Awaitable[bool | None] | None"]
"""Gets a :class:`Wall`; returns True once it is solved (the page is read again), else False."""


def same_page_key(url: str) -> str:
    """A URL reduced to what decides 'the same page': no fragment, no trailing slash, lower host."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


@dataclass
class NavState:
    """What the navigator remembers about one session."""

    history: list[str] = field(default_factory=list)
    position: int = -1
    visits: Counter[str] = field(default_factory=Counter)
    last_view: PageView | None = None
    last_requested: str | None = None
    repeats: int = 0

    @property
    def current(self) -> str | None:
        return self.history[self.position] if 0 <= self.position < len(self.history) else None


@dataclass
class NavigationResult:
    """The outcome of one ``research_navigate`` call.

    Attributes:
        text: What the model reads.
        ok: False when nothing new was loaded (same-URL guard, end of history).
        error: ``same_url`` or ``history_end`` when ``ok`` is False.
        view: The page view (for a guard answer: the view of the page you are on).
        blocked: ``captcha`` when the page is a CAPTCHA or bot wall.
        block: Details of the wall (also when it was solved by ``on_blocked`` or allowed).
        snapshot: The raw load result (HTML, redirects, attempts), when a page was loaded.
        visits: How often this session has loaded this page.
        build_ms: Milliseconds spent building the view after the page loaded.
    """

    text: str
    ok: bool = True
    error: str | None = None
    view: PageView | None = None
    blocked: str | None = None
    block: BlockInfo | None = None
    snapshot: PageSnapshot | None = None
    visits: int = 0
    build_ms: float = 0.0
    archived: NavigationStats | None = None

    @property
    def links(self) -> list[Link]:
        """Every link of the page (hint-sorted), not only the ones in the text."""
        return self.view.links if self.view else []

    @property
    def tokens(self) -> int:
        return self.view.tokens if self.view and self.ok else _count(self.text)

    @property
    def status(self) -> int | None:
        return self.snapshot.status if self.snapshot else (self.view.status if self.view else None)

    @property
    def final_url(self) -> str | None:
        if self.snapshot:
            return self.snapshot.final_url
        return self.view.final_url if self.view else None

    @property
    def title(self) -> str:
        return self.view.title if self.view else ""


def _count(text: str) -> int:
    return count_tokens(text)


class Navigator:
    """Carries out ``research_navigate`` calls on a :class:`SessionPool`.

    Args:
        pool: The session pool to load pages in.
        max_links: Links shown in the text.
        token_budget: Tokens the text may take.
    """

    def __init__(
        self,
        pool: SessionPool,
        *,
        max_links: int | None = None,
        token_budget: int | None = None,
        archive: Archive | None = None,
        on_download: DownloadView | None = None,
        approval: ApprovalGate | None = None,
        on_blocked: OnBlocked | None = None,
    ) -> None:
        self.pool = pool
        self.on_blocked = on_blocked
        self.archive = archive
        self.on_download = on_download
        self.approval = approval or ApprovalGate("ask")
        self.max_links = max_links or pool.settings.max_links
        self.token_budget = token_budget or pool.settings.view_token_budget
        self._states: dict[str, NavState] = {}

    def state(self, session_id: str) -> NavState:
        """The navigation state of a session (created empty on first use).

        Raises:
            InvalidSessionId: Bad session id.
        """
        return self._state(validate_session_id(session_id))

    def _state(self, session_id: str) -> NavState:
        # Inside one navigate call the id was checked at the door: not again on every step.
        return self._states.setdefault(session_id, NavState())

    def forget(self, session_id: str) -> None:
        self._states.pop(session_id, None)

    def resolve(self, target: str, session_id: str) -> str:
        """Turn ``target`` into an absolute URL the URL policy accepts.

        Raises:
            BlockedURL: The target is empty, refused by policy, or relative with no current page.
        """
        if not isinstance(target, str) or not target.strip():
            raise BlockedURL("Empty target: give a URL such as /politik/ or https://example.org/.")
        if len(target) > MAX_URL_CHARS:
            raise BlockedURL(
                f"The target has {len(target):,} characters; a URL may have at most {MAX_URL_CHARS:,}."
            )
        target = target.strip()
        target = add_scheme(target) or target
        scheme = urlsplit(target).scheme.lower() if ":" in target else ""
        if not scheme or (scheme not in {"http", "https", "about"} and len(scheme) == 1):
            current = self._state(session_id).current
            if current is None:
                raise BlockedURL(
                    f"{target!r} is relative, but session {session_id!r} has no page open yet: "
                    "give an absolute URL such as https://example.org/."
                )
            target = urljoin(current, target)
        return self.pool.policy.check(target)

    async def navigate(
        self,
        target: str,
        hint: str | None = None,
        session_id: str = DEFAULT_SESSION,
        *,
        reload: bool = False,
        show_forms: bool = False,
        show_feeds: bool = False,
        show_pagination: bool = False,
        allow_blocked: bool | None = None,
    ) -> NavigationResult:
        """Open ``target`` (absolute or relative URL, ``back`` or ``forward``) and describe the page.

        Args:
            target: Where to go.
            hint: The user's intent; links that match it come first and are marked.
            session_id: The session to browse in; it starts by itself.
            reload: Load the page even if it is the one the session is on (API only: models get
                the same-URL guard).
            show_forms: Add the page's forms to the text.
            show_feeds: Add RSS/Atom feeds to the text.
            show_pagination: Add next/previous page links to the text.
            allow_blocked: Show a page taken for a CAPTCHA or bot wall as content anyway (for a
                wall detected by mistake); default: the ``allow_blocked`` setting. A real wall
                goes to the ``on_blocked`` callback first, if there is one.

        Raises:
            InvalidSessionId: Bad session id.
            BlockedURL: The URL is malformed or not allowed.
            NavigationFailed: The page could not be loaded after retries.
            BrowserUnavailable: No browser.
        """
        self.pool.check_session_id(session_id)  # a user id, or an internal id this pool issued
        state = self.state(session_id)
        options = {"show_forms": show_forms, "show_feeds": show_feeds, "show_pagination": show_pagination}
        if allow_blocked is None:
            allow_blocked = bool(getattr(self.pool.settings, "allow_blocked", False))
        word = target.strip().lower() if isinstance(target, str) else ""
        if word in {"back", "forward"}:
            step = -1 if word == "back" else 1
            index = state.position + step
            if not 0 <= index < len(state.history):
                where = "first" if step < 0 else "last"
                text = (
                    f"There is no page to go {word} to: this is the {where} page of session "
                    f"{session_id!r}'s history."
                )
                if state.last_view is not None:
                    text += "\n" + _suggest(state.last_view, hint, state.current, n=3)
                return NavigationResult(text=text, ok=False, error="history_end", view=state.last_view)
            url = state.history[index]
            result = await self._load(url, hint, session_id, options, allow_blocked=allow_blocked)
            state.position = index
            return result

        url = self.resolve(target, session_id)
        if not reload and self._is_current(url, session_id):
            return self._guard(url, hint, session_id)
        verdict = classify_url(url)  # judged on the normalized URL, not the words of the call
        if verdict is not None:
            request = ApprovalRequest("navigate", url, verdict, state.current or "")
            refusal = await current_gate(self.approval).decide(request)
            if refusal is not None:
                text = f"Error: {refusal} The page was not opened."
                return NavigationResult(text=text, ok=False, error="needs_approval", view=state.last_view)
        result = await self._load(url, hint, session_id, options, allow_blocked=allow_blocked)
        final = result.final_url or url
        del state.history[state.position + 1 :]
        state.history.append(final)
        state.position = len(state.history) - 1
        return result

    def _is_current(self, url: str, session_id: str) -> bool:
        state = self._state(session_id)
        if state.last_view is None or state.current is None:
            return False
        key = same_page_key(url)
        if key not in {same_page_key(state.current), same_page_key(state.last_requested or state.current)}:
            return False
        # Only if the browser really still shows it (an evicted session starts blank).
        shown = self.pool.current_url(session_id)
        return shown is not None and same_page_key(shown) == same_page_key(state.current)

    def _guard(self, url: str, hint: str | None, session_id: str) -> NavigationResult:
        state = self._state(session_id)
        state.repeats += 1
        view = state.last_view
        assert view is not None and state.current is not None
        here = display_url(state.current, state.current)
        suggestions = _pick_next(view, hint, state.current, n=3)
        if state.repeats >= 2:
            options = ", ".join(display_url(link.url, state.current) for link in suggestions)
            text = f"You are already here ({here}). Stop requesting it. Go to: {options}."
            if not suggestions:
                text = f"You are already here ({here}). Stop requesting it. Go back with target 'back'."
        else:
            text = (
                f"Error: you are already on {view.title or here} ({here}); it was not loaded again.\n"
                "Choose one of these next pages instead:\n"
                + "\n".join(f"For {ln.label}: {display_url(ln.url, state.current)}" for ln in suggestions)
            )
            if not suggestions:
                text += "(this page has no links) — use target 'back'."
        return NavigationResult(
            text=text,
            ok=False,
            error="same_url",
            view=view,
            visits=state.visits[same_page_key(state.current)],
        )

    async def _over_the_wall(self, session_id: str, snapshot: PageSnapshot) -> PageSnapshot:
        """Hand a wall to ``on_blocked``; when it says solved, the page as it is now."""
        if self.on_blocked is None or snapshot.block is None:
            return snapshot
        try:
            async with self.pool.session(session_id) as session:
                solved = self.on_blocked(Wall(session_id, snapshot.final_url, snapshot.block, session.page))
                if inspect.isawaitable(solved):
                    solved = await solved
                if solved is not True:
                    return snapshot
                title, html = await session.page.title(), await session.page.content()
                final_url = session.page.url
        except Exception as exc:  # the callback's failure is reported, the wall stays a wall
            log.warning("on_blocked failed on %s: %s", snapshot.final_url, exc)
            return snapshot
        block = detect_block(title, html, None)
        return dataclasses.replace(snapshot, final_url=final_url, title=title, html=html, block=block)

    async def _load(
        self,
        url: str,
        hint: str | None,
        session_id: str,
        options: dict[str, bool],
        *,
        allow_blocked: bool = False,
    ) -> NavigationResult:
        state = self._state(session_id)
        archive = self.archive if self.archive is not None and self.archive.capturing else None
        nav = archive.begin_navigation(session_id, url) if archive else None
        try:
            snapshot = await open_url(self.pool, session_id, url)
        except BaseException as exc:
            if archive and nav:  # a failed load must not swallow the traffic of later ones
                await archive.end_navigation(nav, max_wait=0.0)
            if isinstance(exc, NavigationFailed) and exc.reason == "download" and self.on_download:
                # A PDF (or another file) instead of a page: show the saved file's view.
                result = await self.on_download(session_id, url, hint)
                if result is not None:
                    return result
            raise
        # Bounded: the line says what was archived so far; late bodies are still recorded.
        archived = await archive.end_navigation(nav, max_wait=1.0) if archive and nav else None
        notices: list[str] = []
        wall = snapshot.block
        if wall is not None and not allow_blocked:
            snapshot = await self._over_the_wall(session_id, snapshot)
            if snapshot.block is None:
                notices.append(f"A {wall.kind} wall ({wall.provider}) was here; it was solved for you.")
        elif wall is not None:
            notices.append(
                f"Looked like a {wall.kind} wall ({wall.provider}: {wall.evidence}); shown as it is, "
                "because blocked pages are allowed here."
            )
            snapshot = dataclasses.replace(snapshot, block=None)
        started = time.perf_counter()
        model = parse_page(snapshot.html, snapshot.final_url)
        blocked = None
        if snapshot.block is not None:
            blocked = snapshot.block.kind
            model = dataclasses.replace(
                model, excerpt="", links=[], forms=[], feeds=[], next_url=None, prev_url=None
            )
            notices.append(
                f"Blocked: {snapshot.block.kind} ({snapshot.block.provider}). This page is a CAPTCHA or "
                "bot wall, not the content. A person has to solve it; otherwise go back or try another site."
            )
        if snapshot.redirects:
            notices.append(f"Redirected from {display_url(snapshot.redirects[0], snapshot.final_url)}.")
        if snapshot.attempts > 1:
            notices.append(f"Loaded on try {snapshot.attempts}.")
        if archived is not None:
            notices.append(archived.line())
        not_a_page = describe_non_page(snapshot, archived)
        if not_a_page:
            notices.append(not_a_page)
        view = render_view(
            model,
            hint=hint,
            status=snapshot.status,
            final_url=snapshot.final_url,
            notices=notices,
            max_links=self.max_links,
            token_budget=self.token_budget,
            **options,
        )
        build_ms = (time.perf_counter() - started) * 1000
        key = same_page_key(snapshot.final_url)
        state.visits[key] += 1
        state.last_view = view
        state.last_requested = url
        state.repeats = 0
        return NavigationResult(
            text=view.text,
            view=view,
            blocked=blocked,
            block=snapshot.block or wall,
            snapshot=snapshot,
            visits=state.visits[key],
            build_ms=build_ms,
            archived=archived,
        )


def _size(n: int) -> str:
    if n < 1000:
        return f"{n} byte{'' if n == 1 else 's'}"
    return f"{n / 1000:.1f} kB" if n < 1_000_000 else f"{n / 1_000_000:.1f} MB"


def describe_non_page(snapshot: PageSnapshot, archived: NavigationStats | None) -> str | None:
    """One line for an answer that is no page to read (an image, a file, an empty body), else ``None``.

    >>> url = "http://x/a.png"
    >>> snap = PageSnapshot(url, url, 200, "", "", content_type="image/png", body_size=371)
    >>> describe_non_page(snap, None)
    'Not a web page: an image (image/png, 371 bytes), with no text or links to read; not saved.'
    """
    saved = (
        f"saved in the archive as doc {archived.document_id}"
        if archived is not None and archived.document_id
        else "not saved"
    )
    kind = snapshot.mime or "no type given"
    if snapshot.body_size == 0:
        return f"The answer is empty (HTTP {snapshot.status}, {kind}, 0 bytes): nothing to read; {saved}."
    if snapshot.is_page:
        return None
    size = _size(snapshot.body_size) if snapshot.body_size is not None else "size unknown"
    what = {"image": "an image", "audio": "a sound file", "video": "a video", "font": "a font"}.get(
        snapshot.mime.split("/", 1)[0], "a file"
    )
    return f"Not a web page: {what} ({kind}, {size}), with no text or links to read; {saved}."


def _pick_next(view: PageView, hint: str | None, current: str, n: int) -> list[Link]:
    here = same_page_key(current)
    links = [link for link in view.links if same_page_key(link.url) != here]
    if hint:
        matcher = HintMatcher(hint)
        scored = [
            (matcher.score(f"{link.label} {urlsplit(link.url).path}"), i, link)
            for i, link in enumerate(links)
        ]
        matched = [link for score, _, link in sorted(scored, key=lambda t: (-t[0], t[1])) if score > 0]
        rest = [link for link in links if link not in matched]
        links = matched + rest
    else:
        # Prefer what the view showed, in its order: the model has seen those.
        shown = [link for link in view.shown_links if same_page_key(link.url) != here]
        links = shown + [link for link in links if link not in shown]
    return links[:n]


def _suggest(view: PageView, hint: str | None, current: str | None, n: int) -> str:
    links = _pick_next(view, hint, current or view.final_url or "", n)
    if not links:
        return ""
    base = current or view.final_url or ""
    return "Try one of:\n" + "\n".join(f"For {link.label}: {display_url(link.url, base)}" for link in links)
