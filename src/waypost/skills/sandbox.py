"""Running a generated tool in a subprocess sandbox, with a real browser page behind a proxy.

The child (:mod:`waypost.skills.sandbox_harness`) runs under ``resource.setrlimit`` limits
(address space, CPU seconds, file size, open files, no new processes), with a clean environment,
``python -I -S``, and its workspace as working directory. It has no browser of its own: Chromium's
memory would not fit the limits, so the browser stays in this (the parent) process, outside the
limits, and the child asks for page operations over its stdin/stdout, one JSON line each. The
parent does them on the given Playwright page (click, fill, press, select, text, count, visible,
attr, value, scroll, wait, url): no navigation, no script evaluation, so the tool reaches nothing
but the page it was given. A wall-clock timeout ends the child in any case.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HARNESS = Path(__file__).with_name("sandbox_harness.py")
MEMORY_LIMIT = 256 * 1024 * 1024
TIMEOUT = 20.0
OP_TIMEOUT_MS = 4000
MAX_OPS = 300
MAX_TEXT = 20000


@dataclass
class SandboxResult:
    """What a sandboxed call did.

    Attributes:
        passed: The call finished and (for a test) passed.
        value: What it returned (text).
        error: Why it did not pass.
        ops: Page operations it asked for.
        log: Its stderr (capped).
    """

    passed: bool
    value: str = ""
    error: str = ""
    ops: list[str] = field(default_factory=list)
    log: str = ""


def _limits(memory: int, cpu_seconds: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))


async def _page_op(page: Any, op: str, args: list[Any]) -> Any:
    if op == "url":
        return page.url
    if op == "scroll":
        await page.mouse.wheel(0, max(-5000, min(5000, int(args[0]))))
        await page.wait_for_timeout(150)
        return None
    if op == "wait":
        await page.wait_for_timeout(max(0, min(2000, int(args[0]))))
        return None
    selector = str(args[0])
    loc = page.locator(selector).first
    t = OP_TIMEOUT_MS
    if op == "click":
        await loc.click(timeout=t)
        return None
    if op == "fill":
        await loc.fill(str(args[1]), timeout=t)
        return None
    if op == "press":
        await loc.press(str(args[1]), timeout=t)
        return None
    if op == "select":
        await loc.select_option(label=str(args[1]), timeout=t)
        return None
    if op == "text":
        return (await loc.inner_text(timeout=t))[:MAX_TEXT]
    if op == "count":
        return await page.locator(selector).count()
    if op == "visible":
        return await loc.is_visible()
    if op == "attr":
        return await loc.get_attribute(str(args[1]), timeout=t)
    if op == "value":
        return await loc.input_value(timeout=t)
    raise ValueError(f"unknown page operation {op!r}")


async def _drain(stream: asyncio.StreamReader, keep: int = 65536) -> bytes:
    """Everything the child writes to stderr, of which only the first ``keep`` bytes are kept."""
    kept = b""
    while chunk := await stream.read(65536):
        if len(kept) < keep:
            kept += chunk[: keep - len(kept)]
    return kept


def _write_tool(workspace: Path, source: str) -> None:
    workspace.mkdir(parents=True, exist_ok=True, mode=0o700)
    (workspace / "tool.py").write_text(source, encoding="utf-8")


async def run_sandboxed(
    workspace: Path,
    source: str,
    page: Any,
    *,
    entry: str = "test",
    params: dict[str, str] | None = None,
    time_limit: float = TIMEOUT,
    memory: int = MEMORY_LIMIT,
) -> SandboxResult:
    """Run ``test(page)`` (``entry="test"``) or ``run(page, **params)`` of ``source`` in the sandbox.

    Args:
        workspace: The tool's folder (its working directory; ``tool.py`` is written there).
        source: The tool's Python source (already through the static checks).
        page: The Playwright page its page operations act on.
        entry: ``test`` or ``run``.
        params: Arguments for ``run``.
        time_limit: Wall-clock seconds for the whole call.
        memory: Address-space limit in bytes.
    """
    await asyncio.to_thread(_write_tool, workspace, source)
    cpu = max(2, int(time_limit) + 1)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-I",
        "-S",
        "-B",
        str(HARNESS),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=str(workspace),
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"},
        preexec_fn=lambda: _limits(memory, cpu),
        limit=2**20,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    result = SandboxResult(passed=False)
    killed = False
    stderr_task = asyncio.create_task(_drain(proc.stderr))
    try:
        async with asyncio.timeout(time_limit):
            proc.stdin.write((json.dumps({"entry": entry, "params": params or {}}) + "\n").encode())
            await proc.stdin.drain()
            while True:
                line = await proc.stdout.readline()
                if not line:
                    result.error = result.error or "the sandboxed process ended without an answer"
                    break
                try:
                    msg = json.loads(line)
                except ValueError:
                    result.error = "the sandboxed process wrote something that is not a message"
                    break
                if not isinstance(msg, dict):
                    result.error = "the sandboxed process wrote something that is not a message"
                    break
                if msg.get("done"):
                    result.passed = bool(msg.get("passed"))
                    result.value = str(msg.get("value") or "")
                    result.error = str(msg.get("error") or "")
                    break
                op = str(msg.get("op"))
                result.ops.append(op)
                if len(result.ops) > MAX_OPS:
                    result.error = f"more than {MAX_OPS} page operations"
                    break
                args = msg.get("args") if isinstance(msg.get("args"), list) else []
                try:
                    value = await _page_op(page, op, args)
                    answer = {"ok": True, "value": value}
                except Exception as exc:  # the page said no: the tool reads it as its error
                    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                    answer = {"ok": False, "error": first[:300]}
                proc.stdin.write((json.dumps(answer) + "\n").encode())
                await proc.stdin.drain()
    except TimeoutError:
        result.passed, result.error = False, f"timed out after {time_limit:.0f} s"
    except (BrokenPipeError, ConnectionResetError):
        result.passed, result.error = False, "the sandboxed process died"
    except ValueError:  # a line longer than the stream's limit
        result.passed, result.error = False, "the sandboxed process wrote an oversized message"
    finally:
        if proc.returncode is None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(proc.wait(), 1.0)
        killed = proc.returncode is None
        if killed:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        await proc.wait()
        with contextlib.suppress(Exception):
            result.log = (await asyncio.wait_for(stderr_task, 2)).decode(errors="replace")[-2000:]
    if not result.passed and not result.error:
        result.error = "the test returned False"
    if killed is False and proc.returncode and proc.returncode < 0 and not result.passed:
        result.error += f" (killed by signal {-proc.returncode})"
    return result
