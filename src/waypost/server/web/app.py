"""The Starlette app of ``waypost serve``: pages, an SSE stream per run, and MCP at ``/mcp``.

Security, following Jupyter and the MCP specification's guidance for local servers:

* a random token, given once in the printed URL, then kept in an ``HttpOnly``, ``SameSite=Strict``
  cookie (MCP clients send it as ``Authorization: Bearer``); without it everything answers 401;
* a request whose ``Origin`` is not this server's is refused (403), so other sites cannot drive it;
* on a loopback address, a ``Host`` header that is not this server's is refused too (DNS rebinding);
* bound to 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import AsyncIterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from waypost.api import Waypost, get_result
from waypost.approval import edit_answer
from waypost.config import ModelSettings, Settings
from waypost.config.approve import DEPRECATED_POLICIES
from waypost.errors import WaypostError
from waypost.server.web import pages
from waypost.server.web.runs import (
    APPROVE_POLICIES,
    PLANNER_MODES,
    RESUMABLE,
    SCREENSHOTS_DIR,
    RunManager,
)

log = logging.getLogger(__name__)

COOKIE = "waypost_token"
MAX_TASK_CHARS = 4000
MAX_FORM_BYTES = 64 * 1024
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
STATIC = Path(__file__).parent / "static"
MODEL_CHOICES = ("offline", "settings", "custom")


def with_screenshots(settings: Settings | None) -> Settings:
    """The settings, with a screenshot after each action kept under the data dir (unless set)."""
    settings = settings or Settings()
    if settings.screenshots is not None:
        return settings
    return settings.model_copy(update={"screenshots": Path(settings.data_dir) / SCREENSHOTS_DIR})


def configured_model() -> tuple[str, str | None] | None:
    """The model the settings name (``WAYPOST_MODEL``, ``WAYPOST_BASE_URL``), if not the offline one."""
    found = ModelSettings()
    if found.model is None or found.model.lower() == "offline":
        return None
    return found.model, found.base_url


def _html(page: tuple[str, int]) -> HTMLResponse:
    text, status = page
    return HTMLResponse(text, status_code=status)


class Guard:
    """ASGI middleware: Host and Origin checks, then the token (query, cookie or bearer)."""

    def __init__(self, app: ASGIApp, *, token: str, host: str, port: int) -> None:
        self.app = app
        self.token = token
        names = {host, "127.0.0.1", "localhost", "[::1]"} if host in LOOPBACK else None
        self.hosts = {f"{n}:{port}" for n in names} if names is not None else None
        self.origins = {f"http://{h}" for h in self.hosts} if self.hosts is not None else None

    def _good(self, candidate: str | None) -> bool:
        return bool(candidate) and hmac.compare_digest(candidate.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        host = request.headers.get("host", "")
        if self.hosts is not None and host not in self.hosts:
            await Response("Unknown Host header.\n", 403)(scope, receive, send)
            return
        origin = request.headers.get("origin")
        allowed = self.origins if self.origins is not None else {f"http://{host}"}
        if origin is not None and origin not in allowed:
            await Response("Cross-origin request refused.\n", 403)(scope, receive, send)
            return
        query_token = request.query_params.get("token")
        if request.method == "GET" and self._good(query_token):
            # Trade the token in the URL for a cookie, and drop it from the address bar.
            rest = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
            target = request.url.path + (f"?{urlencode(rest)}" if rest else "")
            response = RedirectResponse(target, status_code=303)
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", path="/")
            await response(scope, receive, send)
            return
        bearer = request.headers.get("authorization", "")
        cookie = SimpleCookie(request.headers.get("cookie", ""))
        presented = [
            bearer[7:].strip() if bearer.lower().startswith("bearer ") else None,
            cookie[COOKIE].value if COOKIE in cookie else None,
            query_token,
        ]
        if not any(self._good(t) for t in presented):
            text = "401: missing or wrong token. Open the URL that `waypost serve` printed.\n"
            await Response(text, 401, headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


async def _form(request: Request) -> dict[str, str] | None:
    """A url-encoded form's fields (the last value of each), or ``None`` when it is too big."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            return None
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {k: v[-1] for k, v in fields.items()}


