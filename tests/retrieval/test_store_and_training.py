"""The SQLite store (learned selectors, action log), stats, training and the CLI (no browser)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from waypost.cli.retrieval import retrieval_app
from waypost.retrieval import ActionRecord, RerankModel, RetrievalStore, Selector, summarize, train
from waypost.retrieval.features import FEATURES
from waypost.retrieval.memory import path_key
from waypost.retrieval.training import evaluate, examples_from, fit


def test_learned_selectors_are_recalled_demoted_and_dropped(tmp_path: Path) -> None:
    with RetrievalStore(tmp_path / "retrieval.db") as store:
        good = Selector("testid", '[data-testid="save"]')
        other = Selector("role", "Save", role="button")
        store.remember("site.test", "/notes/123/edit", "click:save||", good, "Save")
        store.remember("site.test", "/notes/456/edit", "click:save||", good, "Save")  # same page kind
        store.remember("site.test", "/notes/1/edit", "click:save||", other, "Save")
        recalled = store.recall("site.test", "/notes/789/edit", "click:save||")
        assert [r.selector for r in recalled] == [good, other]
        assert recalled[0].successes == 2
        store.demote("site.test", "/notes/9/edit", "click:save||", good)
        # One failure puts it behind the alternative; it is dropped once failures outweigh successes.
        assert [r.selector for r in store.recall("site.test", "/notes/9/edit", "click:save||")] == [
            other,
            good,
        ]
        store.demote("site.test", "/notes/9/edit", "click:save||", good)
        store.demote("site.test", "/notes/9/edit", "click:save||", good)
        store.demote("site.test", "/notes/9/edit", "click:save||", good)
        assert [r.selector for r in store.recall("site.test", "/notes/9/edit", "click:save||")] == [other]
        store.remember("site.test", "/x", "click:save||", Selector("path", "div > button"), "Save")
        assert store.recall("site.test", "/x", "click:save||") == []  # structural paths are never kept
    assert path_key("/artikel/1234/kommentare") == "/artikel/:id/kommentare"


def _records(n: int, seed: int = 1) -> list[ActionRecord]:
    """Synthetic rankings: the right candidate has a clearly higher name_cover."""
    rng = random.Random(seed)
    out = []
    cover = FEATURES.index("name_cover")
    for i in range(n):
        feats = [[rng.random() * 0.3 for _ in FEATURES] for _ in range(3)]
        right = rng.randrange(3)
        feats[right][cover] = 0.9
        out.append(
            ActionRecord(
                "click",
                f"q{i}",
                topk=[{"id": k + 1} for k in range(3)],
                features=feats,
                correct_rank=right + 1,
            )
        )
    return out


def test_stats_from_logged_actions(tmp_path: Path) -> None:
    with RetrievalStore(tmp_path / "r.db") as store:
        a = store.log(
            ActionRecord("click", "login", topk=[{"id": 1}], chosen_rank=1, success=True, latency_ms=20)
        )
        store.log(
            ActionRecord(
                "click", "x", topk=[{"id": 1}, {"id": 2}], status="unsure", llm_asked=True, latency_ms=40
            )
        )
        store.log(ActionRecord("type", "name", from_memory=True, success=True, latency_ms=5))
        store.mark_outcome(a, True, correct_rank=1)
        stats = summarize(store.actions())
    assert stats.actions == 3 and stats.ranked == 2 and stats.with_outcome == 1
    assert stats.top1_rate == 1.0 and stats.recall_at_k == 1.0
    assert stats.llm_rate == 0.5 and stats.unsure_rate == 0.5
    assert stats.memory_rate is not None and abs(stats.memory_rate - 1 / 3) < 1e-9
    assert stats.p95_ms == 40


def test_training_fits_the_logged_outcomes(tmp_path: Path) -> None:
    records = _records(80)
    examples = examples_from(records)
    assert len(examples) == 80
    flat = RerankModel({name: 0.0 for name in FEATURES}, 0.0)
    fitted = fit(examples, flat, epochs=150, learning_rate=0.5, l2=0.0)
    before, after = evaluate(flat, examples), evaluate(fitted, examples)
    assert after[1] is not None and before[1] is not None and after[1] < before[1]
    assert after[0] is not None and after[0] > 0.9
    assert fitted.weights["name_cover"] > 1.0
    with RetrievalStore(tmp_path / "r.db") as store:
        for r in records:
            store.log(r)
        report = train(store, epochs=50)
    assert report.examples == 80 and report.model.trained_on == 80
    assert RerankModel.from_json(report.model.to_json()).weights == report.model.weights


def test_cli_stats_and_train(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(retrieval_app, ["stats", "--data-dir", str(tmp_path / "none")])
    # Rich wraps at the terminal width, and the temp path's length varies from run to run.
    assert missing.exit_code == 0 and "No actions logged yet" in " ".join(missing.output.split())
    untrained = runner.invoke(retrieval_app, ["train", "--data-dir", str(tmp_path / "none")])
    assert untrained.exit_code == 1 and "nothing has been logged" in " ".join(untrained.output.split())
    with RetrievalStore.for_data_dir(tmp_path) as store:
        for r in _records(40):
            store.log(r)
    stats = runner.invoke(retrieval_app, ["stats", "--data-dir", str(tmp_path)])
    assert stats.exit_code == 0 and "top-1 rate" in stats.output and "recall@k" in stats.output
    trained = runner.invoke(retrieval_app, ["train", "--data-dir", str(tmp_path), "--epochs", "20"])
    assert trained.exit_code == 0, trained.output
    weights = json.loads((tmp_path / "retrieval-weights.json").read_text())
    assert set(weights["weights"]) == set(FEATURES) and weights["trained_on"] == 40
