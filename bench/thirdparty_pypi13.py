"""Wagtail's admin and a Sphinx site with sphinxawesome-theme, rendered from PyPI, for held-out 21.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder
and alabaster (held-out 18), starlette-admin and shibuya (held-out 19), Trac and Pelican
(held-out 20), both from hash-pinned wheels installed with ``pip install --require-hashes --no-deps
--target`` into the same cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Wagtail 8.0.1 on Django 5.2 (its admin templates, its own JavaScript bundles, icon sprite and
  gettext catalogues): a throwaway project set up in code (in-memory SQLite, migrations made on
  the fly) for a made-up community theatre, "Northfield Playhouse": a home page, a "What's on"
  index with six show pages of our own model (subtitle, director, a genre select, a venue snippet
  chooser, opening night date, curtain-up time, running time, ticket price, "sold out" and
  "relaxed performance" check boxes, a rich-text synopsis; four live, two drafts), four venues
  registered as snippets, three documents and three more users, driven by Django's test client
  logged in as a superuser whose preferred admin language is set to the page's language, to save
  in English, German, French, Spanish, Japanese, Polish and Russian (Wagtail's own catalogues):
  the login form, the dashboard, the page explorer of "What's on" (its row check boxes, sortable
  headers, per-row "more" menus, search field), a show page's edit form (the tabs "Content" and
  "Promote", its side panels, the "Save draft" button with its "more actions" drop-up), the
  add-a-show form, a show's delete confirmation, the page search for "night", the venues snippet
  list and a venue's edit form, the users list and the add-user form, the account page (name,
  email, the admin language and time zone selects), the documents list and the groups list.
  The admin's JavaScript catalogue (``/admin/jsi18n/``) is saved beside each language's pages and
  its icon sprite beside the site; static files are collected (``collectstatic``) beside the pages
  and the pages point there. Gravatar is switched off (no outside request).
* Sphinx 9.0.4 with sphinxawesome-theme 6.0.6: the documentation of a made-up command-line tool of
  our own ("Ferryman", a timetable tool for a small ferry line), built once per language (English,
  German, French, Spanish, Japanese; Sphinx's catalogues translate the theme's and Sphinx's words,
  the text is ours and English): the start page, installation, a usage guide with code blocks (the
  theme's "copy" buttons), a reference page with options and a table, a changelog, and Sphinx's
  search page and general index; the header's search box, the sidebar's navigation, the
  theme's mode toggle and "On this page" links.

Nothing of it is committed. A case of ``bench/retrieval_pypi13.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 20). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Left out: Wagtail's image library (it needs uploaded pictures), its page-chooser and snippet-chooser
modals (they load their content from the server), reports, workflows, the live preview panel, and
its other languages; Sphinx's extensions (no autodoc). The wheels are pure Python except
MarkupSafe, Pillow, pillow-heif, pydantic-core and charset-normalizer, pinned for CPython 3.11 on
x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi13.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, finish_render, render_sphinx, run_renderer

WAGTAIL = "8.0.1"
AWESOME = "6.0.6"
# Exact versions with the sha256 of their wheels (as `pip download` gives them), one set for both
# applications.
REQUIREMENTS = f"""\
alabaster==1.0.0 --hash=sha256:fc6786402dc3fcb2de3cabd5fe455a2db534b371124f1f21de8731783dec828b
annotated-types==0.8.0 --hash=sha256:f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0
anyascii==0.3.3 --hash=sha256:f5ab5e53c8781a36b5a40e1296a0eeda2f48c649ef10c3921c1381b1d00dee7a
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
beautifulsoup4==4.15.0 --hash=sha256:d6f88de62e1d4e38ecb1077eb9724cd0eff29d2a08ca16a401e9b9e93f117cf9
certifi==2026.10.19.post1 --hash=sha256:1324c476b4811eff41a8bc2122cd0bbd4d9c7234c725446d99ab1612b3a7fdd2
charset-normalizer==3.5.3 --hash=sha256:2a6f937e0b70133d1f826d0a253331b6fe1a4c874808cc12e16f2fb8177042f4
defusedxml==0.7.1 --hash=sha256:a352e7e428770286cc899e2542b6cdaedb2b4953ff269a210103ec58f6198a61
django-filter==26.2 --hash=sha256:df8f737841d6359df00b84dda9b5ab59067fe60292091f1bdae1e3e6281cedb0
django-modelcluster==6.5 --hash=sha256:469b380a294027d5211d0e5d5746e0381f445b058d2229977a58fe0f1c58a596
django-ninja==1.7.1 --hash=sha256:61137e9fbb97ca15a92cdbfdcf9f6a738464b328c6cb11090faf17042035ec69
django-permissionedforms==0.1 --hash=sha256:d341a961a27cc77fde8cc42141c6ab55cc1f0cb886963cc2d6967b9674fa47d6
django-stubs-ext==6.1.2 --hash=sha256:7334e687ab6dc78a6c3da90ab1ccb0e412efd827ea11de8d3f85adbad948abb1
django-taggit==6.1.0 --hash=sha256:ab776264bbc76cb3d7e49e1bf9054962457831bd21c3a42db9138b41956e4cf0
django-tasks==0.12.0 --hash=sha256:ffcc1d7bdfad3bc5ef9c2d498596c6546484c9ec6b182fb9709c691eb66a8709
django-treebeard==5.3.1 --hash=sha256:0f93f55fcb8b4acb09b6cfc2e93a9451b33db1ff14a22e2563f5bb555fcb9c4b
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
djangorestframework==3.18.3 --hash=sha256:8544bb674846731b1e3c9b309236ee1dc412905a0aa725be2ec193ca950a7d12
docutils==0.22.4 --hash=sha256:d0013f540772d1420576855455d050a2180186c91c15779301ac2ccb3eeb68de
draftjs-exporter==7.3.1 --hash=sha256:eddd07ee418c5f85c6a2900887fa1eb50de0c5f6533193497b1fe063803210e9
et-xmlfile==2.0.0 --hash=sha256:7a91720bc756843502c3b7504c77b8fe44217c85c537d85037f0f536151b2caa
filetype==1.2.0 --hash=sha256:7ce71b6880181241cf7ac8697a2f1eb6a8bd9b429f7ad6d27b8db9ba5f1c2d25
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
imagesize==2.0.1 --hash=sha256:ea0c9a0384df69ed86a943a15cde37d0360b82491b3910dc2215e202e62b5b02
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
laces==0.1.2 --hash=sha256:980cdaf9a31e883a2b8198132e2388931a4eb8814f5bfa5d8bba13ff9f657b7c
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
modelsearch==1.3.2 --hash=sha256:8738ad7dc6fd2f70f622e717c52fbdcc60285e6b74acc41a7bf3fe911718532b
openpyxl==3.1.5 --hash=sha256:5282c12b107bffeef825f4617dc029afaf41d0ea60823bbb665ef3079dc79de2
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pillow-heif==1.8.1 --hash=sha256:a94f02ccb61042820e9fc60b2a427d85377c6017d27b7594d33f26b1c78918e5
pillow==13.0.0 --hash=sha256:a625df9a2a5597fa5e5266e01aefc82604bb85d291e3547981e863560d75da6c
pydantic-core==2.50.5 --hash=sha256:488319076ec92908b91fc6265ce761f1d78748f69f85518564fd16bf333e1b70
pydantic==2.14.4 --hash=sha256:653a2ad9f6d8858529c77c72717d0ea991d6c6837fe683246b2f4b2bbfc3fadc
pygments==2.21.0 --hash=sha256:2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9
requests==2.34.2 --hash=sha256:2a0d60c172f83ac6ab31e4554906c0f3b3588d37b5cb939b1c061f4907e278e0
roman-numerals==4.1.0 --hash=sha256:647ba99caddc2cc1e55a51e4360689115551bf4476d90e8162cf8c345fe233c7
snowballstemmer==3.1.1 --hash=sha256:7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752
soupsieve==2.10 --hash=sha256:8596eb8967d744174820280fa62b4542a2e955bfaccca73ed8a13c6eb8e9b502
sphinx==9.0.4 --hash=sha256:5bebc595a5e943ea248b99c13814c1c5e10b3ece718976824ffa7959ff95fffb
sphinxawesome-theme=={AWESOME} --hash=sha256:58f7ceaa2a8e4216547911d91cfcb4abd8b9ddbd556024d4e606a0d7396e3b9a
sphinxcontrib-applehelp==2.0.0 --hash=sha256:4cd3f0ec4ac5dd9c17ec65e9ab272c9b867ea77425228e68ecf08d6b28ddbdb5
sphinxcontrib-devhelp==2.0.0 --hash=sha256:aefb8b83854e4b0998877524d1029fd3e6879210422ee3780459e28a1f03a8a2
sphinxcontrib-htmlhelp==2.1.0 --hash=sha256:166759820b47002d22914d64a075ce08f4c46818e17cfc9470a9786b759b19f8
sphinxcontrib-jsmath==2.0.0 --hash=sha256:15ca92fe0eec82f0baf91a7efcc51ffacdb605924be6327683a52ebdacb6744c
sphinxcontrib-qthelp==2.0.0 --hash=sha256:b18a828cdba941ccd6ee8445dbe72ffa3ef8cbe7505d8cd1fa0d42d3f2d5f3eb
sphinxcontrib-serializinghtml==2.0.0 --hash=sha256:6e2cb0eef194e10c27ec0023bfeb25badbbb5868244cf5bc5bdc04e4464bf331
sqlparse==0.6.1 --hash=sha256:3be5a72d04c873d690d7c6dedd33d6fae2ef82759881ceec02fc2efd0cba564f
swapper==1.5.0 --hash=sha256:67ae5a01bc12159dede567b98212a83baa53aa466a8eb5cf44af226b8219d21c
telepath==0.3.1 --hash=sha256:c280aa8e77ad71ce80e96500a4e4d4a32f35b7e0b52e896bb5fde9a5bcf0699a
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
typing-inspection==0.4.5 --hash=sha256:bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39
urllib3==2.8.0 --hash=sha256:0cf3cae568d36aa9576b28dfb35f11328f1cb974ca7647d9475ebb86c75ac6e3
wagtail=={WAGTAIL} --hash=sha256:1e6ad5c7891a54efce1400e168298b5a2cc343b642cee89c31bf5ec30c98b26c
willow==1.12.0 --hash=sha256:d3541690b6726a4f6f4654f80507d81bacfa0c686ab065eb5c90159f1b9cee38
"""
WT_SITE = f"wagtail@{WAGTAIL}"
SX_SITE = f"sphinxawesome@{AWESOME}"
SITES = (WT_SITE, SX_SITE)
# Wagtail's catalogues used.
WT_LANGS = ("en", "de", "fr", "es", "ja", "pl", "ru")
# The documentation's languages (one build per language, Sphinx's catalogues).
SX_LANGS = ("en", "de", "fr", "es", "ja")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_MODELS = r"""
from django.db import models
from wagtail.admin.panels import FieldPanel, MultiFieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.snippets.models import register_snippet


