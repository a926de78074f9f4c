"""Which URLs Waypost may open: http(s) and about:blank, optionally limited by domain lists."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from waypost.errors import BlockedURL

ALLOWED_SCHEMES = frozenset({"http", "https"})
MAX_URL_LENGTH = 8192
_BAD_HOST = re.compile(r"[\s<>\"'`{}|\\^%/]")


_HOST_START = re.compile(
    r"^(?P<host>localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|(?:[a-zA-Z0-9-]+\.)+(?P<tld>[a-zA-Z]{2,63}))"
    r"(?P<port>:\d{1,5})?(?:[/?#]|$)"
)
# Last "labels" that name a file rather than a top-level domain: `index.html` is a relative link.
_FILE_SUFFIXES = frozenset({
    "html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "cgi", "xml", "json", "txt", "md", "pdf",
    "png", "jpg", "jpeg", "gif", "svg", "webp", "css", "js", "zip", "gz",
})  # fmt: skip


def add_scheme(target: str) -> str | None:
    """The URL people mean by a host-looking target without a scheme, or ``None`` if it is not one.

    Loopback hosts and IP addresses get ``http://`` (local servers rarely speak TLS), names get
    ``https://``.

    >>> add_scheme("127.0.0.1:8765/")
    'http://127.0.0.1:8765/'
    >>> add_scheme("example.org/x")
    'https://example.org/x'
    >>> add_scheme("index.html") is None
    True
    """
    match = _HOST_START.match(target)
    if match is None:
        return None
    host = match.group("host")
    tld = match.group("tld")
    if tld is not None and tld.lower() in _FILE_SUFFIXES and not match.group("port"):
        return None
    try:
        is_ip = ipaddress.ip_address(host.strip("[]")) is not None
    except ValueError:
        is_ip = False
    scheme = "http" if is_ip or is_loopback_host(host) else "https"
    return f"{scheme}://{target}"


def _normalise_domains(domains: Iterable[str]) -> tuple[str, ...]:
    return tuple(d.strip().lower().lstrip(".") for d in domains if d and d.strip())


def _host_matches(host: str, domains: tuple[str, ...]) -> bool:
    return any(host == d or host.endswith("." + d) for d in domains)


def is_loopback_host(host: str | None) -> bool:
    """True for ``localhost``, 127.0.0.0/8 and ::1."""
    if not host:
        return False
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class UrlPolicy:
    """Decides whether a URL may be opened.

    Args:
        allow_domains: If not empty, only these domains and their subdomains are allowed.
        deny_domains: These domains and their subdomains are always refused.
    """

    allow_domains: tuple[str, ...] = ()
    deny_domains: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "allow_domains", _normalise_domains(self.allow_domains))
        object.__setattr__(self, "deny_domains", _normalise_domains(self.deny_domains))

    def check(self, url: object) -> str:
        """Return ``url`` normalised (scheme and host lowercased, fragment kept) if it may be opened.

        Raises:
            BlockedURL: The URL is malformed, uses another scheme (``file:``, ``javascript:``,
                ``data:``, ``chrome:``...), or its domain is not allowed.
        """
        if not isinstance(url, str) or not url.strip():
            raise BlockedURL("Empty URL: give an absolute http(s) URL such as https://example.org/.")
        url = url.strip()
        if len(url) > MAX_URL_LENGTH:
            raise BlockedURL(f"URL too long ({len(url)} characters, at most {MAX_URL_LENGTH}).")
        if any(ord(c) < 32 or c == "\x7f" for c in url):
            raise BlockedURL("URL contains control characters; remove them and try again.")
        if url == "about:blank":
            return url
        try:
            parts = urlsplit(url)
            port = parts.port  # raises ValueError on a bad port
        except ValueError as exc:
            raise BlockedURL(f"Malformed URL {url[:200]!r}: {exc}.") from None
        scheme = parts.scheme.lower()
        if scheme not in ALLOWED_SCHEMES:
            shown = f"'{scheme}:'" if scheme else "no scheme"
            raise BlockedURL(
                f"URL {url[:200]!r} has {shown}: only http and https pages (and about:blank) can be opened."
            )
        host = (parts.hostname or "").lower()
        if not host:
            raise BlockedURL(f"URL {url[:200]!r} has no host name.")
        if _BAD_HOST.search(host):
            raise BlockedURL(f"URL {url[:200]!r} has an invalid host name {host!r}.")
        if self.deny_domains and _host_matches(host, self.deny_domains):
            raise BlockedURL(f"The domain {host} is on the deny list; choose a page on another site.")
        if self.allow_domains and not _host_matches(host, self.allow_domains):
            allowed = ", ".join(self.allow_domains)
            raise BlockedURL(f"The domain {host} is not on the allow list ({allowed}).")
        netloc = host if port is None else f"{host}:{port}"
        if ":" in host:
            netloc = f"[{host}]" if port is None else f"[{host}]:{port}"
        if parts.username or parts.password:
            raise BlockedURL(
                "URLs with a user name or password in them are refused; log in on the page instead."
            )
        return urlunsplit((scheme, netloc, parts.path or "/", parts.query, parts.fragment))

    def allows_request(self, url: str) -> bool:
        """Whether a sub-resource or redirect request may go out (domain lists only)."""
        host = (urlsplit(url).hostname or "").lower()
        if not host:
            return True  # data:, blob: and the like inside a page
        if self.deny_domains and _host_matches(host, self.deny_domains):
            return False
        return not (self.allow_domains and not _host_matches(host, self.allow_domains))
