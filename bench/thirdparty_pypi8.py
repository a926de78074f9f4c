"""Django's admin with the Unfold skin and a site built with MkDocs' own theme, rendered from PyPI, for held-out 16.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), both from
hash-pinned wheels installed with ``pip install --require-hashes --no-deps --target`` into the
same cache as ``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* django-unfold 0.91.0 (with Django 5.2): Unfold replaces the admin's templates with its own,
  built on Tailwind and Alpine.js (a side bar with its own navigation and search field, icons
  drawn by the Material Symbols font, whose ligature names are text in the page, a filter sheet
  that slides in, the actions row, Alpine tabs for a change form's fieldsets and inlines,
  switches for check boxes, a user menu with the theme chooser). A throwaway project set up in
  code (in-memory SQLite, a small veterinary practice's models of our own: owners, pets, vets,
  appointments with the treatments given and visit notes) is driven with Django's test client,
  logged in, to save the admin pages in English, German, French, Spanish, Russian, Simplified
  Chinese, Japanese and Polish (Django's catalogues; Unfold ships none, so its own few words
  stay English): the log-in page, the dashboard, the appointments' change list (search,
  filters, date hierarchy, check boxes, the actions row, pagination), the same list filtered to
  emergencies, the add form and a change form (a radio list, selects, a date and a split
  date/time, switches, a text area, a tabular inline of treatments and a stacked inline of
  notes, fieldsets shown as tabs), the delete confirmation, the owners' list and add form (its
  fieldsets collapsible instead of tabs), and the password change form. The JavaScript
  catalogue is saved beside the pages; the static files (Unfold's, with its fonts, and the
  admin's) are copied next to them and loaded from the bench's server. A one-line script at the
  top of each page clears ``localStorage`` and ``sessionStorage``, so each load starts from the
  page as built.
* MkDocs 1.6.1 with its own ``mkdocs`` theme (Bootstrap): a small documentation site of our own
  text (a made-up tide-table program, "Tidewatch") built with ``theme.locale`` set to English,
  German, French, Spanish, Russian, Simplified Chinese, Japanese and Polish, so the theme's words
  are translated by its own catalogues. The pages have the top navigation bar with drop-down
  menus for the sections, the search button and its dialog (the search plugin's index, searched
  in the page by a web worker), previous/next and "Edit on GitHub" links, the colour-mode
  menu, the keyboard shortcuts dialog, the side bar's table of contents, admonitions, tables,
  ``<details>`` blocks and a definition list. highlight.js (loaded from a CDN by default) is
  turned off.

Nothing of it is committed. A case of ``bench/retrieval_pypi8.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 15). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Tried and left out: Wagtail's admin (some twenty pinned packages, Pillow among them, not
attempted for lack of time); what happens inside Unfold's related-object pop-up windows (only the
clicks on the field's menu and its "+" link count), the admin's calendar and clock pop-ups (Unfold
hides their "Today" and "Now" shortcuts; the cases type dates and times), and Unfold's command
search (off by default). Two things of Unfold's own that a case's expected effects allow for:
ticking a row makes Alpine write the hidden ``select_across`` field (an input event, counted with
the tick), and an inline row's DELETE check box is hidden inside a label drawn as a bin icon (the
click on the icon is the step).
The wheels are all pure Python except MarkupSafe, PyYAML and watchdog, pinned for CPython 3.11
on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi8.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, finish_render, render_mkdocs, run_renderer

UNFOLD = "0.91.0"
MKDOCS = "1.6.1"
# Exact versions with the sha256 of their wheels (as `pip download --no-deps` gives them), one set
# for both applications (the same Django as held-out 15's, the same MkDocs as held-out 11's).
REQUIREMENTS = f"""\
asgiref==3.13.0 --hash=sha256:f9596a2434512686473d50f96ff6207fbba49ae1a785dfac614df4aeb085674d
babel==2.19.0 --hash=sha256:6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b
click==8.5.1 --hash=sha256:8bb5376d2006950386f8c6427613334a2acadc5f559cb80e638d00b4df957e37
django==5.2.19 --hash=sha256:5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00
django-unfold=={UNFOLD} --hash=sha256:486a468ec4788e0668a9e73686796b04450709171af4ac213b6d229a8015676a
ghp-import==2.1.0 --hash=sha256:8337dd7b50877f163d4c0289bc1f1c7f127550241988d568c1db512c4324a619
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markdown==3.11.3 --hash=sha256:e1a31a112232504d753e5c01bb8c2de90d3f0ba986b063e10770cf7695b09e73
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
mergedeep==1.3.4 --hash=sha256:70775750742b25c0d8f36c55aed03d24c3384d17c951b3175d898bd778ef0307
mkdocs=={MKDOCS} --hash=sha256:db91759624d1647f3f34aa0c3f327dd2601beae39a366d6e064c03468d35c20e
mkdocs-get-deps==0.2.2 --hash=sha256:e7878cbeac04860b8b5e0ca31d3abad3df9411a75a32cde82f8e44b6c16ff650
packaging==26.4 --hash=sha256:81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2
pathspec==1.1.1 --hash=sha256:a00ce642f577bf7f473932318056212bc4f8bfdf53128c78bbd5af0b9b20b189
platformdirs==4.14.8 --hash=sha256:1e34af590de4d978631b751eb2202f2fee4497537a17c1720b12fcf57b331392
python-dateutil==4.0.0 --hash=sha256:a5e246f79eb80475e691bf93862cead98decd8a498cf53ba0516fcdc0f50dc1c
pyyaml==6.0.4 --hash=sha256:622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee
pyyaml-env-tag==1.1 --hash=sha256:17109e1a528561e32f026364712fee1264bc2ea6715120891174ed1b980d2e04
sqlparse==0.6.1 --hash=sha256:3be5a72d04c873d690d7c6dedd33d6fae2ef82759881ceec02fc2efd0cba564f
watchdog==7.1.0 --hash=sha256:ad6d0b473cb8cde0721692b22b30fcbea8b52102430528874b3593549888bd81
"""
UF_SITE = f"django-unfold@{UNFOLD}"
MK_SITE = f"mkdocs@{MKDOCS}"
SITES = (UF_SITE, MK_SITE)
# Django's language codes for the admin's catalogues.
UF_LANGS = ("en", "de", "fr", "es", "ru", "zh-hans", "ja", "pl")
# MkDocs' theme locales; the page directory is named by the locale (zh_CN as is).
MK_LANGS = ("en", "de", "fr", "es", "ru", "zh_CN", "ja", "pl")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

# The made-up tide-table program's documentation (our own text, Markdown).
_DOCS = {
    "index.md": """# Tidewatch

