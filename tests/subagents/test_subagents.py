"""Sub-agents in real Chromium: parallel and isolated, restricted writes, refusals, clean stops."""

from __future__ import annotations

import asyncio

import pytest

from tests.agent.scripted import answer, call
from tests.subagents.conftest import CookieSite, last_result, routed, task_text, url_in, visit_and_report
from waypost.api import run_task
from waypost.subagents import SpawnRefused, Status, SubAgentError, SubAgentManager
from waypost.vfs import RestrictedVFS, VirtualFS

pytestmark = pytest.mark.asyncio(loop_scope="module")


def live_and_saved(wp) -> set[str]:
    return {s.session_id for s in wp.pool.status()} | set(wp.pool.live_ids())


def sub_sessions(wp, *names: str) -> set[str]:
    """Live or saved sessions of sub-agents with these names (ids ``~sub:<random>:<name>``)."""
    return {s for s in live_and_saved(wp) if s.startswith("~sub:") and s.rsplit(":", 1)[-1] in names}


async def wait_until_live(wp, session_id: str) -> None:
    for _ in range(400):
        if session_id in wp.pool.live_ids():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"session {session_id} never opened")


async def test_parallel_sub_agents_keep_their_cookies_apart(wp, two_sites) -> None:
    alpha, beta = two_sites
    model = routed({"alpha": visit_and_report(), "beta": visit_and_report()})
    fs = VirtualFS()
    async with SubAgentManager(wp, fs, model=model) as agents:
        a = await agents.spawn(f"Visit {alpha.url} (site alpha) and report its cookies", "alpha")
        b = await agents.spawn(f"Visit {beta.url} (site beta) and report its cookies", "beta")
        done = await agents.wait_for(timeout=60)
    # Both /set requests were in flight at once (the sites' barrier met), so they ran in parallel.
    assert not alpha.barrier_broken and not beta.barrier_broken
    assert [x.status for x in done] == [Status.DONE, Status.DONE]
    assert a.result.answer.startswith("You are on: cookies: alpha_token=secret-alpha (")
    assert b.result.answer.startswith("You are on: cookies: beta_token=secret-beta (")
    assert "beta_token" not in a.result.answer and "alpha_token" not in b.result.answer
    assert a.session_id.startswith("~sub:") and a.session_id.endswith(":alpha")
    assert b.session_id.startswith("~sub:") and b.session_id.endswith(":beta")
    # Each wrote its result.md (by the manager: the scripted agents wrote none).
    alpha_md = fs.read_text("/sub/alpha/result.md")
    assert "Status: done" in alpha_md and "alpha_token=secret-alpha" in alpha_md and "## Actions" in alpha_md
    merged = agents.merge()
    assert merged.index("# Sub-agent alpha") < merged.index("# Sub-agent beta")
    assert fs.read_text("/sub/merged.md") == merged
    # Nothing is left in the browser: no context, no saved cookies.
    assert not sub_sessions(wp, "alpha", "beta")


async def test_a_cancelled_sub_agent_leaves_no_browser_context(wp, slow_site: CookieSite) -> None:
    model = routed({"slow": [lambda p: call("research_navigate", target=url_in(task_text(p)) + "/slow")]})
    fs = VirtualFS()
    agents = SubAgentManager(wp, fs, model=model)
    agent = await agents.spawn(f"Read the slow page at {slow_site.url}", "slowpoke")
    await wait_until_live(wp, agent.session_id)
    await agents.cancel("slowpoke")
    assert agent.status == Status.CANCELLED
    assert agent.session_id not in live_and_saved(wp)
    assert "Status: cancelled" in fs.read_text("/sub/slowpoke/result.md")
    with pytest.raises(SubAgentError, match="closed"):
        await agents.close() or await agents.spawn("anything")


async def test_time_limits_stop_a_sub_agent_and_close_its_context(wp, slow_site: CookieSite) -> None:
    model = routed({"slow": [lambda p: call("research_navigate", target=url_in(task_text(p)) + "/slow")]})
    fs = VirtualFS()
    async with SubAgentManager(wp, fs, model=model) as agents:
        limited = await agents.spawn(f"Read the slow page at {slow_site.url}", "limited", time_limit=1.0)
        waited = await agents.spawn(f"Read the slow page at {slow_site.url} again", "waited")
        await agents.wait_for(["limited"])
        assert limited.status == Status.TIMEOUT and "time limit of 1 s" in limited.error
        await wait_until_live(wp, waited.session_id)
        [late] = await agents.wait_for(["waited"], timeout=0.5)
        assert late.status == Status.TIMEOUT and "wait_for" in late.error
    assert not sub_sessions(wp, "limited", "waited")
    assert "Status: timeout" in fs.read_text("/sub/waited/result.md")


