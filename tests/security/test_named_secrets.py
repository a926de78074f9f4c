"""Named secrets (issue 23): the model sees ``<secret:NAME>``; the value is typed only on the domains
it is bound to and occurs in no file a run writes (data dir, trace, screenshots, HAR, transcript)."""

from __future__ import annotations

import json
import logging
import zipfile
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from typer.testing import CliRunner

from tests.conftest import make_settings
from waypost.cli import app
from waypost.config import Secret, SecretStore, Settings
from waypost.config.secrets import SecretRefused, spellings

# Spaces, '&', '/' and '!' make the URL-encoded form differ from the value.
PASSWORD = "Kx9 q&Pw/l0gin!"


def forms(value: str) -> list[bytes]:
    return [f.encode() for f in {value, quote_plus(value), quote(value, safe=""), json.dumps(value)[1:-1]}]


def leaks(roots: list[Path], value: str) -> list[str]:
    """Files (and zip entries, decompressed) under ``roots`` holding any spelling of ``value``."""
    found: list[str] = []
    needles = forms(value)
    for root in roots:
        files = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()]
        for path in files:
            data = path.read_bytes()
            if any(n in data for n in needles):
                found.append(str(path))
            if zipfile.is_zipfile(path):
                with zipfile.ZipFile(path) as zf:
                    for name in zf.namelist():
                        if any(n in zf.read(name) for n in needles):
                            found.append(f"{path}!{name}")
    return found


# -- the store, without a browser -------------------------------------------------------------------


def test_resolve_types_the_value_only_on_bound_domains() -> None:
    store = SecretStore({"pin": {"value": "4711-0815", "domains": ["bank.example"]}, "any": "open-sesame"})
    assert store.resolve("<secret:pin>", "https://login.bank.example/x") == "4711-0815"
    assert store.resolve("pw <secret:any>!", "http://127.0.0.1:9/") == "pw open-sesame!"
    with pytest.raises(SecretRefused, match=r"only be typed on bank\.example, not on evil\.example"):
        store.resolve("<secret:pin>", "https://evil.example/bank.example")
    with pytest.raises(SecretRefused, match="no secret named 'nope'"):
        store.resolve("<secret:nope>", "https://bank.example/")
    with pytest.raises(SecretRefused):  # a look-alike host is not a subdomain
        store.resolve("<secret:pin>", "https://notbank.example/")


def test_every_spelling_is_masked_and_repr_hides_the_value() -> None:
    store = SecretStore({"pw": PASSWORD})
    for form in spellings(PASSWORD):
        assert store.mask(f"a {form} b") == "a <secret:pw> b"
        assert store.mask_bytes(f"[{form}]".encode()) == b"[<secret:pw>]"
    assert PASSWORD not in repr(store) and PASSWORD not in repr(Secret(PASSWORD))
    assert PASSWORD not in repr(Settings(secrets={"pw": PASSWORD}))
    with pytest.raises(ValueError, match="at least 4"):
        SecretStore({"pw": "abc"})
    with pytest.raises(ValueError, match="not a secret name"):
        SecretStore({"bad name": "abcdef"})


def test_secrets_come_from_waypost_secret_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAYPOST_SECRET_BANK_PIN", "4711-0815")
    monkeypatch.setenv("WAYPOST_SECRET_BANK_PIN__DOMAINS", "bank.example, 127.0.0.1")
    monkeypatch.setenv("WAYPOST_SECRET_OTHER", "open-sesame")
    secrets = Settings().secrets
    assert secrets["bank_pin"].value.get_secret_value() == "4711-0815"
    assert secrets["bank_pin"].domains == ("bank.example", "127.0.0.1")
    assert secrets["other"].domains == ()


def test_log_lines_are_masked(caplog: pytest.LogCaptureFixture) -> None:
    store = SecretStore({"pw": PASSWORD})
    logger = logging.getLogger("waypost.test_secrets")
    caplog.handler.addFilter(store.log_filter())
    with caplog.at_level(logging.INFO, logger="waypost.test_secrets"):
        logger.info("typed %s into %s", PASSWORD, "password")
    assert PASSWORD not in caplog.text and "<secret:pw>" in caplog.text


