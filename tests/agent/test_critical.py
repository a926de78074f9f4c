"""Critical actions: what is held for approval, and how replies are read."""

from __future__ import annotations

import pytest

from waypost.agent.critical import check, describe_call, parse_reply, password_pending


@pytest.mark.parametrize(
    ("tool", "args", "kind"),
    [
        ("click", {"target": "Jetzt kaufen"}, "a purchase"),
        ("click", {"target": "Zahlungspflichtig bestellen"}, "a purchase"),
        ("click", {"target": "Place order"}, "a purchase"),
        ("click", {"target": "Zur Kasse"}, "a purchase"),
        ("click", {"target": "Pay now"}, "a payment"),
        ("type", {"target": "Kreditkartennummer", "text": "4111"}, "a payment"),
        ("type", {"target": "Kreditkarte", "text": "4111"}, "a payment"),
        ("click", {"target": "Konto löschen"}, "deleting something"),
        ("click", {"target": "Delete account"}, "deleting something"),
        ("click", {"target": "Nachricht senden"}, "sending a message"),
        ("click", {"target": "Absenden"}, "sending a message"),
        ("type", {"target": "Nachricht", "text": "Hallo", "submit": True}, "sending a message"),
        ("type", {"target": "Passwort", "text": "demo", "submit": True}, "submitting a password"),
        ("research_navigate", {"target": "/checkout"}, "a purchase"),
    ],
)
def test_critical_actions(tool: str, args: dict, kind: str | None) -> None:
    verdict = check(tool, args, read_only=tool == "research_navigate")
    assert (verdict.kind if verdict else None) == kind


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("click", {"target": "Politik"}),
        ("click", {"target": "Krankenkasse vergleichen"}),
        ("click", {"target": "Zahlen und Fakten"}),
        (
            "type",
            {"target": "Suche", "text": "bitte löschen Sie alles", "submit": True},
        ),  # typed text is data
        ("type", {"target": "Passwort", "text": "demo"}),  # typing alone submits nothing
        ("research_navigate", {"target": "/politik/"}),
        ("extract", {"query": "delete button"}),
        ("think", {"thought": "I will buy it"}),
    ],
)
def test_harmless_actions(tool: str, args: dict) -> None:
    read_only = tool in ("research_navigate", "extract")
    assert check(tool, args, read_only=read_only) is None


def test_password_then_submit_is_critical() -> None:
    trail = [{"tool": "type", "args": {"target": "Passwort", "text": "demo"}, "ok": True}]
    assert password_pending(trail)
    verdict = check("click", {"target": "Anmelden"}, password_typed=password_pending(trail))
    assert verdict is not None and verdict.kind == "submitting a password"
    assert check("press", {"key": "Enter"}, password_typed=True) is not None
    assert check("click", {"target": "Anmelden"}, password_typed=False) is None
    done = [*trail, {"tool": "click", "args": {"target": "Anmelden"}, "ok": True}]
    assert not password_pending(done)
    moved = [*trail, {"tool": "research_navigate", "args": {"target": "/"}, "ok": True}]
    assert not password_pending(moved)


def test_user_patterns() -> None:
    verdict = check("click", {"target": "Newsletter abonnieren"}, patterns=["newsletter"])
    assert verdict is not None and verdict.kind == "a pattern you listed"
    assert (
        check("research_navigate", {"target": "/konto"}, read_only=True, patterns=[r"/konto\b"]) is not None
    )
    assert check("click", {"target": "x"}, patterns=["(unbalanced"]) is None  # invalid regex: plain text
    assert check("click", {"target": "(unbalanced"}, patterns=["(unbalanced"]) is not None


def test_describe_call_hides_passwords() -> None:
    assert describe_call("type", {"target": "Passwort", "text": "geheim", "submit": True}) == (
        "type '•••' into 'Passwort' and press Enter"
    )
    assert describe_call("click", {"target": "Kaufen", "session_id": "x"}) == "click 'Kaufen'"
    assert describe_call("press", {"key": "Enter"}) == 'press {"key": "Enter"}'


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("yes", ("approve", None)),
        ("Ja", ("approve", None)),
        (True, ("approve", None)),
        ({"approve": True}, ("approve", None)),
        ("no", ("deny", None)),
        ("", ("deny", None)),
        (None, ("deny", None)),
        (False, ("deny", None)),
        ("buy the cheaper one", ("edit", "buy the cheaper one")),
        ({"instruction": "stop at the cart"}, ("edit", "stop at the cart")),
    ],
)
def test_parse_reply(reply: object, expected: tuple) -> None:
    assert parse_reply(reply) == expected
