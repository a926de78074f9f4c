"""Waypost as an MCP client: other MCP servers' tools join the agent's tool catalogue.

:class:`McpClients` connects (stdio or streamable HTTP, with the official ``mcp`` SDK) and lists
each server's tools as :class:`~waypost.tools.registry.ToolSpec` s named ``<server>__<tool>``;
:mod:`waypost.mcp_client.config` reads the ``mcpServers`` JSON shape, command lines and URLs.
"""

from waypost.mcp_client.client import Connection, McpClients, result_text, runs_code
from waypost.mcp_client.config import (
    ServerConfig,
    collect,
    derive_name,
    read_config_file,
    server_from_entry,
    server_from_spec,
)

__all__ = [
    "Connection",
    "McpClients",
    "ServerConfig",
    "collect",
    "derive_name",
    "read_config_file",
    "result_text",
    "runs_code",
    "server_from_entry",
    "server_from_spec",
]
