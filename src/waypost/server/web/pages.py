"""HTML for the web view. Every value from a run, a page or a user goes through :func:`esc`."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from waypost.agent.critical import masked
from waypost.server.web.runs import APPROVE_POLICIES, PLANNER_MODES, WebRun

_MARK = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)


def esc(value: object) -> str:
    """HTML-escape anything (quotes included, so it is safe in attributes too)."""
    return html.escape("" if value is None else str(value), quote=True)


def when(epoch: float | None) -> str:
    if not epoch:
        return "never"
    return datetime.fromtimestamp(epoch, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def marked_snippet(snippet: str) -> str:
    """Escape a search snippet, then turn only its ``**match**`` markers into ``<mark>``."""
    return _MARK.sub(r"<mark>\1</mark>", esc(snippet))


def layout(title: str, body: str, *, status: int = 200) -> tuple[str, int]:
    page = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} · Waypost</title>
<link rel="stylesheet" href="/static/web.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>
<nav aria-label="Main">
<a href="/"><strong>Waypost</strong></a>
<a href="/">Runs</a>
<a href="/archive">Archive</a>
<a href="/sessions">Sessions</a>
<a href="/skills">Skills</a>
<a href="/tools">Generated tools</a>
</nav>
</header>
<main id="main">
<h1>{esc(title)}</h1>
{body}
</main>
</body>
</html>
"""
    return page, status


def message(title: str, text: str, status: int) -> tuple[str, int]:
    return layout(
        title, f'<p role="alert">{esc(text)}</p><p><a href="/">Back to the runs</a></p>', status=status
    )


def home(
    runs: list[WebRun],
    *,
    error: str | None = None,
    form: dict[str, str] | None = None,
    configured: tuple[str, str | None] | None = None,
    default_mode: str = "full",
) -> str:
    """The runs page: the form to start one and every run so far.

    Args:
        runs: The runs, newest first.
        error: A message about the form just sent.
        form: What was typed (kept after an error).
        configured: The model and endpoint of the settings (``WAYPOST_MODEL``...), if one is set.
        default_mode: The settings' planner mode.
    """
    form = form or {}
    options = "".join(
        f'<option value="{p}"{" selected" if form.get("approve", "ask") == p else ""}>{p}</option>'
        for p in APPROVE_POLICIES
    )
    modes = [("", f"as in the settings ({default_mode})")] + [
        (m, {"full": "full: page views", "rag": "rag: Planner-RAG (find_evidence, small views)"}[m])
        for m in PLANNER_MODES
    ]
    mode_options = "".join(
        f'<option value="{v}"{" selected" if form.get("planner_mode", "") == v else ""}>{esc(label)}</option>'
        for v, label in modes
    )
    choice = form.get("model_choice") or ("custom" if form.get("model") else "offline")
    choices = [("offline", "The offline planner (no model needed)")]
    if configured is not None:
        where = configured[1] or "OpenAI's endpoint"
        choices.append(("settings", f"From the settings: {configured[0]} at {where}"))
    choices.append(("custom", "Another model at an OpenAI-compatible endpoint (below)"))
    radios = "".join(
        f'<p><input type="radio" id="mc-{v}" name="model_choice" value="{v}"'
        f'{" checked" if choice == v else ""}> <label for="mc-{v}">{esc(label)}</label></p>'
        for v, label in choices
    )
    alert = f'<p role="alert" class="error">{esc(error)}</p>' if error else ""
    rows = "".join(
        f'<tr><td><a href="/runs/{esc(r.id)}">{esc(r.task[:120])}</a></td>'
        f"<td>{esc(r.start_url or '')}</td><td>{esc(r.status)}</td><td>{esc(when(r.created))}</td></tr>"
        for r in runs
    )
    table = (
        f"<table><caption>Runs of this server and the finished runs of earlier ones</caption>"
        f'<thead><tr><th scope="col">Task</th><th scope="col">Start page</th>'
        f'<th scope="col">Status</th><th scope="col">Started</th></tr></thead><tbody>{rows}</tbody></table>'
        if runs
        else "<p>No runs yet.</p>"
    )
    return f"""{alert}
<section aria-labelledby="new-run">
<h2 id="new-run">Start a run</h2>
<form method="post" action="/runs">
<p><label for="task">Task</label><br>
<textarea id="task" name="task" rows="3" cols="70" required>{esc(form.get("task", ""))}</textarea></p>
<p><label for="start_url">Start page (http or https URL, optional)</label><br>
<input id="start_url" name="start_url" type="url" size="70" value="{esc(form.get("start_url", ""))}"></p>
<p><label for="approve">Critical actions (sending passwords, buying, deleting…)</label>
<select id="approve" name="approve">{options}</select></p>
<p><label for="planner_mode">Planner mode</label>
<select id="planner_mode" name="planner_mode">{mode_options}</select></p>
<fieldset><legend>Model</legend>
{radios}
<p><label for="model">Model name (for another model)</label><br>
<input id="model" name="model" size="40" value="{esc(form.get("model", ""))}"></p>
<p><label for="base_url">Model endpoint (OpenAI-compatible base URL; key: WAYPOST_API_KEY)</label><br>
<input id="base_url" name="base_url" type="url" size="70" value="{esc(form.get("base_url", ""))}"></p>
</fieldset>
<p><button type="submit">Start</button></p>
</form>
</section>
<section aria-labelledby="past-runs">
<h2 id="past-runs">Runs</h2>
{table}
</section>"""


