"""Flask-Admin pages rendered from PyPI packages, for the held-out 10 part of the new sets.

Flask-Admin is real third-party markup (its Bootstrap 4 templates, WTForms widgets, select2,
bootstrap-daterangepicker, its own JavaScript and its translations): a pinned Flask-Admin with
Flask, WTForms, SQLAlchemy and Flask-Babel is installed with hash-checking (``pip install
--require-hashes --no-deps --target``) into the same cache as ``bench/thirdparty_pypi.py``
(``cache_dir()`` there), and a throwaway application set up in code (plain SQLAlchemy on an
in-memory SQLite, a few small models of our own: teams, people with skills inline, tasks with tags,
plus Flask-Admin's file manager over a temporary folder) is driven with Flask's test client to
save the admin pages as static HTML in English, German, French, Spanish, Czech, Polish, Russian,
Japanese and Chinese (Flask-Admin's own catalogues through Flask-Babel, chosen by the
Accept-Language header). Flask-Admin's static files (jQuery, Bootstrap, select2, moment,
daterangepicker, Font Awesome) are copied next to them and the pages are rewritten to load them
from the bench's server, so select2 boxes, date and date-time pickers, the filter bar, the
actions menu and the inline "Add" button work offline. Nothing of it is committed. Flask-Admin
translates its own words (tabs, buttons, menus); the field names and data are ours and stay in
English on every page. The file manager is saved sorted by name (its unsorted order is the
file system's). The file manager's "With selected" menu, as Flask-Admin 2.2.1 renders it, does
not open in Chromium (the task list's does): cases do not rely on its items.

A case of ``bench/retrieval_pypi2.jsonl`` names its page as
``pypi/flask-admin@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py``
(the same root as the Django pages of held-out 9). Forms post to a static server (which refuses
the POST): only what happens on the page before the submission counts.

Left out: Flask-Admin's modal create/edit forms and its AJAX-loaded relation lookups (both fetch
from the application, which a static server cannot answer), the map widget (needs Google), the
Redis console, and Datasette (Flask-Admin was practical, so the second application was not tried).

    .venv/bin/python bench/thirdparty_pypi2.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the application below is a script of its own, laid out for reading as such.
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, finish_render, run_renderer

FLASK_ADMIN = "2.2.1"
# Exact versions with the sha256 of their wheels (as `pip download` and PyPI give them). MarkupSafe
# has only compiled wheels: those for CPython 3.11 to 3.13 on x86-64 Linux are listed. SQLAlchemy's
# pure-Python wheel is listed beside its compiled one.
REQUIREMENTS = f"""\
flask-admin=={FLASK_ADMIN} --hash=sha256:a0533fd1968543fc621733316bb9c30774b501c119816f1e83d7dcedacb99895
flask==3.1.3 --hash=sha256:f4bcbefc124291925f1a26446da31a5178f9483862233b23c0c96a20701f670c
werkzeug==3.1.9 --hash=sha256:6392e50c78460ba618e5b21f08a71f59c99ce99cdc6cf6e3dd7e6ccca8754fab
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
itsdangerous==2.2.0 --hash=sha256:c6242fc49e35958c8b15141343aa660db5fc54d4f13a1db01a3f5891b98700ef
click==8.5.1 --hash=sha256:8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37
blinker==1.9.0 --hash=sha256:ba0efaa9080b619ff2f3459d1d500c57bddea4a6b424b60a91141db6fd2f08bc
wtforms==3.3.2 --hash=sha256:2fac992f39102d6268b06e05cdbdf37a7e9b9a4e103916d2dff1d09a080b531d
flask-babel==4.0.0 --hash=sha256:638194cf91f8b301380f36d70e2034c77ee25b98cb5d80a1626820df9a6d4625
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
pytz==2026.6 --hash=sha256:7fed3fee8fd6bd4a2b7b75a8d56021d0624127bf69bd5691f115db929ac570b3
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
flask-sqlalchemy==3.1.1 --hash=sha256:4ba4be7f419dc72f4efd8802d69974803c37259dd42f3913b0dcf75c9447e0a0
sqlalchemy==2.1.9 \\
    --hash=sha256:449fed5c2caa3b278cc57499d09db001fb3f28dc7f18affc48142aee4dcc0cdf \\
    --hash=sha256:3a24b459e52b3ac138f6a05e99a4bd0589443a1ae18041a59c1cfdee12134a2b
