"""Connections to other MCP servers (the official ``mcp`` SDK's client), their tools as ToolSpecs.

Each server runs in a task of its own that holds the SDK's transport and ``ClientSession`` open
until :meth:`McpClients.close`, so any task of the event loop may call its tools (a
:class:`~waypost.api.SyncWaypost` runs each call in a new task). A server that does not start in
time, fails to start, or stops mid-run is reported in one line (a warning in the log, and in
:attr:`McpClients.problems`); the run goes on without it, and its tools answer with that line.

Tools a server does not mark ``readOnlyHint`` go through the approval gate of the door that
calls them: in an agent run under ``approve="ask"`` a person is asked first. A tool whose name
or description says it runs code (Playwright MCP's ``browser_run_code``...) is never taken as
read-only, whatever its hints say; it is there only because the user configured its server.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import re
import tempfile
from collections.abc import AsyncIterator, Sequence
from typing import Any

from waypost.approval import ApprovalGate, ApprovalRequest, Verdict, current_gate
from waypost.mcp_client.config import ServerConfig
from waypost.mcp_client.schema import parameters
from waypost.tools.registry import ToolFunction, ToolSpec

log = logging.getLogger(__name__)

MAX_RESULT_CHARS = 12_000
MAX_DESCRIPTION_CHARS = 1_000
MAX_TOOL_NAME = 64  # what OpenAI-compatible endpoints accept
_TOOL_CHARS = re.compile(r"[^A-Za-z0-9_-]+")
_RUNS_CODE = re.compile(
    r"run_code|run_script|execute|exec\b|eval(uate)?\b|\bshell\b|\bbash\b|"
    r"runs? (arbitrary |javascript |python |js )?(code|scripts?|commands?)|"
    r"(javascript|python|js) (code|snippet|function)",
    re.I,
)


def runs_code(name: str, description: str) -> bool:
    """Whether a tool's name or description says it runs code or commands."""
    return bool(_RUNS_CODE.search(name.replace("-", "_")) or _RUNS_CODE.search(description or ""))


