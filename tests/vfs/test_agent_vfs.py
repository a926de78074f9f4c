"""The file system inside agent runs: tools, system files, checkpoints, resume (scripted model)."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import BaseMessage, ToolMessage

from tests.agent.fakes import BASE, FakeSite
from tests.agent.scripted import ScriptedChatModel, answer, call
from waypost.agent.context import AgentContext, PauseSwitch
from waypost.agent.prompts import unfence
from waypost.agent.tool_slots import CATEGORIES
from waypost.agent.tools import ToolBox
from waypost.api import resume_task, run_task, stream_task
from waypost.vfs import VirtualFS
from waypost.vfs.agent import FilesExtension, checkpointed
from waypost.vfs.tools import TOOL_NAMES


def answer_with_last_result(prompt: list[BaseMessage]):
    last = next(m for m in reversed(prompt) if isinstance(m, ToolMessage))
    return answer(unfence(last.content))


async def test_a_run_writes_notes_that_the_checkpoint_keeps(tmp_path: Path) -> None:
    checkpoints = tmp_path / "cp.db"
    model = ScriptedChatModel(
        [
            call("vfs_write", path="/notes/found.md", content="Koalition einigt sich\n"),
            call("vfs_ls", path="/notes"),
            answer_with_last_result,
        ]
    )
    result = await run_task(
        None,
        "Keep notes of the politics page",
        model=model,
        tools=FakeSite().tools(),
        checkpoint_path=checkpoints,
    )
    assert result.success and result.answer == "found.md  (markdown, 1 lines)"
    assert [a["line"].startswith("→") or a["tool"] for a in result.actions] == ["vfs_write", "vfs_ls"]
    fs = await checkpointed(result.thread_id, checkpoints)
    assert fs is not None and fs.read_text("/notes/found.md") == "Koalition einigt sich\n"
    assert await checkpointed("no-such-thread", checkpoints) is None


async def test_the_file_tools_have_a_category_and_errors_reach_the_model(tmp_path: Path) -> None:
    assert {CATEGORIES[name] for name in TOOL_NAMES} == {"notes"}
    model = ScriptedChatModel(
        [
            call("list_tools", category="notes"),
            call("vfs_write", path="../../etc/passwd", content="x"),
            call("vfs_write", path="/system_context", content="x"),
            answer("done"),
        ]
    )
    result = await run_task(
        None, "Take notes", model=model, tools=FakeSite().tools(), checkpoint_path=tmp_path / "cp.db"
    )
    listing, escape, system = (
        t["content"] for t in result.transcript if t.get("name") in ("list_tools", "vfs_write")
    )
    assert (
        "notes:" in listing
        and "- vfs_write (not loaded): Write a whole file of your notes (findings" in listing
    )
    assert "Error: The path '../../etc/passwd' is refused: '..' may not be used" in escape
    assert "read-only system file" in system
    assert [a["ok"] for a in result.actions] == [True, False, False]


async def test_system_context_shows_the_run(tmp_path: Path) -> None:
    model = ScriptedChatModel(
        [
            call("research_navigate", target=BASE + "/"),
            call("vfs_read", path="/system_context"),
            call("vfs_read", path="/active_rules"),
            answer("ok"),
        ]
    )
    result = await run_task(
        None,
        "Find the politics headline",
        model=model,
        tools=FakeSite().tools(),
        checkpoint_path=tmp_path / "cp.db",
        session_id="research",
    )
    context, rules = (t["content"] for t in result.transcript if t.get("name") == "vfs_read")
    assert "task: Find the politics headline" in context and "step: 2 of 30" in context
    assert "browser session: research" in context and f"current page: {BASE}/" in context
    assert "no active rules" in rules


async def test_resume_restores_the_files_written_before_the_pause(tmp_path: Path) -> None:
    checkpoints = tmp_path / "cp.db"
    first = ScriptedChatModel(
        [call("vfs_write", path="/notes/plan.md", content="1. Politik\n2. Sport\n"), answer("never reached")]
    )
    switch = PauseSwitch()
    events = []
    async for event in stream_task(
        None, "Plan the research", model=first, tools=FakeSite().tools(), checkpoint_path=checkpoints,
        thread_id="r1", pause=switch,
    ):  # fmt: skip
        events.append(event)
        if event["type"] == "tool_start":
            switch.request()
    assert events[-1]["result"].stop_reason == "paused"
    # A new process: a fresh model, a fresh run context, only the checkpoint file in common.
    second = ScriptedChatModel([call("vfs_read", path="/notes/plan.md"), answer_with_last_result])
    done = await resume_task(None, "r1", model=second, tools=FakeSite().tools(), checkpoint_path=checkpoints)
    assert done.success
    assert done.answer == "/notes/plan.md (markdown, lines 1-2 of 2):\n   1| 1. Politik\n   2| 2. Sport"


async def test_notes_carry_over_to_the_next_task_of_a_thread(tmp_path: Path) -> None:
    checkpoints = tmp_path / "cp.db"
    model = ScriptedChatModel([call("vfs_write", path="/notes/a.md", content="kept\n"), answer("saved")])
    await run_task(
        None, "Save a note", model=model, tools=FakeSite().tools(), checkpoint_path=checkpoints, thread_id="t"
    )
    model.push(call("vfs_read", path="/notes/a.md"), answer_with_last_result)
    again = await run_task(
        None,
        "Read the note",
        model=model,
        tools=FakeSite().tools(),
        checkpoint_path=checkpoints,
        thread_id="t",
    )
    assert again.answer.endswith("1| kept")


async def test_a_given_file_system_is_used_and_kept(tmp_path: Path) -> None:
    fs = VirtualFS()
    fs.write("/brief.md", "Look for the budget.\n")
    model = ScriptedChatModel(
        [call("vfs_edit", path="/brief.md", old_text="budget", new_text="Haushalt"), answer("ok")]
    )
    await run_task(
        None,
        "Edit the brief",
        model=model,
        tools=FakeSite().tools(),
        checkpoint_path=tmp_path / "cp.db",
        vfs=fs,
    )
    assert fs.read_text("/brief.md") == "Look for the Haushalt.\n"


def test_active_rules_and_context_come_from_the_state() -> None:
    ctx = AgentContext(model=None, toolbox=ToolBox.of([], session_id="s1"))  # type: ignore[arg-type]
    files = FilesExtension()
    files.equip(ctx)
    fs = files.fs
    assert {"vfs_read", "vfs_grep"} <= set(ctx.toolbox.names) and ctx.toolbox.read_only["vfs_write"]
    files.before_tools(
        ctx, {"task": "t", "step": 2, "active_rules": ["login-first: log in before searching"]}
    )
    assert fs.read_text("/active_rules") == "1. login-first: log in before searching\n"
    assert "browser session: s1" in fs.read_text("/system_context")
    files.before_tools(ctx, {"task": "t"})
    assert fs.read_text("/active_rules") == "no active rules\n"
    assert files.state_update(ctx, {}) == {}  # nothing written yet
    fs.write("/a.md", "x")
    update = files.state_update(ctx, {})
    assert update["vfs"]["files"]["/a.md"]["content"] == "x"
    assert files.state_update(ctx, update) == {}  # the stored snapshot is current
