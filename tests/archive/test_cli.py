"""``waypost archive ...``: works on the database alone, without a browser."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.archive.har_schema import HAR_12
from tests.archive.test_store import page
from waypost.archive import ArchiveStore
from waypost.cli.archive import archive_app, parse_duration

runner = CliRunner()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    store = ArchiveStore(tmp_path / "archive.db")
    old = time.time() - 45 * 86400
    store.add(
        [
            page("http://a.test/garden", "<title>Garden</title><p>Basil grows here.</p>", session="one"),
            page("http://a.test/old", "<title>Old</title><p>Dusty basil.</p>", ended=old, session="two"),
            page("http://a.test/data", '{"fruit": "quince"}', mime="application/json", session="one"),
        ]
    )
    store.close()
    return tmp_path


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(archive_app, list(args))
    return result.exit_code, result.output


def test_cli_search_should_print_hits(data_dir: Path) -> None:
    code, output = run("search", "basil", "--data-dir", str(data_dir))
    assert code == 0 and "2 archived page(s) match 'basil'" in output and "doc 1 · Garden" in output
    code, output = run("search", "basil", "--session", "two", "--json", "--data-dir", str(data_dir))
    assert code == 0 and [h["url"] for h in json.loads(output)] == ["http://a.test/old"]
    code, output = run("search", "quince", "--mime", "json", "--data-dir", str(data_dir))
    assert code == 0 and "doc 3" in output


def test_cli_search_and_show_speak_to_people_and_give_the_model_view_on_request(data_dir: Path) -> None:
    code, people = run("search", "basil", "--data-dir", str(data_dir))
    assert code == 0 and "Read one with: waypost archive show 2" in people
    assert "<<<" not in people and "get_archived" not in people and "**" not in people
    code, model = run("search", "basil", "--model-view", "--data-dir", str(data_dir))
    assert code == 0 and "<<<page content" in model and "call get_archived" in model and "**basil**" in model
    code, people = run("show", "1", "--length", "10", "--data-dir", str(data_dir))
    assert code == 0 and "More: waypost archive show 1 --offset 10" in people and "<<<" not in people
    code, model = run("show", "1", "--length", "10", "--model-view", "--data-dir", str(data_dir))
    assert code == 0 and "<<<page content" in model and "call get_archived with id 1 and offset 10" in model


def test_cli_search_should_explain_bad_syntax_and_missing_archives(data_dir: Path, tmp_path: Path) -> None:
    code, output = run("search", '"unclosed', "--data-dir", str(data_dir))
    assert code == 1 and output.startswith("error: ") and "not valid search syntax" in output
    code, output = run("stats", "--data-dir", str(tmp_path / "nowhere"))
    assert code == 1 and "There is no archive at" in output
    assert not (tmp_path / "nowhere").exists()


def test_cli_show_should_print_text_or_raw_body(data_dir: Path) -> None:
    code, output = run("show", "1", "--data-dir", str(data_dir))
    assert code == 0 and "doc 1 · Garden" in output and "Basil grows here." in output
    code, output = run("show", "1", "--raw", "--data-dir", str(data_dir))
    assert code == 0 and output == "<title>Garden</title><p>Basil grows here.</p>"
    code, output = run("show", "99", "--data-dir", str(data_dir))
    assert code == 1 and output.startswith("error: There is no archived document 99")


def test_cli_stats_should_count_documents(data_dir: Path) -> None:
    code, output = run("stats", "--json", "--data-dir", str(data_dir))
    figures = json.loads(output)
    assert code == 0 and figures["documents"] == 3 and figures["sessions"] == 2
    code, output = run("stats", "--data-dir", str(data_dir))
    assert code == 0 and "documents" in output


def test_cli_prune_should_delete_old_documents(data_dir: Path) -> None:
    code, output = run("prune", "--older-than", "30d", "--vacuum", "--data-dir", str(data_dir))
    assert code == 0 and "Deleted 1 document(s)" in output
    code, output = run("prune", "--older-than", "soon", "--data-dir", str(data_dir))
    assert code != 0 and "is not a duration" in output


def test_cli_export_should_write_har(data_dir: Path, tmp_path: Path) -> None:
    import jsonschema

    target = tmp_path / "out" / "one.har"
    target.parent.mkdir()  # export makes no folders (it refuses a missing one)
    code, output = run("export", "--har", str(target), "--session", "one", "--data-dir", str(data_dir))
    assert code == 0 and "Wrote 2 entries" in output
    har = json.loads(target.read_text())
    jsonschema.validate(har, HAR_12)
    assert [e["request"]["url"] for e in har["log"]["entries"]] == [
        "http://a.test/garden",
        "http://a.test/data",
    ]


def test_parse_duration_should_read_units() -> None:
    assert parse_duration("30d").days == 30
    assert parse_duration("12h").total_seconds() == 43200
    assert parse_duration(" 2w ").days == 14
    assert parse_duration("1.5m").total_seconds() == 90