# -- in Chromium ------------------------------------------------------------------------------------


@pytest.fixture
def login_site(monkeypatch: pytest.MonkeyPatch):
    import waypost.demo.portal as portal
    from waypost.demo.server import DemoSite

    monkeypatch.setattr(portal, "DEMO_PASSWORD", PASSWORD)  # the portal reads it at each login
    with DemoSite() as site:
        yield site


def test_a_run_logs_in_with_a_secret_and_no_file_it_wrote_holds_the_value(tmp_path, login_site) -> None:
    data, out, trace, shots = (
        tmp_path / "data",
        tmp_path / "run.json",
        tmp_path / "run.zip",
        tmp_path / "shots",
    )
    result = CliRunner().invoke(
        app,
        [
            "run", "Log in as demo/<secret:demo_password>", "--start", login_site.url + "/login",
            "--secret", "demo_password@127.0.0.1", "--out", str(out), "--data-dir", str(data),
            "--loopback-only", "--approve", "always", "--trace", str(trace), "--screenshots", str(shots),
        ],
        input=PASSWORD + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert PASSWORD not in result.output
    ran = json.loads(out.read_text())
    assert "/konto" in ran["answer"]  # the login worked: the account page opened
    typed = [a for a in ran["actions"] if a["tool"] == "type" and a["args"]["target"] == "password"]
    assert typed[-1]["args"]["text"] == "<secret:demo_password>" and typed[-1]["ok"]
    # The trace recorded the login form's POST body (scrubbed): the check below is not vacuous.
    with zipfile.ZipFile(trace) as zf:
        network = b"".join(zf.read(n) for n in zf.namelist() if n.endswith(".network"))
    assert b"/login" in network and b"POST" in network
    har = tmp_path / "archive.har"
    assert (
        CliRunner().invoke(app, ["archive", "export", "--har", str(har), "--data-dir", str(data)]).exit_code
        == 0
    )
    assert har.stat().st_size > 0
    assert leaks([data, out, trace, shots, har], PASSWORD) == []


async def test_a_secret_is_refused_on_a_domain_it_is_not_bound_to(tmp_path, login_site) -> None:
    from waypost.api import Waypost

    secrets = {"pw": {"value": PASSWORD, "domains": ["bank.example"]}}
    async with Waypost(make_settings(tmp_path / "data"), secrets=secrets) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=login_site.url + "/login")
        await tools["dismiss_overlays"]()
        answer = await tools["type"](target="password", text="<secret:pw>")
        assert "may only be typed on bank.example, not on 127.0.0.1; nothing was typed" in answer
        async with wp.pool.session("default") as s:
            assert await s.page.locator("#password").input_value() == ""


async def test_a_page_that_echoes_the_value_shows_the_placeholder_everywhere(tmp_path, demo_site) -> None:
    from waypost.api import Waypost

    value = "Zebra Quartz&Kiwi"
    settings = make_settings(tmp_path / "data", secrets={"term": value})
    async with Waypost(settings) as wp:
        tools = wp.tools()
        await tools["research_navigate"](target=demo_site.url + "/suche")
        await tools["dismiss_overlays"]()
        typed = await tools["type"](target="Suchbegriff", text="<secret:term>", submit=True)
        assert "Typed <secret:term>" in typed
        async with wp.pool.session("default") as s:
            assert quote_plus(value) in s.page.url  # the page did get the value
        page = await tools["read_page"]()
        assert value not in page and "<secret:term>" in page
        await wp.archive.flush()
        hits = await wp.archive.search("Quartz")
        assert all(value not in str(h) for h in hits)
    assert leaks([tmp_path / "data"], value) == []


@pytest.mark.parametrize(
    "task",
    [
        "Log in as demo/<secret:demo_password>",
        "Melde dich als demo mit Passwort <secret:demo_password> an",
        "Log in with username demo and password <secret:demo_password>, then open the account page",
    ],
)
def test_the_offline_planner_types_the_placeholder_as_the_password(task: str) -> None:
    from waypost.models.planner.intents import Login, parse_task

    login = parse_task(task).goals[0]
    assert isinstance(login, Login) and (login.user, login.password) == ("demo", "<secret:demo_password>")