Tidewatch prints tide tables for harbours and warns you before the water is too low to leave.

!!! note
    Tidewatch 3.0 gives all heights in metres above chart datum.

## What it does

* Predicts high and low water for more than 400 stations.
* Sends an alert when the tide will not cover your boat's draught.
* Exports a month of tides as a calendar file.

See [Installation](install.md) to get started.
""",
    "install.md": """# Installation

## With pip

    pip install tidewatch

## With Homebrew

    brew install tidewatch

## Checking the install

Run `tidewatch --version`; it should print `3.0`.

<details>
<summary>Installing behind a proxy</summary>
<p>Set <code>HTTPS_PROXY</code> before running pip.</p>
</details>
""",
    "usage/first-steps.md": """# First steps

Choose your home harbour:

    tidewatch station set "Brest"

Then print today's table:

    tidewatch today

## Reading the table

| Time  | Event      | Height |
|-------|------------|--------|
| 04:12 | Low water  | 1.1 m  |
| 10:31 | High water | 6.4 m  |
| 16:40 | Low water  | 1.3 m  |
| 22:55 | High water | 6.2 m  |
""",
    "usage/stations.md": """# Stations

Tidewatch knows stations by name or by their number.

## Finding a station

    tidewatch station search "Saint-Malo"

## Your own stations

Add a station of your own with its harmonic constants in a TOML file.

<details>
<summary>Where do harmonic constants come from?</summary>
<p>From your national hydrographic office, usually for a small fee.</p>
</details>
""",
    "usage/alerts.md": """# Alerts

Tidewatch can warn you when the water will be too shallow.

!!! warning
    Alerts are a help, not a replacement for the official tide tables.