async def test_a_sub_agent_writes_only_its_folder_cannot_spawn_and_is_refused_approvals(
    wp, fixture_server
) -> None:
    def write_result(prompt):
        return call("vfs_write", path="/sub/worker/result.md", content="# My own result\nall done\n")

    model = routed(
        {
            "worker": [
                call("list_tools"),
                call("vfs_write", path="/notes/owner.md", content="overwritten"),
                call("vfs_read", path="/notes/owner.md"),
                write_result,
                call("click", target="Jetzt kaufen"),
                answer("finished"),
            ]
        }
    )
    fs = VirtualFS()
    fs.write("/notes/owner.md", "the owner's notes\n")
    async with SubAgentManager(wp, fs, model=model) as agents:
        worker = await agents.spawn(f"worker task on {fixture_server.url}", "worker", wait=True)
    tools = {t["name"]: t["content"] for t in worker.result.transcript if t["role"] == "tool"}
    listing = next(t["content"] for t in worker.result.transcript if t.get("name") == "list_tools")
    assert "vfs_write" in listing and "spawn_sub_agent" not in listing and "wait_for" not in listing
    writes = [t["content"] for t in worker.result.transcript if t.get("name") == "vfs_write"]
    assert writes[0].startswith("Error: /notes/owner.md is outside your folder")
    assert writes[1].startswith("Saved /sub/worker/result.md")
    assert "the owner's notes" in tools["vfs_read"]  # it reads everything
    assert fs.read_text("/notes/owner.md") == "the owner's notes\n"
    # The purchase was held, answered "no" and noted; its own result.md is kept as it wrote it.
    assert [r["tool"] for r in worker.refused] == ["click"]
    assert fs.read_text("/sub/worker/result.md") == "# My own result\nall done\n"
    assert not any(a["tool"] == "click" and a["ok"] for a in worker.result.actions)
    # Depth is 1: a manager over a restricted view refuses to exist.
    with pytest.raises(SpawnRefused, match="depth"):
        SubAgentManager(wp, RestrictedVFS(fs, "/sub/worker"))


async def test_refused_approvals_are_noted_in_result_md(wp, fixture_server) -> None:
    model = routed({"shopper": [call("click", target="Jetzt kaufen"), answer("could not buy")]})
    fs = VirtualFS()
    async with SubAgentManager(wp, fs, model=model) as agents:
        await agents.spawn(f"shopper on {fixture_server.url}", "shopper", wait=True)
    text = fs.read_text("/sub/shopper/result.md")
    assert "## Approvals refused (a sub-agent cannot ask anyone)" in text and "- click:" in text


async def test_bad_names_and_tasks_are_refused() -> None:
    async with SubAgentManager(None, VirtualFS(), model=routed({})) as agents:  # type: ignore[arg-type]
        for bad in ("../x", "a/b", "with space", "x" * 41, "/sub/../etc"):
            with pytest.raises(SubAgentError, match="output_dir"):
                await agents.spawn("do something", bad)
        agents.vfs.write("/sub/earlier/result.md", "from an earlier run")
        with pytest.raises(SubAgentError, match="exists already"):
            await agents.spawn("do something", "earlier")
        with pytest.raises(SubAgentError, match="needs a task"):
            await agents.spawn("   ")
        with pytest.raises(SubAgentError, match="no sub-agent"):
            agents.get("ghost")


async def test_the_main_agent_spawns_waits_and_merges(wp, two_sites) -> None:
    alpha, beta = two_sites

    def merged_answer(prompt):
        return answer(last_result(prompt))

    model = routed(
        {
            "Compare": [
                call(
                    "spawn_sub_agent",
                    task=f"Visit {alpha.url} (site alpha) and report its cookies",
                    output_dir="alpha",
                ),
                call(
                    "spawn_sub_agent",
                    task=f"Visit {beta.url} (site beta) and report its cookies",
                    output_dir="beta",
                ),
                call("wait_for", ids=["alpha", "beta"], timeout=60),
                call("merge_results"),
                merged_answer,
            ],
            "site alpha": visit_and_report(),
            "site beta": visit_and_report(),
        }
    )
    result = await run_task(wp, "Compare the cookies of two sites", model=model, approve="never")
    assert result.success
    assert "alpha_token=secret-alpha" in result.answer and "beta_token=secret-beta" in result.answer
    spawned = [t["content"] for t in result.transcript if t.get("name") == "spawn_sub_agent"]
    assert spawned[0].startswith("Started sub-agent 'alpha'; it writes to /sub/alpha/.")
    waited = next(t["content"] for t in result.transcript if t.get("name") == "wait_for")
    assert "alpha: done, task done" in waited and "beta: done, task done" in waited
    assert not sub_sessions(wp, "alpha", "beta")


