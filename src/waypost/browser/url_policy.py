"""Which URLs Waypost may open: http(s) and about:blank, optionally limited by host rules.

Every decision is made on the **normalized** host (:func:`normalize_host`), so ``LOCALHOST.``,
``2130706433``, ``0x7f.1``, ``[::ffff:7f00:1]`` and ``ｌｏｃａｌｈｏｓｔ`` are the hosts they are
(``localhost`` and ``127.0.0.1``), as the browser sees them.

What a rule means (``allow_domains`` / ``deny_domains``, same syntax in both):

- a host name (``example.org``): that name and every subdomain, in any spelling (case, trailing
  dot, Unicode or punycode). Names are never resolved here: a name rule does not match an IP
  literal, and an IP rule does not match a name that happens to resolve to it (the guard proxy
  checks resolved addresses against IP rules, see :mod:`waypost.browser.guard_proxy`);
- an IP address in any spelling (``127.0.0.1``, ``2130706433``, ``[::1]``): exactly that address.
  An IPv4-mapped IPv6 address (``::ffff:a.b.c.d``) *is* the IPv4 address; for deny rules the IPv4
  address embedded in IPv4-compatible, NAT64 (``64:ff9b::/96``) and 6to4 addresses counts too;
- a network (``10.0.0.0/8``, ``fc00::/7``): every address in it;
- the rule ``localhost`` is the whole local machine: ``*.localhost`` names, 127.0.0.0/8, ``::1``
  and the unspecified addresses ``0.0.0.0`` / ``::`` (which connect to it on Linux). An IP or
  network rule that contains ``127.0.0.1`` (or ``::1``) also covers the ``localhost`` names
  (which always resolve there) and the unspecified addresses. A rule ``app.localhost`` is just
  that name and its subdomains.

``loopback_only`` allows exactly the hosts :func:`is_loopback_host` accepts: those same local
names and addresses, in every spelling. Deny rules win over allow rules and over loopback_only.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit, urlunsplit

from waypost.errors import BlockedURL

ALLOWED_SCHEMES = frozenset({"http", "https"})
# Schemes a request may use inside a page; ws(s) are checked by host like http(s).
REQUEST_SCHEMES = frozenset({"http", "https", "ws", "wss"})
LOCAL_SCHEMES = frozenset({"data", "blob", "about"})
MAX_URL_LENGTH = 8192
MAX_HOST_LENGTH = 253
_BAD_HOST = re.compile(r"[\s<>\"'`{}|\\^%/@#?\[\]]")
_NUMBER = re.compile(r"^(?:0[xX][0-9a-fA-F]*|[0-9]+)$")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
_UNSPECIFIED = (ipaddress.IPv4Address("0.0.0.0"), ipaddress.IPv6Address("::"))
_LOOPBACK_ALIASES = (ipaddress.IPv4Address("127.0.0.1"), ipaddress.IPv6Address("::1"))


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


class InvalidHost(ValueError):
    """A host that no browser would accept (or that cannot be normalized)."""


# -- normalization -------------------------------------------------------------------------------


def _parse_ipv4_number(part: str) -> int:
    """One part of an IPv4 address as the URL standard reads it: 0x hex, 0 octal, else decimal."""
    if part[:2] in ("0x", "0X"):
        digits = part[2:]
        return int(digits, 16) if digits else 0
    if len(part) > 1 and part[0] == "0":
        return int(part[1:], 8)  # ValueError on 8 or 9: not a number, so not a valid host
    return int(part, 10)


def _parse_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address ``host`` spells (WHATWG URL rules), ``None`` if it is not numeric.

    Raises:
        InvalidHost: It ends in a number but is not a valid address (``1.2.3.4.5``, ``0x1.09``).
    """
    parts = host.split(".")
    if parts and parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if not parts or not _NUMBER.match(parts[-1]):
        return None  # a name: the last label is not a number
    if len(parts) > 4 or any(not _NUMBER.match(p) for p in parts):
        raise InvalidHost(f"{host!r} is neither a host name nor an IPv4 address")
    try:
        numbers = [_parse_ipv4_number(p) for p in parts]
    except ValueError:
        raise InvalidHost(f"{host!r} is not a valid IPv4 address") from None
    last = numbers.pop()
    if any(n > 255 for n in numbers) or last >= 256 ** (4 - len(numbers)):
        raise InvalidHost(f"{host!r} is out of range for an IPv4 address")
    value = last
    for i, n in enumerate(numbers):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def _to_ascii(host: str) -> str:
    if host.isascii():
        return host.lower()
    import idna

    try:  # UTS #46, non-transitional: what Chromium does
        return idna.encode(host, uts46=True, transitional=False, std3_rules=False).decode("ascii").lower()
    except idna.IDNAError:
        pass
    try:  # IDNA 2003 is more lenient (underscores, some symbols)
        return host.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise InvalidHost(f"{host!r} is not a valid international domain name") from None


