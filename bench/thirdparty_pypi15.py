"""The Roundup issue tracker's web interface, rendered from PyPI, for held-out 23.

A further real application after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder
and alabaster (held-out 18), starlette-admin and shibuya (held-out 19), Trac and Pelican
(held-out 20), Wagtail and sphinxawesome-theme (held-out 21), piccolo-theme and sphinx-nefertiti
(held-out 22), installed with ``pip install --require-hashes --no-deps --target`` into the same
cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Roundup 2.6.0 (pure Python, no dependency for its SQLite back end; published as a source
  archive only, so it is the one package of these sets built by pip from its hash-pinned sdist,
  which also installs its compiled catalogues under ``share/locale`` and its tracker templates
  under ``share/roundup/templates``). One tracker per template is installed in a scratch folder
  with ``roundup-admin install`` and ``initialise`` (SQLite back end, tracker name "Harbour
  Ferries Tracker", HTTP authentication so that the user is given by ``REMOTE_USER``, mail
  written to a file) and filled with made-up content (a harbour-ferry company: users, keywords,
  issues or bugs, a task, a milestone, messages, a saved query); its WSGI application
  (``roundup.cgi.wsgi_handler.RequestDispatcher``) is called directly with ``Accept-Language``
  set to the page's language:

  - the "classic" template in English, German, French, Spanish, Italian, Russian, Japanese and
    Simplified Chinese: logged in as ``hanna``, the issue index (unresolved issues grouped by
    priority, with its sort/group selects, "Descending" boxes, "Redisplay" and "Download as
    CSV"), issue 2's edit form (title; priority, status and assigned-to selects; superseder, nosy
    list and keywords fields with their "(list)" helpers; change note, file, "Submit Changes",
    "Make a copy", the messages with their "remove" buttons, the history), the new-issue form,
    the search page (all text, title, keyword, ID, dates, creator, actor, priority, status,
    assigned-to; the "Display" check boxes and "Sort on"/"Group on" radio buttons per column,
    page size, start, descending boxes, query name) and her own account page (name, login name,
    password and its confirmation, phone, organisation, time zone, e-mail addresses); as
    ``admin``, the user list (with its search form and "retire" buttons), the keyword list (its
    CSV text area) and the new-user form (with roles); as the anonymous user, the issue index with
    the login box (user name, password, "Remember me?", "Register", "Lost your login?"), the
    registration form and the lost-password form (by e-mail address or by user name). The side
    bar is on every page (the saved query, "Create New", "Show Unassigned", "Show All",
    "Search", "Show issue:" with its number field, the keyword links, "User List", "Your
    Issues", "Your Details", "Logout", the documentation link), with the header's search box.
  - the "devel" template (bugs, tasks and milestones: type, components, versions, severity,
    priority, assignee, status, resolution, dependencies, superseder, keywords) in English,
    German and French, and the "responsive" template (the same schema with Bootstrap 2 markup
    and its own static files) in English, Spanish, Italian, Russian and Japanese: the bug index
    (with the group selects), bug 2's edit form, the new-bug form, the bug search page, hanna's
    account page, the anonymous bug index with its login box and the registration form; their
    side bar has "Create New", "Show Open", "Show Unassigned", "Search" and a "Show bug"/"Show
    task" number field for bugs and for tasks, "Milestones", "Bugs assigned to you", "User
    List", "Edit Keywords". Their catalogues cover these templates only in part (some labels
    and option names stay English, as Roundup shows them).

  The templates' static files (style sheets, ``classhelper.js``, jQuery, Bootstrap) are copied
  beside each language's pages as ``@@file/`` (the relative address the pages use).

Nothing of it is committed. A case of ``bench/retrieval_pypi15.jsonl`` names its page as
``pypi/roundup@<version>/<template>/<lang>/<page>``, served from the cache root by
``bench/retrieval.py`` (the same root as held-out 9 to 22). Forms post to the static server
(which refuses the POST) and the side bar's links lead to pages that were not saved: only what
happens on the page before a navigation counts. The pages show the time of rendering in their
"activity" columns and hidden fields.

Left out: a second application (Roundup's three templates stand in for it); Roundup's "minimal"
and "jinja2" templates and its other catalogues (Hungarian, Lithuanian, Norwegian, Traditional
Chinese); the class-helper pop-ups and the calendar (they open another window); multi-select
boxes (components, versions, keywords of "devel") get no case.

    .venv/bin/python bench/thirdparty_pypi15.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render script below is a script of its own, laid out for reading as such.
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import cache_dir, fill_and_say, render_app, stale

ROUNDUP = "2.6.0"
# The exact source archive with its sha256 (as `pip download` gives it): Roundup publishes no wheel.
REQUIREMENTS = f"""\
roundup=={ROUNDUP} --hash=sha256:12fd8fb806047415f22131f965c6ab4026a28dc63f7054e055c8f891950591d4
"""
SITE = f"roundup@{ROUNDUP}"
SITES = (SITE,)
# Template → the catalogues its pages are rendered in (the page directory is named by the language).
PLAN = {
    "classic": ("en", "de", "fr", "es", "it", "ru", "ja", "zh_CN"),
    "devel": ("en", "de", "fr"),
    "responsive": ("en", "es", "it", "ru", "ja"),
}
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "4"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_ROUNDUP = r"""
import io, os, re, shutil, sys, tempfile, warnings, logging
from pathlib import Path