def run_page(run: WebRun) -> str:
    endpoint = f" at {run.base_url}" if run.base_url else ""
    rid = esc(run.id)
    stop = (
        f'<form method="post" action="/runs/{rid}/stop" id="stop-form">'
        '<button type="submit">Stop the run</button></form>'
        if not run.finished
        else ""
    )
    # Shown when the run ends before its end (the script unhides it when the stream says so).
    resume = (
        f'<form method="post" action="/runs/{rid}/resume" id="resume-form"'
        f"{'' if run.resumable else ' hidden'}>"
        "<p>The run stopped before its end; it can go on from its last checkpoint.</p>"
        '<button type="submit">Resume the run</button></form>'
        if run.thread_id
        else ""
    )
    links = (
        f'<p><a href="/runs/{rid}/transcript">Transcript (from the checkpoint)</a> · '
        f'<a href="/runs/{rid}/har" download>Download the HAR</a> (every response the browser got)</p>'
    )
    return f"""<dl class="facts">
<dt>Task</dt><dd id="task">{esc(run.task)}</dd>
<dt>Start page</dt><dd>{esc(run.start_url or "none")}</dd>
<dt>Approval</dt><dd>{esc(run.approve)}</dd>
<dt>Planner mode</dt><dd>{esc(run.planner_mode or "as in the settings")}</dd>
<dt>Model</dt><dd>{esc(_model_name(run))}{esc(endpoint)}</dd>
<dt>Status</dt><dd id="status" aria-live="polite">{esc(run.status)}</dd>
</dl>
{links}
{stop}{resume}
<section aria-labelledby="steps-h">
<h2 id="steps-h">Steps</h2>
<ol id="steps" data-stream="/runs/{rid}/events" aria-live="polite"></ol>
<noscript><p>Live steps need JavaScript; <a href="/runs/{rid}/events">the raw event stream</a>
works without it.</p></noscript>
</section>
<script src="/static/web.js"></script>"""


def _model_name(run: WebRun) -> str:
    if run.model in (None, ""):
        return "from the settings"
    return "offline planner" if run.model == "offline" else run.model


