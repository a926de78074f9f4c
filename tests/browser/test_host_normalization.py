"""Every spelling of a host is that host (issue 20, finding 3): property-based, with hypothesis.

A spelling generator writes one address or name the ways URLs and browsers accept: IPv4 in 1 to 4
parts, each part decimal, octal or hex with leading zeros and mixed case; IPv4-mapped IPv6 with
dotted or hex tails, compressed or not; names in mixed case, with a trailing dot, fullwidth
letters, percent-escapes or Unicode vs punycode. Denied hosts are denied in every spelling,
allowed ones allowed in every spelling, and other hosts are not caught by accident.
"""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from waypost.browser.url_policy import InvalidHost, UrlPolicy, is_loopback_host, normalize_host
from waypost.errors import BlockedURL

# -- spellings ------------------------------------------------------------------------------------


@st.composite
def ipv4_part(draw: st.DrawFn, value: int) -> str:
    style = draw(st.sampled_from(["dec", "oct", "hex"]))
    if style == "dec" or (style == "oct" and value == 0 and draw(st.booleans())):
        return str(value)
    if style == "oct":
        return "0" * draw(st.integers(1, 3)) + format(value, "o")
    digits = format(value, "x")
    digits = "".join(c.upper() if draw(st.booleans()) else c for c in digits)
    return draw(st.sampled_from(["0x", "0X"])) + "0" * draw(st.integers(0, 2)) + digits


@st.composite
def ipv4_spelling(draw: st.DrawFn, address: str) -> str:
    n = int(ipaddress.IPv4Address(address))
    octets = [(n >> s) & 255 for s in (24, 16, 8, 0)]
    parts_count = draw(st.integers(1, 4))
    head = octets[: parts_count - 1]
    tail = 0
    for o in octets[parts_count - 1 :]:
        tail = tail * 256 + o
    parts = [draw(ipv4_part(v)) for v in [*head, tail]]
    text = ".".join(parts)
    if draw(st.booleans()):
        text += "."
    return text


@st.composite
def mapped_spelling(draw: st.DrawFn, address: str) -> str:
    n = int(ipaddress.IPv4Address(address))
    if draw(st.booleans()):
        tail = address
    else:
        hi, lo = format(n >> 16, "x"), format(n & 0xFFFF, "x")
        if draw(st.booleans()):
            hi, lo = hi.zfill(4), lo.zfill(4)
        tail = f"{hi}:{lo}"
    ffff = draw(st.sampled_from(["ffff", "FFFF", "FfFf"]))
    head = draw(st.sampled_from(["::", "0:0:0:0:0:", "0::", "0000:0000:0000:0000:0000:", "0:0::0:"]))
    return f"[{head}{ffff}:{tail}]"


FULLWIDTH = {chr(c): chr(c - 0x21 + 0xFF01) for c in range(0x21, 0x7F)}


@st.composite
def name_spelling(draw: st.DrawFn, name: str) -> str:
    out = []
    for ch in name:
        way = draw(st.sampled_from(["same", "upper", "fullwidth", "percent"]))
        if way == "upper":
            out.append(ch.upper())
        elif way == "fullwidth" and ch.isalnum() and ch.isascii():
            out.append(FULLWIDTH[ch])
        elif way == "percent" and ch.isascii() and ch.isalnum():
            out.append(f"%{ord(ch):02X}")
        else:
            out.append(ch)
    text = "".join(out)
    if draw(st.booleans()):
        text += draw(st.sampled_from([".", "。", "．"]))
    return text


def spellings(host: str) -> st.SearchStrategy[str]:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return name_spelling(host)
    if ip.version == 4:
        return st.one_of(ipv4_spelling(host), mapped_spelling(host))
    return st.just(f"[{host}]")


HOSTS = [
    "127.0.0.1",
    "10.0.0.1",
    "192.168.1.20",
    "8.8.8.8",
    "0.0.0.0",
    "localhost",
    "evil.example",
    "intra.corp",
]
OTHERS = ["127.0.0.2", "10.0.0.2", "8.8.4.4", "good.example", "example", "evil.example.org"]