def parse_host(host: str) -> str | IPAddress:
    """``host`` as a canonical name (lowercase ASCII, no trailing dot) or an IP address.

    Accepts what a URL may carry: brackets around IPv6, percent-escapes, Unicode (IDNA), every
    IPv4 spelling (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``). IPv4-mapped IPv6
    addresses come back as the IPv4 address.

    Raises:
        InvalidHost: Not a valid host.
    """
    if not isinstance(host, str):
        raise InvalidHost("the host is not text")
    text = host.strip()
    if "%" in text and not text.startswith("["):
        text = unquote(text)
    if not text:
        raise InvalidHost("empty host")
    if text.startswith("[") or ":" in text:
        inner = text[1:-1] if text.startswith("[") and text.endswith("]") else text
        if "%" in inner:
            raise InvalidHost(f"{host!r}: IPv6 zone ids are not allowed in URLs")
        try:
            addr = ipaddress.IPv6Address(inner)
        except ValueError:
            raise InvalidHost(f"{host!r} is not a valid IPv6 address") from None
        return addr.ipv4_mapped or addr
    name = _to_ascii(text)
    ip = _parse_ipv4(name)
    if ip is not None:
        return ip
    name = name.rstrip(".")
    if not name or len(name) > MAX_HOST_LENGTH or ".." in name or _BAD_HOST.search(name):
        raise InvalidHost(f"{host!r} is not a valid host name")
    return name


def normalize_host(host: str) -> str:
    """The canonical text of a host: ``127.0.0.1``, ``::1``, ``xn--mnchen-3ya.de``, ``localhost``.

    Raises:
        InvalidHost: Not a valid host.
    """
    return str(parse_host(host))