def _one_line(exc: BaseException) -> str:
    """The innermost message of an exception (task groups wrap the real one)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def result_text(result: Any, limit: int = MAX_RESULT_CHARS) -> str:
    """A ``CallToolResult`` as the text a model reads (``Error: ...`` when the tool failed)."""
    parts: list[str] = []
    for item in getattr(result, "content", None) or []:
        kind = getattr(item, "type", "")
        if kind == "text":
            parts.append(item.text)
        elif kind in ("image", "audio"):
            size = len(getattr(item, "data", "") or "")
            parts.append(f"[{kind} {getattr(item, 'mime_type', '')}, {size} characters of base64]")
        elif kind == "resource":
            inner = getattr(item, "resource", None)
            text = getattr(inner, "text", None)
            parts.append(text if isinstance(text, str) else f"[resource {getattr(inner, 'uri', '')}]")
        elif kind == "resource_link":
            parts.append(f"[resource {getattr(item, 'uri', '')}]")
    structured = getattr(result, "structured_content", None)
    if not parts and structured is not None:
        parts.append(json.dumps(structured, ensure_ascii=False, default=str))
    text = "\n".join(p for p in parts if p).strip() or "(the tool returned nothing)"
    if len(text) > limit:
        text = text[:limit] + f"\n[… cut: {len(text) - limit:,} more characters]"
    if getattr(result, "is_error", False) and not text.startswith("Error"):
        text = f"Error: {text}"
    return text


class Connection:
    """One MCP server, connected in a task of its own.

    Args:
        config: What to start or where to connect.
        start_timeout: Seconds it may take to start and list its tools.
    """

    def __init__(self, config: ServerConfig, *, start_timeout: float = 30.0) -> None:
        self.config = config
        self.start_timeout = start_timeout
        self.session: Any = None
        self.tools: list[Any] = []
        self.error: str | None = None
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._errlog: Any = None
        self._reported = False

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def alive(self) -> bool:
        return self.session is not None and self.error is None

    async def start(self) -> bool:
        """Connect and list the tools; ``False`` (and :attr:`error` set) when that failed."""
        self._task = asyncio.create_task(self._serve(), name=f"waypost-mcp:{self.name}")
        try:
            await asyncio.wait_for(asyncio.shield(self._ready.wait()), self.start_timeout)
        except TimeoutError:
            self.error = f"did not start within {self.start_timeout:g} s"
            await self.close()
        return self.alive

    def _transport(self) -> contextlib.AbstractAsyncContextManager[Any]:
        if self.config.url:
            import httpx2
            from mcp.client.streamable_http import streamable_http_client

            client = httpx2.AsyncClient(
                headers=dict(self.config.headers) or None, timeout=httpx2.Timeout(30.0, read=300.0)
            )
            return _http(client, streamable_http_client(self.config.url, http_client=client))
        from mcp.client.stdio import StdioServerParameters, stdio_client

        # The server's stderr, kept to say why it failed (closed in close()).
        self._errlog = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")  # noqa: SIM115
        params = StdioServerParameters(
            command=self.config.command or "",
            args=list(self.config.args),
            env=dict(self.config.env) or None,
            cwd=self.config.cwd,
        )
        return stdio_client(params, errlog=self._errlog)

    async def _serve(self) -> None:
        from mcp.client.session import ClientSession

        try:
            async with self._transport() as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                tools: list[Any] = []
                cursor = None
                for _ in range(20):  # pages of tools/list
                    listing = await session.list_tools(params=_page(cursor))
                    tools += list(listing.tools)
                    cursor = getattr(listing, "next_cursor", None)
                    if not cursor:
                        break
                self.tools = tools
                self.session = session
                self._ready.set()
                await self._stop.wait()
        except asyncio.CancelledError:
            if not self._stop.is_set() and self.error is None:
                self.error = "was stopped"
        except BaseException as exc:  # the SDK wraps failures in exception groups
            if self.error is None and not self._stop.is_set():
                self.error = self._why(exc)
        finally:
            was_up = self.session is not None
            if not self._stop.is_set() and self.error is None:
                self.error = "closed the connection"
            self.session = None
            self._ready.set()
            if was_up and not self._stop.is_set():
                self._report()

    def _why(self, exc: BaseException) -> str:
        """The failure in a few words, with the server's last line on stderr when it wrote one."""
        text = _one_line(exc)
        if self._errlog is not None:
            with contextlib.suppress(Exception):
                self._errlog.seek(0)
                lines = [ln.strip() for ln in self._errlog.read()[-4000:].splitlines() if ln.strip()]
                if lines:
                    text += f" (it said: {lines[-1][:200]})"
        return text

    def fail(self, exc: BaseException) -> str:
        """Mark the server as gone after a failed call; returns (and logs once) why."""
        if self.error is None:
            self.error = self._why(exc)
        self.session = None
        self._report()
        return self.error

    def _report(self) -> None:
        if not self._reported:
            self._reported = True
            log.warning("MCP server %r stopped: %s; the run goes on without it.", self.name, self.error)

    async def call(self, tool: str, arguments: dict[str, Any], read_timeout: float) -> Any:
        """Call one of its tools (raises when the server is gone or the call fails)."""
        session = self.session
        if session is None:
            raise ConnectionError(self.error or "not connected")
        return await session.call_tool(tool, arguments, read_timeout_seconds=read_timeout)

    async def close(self) -> None:
        """Stop the server (or the HTTP session); waits a few seconds at most."""
        self._stop.set()
        task, self._task = self._task, None
        if task is not None and not task.done():
            try:
                await asyncio.wait_for(asyncio.shield(task), 5.0)
            except (TimeoutError, Exception):
                task.cancel()
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(task, 5.0)
        self.session = None
        if self._errlog is not None:
            with contextlib.suppress(Exception):
                self._errlog.close()
            self._errlog = None


def _page(cursor: str | None) -> Any:
    if cursor is None:
        return None
    import mcp_types

    return mcp_types.PaginatedRequestParams(cursor=cursor)


@contextlib.asynccontextmanager
async def _http(client: Any, transport: Any) -> AsyncIterator[Any]:
    async with client, transport as streams:
        yield streams