## Setting your draught

    tidewatch alert --draught 1.8

## Quiet hours

Alerts are not sent between 23:00 and 06:00 unless you pass `--always`.
""",
    "reference/cli.md": """# Command line

`tidewatch today`
:   The table for today at your home harbour.

`tidewatch week`
:   Seven days, one table per day.

`tidewatch export --month 2026-12`
:   A calendar file of one month.

## Exit codes

| Code | Meaning            |
|------|--------------------|
| 0    | All good           |
| 2    | Unknown station    |
| 3    | No data for a date |
""",
    "reference/config.md": """# Configuration file

The file is `~/.config/tidewatch/config.toml`.

## Units

`units = "metric"` or `units = "imperial"`.

## Time zone

By default the station's own time zone is used.
""",
    "faq.md": """# FAQ

<details>
<summary>Is Tidewatch accurate enough for navigation?</summary>
<p>No. Always check the official tables.</p>
</details>

<details>
<summary>Does it work offline?</summary>
<p>Yes, once the station data is downloaded.</p>
</details>

<details>
<summary>Can I get tides for rivers?</summary>
<p>Only for stations near the river mouth.</p>
</details>
""",
    "changelog.md": """# Changelog

## 3.0

* Heights in metres everywhere.
* New `export` command.

## 2.4

* Quiet hours for alerts.
""",
}

_MKDOCS_YML = """site_name: Tidewatch
site_url: ""
repo_url: https://github.com/example/tidewatch
edit_uri: edit/main/docs/
use_directory_urls: false
theme:
  name: mkdocs
  locale: {lang}
  highlightjs: false
  user_color_mode_toggle: true
  navigation_depth: 3
plugins:
  - search
markdown_extensions:
  - admonition
  - tables
  - def_list
  - md_in_html
  - toc:
      permalink: true
nav:
  - Home: index.md
  - Installation: install.md
  - Usage:
      - First steps: usage/first-steps.md
      - Stations: usage/stations.md
      - Alerts: usage/alerts.md
  - Reference:
      - Command line: reference/cli.md
      - Configuration file: reference/config.md
  - FAQ: faq.md
  - Changelog: changelog.md
"""

_MODELS = """
from django.db import models


class Owner(models.Model):
    name = models.CharField(max_length=80)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=30, blank=True)
    street = models.CharField(max_length=80, blank=True)
    postcode = models.CharField(max_length=12, blank=True)
    city = models.CharField(max_length=60, blank=True)
    reminders = models.BooleanField("Send vaccination reminders", default=False)
    notes = models.TextField(blank=True)

    def __str__(self):
        return self.name


class Vet(models.Model):
    name = models.CharField(max_length=60)

    def __str__(self):
        return self.name


class Pet(models.Model):
    SPECIES = [("dog", "Dog"), ("cat", "Cat"), ("rabbit", "Rabbit"), ("bird", "Bird"), ("horse", "Horse")]
    owner = models.ForeignKey(Owner, on_delete=models.CASCADE)
    name = models.CharField(max_length=40)
    species = models.CharField(max_length=10, choices=SPECIES, default="dog")
    breed = models.CharField(max_length=60, blank=True)
    born = models.DateField("Date of birth", null=True, blank=True)
    microchip = models.CharField("Microchip number", max_length=20, blank=True)

    def __str__(self):
        return self.name


class Appointment(models.Model):
    STATUS = [("booked", "Booked"), ("arrived", "Arrived"), ("seen", "Being seen"), ("done", "Finished"), ("missed", "Did not come")]
    REASON = [("checkup", "Check-up"), ("vaccine", "Vaccination"), ("illness", "Illness"), ("surgery", "Surgery")]
    code = models.CharField("Booking code", max_length=10)
    pet = models.ForeignKey(Pet, on_delete=models.CASCADE)
    reason = models.CharField(max_length=10, choices=REASON, default="checkup")
    status = models.CharField(max_length=10, choices=STATUS, default="booked")
    vet = models.ForeignKey(Vet, on_delete=models.SET_NULL, null=True, blank=True)
    day = models.DateField("Appointment date")
    follow_up = models.DateTimeField("Follow-up call", null=True, blank=True)
    emergency = models.BooleanField(default=False)
    insured = models.BooleanField("Pet is insured", default=False)
    fee = models.DecimalField("Estimated fee", max_digits=7, decimal_places=2, null=True, blank=True)
    symptoms = models.TextField("Symptoms described by the owner", blank=True)

    def __str__(self):
        return self.code