class HomePage(Page):
    pass


class ShowIndexPage(Page):
    intro = models.CharField("intro", max_length=250, blank=True)
    content_panels = Page.content_panels + [FieldPanel("intro")]
    subpage_types = ["theatre.ShowPage"]


@register_snippet
class Venue(models.Model):
    name = models.CharField("name", max_length=100)
    address = models.CharField("address", max_length=200)
    capacity = models.PositiveIntegerField("capacity")
    step_free = models.BooleanField("step-free access", default=False)
    notes = models.TextField("notes", blank=True)
    panels = [FieldPanel("name"), FieldPanel("address"), FieldPanel("capacity"), FieldPanel("step_free"), FieldPanel("notes")]

    def __str__(self):
        return self.name


GENRES = [("drama", "Drama"), ("comedy", "Comedy"), ("musical", "Musical"), ("family", "Family")]


class ShowPage(Page):
    subtitle = models.CharField("subtitle", max_length=200, blank=True)
    director = models.CharField("director", max_length=100, blank=True)
    genre = models.CharField("genre", max_length=20, choices=GENRES, default="drama")
    venue = models.ForeignKey(Venue, verbose_name="venue", null=True, blank=True, on_delete=models.SET_NULL)
    opening_night = models.DateField("opening night", null=True, blank=True)
    curtain_up = models.TimeField("curtain up", null=True, blank=True)
    running_time = models.PositiveIntegerField("running time (minutes)", null=True, blank=True)
    ticket_price = models.DecimalField("ticket price", max_digits=6, decimal_places=2, null=True, blank=True)
    sold_out = models.BooleanField("sold out", default=False)
    relaxed_performance = models.BooleanField("relaxed performance", default=False)
    synopsis = RichTextField("synopsis", blank=True)
    content_panels = Page.content_panels + [
        FieldPanel("subtitle"), FieldPanel("director"), FieldPanel("genre"), FieldPanel("venue"),
        MultiFieldPanel([FieldPanel("opening_night"), FieldPanel("curtain_up"), FieldPanel("running_time")], heading="Dates"),
        MultiFieldPanel([FieldPanel("ticket_price"), FieldPanel("sold_out"), FieldPanel("relaxed_performance")], heading="Tickets"),
        FieldPanel("synopsis"),
    ]
    parent_page_types = ["theatre.ShowIndexPage"]