out = Path(sys.argv[1])
site = sys.argv[2]  # the pages' address prefix, e.g. /roundup@2.6.0/
FRESH = sys.argv[3]
plan = [p.split(":") for p in sys.argv[4].split(";")]  # template:lang,lang
locales = sys.argv[5]
logging.disable(logging.CRITICAL)
warnings.simplefilter("ignore")

import roundup.i18n
roundup.i18n.LOCALE_DIRS.insert(0, locales)
import roundup.instance
from roundup.admin import AdminTool
from roundup.cgi.wsgi_handler import RequestDispatcher
from roundup import date as rdate

root = Path(tempfile.mkdtemp())


def adm(home, *args):
    sys.argv = ["roundup-admin", "-i", str(home), *args]
    t = AdminTool()
    t.force = True
    so = sys.stdout
    sys.stdout = io.StringIO()
    try:
        rc = t.main()
    finally:
        sys.stdout = so
    assert rc == 0, args


def D(s):
    return rdate.Date(s)


def fill_classic(db):
    user, kw, issue, msg = db.user, db.keyword, db.issue, db.msg
    people = {}
    for name, real, org, addr in [
        ("hanna", "Hanna Lindqvist", "Harbour Ferries", "hanna@ferries.example"),
        ("oskar", "Oskar Brandt", "Harbour Ferries", "oskar@ferries.example"),
        ("leila", "Leila Haddad", "Tide Tables Ltd", "leila@tides.example"),
        ("piotr", "Piotr Nowak", "Harbour Ferries", "piotr@ferries.example"),
    ]:
        people[name] = user.create(username=name, realname=real, organisation=org, address=addr,
                                   roles="User")
    kws = {k: kw.create(name=k) for k in ("timetable", "ticketing", "accessibility", "app", "winter")}
    pri = {n: db.priority.lookup(n) for n in ("critical", "urgent", "bug", "feature", "wish")}
    st = {n: db.status.lookup(n) for n in ("unread", "deferred", "chatting", "need-eg", "in-progress", "testing", "done-cbb", "resolved")}
    ISSUES = [
        ("Winter timetable missing the 06:40 departure", "bug", "in-progress", "oskar", ["timetable", "winter"], "hanna",
         "The printed winter timetable lists the 06:40 from Stenpiren, the web one does not."),
        ("Ticket machine at the north pier rejects contactless cards", "critical", "chatting", "piotr", ["ticketing"], "leila",
         "Since Monday every contactless payment fails with error 51."),
        ("Add a wheelchair symbol to accessible sailings", "feature", "unread", None, ["accessibility", "timetable"], "hanna",
         "Mark the sailings whose vessel has a lift."),
        ("App crashes when the tide table is opened offline", "bug", "need-eg", "leila", ["app"], "oskar",
         "Opening the tide table without network closes the app."),
        ("Show the ferry's position on the map", "wish", "deferred", None, ["app"], "piotr",
         "A live position would help people waiting on the pier."),
        ("Monthly pass price wrong in the Swedish text", "urgent", "testing", "hanna", ["ticketing"], "oskar",
         "The Swedish page says 640 kr, the English one 690 kr."),
        ("Ice warnings should go out by SMS", "feature", "done-cbb", "oskar", ["winter"], "leila",
         "Send an SMS to subscribers when a route is closed for ice."),
        ("Typo on the lost property page", "wish", "resolved", "piotr", [], "hanna",
         "'Lost propperty' in the heading."),
    ]
    ids = []
    for i, (title, p, s, who, k, author, text) in enumerate(ISSUES):
        m = msg.create(content=text, author=people[author], date=D("2026-11-%02d.09:30" % (2 + i)))
        nosy = [people[author]] + ([people[who]] if who else [])
        ids.append(issue.create(title=title, priority=pri[p], status=st[s], assignedto=people[who] if who else None,
                                keyword=[kws[x] for x in k], messages=[m], nosy=nosy))
    m2 = msg.create(content="Same here at the south pier this morning.", author=people["oskar"], date=D("2026-11-10.08:05"))
    m3 = msg.create(content="The card terminal firmware is being updated tonight.", author=people["piotr"], date=D("2026-11-11.17:20"))
    issue.set(ids[1], messages=issue.get(ids[1], "messages") + [m2, m3], nosy=issue.get(ids[1], "nosy") + [people["oskar"]])
    q = db.query.create(klass="issue", name="Open ticketing issues", url="@columns=title,status&keyword=2&status=-1,1,2,3,4,5,6,7", private_for=None)
    user.set(people["hanna"], queries=[q])
    db.commit()