def _embedded_ipv4(addr: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if addr in _NAT64:
        return ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
    if addr.sixtofour is not None:
        return addr.sixtofour
    if int(addr) >> 32 == 0 and int(addr) > 1:  # IPv4-compatible ::a.b.c.d (deprecated)
        return ipaddress.IPv4Address(int(addr))
    return None


def _is_local_name(name: str) -> bool:
    return name == "localhost" or name.endswith(".localhost")


def _is_loopback(host: str | IPAddress) -> bool:
    if isinstance(host, str):
        return _is_local_name(host)
    return host.is_loopback or host in _UNSPECIFIED


def _identities(host: str | IPAddress) -> list[str | IPAddress]:
    """The host and the IPv4 address embedded in it (NAT64, 6to4, IPv4-compatible), if any."""
    if isinstance(host, ipaddress.IPv6Address):
        v4 = _embedded_ipv4(host)
        if v4 is not None:
            return [host, v4]
    return [host]


# -- rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HostRule:
    """One entry of an allow or deny list, parsed (see the module docstring for what it means)."""

    text: str
    name: str | None = None
    network: IPNetwork | None = None

    @classmethod
    def parse(cls, text: str) -> HostRule:
        """Parse a rule.

        Raises:
            ValueError: Neither a host name, an IP address nor a network.
        """
        raw = text.strip()
        if raw.startswith("*."):
            raw = raw[2:]
        raw = raw.lstrip(".")
        if "/" in raw:
            try:
                net = ipaddress.ip_network(raw.strip("[]"), strict=False)
            except ValueError:
                raise ValueError(f"{text!r} is not a valid network such as 10.0.0.0/8") from None
            return cls(text=str(net), network=net)
        try:
            host = parse_host(raw)
        except InvalidHost as exc:
            raise ValueError(f"{text!r} is not a valid host rule: {exc}") from None
        if isinstance(host, str):
            return cls(text=host, name=host)
        return cls(text=str(host), network=ipaddress.ip_network(host))

    def matches(self, host: str | IPAddress) -> bool:
        """Whether the rule covers ``host`` (parsed with :func:`parse_host`)."""
        if self.name == "localhost":
            return _is_loopback(host)
        if self.name is not None:
            return isinstance(host, str) and (host == self.name or host.endswith("." + self.name))
        assert self.network is not None
        if not isinstance(host, str) and host.version == self.network.version and host in self.network:
            return True
        # Names under localhost always resolve to the machine; 0.0.0.0 and :: connect to it.
        if (isinstance(host, str) and _is_local_name(host)) or host in _UNSPECIFIED:
            return any(a in self.network for a in _LOOPBACK_ALIASES if a.version == self.network.version)
        return False

    def matches_any(self, hosts: Iterable[str | IPAddress]) -> bool:
        return any(self.matches(h) for h in hosts)


def _rules(entries: Iterable[str]) -> tuple[HostRule, ...]:
    rules = []
    for entry in entries:
        if entry and entry.strip():
            rules.append(HostRule.parse(entry))
    return tuple(rules)


def is_loopback_host(host: str | None) -> bool:
    """True for the local machine in any spelling: ``localhost``, ``*.localhost``, 127.0.0.0/8,
    ``::1``, ``::ffff:127.x.y.z``, and the unspecified addresses ``0.0.0.0`` and ``::``."""
    if not host:
        return False
    try:
        return _is_loopback(parse_host(host))
    except InvalidHost:
        return False


# -- the policy ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class UrlPolicy:
    """Decides whether a URL may be opened and whether a host may be contacted.

    Args:
        allow_domains: If not empty, only these hosts (see the module docstring) are allowed.
        deny_domains: These hosts are always refused.
        loopback_only: Only the local machine may be contacted.

    Raises:
        ValueError: A rule is not a host name, IP address or network.
    """

    allow_domains: tuple[str, ...] = ()
    deny_domains: tuple[str, ...] = ()
    loopback_only: bool = False
    _allow: tuple[HostRule, ...] = field(default=(), init=False, repr=False, compare=False)
    _deny: tuple[HostRule, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        allow = _rules(self.allow_domains)
        deny = _rules(self.deny_domains)
        object.__setattr__(self, "_allow", allow)
        object.__setattr__(self, "_deny", deny)
        object.__setattr__(self, "allow_domains", tuple(dict.fromkeys(r.text for r in allow)))
        object.__setattr__(self, "deny_domains", tuple(dict.fromkeys(r.text for r in deny)))

    @property
    def active(self) -> bool:
        """Whether any host is refused at all."""
        return bool(self.loopback_only or self._allow or self._deny)

    def refusal(self, host: str | IPAddress) -> str | None:
        """Why ``host`` (text or parsed) may not be contacted, or ``None`` if it may."""
        try:
            parsed = parse_host(host) if isinstance(host, str) else host
        except InvalidHost as exc:
            return f"invalid host: {exc}"
        shown = str(parsed)
        if any(r.matches_any(_identities(parsed)) for r in self._deny):
            return f"{shown} is on the deny list"
        if self.loopback_only and not _is_loopback(parsed):
            return f"{shown} is not this machine (only loopback hosts are allowed)"
        if self._allow and not any(r.matches(parsed) for r in self._allow):
            return f"{shown} is not on the allow list ({', '.join(self.allow_domains)})"
        return None

    def address_refusal(self, address: str | IPAddress) -> str | None:
        """Why a resolved address may not be connected to (deny rules and loopback_only only)."""
        try:
            addr = ipaddress.ip_address(address) if isinstance(address, str) else address
        except ValueError:
            return f"invalid address {address!r}"
        if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped:
            addr = addr.ipv4_mapped
        if any(r.matches_any(_identities(addr)) for r in self._deny):
            return f"it resolves to {addr}, which is on the deny list"
        if self.loopback_only and not _is_loopback(addr):
            return f"it resolves to {addr}, which is not this machine"
        return None

    def check(self, url: object) -> str:
        """Return ``url`` normalised (scheme and host canonical, fragment kept) if it may be opened.

        Raises:
            BlockedURL: The URL is malformed, uses another scheme (``file:``, ``javascript:``,
                ``data:``, ``chrome:``...), or its host is not allowed.
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
        raw_host = _raw_host(parts.netloc)
        if not raw_host:
            raise BlockedURL(f"URL {url[:200]!r} has no host name.")
        try:
            host = parse_host(raw_host)
        except InvalidHost:
            raise BlockedURL(f"URL {url[:200]!r} has an invalid host name {raw_host[:100]!r}.") from None
        if parts.username or parts.password:
            raise BlockedURL(
                "URLs with a user name or password in them are refused; log in on the page instead."
            )
        reason = self.refusal(host)
        if reason is not None:
            raise BlockedURL(f"The host {reason}; choose a page on another site.")
        shown = f"[{host}]" if isinstance(host, ipaddress.IPv6Address) else str(host)
        netloc = shown if port is None else f"{shown}:{port}"
        return urlunsplit((scheme, netloc, parts.path or "/", parts.query, parts.fragment))

    def allows_request(self, url: str) -> bool:
        """Whether a request from inside a page (sub-resource, fetch, WebSocket...) may go out.

        ``data:``, ``blob:`` and ``about:`` stay inside the browser and pass; any other scheme
        without a host (``file:``, ``chrome:``, ``filesystem:``...) is refused.
        """
        return self.request_refusal(url) is None

    def request_refusal(self, url: str) -> str | None:
        """Why a request to ``url`` is refused, or ``None``."""
        try:
            parts = urlsplit(url)
        except ValueError:
            return "malformed URL"
        scheme = parts.scheme.lower()
        if scheme in LOCAL_SCHEMES:
            return None
        if scheme not in REQUEST_SCHEMES:
            return f"the scheme {scheme!r} is not allowed"
        raw = _raw_host(parts.netloc)
        if not raw:
            return "no host"
        return self.refusal(raw)


def _raw_host(netloc: str) -> str:
    """The host part of a netloc as written (brackets kept for IPv6), without user info and port."""
    rest = netloc.rpartition("@")[2]
    if rest.startswith("["):
        end = rest.find("]")
        return rest[: end + 1] if end != -1 else rest
    return rest.partition(":")[0]