def event_html(run: WebRun, event: dict[str, Any]) -> str:
    """One event as a list item (the SSE stream sends this, already escaped)."""
    kind = event.get("type")
    seq = event.get("seq", 0)
    if kind == "tool_start":
        name = esc(event.get("name"))
        return f'<li class="call">step {esc(event.get("step"))}: calling <code>{name}</code></li>'
    if kind == "tool_end":
        mark = "ok" if event.get("ok") else "failed"
        step = esc(event.get("step"))
        took = f" · {float(event['seconds']):.1f} s" if event.get("seconds") is not None else ""
        parts = [
            f'<li class="result {mark}"><p>step {step}: <code>{esc(event.get("name"))}</code> '
            f"{mark}: {esc(event.get('line') or '')}{took}</p>"
        ]
        if event.get("view"):
            cut = " (cut)" if event.get("view_cut") else ""
            parts.append(
                f"<details><summary>What the model read after step {step}{cut}</summary>"
                f'<pre class="view">{esc(event["view"])}</pre></details>'
            )
        if event.get("shot"):
            src = f"/runs/{esc(run.id)}/shots/{quote(str(event['shot']))}"
            parts.append(
                f'<figure><a href="{src}"><img class="shot" src="{src}" loading="lazy" width="480" '
                f'alt="The page after step {step} ({esc(event.get("name"))})"></a>'
                f"<figcaption>The page after step {step}</figcaption></figure>"
            )
        return "".join(parts) + "</li>"
    if kind == "node":
        if not event.get("url") and "tokens_in" not in event:
            return ""  # a node that changed nothing worth showing (validators, reporters)
        parts = [f"node <code>{esc(event.get('node'))}</code>"]
        if event.get("step") is not None and event.get("node") == "agent":
            parts.insert(0, f"step {esc(event.get('step'))}")
        if event.get("url"):
            parts.append(f"URL {esc(event['url'])}")
        if "step_tokens_in" in event:
            parts.append(
                f"this step: {esc(event['step_tokens_in'])} tokens in, "
                f"{esc(event.get('step_tokens_out', 0))} out, {float(event.get('step_seconds') or 0):.1f} s"
            )
        if "tokens_in" in event:
            parts.append(
                f"run: {esc(event.get('tokens_in'))} tokens in, {esc(event.get('tokens_out', 0))} out"
            )
        return f'<li class="node">{" · ".join(parts)}</li>'
    if kind == "content":
        return f'<li class="content">model: {esc(event.get("text"))}</li>'
    if kind == "question":
        payload = event.get("payload") or {}
        qid = esc(event.get("id"))
        editable = payload.get("editable") or {}
        fields = "".join(
            f'<p><label for="edit-{qid}-{esc(k)}">{esc(k)}</label><br>'
            f'<input id="edit-{qid}-{esc(k)}" name="arg.{esc(k)}" size="60" value="{esc(v)}"></p>'
            for k, v in editable.items()
        )
        edit = (
            f"<details><summary>Edit the action before approving it</summary>{fields}"
            '<p><button type="submit" name="reply" value="edit">Approve as edited</button></p></details>'
            if editable
            else ""
        )
        return f"""<li class="question" id="q-{qid}"><form method="post" action="/runs/{esc(run.id)}/answer">
<p><strong>Approval needed:</strong> {esc(payload.get("action") or payload.get("tool"))}</p>
<p>Why: {esc(payload.get("reason"))}</p>
<input type="hidden" name="question" value="{qid}">
<button type="submit" name="reply" value="yes">Approve</button>
<button type="submit" name="reply" value="no">Deny</button>
{edit}</form></li>"""
    if kind == "answered":
        reply = event.get("reply")
        verdict = {"yes": "approved", "edit": "approved as edited"}.get(str(reply), "denied")
        return f'<li class="answered" data-question="q-{esc(event.get("id"))}">The action was {verdict}.</li>'
    if kind == "resumed":
        return '<li class="resumed">The run was resumed from its last checkpoint.</li>'
    if kind == "done":
        return (
            '<li class="done"><p><strong>Answer:</strong> '
            f'<span class="answer">{esc(event.get("answer"))}</span></p>'
            f"<p>{'success' if event.get('success') else 'not done: ' + esc(event.get('stop_reason'))} · "
            f"{esc(event.get('steps'))} steps · {esc(event.get('tokens_in'))} tokens in, "
            f"{esc(event.get('tokens_out'))} out · {float(event.get('seconds') or 0):.1f} s</p></li>"
        )
    if kind == "stopped":
        return '<li class="stopped">The run was stopped.</li>'
    if kind == "error":
        return f'<li class="error" role="alert">The run failed: {esc(event.get("message"))}</li>'
    return f"<li>event {esc(seq)}: {esc(kind)}</li>"


