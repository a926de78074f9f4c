"""Record real tool transcripts of the offline planner on the demo site, for the replay tests.

Each task runs in a fresh browser profile against ``waypost.demo`` with the real tools; the calls
and the tools' answers are saved with the site's URLs written as ``{portal}`` and ``{finance}``.
Run it again after changing the tools' wording or the planner::

    .venv/bin/python -m tests.agent_planner.record_transcripts
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path

from tests.agent_planner.conftest import normalize
from tests.conftest import SHARED, make_settings

OUT = Path(__file__).with_name("data") / "transcripts.json"
TASKS = [
    ("politics-headline-en", "open the politics section and give me the first headline"),
    ("sport-headline-de", "Finde die Rubrik Sport und nenne die Top-Schlagzeile"),
    ("search-wahlrecht", "search for Wahlrecht"),
    ("login-demo", "log in as demo/demo"),
    ("login-wrong", "log in as demo/falsch"),
    (
        "contact-incomplete",
        "fill the contact form with name Bob, email bob@example.org, message Hallo and send it",
    ),
    (
        "contact-complete-de",
        "Fülle das Kontaktformular aus: Name Alice, E-Mail alice@example.org, Thema Leserbrief, "
        'Nachricht "Hallo", Datenschutz akzeptieren und absenden',
    ),
    ("finance-price", "go to the finance site and tell me the price of Nordlicht Energie"),
    ("missing-section", "open the Karriere section"),
    ("search-then-login", "search for Wahlrecht and then log in as demo/demo"),
    ("login-merkliste", "Log in with username demo and password demo, then tell me what is on my Merkliste"),
    ("refusal-buy", "Buy 10 shares of Nordlicht Energie"),
]


async def record() -> list[dict[str, object]]:
    from tests.driver import drive
    from waypost.api import Waypost
    from waypost.demo.server import DemoSite
    from waypost.models.planner import OfflinePlanner
    from waypost.retrieval import Actor
    from waypost.tools.acting import ACTING_TOOLS

    records = []
    with DemoSite() as site:
        for name, task in TASKS:
            with tempfile.TemporaryDirectory() as tmp:
                async with Waypost(make_settings(Path(tmp))) as wp:
                    tools = dict(wp.tools())
                    actor = None
                    if "click" not in tools:
                        actor = wp.actor = Actor.for_data_dir(Path(tmp))  # type: ignore[attr-defined]
                        for spec in ACTING_TOOLS:
                            tools.setdefault(spec.name, spec.bind(wp))
                    result = await drive(OfflinePlanner(), tools, task, start_url=site.url + "/", fence=False)
                    if actor is not None:
                        actor.close()
            record = {
                "name": name,
                "task": task,
                "start": "{portal}/",
                "steps": [
                    {"tool": e["tool"], "args": e["args"], "result": e["result"]} for e in result.transcript
                ],
                "answer": result.answer,
            }
            text = normalize(json.dumps(record, ensure_ascii=False), site.url, site.finance_url)
            records.append(json.loads(text))
            print(f"{name}: {len(result.transcript)} steps", file=sys.stderr)
    return records


def main() -> None:
    if "TIKTOKEN_CACHE_DIR" not in os.environ and (SHARED / "tokenizers").is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(SHARED / "tokenizers")
    records = asyncio.run(record())
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
