"""Acting through the public API and the model-facing tools, on the demo site in real Chromium."""

from __future__ import annotations

from waypost.api import Waypost


async def test_a_covered_field_is_not_typed_into_until_the_banner_is_gone(wp: Waypost, demo_site) -> None:
    await wp.navigate(demo_site.url + "/login")
    blocked = await wp.act("type demo into the username field")
    assert not blocked.ok and blocked.steps[0].status == "not_actionable"
    assert "dismiss_overlays" in blocked.text

    await wp.act("click Akzeptieren")
    login = (
        "type demo into the username field and type demo into the password field "
        "and click the Anmelden button"
    )
    refused = await wp.act(login)  # submitting a password is critical: nobody can be asked here
    assert refused.steps[-1].status == "refused" and "password" in refused.text
    wp.approval.policy = "always"
    report = await wp.act(login)
    assert report.ok, report.text
    assert [step.action for step in report.steps] == ["type", "type", "click"]
    assert report.steps[-1].change is not None
    page = await wp.navigate(demo_site.url + "/konto")
    assert "Angemeldet als demo" in page.text


async def test_tools_dismiss_the_cookie_banner_observe_and_search(wp: Waypost, demo_site) -> None:
    tools = wp.tools()
    assert {
        "click",
        "type",
        "select",
        "check",
        "press",
        "scroll",
        "dismiss_overlays",
        "observe",
        "extract",
    } <= set(tools)
    await tools["research_navigate"](target=demo_site.url + "/")
    text = await tools["dismiss_overlays"]()
    assert not text.startswith("Error"), text
    seen = await tools["observe"](query="search field")
    assert "such" in seen.lower() or "search" in seen.lower()
    typed = await tools["type"](target="search field", text="Wahlrecht", submit=True)
    assert not typed.startswith("Error"), typed
    async with wp.pool.session() as session:
        assert "/suche?q=Wahlrecht" in session.page.url