class Treatment(models.Model):
    appointment = models.ForeignKey(Appointment, on_delete=models.CASCADE)
    medicine = models.CharField(max_length=60)
    doses = models.PositiveIntegerField(default=1)
    price = models.DecimalField(max_digits=7, decimal_places=2)


class VisitNote(models.Model):
    appointment = models.ForeignKey(Appointment, on_delete=models.CASCADE)
    written = models.DateField()
    text = models.TextField()
"""

_ADMIN = """
from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group, User
from unfold.admin import ModelAdmin, StackedInline, TabularInline

from .models import Appointment, Owner, Pet, Treatment, Vet, VisitNote

admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class UserAdmin(BaseUserAdmin, ModelAdmin):
    pass


@admin.register(Group)
class GroupAdmin(BaseGroupAdmin, ModelAdmin):
    pass


class TreatmentInline(TabularInline):
    model = Treatment
    extra = 1
    tab = True


class NoteInline(StackedInline):
    model = VisitNote
    extra = 0
    tab = True


@admin.action(description="Mark selected appointments as finished")
def mark_done(modeladmin, request, queryset):
    queryset.update(status="done")


@admin.register(Appointment)
class AppointmentAdmin(ModelAdmin):
    list_display = ("code", "pet", "reason", "status", "vet", "day", "emergency", "insured")
    list_filter = ("status", "reason", "emergency", "vet")
    search_fields = ("code", "pet__name", "pet__owner__name", "symptoms")
    date_hierarchy = "day"
    actions = [mark_done]
    list_per_page = 8
    radio_fields = {"reason": admin.HORIZONTAL}
    inlines = [TreatmentInline, NoteInline]
    fieldsets = [
        ("Booking", {"fields": ["code", "pet", "reason", "status", "vet"], "classes": ["tab"]}),
        ("Dates", {"fields": ["day", "follow_up"], "classes": ["tab"]}),
        ("Billing", {"fields": ["fee", "emergency", "insured"], "classes": ["tab"]}),
        ("Symptoms", {"fields": ["symptoms"], "classes": ["tab"]}),
    ]


@admin.register(Owner)
class OwnerAdmin(ModelAdmin):
    list_display = ("name", "email", "phone", "city", "reminders")
    list_filter = ("city", "reminders")
    search_fields = ("name", "email", "phone")
    fieldsets = [
        (None, {"fields": ["name", "email", "phone"]}),
        ("Address", {"fields": ["street", "postcode", "city"], "classes": ["collapse"]}),
        ("More", {"fields": ["reminders", "notes"], "classes": ["collapse"]}),
    ]


@admin.register(Pet)
class PetAdmin(ModelAdmin):
    list_display = ("name", "species", "breed", "owner", "born")
    list_filter = ("species",)
    search_fields = ("name", "breed", "microchip")


@admin.register(Vet)
class VetAdmin(ModelAdmin):
    pass
"""

_UF = r"""
import datetime, re, shutil, sys
from decimal import Decimal
from pathlib import Path

out = Path(sys.argv[1])
app_dir = Path(sys.argv[2])
langs = sys.argv[3].split(",")
static_url = sys.argv[4]
FRESH = sys.argv[5]
sys.path.insert(0, str(app_dir))

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF="benchurls",
    INSTALLED_APPS=[
        "unfold", "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
        "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "clinic",
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
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    UNFOLD={
        "SITE_TITLE": "Willow Lane Vets",
        "SITE_HEADER": "Willow Lane Vets",
        "SITE_SUBHEADER": "Practice admin",
        "SIDEBAR": {
            "show_search": True,
            "show_all_applications": True,
            "navigation": [
                {"title": "Practice", "separator": True, "items": [
                    {"title": "Dashboard", "icon": "dashboard", "link": "/admin/"},
                    {"title": "Appointments", "icon": "event", "link": "/admin/clinic/appointment/"},
                    {"title": "Pets", "icon": "pets", "link": "/admin/clinic/pet/"},
                    {"title": "Owners", "icon": "person", "link": "/admin/clinic/owner/"},
                    {"title": "Vets", "icon": "stethoscope", "link": "/admin/clinic/vet/"},
                ]},
                {"title": "Users and permissions", "separator": True, "collapsible": True, "items": [
                    {"title": "Users", "icon": "people", "link": "/admin/auth/user/"},
                    {"title": "Groups", "icon": "group", "link": "/admin/auth/group/"},
                ]},
            ],
        },
    },
)
django.setup()

