"""Plain data passed between the capture, the store and the callers."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from waypost.config.secrets import SecretStore


class BodyState(StrEnum):
    """What became of a response's body."""

    STORED = "stored"
    """Kept and indexed for search."""
    NOT_KEPT = "not_kept"
    """Its type is not archived (images, fonts, CSS...)."""
    TOO_LARGE = "too_large"
    """Larger than ``max_body_bytes``."""
    UNREADABLE = "unreadable"
    """The browser could not give it, even after retries."""
    NONE = "none"
    """There is no body: a failed request, or an empty answer."""


@dataclass(slots=True)
class CapturedResponse:
    """One completed (or failed) request, as the capture hands it to the store.

    Attributes:
        session_id: The browser session it happened in.
        nav_id: The page navigation it belongs to.
        url: The request URL (after redirects: the URL that answered).
        method: HTTP method.
        status: Final HTTP status, ``None`` for a failed request.
        status_text: The status line's reason phrase.
        mime: MIME essence, lowercase (``text/html``).
        category: Traffic category (``HTML``, ``JS``, ``XHR``...).
        resource_type: The browser's resource type (``document``, ``fetch``...).
        headers: The selected response headers, names lowercase. Never credentials.
        started: When the request started (epoch seconds).
        ended: When the response ended, or the request failed (epoch seconds).
        redirects: URLs that redirected to this one, oldest first.
        is_main: True for the main document of a navigation.
        body: The raw body when ``body_state`` is ``STORED``.
        body_state: What became of the body.
        body_size: The body's size in bytes, when known.
        error: Why the request failed or the body could not be read.
    """

    session_id: str
    nav_id: str | None
    url: str
    method: str = "GET"
    status: int | None = None
    status_text: str = ""
    mime: str = ""
    category: str = "OTHER"
    resource_type: str = "other"
    headers: dict[str, str] = field(default_factory=dict)
    started: float = 0.0
    ended: float = 0.0
    redirects: list[str] = field(default_factory=list)
    is_main: bool = False
    body: bytes | None = None
    body_state: BodyState = BodyState.NONE
    body_size: int | None = None
    error: str | None = None


def to_datetime(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, tz=UTC)


@dataclass(frozen=True)
class SearchHit:
    """One search result.

    Attributes:
        id: The archived document's id (pass it to ``get``).
        url: Where it was fetched from.
        title: Its title, or ``""``.
        snippet: Text around the matched terms, which are marked ``**like this**``.
        fetched: When it was fetched (UTC).
        mime: Its MIME type.
        session_id: The session that fetched it.
        score: BM25 relevance, lower is better (SQLite's convention).
    """

    id: str
    url: str
    title: str
    snippet: str
    fetched: datetime
    mime: str
    session_id: str
    score: float


@dataclass(frozen=True)
class ArchivedText:
    """A page of an archived document's text.

    Attributes:
        id: The document id.
        url: Where it was fetched from.
        title: Its title, or ``""``.
        mime: Its MIME type.
        status: HTTP status, ``None`` for a failed request.
        fetched: When it was fetched (UTC).
        session_id: The session that fetched it.
        body_state: What became of the body; text is empty unless ``stored``.
        text: The text from ``offset``, at most the length asked for.
        offset: Where ``text`` starts, in characters.
        total_chars: Length of the whole text.
        next_offset: Where the next page starts, or ``None`` at the end.
        error: Why the request failed or the body could not be read.
    """

    id: str
    url: str
    title: str
    mime: str
    status: int | None
    fetched: datetime
    session_id: str
    body_state: BodyState
    text: str
    offset: int
    total_chars: int
    next_offset: int | None
    error: str | None = None


@dataclass(frozen=True)
class ArchiveStats:
    """What an archive holds.

    Attributes:
        path: The database file.
        documents: Recorded responses (failed requests included).
        bodies: Distinct bodies stored (identical bodies are stored once).
        body_bytes: Bytes of stored bodies.
        file_bytes: Size of the database file with its write-ahead log.
        failed: Failed requests recorded.
        unreadable: Responses whose body could not be read.
        sessions: Distinct sessions.
        oldest: When the oldest record was fetched, if any.
        newest: When the newest record was fetched, if any.
        by_category: Documents per traffic category.
    """

    path: str
    documents: int
    bodies: int
    body_bytes: int
    file_bytes: int
    failed: int
    unreadable: int
    sessions: int
    oldest: datetime | None
    newest: datetime | None
    by_category: dict[str, int]


@dataclass(frozen=True)
class PruneResult:
    """What :meth:`Archive.prune` removed."""

    documents: int
    bodies: int


def mask_record(record: CapturedResponse, secrets: SecretStore) -> None:
    """Replace every spelling of every secret in ``record`` (in place) by its placeholder.

    The archive keeps no request bodies (a login form's POST body is never stored); a page that
    echoes a typed value, or a URL a GET form put it in, is masked here before it is written.
    """
    record.url = secrets.mask(record.url)
    record.redirects = [secrets.mask(u) for u in record.redirects]
    record.headers = {k: secrets.mask(v) for k, v in record.headers.items()}
    if record.error:
        record.error = secrets.mask(record.error)
    if record.body:
        masked = secrets.mask_bytes(record.body)
        if masked is not record.body:
            record.body = masked
            record.body_size = len(masked)