"""

_URLS = r"""
from django.urls import include, path
from wagtail.admin import urls as wagtailadmin_urls
from wagtail.documents import urls as wagtaildocs_urls
from wagtail import urls as wagtail_urls
urlpatterns = [path("admin/", include(wagtailadmin_urls)), path("documents/", include(wagtaildocs_urls)), path("", include(wagtail_urls))]
"""

_WT = r"""
import datetime, re, shutil, sys
from decimal import Decimal
from pathlib import Path

out = Path(sys.argv[1])
app_dir = Path(sys.argv[2])
langs = sys.argv[3].split(",")
static_url = sys.argv[4]
FRESH = sys.argv[5]
sys.path.insert(0, str(app_dir))

import logging
logging.disable(logging.CRITICAL)
import warnings
warnings.simplefilter("ignore")

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF="benchurls",
    INSTALLED_APPS=[
        "theatre", "wagtail.contrib.redirects", "wagtail.embeds", "wagtail.sites", "wagtail.users",
        "wagtail.snippets", "wagtail.documents", "wagtail.images", "wagtail.search", "wagtail.admin", "wagtail",
        "modelcluster", "taggit", "django_filters", "django.contrib.auth", "django.contrib.contenttypes",
        "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
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
    LANGUAGES=[(l, l) for l in langs],
    STATIC_URL=static_url,
    STATIC_ROOT=str(out / "static"),
    MEDIA_ROOT=str(app_dir / "media"),
    MEDIA_URL="/media/",
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    WAGTAIL_SITE_NAME="Northfield Playhouse",
    WAGTAILADMIN_BASE_URL="http://localhost",
    WAGTAILSEARCH_BACKENDS={"default": {"BACKEND": "wagtail.search.backends.database"}},
    WAGTAIL_ENABLE_UPDATE_CHECK=False,
    WAGTAIL_GRAVATAR_PROVIDER_URL=None,
    WAGTAIL_ENABLE_WHATS_NEW_BANNER=False,
)
django.setup()

