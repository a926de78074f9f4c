"""Tokens per step before and after the switch to the minimal system prompt (exact cl100k counts).

A scripted chat model (graph logic only: no browser, no real model) takes 32 different reads
over the fake test site, then answers; the run switches to the minimal prompt after
``--after`` steps (the default setting, 25). For every model call the script counts, with
tiktoken's cl100k_base, the system prompt alone and the whole prompt (system prompt, working
history, focus block); tool schemas are not counted. Figures are the mean per step over
steps 1..after and after+1..end, once with a persona and the tools-in-view line, once without.

Usage::

    TIKTOKEN_CACHE_DIR=../shared/tokenizers .venv/bin/python bench/prompt_switch.py
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "src"))
os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(REPO.parent / "shared" / "tokenizers"))

from langchain_core.messages import BaseMessage  # noqa: E402
from tests.agent.fakes import FakeSite  # noqa: E402
from tests.agent.scripted import ScriptedChatModel  # noqa: E402
from tests.agent.test_adaptive_prompt import wandering  # noqa: E402

from waypost.agent.context import AgentConfig  # noqa: E402
from waypost.agent.personas import BUILTIN  # noqa: E402
from waypost.agent.prompts import PromptOptions  # noqa: E402
from waypost.api import run_task  # noqa: E402
from waypost.page.tokens import count_tokens, exact_counts_available  # noqa: E402


def prompt_tokens(prompt: list[BaseMessage]) -> tuple[int, int]:
    texts = [str(m.content) for m in prompt]
    return count_tokens(texts[0]), sum(count_tokens(t) for t in texts)


async def counts_of(after: int, steps: int, persona: str | None) -> tuple[list[tuple[int, int]], object]:
    model = ScriptedChatModel([wandering(steps)] * (steps + 10))
    with tempfile.TemporaryDirectory() as tmp:
        result = await run_task(
            None,
            "Find the top politics headline",
            model=model,
            tools=FakeSite().tools(),
            checkpoint_path=Path(tmp) / "checkpoints.db",
            max_steps=steps + 5,
            config=AgentConfig(max_interventions=100),
            prompt=PromptOptions(
                minimal_after=after,
                persona=BUILTIN[persona].text if persona else None,
                secrets=("demo_password",) if persona else (),
            ),
        )
    return [prompt_tokens(p) for p in model.prompts], result


def mean(values: list[int]) -> float:
    return statistics.mean(values) if values else 0.0


async def measure(after: int, steps: int, persona: str | None) -> None:
    counts, result = await counts_of(after, steps, persona)
    never, _ = await counts_of(0, steps, persona)  # the same run without the switch
    label = f"persona {persona} + 1 secret" if persona else "no persona"
    print(f"{label}: {result.steps} steps ({result.stop_reason})")
    rows = (
        (f"steps 1-{after} (full)", counts[:after], never[:after]),
        (f"steps {after + 1}-{len(counts)} (minimal)", counts[after:], never[after:]),
    )
    for name, part, base in rows:
        system, whole = mean([c[0] for c in part]), mean([c[1] for c in part])
        system0, whole0 = mean([c[0] for c in base]), mean([c[1] for c in base])
        print(
            f"  {name:<22} system prompt {system:6.1f} tokens/step (never switching: {system0:6.1f}), "
            f"whole prompt {whole:7.1f} tokens/step (never switching: {whole0:7.1f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--after", type=int, default=25)
    parser.add_argument("--steps", type=int, default=32)
    args = parser.parse_args()
    print(f"exact cl100k counts: {exact_counts_available()}")
    for persona in (None, "researcher"):
        asyncio.run(measure(args.after, args.steps, persona))


if __name__ == "__main__":
    main()
