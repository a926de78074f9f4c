"""``waypost skills list|show|export|import|retire`` and ``waypost tools generated`` (no browser needed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Column, Table

from waypost.cli.options import cli_settings, data_dir_option, err, fail, out
from waypost.errors import WaypostError

if TYPE_CHECKING:
    from waypost.skills.library import SkillLibrary

# The skill library is imported inside the commands: for start-up speed.

skills_app = typer.Typer(
    help="List, show, export, import and retire the agent's skills.", no_args_is_help=True
)
tools_app = typer.Typer(
    help="Tools the agent generated (registered or rejected by the gate).", no_args_is_help=True
)

DataDir = data_dir_option("skills.db lives")
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@contextmanager
def _library(data_dir: Path | None) -> Iterator[SkillLibrary]:
    from waypost.skills.library import SkillLibrary

    settings = cli_settings(data_dir)
    library = SkillLibrary(settings.data_dir)
    try:
        library.open()
        yield library
    except WaypostError as exc:
        raise fail(exc) from None
    finally:
        library.close()


def _when(ts: float | None) -> str:
    return datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M") if ts else "-"


@skills_app.command("list")
def list_skills(
    retired: Annotated[bool, typer.Option("--retired", help="Also list retired skills.")] = False,
    as_json: AsJson = False,
    data_dir: DataDir = None,
) -> None:
    """List the skills with their confidence and use counts."""
    with _library(data_dir) as library:
        skills = library.list(include_retired=retired)
    if as_json:
        out.print_json(json.dumps([s.to_dict() for s in skills], ensure_ascii=False))
        return
    table = Table("source", "conf.", "uses", "ok", "macro", "description")
    # Names are never cut: they are what `skills show NAME` takes (the description wraps instead).
    names = [f"{s.name} (retired)" if s.retired else s.name for s in skills]
    table.columns.insert(0, Column("name", no_wrap=True, min_width=max(map(len, names), default=4)))
    for s in skills:
        name = f"{s.name} (retired)" if s.retired else s.name
        macro = str(len(s.macro.steps)) if s.macro else "-"
        table.add_row(
            name, s.source, f"{s.confidence:.2f}", str(s.uses), str(s.successes), macro, s.description
        )
    out.print(table)


@skills_app.command("show")
def show_skill(
    name: Annotated[str, typer.Argument(help="The skill's name.")],
    as_json: AsJson = False,
    data_dir: DataDir = None,
) -> None:
    """Show one skill: instructions, keywords, macro, counts."""
    with _library(data_dir) as library:
        skill = library.show(name)
    if as_json:
        out.print_json(json.dumps(skill.to_dict(), ensure_ascii=False))
        return
    out.print(
        f"[bold]{skill.name}[/bold] ({skill.source}, confidence {skill.confidence:.2f})", highlight=False
    )
    out.print(skill.description, highlight=False)
    out.print(f"keywords: {', '.join(skill.keywords) or '-'}", highlight=False)
    out.print(
        f"uses {skill.uses}, successes {skill.successes}, last used {_when(skill.last_used)}"
        + (", retired" if skill.retired else ""),
        highlight=False,
    )
    if skill.retired_reason:
        out.print(f"retired: {skill.retired_reason}", highlight=False)
    if skill.failed_checks or skill.notes:
        out.print(f"failed answer checks: {skill.failed_checks}", highlight=False)
        for note in skill.notes:
            out.print(f"  - {note}", highlight=False)
    out.print(f"\n{skill.instructions}", highlight=False)
    if skill.macro:
        out.print(f"\nmacro for '{skill.macro.task_template}':", highlight=False)
        for i, step in enumerate(skill.macro.steps, 1):
            out.print(f"  {i}. {step.tool} {json.dumps(step.args, ensure_ascii=False)}", highlight=False)


def _checked_output(path: Path, text: str | None = None) -> None:
    """Check (and with ``text``, write) an output file: a regular file in an existing folder only."""
    from waypost.files import OutputPathError, check_output_path, write_output

    try:
        write_output(path, text) if text is not None else check_output_path(path)
    except OutputPathError as exc:
        raise fail(exc) from None


@skills_app.command("export")
def export_skills(
    names: Annotated[list[str] | None, typer.Argument(help="Skills to export (default: all).")] = None,
    output: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None,
    data_dir: DataDir = None,
) -> None:
    """Export skills as YAML (``skills export skills.yaml`` writes that file)."""
    if output is None and names and names[-1].endswith((".yaml", ".yml")):
        output, names = Path(names[-1]), names[:-1]  # the file to write, as people write it
    if output is not None:
        _checked_output(output)
    with _library(data_dir) as library:
        text = library.export_yaml(names or None)
    if output is None:
        typer.echo(text, nl=False)
    else:
        _checked_output(output, text)
        err.print(f"wrote {output}")


@skills_app.command("import")
def import_skills(
    path: Annotated[Path, typer.Argument(help="A YAML file written by 'waypost skills export'.")],
    data_dir: DataDir = None,
) -> None:
    """Import skills from YAML (same names are replaced, except the skills shipped with Waypost)."""
    with _library(data_dir) as library:
        names = library.import_file(path)
        skipped = list(library.last_skipped)
    out.print(f"imported {len(names)} skill(s): {', '.join(names)}", highlight=False)
    if skipped:
        err.print(
            f"kept the shipped skill(s) {', '.join(skipped)}: an import does not replace them",
            highlight=False,
        )


@skills_app.command("retire")
def retire_skill(
    name: Annotated[str, typer.Argument(help="The skill to retire.")],
    data_dir: DataDir = None,
) -> None:
    """Retire a skill: kept, but no longer matched or replayed."""
    with _library(data_dir) as library:
        library.retire(name)
    out.print(f"retired {name}", highlight=False)


@tools_app.command("generated")
def generated_tools(
    rejected: Annotated[bool, typer.Option("--rejected", help="Only the rejected candidates.")] = False,
    as_json: AsJson = False,
    data_dir: DataDir = None,
) -> None:
    """List generated tools: registered ones with their provenance, rejected ones with the reason."""
    with _library(data_dir) as library:
        tools = library.generated("rejected" if rejected else None)
    if as_json:
        out.print_json(json.dumps([t.to_dict() for t in tools], ensure_ascii=False))
        return
    table = Table("name", "status", "template", "by", "created", "pattern / reason")
    for t in tools:
        prov = t.provenance
        detail = t.reason if t.status == "rejected" else "; ".join(prov.get("pattern") or []) or "-"
        table.add_row(
            t.name,
            t.status,
            str(prov.get("template", "-")),
            str(prov.get("by", "-")),
            _when(t.created),
            detail,
        )
    out.print(table)
