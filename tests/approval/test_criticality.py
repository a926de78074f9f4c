"""The classifier of critical actions, on plain data (issue 20, finding 4)."""

from __future__ import annotations

import pytest

from waypost.approval import (
    ApprovalGate,
    ApprovalRequest,
    ElementInfo,
    FormInfo,
    Verdict,
    classify_element,
    classify_url,
    current_gate,
    using_gate,
)


@pytest.mark.parametrize(
    "url",
    [
        "https://x.org/do-delete",
        "https://x.org/account/deleteAccount",
        "https://x.org/account/delete_account",
        "https://x.org/ACCOUNT/DeleteAccount/",
        "https://x.org/account/%64elete",
        "https://x.org/account/%2564elete",
        "https://x.org/api?action=delete&id=3",
        "https://x.org/deleteaccount",
        "https://x.org/cart/checkout",
        "https://x.org/pay",
        "https://x.org/konto/loeschen",
        "https://x.org/newsletter/unsubscribe?u=1",
    ],
)
def test_urls_that_delete_pay_or_check_out(url: str) -> None:
    assert classify_url(url) is not None


@pytest.mark.parametrize(
    "url",
    [
        "https://x.org/",
        "https://x.org/politik/",
        "https://x.org/news/how-to-delete-your-old-social-media-accounts",
        "https://x.org/films/deleted-scenes",
        "https://x.org/payroll-news",
        "https://x.org/search?q=removal+firms",
    ],
)
def test_urls_that_only_talk_about_it(url: str) -> None:
    assert classify_url(url) is None


def test_an_element_is_judged_by_its_name_not_the_selector() -> None:
    danger = ElementInfo(tag="button", name="Delete account", attrs="danger")
    assert classify_element("click", danger) == Verdict(
        "click button 'Delete account' looks like deleting something", "deleting something"
    )
    buy = ElementInfo(tag="button", name="Buy now for 999 EUR", attrs="primary")
    assert classify_element("click", buy).kind == "a purchase"  # type: ignore[union-attr]
    assert classify_element("click", ElementInfo(tag="button", name="Show more")) is None


def test_attributes_split_into_words() -> None:
    icon = ElementInfo(tag="button", name="", attrs="btnDeleteAccount")
    assert classify_element("click", icon) is not None


def test_a_generic_button_is_judged_by_its_form_and_its_dialog() -> None:
    form = FormInfo(action="https://x.org/account/deleteAccount", method="post")
    go = ElementInfo(tag="button", type="submit", name="Continue", submits=True, form=form)
    assert classify_element("click", go).kind == "deleting something"  # type: ignore[union-attr]
    confirm = ElementInfo(tag="button", name="Confirm", context="Delete this repository?")
    assert classify_element("click", confirm).kind == "deleting something"  # type: ignore[union-attr]
    close = ElementInfo(tag="button", name="Close", context="Delete this repository?")
    assert classify_element("click", close) is None
    pay = ElementInfo(tag="button", name="Confirm 49,99 €")
    assert classify_element("click", pay).kind == "a purchase"  # type: ignore[union-attr]


def test_forms_that_submit_passwords_messages_or_payment_details() -> None:
    login = FormInfo(action="https://x.org/session", method="post", has_password=True)
    button = ElementInfo(tag="button", type="submit", name="Weiter", submits=True, form=login)
    assert classify_element("click", button).kind == "submitting a password"  # type: ignore[union-attr]
    msg = FormInfo(action="https://x.org/api/m", method="post", has_message=True)
    button = ElementInfo(tag="button", type="submit", name="OK", submits=True, form=msg)
    assert classify_element("click", button).kind == "sending a message"  # type: ignore[union-attr]
    search = FormInfo(action="https://x.org/search", method="get")
    field = ElementInfo(tag="input", type="search", name="Search", submits=True, form=search, editable=True)
    assert classify_element("type", field) is None


def test_key_presses_judged_by_the_focused_element() -> None:
    send = ElementInfo(tag="button", type="submit", name="Send")
    assert classify_element("press", send, key="Enter").kind == "sending a message"  # type: ignore[union-attr]
    assert classify_element("press", send, key="Space") is not None
    assert classify_element("press", send, key="Tab") is None
    box = ElementInfo(tag="textarea", name="Message", editable=True)
    assert classify_element("press", box, key="Control+Enter").kind == "sending a message"  # type: ignore[union-attr]
    field = ElementInfo(tag="input", name="City", editable=True, submits=False)
    assert classify_element("press", field, key="Enter") is None
    link = ElementInfo(tag="a", name="Manage", href="https://x.org/account/deleteAccount")
    assert classify_element("press", link, key="Enter") is not None
    assert classify_element("click", link) is not None


async def test_gate_policies() -> None:
    request = ApprovalRequest(
        "click", "css=#x", Verdict("click 'Delete' looks like deleting", "deleting something")
    )
    assert await ApprovalGate("always").decide(request) is None
    assert "deny" in (await ApprovalGate("deny").decide(request) or "")
    assert "deny" in (await ApprovalGate("never").decide(request) or "")  # the old name
    assert "nobody can be asked" in (await ApprovalGate("ask").decide(request) or "")
    assert await ApprovalGate("ask", approver=lambda r: True).decide(request) is None

    async def no(_r: ApprovalRequest) -> bool:
        return False

    assert "did not approve" in (await ApprovalGate("ask", approver=no).decide(request) or "")
    with pytest.raises(ValueError):
        ApprovalGate("sometimes")  # type: ignore[arg-type]
    default = ApprovalGate("never")
    with using_gate(ApprovalGate("always")) as inner:
        assert current_gate(default) is inner
    assert current_gate(default) is default
