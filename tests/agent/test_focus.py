"""The focus tracker: one-liners, the last five, placed before the latest user message."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from waypost.agent.focus import FOCUS_NAME, describe_action, inject, push, render

VIEW = "You are on: Politik – Waypost Nachrichten (http://127.0.0.1:8000/politik/)\nText"


def test_one_liners() -> None:
    assert (
        describe_action("research_navigate", {"target": "/politik/"}, VIEW, True)
        == "→ opened /politik/ (Politik)"
    )
    assert (
        describe_action("research_navigate", {"target": "http://127.0.0.1:8000/politik/"}, VIEW, True)
        == "→ opened 127.0.0.1:8000/politik/ (Politik)"
    )
    assert describe_action("research_navigate", {"target": "back"}, VIEW, True).startswith("← went back to")
    guard = "Error: you are already on Politik (/politik/); it was not loaded again."
    assert describe_action("research_navigate", {"target": "/politik/"}, guard, True) == (
        "↺ already on /politik/ (not reloaded)"
    )
    assert (
        describe_action("click", {"target": "Anmelden"}, 'Clicked button "Anmelden".', True)
        == "✓ clicked 'Anmelden'"
    )
    assert (
        describe_action("type", {"target": "Passwort", "text": "geheim", "submit": True}, "Typed.", True)
        == "✓ typed '•••' into 'Passwort' and pressed Enter"
    )
    assert (
        describe_action("type", {"target": "Suche", "text": "Wetter"}, "Typed.", True)
        == "✓ typed 'Wetter' into 'Suche'"
    )
    failed = describe_action(
        "click",
        {"target": "Kaufen"},
        'Nothing on this page matches "Kaufen"; nothing was done. Try other words.',
        False,
    )
    assert failed == "✗ click 'Kaufen': Nothing on this page matches \"Kaufen\""
    assert describe_action(
        "research_navigate", {"target": "/x"}, "Error: Could not open /x: HTTP 404.", False
    ).startswith("✗ could not open /x: Could not open /x: HTTP 404")
    obs = describe_action("observe", {"query": "search"}, "[a] x p=0.9 — #a\n[b] y p=0.2 — #b", True)
    assert obs == "👁 looked for 'search' (2 candidates)"
    assert (
        describe_action("think", {"thought": "first the menu"}, "Noted.", True) == "… thought: first the menu"
    )


def test_push_keeps_the_last_five_and_render() -> None:
    entries: list[str] = []
    for i in range(7):
        entries = push(entries, f"a{i}")
    assert entries == ["a2", "a3", "a4", "a5", "a6"]
    assert render([]) is None
    assert render(entries) == "Your last actions (oldest first):\na2\na3\na4\na5\na6"


def test_inject_places_the_block_right_before_the_latest_user_message() -> None:
    msgs = [
        SystemMessage("sys"),
        HumanMessage("task", name="task"),
        AIMessage("", tool_calls=[{"name": "t", "args": {}, "id": "1"}]),
        ToolMessage("r", tool_call_id="1", name="t"),
        HumanMessage("Loop warning", name="intervention"),
        AIMessage("thinking"),
    ]
    out = inject(msgs, ["→ opened /a (A)"])
    assert [getattr(m, "name", None) for m in out][4:6] == [FOCUS_NAME, "intervention"]
    assert len(out) == len(msgs) + 1 and msgs[4].name == "intervention"
    # An old focus block is replaced, not stacked; no entries, no block.
    again = inject(out, ["→ opened /b (B)"])
    assert sum(getattr(m, "name", None) == FOCUS_NAME for m in again) == 1
    assert inject(msgs, []) == msgs
    assert inject([SystemMessage("s")], ["x"])[-1].name == FOCUS_NAME
