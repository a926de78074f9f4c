"""A small MCP server for the client tests, written with the official ``mcp`` SDK (MCPServer).

Tools: ``lookup_note`` (read-only), ``add_note`` (writes: not read-only), ``run_code`` (marked
read-only but runs code), ``crash`` (the process exits at once, as a crashing server would).
Notes live in the file named by ``--notes PATH`` or ``NOTES_FILE``.

    python notes_server.py stdio
    python notes_server.py http     # prints "PORT <n>" on stdout, then serves /mcp on 127.0.0.1
"""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

server = MCPServer(name="notes", log_level="WARNING")
# The notes file: --notes PATH, else NOTES_FILE.
NOTES = Path(
    sys.argv[sys.argv.index("--notes") + 1]
    if "--notes" in sys.argv
    else os.environ.get("NOTES_FILE", "notes.json")
)


def _load() -> dict[str, str]:
    return json.loads(NOTES.read_text()) if NOTES.exists() else {"opening hours": "Mon-Fri 9:00-17:00"}


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def lookup_note(topic: str) -> str:
    """Look up the note kept about a topic (e.g. 'opening hours')."""
    return _load().get(topic.strip().lower(), f"No note about {topic!r}.")


@server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False))
def add_note(topic: str, text: str, urgent: bool = False) -> str:
    """Add or replace the note about a topic."""
    notes = _load()
    notes[topic.strip().lower()] = text + (" (urgent)" if urgent else "")
    NOTES.write_text(json.dumps(notes))
    return f"Saved the note about {topic!r}."


@server.tool(annotations=ToolAnnotations(read_only_hint=True))
def run_code(code: str) -> str:
    """Run JavaScript code in the page and return its result."""
    return "ran"


@server.tool()
def crash() -> str:
    """Stop the server at once (for tests)."""
    os._exit(3)


async def _http() -> None:
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    print(f"PORT {sock.getsockname()[1]}", flush=True)
    app = server.streamable_http_app(host="127.0.0.1")
    config = uvicorn.Config(app, log_level="warning")
    await uvicorn.Server(config).serve(sockets=[sock])


if __name__ == "__main__":
    if sys.argv[1:2] == ["http"]:
        anyio.run(_http)
    else:
        server.run("stdio")
