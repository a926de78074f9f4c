"""Act on a page in plain words, then find what was seen in the archive."""

import asyncio
import sys

from waypost import Waypost

SITE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8765"


async def main() -> None:
    async with Waypost(loopback_only=SITE.startswith("http://127.")) as wp:
        await wp.navigate(SITE + "/", session_id="example")
        report = await wp.act("accept the cookies", session_id="example")
        print(report.text)
        report = await wp.act("click the Politik link", session_id="example")
        print(report.text, "| done:", report.ok)
        await wp.archive.flush()
        for hit in await wp.archive.search("Haushalt", limit=3):
            print(f"doc {hit.id}: {hit.title} — {hit.snippet[:80]}")


asyncio.run(main())
