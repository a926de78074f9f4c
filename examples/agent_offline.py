"""The agent, with the offline planner (no model, no key), through the blocking SyncWaypost."""

import sys

from waypost import SyncWaypost

SITE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8765"

with SyncWaypost(loopback_only=SITE.startswith("http://127.")) as wp:
    result = wp.run(
        "Open the politics section and give me its top headline",
        start_url=SITE + "/",
        approve="deny",
        max_steps=20,
    )
    for action in result.actions:
        print(" ", action.get("line") or action.get("tool"))
    print("Answer:", result.answer)
    print(f"{result.steps} steps, stop_reason={result.stop_reason}, success={result.success}")
