"""Which MCP servers to connect to: the ``mcpServers`` JSON shape, command lines and URLs.

The shape is the one MCP clients share::

    {"mcpServers": {
        "notes": {"command": "python", "args": ["notes_server.py"], "env": {"TOKEN": "..."}},
        "docs": {"url": "http://127.0.0.1:8000/mcp", "headers": {"Authorization": "Bearer ..."}}
    }}

Bad input is refused in one line (:class:`~waypost.errors.ConfigError`) before anything starts.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from waypost.errors import ConfigError

_NAME = re.compile(r"[^A-Za-z0-9]+")
_GENERIC = {"mcp", "server", "index", "main", "cli", "run", "app", "stdio", "http", "latest"}
MAX_NAME = 24


@dataclass(frozen=True)
class ServerConfig:
    """One MCP server: a command to start (stdio) or a URL (streamable HTTP).

    Attributes:
        name: The server's name; its tools are called ``<name>__<tool>``.
        command: The program to start (stdio).
        args: Its arguments.
        env: Extra environment variables for it.
        cwd: Its working directory.
        url: The streamable-HTTP endpoint (instead of a command).
        headers: HTTP headers sent with every request (e.g. a token).
    """

    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def transport(self) -> str:
        return "http" if self.url else "stdio"

    def describe(self) -> str:
        """``python notes_server.py`` or the URL: for messages (no env values, no headers)."""
        if self.url:
            return self.url
        return shlex.join([self.command or "", *self.args])


def clean_name(text: str) -> str:
    """A server name models can read in a tool name: letters, digits and single underscores."""
    name = _NAME.sub("_", text).strip("_").lower()[:MAX_NAME].strip("_")
    return name or "server"


def derive_name(spec: str) -> str:
    """A name for a server given by command line or URL, e.g. ``npx @playwright/mcp`` → ``playwright_mcp``."""
    spec = spec.strip()
    if spec.startswith(("http://", "https://")):
        parts = urlsplit(spec)
        words = [w for w in re.split(r"[./:-]", parts.hostname or "") if w and not w.isdigit()]
        path = [w for w in parts.path.split("/") if w and w.lower() not in _GENERIC]
        return clean_name("_".join([*(words[:1] or ["http"]), *path[-1:]]))
    try:
        tokens = shlex.split(spec)
    except ValueError:
        tokens = spec.split()
    plain = [t for t in tokens[1:] if not t.startswith("-")]
    # The script or package names the server: notes.py, @playwright/mcp@latest, mcp-server-fetch.
    named = [t for t in plain if re.search(r"[/@\\]|\.(py|js|mjs|ts)$", t)]
    token = (named or plain or tokens or ["server"])[0]
    token = re.sub(r"(?<=.)@[^/@]*$", "", token)  # a version: @playwright/mcp@latest
    parts = [p for p in re.split(r"[\\/]", token) if p]
    stem = re.sub(r"\.(py|js|mjs|ts|sh|exe)$", "", parts[-1] if parts else token)
    if stem.lower() in _GENERIC and len(parts) > 1:
        stem = f"{parts[-2].lstrip('@')}_{stem}"
    return clean_name(stem)


def _strings(value: Any, what: str) -> Mapping[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise ConfigError(f"{what} must be an object of names to text.")
    return {k: str(v) for k, v in value.items()}


def server_from_entry(name: str, entry: Any) -> ServerConfig:
    """One ``mcpServers`` entry as a :class:`ServerConfig`.

    Raises:
        ConfigError: The entry has neither ``command`` nor ``url``, or a field of the wrong kind.
    """
    where = f"MCP server {name!r}"
    if isinstance(entry, str):
        return server_from_spec(entry, name=name)
    if not isinstance(entry, Mapping):
        raise ConfigError(f"{where}: give an object with 'command' (and 'args') or 'url'.")
    url, command = entry.get("url"), entry.get("command")
    if url is not None:
        if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https"):
            raise ConfigError(f"{where}: 'url' must be an http(s) URL, not {url!r}.")
        return ServerConfig(name=clean_name(name), url=url, headers=_strings(entry.get("headers"), where))
    if not isinstance(command, str) or not command.strip():
        raise ConfigError(f"{where}: give 'command' (a program to start) or 'url' (streamable HTTP).")
    args = entry.get("args") or []
    if not isinstance(args, list | tuple) or not all(isinstance(a, str | int | float) for a in args):
        raise ConfigError(f"{where}: 'args' must be a list of strings.")
    cwd = entry.get("cwd")
    if cwd is not None and not isinstance(cwd, str):
        raise ConfigError(f"{where}: 'cwd' must be a folder path.")
    return ServerConfig(
        name=clean_name(name),
        command=command.strip(),
        args=tuple(str(a) for a in args),
        env=_strings(entry.get("env"), f"{where}: 'env'"),
        cwd=cwd,
    )


def server_from_spec(spec: str, *, name: str | None = None) -> ServerConfig:
    """A server from a command line (``"python notes.py --flag"``) or a URL; ``NAME=`` may lead.

    Raises:
        ConfigError: Empty, or not a command line.
    """
    text = spec.strip()
    match = re.match(r"^([A-Za-z][\w-]{0,40})=(?!=)(.+)$", text)
    if match and name is None and not text.startswith(("http://", "https://")):
        name, text = match.group(1), match.group(2).strip()
    if not text:
        raise ConfigError("--mcp-server needs a command line or an http(s) URL.")
    if text.startswith(("http://", "https://")):
        return server_from_entry(name or derive_name(text), {"url": text})
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise ConfigError(f"--mcp-server {spec!r} is not a command line ({exc}).") from None
    return ServerConfig(name=clean_name(name or derive_name(text)), command=tokens[0], args=tuple(tokens[1:]))


def read_config_file(path: str | Path) -> list[ServerConfig]:
    """The servers of a JSON file with an ``mcpServers`` object.

    Raises:
        ConfigError: The file cannot be read, is not JSON, or has no ``mcpServers`` object.
    """
    path = Path(path).expanduser()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"The MCP config {path} cannot be read ({exc.strerror or exc}).") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"The MCP config {path} is not JSON ({exc}).") from None
    servers = data.get("mcpServers") if isinstance(data, Mapping) else None
    if not isinstance(servers, Mapping):
        raise ConfigError(f'The MCP config {path} needs an object {{"mcpServers": {{"name": {{...}}}}}}.')
    return [server_from_entry(str(n), e) for n, e in servers.items()]


def collect(
    servers: Mapping[str, Any] | Iterable[Any] | None = None,
    *,
    config_file: str | Path | None = None,
) -> list[ServerConfig]:
    """Every configured server, names made unique (a second ``notes`` becomes ``notes_2``).

    Args:
        servers: ``mcpServers`` entries by name, or a list of command lines, URLs and
            :class:`ServerConfig` s.
        config_file: A JSON file with an ``mcpServers`` object.
    """
    found: list[ServerConfig] = []
    if config_file is not None:
        found += read_config_file(config_file)
    if isinstance(servers, Mapping):
        found += [server_from_entry(str(n), e) for n, e in servers.items()]
    elif servers is not None:
        for item in servers:
            found.append(item if isinstance(item, ServerConfig) else server_from_spec(str(item)))
    seen: dict[str, int] = {}
    unique = []
    for server in found:
        count = seen.get(server.name, 0) + 1
        seen[server.name] = count
        if count > 1:
            server = ServerConfig(**{**server.__dict__, "name": f"{server.name}_{count}"})
        unique.append(server)
    return unique


def attach_browser(servers: Iterable[ServerConfig], cdp_url: str | None) -> list[ServerConfig]:
    """Playwright MCP servers pointed at Waypost's own browser when Waypost is attached by CDP.

    A stdio server started from ``@playwright/mcp`` without a ``--cdp-endpoint`` of its own gets
    ``--cdp-endpoint <cdp_url>``, so its tools (``browser_run_code`` too) act in the same browser.
    Without a CDP URL (Waypost launched its own Chromium) nothing changes.
    """
    out = []
    for server in servers:
        words = [server.command or "", *server.args]
        if (
            cdp_url
            and any("@playwright/mcp" in w for w in words)
            and not any(w.startswith("--cdp-endpoint") for w in words)
        ):
            server = ServerConfig(**{**server.__dict__, "args": (*server.args, "--cdp-endpoint", cdp_url)})
        out.append(server)
    return out
