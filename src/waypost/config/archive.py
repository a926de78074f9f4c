"""What the archive records: :class:`ArchiveSettings`, nested into Waypost's settings as ``archive``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MB = 1024 * 1024

SECRET_HEADERS = frozenset({"cookie", "set-cookie", "authorization", "proxy-authorization"})
"""Headers that carry credentials: never stored, whatever the settings say."""

DEFAULT_HEADERS = ("content-type", "content-language", "etag", "cache-control", "last-modified")

DEFAULT_MIME_TYPES = (
    "text/html",
    "application/xhtml+xml",
    "application/json",
    "text/json",
    "application/*+json",
    "text/plain",
    "text/markdown",
    "text/csv",
    "application/xml",
    "text/xml",
    "application/*+xml",
)
"""Types whose bodies are archived: HTML, JSON (XHR), text, XML (RSS, Atom and other ``+xml``)."""

JS_MIME_TYPES = (
    "application/javascript",
    "text/javascript",
    "application/x-javascript",
    "application/ecmascript",
    "text/ecmascript",
)


class ArchiveSettings(BaseSettings):
    """How the network archive captures responses. Each field can be set as ``WAYPOST_ARCHIVE_<FIELD>``."""

    model_config = SettingsConfigDict(env_prefix="WAYPOST_ARCHIVE_", extra="forbid")

    enabled: bool = Field(True, description="Record responses while sessions browse.")
    statuses: tuple[str, ...] = Field(
        ("2xx",), description="Statuses to record: classes ('2xx'), codes ('404') or ranges ('400-499')."
    )
    mime_types: tuple[str, ...] = Field(
        DEFAULT_MIME_TYPES, description="Types whose bodies are kept; '*' wildcards allowed."
    )
    include_js: bool = Field(False, description="Also keep JavaScript bodies.")
    record_all_types: bool = Field(
        True, description="Also record responses of other types (images, fonts...), without their body."
    )
    record_failed: bool = Field(True, description="Record requests that failed, with their error.")
    exclude_urls: tuple[str, ...] = Field((), description="URL patterns never recorded ('*' wildcards).")
    exclude_domains: tuple[str, ...] = Field((), description="Domains (and subdomains) never recorded.")
    max_body_bytes: int = Field(5 * MB, ge=0, description="Larger bodies are recorded without their body.")
    headers: tuple[str, ...] = Field(DEFAULT_HEADERS, description="Response headers to store.")
    body_retries: int = Field(
        3, ge=0, le=10, description="Retries of a body the browser is not ready to give."
    )
    readers: int = Field(4, ge=1, le=64, description="Bodies read from the browser at the same time.")
    batch_size: int = Field(256, ge=1, le=100_000, description="Records written per transaction at most.")
    commit_interval: float = Field(0.2, gt=0, le=60, description="Seconds a record may wait to be committed.")
    extract_workers: int | None = Field(
        None,
        ge=0,
        le=16,
        description="Child processes that turn a backlog of bodies into text (empty: cores - 1; 0: none).",
    )

    @field_validator("headers", mode="after")
    @classmethod
    def _no_secret_headers(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(dict.fromkeys(h.strip().lower() for h in value if h.strip()))
        secret = sorted(SECRET_HEADERS.intersection(names))
        if secret:
            raise ValueError(
                f"{', '.join(secret)} carry credentials and are never archived; remove them from 'headers'."
            )
        return names

    @field_validator("mime_types", "exclude_domains", mode="after")
    @classmethod
    def _lower(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(v.strip().lower().lstrip(".") for v in value if v.strip())

    @field_validator("statuses", mode="after")
    @classmethod
    def _valid_statuses(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        parse_statuses(value)  # raises ValueError with the offending entry
        return value

    def body_types(self) -> tuple[str, ...]:
        """The MIME patterns whose bodies are kept, JavaScript included when asked for."""
        return self.mime_types + (JS_MIME_TYPES if self.include_js else ())


_STATUS_ENTRY = re.compile(r"([1-5])xx|(\d{3})(?:-(\d{3}))?")


def parse_statuses(entries: Iterable[str]) -> tuple[tuple[int, int], ...]:
    """Turn ``("2xx", "404", "300-399")`` into inclusive ranges.

    Raises:
        ValueError: An entry is none of those forms.
    """
    ranges: list[tuple[int, int]] = []
    for entry in entries:
        match = _STATUS_ENTRY.fullmatch(entry.strip().lower())
        if match is None:
            raise ValueError(f"Status {entry!r} is not understood: use '2xx', '404' or '400-499'.")
        if match.group(1):
            low = int(match.group(1)) * 100
            ranges.append((low, low + 99))
        else:
            low = int(match.group(2))
            ranges.append((low, int(match.group(3) or low)))
    return tuple(ranges)