async def test_sub_agents_still_running_when_the_main_run_ends_are_stopped(wp, slow_site) -> None:
    model = routed(
        {
            "Delegate": [
                call("spawn_sub_agent", task=f"Read the slow page at {slow_site.url}", output_dir="orphan"),
                lambda p: answer("left it running"),
            ],
            "slow page": [lambda p: call("research_navigate", target=url_in(task_text(p)) + "/slow")],
        }
    )
    result = await run_task(wp, "Delegate the slow page", model=model, approve="never")
    assert result.answer == "left it running"
    assert not sub_sessions(wp, "orphan")


async def test_wp_subagents_gives_a_manager_over_a_new_or_given_file_system(wp) -> None:
    fs = VirtualFS()
    async with wp.subagents(fs, max_parallel=2) as agents:
        assert agents.vfs is fs and agents.max_parallel == 2
    async with wp.subagents() as agents:
        assert isinstance(agents.vfs, VirtualFS)


async def test_a_sub_agent_never_takes_a_user_session_of_the_same_name(wp) -> None:
    with CookieSite("user") as site:
        # The user's own session happens to be called what sub-agent t1 used to be called.
        await wp.navigate(site.url + "/set", session_id="sub-t1")
        await wp.sessions.save()
        assert wp.pool.store.has_state("sub-t1")
        model = routed({"check": [lambda p: call("research_navigate", target=url_in(task_text(p)) + "/check"),
                                  lambda p: answer(last_result(p).splitlines()[0])]})  # fmt: skip
        async with SubAgentManager(wp, VirtualFS(), model=model) as agents:
            agent = await agents.spawn(f"check the cookies of {site.url}", wait=True)
        assert agent.task_id == "t1" and agent.status == Status.DONE
        assert "cookies: none" in agent.result.answer and "user_token" not in agent.result.answer
        # The user's saved state is still there, and the user's session still has its cookie.
        assert wp.pool.store.has_state("sub-t1")
        seen = await wp.navigate(site.url + "/check", session_id="sub-t1")
        assert "user_token=secret-user" in seen.text


async def test_two_managers_on_one_waypost_never_share_a_sub_agent_session(wp, slow_site) -> None:
    holder = routed(
        {
            "holder": [
                lambda p: call("research_navigate", target=url_in(task_text(p)) + "/set"),
                lambda p: call("research_navigate", target=url_in(task_text(p)) + "/slow"),
                lambda p: answer("done holding"),
            ]
        }
    )
    checker = routed(
        {
            "checker": [
                lambda p: call("research_navigate", target=url_in(task_text(p)) + "/check"),
                lambda p: answer(last_result(p).splitlines()[0]),
            ]
        }
    )
    async with (
        SubAgentManager(wp, VirtualFS(), model=holder) as first,
        SubAgentManager(wp, VirtualFS(), model=checker) as second,
    ):
        a = await first.spawn(f"holder: set a cookie at {slow_site.url} and wait")
        await wait_until_live(wp, a.session_id)
        for _ in range(400):  # until the holder's page has set its cookie
            if (wp.pool.current_url(a.session_id) or "").endswith("/set"):
                break
            await asyncio.sleep(0.05)
        b = await second.spawn(f"checker: report the cookies of {slow_site.url}")
        assert (a.task_id, b.task_id) == ("t1", "t1") and a.session_id != b.session_id
        [done] = await second.wait_for([b.task_id], timeout=20)
        slow_site.release.set()
        await first.wait_for(timeout=20)
    assert done.status == Status.DONE, done.error
    assert "cookies: none" in done.result.answer and "slow_token" not in done.result.answer
    assert a.status == Status.DONE
    assert not sub_sessions(wp, "t1")


async def test_internal_session_ids_cannot_be_chosen_by_a_caller(wp, slow_site) -> None:
    from waypost.errors import InvalidSessionId

    forged = "~sub:" + "0" * 32 + ":t1"
    with pytest.raises(InvalidSessionId, match="not a session of this Waypost"):
        await wp.navigate(slow_site.url + "/check", session_id=forged)
    with pytest.raises(InvalidSessionId):
        await wp.navigate(slow_site.url + "/check", session_id="~sub")