def build_app(
    settings: Settings | None = None,
    *,
    token: str,
    host: str = "127.0.0.1",
    port: int = 8780,
    mcp: bool = True,
    pages_on: bool = True,
    wp: Waypost | None = None,
) -> Starlette:
    """The web view's ASGI app; its lifespan starts and closes the :class:`Waypost` underneath.

    Args:
        settings: Waypost's settings (a screenshot after each action is kept under the data dir
            unless ``screenshots`` is set).
        token: The access token (query, cookie or bearer).
        host: The address served (loopback: the ``Host`` header is checked too).
        port: The port served.
        mcp: Serve MCP over streamable HTTP at ``/mcp``.
        pages_on: Serve the web pages (``waypost mcp --http`` serves ``/mcp`` alone).
        wp: A :class:`Waypost` to use instead of a new one.
    """
    wp = wp or Waypost(with_screenshots(settings) if pages_on else settings)
    runs = RunManager(wp)
    mcp_server = _mcp_server(wp) if mcp else None
    mcp_routes: list[Any] = []
    if mcp_server is not None:
        from mcp.server.transport_security import TransportSecuritySettings

        # Host and Origin are checked by Guard already (for every route, /mcp included).
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
        mcp_routes = list(mcp_server.streamable_http_app(transport_security=security, host=host).routes)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        async with wp, contextlib.AsyncExitStack() as stack:
            runs.load()  # finished runs of earlier servers
            if mcp_server is not None:
                await stack.enter_async_context(mcp_server.session_manager.run())
            try:
                yield
            finally:
                await runs.close()

    def run_or_404(request: Request) -> Any:
        run = runs.get(request.path_params["run_id"])
        if run is None:
            return None, _html(pages.message("No such run", "There is no run with that id.", 404))
        return run, None

    async def home(request: Request) -> Response:
        page = pages.home(
            runs.listing(), configured=configured_model(), default_mode=wp.settings.planner_mode
        )
        return _html(pages.layout("Runs", page))

    async def start_run(request: Request) -> Response:
        form = await _form(request)
        if form is None:
            return _html(pages.message("Too big", f"The form is over {MAX_FORM_BYTES} bytes.", 413))
        task = form.get("task", "").strip()
        start_url = form.get("start_url", "").strip() or None
        approve = str(form.get("approve", "ask"))
        approve = DEPRECATED_POLICIES.get(approve, approve)  # "never" is the old name of "deny"
        planner_mode = form.get("planner_mode", "").strip() or None
        model = form.get("model", "").strip() or None
        base_url = form.get("base_url", "").strip() or None
        choice = form.get("model_choice") or ("custom" if model else "offline")
        error = None
        if not task:
            error = "Say what the run should do: the task is empty."
        elif len(task) > MAX_TASK_CHARS:
            error = f"The task is {len(task)} characters long; at most {MAX_TASK_CHARS} are accepted."
        elif start_url is not None and not start_url.startswith(("http://", "https://")):
            error = "The start page must be an http:// or https:// URL."
        elif approve not in APPROVE_POLICIES:
            error = f"Approval must be one of {', '.join(APPROVE_POLICIES)}."
        elif planner_mode is not None and planner_mode not in PLANNER_MODES:
            error = f"The planner mode must be one of {', '.join(PLANNER_MODES)} (or empty: the settings')."
        elif choice not in MODEL_CHOICES:
            error = f"The model choice must be one of {', '.join(MODEL_CHOICES)}."
        elif choice == "settings" and configured_model() is None:
            error = "The settings name no model (WAYPOST_MODEL); choose the offline planner or another model."
        elif choice == "custom" and model is None:
            error = "Another model needs its name."
        elif model is not None and len(model) > 200:
            error = "The model name is too long."
        elif base_url is not None and (
            choice != "custom" or not base_url.startswith(("http://", "https://"))
        ):
            error = "A model endpoint needs another model's name and an http:// or https:// URL."
        if error:
            shown = {**form, "task": task[: MAX_TASK_CHARS * 2]}
            page = pages.home(
                runs.listing(),
                error=error,
                form=shown,
                configured=configured_model(),
                default_mode=wp.settings.planner_mode,
            )
            return _html(pages.layout("Runs", page, status=400))
        if choice == "offline":
            model, base_url = "offline", None
        elif choice == "settings":
            model, base_url = None, None  # the agent reads WAYPOST_MODEL and its endpoint
        run = runs.start(
            task,
            start_url=start_url,
            approve=approve,
            model=model,
            base_url=base_url,
            planner_mode=planner_mode,
        )
        return RedirectResponse(f"/runs/{run.id}", status_code=303)

    async def show_run(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        return _html(pages.layout(f"Run {run.id}", pages.run_page(run)))

    async def run_events(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        try:
            after = int(request.headers.get("last-event-id", "-1")) + 1
        except ValueError:
            after = 0

        async def stream() -> AsyncIterator[str]:
            async for event in run.watch(after):
                if event is None:
                    yield ": keepalive\n\n"
                    continue
                data = {
                    "type": event["type"],
                    "id": event.get("id"),
                    "status": event.get("status"),
                    "html": pages.event_html(run, event),
                }
                yield f"id: {event['seq']}\ndata: {json.dumps(data)}\n\n"
            # The run is over: say so, so the page stops listening instead of reconnecting.
            yield f"event: end\ndata: {json.dumps({'status': run.status, 'resumable': run.resumable})}\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def answer(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        form = await _form(request) or {}
        reply: Any = form.get("reply")
        if reply not in {"yes", "no", "edit"}:
            return _html(pages.message("Bad answer", "Answer with Approve, Deny or Approve as edited.", 400))
        if reply == "edit":
            changes = {k[4:]: v for k, v in form.items() if k.startswith("arg.") and 0 < len(k) <= 64}
            if not changes:
                return _html(pages.message("Bad answer", "An edit needs the changed arguments.", 400))
            reply = edit_answer(changes)
        if not await runs.answer(run, form.get("question", ""), reply):
            return _html(pages.message("Nothing to answer", "That question was already answered.", 409))
        return RedirectResponse(f"/runs/{run.id}", status_code=303)

    async def resume(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        if not run.finished:
            return _html(pages.message("Still running", "The run has not stopped: nothing to resume.", 409))
        if run.thread_id is None:
            return _html(pages.message("No checkpoint", "This run has no checkpoint to resume from.", 409))
        result = await get_result(wp, run.thread_id)
        if result is None:
            return _html(pages.message("No checkpoint", "The checkpoint of this run is not there.", 409))
        if result.stop_reason not in RESUMABLE:
            text = f"The run finished ({result.stop_reason}): there is nothing to resume."
            return _html(pages.message("Nothing to resume", text, 409))
        runs.resume(run)
        return RedirectResponse(f"/runs/{run.id}", status_code=303)

    async def transcript(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        result = await get_result(wp, run.thread_id) if run.thread_id else None
        if result is None:
            text = "This run left no checkpoint (it failed before its first step, or predates them)."
            return _html(pages.message("No transcript", text, 404))
        return _html(pages.layout(f"Transcript of run {run.id}", pages.transcript_page(run, result)))

    async def har(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        import tempfile

        with tempfile.TemporaryDirectory(prefix="waypost-har-") as tmp:
            path = Path(tmp) / "run.har"
            try:
                await wp.archive.export_har(path, session_id=run.session_id)
            except WaypostError as exc:
                return _html(pages.message("No HAR", str(exc), 400))
            body = path.read_bytes()
        headers = {"Content-Disposition": f'attachment; filename="waypost-run-{run.id}.har"'}
        return Response(body, media_type="application/json", headers=headers)

    async def shot(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        name = request.path_params["name"]
        folder = wp.recorder.screenshots
        if name not in run.shots or folder is None or not (folder / name).is_file():
            return _html(pages.message("No such screenshot", "There is no such screenshot of this run.", 404))
        return FileResponse(folder / name, media_type="image/png", headers={"Cache-Control": "private"})

    async def stop(request: Request) -> Response:
        run, missing = run_or_404(request)
        if missing:
            return missing
        await runs.stop(run)
        return RedirectResponse(f"/runs/{run.id}", status_code=303)

    async def archive(request: Request) -> Response:
        query = request.query_params.get("q", "").strip()
        hits, error = None, None
        if query:
            try:
                hits = await wp.archive.search(query[:500], limit=20)
            except WaypostError as exc:
                error = str(exc)
        status = 400 if error else 200
        return _html(pages.layout("Archive", pages.archive_page(query, hits, error), status=status))

    async def document(request: Request) -> Response:
        try:
            offset = max(0, int(request.query_params.get("offset", "0")))
        except ValueError:
            return _html(pages.message("Bad offset", "The offset must be a whole number.", 400))
        try:
            doc = await wp.archive.get(request.path_params["doc_id"], offset=offset, length=20000)
        except WaypostError as exc:
            status = 404 if isinstance(exc, LookupError) else 400
            return _html(pages.message("No such document", str(exc), status))
        return _html(pages.layout(doc.title or doc.url, pages.document_page(doc)))

    async def sessions(request: Request) -> Response:
        return _html(pages.layout("Sessions", pages.sessions_page(wp.sessions.status())))

    async def clear_session(request: Request) -> Response:
        try:
            await wp.sessions.clear(request.path_params["session_id"])
        except WaypostError as exc:
            return _html(pages.message("Cannot clear", str(exc), 400))
        return RedirectResponse("/sessions", status_code=303)

    async def skills(request: Request) -> Response:
        listed = wp.skills.list(include_retired=True)
        return _html(pages.layout("Skills", pages.skills_page(listed)))

    async def skill(request: Request) -> Response:
        try:
            found = wp.skills.show(request.path_params["name"])
        except WaypostError as exc:
            return _html(pages.message("No such skill", str(exc), 404))
        return _html(pages.layout(f"Skill {found.name}", pages.skill_page(found)))

    async def retire(request: Request) -> Response:
        try:
            found = wp.skills.retire(request.path_params["name"])
        except WaypostError as exc:
            return _html(pages.message("No such skill", str(exc), 404))
        return RedirectResponse(f"/skills/{found.name}", status_code=303)

    async def generated(request: Request) -> Response:
        return _html(pages.layout("Generated tools", pages.tools_page(wp.skills.generated())))

    async def not_found(request: Request, exc: Exception) -> Response:
        return _html(pages.message("Not found", "There is no page at this address.", 404))

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("web view error on %s", request.url.path)
        return _html(pages.message("Error", f"Something went wrong: {type(exc).__name__}.", 500))

    page_routes = [
        Route("/", home),
        Route("/runs", start_run, methods=["POST"]),
        Route("/runs/{run_id}", show_run),
        Route("/runs/{run_id}/events", run_events),
        Route("/runs/{run_id}/answer", answer, methods=["POST"]),
        Route("/runs/{run_id}/stop", stop, methods=["POST"]),
        Route("/runs/{run_id}/resume", resume, methods=["POST"]),
        Route("/runs/{run_id}/transcript", transcript),
        Route("/runs/{run_id}/har", har),
        Route("/runs/{run_id}/shots/{name}", shot),
        Route("/archive", archive),
        Route("/archive/{doc_id}", document),
        Route("/sessions", sessions),
        Route("/sessions/{session_id}/clear", clear_session, methods=["POST"]),
        Route("/skills", skills),
        Route("/skills/{name}", skill),
        Route("/skills/{name}/retire", retire, methods=["POST"]),
        Route("/tools", generated),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    routes = [*(page_routes if pages_on else []), *mcp_routes]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={404: not_found, 500: server_error},
    )
    app.add_middleware(Guard, token=token, host=host, port=port)
    app.state.runs = runs
    app.state.wp = wp
    return app


def _mcp_server(wp: Waypost) -> Any:
    """Waypost's MCP tools on the web view's own :class:`Waypost` (started by the app's lifespan)."""
    from waypost.server.mcp_server import build_server

    return build_server(wp=wp)


class WebServer:
    """The web view served by uvicorn in a background thread (tests, screenshot scripts)."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        pages_on: bool = True,
    ) -> None:
        import socket

        import uvicorn

        if port == 0:
            with socket.socket() as probe:
                probe.bind((host, 0))
                port = probe.getsockname()[1]
        self.host, self.port = host, port
        self.token = token or secrets.token_urlsafe(24)
        self.app = build_app(settings, token=self.token, host=host, port=port, pages_on=pages_on)
        config = uvicorn.Config(self.app, host=host, port=port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self.server.run, name="waypost-web", daemon=True)

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def url(self) -> str:
        """The address with the token, as ``waypost serve`` prints it."""
        return f"{self.origin}/?token={self.token}"

    def start(self, timeout: float = 60.0) -> WebServer:
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("The web view did not start.")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self._thread.join(timeout=30)

    def __enter__(self) -> WebServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve(
    settings: Settings | None = None, *, host: str = "127.0.0.1", port: int = 8780, pages_on: bool = True
) -> None:
    """Serve the web view (or, with ``pages_on=False``, MCP alone) until interrupted.

    Prints the address with its access token; MCP clients send the token as a bearer.
    """
    import uvicorn

    token = secrets.token_urlsafe(24)
    app = build_app(settings, token=token, host=host, port=port, pages_on=pages_on)
    shown = f"[{host}]" if ":" in host else host
    if pages_on:
        print(f"Waypost web view: http://{shown}:{port}/?token={token}", flush=True)
    print(f"MCP over HTTP: http://{shown}:{port}/mcp (Authorization: Bearer {token})", flush=True)
    if host not in LOOPBACK:
        print(f"Warning: listening on {host}, not only this computer; anyone with the token can drive it.")
    uvicorn.run(app, host=host, port=port, log_level="warning", lifespan="on")
