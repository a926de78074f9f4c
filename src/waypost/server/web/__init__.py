"""``waypost serve``: a local web view to start, watch, steer and review runs, with MCP over HTTP.

Server-rendered HTML (Starlette), a little vanilla JavaScript for Server-Sent Events, nothing
fetched from the internet. Only :class:`waypost.api.Waypost` is used underneath.
"""

from waypost.server.web.app import build_app, serve

__all__ = ["build_app", "serve"]
