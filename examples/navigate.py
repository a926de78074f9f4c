"""Open a page, read the view a model reads, follow the link that matches a hint, go back."""

import asyncio
import sys

from waypost import Waypost

SITE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8765"


async def main() -> None:
    async with Waypost(loopback_only=SITE.startswith("http://127.")) as wp:
        view = await wp.navigate(SITE + "/", hint="Politik", session_id="example")
        print(view.text)
        print(f"-- {view.tokens} tokens, {len(view.links)} links in all, HTTP {view.status}")
        hinted = next(link for link in view.links if link.matches_hint)
        second = await wp.navigate(hinted.url, session_id="example")
        print(f"followed: {hinted.label} -> {second.title}")
        back = await wp.navigate("back", session_id="example")
        print(f"back on: {back.title}")


asyncio.run(main())