def archive_page(query: str, hits: list[Any] | None, error: str | None) -> str:
    alert = f'<p role="alert" class="error">{esc(error)}</p>' if error else ""
    results = ""
    if hits is not None:
        if not hits:
            results = "<p>Nothing found.</p>"
        else:
            items = "".join(
                f'<li><a href="/archive/{quote(str(h.id))}">{esc(h.title or h.url)}</a>'
                f"<br><small>{esc(h.url)} · {esc(h.fetched)} · session {esc(h.session_id)}</small>"
                f'<p class="snippet">{marked_snippet(h.snippet)}</p></li>'
                for h in hits
            )
            results = f'<ol class="hits">{items}</ol>'
    return f"""<form method="get" action="/archive" role="search">
<p><label for="q">Search the archived pages</label>
<input id="q" name="q" size="50" value="{esc(query)}"> <button type="submit">Search</button></p>
</form>
{alert}{results}"""


def document_page(doc: Any) -> str:
    nxt = (
        f'<p><a href="/archive/{quote(str(doc.id))}?offset={doc.next_offset}">Next part</a></p>'
        if doc.next_offset is not None
        else ""
    )
    return f"""<dl class="facts"><dt>URL</dt><dd>{esc(doc.url)}</dd>
<dt>Fetched</dt><dd>{esc(doc.fetched)}</dd>
<dt>Type</dt><dd>{esc(doc.mime)}</dd><dt>Status</dt><dd>{esc(doc.status)}</dd>
<dt>Characters</dt><dd>{esc(doc.offset)}–{esc(doc.offset + len(doc.text))} of {esc(doc.total_chars)}</dd></dl>
<pre class="doc">{esc(doc.text)}</pre>{nxt}"""