markupsafe==3.0.4 \\
    --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808 \\
    --hash=sha256:8e124f974786f831d6043728e38296969d3579db8896fe004682f5758e613581 \\
    --hash=sha256:434139499bb20b502ed3baa1f169e618f924a97e7a777fea1a49446d80106cf6
"""
SITE = f"flask-admin@{FLASK_ADMIN}"
LANGS = ("en", "de", "fr", "es", "cs", "pl", "ru", "ja", "zh")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "3"

_RENDER = r"""
import datetime, enum, re, shutil, sys
from pathlib import Path

out = Path(sys.argv[1])
files_root = Path(sys.argv[2])
static_url = sys.argv[3]

from flask import Flask, request
from flask_babel import Babel
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (Boolean, Column, Date, DateTime, Float, ForeignKey, Integer, String, Table,
                        Text)
from sqlalchemy.orm import relationship
from sqlalchemy.pool import StaticPool

import flask_admin
from flask_admin import Admin
from flask_admin.actions import action
from flask_admin.contrib.fileadmin import FileAdmin
from flask_admin.contrib.sqla import ModelView
from flask_admin.menu import MenuLink

app = Flask(__name__)
app.config.update(
    SECRET_KEY="bench-only", BABEL_DEFAULT_LOCALE="en", SQLALCHEMY_DATABASE_URI="sqlite://",
    SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"check_same_thread": False}, "poolclass": StaticPool},
)
sqla = SQLAlchemy(app)
Base = sqla.Model

task_tags = Table("task_tags", Base.metadata,
                  Column("task_id", ForeignKey("task.id"), primary_key=True),
                  Column("tag_id", ForeignKey("tag.id"), primary_key=True))


class Team(Base):
    __tablename__ = "team"
    id = Column(Integer, primary_key=True)
    name = Column(String(60), nullable=False)
    office = Column(String(60))
    people = relationship("Person", back_populates="team")

    def __str__(self):
        return self.name


class Person(Base):
    __tablename__ = "person"
    id = Column(Integer, primary_key=True)
    name = Column(String(80), nullable=False)
    email = Column(String(120))
    phone = Column(String(40))
    role = Column(String(20), default="developer")
    active = Column(Boolean, default=True)
    remote = Column(Boolean, default=False)
    joined = Column(Date)
    bio = Column(Text)
    team_id = Column(Integer, ForeignKey("team.id"))
    team = relationship("Team", back_populates="people")
    skills = relationship("Skill", back_populates="person", cascade="all, delete-orphan")
    tasks = relationship("Task", back_populates="assignee")

    def __str__(self):
        return self.name


class Skill(Base):
    __tablename__ = "skill"
    id = Column(Integer, primary_key=True)
    name = Column(String(40), nullable=False)
    level = Column(Integer, default=1)
    person_id = Column(Integer, ForeignKey("person.id"))
    person = relationship("Person", back_populates="skills")


class Tag(Base):
    __tablename__ = "tag"
    id = Column(Integer, primary_key=True)
    name = Column(String(40), nullable=False)

    def __str__(self):
        return self.name


class Task(Base):
    __tablename__ = "task"
    id = Column(Integer, primary_key=True)
    title = Column(String(120), nullable=False)
    notes = Column(Text)
    status = Column(String(20), default="todo")
    priority = Column(Integer, default=2)
    due = Column(Date)
    remind_at = Column(DateTime)
    done = Column(Boolean, default=False)
    billable = Column(Boolean, default=False)
    estimate = Column(Float)
    assignee_id = Column(Integer, ForeignKey("person.id"))
    assignee = relationship("Person", back_populates="tasks")
    tags = relationship("Tag", secondary=task_tags)

    def __str__(self):
        return self.title


ctx = app.app_context()
ctx.push()
sqla.create_all()
db = sqla.session

STATUS = [("todo", "To do"), ("doing", "In progress"), ("review", "In review"), ("done", "Done")]
PRIORITY = [(1, "Low"), (2, "Normal"), (3, "High"), (4, "Urgent")]
ROLES = [("developer", "Developer"), ("designer", "Designer"), ("manager", "Manager"), ("tester", "Tester")]


