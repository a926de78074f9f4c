"""One query for a whole form, a pack kept for the next step on the same page, the rag view's excerpt."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.prompts import unfence
from waypost.api import run_task
from waypost.planning import PlanningSession, QuerySpec
from waypost.planning.evidence import EvidenceItem
from waypost.planning.evidence_tools import MAIN_LINKS, compact_view, pack_items
from waypost.planning.rules import assign

FORM = """<!doctype html><title>Contact</title><main><form onsubmit="return false">
<h2>Kontakt</h2>
<label>Name <input id="name"></label>
<label>E-Mail-Adresse <input id="email" type="email"></label>
<label>Thema <select id="topic"><option>Abo</option><option>Leserbrief</option></select></label>
<label><input id="privacy" type="checkbox"> Ich habe die Datenschutzerklärung gelesen</label>
<button type="button" onclick="document.title = 'sent'">Nachricht senden</button>
</form><a href="/privacy">Datenschutzerklärung</a></main>"""


def item(number: int, role: str, label: str) -> EvidenceItem:
    return EvidenceItem(number, label, role, "", "", (), 0.0)


def test_assign_should_give_each_field_its_own_item_across_languages() -> None:
    items = [
        item(1, "textbox", "Name *"),
        item(2, "textbox", "E-Mail-Adresse *"),
        item(3, "link", "Datenschutzerklärung"),
        item(4, "combobox", "Thema *"),
        item(5, "checkbox", "Ich habe die Datenschutzerklärung gelesen."),
        item(6, "button", "Nachricht senden"),
    ]
    wanted = [("name", "type"), ("email", "type"), ("topic", "select"), ("privacy policy", "check")]
    chosen = assign([*wanted, ("send submit", "click")], items)
    # The privacy *link* does not fit a check; the send button is matched through its concept word.
    assert [c.number if c else None for c in chosen] == [1, 2, 4, 5, 6]
    # A field nothing in the pack names stays open (it gets a query of its own), and no item is used twice.
    assert assign([("phone", "type"), ("name", "type"), ("full name", "type")], items[:1]) == [
        None,
        items[0],
        None,
    ]


@pytest.mark.asyncio(loop_scope="session")
async def test_a_finished_steps_pack_should_serve_the_next_step_on_the_same_page(
    page: Page, planning: PlanningSession
) -> None:
    await page.set_content(FORM)
    pack = await planning.query(page, QuerySpec(intent="type", keywords=["name", "email"]))
    by_label = {i.label.rstrip(" *"): i.number for i in pack.items}
    assert (await planning.act(page, by_label["Name"], "type", "Bob")).ok
    assert planning.step is None and planning.last_pack is pack  # the step ended; its pack is kept
    done = await planning.act(page, by_label["E-Mail-Adresse"], "type", "bob@example.org")
    assert done.ok, done.message
    assert await page.input_value("#email") == "bob@example.org"
    assert [r.rounds for r in planning.records] == [1, 1]  # no second query
    # Another page: the old pack is no longer valid evidence.
    await page.goto("data:text/html,<p>Another page</p>")
    refused = await planning.act(page, by_label["Name"], "type", "Ada")
    assert not refused.ok and "find_evidence first" in refused.message


def test_the_rag_view_should_list_only_a_short_link_excerpt() -> None:
    main = [(f"Article number {i}", f"/a/{i}.html") for i in range(MAIN_LINKS)]
    view = compact_view(
        "News", "http://x.test/", "Loaded.", matching=[("Login", "/login")], hint="login", main=main,
        main_total=40,
    )  # fmt: skip
    lines = view.splitlines()
    assert lines[:4] == [
        "You are on: News (http://x.test/)",
        "Loaded.",
        'Matching "login":',
        "For Login: /login",
    ]
    assert lines[4] == "Main content:" and lines[5] == "For Article number 0: /a/0.html"
    assert f"first {MAIN_LINKS} of 40 main links" in lines[-1] and "find_evidence" in lines[-1]


async def test_the_offline_planner_in_rag_mode_fills_a_form_from_one_query(wp, demo_site) -> None:
    result = await run_task(
        wp,
        "fill the contact form with name Bob, email bob@example.org, topic Leserbrief, message Hallo, "
        "accept the privacy policy and send it",
        start_url=demo_site.url + "/kontakt",
        planner_mode="rag",
        approve="always",
    )
    assert result.success and "Vorgangsnummer" in result.answer, result.answer
    tools = [a["tool"] for a in result.actions]
    # One query for the five fields and the send button, then one action each (no loop warning).
    assert tools.count("find_evidence") == 1 and tools.count("act_on_evidence") >= 6
    assert result.stop_reason != "loop"


async def test_a_scripted_model_reads_the_nth_item_from_the_rag_views_excerpt(wp, demo_site) -> None:
    model = ScriptedChatModel([call("research_navigate", target=demo_site.url + "/english/"), answer("done")])
    result = await run_task(wp, "Name the second article", model=model, planner_mode="rag", max_steps=4)
    view = unfence(next(t["content"] for t in result.transcript if t.get("name") == "research_navigate"))
    links = [line for line in view.splitlines() if line.startswith("For ")]
    assert "Main content:" in view and 2 <= len(links) <= MAIN_LINKS
    assert all("/english/" in line for line in links[:2])
    assert not pack_items(view)  # no evidence numbers: acting still goes through find_evidence


def test_the_evidence_tools_schemas_should_be_lean_and_still_enumerate_the_pack() -> None:
    import json

    from waypost.agent.context import count_text_tokens
    from waypost.planning.evidence_tools import lean_schema
    from waypost.planning.spec import QuerySpec

    find = lean_schema("find_evidence")["function"]["parameters"]
    assert set(find["properties"]) == set(QuerySpec.model_fields) and find["required"] == [
        "intent",
        "keywords",
    ]
    act = lean_schema("act_on_evidence", ["1", "4"])["function"]["parameters"]["properties"]
    assert act["evidence"] == {"enum": ["1", "4"]}
    # Bound on every turn of a rag run: together well under the pydantic-derived 570 tokens.
    both = [lean_schema("find_evidence"), lean_schema("act_on_evidence", ["1", "4"])]
    assert count_text_tokens(json.dumps(both, separators=(",", ":"))) < 300