def sessions_page(sessions: list[Any]) -> str:
    if not sessions:
        return "<p>No sessions.</p>"
    rows = "".join(
        f"<tr><td>{esc(s.session_id)}</td><td>{'yes' if s.live else 'no'}</td><td>{esc(s.url or '')}</td>"
        f"<td>{esc(when(s.last_used))}</td><td>"
        f'<form method="post" action="/sessions/{quote(s.session_id)}/clear">'
        f'<button type="submit" aria-label="Clear session {esc(s.session_id)}">Clear</button>'
        "</form></td></tr>"
        for s in sessions
    )
    return (
        '<table><thead><tr><th scope="col">Session</th><th scope="col">Live</th><th scope="col">URL</th>'
        f'<th scope="col">Last used</th><th scope="col">Action</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def skills_page(skills: list[Any]) -> str:
    if not skills:
        return "<p>No skills.</p>"
    rows = "".join(
        f'<tr><td><a href="/skills/{quote(s.name)}">{esc(s.name)}</a></td><td>{esc(s.description)}</td>'
        f"<td>{esc(s.uses)}</td><td>{esc(s.successes)}</td><td>{s.confidence:.2f}</td>"
        f"<td>{'retired' if s.retired else 'active'}</td></tr>"
        for s in skills
    )
    return (
        '<table><thead><tr><th scope="col">Skill</th><th scope="col">What for</th><th scope="col">Uses</th>'
        '<th scope="col">Successes</th><th scope="col">Confidence</th><th scope="col">State</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def skill_page(skill: Any) -> str:
    retire = (
        ""
        if skill.retired
        else f'<form method="post" action="/skills/{quote(skill.name)}/retire">'
        '<button type="submit">Retire this skill</button></form>'
    )
    macro = f"<h2>Macro</h2><pre>{esc(skill.macro)}</pre>" if skill.macro else ""
    return f"""<dl class="facts"><dt>What for</dt><dd>{esc(skill.description)}</dd>
<dt>Keywords</dt><dd>{esc(", ".join(skill.keywords))}</dd><dt>Source</dt><dd>{esc(skill.source)}</dd>
<dt>Uses</dt><dd>{esc(skill.uses)} ({esc(skill.successes)} successful)</dd>
<dt>Confidence</dt><dd>{skill.confidence:.2f}</dd>
<dt>State</dt><dd>{"retired" if skill.retired else "active"}</dd></dl>
<h2>Instructions</h2><pre>{esc(skill.instructions)}</pre>{macro}{retire}"""


def transcript_page(run: WebRun, result: Any) -> str:
    """The run's working history as the checkpoint keeps it: messages, tool calls, results."""
    facts = (
        f'<dl class="facts"><dt>Run</dt><dd><a href="/runs/{esc(run.id)}">{esc(run.task[:200])}</a></dd>'
        f"<dt>Stop reason</dt><dd>{esc(result.stop_reason)}</dd>"
        f"<dt>Steps</dt><dd>{esc(result.steps)}</dd>"
        f"<dt>Tokens</dt><dd>{esc(result.tokens_in)} in, {esc(result.tokens_out)} out</dd>"
        f"<dt>Answer</dt><dd>{esc(result.answer or '(none yet)')}</dd></dl>"
    )
    if result.pending:
        facts += f'<p class="question">Waiting for approval: {esc(result.pending.get("action"))}</p>'
    items = []
    for entry in result.transcript:
        role = str(entry.get("role"))
        name = f" <code>{esc(entry['name'])}</code>" if entry.get("name") else ""
        status = f" ({esc(entry['status'])})" if entry.get("status") else ""
        body = f"<pre>{esc(entry.get('content'))}</pre>" if entry.get("content") else ""
        calls = "".join(
            f"<li>calls <code>{esc(c.get('name'))}</code> "
            f"<code>{esc(_json(masked(str(c.get('name')), c.get('args') or {})))}</code></li>"
            for c in entry.get("tool_calls") or []
        )
        calls = f"<ul>{calls}</ul>" if calls else ""
        items.append(
            f'<li class="msg {esc(role)}"><p><strong>{esc(role)}</strong>{name}{status}</p>{body}{calls}</li>'
        )
    return f'{facts}<h2>Messages</h2><ol class="transcript">{"".join(items)}</ol>'


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, default=str)


def tools_page(tools: list[Any]) -> str:
    """Generated tools: the registered ones, and the rejected ones with the gate's reason."""
    if not tools:
        return "<p>No generated tools yet: tools are generated from failures that repeat.</p>"
    rows = []
    for t in tools:
        prov = t.provenance or {}
        gate = prov.get("gate") or {}
        why = esc(t.reason) if t.status == "rejected" else ""
        stage = (
            f" (at the {esc(gate.get('stage'))} stage)"
            if t.status == "rejected" and gate.get("stage")
            else ""
        )
        rows.append(
            f"<tr><td><code>{esc(t.name)}</code></td><td>{esc(t.status)}</td><td>{esc(t.description)}</td>"
            f"<td>{esc(', '.join(t.params))}</td><td>{esc(prov.get('template', ''))} "
            f"{esc(prov.get('by', ''))}</td><td>{esc(when(t.created))}</td>"
            f'<td class="why">{why}{stage}</td></tr>'
        )
    return (
        "<table><caption>Tools made by tool generation, and what the quality gate said</caption>"
        '<thead><tr><th scope="col">Tool</th><th scope="col">State</th><th scope="col">What for</th>'
        '<th scope="col">Parameters</th><th scope="col">From</th><th scope="col">Made</th>'
        '<th scope="col">Why refused</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