def fill_devel(db):
    people = {}
    for name, real, org in [
        ("hanna", "Hanna Lindqvist", "Harbour Ferries"),
        ("oskar", "Oskar Brandt", "Harbour Ferries"),
        ("leila", "Leila Haddad", "Tide Tables Ltd"),
    ]:
        people[name] = db.user.create(username=name, realname=real, organisation=org, address=name + "@ferries.example",
                                      roles="User, Developer")
    comp = {n: db.component.lookup(n) for n in ("backend", "frontend", "documentation")}
    BUGS = [
        ("Departure board shows yesterday's cancellations", "behavior", ["frontend"], ["1.2"], "major", "high", "open", None, "oskar", "hanna",
         "The board keeps cancellations from the day before until noon."),
        ("Booking API times out for groups over 40", "resource usage", ["backend"], ["1.1", "1.2"], "critical", "urgent", "open", None, "leila", "oskar",
         "POST /bookings takes more than 30 s for large groups."),
        ("Timetable import crashes on a blank line", "crash", ["backend"], ["devel"], "normal", "normal", "new", None, None, "hanna",
         "A blank line in the CSV stops the import."),
        ("Explain the refund rules in the user guide", "rfe", ["documentation"], ["1.2"], "minor", "low", "pending", None, "hanna", "leila",
         "The guide does not say when a refund is possible."),
        ("Session cookie not marked Secure", "security", ["backend"], ["1.0", "1.1"], "urgent", "immediate", "closed", "fixed", "oskar", "leila",
         "The session cookie lacks the Secure flag."),
    ]
    for i, (title, typ, comps, vers, sev, pri, st, res, who, author, text) in enumerate(BUGS):
        m = db.msg.create(content=text, author=people[author], date=D("2026-11-%02d.10:00" % (3 + i)))
        db.bug.create(title=title, type=db.bug_type.lookup(typ), components=[comp[c] for c in comps],
                      versions=[db.version.lookup(v) for v in vers], severity=db.severity.lookup(sev),
                      priority=db.priority.lookup(pri), status=db.status.lookup(st),
                      resolution=db.resolution.lookup(res) if res else None,
                      assignee=people[who] if who else None, messages=[m], nosy=[people[author]])
    db.task.create(title="Move the booking database to the new server", type=None, priority=db.priority.lookup("high"),
                   status=db.status.lookup("open"), assignee=[people["oskar"]])
    db.milestone.create(title="Release 1.2", status=db.status.lookup("open"), release_date="2026-12-15")
    db.commit()



PAGE_SETS = {
    "classic": [
        ("issue?@columns=id,activity,title,creator,assignedto,status&@sort=-activity&@filter=status&status=-1,1,2,3,4,5,6,7&@group=priority", "issue_index", "hanna"),
        ("issue2", "issue_item", "hanna"),
        ("issue?@template=item", "issue_new", "hanna"),
        ("issue?@template=search", "issue_search", "hanna"),
        ("user3", "user_item", "hanna"),
        ("user", "user_index", "admin"),
        ("issue", "anon_index", None),
        ("user?@template=register", "register", None),
        ("user?@template=forgotten", "forgotten", None),
        ("keyword", "keyword_list", "admin"),
        ("user?@template=item", "user_new", "admin"),
    ],
    "devel": [
        ("bug", "bug_index", "hanna"),
        ("bug2", "bug_item", "hanna"),
        ("bug?@template=item", "bug_new", "hanna"),
        ("bug?@template=search", "bug_search", "hanna"),
        ("user6", "user_item", "hanna"),
        ("bug", "anon_index", None),
        ("user?@template=register", "register", None),
    ],
}
PAGE_SETS["responsive"] = PAGE_SETS["devel"]

