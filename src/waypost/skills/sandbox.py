"""Running a generated tool confined by the operating system, with a real browser page behind a proxy.

A generated tool is treated as fully hostile code. It runs in its own process that
**bubblewrap** (``bwrap``) starts in new namespaces, and that confines itself before it reads the
tool (:mod:`waypost.skills.sandbox_harness`):

- **no network**: a new network namespace (only its own, empty loopback), and seccomp refuses
  ``socket()`` and ``connect()`` outright; Landlock also refuses TCP where the kernel has it;
- **a read-only file system that holds nothing private**: a new mount namespace whose root is an
  empty read-only tmpfs with ``/usr`` and the Python installation bound read-only; no ``/etc``,
  ``/home``, ``/tmp``, ``/proc``, ``/dev`` and no data dir; no writable folder at all (a tool
  needs none, and a writable tmpfs would let it fill memory with inodes);
- **its own PIDs, IPC, hostname** and an **unprivileged user** (uid 65534 in a new user
  namespace, every capability dropped, ``no_new_privs``), in a new session (no terminal);
- **resource limits**: address space, CPU seconds, no file writes, 16 open files, no core dumps,
  no new processes; plus a wall-clock timeout here that kills the whole namespace;
- **no inherited file descriptors**: only the three pipes; the child closes the rest too;
- **seccomp**: no ``execve``, ``fork``/``clone`` of processes, ``ptrace``, mounts, namespaces,
  kernel keyrings, BPF, ``io_uring``, ``process_vm_*`` and similar.

Nothing the tool can reach in its own process controls these: they are set before its code is
read and cannot be lifted from inside. The in-process checks (restricted builtins, an audit hook)
stay as a first filter, like the static gate. When the confinement is not available (no ``bwrap``,
no user namespaces, not x86-64 Linux), a generated tool is **refused**, never run weaker:
:func:`run_sandboxed` fails with the reason and the gate registers nothing.

The browser stays in this (the parent) process. The child asks for page operations over its
stdin/stdout, one JSON line each, from a fixed list (click, fill, press, select, text, count,
visible, attr, value, scroll, wait, url): no navigation, no script evaluation, so a tool reaches
nothing but the page it was given.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
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
MAX_ARG = 10000
MAX_LINE = 2**20
REQUIRED = ("rlimits", "no inherited file descriptors", "no_new_privs", "seccomp")
"""What the child must report in force before it may run a tool (Landlock is used where present)."""
NAMESPACES = ("user", "network", "mount", "pid", "ipc", "uts", "cgroup")
PAGE_OPS = frozenset(
    {"click", "fill", "press", "select", "text", "count", "visible", "attr", "value", "scroll", "wait", "url"}
)


@dataclass
class SandboxResult:
    """What a sandboxed call did.

    Attributes:
        passed: The call finished and (for a test) passed.
        value: What it returned (text).
        error: Why it did not pass.
        ops: Page operations it asked for.
        log: Its stderr (capped).
        mechanisms: The confinement that was in force (empty when it never started).
    """

    passed: bool
    value: str = ""
    error: str = ""
    ops: list[str] = field(default_factory=list)
    log: str = ""
    mechanisms: list[str] = field(default_factory=list)


class SandboxUnavailable(RuntimeError):
    """The operating-system confinement cannot be set up here, so nothing generated may run."""


def _python() -> str:
    """The real interpreter (a virtual environment's ``python`` is a link to it)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def command(*, bwrap: str | None = None) -> list[str]:
    """The ``bwrap`` command line that starts the harness confined.

    Raises:
        SandboxUnavailable: No ``bwrap`` on this machine, or not Linux.
    """
    if not sys.platform.startswith("linux"):
        raise SandboxUnavailable("generated tools need Linux (namespaces, seccomp) to run confined")
    bwrap = bwrap or shutil.which("bwrap", path="/usr/bin:/bin:/usr/local/bin")
    if not bwrap:
        raise SandboxUnavailable(
            "bubblewrap is not installed, so generated tools cannot run confined "
            "(install it: apt-get install bubblewrap; scripts/bootstrap.sh does)"
        )
    python = _python()
    argv = [
        bwrap,
        "--unshare-all",
        "--unshare-user",
        "--uid",
        "65534",
        "--gid",
        "65534",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--setenv",
        "LANG",
        "C.UTF-8",
        "--ro-bind",
        "/usr",
        "/usr",
    ]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / top
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            argv += ["--ro-bind", str(path), str(path)]
    bound = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
    for needed in (os.path.realpath(sys.base_prefix), os.path.dirname(python)):
        if not any(needed == b or needed.startswith(b + "/") for b in bound):
            argv += ["--ro-bind", needed, needed]
            bound.append(needed)
    argv += [
        "--ro-bind",
        str(HARNESS),
        "/sandbox/harness.py",
        "--chdir",
        "/sandbox",
        "--remount-ro",
        "/",
        python,
        "-I",
        "-S",
        "-B",
        "/sandbox/harness.py",
    ]
    return argv


def _request(
    source: str, entry: str, params: dict[str, str], time_limit: float, memory: int, guards: bool
) -> bytes:
    cpu = max(2, int(time_limit) + 1)
    request = {
        "limits": {"memory": memory, "cpu": cpu},
        "source": source,
        "entry": entry,
        "params": params,
        "guards": guards,
    }
    return (json.dumps(request) + "\n").encode()


_CONFINED: list[tuple[bool, str, tuple[str, ...]]] = []


def confinement() -> tuple[bool, str, tuple[str, ...]]:
    """Whether generated tools can run confined here: ``(available, reason, mechanisms)``.

    Starts one empty sandbox and reads what the child reports in force. A success is remembered
    for the process; a failure is not (it may have been a moment of overload), so it is tried
    again next time.
    """
    if _CONFINED:
        return _CONFINED[0]
    found = _probe()
    if found[0]:
        _CONFINED.append(found)
    return found


def forget_confinement() -> None:
    """Probe again on the next :func:`confinement` (after installing bubblewrap, in tests)."""
    _CONFINED.clear()


def _probe() -> tuple[bool, str, tuple[str, ...]]:
    try:
        argv = command()
    except SandboxUnavailable as exc:
        return False, str(exc), ()
    try:
        done = subprocess.run(
            argv,
            input=_request("def test(page):\n    return True\n", "test", {}, 5, MEMORY_LIMIT, True),
            capture_output=True,
            timeout=20,
            env={"PATH": "/usr/bin:/bin"},
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"the sandbox did not start: {exc}", ()
    first = done.stdout.split(b"\n", 1)[0]
    try:
        ready = json.loads(first)
    except ValueError:
        tail = done.stderr.decode(errors="replace").strip().splitlines()
        why = tail[-1] if tail else f"exit status {done.returncode}"
        return False, f"the sandbox did not start: {why[:300]}", ()
    if not isinstance(ready, dict) or not ready.get("ready"):
        why = ready.get("error") if isinstance(ready, dict) else "no answer"
        return False, f"the sandbox could not confine itself: {why}", ()
    mechanisms = (*NAMESPACES, "read-only minimal file system", *map(str, ready.get("mechanisms") or ()))
    missing = [m for m in REQUIRED if m not in mechanisms]
    if missing:
        return False, f"the sandbox lacks {', '.join(missing)}", mechanisms
    return True, "confined", mechanisms


async def _page_op(page: Any, op: str, args: list[Any]) -> Any:
    if op not in PAGE_OPS:
        raise ValueError(f"unknown page operation {op[:40]!r}")
    if op == "url":
        return page.url
    if op == "scroll":
        await page.mouse.wheel(0, max(-5000, min(5000, int(args[0]))))
        await page.wait_for_timeout(150)
        return None
    if op == "wait":
        await page.wait_for_timeout(max(0, min(2000, int(args[0]))))
        return None
    if not args or not all(isinstance(a, str | int | float) for a in args):
        raise ValueError(f"{op} takes text arguments")
    selector = str(args[0])[:MAX_ARG]
    second = str(args[1])[:MAX_ARG] if len(args) > 1 else ""
    loc = page.locator(selector).first
    t = OP_TIMEOUT_MS
    if op == "click":
        await loc.click(timeout=t)
        return None
    if op == "fill":
        await loc.fill(second, timeout=t)
        return None
    if op == "press":
        await loc.press(second, timeout=t)
        return None
    if op == "select":
        await loc.select_option(label=second, timeout=t)
        return None
    if op == "text":
        return (await loc.inner_text(timeout=t))[:MAX_TEXT]
    if op == "count":
        return await page.locator(selector).count()
    if op == "visible":
        return await loc.is_visible()
    if op == "attr":
        return await loc.get_attribute(second, timeout=t)
    if op == "value":
        return await loc.input_value(timeout=t)
    raise ValueError(f"unknown page operation {op!r}")  # pragma: no cover - PAGE_OPS is exhaustive


async def _drain(stream: asyncio.StreamReader, keep: int = 65536) -> bytes:
    """Everything the child writes to stderr, of which only the first ``keep`` bytes are kept."""
    kept = b""
    while chunk := await stream.read(65536):
        if len(kept) < keep:
            kept += chunk[: keep - len(kept)]
    return kept


def _message(line: bytes) -> dict[str, Any] | None:
    try:
        msg = json.loads(line)
    except Exception:  # not JSON, or nested past the parser's recursion limit
        return None
    return msg if isinstance(msg, dict) else None


async def run_sandboxed(
    source: str,
    page: Any,
    *,
    entry: str = "test",
    params: dict[str, str] | None = None,
    time_limit: float = TIMEOUT,
    memory: int = MEMORY_LIMIT,
    guards: bool = True,
) -> SandboxResult:
    """Run ``test(page)`` (``entry="test"``) or ``run(page, **params)`` of ``source`` confined.

    Args:
        source: The tool's Python source (already through the static checks).
        page: The Playwright page its page operations act on.
        entry: ``test`` or ``run``.
        params: Arguments for ``run``.
        time_limit: Wall-clock seconds for the whole call.
        memory: Address-space limit in bytes.
        guards: Also the in-process first filter (restricted builtins, audit hook). Only tests
            turn it off, to show that the operating-system confinement holds on its own.
    """
    try:
        argv = command()
    except SandboxUnavailable as exc:
        return SandboxResult(False, error=f"refused to run: {exc}")
    proc = await asyncio.create_subprocess_exec(
        *argv,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={"PATH": "/usr/bin:/bin"},
        close_fds=True,
        limit=MAX_LINE,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    result = SandboxResult(passed=False)
    stderr_task = asyncio.create_task(_drain(proc.stderr))
    try:
        async with asyncio.timeout(time_limit):
            proc.stdin.write(_request(source, entry, dict(params or {}), time_limit, memory, guards))
            await proc.stdin.drain()
            ready = _message(await proc.stdout.readline())
            if ready is None or not ready.get("ready"):
                why = ready.get("error") if ready else "it did not start"
                result.error = f"refused to run: the sandbox could not confine itself ({why})"
                return result
            result.mechanisms = [*NAMESPACES, "read-only minimal file system", *map(str, ready["mechanisms"])]
            missing = [m for m in REQUIRED if m not in result.mechanisms]
            if missing:
                result.error = f"refused to run: the sandbox lacks {', '.join(missing)}"
                return result
            while True:
                line = await proc.stdout.readline()
                if not line:
                    result.error = result.error or "the sandboxed process ended without an answer"
                    break
                msg = _message(line)
                if msg is None:
                    result.error = "the sandboxed process wrote something that is not a message"
                    break
                if msg.get("done"):
                    result.passed = bool(msg.get("passed"))
                    result.value = str(msg.get("value") or "")[:4000]
                    result.error = str(msg.get("error") or "")[:1000]
                    break
                op = str(msg.get("op"))[:40]
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
        if proc.returncode is None:  # bwrap's --die-with-parent takes the whole namespace with it
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        # Read stdout to its end: a reader paused by an oversized line would never see the pipe
        # close, and asyncio's wait() waits for that.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(_drain(proc.stdout, keep=0), 5)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(proc.wait(), 5)
        with contextlib.suppress(Exception):
            result.log = (await asyncio.wait_for(stderr_task, 2)).decode(errors="replace")[-2000:]
    if not result.passed and not result.error:
        result.error = "the test returned False"
    return result
