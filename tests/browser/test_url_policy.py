from __future__ import annotations

import pytest

from waypost.browser.url_policy import UrlPolicy, add_scheme, is_loopback_host
from waypost.errors import BlockedURL

REFUSED = [
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "chrome://settings",
    "chrome-extension://abc/x.html",
    "view-source:http://x.org",
    "ftp://x.org/",
    "about:config",
    "",
    "   ",
    "http://",
    "https:///path",
    "http://exa mple.org/\n",
    "http://user:pw@example.org/",
    "http://example.org:99999/",
    "blob:http://x/abc",
    "ws://example.org/",
    None,
]


@pytest.mark.parametrize("url", REFUSED)
def test_refused_urls_raise_blocked_url(url: object) -> None:
    with pytest.raises(BlockedURL):
        UrlPolicy().check(url)


def test_http_https_and_about_blank_pass_normalised() -> None:
    policy = UrlPolicy()
    assert policy.check("HTTPS://Example.ORG") == "https://example.org/"
    assert policy.check("http://127.0.0.1:8080/a?b=1#c") == "http://127.0.0.1:8080/a?b=1#c"
    assert policy.check("about:blank") == "about:blank"


def test_allow_and_deny_lists_cover_subdomains() -> None:
    policy = UrlPolicy(allow_domains=("example.org",), deny_domains=("bad.example.org",))
    assert policy.check("https://news.example.org/x")
    with pytest.raises(BlockedURL, match="deny list"):
        policy.check("https://bad.example.org/")
    with pytest.raises(BlockedURL, match="allow list"):
        policy.check("https://example.com/")
    assert not policy.allows_request("https://x.bad.example.org/img.png")
    assert policy.allows_request("data:image/png;base64,AAAA")


def test_loopback_detection() -> None:
    assert is_loopback_host("127.0.0.1") and is_loopback_host("127.4.5.6") and is_loopback_host("[::1]")
    assert is_loopback_host("localhost")
    assert (
        not is_loopback_host("10.0.0.1")
        and not is_loopback_host("example.org")
        and not is_loopback_host(None)
    )


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("127.0.0.1:8765/", "http://127.0.0.1:8765/"),
        ("localhost:3000/app", "http://localhost:3000/app"),
        ("[::1]:8080/x", "http://[::1]:8080/x"),
        ("example.org/x", "https://example.org/x"),
        ("www.example.com?q=1", "https://www.example.com?q=1"),
        ("index.html", None),  # a relative link, not a host
        ("politik/", None),
        ("/politik/", None),
        ("Hansekiel", None),
    ],
)
def test_a_host_looking_target_gets_the_scheme_people_expect(target: str, expected: str | None) -> None:
    assert add_scheme(target) == expected