from django.core.management import call_command
call_command("migrate", run_syncdb=True, verbosity=0)

from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from clinic.models import Appointment, Owner, Pet, Treatment, Vet, VisitNote

admin_user = User.objects.create_superuser("admin", "admin@example.com", "secret-pass")
owners = [Owner.objects.create(name=n, email=e, phone=p, city=c, reminders=r) for n, e, p, c, r in [
    ("Clara Weiss", "clara@example.org", "0161 400 501", "Bristol", True),
    ("Pavel Horak", "pavel@example.org", "0161 400 502", "Bath", False),
    ("Yuki Tanaka", "yuki@example.org", "0161 400 503", "Bristol", True),
    ("Lucia Romero", "lucia@example.org", "0161 400 504", "Wells", False),
    ("Sam Okafor", "sam@example.org", "0161 400 505", "Bath", True),
]]
vets = [Vet.objects.create(name=n) for n in ["Dr Ines Moreau", "Dr Ravi Shah", "Dr Ewa Kowalska"]]
pets = [Pet.objects.create(owner=owners[o], name=n, species=s, breed=b, born=d, microchip=m) for o, n, s, b, d, m in [
    (0, "Biscuit", "dog", "Beagle", datetime.date(2019, 4, 2), "981000111"),
    (1, "Mitzi", "cat", "Siamese", datetime.date(2016, 8, 20), "981000222"),
    (2, "Hopper", "rabbit", "Lionhead", datetime.date(2023, 1, 11), ""),
    (3, "Luna", "horse", "Andalusian", datetime.date(2012, 5, 30), "981000444"),
    (4, "Kiwi", "bird", "Budgerigar", datetime.date(2024, 3, 3), ""),
    (0, "Pepper", "cat", "Maine Coon", datetime.date(2021, 9, 9), "981000666"),
    (2, "Rex", "dog", "German Shepherd", datetime.date(2018, 12, 1), "981000777"),
]]
visits = [
    ("A-2001", 0, "illness", "seen", 0, 3, True, True, "140.00", "Limping on the left front leg since Sunday."),
    ("A-2002", 1, "vaccine", "booked", 1, 4, False, False, "55.00", "Yearly jabs."),
    ("A-2003", 2, "checkup", "done", 2, 6, False, True, "35.00", "Teeth check."),
    ("A-2004", 3, "surgery", "booked", None, 8, True, True, "900.00", "Colic, needs surgery."),
    ("A-2005", 4, "illness", "missed", 0, 10, False, False, "40.00", "Feathers falling out."),
    ("A-2006", 5, "checkup", "arrived", 1, 11, False, True, "35.00", "New cat, first visit."),
    ("A-2007", 6, "illness", "booked", 2, 13, True, False, "120.00", "Ate a sock."),
    ("A-2008", 0, "vaccine", "done", 0, 15, False, True, "55.00", "Rabies booster."),
    ("A-2009", 1, "checkup", "booked", None, 16, False, False, "35.00", "Weight check."),
    ("A-2010", 4, "surgery", "seen", 1, 18, True, False, "260.00", "Broken wing."),
    ("A-2011", 2, "vaccine", "arrived", 2, 20, False, True, "45.00", "Myxomatosis vaccine."),
]
for code, p, reason, status, v, day, emergency, insured, fee, symptoms in visits:
    Appointment.objects.create(
        code=code, pet=pets[p], reason=reason, status=status,
        vet=vets[v] if v is not None else None, day=datetime.date(2026, 11, day),
        follow_up=datetime.datetime(2026, 11, day + 2, 10, 30, tzinfo=datetime.timezone.utc),
        emergency=emergency, insured=insured, fee=Decimal(fee), symptoms=symptoms,
    )