class McpClients:
    """Every configured MCP server of one :class:`~waypost.api.Waypost` (or one run).

    Args:
        servers: The servers to connect to.
        approval: The gate asked about tools not marked read-only when no door installed its own.
        start_timeout: Seconds each server may take to start.
        call_timeout: Seconds one tool call may take.
    """

    def __init__(
        self,
        servers: Sequence[ServerConfig],
        *,
        approval: ApprovalGate | None = None,
        start_timeout: float = 30.0,
        call_timeout: float = 60.0,
    ) -> None:
        self.connections = [Connection(s, start_timeout=start_timeout) for s in servers]
        self.approval = approval or ApprovalGate("ask")
        self.call_timeout = call_timeout
        self.problems: list[str] = []
        self._specs: list[ToolSpec] | None = None

    def __bool__(self) -> bool:
        return bool(self.connections)

    async def start(self) -> None:
        """Connect to every server at once; a failure is reported in one line, never raised."""
        if not self.connections:
            return
        await asyncio.gather(*(c.start() for c in self.connections))
        for conn in self.connections:
            if not conn.alive:
                line = f"MCP server {conn.name!r} ({conn.config.describe()}) is not used: {conn.error}."
                self.problems.append(line)
                log.warning("%s The run goes on without it.", line)
        self._specs = None

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.connections), return_exceptions=True)

    def status(self) -> list[dict[str, Any]]:
        """Each server: name, transport, whether it is connected, its tools, the error if any."""
        return [
            {
                "name": c.name,
                "transport": c.config.transport,
                "connected": c.alive,
                "tools": [t.name for t in c.tools],
                "error": c.error,
            }
            for c in self.connections
        ]

    def tool_specs(self) -> list[ToolSpec]:
        """The tools of every server that started, as ToolSpecs named ``<server>__<tool>``."""
        if self._specs is None:
            specs: list[ToolSpec] = []
            seen: set[str] = set()
            for conn in self.connections:
                for tool in conn.tools:
                    spec = self._spec(conn, tool)
                    if spec.name not in seen:
                        seen.add(spec.name)
                        specs.append(spec)
            self._specs = specs
        return list(self._specs)

    def _spec(self, conn: Connection, tool: Any) -> ToolSpec:
        name = f"{conn.name}__{_TOOL_CHARS.sub('_', tool.name)}"[:MAX_TOOL_NAME]
        hints = getattr(tool, "annotations", None)
        description = " ".join(str(tool.description or tool.name).split())[:MAX_DESCRIPTION_CHARS]
        code = runs_code(tool.name, description)
        read_only = bool(getattr(hints, "read_only_hint", False)) and not code
        destructive = getattr(hints, "destructive_hint", None)
        shown = f"[MCP server {conn.name}] {description}"
        if code:
            shown += " (Runs code: it asks for approval.)"
        params = parameters(getattr(tool, "input_schema", None))
        clients = self

        def factory(_runtime: Any) -> ToolFunction:
            async def call(**kwargs: Any) -> str:
                args = {wire: kwargs[p.name] for wire, p in params if kwargs.get(p.name) is not None}
                return await clients.call(conn, tool.name, name, args, read_only=read_only)

            call.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
                [p for _, p in params], return_annotation=str
            )
            call.__annotations__ = {p.name: p.annotation for _, p in params} | {"return": str}
            call.__qualname__ = call.__name__ = name
            return call

        return ToolSpec(
            name,
            shown,
            factory,
            read_only=read_only,
            destructive=True if destructive is None else bool(destructive),
        )

    async def call(
        self, conn: Connection, tool: str, shown: str, arguments: dict[str, Any], *, read_only: bool
    ) -> str:
        """Call ``tool`` on ``conn`` after the approval gate; every failure is one ``Error:`` line."""
        if not conn.alive:
            return (
                f"Error: the MCP server {conn.name!r} is not available ({conn.error}); "
                f"{shown} cannot be used in this run. Go on without it."
            )
        if not read_only:
            verdict = Verdict(
                f"{shown} is a tool of the MCP server {conn.name!r} not marked read-only",
                "another server's tool",
            )
            request = ApprovalRequest(
                "mcp_tool", f"{shown} {json.dumps(arguments, ensure_ascii=False)[:300]}", verdict
            )
            refusal = await current_gate(self.approval).decide(request)
            if refusal is not None:
                return refusal if refusal.startswith("Error") else f"Error: {refusal}"
        try:
            result = await asyncio.wait_for(
                conn.call(tool, arguments, self.call_timeout), self.call_timeout + 5
            )
        except TimeoutError:
            return f"Error: {shown} did not answer within {self.call_timeout:g} s. Try something else."
        except Exception as exc:
            from mcp.shared.exceptions import MCPError

            if isinstance(exc, MCPError) and conn.alive and "closed" not in str(exc).lower():
                return f"Error: {shown} failed: {_one_line(exc)}"
            why = conn.fail(exc)
            return (
                f"Error: the MCP server {conn.name!r} stopped ({why}); {shown} and its other tools "
                "cannot be used in this run. Go on without them."
            )
        return result_text(result)
