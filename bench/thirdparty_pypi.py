"""Third-party pages rendered by packages from PyPI, for the held-out 9 part of the new sets.

Django's admin is real third-party markup (templates, widgets, JavaScript and translations all
Django's own): a pinned Django is installed with hash-checking (``pip install --require-hashes
--no-deps --target``) into the cache (``$WAYPOST_BENCH_CACHE/pypi`` or
``~/.cache/waypost-bench/pypi``), and a throwaway project set up in code (in-memory SQLite, two
small models of our own, the stock auth admin) is driven with Django's test client, logged in, to
save the rendered admin pages as static HTML in English, German and French. The admin's static
files are copied next to them and the pages are rewritten to load them (and the rendered
JavaScript catalogue) from the bench's server, so the calendar, clock, two-list selector, actions
bar and inline "Add another" work offline. Nothing of it is committed to this repository.

A case of ``bench/retrieval_pypi.jsonl`` names its page as ``pypi/django@<version>/<lang>/<page>``,
served from the cache by ``bench/retrieval.py``. Forms post to a static server (which refuses the
POST): only what happens on the page before the submission counts.

Left out: Sphinx sites (a build with a third-party theme was not attempted for lack of time).

    .venv/bin/python bench/thirdparty_pypi.py        # fill the cache, print where it is
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

DJANGO = "5.1.4"
# Exact versions with the sha256 of their wheels (as `pip download` and PyPI give them).
REQUIREMENTS = f"""\
django=={DJANGO} --hash=sha256:236e023f021f5ce7dee5779de7b286565fdea5f4ab86bae5338e3f7b69896cf0
asgiref==3.8.1 --hash=sha256:3e1e3ecc849832fe52ccf2cb6686b7a55f82bb1d6aee72a58826471390335e47
sqlparse==0.5.3 --hash=sha256:cf2196ed3418f3ba5de6af7e82c694a9fbdbfecccdfc72e281548517081f16ca
"""
SITE = f"django@{DJANGO}"
LANGS = ("en", "de", "fr")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "3"


def cache_dir() -> Path:
    """Where the installed packages and rendered pages live."""
    base = os.environ.get("WAYPOST_BENCH_CACHE")
    return (Path(base) if base else Path.home() / ".cache" / "waypost-bench") / "pypi"


_MODELS = """
from django.db import models


class Publisher(models.Model):
    name = models.CharField(max_length=80)
    city = models.CharField(max_length=80, blank=True)

    def __str__(self):
        return self.name


class Tag(models.Model):
    name = models.CharField(max_length=40)

    def __str__(self):
        return self.name


class Book(models.Model):
    GENRES = [("novel", "Novel"), ("poetry", "Poetry"), ("essay", "Essay"), ("travel", "Travel writing")]
    FORMATS = [("hard", "Hardcover"), ("paper", "Paperback"), ("ebook", "E-book")]
    title = models.CharField(max_length=120)
    isbn = models.CharField("ISBN", max_length=20, blank=True)
    genre = models.CharField(max_length=10, choices=GENRES, default="novel")
    format = models.CharField(max_length=10, choices=FORMATS, default="paper")
    in_stock = models.BooleanField("In stock", default=True)
    signed = models.BooleanField("Signed by the author", default=False)
    published = models.DateField()
    last_checked = models.DateTimeField("Last stock check", null=True, blank=True)
    pages = models.PositiveIntegerField(null=True, blank=True)
    publisher = models.ForeignKey(Publisher, on_delete=models.CASCADE)
    tags = models.ManyToManyField(Tag, blank=True)
    summary = models.TextField(blank=True)

    def __str__(self):
        return self.title


