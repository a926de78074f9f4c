"""The skills in a run's prompt and state, and the ``waypost skills`` / ``waypost tools`` commands."""

from __future__ import annotations

import json
from pathlib import Path

from langchain_core.messages import SystemMessage
from typer.testing import CliRunner

from tests.agent.scripted import ScriptedChatModel, answer
from waypost.agent.context import AgentContext
from waypost.agent.graph import compile_graph
from waypost.agent.tools import ToolBox
from waypost.api import default_checkpoint_path
from waypost.cli import app
from waypost.skills import SkillLibrary


async def test_matched_skills_reach_the_system_prompt_and_the_active_rules(wp) -> None:
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    model = ScriptedChatModel([answer("Accepted.")])
    result = await wp.run("accept the cookies on this page", model=model, thread_id="t1", approve="never")
    assert result.success
    system = model.prompts[0][0]
    assert isinstance(system, SystemMessage)
    assert "Skills that fit this task" in system.content and "[cookie-banners]" in system.content
    async with AsyncSqliteSaver.from_conn_string(str(default_checkpoint_path(wp))) as saver:
        idle = AgentContext(model=None, toolbox=ToolBox.of([]))  # type: ignore[arg-type]
        snapshot = await compile_graph(idle, saver).aget_state({"configurable": {"thread_id": "t1"}})
    rules = snapshot.values["active_rules"]
    assert 1 <= len(rules) <= 3 and rules[0].startswith("[cookie-banners]")
    assert wp.skills.show("cookie-banners").uses == 1


def test_the_skills_and_tools_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    data = ["--data-dir", str(tmp_path)]
    listed = runner.invoke(app, ["skills", "list", "--json", *data])
    assert listed.exit_code == 0, listed.output
    assert "search-box" in {s["name"] for s in json.loads(listed.output)}

    shown = runner.invoke(app, ["skills", "show", "forms", *data])
    assert shown.exit_code == 0 and "Forms:" in shown.output

    out = tmp_path / "skills.yaml"
    assert (
        runner.invoke(app, ["skills", "export", "forms", "pagination", "-o", str(out), *data]).exit_code == 0
    )
    assert "name: forms" in out.read_text() and "name: pagination" in out.read_text()

    assert runner.invoke(app, ["skills", "retire", "forms", *data]).exit_code == 0
    live = json.loads(runner.invoke(app, ["skills", "list", "--json", *data]).output)
    assert "forms" not in {s["name"] for s in live}
    imported = runner.invoke(app, ["skills", "import", str(out), *data])
    assert imported.exit_code == 0 and "imported 2 skill(s)" in imported.output
    assert "forms" in {
        s["name"] for s in json.loads(runner.invoke(app, ["skills", "list", "--json", *data]).output)
    }

    missing = runner.invoke(app, ["skills", "show", "nope", *data])
    assert missing.exit_code == 1 and "No skill named 'nope'" in missing.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("skills: [{name: 'Bad Name'}]")
    refused = runner.invoke(app, ["skills", "import", str(bad), *data])
    assert refused.exit_code == 1 and "Bad skill name" in refused.output

    lib = SkillLibrary(tmp_path).open()
    from waypost.skills.store import GeneratedTool

    lib.store.put_tool(
        GeneratedTool("x.rejected.1", "d", [], "import os", "<p>", "rejected", "import of 'os'")
    )
    lib.close()
    tools = runner.invoke(app, ["tools", "generated", "--json", *data])
    assert tools.exit_code == 0 and json.loads(tools.output)[0]["reason"] == "import of 'os'"


async def test_the_mcp_server_offers_the_skill_resources(tmp_path: Path) -> None:
    from waypost.config import Settings
    from waypost.server.mcp_server import build_server

    server = build_server(Settings(data_dir=tmp_path, loopback_only=True))
    assert "skills://list" in {str(r.uri) for r in await server.list_resources()}
    assert "skills://{name}" in {t.uri_template for t in await server.list_resource_templates()}