from django.core.management import call_command
(app_dir / "theatre" / "migrations").mkdir(exist_ok=True)
(app_dir / "theatre" / "migrations" / "__init__.py").touch()
call_command("makemigrations", "theatre", verbosity=0)
call_command("migrate", verbosity=0)

from django.contrib.auth.models import Group, User
from django.core.files.base import ContentFile
from django.test import Client
from django.utils import translation
from wagtail.documents.models import Document
from wagtail.models import Page, Site
from wagtail.users.models import UserProfile
from theatre.models import HomePage, ShowIndexPage, ShowPage, Venue

admin_user = User.objects.create_superuser("admin", "admin@example.com", "secret-pass", first_name="Nadia", last_name="Reyes")
for u, f, l, e, staff in [("tkowalski", "Tomasz", "Kowalski", "tomasz@example.org", False),
                          ("ahughes", "Amira", "Hughes", "amira@example.org", True),
                          ("jmoreau", "Julien", "Moreau", "julien@example.org", False)]:
    user = User.objects.create_user(u, e, "secret-pass", first_name=f, last_name=l)
    user.groups.add(Group.objects.get(name="Editors" if staff else "Moderators"))

root = Page.get_first_root_node()
Page.objects.filter(depth=2).delete()
root = Page.get_first_root_node()
home = root.add_child(instance=HomePage(title="Northfield Playhouse", slug="home"))
Site.objects.all().delete()
Site.objects.create(hostname="localhost", port=80, root_page=home, is_default_site=True, site_name="Northfield Playhouse")
shows = home.add_child(instance=ShowIndexPage(title="What's on", slug="whats-on", intro="Our season, autumn to spring."))
home.add_child(instance=HomePage(title="Visit us", slug="visit"))
home.add_child(instance=HomePage(title="Support the theatre", slug="support"))
venues = [Venue.objects.create(name=n, address=a, capacity=c, step_free=s, notes=t) for n, a, c, s, t in [
    ("Main House", "2 Mill Road, Northfield", 420, True, "Lift to the circle."),
    ("Studio", "2 Mill Road, Northfield (rear entrance)", 90, True, ""),
    ("Bandstand", "Northfield Park", 200, False, "Outdoor: summer only."),
    ("Church Hall", "St Anne's, Kirk Lane", 120, False, "Steps at the door."),
]]
SHOWS = [
    ("The Lighthouse Keeper", "the-lighthouse-keeper", "A new play by Orla Byrne", "Orla Byrne", "drama", 0, (2027, 1, 14), (19, 30), 125, "18.50", False, False, True),
    ("Pirates of Penzance", "pirates-of-penzance", "Gilbert and Sullivan", "Dev Patel", "musical", 0, (2026, 12, 3), (19, 0), 150, "24.00", True, True, True),
    ("The Gruffalo's Child", "the-gruffalos-child", "For ages 3 and up", "Kim Ho", "family", 1, (2026, 12, 20), (14, 0), 55, "9.00", False, True, True),
    ("Noises Off", "noises-off", "Michael Frayn's farce", "Dev Patel", "comedy", 0, (2027, 3, 4), (19, 30), 140, "21.00", False, False, False),
    ("Twelfth Night", "twelfth-night", "Shakespeare in the park", "Orla Byrne", "comedy", 2, (2027, 6, 18), (20, 0), 160, "15.00", False, False, False),
    ("A Christmas Carol", "a-christmas-carol", "Told by candlelight", "Kim Ho", "drama", 3, (2026, 12, 12), (18, 0), 90, "12.00", False, True, True),
]
pages = {}
for title, slug, sub, director, genre, v, d, t, mins, price, sold, relaxed, live in SHOWS:
    p = ShowPage(title=title, slug=slug, subtitle=sub, director=director, genre=genre, venue=venues[v],
                 opening_night=datetime.date(*d), curtain_up=datetime.time(*t), running_time=mins,
                 ticket_price=Decimal(price), sold_out=sold, relaxed_performance=relaxed, live=live,
                 synopsis=f"<p>{title}: {sub}.</p>")
    shows.add_child(instance=p)
    p.save_revision(user=admin_user)
    if live:
        p.get_latest_revision().publish(user=admin_user)
    pages[slug] = p