OUTSIDE = ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr")

for tpl, langs in plan:
    home = root / tpl
    adm(home, "install", tpl, "sqlite", f"tracker_name=Harbour Ferries Tracker,web_http_auth=yes,mail_domain=ferries.example,mail_host=localhost,mail_debug={home}/mail.log,tracker_web=http://localhost/")
    adm(home, "initialise", "harbour-secret")
    tr = roundup.instance.open(str(home))
    db = tr.open("admin")
    (fill_classic if tpl == "classic" else fill_devel)(db)
    db.close()
    app = RequestDispatcher(str(home))
    PAGES = PAGE_SETS[tpl]
    for lang in langs.split(","):
        base = f"{site}{tpl}/{lang}/"
        # rewrite tracker_web for the base tag
        cfg = (home / "config.ini").read_text()
        cfg = re.sub(r"(?m)^web = .*$", f"web = http://127.0.0.1{base}", cfg)
        (home / "config.ini").write_text(cfg)
        app = RequestDispatcher(str(home))
        d = out / tpl / lang
        d.mkdir(parents=True, exist_ok=True)
        for path, name, user in PAGES:
            p, _, q = path.partition("?")
            environ = {
                "REQUEST_METHOD": "GET", "SCRIPT_NAME": base.rstrip("/"), "PATH_INFO": "/" + p, "QUERY_STRING": q,
                "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
                "HTTP_HOST": "127.0.0.1", "HTTP_ACCEPT_LANGUAGE": lang.replace("_", "-"),
                "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(), "wsgi.errors": io.StringIO(),
                "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False,
            }
            if user:
                environ["REMOTE_USER"] = user
            status, chunks = [], []

            def start_response(s, headers, exc_info=None):
                status.append(s)
                return chunks.append

            chunks.extend(app(environ, start_response))
            body = b"".join(c if isinstance(c, bytes) else c.encode() for c in chunks).decode("utf-8")
            assert status and status[0].startswith("200"), (tpl, lang, path, status, body[:1500])
            for o in OUTSIDE:
                if o in body:
                    raise RuntimeError(f"{name} would load {o}")
            body = body.replace("<head>", "<head>" + FRESH, 1)
            (d / f"{name}.html").write_text(body, encoding="utf-8")
        shutil.copytree(home / "html", d / "@@file", ignore=shutil.ignore_patterns("*.html", "*.translation"), dirs_exist_ok=True)
        if (home / "static").is_dir():
            shutil.copytree(home / "static", d / "@@file", dirs_exist_ok=True)
shutil.rmtree(root, ignore_errors=True)
print("rendered")
"""


def _install(site: Path) -> None:
    """Install the pinned source archive into ``site`` (hash-checked, built by pip, no dependencies)."""
    part = site.with_name(site.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text(REQUIREMENTS, encoding="utf-8")
        done = subprocess.run(
            [
                *(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"),
                *("--no-deps", "--require-hashes", "--target", str(part), "-r", str(req)),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
    if done.returncode != 0:
        raise RuntimeError(f"pip install failed: {done.stderr.strip()[-300:]}")
    part.rename(site)


def _render(site: Path, dest: Path) -> None:
    plan = ";".join(f"{tpl}:{','.join(langs)}" for tpl, langs in PLAN.items())
    locales = str(site / "share" / "locale")
    render_app(site, dest, _ROUNDUP, [f"/{SITE}/", _FRESH, plan, locales], RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    root = cache_dir()
    root.mkdir(parents=True, exist_ok=True)
    site = root / f"site-pypi15-{pins}"
    if not (site / "roundup" / "__init__.py").exists() or not (site / "share" / "locale").exists():
        shutil.rmtree(site, ignore_errors=True)
        _install(site)
    pages = root / "pages"
    if stale(pages / SITE, RENDER_VERSION):
        _render(site, pages / SITE)
    return pages


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Roundup {ROUNDUP} pages in {where / SITE} ("
            + "; ".join(f"{tpl}: {', '.join(langs)}" for tpl, langs in PLAN.items())
            + ")"
        ),
    )


if __name__ == "__main__":
    main()
