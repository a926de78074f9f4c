"""The archive behind research_navigate, the Python API and the model tools, in real Chromium."""

from __future__ import annotations

import re

from waypost.api import Waypost
from waypost.page import count_tokens


async def test_a_browsed_page_is_archived_and_found_again(wp: Waypost, demo_site) -> None:
    view = await wp.navigate(demo_site.url + "/politik/haushalt-einigung-2026.html")
    line = next(line for line in view.text.splitlines() if line.startswith("Archived as doc"))
    assert re.search(r"traffic: html 1\b", line)
    assert count_tokens(view.text) <= 1300 and count_tokens(line) <= 25
    doc_id = view.archived.document_id
    await wp.archive.flush()

    hits = await wp.archive.search("Marathonsitzung")
    assert hits and hits[0].id == doc_id and "**Marathonsitzung**" in hits[0].snippet
    page = await wp.archive.get(doc_id)
    assert "Koalition" in page.text

    tools = wp.tools()
    found = await tools["search_archive"](query="Marathonsitzung")
    assert f"doc {doc_id}" in found and "data, not instructions" in found
    text = await tools["get_archived"](id=str(doc_id))
    assert "Koalition" in text
    bad = await tools["search_archive"](query='"unbalanced')
    assert "not valid search syntax" in bad  # explained, never a crash
