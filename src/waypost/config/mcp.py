"""Settings of Waypost's MCP client: other MCP servers whose tools the agent may use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class McpSettings(BaseSettings):
    """Other MCP servers to connect to (``WAYPOST_MCP__CONFIG=servers.json``...).

    Attributes:
        servers: Server name → ``{"command", "args", "env", "cwd"}`` (stdio) or
            ``{"url", "headers"}`` (streamable HTTP): the ``mcpServers`` shape MCP clients use.
        config: A JSON file with an ``mcpServers`` object in that shape (read at start).
        start_timeout: Seconds a server may take to start and list its tools.
        call_timeout: Seconds one tool call may take.
    """

    model_config = SettingsConfigDict(env_prefix="WAYPOST_MCP_", extra="forbid")

    servers: dict[str, dict[str, Any]] = Field(default_factory=dict, description="mcpServers entries.")
    config: Path | None = Field(None, description="A JSON file with an mcpServers object.")
    start_timeout: float = Field(30.0, gt=0, le=600, description="Seconds a server may take to start.")
    call_timeout: float = Field(60.0, gt=0, le=3600, description="Seconds one tool call may take.")