@pytest.mark.parametrize("host", HOSTS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_spelling_normalizes_to_the_host(host: str, data: st.DataObject) -> None:
    spelled = data.draw(spellings(host))
    assert normalize_host(spelled) == host


@pytest.mark.parametrize("host", HOSTS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_spelling_of_a_denied_host_is_denied(host: str, data: st.DataObject) -> None:
    rule = data.draw(spellings(host))  # the rule may be written any way too
    spelled = data.draw(spellings(host))
    policy = UrlPolicy(deny_domains=(rule,))
    assert policy.refusal(spelled) is not None
    with pytest.raises(BlockedURL, match="deny list"):
        policy.check(f"http://{spelled}:8080/path")
    assert not policy.allows_request(f"https://{spelled}/x.js")
    assert not policy.allows_request(f"wss://{spelled}/socket")
    sub = data.draw(st.sampled_from(["a.", "WWW.", "x.y."]))
    if not host.replace(".", "").isdigit():
        assert policy.refusal(sub + spelled) is not None  # subdomains of a denied name


@pytest.mark.parametrize("host", HOSTS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_spelling_of_an_allowed_host_is_allowed(host: str, data: st.DataObject) -> None:
    rule = data.draw(spellings(host))
    spelled = data.draw(spellings(host))
    policy = UrlPolicy(allow_domains=(rule,))
    assert policy.refusal(spelled) is None
    assert policy.check(f"http://{spelled}/").startswith("http://")
    assert policy.allows_request(f"ws://{spelled}:81/")
    other = data.draw(st.sampled_from([o for o in OTHERS if not _same_machine(o, host)]))
    assert policy.refusal(data.draw(spellings(other))) is not None


def _same_machine(a: str, b: str) -> bool:
    return is_loopback_host(a) and is_loopback_host(b)


@settings(max_examples=200, deadline=None)
@given(address=st.ip_addresses(v=4), data=st.data())
def test_any_ipv4_address_in_any_spelling(address: ipaddress.IPv4Address, data: st.DataObject) -> None:
    spelled = data.draw(st.one_of(ipv4_spelling(str(address)), mapped_spelling(str(address))))
    assert normalize_host(spelled) == str(address)
    assert UrlPolicy(deny_domains=(str(address),)).refusal(spelled) is not None
    assert UrlPolicy(deny_domains=(f"{address}/32",)).refusal(spelled) is not None


@settings(max_examples=200, deadline=None)
@given(address=st.ip_addresses(v=6))
def test_ipv6_compression_does_not_matter(address: ipaddress.IPv6Address) -> None:
    long_form = f"[{address.exploded.upper()}]"
    expected = str(address.ipv4_mapped or address)
    assert normalize_host(long_form) == expected
    assert UrlPolicy(deny_domains=(str(address),)).refusal(long_form) is not None


@pytest.mark.parametrize(
    "spelled",
    ["localhost.", "LOCALHOST", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "2130706433", "0x7f.1", "127.1",
     "017700000001", "[::1]", "app.localhost.", "0.0.0.0", "[::]", "[64:ff9b::7f00:1]"],
)  # fmt: skip
def test_loopback_only_and_a_localhost_rule_agree_on_every_loopback_spelling(spelled: str) -> None:
    assert UrlPolicy(loopback_only=True).refusal(spelled) is None or spelled == "[64:ff9b::7f00:1]"
    assert UrlPolicy(deny_domains=("localhost",)).refusal(spelled) is not None
    assert UrlPolicy(deny_domains=("127.0.0.0/8", "::1")).refusal(spelled) is not None


def test_idna_rules_match_unicode_and_punycode() -> None:
    policy = UrlPolicy(deny_domains=("münchen.de",))
    assert policy.deny_domains == ("xn--mnchen-3ya.de",)
    for spelled in ("MÜNCHEN.de.", "xn--mnchen-3ya.DE", "www.münchen.de", "ｍüｎｃｈｅｎ.de"):
        assert policy.refusal(spelled) is not None, spelled
    assert policy.refusal("muenchen.de") is None


@pytest.mark.parametrize("bad", ["1.2.3.4.5", "0x1g.1", "09.1.1.1", "256.256.256.256", "4294967296", "a..b"])
def test_hosts_that_are_not_hosts_are_refused(bad: str) -> None:
    with pytest.raises(InvalidHost):
        normalize_host(bad)
    with pytest.raises(BlockedURL):
        UrlPolicy().check(f"http://{bad}/")
    assert not UrlPolicy(deny_domains=("x.org",)).allows_request(f"http://{bad}/")