class TaskView(ModelView):
    column_list = ("title", "status", "priority", "due", "done", "assignee")
    column_filters = ("status", "done", "due", "priority", "assignee.name")
    column_searchable_list = ("title", "notes")
    column_sortable_list = ("title", "status", "priority", "due")
    column_choices = {"status": STATUS, "priority": PRIORITY}
    column_labels = {"remind_at": "Reminder", "assignee": "Assigned to", "estimate": "Estimate (hours)"}
    column_descriptions = {"due": "The day the task must be finished"}
    column_editable_list = ("priority",)
    named_filter_urls = True
    can_view_details = True
    can_export = True
    page_size = 6
    form_choices = {"status": STATUS, "priority": [(str(v), t) for v, t in PRIORITY]}
    form_args = {
        "priority": {"coerce": int},
        "estimate": {"description": "In hours, e.g. 2.5"},
        "billable": {"label": "Billable to the customer"},
    }
    form_widget_args = {
        "title": {"placeholder": "What needs to be done?"},
        "notes": {"rows": 4, "placeholder": "Details, links, steps to reproduce"},
    }
    form_columns = ("title", "notes", "status", "priority", "assignee", "tags", "due", "remind_at",
                    "estimate", "done", "billable")

    @action("mark_done", "Mark as done", "Mark the selected tasks as done?")
    def action_mark_done(self, ids):
        pass

    @action("archive", "Archive", "Archive the selected tasks?")
    def action_archive(self, ids):
        pass


class PersonView(ModelView):
    column_list = ("name", "email", "role", "team", "active", "joined")
    column_filters = ("role", "active", "team.name", "joined")
    column_searchable_list = ("name", "email")
    column_choices = {"role": ROLES}
    form_choices = {"role": ROLES}
    inline_models = ((Skill, {"form_columns": ("id", "name", "level")}),)
    form_columns = ("name", "email", "phone", "role", "team", "active", "remote", "joined", "bio")
    form_widget_args = {
        "email": {"placeholder": "name@example.com"},
        "phone": {"placeholder": "+49 30 1234567"},
        "bio": {"rows": 3},
    }
    form_args = {"remote": {"label": "Works remotely"}}
    can_view_details = True


class TeamView(ModelView):
    column_list = ("name", "office")
    form_columns = ("name", "office")
    form_widget_args = {"office": {"placeholder": "City or building"}}


class FilesView(FileAdmin):
    editable_extensions = ("txt", "csv")
    allowed_extensions = ("txt", "csv", "png", "pdf")


class TagView(ModelView):
    can_delete = False


LOCALES = ["en", "de", "fr", "es", "cs", "pl", "ru", "ja", "zh_Hans_CN"]
Babel(app, locale_selector=lambda: request.accept_languages.best_match(LOCALES) or "en")


admin = Admin(app, name="Tasks Desk")
admin.add_view(TaskView(Task, sqla, name="Tasks"))
admin.add_view(PersonView(Person, sqla, name="People", category="Team"))
admin.add_view(TeamView(Team, sqla, name="Teams", category="Team"))
admin.add_view(TagView(Tag, sqla, name="Tags"))
admin.add_view(FilesView(str(files_root), "/files/", name="Files", endpoint="files"))
admin.add_link(MenuLink(name="Help", url="/help"))

teams = [Team(name=n, office=o) for n, o in [("Platform", "Berlin"), ("Mobile", "Lyon"), ("Support", "Brno")]]
db.add_all(teams)
people = [
    Person(name="Ada Brandt", email="ada@example.com", role="manager", team=teams[0], joined=datetime.date(2021, 3, 1)),
    Person(name="Ben Okafor", email="ben@example.com", role="developer", team=teams[0], joined=datetime.date(2022, 6, 15), remote=True),
    Person(name="Chloé Martin", email="chloe@example.com", role="designer", team=teams[1], joined=datetime.date(2023, 1, 9)),
    Person(name="Dana Novák", email="dana@example.com", role="tester", team=teams[2], joined=datetime.date(2020, 11, 2), active=False),
    Person(name="Emil Sato", email="emil@example.com", role="developer", team=teams[1], joined=datetime.date(2024, 2, 20)),
]
db.add_all(people)
people[1].skills = [Skill(name="Python", level=4), Skill(name="SQL", level=3)]
tags = [Tag(name=n) for n in ["bug", "feature", "docs", "backend", "frontend", "customer"]]
db.add_all(tags)
titles = [
    ("Fix login timeout", "doing", 3), ("Write release notes", "todo", 2), ("Update icons", "review", 1),
    ("Migrate database", "todo", 4), ("Translate settings page", "done", 2), ("Add dark mode", "doing", 2),
    ("Crash on upload", "todo", 4), ("Refresh onboarding emails", "todo", 1), ("Audit permissions", "review", 3),
    ("Speed up search", "doing", 3), ("Remove old API", "todo", 2), ("Customer export", "done", 3),
    ("Plan Q3 roadmap", "todo", 2),
]
for i, (t, s, p) in enumerate(titles):
    task = Task(title=t, status=s, priority=p, done=s == "done", assignee=people[i % 5],
                due=datetime.date(2026, 1 + i % 12, 5 + i), estimate=1.5 + i,
                billable=i == 0)
    if i == 0:
        task.notes = "Users are logged out after two minutes on the mobile app."
        task.remind_at = datetime.datetime(2026, 2, 3, 9, 30)
        task.tags = [tags[0], tags[3]]
    db.add(task)
