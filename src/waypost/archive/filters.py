"""What gets recorded: status, URL and MIME filters, header selection and traffic categories.

Pure functions on strings, built once from :class:`ArchiveSettings` into a :class:`CaptureFilter`.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from waypost.config.archive import SECRET_HEADERS, ArchiveSettings, parse_statuses

CATEGORIES = ("HTML", "JS", "CSS", "XHR", "FONT", "IMAGE", "MEDIA", "OTHER")
"""Traffic categories, in the order they are shown."""

_BY_RESOURCE_TYPE = {
    "document": "HTML",
    "script": "JS",
    "stylesheet": "CSS",
    "xhr": "XHR",
    "fetch": "XHR",
    "eventsource": "XHR",
    "websocket": "XHR",
    "font": "FONT",
    "image": "IMAGE",
    "media": "MEDIA",
    "texttrack": "MEDIA",
}


def mime_essence(content_type: str | None) -> str:
    """``"Text/HTML; charset=utf-8"`` → ``"text/html"``."""
    return (content_type or "").split(";", 1)[0].strip().lower()


_DOCUMENT_TYPES = frozenset({"text/html", "application/xhtml+xml", "text/plain"})


def categorize(resource_type: str, mime: str) -> str:
    """The traffic category of a response, from the browser's resource type, else its MIME type."""
    category = _BY_RESOURCE_TYPE.get(resource_type)
    # A "document" is what a tab shows, which is not always HTML: an image or a file opened in it
    # counts by its type (an unknown type stays a document).
    if category and not (category == "HTML" and mime and mime not in _DOCUMENT_TYPES):
        return category
    if mime in ("text/html", "application/xhtml+xml"):
        return "HTML"
    if "javascript" in mime or "ecmascript" in mime:
        return "JS"
    if mime == "text/css":
        return "CSS"
    if mime.startswith("font/") or "font" in mime:
        return "FONT"
    if mime.startswith("image/"):
        return "IMAGE"
    if mime.startswith(("audio/", "video/")):
        return "MEDIA"
    if "json" in mime or mime.endswith("xml"):
        return "XHR" if resource_type != "document" else "OTHER"
    return "OTHER"


def select_headers(headers: Mapping[str, str], wanted: Iterable[str]) -> dict[str, str]:
    """The wanted headers present in ``headers`` (names lowercased); credentials never pass."""
    lowered = {name.lower(): value for name, value in headers.items()}
    return {name: lowered[name] for name in wanted if name in lowered and name not in SECRET_HEADERS}


def _domain_matches(host: str, domains: tuple[str, ...]) -> bool:
    return any(host == d or host.endswith("." + d) for d in domains)


@dataclass(frozen=True)
class CaptureFilter:
    """The decisions the capture makes for each response, built from :class:`ArchiveSettings`."""

    statuses: tuple[tuple[int, int], ...]
    body_types: tuple[str, ...]
    exclude_urls: tuple[str, ...]
    exclude_domains: tuple[str, ...]
    max_body_bytes: int
    record_all_types: bool
    record_failed: bool
    headers: tuple[str, ...]

    @classmethod
    def from_settings(cls, settings: ArchiveSettings) -> CaptureFilter:
        return cls(
            statuses=parse_statuses(settings.statuses),
            body_types=settings.body_types(),
            exclude_urls=settings.exclude_urls,
            exclude_domains=settings.exclude_domains,
            max_body_bytes=settings.max_body_bytes,
            record_all_types=settings.record_all_types,
            record_failed=settings.record_failed,
            headers=settings.headers,
        )

    def url_excluded(self, url: str) -> bool:
        """True for URLs never recorded: non-network schemes and the configured excludes."""
        if not url.startswith(("http://", "https://")):
            return True
        if self.exclude_domains:
            host = (urlsplit(url).hostname or "").lower()
            if _domain_matches(host, self.exclude_domains):
                return True
        return any(fnmatch.fnmatchcase(url, pattern) for pattern in self.exclude_urls)

    def status_allowed(self, status: int) -> bool:
        return any(low <= status <= high for low, high in self.statuses)

    def body_wanted(self, mime: str) -> bool:
        """True when a body of this MIME type (essence, lowercase) is kept."""
        return any(fnmatch.fnmatchcase(mime, pattern) for pattern in self.body_types)

    def too_large(self, size: int | None) -> bool:
        return size is not None and size > self.max_body_bytes