class Chapter(models.Model):
    book = models.ForeignKey(Book, on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    title = models.CharField(max_length=120)


class Review(models.Model):
    book = models.ForeignKey(Book, on_delete=models.CASCADE)
    reviewer = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    stars = models.PositiveSmallIntegerField(choices=[(i, str(i)) for i in range(1, 6)], default=3)
    text = models.TextField(blank=True)
"""

_ADMIN = """
from django.contrib import admin

from .models import Book, Chapter, Publisher, Review, Tag


class ChapterInline(admin.TabularInline):
    model = Chapter
    extra = 1


class ReviewInline(admin.StackedInline):
    model = Review
    extra = 0


@admin.action(description="Mark selected books as in stock")
def mark_in_stock(modeladmin, request, queryset):
    queryset.update(in_stock=True)


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ("title", "genre", "publisher", "published", "in_stock")
    list_filter = ("genre", "in_stock", "publisher", "published")
    search_fields = ("title", "isbn")
    date_hierarchy = "published"
    actions = [mark_in_stock]
    list_per_page = 10
    filter_horizontal = ("tags",)
    radio_fields = {"format": admin.HORIZONTAL}
    inlines = [ChapterInline, ReviewInline]
    save_on_top = False
    fieldsets = [
        (None, {"fields": ["title", "isbn", "genre", "format", "publisher"]}),
        ("Stock", {"fields": ["in_stock", "signed", "published", "last_checked", "pages"]}),
        ("More", {"fields": ["tags", "summary"]}),
    ]


@admin.register(Publisher)
class PublisherAdmin(admin.ModelAdmin):
    list_display = ("name", "city")
    search_fields = ("name",)


admin.site.register(Tag)
"""

_RENDER = r"""
import datetime, json, re, shutil, sys
from pathlib import Path

out = Path(sys.argv[1])
app_dir = Path(sys.argv[2])
static_url = sys.argv[3]
sys.path.insert(0, str(app_dir))

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF="benchurls",
    INSTALLED_APPS=[
        "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
        "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "shelf",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.locale.LocaleMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    ],
    TEMPLATES=[{
        "BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
        "OPTIONS": {"context_processors": [
            "django.template.context_processors.request", "django.contrib.auth.context_processors.auth",
            "django.contrib.messages.context_processors.messages"]},
    }],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    USE_I18N=True, USE_TZ=True, TIME_ZONE="UTC", LANGUAGE_CODE="en",
    LANGUAGES=[("en", "English"), ("de", "German"), ("fr", "French")],
    STATIC_URL=static_url,
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from django.contrib.auth.models import Group, User
from django.test import Client
from shelf.models import Book, Chapter, Publisher, Review, Tag

admin_user = User.objects.create_superuser("admin", "admin@example.com", "secret-pass")
editor = User.objects.create_user(
    "mara", "mara@example.com", "x", first_name="Mara", last_name="Lind", is_staff=True
)
for g in ("Editors", "Sales", "Warehouse"):
    Group.objects.create(name=g)
pubs = [Publisher.objects.create(name=n, city=c) for n, c in
        [("Harbor Press", "Boston"), ("Linden House", "Leipzig"), ("Éditions du Quai", "Lyon")]]
tags = [Tag.objects.create(name=n) for n in
        ["classic", "award winner", "translated", "illustrated", "first edition", "large print"]]
titles = [
    ("The Salt Road", "travel"), ("Winter Orchard", "novel"), ("Small Hours", "poetry"),
    ("On Bridges", "essay"), ("Northern Lights", "novel"), ("The Glass River", "novel"),
    ("Letters from Lyon", "travel"), ("Quiet Engines", "essay"), ("Paper Boats", "poetry"),
    ("A Year of Rain", "novel"), ("Harbor Songs", "poetry"), ("The Long Table", "novel"),
    ("Maps of Nowhere", "travel"),
]
for i, (t, g) in enumerate(titles):
    b = Book.objects.create(
        title=t, genre=g, isbn=f"978-0-{1000 + i * 7}-{i}", in_stock=i % 3 != 0, signed=i == 1,
        published=datetime.date(2019 + i % 5, 1 + i % 12, 3 + i), publisher=pubs[i % 3], pages=120 + 11 * i,
        last_checked=datetime.datetime(2024, 5, 2, 9, 30, tzinfo=datetime.timezone.utc) if i == 1 else None,
        summary="A quiet novel about an orchard in winter." if i == 1 else "",
        format="hard" if i == 1 else "paper",
    )
    if i == 1:
        b.tags.set([tags[0], tags[2]])
        Chapter.objects.create(book=b, number=1, title="Frost")
        Chapter.objects.create(book=b, number=2, title="Pruning")
        Review.objects.create(book=b, reviewer="Jon Berg", email="jon@example.com", stars=4, text="Lovely.")
winter = Book.objects.get(title="Winter Orchard")

static_prefix = static_url


def save(client, path, name, lang):
    resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    # The admin's JavaScript catalogue is a view: saved beside the pages, loaded from there.
    html = html.replace('src="/admin/jsi18n/"', f'src="{static_prefix}../{lang}/jsi18n.js"')
    # Django sends the charset in its Content-Type header; a static server does not.
    html = html.replace("<head>", '<head><meta charset="utf-8">', 1)
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in ("en", "de", "fr"):
    anon = Client()
    save(anon, "/admin/login/?next=/admin/", "login.html", lang)
    c = Client()
    c.force_login(admin_user)
    js = c.get("/admin/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang)
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / "jsi18n.js").write_bytes(js.content)
    save(c, "/admin/", "index.html", lang)
    save(c, "/admin/shelf/book/", "book_changelist.html", lang)
    save(c, "/admin/shelf/book/add/", "book_add.html", lang)
    save(c, f"/admin/shelf/book/{winter.pk}/change/", "book_change.html", lang)
    save(c, f"/admin/shelf/book/{winter.pk}/delete/", "book_delete.html", lang)
    save(c, "/admin/password_change/", "password_change.html", lang)
    save(c, "/admin/auth/user/add/", "user_add.html", lang)
    save(c, f"/admin/auth/user/{editor.pk}/change/", "user_change.html", lang)
    save(c, "/admin/shelf/publisher/add/", "publisher_add.html", lang)

import django.contrib.admin as dadmin

shutil.copytree(Path(dadmin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def pip_install(site: Path, requirements: str = REQUIREMENTS) -> None:
    """Install the pinned wheels of ``requirements`` into ``site`` (hash-checked, no dependencies
    resolved); the other renderers of PyPI pages use it too."""
    part = site.with_name(site.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text(requirements, encoding="utf-8")
        done = subprocess.run(
            [
                *(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"),
                *("--no-deps", "--require-hashes", "--only-binary", ":all:"),
                *("--target", str(part), "-r", str(req)),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
    if done.returncode != 0:
        raise RuntimeError(f"pip install failed: {done.stderr.strip()[-300:]}")
    part.rename(site)


def _render(site: Path, dest: Path) -> None:
    """Render the admin pages with the installed Django into ``dest``."""
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "shelf").mkdir()
        (app / "shelf" / "__init__.py").write_text("", encoding="utf-8")
        (app / "shelf" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "shelf" / "admin.py").write_text(_ADMIN, encoding="utf-8")
        (app / "benchurls.py").write_text(
            "from django.contrib import admin\nfrom django.urls import path\n"
            "urlpatterns = [path('admin/', admin.site.urls)]\n",
            encoding="utf-8",
        )
        run_renderer(site, [_RENDER, str(part), str(app), f"/{SITE}/static/"], tmp, isolated=False)
    finish_render(part, dest, RENDER_VERSION)


def run_renderer(site: Path, argv: list[str], cwd: str, *, isolated: bool = True) -> None:
    """Run a render script (``argv``: the script, then its arguments) with the packages of ``site``
    on the path (``isolated``: only them, not the bench's own environment); raise unless it says
    "rendered"."""
    env = dict(os.environ, PYTHONPATH=str(site))
    flags = ["-S"] if isolated else []
    if isolated:
        env["PYTHONNOUSERSITE"] = "1"
    done = subprocess.run(
        [sys.executable, *flags, "-c", *argv], capture_output=True, text=True, timeout=300, env=env, cwd=cwd
    )
    if done.returncode != 0 or "rendered" not in done.stdout:
        raise RuntimeError(f"rendering failed: {done.stderr.strip()[-600:]}")


def stale(dest: Path, version: str) -> bool:
    """Whether ``dest`` holds no pages rendered at ``version`` (see :func:`finish_render`)."""
    stamp = dest / "RENDERED"
    return not stamp.exists() or stamp.read_text(encoding="utf-8") != version


def finish_render(part: Path, dest: Path, version: str) -> None:
    """Stamp the rendered ``part`` with ``version`` and put it in place of ``dest``."""
    (part / "RENDERED").write_text(version, encoding="utf-8")
    shutil.rmtree(dest, ignore_errors=True)
    part.rename(dest)


def render_app(site: Path, dest: Path, script: str, args: Sequence[str], version: str) -> None:
    """Run the render ``script`` (its first argument the directory to write, then ``args``) with
    the packages of ``site`` into a fresh ``dest``, stamped ``version``."""
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        run_renderer(site, [script, str(part), *args], tmp)
    finish_render(part, dest, version)


def render_mkdocs(
    site: Path, dest: Path, langs: Sequence[str], docs: dict[str, str], yml: str, fresh: str, version: str
) -> None:
    """Build the MkDocs site ``docs`` (file name → Markdown) with ``yml`` (``{lang}`` filled in)
    once per language of ``langs`` into ``dest``, with the packages installed in ``site``; every
    page gets ``fresh`` at the start of its head, and none may load anything from outside."""

    def build(lang: str, tmp: Path, out: Path) -> list[str]:
        _write_docs(tmp / "docs", docs)
        (tmp / "mkdocs.yml").write_text(yml.format(lang=lang), encoding="utf-8")
        return ["mkdocs", "build", "--quiet", "--site-dir", str(out)]

    _render_languages(site, dest, langs, build, fresh, version, OUTSIDE)


# Addresses a rendered page must not load from (the bench runs offline).
OUTSIDE = ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis")


def render_sphinx(
    site: Path,
    dest: Path,
    langs: Sequence[str],
    docs: dict[str, str],
    conf: str,
    fresh: str,
    version: str,
    *,
    outside: Sequence[str] = OUTSIDE,
) -> None:
    """Build the Sphinx site ``docs`` (file name → reStructuredText) with ``conf`` (``conf.py``,
    ``{lang}`` filled in) once per language of ``langs`` into ``dest``, with the packages
    installed in ``site``; every page gets ``fresh`` at the start of its head (a theme keeps the
    chosen mode in localStorage: each load starts afresh, so one case's clicks do not change the
    next case's page), and none may load from the addresses ``outside``."""

    def build(lang: str, tmp: Path, out: Path) -> list[str]:
        _write_docs(tmp / "src", docs)
        (tmp / "src" / "conf.py").write_text(conf.format(lang=lang), encoding="utf-8")
        return ["sphinx", "-b", "html", "-q", "-E", str(tmp / "src"), str(out)]

    _render_languages(site, dest, langs, build, fresh, version, outside)


def _write_docs(root: Path, docs: dict[str, str]) -> None:
    for name, text in docs.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _render_languages(
    site: Path,
    dest: Path,
    langs: Sequence[str],
    build: Callable[[str, Path, Path], list[str]],
    fresh: str,
    version: str,
    outside: Sequence[str],
) -> None:
    """Run the module ``build`` names (its argv, after writing its sources into a scratch folder)
    once per language into ``dest``; put ``fresh`` first in each page's head and refuse a page
    that would load from ``outside``."""
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    env = dict(os.environ, PYTHONPATH=str(site), PYTHONNOUSERSITE="1")
    for lang in langs:
        with tempfile.TemporaryDirectory() as tmp:
            argv = build(lang, Path(tmp), part / lang)
            done = subprocess.run(
                [sys.executable, "-S", "-m", *argv],
                capture_output=True,
                text=True,
                timeout=300,
                env=env,
                cwd=tmp,
            )
        if done.returncode != 0:
            raise RuntimeError(f"{argv[0]} build ({lang}) failed: {done.stderr.strip()[-600:]}")
        shutil.rmtree(part / lang / ".doctrees", ignore_errors=True)
        for page in (part / lang).rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            for address in outside:
                if address in html:
                    raise RuntimeError(f"{page.name} would load {address}")
            html = html.replace("<head>", f"<head>{fresh}", 1)
            page.write_text(html, encoding="utf-8")
    finish_render(part, dest, version)


def ensure_site(
    site_name: str,
    requirements: str,
    installed: Sequence[str],
    renders: Sequence[tuple[str, Callable[[Path, Path], None]]],
    version: str,
) -> Path:
    """Install ``requirements`` into the cache's ``site_name`` unless every path of ``installed``
    is there, render each ``(name, render)`` whose pages are not stamped ``version``; the directory
    the bench serves as ``pypi/``. Every renderer of PyPI pages fills the cache so."""
    root = cache_dir()
    root.mkdir(parents=True, exist_ok=True)
    site = root / site_name
    if not all((site / path).exists() for path in installed):
        shutil.rmtree(site, ignore_errors=True)
        pip_install(site, requirements)
    pages = root / "pages"
    for name, render in renders:
        if stale(pages / name, version):
            render(site, pages / name)
    return pages


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    return ensure_site(
        f"site-django-{DJANGO}", REQUIREMENTS, ("django/__init__.py",), ((SITE, _render),), RENDER_VERSION
    )


def fill_and_say(ensure: Callable[[], Path], ready: Callable[[Path], str]) -> None:
    """A renderer's command line: fill the cache with ``ensure``, then print ``ready`` of where the
    pages are and how long it took; exit 1 with the reason when the cache cannot be filled."""
    t0 = time.perf_counter()
    try:
        where = ensure()
    except Exception as exc:
        print(f"PyPI-rendered pages unavailable: {type(exc).__name__}: {exc}")
        sys.exit(1)
    print(f"{ready(where)} in {time.perf_counter() - t0:.1f} s")


def main() -> None:
    fill_and_say(
        ensure_all, lambda where: f"Django {DJANGO} admin pages ready in {where / SITE} ({', '.join(LANGS)})"
    )


if __name__ == "__main__":
    main()