lh = pages["the-lighthouse-keeper"]
for doc_title, fname in [("Season brochure 2026-27", "brochure.pdf"), ("Access guide", "access.pdf"), ("Volunteer rota", "rota.xlsx")]:
    d = Document(title=doc_title, uploaded_by_user=admin_user)
    d.file.save(fname, ContentFile(b"%PDF-1.4 bench"), save=True)

JSI18N = None


def save(client, path, name, lang):
    resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="bench"', html)
    html = html.replace('src="/admin/jsi18n/"', f'src="{static_url}../{lang}/jsi18n.js"')
    html = re.sub(r"/admin/sprite/\?h=\w+", f"{static_url}../sprite.svg", html)
    html = re.sub(r"<head>", '<head><meta charset="utf-8">' + FRESH, html, count=1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in langs:
    profile = UserProfile.get_for_user(admin_user)
    profile.preferred_language = lang
    profile.save()
    with translation.override(lang):
        anon = Client()
        save(anon, "/admin/login/?next=/admin/", "login.html", lang)
        c = Client()
        c.force_login(admin_user)
        js = c.get("/admin/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang)
        (out / lang).mkdir(parents=True, exist_ok=True)
        (out / lang / "jsi18n.js").write_bytes(js.content)
        save(c, "/admin/", "dashboard.html", lang)
        save(c, f"/admin/pages/{shows.id}/", "explorer.html", lang)
        save(c, f"/admin/pages/{lh.id}/edit/", "edit.html", lang)
        save(c, f"/admin/pages/add/theatre/showpage/{shows.id}/", "add.html", lang)
        save(c, f"/admin/pages/{pages['noises-off'].id}/delete/", "delete.html", lang)
        save(c, "/admin/pages/search/?q=night", "search.html", lang)
        save(c, "/admin/snippets/theatre/venue/", "venues.html", lang)
        save(c, f"/admin/snippets/theatre/venue/edit/{venues[1].id}/", "venue_edit.html", lang)
        save(c, "/admin/users/", "users.html", lang)
        save(c, "/admin/users/new/", "user_add.html", lang)
        save(c, "/admin/account/", "account.html", lang)
        save(c, "/admin/documents/", "documents.html", lang)
        save(c, "/admin/groups/", "groups.html", lang)

(out / "sprite.svg").write_bytes(c.get("/admin/sprite/").content)
call_command("collectstatic", interactive=False, verbosity=0)
print("rendered")
"""

# The documentation of a made-up ferry timetable tool (file name → reStructuredText).
_DOCS = {
    "index.rst": """Ferryman
========

Ferryman prints and checks the timetable of a small ferry line: sailings, tides at the slipways
and the fares.

.. toctree::
   :maxdepth: 2
   :caption: Contents

   install
   usage
   reference
   changelog

Quick start
-----------

Install it, then ask for today's sailings::

   pip install ferryman
   ferryman today --route kyle

Getting help
------------

Ask on the mailing list or open an issue.
""",
    "install.rst": """Installation
============

Requirements
------------

Ferryman needs Python 3.10 or later.

With pip
--------

.. code-block:: console

   $ pip install ferryman

From source
-----------

.. code-block:: console

   $ git clone https://example.org/ferryman.git
   $ cd ferryman
   $ pip install .

.. note::

   On the ferry's own computers, install it for the ``crew`` user only.
""",
    "usage.rst": """Usage
=====

Today's sailings
----------------

.. code-block:: console

   $ ferryman today --route kyle

Checking a timetable
--------------------

Ferryman warns when a sailing leaves less than 20 minutes for loading:

.. code-block:: python

   from ferryman import Timetable

   table = Timetable.load("kyle-2027.toml")
   for problem in table.check(turnaround=20):
       print(problem)

Fares
-----

============  ========  ========
Ticket        Adult     Child
============  ========  ========
Single        £4.50     £2.20
Return        £8.00     £4.00
Car + driver  £19.00    --
============  ========  ========

.. warning::

   Fares change on 1 April every year.
""",
    "reference.rst": """Reference
=========

Command-line options
--------------------

.. option:: --route NAME

   The route whose timetable is used.

.. option:: --date DAY

   The day to show (default: today).

.. option:: --format FORMAT

   ``text``, ``csv`` or ``json``.

Python API
----------

.. py:class:: Timetable

   A route's sailings for one season.

   .. py:method:: load(path)
      :classmethod:

      Read a timetable from a TOML file.

   .. py:method:: check(turnaround=15)

      Yield the sailings that leave less than ``turnaround`` minutes at a slipway.

.. py:function:: fare(ticket, child=False)

   The price of a ticket in pounds.
""",
    "changelog.rst": """Changelog
=========

2.1 (2026-10-02)
----------------

* New ``--format json``.
* Fares for bicycles.

2.0 (2026-04-01)
----------------

* Timetables are TOML files now.
* Dropped Python 3.9.

1.4 (2025-11-20)
----------------

* Tide warnings for the Kyle slipway.
""",
}

_CONF = """
project = "Ferryman"
author = "The Ferryman crew"
copyright = "2026, The Ferryman crew"
release = "2.1"
version = "2.1"
language = {lang!r}
html_theme = "sphinxawesome_theme"
html_static_path = []
html_permalinks_icon = "#"
"""


def _render_wt(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "theatre").mkdir()
        (app / "theatre" / "__init__.py").write_text("", encoding="utf-8")
        (app / "theatre" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "benchurls.py").write_text(_URLS, encoding="utf-8")
        run_renderer(site, [_WT, str(part), tmp, ",".join(WT_LANGS), f"/{WT_SITE}/static/", _FRESH], tmp)
    finish_render(part, dest, RENDER_VERSION)


def _render_sx(site: Path, dest: Path) -> None:
    render_sphinx(site, dest, SX_LANGS, _DOCS, _CONF, _FRESH, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((WT_SITE, _render_wt), (SX_SITE, _render_sx))
    installed = ("wagtail/__init__.py", "sphinx/__init__.py", "sphinxawesome_theme/__init__.py")
    return ensure_site(f"site-pypi13-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Wagtail {WAGTAIL} pages in {where / WT_SITE} ({', '.join(WT_LANGS)}) and "
            f"Sphinx sphinxawesome-theme {AWESOME} pages in {where / SX_SITE} ({', '.join(SX_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
