"""The HAR 1.2 structure as a JSON Schema, from the spec (http://www.softwareishard.com/blog/har-12-spec/).

Required fields, types and the ISO 8601 dates; custom fields (starting with ``_``) are allowed
everywhere, as the spec says.
"""

from __future__ import annotations

from typing import Any

_DATE = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"
_NAME_VALUE = {
    "type": "object",
    "required": ["name", "value"],
    "properties": {"name": {"type": "string"}, "value": {"type": "string"}, "comment": {"type": "string"}},
}
_COOKIE = {
    "type": "object",
    "required": ["name", "value"],
    "properties": {"name": {"type": "string"}, "value": {"type": "string"}, "httpOnly": {"type": "boolean"}},
}


def _obj(required: list[str], props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": props}


HAR_12: dict[str, Any] = _obj(
    ["log"],
    {
        "log": _obj(
            ["version", "creator", "entries"],
            {
                "version": {"type": "string", "const": "1.2"},
                "creator": _obj(
                    ["name", "version"], {"name": {"type": "string"}, "version": {"type": "string"}}
                ),
                "browser": _obj(
                    ["name", "version"], {"name": {"type": "string"}, "version": {"type": "string"}}
                ),
                "pages": {
                    "type": "array",
                    "items": _obj(
                        ["startedDateTime", "id", "title", "pageTimings"],
                        {
                            "startedDateTime": {"type": "string", "pattern": _DATE},
                            "id": {"type": "string"},
                            "title": {"type": "string"},
                            "pageTimings": _obj(
                                [],
                                {
                                    "onContentLoad": {"type": "number", "minimum": -1},
                                    "onLoad": {"type": "number", "minimum": -1},
                                },
                            ),
                        },
                    ),
                },
                "entries": {
                    "type": "array",
                    "items": _obj(
                        ["startedDateTime", "time", "request", "response", "cache", "timings"],
                        {
                            "pageref": {"type": "string"},
                            "startedDateTime": {"type": "string", "pattern": _DATE},
                            "time": {"type": "number", "minimum": 0},
                            "request": _obj(
                                [
                                    "method",
                                    "url",
                                    "httpVersion",
                                    "cookies",
                                    "headers",
                                    "queryString",
                                    "headersSize",
                                    "bodySize",
                                ],
                                {
                                    "method": {"type": "string"},
                                    "url": {"type": "string", "format": "uri"},
                                    "httpVersion": {"type": "string"},
                                    "cookies": {"type": "array", "items": _COOKIE},
                                    "headers": {"type": "array", "items": _NAME_VALUE},
                                    "queryString": {"type": "array", "items": _NAME_VALUE},
                                    "headersSize": {"type": "integer"},
                                    "bodySize": {"type": "integer"},
                                },
                            ),
                            "response": _obj(
                                [
                                    "status",
                                    "statusText",
                                    "httpVersion",
                                    "cookies",
                                    "headers",
                                    "content",
                                    "redirectURL",
                                    "headersSize",
                                    "bodySize",
                                ],
                                {
                                    "status": {"type": "integer"},
                                    "statusText": {"type": "string"},
                                    "httpVersion": {"type": "string"},
                                    "cookies": {"type": "array", "items": _COOKIE},
                                    "headers": {"type": "array", "items": _NAME_VALUE},
                                    "content": _obj(
                                        ["size", "mimeType"],
                                        {
                                            "size": {"type": "integer"},
                                            "compression": {"type": "integer"},
                                            "mimeType": {"type": "string"},
                                            "text": {"type": "string"},
                                            "encoding": {"type": "string"},
                                        },
                                    ),
                                    "redirectURL": {"type": "string"},
                                    "headersSize": {"type": "integer"},
                                    "bodySize": {"type": "integer"},
                                },
                            ),
                            "cache": {"type": "object"},
                            "timings": _obj(
                                ["send", "wait", "receive"],
                                {
                                    k: {"type": "number", "minimum": -1}
                                    for k in ("blocked", "dns", "connect", "send", "wait", "receive", "ssl")
                                },
                            ),
                            "serverIPAddress": {"type": "string"},
                            "connection": {"type": "string"},
                            "comment": {"type": "string"},
                        },
                    ),
                },
                "comment": {"type": "string"},
            },
        )
    },
)