db.commit()
first = db.query(Task).filter_by(title="Fix login timeout").one()
ben = db.query(Person).filter_by(name="Ben Okafor").one()
platform = teams[0]
first_id, ben_id, platform_id = first.id, ben.id, platform.id
# Each request gets its own application context (Flask-Babel keeps the locale in it).
ctx.pop()

(files_root / "reports").mkdir()
(files_root / "images").mkdir()
(files_root / "notes.txt").write_text("Standup at 9:30.\nDemo on Friday.\n")
(files_root / "budget-2026.csv").write_text("month,amount\njan,1200\n")
(files_root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")

STATIC = "/admin/static/"


def save(client, path, name, lang):
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.get_data(as_text=True)
    html = html.replace(f'"{STATIC}', f'"{static_url}').replace(f"'{STATIC}", f"'{static_url}")
    if "<meta charset" not in html[:600]:
        html = html.replace("<head>", '<head><meta charset="utf-8">', 1)
    d = out / (lang.split("_")[0])
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(html, encoding="utf-8")


PAGES = [
    ("/admin/", "index.html"),
    ("/admin/task/", "task_list.html"),
    ("/admin/task/?page=1", "task_list_page2.html"),
    ("/admin/task/?flt1_status_equals=todo&flt2_priority_greater_than=2&sort=3", "task_list_filtered.html"),
    ("/admin/task/?search=login", "task_list_search.html"),
    ("/admin/task/new/?url=/admin/task/", "task_create.html"),
    (f"/admin/task/edit/?id={first_id}&url=/admin/task/", "task_edit.html"),
    (f"/admin/task/details/?id={first_id}&url=/admin/task/", "task_details.html"),
    ("/admin/person/", "person_list.html"),
    ("/admin/person/new/?url=/admin/person/", "person_create.html"),
    (f"/admin/person/edit/?id={ben_id}&url=/admin/person/", "person_edit.html"),
    ("/admin/team/new/?url=/admin/team/", "team_create.html"),
    (f"/admin/team/edit/?id={platform_id}&url=/admin/team/", "team_edit.html"),
    ("/admin/tag/", "tag_list.html"),
    ("/admin/files/?sort=name", "files.html"),
    ("/admin/files/upload/", "files_upload.html"),
    ("/admin/files/mkdir/", "files_mkdir.html"),
    ("/admin/files/rename/?path=notes.txt", "files_rename.html"),
    ("/admin/files/edit/?path=notes.txt", "files_edit.html"),
    ("/admin/files/b/reports", "files_reports.html"),
]
client = app.test_client()
for lang in ("en", "de", "fr", "es", "cs", "pl", "ru", "ja", "zh_Hans_CN"):
    for path, name in PAGES:
        save(client, path, name, lang)

shutil.copytree(Path(flask_admin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def _render(site: Path, dest: Path) -> None:
    """Render the admin pages with the installed Flask-Admin into ``dest``."""
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        files = Path(tmp) / "files"
        files.mkdir()
        run_renderer(site, [_RENDER, str(part), str(files), f"/{SITE}/static/"], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    return ensure_site(
        f"site-flask-admin-{FLASK_ADMIN}",
        REQUIREMENTS,
        ("flask_admin/__init__.py",),
        ((SITE, _render),),
        RENDER_VERSION,
    )


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: f"Flask-Admin {FLASK_ADMIN} pages ready in {where / SITE} ({', '.join(LANGS)})",
    )


if __name__ == "__main__":
    main()
