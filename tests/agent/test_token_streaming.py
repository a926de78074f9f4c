"""Token streaming: the model's text reaches ``wp.stream`` and the CLI as the endpoint sends it.

The endpoint is a small OpenAI-compatible HTTP server written here (a real socket on 127.0.0.1,
server-sent events), driven through ``make_model`` like any other endpoint.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from tests.agent.test_cli import app
from tests.conftest import make_settings
from waypost.api import Waypost
from waypost.cli import run as agent_cli
from waypost.models import make_model

PIECES = ["The page ", "says ", "hello", " world."]
ANSWER_ARGS = json.dumps({"answer": "hello world"})


class _Endpoint(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict[str, Any]]] = []

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        if not body.get("stream"):
            message = {"role": "assistant", "content": "".join(PIECES), "tool_calls": [self._call()]}
            data = {"id": "c1", "object": "chat.completion", "created": 0, "model": body["model"],
                    "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]}  # fmt: skip
            raw = json.dumps(data).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        deltas = [{"role": "assistant", "content": ""}] + [{"content": p} for p in PIECES]
        deltas.append({"tool_calls": [{"index": 0, **self._call()}]})
        for i, delta in enumerate(deltas):
            finish = "tool_calls" if i == len(deltas) - 1 else None
            chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}  # fmt: skip
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()
            time.sleep(0.05)  # pieces arrive apart, as from a real model
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()

    @staticmethod
    def _call() -> dict[str, Any]:
        return {
            "id": "call_1",
            "type": "function",
            "function": {"name": "final_answer", "arguments": ANSWER_ARGS},
        }


@pytest.fixture
def endpoint() -> Iterator[str]:
    _Endpoint.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)  # a free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


async def test_wp_stream_yields_the_text_as_it_arrives(tmp_path: Path, endpoint: str) -> None:
    model = make_model("streamer", base_url=endpoint, api_key="k")
    async with Waypost(make_settings(tmp_path)) as wp:
        events = [
            (e, time.perf_counter())
            async for e in wp.stream("Say what the page says", model=model, max_steps=2)
        ]
    kinds = [e["type"] for e, _ in events]
    tokens = [(e["text"], t) for e, t in events if e["type"] == "token"]
    assert [text for text, _ in tokens] == PIECES  # piece by piece, in order
    assert tokens[-1][1] - tokens[0][1] > 0.1  # yielded as they came, not all at the end
    assert _Endpoint.requests[0]["stream"] is True
    # The whole text still arrives as one content event after the agent's turn.
    content = kinds.index("content")
    assert kinds.index("token") < content and events[content][0]["text"] == "".join(PIECES)
    assert events[-1][0]["result"].answer == "hello world"


async def test_run_without_streaming_asks_for_no_stream(tmp_path: Path, endpoint: str) -> None:
    model = make_model("streamer", base_url=endpoint, api_key="k")
    async with Waypost(make_settings(tmp_path)) as wp:
        events = [e async for e in wp.stream("Say it", model=model, max_steps=2, stream_tokens=False)]
        result = await wp.run("Say it", model=model, max_steps=2)
    assert "token" not in {e["type"] for e in events} and result.answer == "hello world"
    assert not any(r.get("stream") for r in _Endpoint.requests)


def test_cli_live_view_shows_the_streamed_text(tmp_path: Path, endpoint: str, monkeypatch) -> None:
    shown: list[str] = []
    update = agent_cli.LiveView.update

    def spy(self: agent_cli.LiveView, event: dict[str, Any]) -> None:
        update(self, event)
        if event["type"] == "token":
            shown.append(self.says)  # what the view's "model" row holds after each piece

    monkeypatch.setattr(agent_cli.LiveView, "update", spy)
    result = CliRunner().invoke(
        app,
        ["run", "Say what the page says", "--model", "streamer", "--base-url", endpoint, "--api-key", "k",
         "--data-dir", str(tmp_path), "--loopback-only", "--max-steps", "2"],
    )  # fmt: skip
    assert "hello world" in result.output, result.output
    assert shown == ["The page ", "The page says ", "The page says hello", "The page says hello world."]