visit = Appointment.objects.get(code="A-2001")
Treatment.objects.create(appointment=visit, medicine="Meloxicam", doses=7, price=Decimal("18.40"))
Treatment.objects.create(appointment=visit, medicine="X-ray", doses=1, price=Decimal("85.00"))
VisitNote.objects.create(appointment=visit, written=datetime.date(2026, 11, 3), text="Sprain, no fracture. Rest for a week.")


def save(client, path, name, lang):
    with translation.override(lang):
        resp = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    assert resp.status_code == 200, (path, resp.status_code)
    html = resp.content.decode("utf-8")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', 'name="csrfmiddlewaretoken" value="bench"', html)
    # The admin's JavaScript catalogue is a view: saved beside the pages, loaded from there.
    html = html.replace('src="/admin/jsi18n/"', f'src="{static_url}../{lang}/jsi18n.js"')
    # Django sends the charset in its Content-Type header; a static server does not.
    html = re.sub(r"<head>", '<head><meta charset="utf-8">' + FRESH, html, count=1)
    for outside in ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis"):
        if outside in html:
            raise RuntimeError(f"{name} would load {outside}")
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / name).write_text(html, encoding="utf-8")


for lang in langs:
    anon = Client()
    save(anon, "/admin/login/?next=/admin/", "login.html", lang)
    c = Client()
    c.force_login(admin_user)
    with translation.override(lang):
        js = c.get("/admin/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang)
    (out / lang).mkdir(parents=True, exist_ok=True)
    (out / lang / "jsi18n.js").write_bytes(js.content)
    save(c, "/admin/", "index.html", lang)
    save(c, "/admin/clinic/appointment/", "appointment_changelist.html", lang)
    save(c, "/admin/clinic/appointment/?emergency__exact=1", "appointment_emergency.html", lang)
    save(c, "/admin/clinic/appointment/add/", "appointment_add.html", lang)
    save(c, f"/admin/clinic/appointment/{visit.pk}/change/", "appointment_change.html", lang)
    save(c, f"/admin/clinic/appointment/{visit.pk}/delete/", "appointment_delete.html", lang)
    save(c, "/admin/clinic/owner/", "owner_changelist.html", lang)
    save(c, "/admin/clinic/owner/add/", "owner_add.html", lang)
    save(c, "/admin/password_change/", "password_change.html", lang)

import django.contrib.admin as dadmin
import unfold

shutil.copytree(Path(dadmin.__file__).parent / "static", out / "static", dirs_exist_ok=True)
shutil.copytree(Path(unfold.__file__).parent / "static", out / "static", dirs_exist_ok=True)
print("rendered")
"""


def _render_mk(site: Path, dest: Path) -> None:
    render_mkdocs(site, dest, MK_LANGS, _DOCS, _MKDOCS_YML, _FRESH, RENDER_VERSION)


def _render_uf(site: Path, dest: Path) -> None:
    part = dest.with_name(dest.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = Path(tmp)
        (app / "clinic").mkdir()
        (app / "clinic" / "__init__.py").write_text("", encoding="utf-8")
        (app / "clinic" / "models.py").write_text(_MODELS, encoding="utf-8")
        (app / "clinic" / "admin.py").write_text(_ADMIN, encoding="utf-8")
        (app / "benchurls.py").write_text(
            "from django.contrib import admin\nfrom django.urls import path\n"
            "urlpatterns = [path('admin/', admin.site.urls)]\n",
            encoding="utf-8",
        )
        run_renderer(site, [_UF, str(part), tmp, ",".join(UF_LANGS), f"/{UF_SITE}/static/", _FRESH], tmp)
    finish_render(part, dest, RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((UF_SITE, _render_uf), (MK_SITE, _render_mk))
    installed = ("unfold/__init__.py", "mkdocs/__init__.py")
    return ensure_site(f"site-pypi8-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"django-unfold {UNFOLD} pages ready in {where / UF_SITE} ({', '.join(UF_LANGS)}) and "
            f"MkDocs {MKDOCS} pages (its own theme) in {where / MK_SITE} ({', '.join(MK_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
