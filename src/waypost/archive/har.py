"""HAR 1.2 export, so browser devtools and other tools can open what the agent saw.

Entries are written one at a time (bodies can be large); the pages (one per navigation) follow
them. Bodies that are valid UTF-8 are written as text, others base64-encoded byte for byte.
Failed requests are entries with status 0 and an ``_error``, as Chromium's devtools write them.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from waypost.archive.records import BodyState
from waypost.archive.store import ArchiveStore, StoredDocument
from waypost.files import output_file
from waypost.version import __version__

HAR_VERSION = "1.2"


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, tz=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _content(doc: StoredDocument) -> dict[str, Any]:
    content: dict[str, Any] = {
        "size": doc.body_size if doc.body_size is not None else (len(doc.raw) if doc.raw else 0),
        "mimeType": doc.headers.get("content-type", doc.mime),
    }
    if doc.raw is not None:
        try:
            content["text"] = doc.raw.decode("utf-8")
        except UnicodeDecodeError:
            content["text"] = base64.b64encode(doc.raw).decode("ascii")
            content["encoding"] = "base64"
    elif doc.body_state != BodyState.NONE:
        content["comment"] = f"body not archived: {doc.body_state}"
    return content


def har_entry(doc: StoredDocument) -> dict[str, Any]:
    """One HAR entry for a stored document."""
    elapsed = max(0.0, (doc.ended - doc.started) * 1000)
    query = [{"name": k, "value": v} for k, v in parse_qsl(urlsplit(doc.url).query, keep_blank_values=True)]
    location = doc.headers.get("location", "")
    entry: dict[str, Any] = {
        "startedDateTime": _iso(doc.started),
        "time": round(elapsed, 3),
        "request": {
            "method": doc.method,
            "url": doc.url,
            "httpVersion": "",
            "cookies": [],
            "headers": [],
            "queryString": query,
            "headersSize": -1,
            "bodySize": -1,
        },
        "response": {
            "status": doc.status or 0,
            "statusText": doc.status_text,
            "httpVersion": "",
            "cookies": [],
            "headers": [{"name": k, "value": v} for k, v in doc.headers.items()],
            "content": _content(doc),
            "redirectURL": location,
            "headersSize": -1,
            "bodySize": doc.body_size if doc.body_size is not None else -1,
        },
        "cache": {},
        "timings": {
            "blocked": -1,
            "dns": -1,
            "connect": -1,
            "ssl": -1,
            "send": 0,
            "wait": round(elapsed, 3),
            "receive": 0,
        },
        "_waypost": {
            "id": str(doc.id),
            "session": doc.session_id,
            "body": doc.body_state,
            "redirects": doc.redirects,
        },
    }
    if doc.nav_id:
        entry["pageref"] = doc.nav_id
    if doc.error:
        entry["_error"] = doc.error
    return entry


def _page(doc: StoredDocument) -> dict[str, Any]:
    return {
        "startedDateTime": _iso(doc.started),
        "id": doc.nav_id,
        "title": doc.title or doc.url,
        "pageTimings": {"onContentLoad": -1, "onLoad": -1},
    }


def write_har_entries(documents: Iterable[StoredDocument], path: Path, *, creator_version: str) -> int:
    """Write documents as a HAR 1.2 file, atomically (0600). Returns the number of entries.

    Raises:
        OutputPathError: ``path`` is not a regular file, its folder is missing, or the disk is full.
    """
    pages: dict[str, dict[str, Any]] = {}
    count = 0
    with output_file(path) as out:
        head = {"version": HAR_VERSION, "creator": {"name": "Waypost", "version": creator_version}}
        out.write('{"log": ' + json.dumps(head, ensure_ascii=False)[:-1] + ', "entries": [')
        for doc in documents:
            out.write(("," if count else "") + "\n" + json.dumps(har_entry(doc), ensure_ascii=False))
            count += 1
            if doc.nav_id and (doc.nav_id not in pages or doc.is_main):
                started = pages[doc.nav_id]["startedDateTime"] if doc.nav_id in pages else None
                pages[doc.nav_id] = _page(doc)
                if started:
                    pages[doc.nav_id]["startedDateTime"] = min(started, pages[doc.nav_id]["startedDateTime"])
        out.write('\n], "pages": ' + json.dumps(list(pages.values()), ensure_ascii=False) + "}}\n")
    return count


def write_har(store: ArchiveStore, path: Path, *, session_id: str | None = None) -> int:
    """Export the archive (or one session's part) as HAR 1.2 to ``path``."""
    return write_har_entries(store.documents(session_id), path, creator_version=__version__)
