"""Trac's pages and a blog built by Pelican, rendered from PyPI, for held-out 20.

Two further real applications after Django's admin (held-out 9), Flask-Admin (held-out 10),
Datasette and Material for MkDocs (held-out 11), Sphinx with furo and django-allauth
(held-out 12), Django REST framework and pydata-sphinx-theme (held-out 13), Grappelli and
sphinx-rtd-theme (held-out 14), Jazzmin and sphinx-book-theme (held-out 15), Unfold and MkDocs'
own theme (held-out 16), MkDocs' readthedocs theme and SQLAdmin (held-out 17), Flask-AppBuilder
and alabaster (held-out 18), starlette-admin and shibuya (held-out 19), both from hash-pinned
wheels installed with ``pip install --require-hashes --no-deps --target`` into the same cache as
``bench/thirdparty_pypi.py`` (``cache_dir()`` there):

* Trac 1.6 (its Jinja2 templates, jQuery, jQuery UI with its date-time picker add-on, its own
  scripts and its Babel catalogues, with Babel 2.9.1 as Trac 1.6 asks): a Trac environment of our
  own made in a scratch folder (SQLite; a made-up podcast-hosting project, "Skylark": five
  components, four milestones, two versions, twelve tickets with owners, keywords and a few
  comments, three wiki pages), whose WSGI application is called directly, with ``REMOTE_USER`` set
  to ``admin`` (granted ``TRAC_ADMIN``, so the admin panels and every edit form show) and
  ``Accept-Language`` set to the page's language, to save its pages in English, German, French,
  Japanese, Simplified Chinese, Czech, Polish, Russian and Spanish (Trac's own catalogues): the
  wiki start page (its context menu, "Edit this page", "Attach file", "Rename page", "Delete
  page" and the page's table) and its edit form (the wiki toolbar, the text area, the comment
  field, "Edit side-by-side", Preview/Review changes/Submit changes/Cancel); the timeline for
  the 30 days up to 28 November 2026 (a fixed window, so that the events shown do not depend on
  the day of rendering) and its filters (a date field with jQuery UI's picker, "days back", "by
  author", one check box per kind of event, Update); the roadmap, its filters and "Add new
  milestone"; the 1.0 milestone (its "Ticket status by" select, Edit/Delete milestone, "Attach
  file"); a custom ticket query (the
  status filter's check boxes, "Add filter", "Or", "Columns" check boxes, "Group results
  by", "descending", "Show under each result", "Max items per page", Update, "Save query",
  "Batch modify"); the list of reports and the "Active Tickets" report; ticket 3 with its
  comments (Reply/Edit), its "Add Comment" text area, "Modify Ticket" box (summary, reporter,
  description, type, priority, milestone, component, version, keywords, Cc), its
  "Action" radio buttons (leave, accept, resolve as…, reassign to…), Preview/Submit changes;
  the new-ticket form; the search page with the results for "feed" and its filter check boxes;
  the preferences' "General" and "Localization" panels (time zone and language selects); the
  admin panels "Basic Settings", "Permissions" (grant and group forms, the permission table with
  its check boxes), "Components" (the list with "Default" radios and "Remove selected items",
  the add form) and the 1.1 milestone's edit form (its due and completed dates). The Trac header
  keeps Trac's own banner image; the environment also holds the help pages Trac writes into every
  new environment (they turn up in the search results). Trac's static files (``trac/htdocs``) are
  copied beside the pages and the pages point there (its ``htdocs_location`` option).
* Pelican 4.12.0 with its default theme "notmyidea": a blog of our own text (a made-up allotment
  society, "Mill Lane Allotments": six articles and two pages, each written in English, German,
  French and Spanish with Pelican's ``lang`` and ``slug`` metadata), built once per language with
  ``DEFAULT_LANG`` set to it (as an i18n sub-site would be), so every article links to its
  translations. The cases use the index and its second page (pagination), an article (its
  "Translations" links, category, tags and author links), a page ("About"), a category page, the
  archives, the tags list and an author page (the whole site is saved); the top menu
  (a link of our own, the pages, the categories), the blogroll and "social" boxes. The theme's
  words are English (notmyidea has no catalogue): the text of the articles is the page's
  language. Its web fonts are the theme's own files (no outside request).

Nothing of it is committed. A case of ``bench/retrieval_pypi12.jsonl`` names its page as
``pypi/<site>@<version>/<lang>/<page>``, served from the cache root by ``bench/retrieval.py`` (the
same root as held-out 9 to 19). Links lead to pages of the static server and forms post to it
(which refuses the POST): only what happens on the page before a navigation counts.

Left out: Trac's log-in (it leaves it to the web server's HTTP authentication: no form), its
source browser and changesets (no repository is connected), the attachment upload form and
Trac's other languages (Italian, Brazilian Portuguese and more ship with it); Pelican's Markdown
reader (the articles are reStructuredText, so the ``markdown`` package is not needed) and its
feeds (switched off); no case ticks Trac's "Edit side-by-side" box (ticking it submits the
edit form at once, so a plain replay cannot check it). The wheels are all pure Python except MarkupSafe and watchfiles (a
dependency of Pelican), pinned for CPython 3.11 on x86-64 Linux (the bench's interpreter).

    .venv/bin/python bench/thirdparty_pypi12.py        # fill the cache, print where it is
"""

# ruff: noqa: E501 -- the render scripts below are scripts of their own, laid out for reading as such.
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.thirdparty_pypi import ensure_site, fill_and_say, render_app

TRAC = "1.6"
PELICAN = "4.12.0"
# Exact versions with the sha256 of their wheels (as `pip download` gives them), one set for both
# applications (Babel 2.9.1 because Trac 1.6 asks for Babel < 2.10; setuptools for Trac's
# pkg_resources).
REQUIREMENTS = f"""\
anyio==4.16.0 --hash=sha256:c66ae634e0b8228396b801741beb3294326d4b6102f7bba4041c0dfb58c29026
babel==2.9.1 --hash=sha256:ab49e12b91d937cd11f0b67cb259a57ab4ad2b59ac7a3b41d6c06c0ac5b0def9
blinker==1.9.0 --hash=sha256:ba0efaa9080b619ff2f3459d1d500c57bddea4a6b424b60a91141db6fd2f08bc
docutils==0.23 --hash=sha256:25d013af9bf23bc1c7b2b093dff4208166c53a94786c9e447808335ef1185fea
feedgenerator==2.2.1 --hash=sha256:0d8bb321e49dd43c916b659e137c1eab1b1c053dd4535a03ef8d47e5f3358ba5
idna==3.20 --hash=sha256:ab7ae7122974553370f0bdb919e1a960b2cd1bc1ef0276416d896db81c14582c
jinja2==3.1.6 --hash=sha256:85ece4451f492d0c13c5dd7c13a64681a86afae63a5f347908daf103ce6d2f67
markdown-it-py==4.3.0 --hash=sha256:7aa1511a46c39138de78d9eba92ce47e63124d8003fc98b3a351909e04239efa
markupsafe==3.0.4 --hash=sha256:6da83a088f8ef93b2d483a8232a4dbf4d69d3d8496b568a03c56becac43e1808
mdurl==0.1.2 --hash=sha256:84008a41e51615a49fc9966191ff91509e3c40b939176e643fd50a5c2196b8f8
ordered-set==4.1.0 --hash=sha256:046e1132c71fcf3330438a539928932caf51ddbc582496833e23de611de14562
pelican=={PELICAN} --hash=sha256:3697230f56cfcca9e98d3ac9ac26f655bb20cad807f7eacf156601e241f69ad8
pygments==2.19.2 --hash=sha256:86540386c03d588bb81d44bc3928634ff26449851e99741617ecb9037ee5ec0b
python-dateutil==4.0.0 --hash=sha256:a5e246f79eb80475e691bf93862cead98decd8a498cf53ba0516fcdc0f50dc1c
pytz==2026.6 --hash=sha256:7fed3fee8fd6bd4a2b7b75a8d56021d0624127bf69bd5691f115db929ac570b3
rich==15.0.0 --hash=sha256:33bd4ef74232fb73fe9279a257718407f169c09b78a87ad3d296f548e27de0bb
setuptools==70.3.0 --hash=sha256:fe384da74336c398e0d956d1cae0669bc02eed936cdb1d49b57de1990dc11ffc
six==1.17.0 --hash=sha256:4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274
sniffio==1.3.1 --hash=sha256:2f6da418d1f1e0fddd844478f41680e794e6051915791a034ff65e5f100525a2
trac=={TRAC} --hash=sha256:5ff2f3394ebee7cc5b8ee465871cfdecb78ee492a74215b47b6d9ddbcc93b5f7
typing-extensions==4.16.0 --hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8
unidecode==1.4.0 --hash=sha256:c3c7606c27503ad8d501270406e345ddb480a7b5f38827eafe4fa82a137f0021
watchfiles==1.3.0 --hash=sha256:b5768b49e426fd5b550b012c866db347cdf15c398ef98dc557b6e6b72fa74cd1
"""
TRAC_SITE = f"trac@{TRAC}"
PELICAN_SITE = f"pelican@{PELICAN}"
SITES = (TRAC_SITE, PELICAN_SITE)
# Trac's catalogues used (the page directory is named by the language, zh_CN as is).
TRAC_LANGS = ("en", "de", "fr", "ja", "zh_CN", "cs", "pl", "ru", "es")
# The blog's languages (one build per language, with it as DEFAULT_LANG).
PELICAN_LANGS = ("en", "de", "fr", "es")
# Bumped when the pages rendered below change, so that an old cache is rendered again.
RENDER_VERSION = "1"

_FRESH = "<script>try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}</script>"

_TRAC = r"""
import io, re, shutil, sys, tempfile, datetime
from pathlib import Path

out = Path(sys.argv[1])
langs = sys.argv[2].split(",")
static_url = sys.argv[3]
FRESH = sys.argv[4]
site = static_url.removesuffix("static/")

import logging
logging.disable(logging.CRITICAL)
import warnings
warnings.simplefilter("ignore")

from trac.env import Environment
from trac.perm import PermissionSystem
from trac.ticket.model import Component, Milestone, Priority, Ticket, Type, Version
from trac.util.datefmt import utc
from trac.web.main import dispatch_request
from trac.wiki.model import WikiPage

root = Path(tempfile.mkdtemp())
envdir = root / "skylark"
env = Environment(str(envdir), create=True, options=[
    ("project", "name", "Skylark"),
    ("project", "descr", "Podcast hosting for community radio stations"),
    ("trac", "database", "sqlite:db/trac.db"),
    ("trac", "htdocs_location", static_url + "common/"),
    ("logging", "log_type", "none"),
    ("header_logo", "src", "common/trac_banner.png"),
    ("header_logo", "alt", "Skylark"),
    ("project", "icon", "common/trac.ico"),
])
PermissionSystem(env).grant_permission("admin", "TRAC_ADMIN")
for name in ("ines", "marek", "yuki", "tomas"):
    PermissionSystem(env).grant_permission(name, "developer")
for action in ("TICKET_MODIFY", "WIKI_MODIFY", "MILESTONE_VIEW", "REPORT_CREATE"):
    PermissionSystem(env).grant_permission("developer", action)

def at(d, h=10):
    return datetime.datetime(2026, 11, d, h, 15, tzinfo=utc)

for c in Component.select(env):
    c.delete()
for m in Milestone.select(env):
    m.delete()
for v in Version.select(env):
    v.delete()
for name, owner in [("audio", "yuki"), ("feeds", "marek"), ("web player", "ines"), ("billing", "tomas"), ("docs", "")]:
    c = Component(env); c.name = name; c.owner = owner; c.insert()
for name, due, done, descr in [
    ("0.9", at(2, 12), at(3, 12), "First public beta."),
    ("1.0", at(30, 12), None, "Stable release for the spring season.\n\n * chapter markers\n * RSS import"),
    ("1.1", datetime.datetime(2027, 2, 15, 12, tzinfo=utc), None, "Listener statistics."),
    ("2.0", None, None, "Video podcasts (no date yet)."),
]:
    m = Milestone(env); m.name = name; m.due = due; m.completed = done; m.description = descr; m.insert()
for name, t in [("0.8", at(1)), ("0.9", at(3))]:
    v = Version(env); v.name = name; v.time = t; v.insert()

TICKETS = [
    ("Episode upload stalls at 99 %", "defect", "critical", "audio", "1.0", "yuki", "ines", "accepted", "Uploads of files over 200 MB stall at 99 %.", "upload, s3"),
    ("Add chapter markers to the web player", "enhancement", "major", "web player", "1.0", "ines", "marek", "assigned", "Show chapters under the seek bar.", "chapters"),
    ("RSS feed drops episodes with an ampersand in the title", "defect", "major", "feeds", "1.0", "marek", "yuki", "new", "An episode called \"Tea & Biscuits\" is missing from the feed.\n\nSteps:\n 1. publish an episode with & in its title\n 2. open the feed", "rss, escaping"),
    ("Invoice PDF shows the wrong VAT rate", "defect", "blocker", "billing", "1.0", "tomas", "admin", "new", "Stations in Ireland get 21 % instead of 23 %.", "vat"),
    ("Import shows from an existing RSS feed", "enhancement", "major", "feeds", "1.0", "marek", "ines", "new", "Import every episode of a feed URL.", "import"),
    ("Keyboard shortcuts for the player", "enhancement", "minor", "web player", "1.1", "", "yuki", "new", "Space to pause, arrows to seek.", ""),
    ("Listener statistics per episode", "task", "major", "audio", "1.1", "yuki", "admin", "new", "Count downloads per episode and day.", "stats"),
    ("Document the embed code", "task", "trivial", "docs", "1.1", "", "tomas", "new", "Write a page on embedding the player.", "embed"),
    ("Loudness normalisation to -16 LUFS", "enhancement", "major", "audio", "0.9", "yuki", "marek", "closed", "Normalise every upload.", "loudness"),
    ("Login page is not translated", "defect", "minor", "web player", "0.9", "ines", "tomas", "closed", "Strings on the login page stay English.", "i18n"),
    ("Video episodes", "enhancement", "major", "audio", "2.0", "", "admin", "new", "Accept MP4 uploads.", "video"),
    ("Transcripts next to the player", "enhancement", "minor", "web player", "2.0", "", "ines", "new", "Show a transcript when the episode has one.", "accessibility"),
]
for i, (summary, typ, prio, comp, ms, owner, reporter, status, descr, kw) in enumerate(TICKETS):
    t = Ticket(env)
    t.populate({"summary": summary, "type": typ, "priority": prio, "component": comp, "milestone": ms,
                "owner": owner, "reporter": reporter, "status": "new", "description": descr, "keywords": kw,
                "version": "0.9" if i % 3 == 0 else ""})
    t.insert(when=at(4 + i, 9))
    if status != "new":
        t["status"] = status
        if status == "closed":
            t["resolution"] = "fixed"
        t.save_changes(owner or "admin", "Taking this." if status != "closed" else "Fixed in the 0.9 branch.", when=at(4 + i, 15))
t3 = Ticket(env, 3)
t3["cc"] = "tomas"
t3.save_changes("yuki", "I can reproduce it with \"Fish & Chips\" too.", when=at(20, 11))
t3.save_changes("ines", "The title is not escaped in the <title> element of the item.", when=at(21, 16))

pages = {
    "WikiStart": '''= Welcome to Skylark =

Skylark hosts the podcasts of community radio stations: upload an episode, and it
appears in the station's feed and web player.

== Getting started ==
 * [wiki:ReleaseChecklist Release checklist] -- what to do before a release
 * [wiki:StyleGuide Style guide] -- how we write code and episodes' copy
 * [report:1 Active tickets] and the [roadmap]

== Team ==
||= Name =||= Area =||= Time zone =||
|| Ines || web player || Europe/Lisbon ||
|| Marek || feeds || Europe/Warsaw ||
|| Yuki || audio || Asia/Tokyo ||
|| Tomas || billing || Europe/Prague ||

== Contact ==
Write to the mailing list or open a [/newticket new ticket].
''',
    "ReleaseChecklist": '''= Release checklist =
 1. Close or move every ticket of the milestone.
 1. Tag the release.
 1. Announce it on the mailing list.
''',
    "StyleGuide": '''= Style guide =
Episode titles use sentence case. Code follows PEP 8.
''',
}
for name, text in pages.items():
    p = WikiPage(env, name)
    p.text = text
    p.save("admin", "Initial version", at(1))
p = WikiPage(env, "WikiStart")
p.text += "\n== Stations ==\nFourteen stations use Skylark today.\n"
p.save("marek", "Add the stations", at(22))
env.shutdown()


def get(path, lang, user="admin"):
    path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET", "SCRIPT_NAME": site + lang, "PATH_INFO": path, "QUERY_STRING": query,
        "SERVER_NAME": "localhost", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "localhost", "HTTP_ACCEPT_LANGUAGE": lang.replace("_", "-"),
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr,
        "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False,
        "trac.env_path": str(envdir),
    }
    if user:
        environ["REMOTE_USER"] = user
    status, chunks = [], []

    def start_response(s, headers, exc_info=None):
        status.append(s)
        return chunks.append

    chunks.extend(dispatch_request(environ, start_response))
    body = b"".join(chunks)
    assert status[0].startswith("200"), (path, status, body[:2000])
    return body.decode("utf-8")

OUTSIDE = ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr")

PAGES = [
    ("/wiki/WikiStart", "wiki"),
    ("/wiki/WikiStart?action=edit", "wiki_edit"),
    ("/timeline?from=2026-11-28&daysback=30", "timeline"),
    ("/roadmap", "roadmap"),
    ("/milestone/1.0", "milestone"),
    ("/query?status=!closed&order=priority&col=id&col=summary&col=status&col=owner&col=type&col=priority&col=milestone", "query"),
    ("/report", "reports"),
    ("/report/1", "report"),
    ("/ticket/3", "ticket"),
    ("/newticket", "newticket"),
    ("/search?q=feed&ticket=on&wiki=on&milestone=on", "search"),
    ("/prefs", "prefs"),
    ("/prefs/localization", "prefs_language"),
    ("/admin/general/basics", "admin_basics"),
    ("/admin/general/perm", "admin_perm"),
    ("/admin/ticket/components", "admin_components"),
    ("/admin/ticket/milestones/1.1", "admin_milestone"),
]
for lang in langs:
    (out / lang).mkdir(parents=True, exist_ok=True)
    for path, name in PAGES:
        html = get(path, lang)
        html = html.replace("<head>", "<head>" + FRESH, 1)
        for outside in OUTSIDE:
            if outside in html:
                raise RuntimeError(f"{name} would load {outside}")
        (out / lang / f"{name}.html").write_text(html, encoding="utf-8")

import trac
shutil.copytree(Path(trac.__file__).parent / "htdocs", out / "static" / "common", dirs_exist_ok=True)
shutil.rmtree(root, ignore_errors=True)
print("rendered")
"""

_PELICAN = r"""
import shutil, sys, tempfile
from pathlib import Path

out = Path(sys.argv[1])
langs = sys.argv[2].split(",")
site = sys.argv[3]
FRESH = sys.argv[4]

import logging
logging.disable(logging.CRITICAL)
import warnings
warnings.simplefilter("ignore")

from pelican import Pelican
from pelican.settings import read_settings

# The allotment society's articles: (slug, date, category, tags, author, {lang: (title, text)}).
ARTICLES = [
    ("tomato-blight", "2026-08-02", "Garden", "tomatoes, disease", "Rosa Ferreira", {
        "en": ("Tomato blight is back", "Brown patches on the leaves of plot 12's tomatoes: it is late blight. Remove the affected leaves and do not compost them."),
        "de": ("Die Kraut- und Braunfäule ist zurück", "Braune Flecken auf den Tomatenblättern von Parzelle 12: es ist die Kraut- und Braunfäule. Entfernt die befallenen Blätter und kompostiert sie nicht."),
        "fr": ("Le mildiou est de retour", "Des taches brunes sur les tomates de la parcelle 12 : c'est le mildiou. Retirez les feuilles touchées et ne les compostez pas."),
        "es": ("Vuelve el mildiu del tomate", "Manchas marrones en las hojas de los tomates de la parcela 12: es mildiu. Quitad las hojas afectadas y no las echéis al compost."),
    }),
    ("seed-swap", "2026-09-14", "Workshops", "seeds, events", "Jonas Becker", {
        "en": ("Seed swap on Saturday", "Bring your saved seeds to the shed on Saturday from 10 to 12. Label every packet with the variety and the year."),
        "de": ("Saatguttausch am Samstag", "Bringt eure selbst gewonnenen Samen am Samstag von 10 bis 12 Uhr zum Schuppen. Beschriftet jede Tüte mit Sorte und Jahr."),
        "fr": ("Troc de graines samedi", "Apportez vos graines au cabanon samedi de 10 h à 12 h. Indiquez la variété et l'année sur chaque sachet."),
        "es": ("Intercambio de semillas el sábado", "Traed vuestras semillas al cobertizo el sábado de 10 a 12. Poned la variedad y el año en cada sobre."),
    }),
    ("pumpkin-weigh-in", "2026-10-05", "Harvest", "pumpkins, competition", "Rosa Ferreira", {
        "en": ("The pumpkin weigh-in results", "This year's heaviest pumpkin weighed 41 kg and came from plot 3. Congratulations to the Okafor family!"),
        "de": ("Die Ergebnisse des Kürbiswiegens", "Der schwerste Kürbis dieses Jahres wog 41 kg und kam von Parzelle 3. Herzlichen Glückwunsch an Familie Okafor!"),
        "fr": ("Les résultats de la pesée des citrouilles", "La plus lourde citrouille de l'année pesait 41 kg et venait de la parcelle 3. Bravo à la famille Okafor !"),
        "es": ("Resultados del pesaje de calabazas", "La calabaza más pesada de este año pesó 41 kg y salió de la parcela 3. ¡Enhorabuena a la familia Okafor!"),
    }),
    ("rainwater-butts", "2026-10-19", "Garden", "water, tools", "Jonas Becker", {
        "en": ("New rainwater butts by the shed", "Four new 300-litre butts collect the rain from the shed roof. Please close the tap after use."),
        "de": ("Neue Regentonnen am Schuppen", "Vier neue 300-Liter-Tonnen sammeln das Regenwasser vom Schuppendach. Bitte dreht den Hahn nach Gebrauch zu."),
        "fr": ("De nouveaux récupérateurs d'eau près du cabanon", "Quatre récupérateurs de 300 litres recueillent la pluie du toit du cabanon. Fermez le robinet après usage."),
        "es": ("Nuevos depósitos de agua de lluvia junto al cobertizo", "Cuatro depósitos nuevos de 300 litros recogen la lluvia del tejado del cobertizo. Cerrad el grifo después de usarlo."),
    }),
    ("pruning-workshop", "2026-11-02", "Workshops", "fruit trees, events, tools", "Mei Lin", {
        "en": ("Winter pruning workshop", "Mei shows how to prune apple and pear trees on 6 December. Bring gloves and, if you have them, secateurs."),
        "de": ("Workshop zum Winterschnitt", "Mei zeigt am 6. Dezember, wie man Apfel- und Birnbäume schneidet. Bringt Handschuhe und, falls vorhanden, eine Gartenschere mit."),
        "fr": ("Atelier de taille d'hiver", "Mei montre comment tailler les pommiers et les poiriers le 6 décembre. Apportez des gants et, si vous en avez, un sécateur."),
        "es": ("Taller de poda de invierno", "Mei enseña a podar manzanos y perales el 6 de diciembre. Traed guantes y, si tenéis, tijeras de podar."),
    }),
    ("leek-harvest", "2026-11-20", "Harvest", "leeks, recipes", "Mei Lin", {
        "en": ("Leeks for everyone", "The communal bed has more leeks than we can eat. Take what you need and try the leek and potato soup recipe below."),
        "de": ("Lauch für alle", "Das Gemeinschaftsbeet hat mehr Lauch, als wir essen können. Nehmt, was ihr braucht, und probiert das Rezept für Lauch-Kartoffel-Suppe unten."),
        "fr": ("Des poireaux pour tout le monde", "La planche commune a plus de poireaux que nous ne pouvons en manger. Servez-vous et essayez la recette de soupe poireaux-pommes de terre ci-dessous."),
        "es": ("Puerros para todos", "El bancal común tiene más puerros de los que podemos comer. Llevaos los que necesitéis y probad la receta de sopa de puerros y patatas."),
    }),
]
PAGES = [
    ("about", {"en": ("About us", "We are forty households sharing an allotment site on Mill Lane since 1987."),
               "de": ("Über uns", "Wir sind vierzig Haushalte, die sich seit 1987 eine Kleingartenanlage am Mill Lane teilen."),
               "fr": ("Qui sommes-nous", "Nous sommes quarante foyers qui partagent des jardins familiaux sur Mill Lane depuis 1987."),
               "es": ("Quiénes somos", "Somos cuarenta hogares que comparten un huerto en Mill Lane desde 1987.")}),
    ("waiting-list", {"en": ("Waiting list", "Write to the secretary to join the waiting list for a plot."),
                      "de": ("Warteliste", "Schreibt dem Vorstand, um auf die Warteliste für eine Parzelle zu kommen."),
                      "fr": ("Liste d'attente", "Écrivez au secrétaire pour vous inscrire sur la liste d'attente d'une parcelle."),
                      "es": ("Lista de espera", "Escribid al secretario para apuntaros a la lista de espera de una parcela.")}),
]

for lang in langs:
    with tempfile.TemporaryDirectory() as tmp:
        content = Path(tmp) / "content"
        (content / "pages").mkdir(parents=True)
        for slug, date, cat, tags, author, texts in ARTICLES:
            for l, (title, text) in texts.items():
                name = f"{slug}.rst" if l == "en" else f"{slug}-{l}.rst"
                (content / name).write_text(
                    f"{title}\n{'#' * len(title) * 2}\n\n:date: {date} 09:00\n:category: {cat}\n:tags: {tags}\n"
                    f":author: {author}\n:slug: {slug}\n:lang: {l}\n:summary: {text.split('. ')[0]}.\n\n{text}\n",
                    encoding="utf-8")
        for slug, texts in PAGES:
            for l, (title, text) in texts.items():
                (content / "pages" / f"{slug}-{l}.rst").write_text(
                    f"{title}\n{'#' * len(title) * 2}\n\n:slug: {slug}\n:lang: {l}\n\n{text}\n", encoding="utf-8")
        settings = read_settings(override={
            "PATH": str(content), "OUTPUT_PATH": str(out / lang), "SITENAME": "Mill Lane Allotments",
            "SITEURL": f"{site}{lang}", "RELATIVE_URLS": False, "DEFAULT_LANG": lang, "TIMEZONE": "Europe/London",
            "DEFAULT_PAGINATION": 4, "FEED_ALL_ATOM": None, "CATEGORY_FEED_ATOM": None, "TRANSLATION_FEED_ATOM": None,
            "AUTHOR_FEED_ATOM": None, "AUTHOR_FEED_RSS": None,
            "LINKS": (("Royal Horticultural Society", "https://www.rhs.org.uk/"), ("Seed library", "https://seeds.example.org/")),
            "SOCIAL": (("Mastodon", "https://mastodon.example/@milllane"), ("Email", "mailto:secretary@milllane.example")),
            "MENUITEMS": (("Plot map", f"{site}{lang}/pages/about.html"),),
            "DISPLAY_PAGES_ON_MENU": True, "DISPLAY_CATEGORIES_ON_MENU": True,
        })
        Pelican(settings).run()

OUTSIDE = ("https://fonts.", "//cdn.", "https://unpkg", "https://cdnjs", "googleapis", "jsdelivr")
for page in out.rglob("*.html"):
    html = page.read_text(encoding="utf-8")
    for outside in OUTSIDE:
        if outside in html:
            raise RuntimeError(f"{page.name} would load {outside}")
    page.write_text(html.replace("<head>", "<head>" + FRESH, 1), encoding="utf-8")

print("rendered")
"""


def _render_trac(site: Path, dest: Path) -> None:
    render_app(site, dest, _TRAC, [",".join(TRAC_LANGS), f"/{TRAC_SITE}/static/", _FRESH], RENDER_VERSION)


def _render_pelican(site: Path, dest: Path) -> None:
    render_app(site, dest, _PELICAN, [",".join(PELICAN_LANGS), f"/{PELICAN_SITE}/", _FRESH], RENDER_VERSION)


def ensure_all() -> Path:
    """Fill the cache (install, render) when needed; the directory the bench serves as ``pypi/``."""
    pins = hashlib.sha256(REQUIREMENTS.encode()).hexdigest()[:10]
    renders = ((TRAC_SITE, _render_trac), (PELICAN_SITE, _render_pelican))
    installed = ("trac/__init__.py", "pelican/__init__.py", "pkg_resources/__init__.py")
    return ensure_site(f"site-pypi12-{pins}", REQUIREMENTS, installed, renders, RENDER_VERSION)


def main() -> None:
    fill_and_say(
        ensure_all,
        lambda where: (
            f"Trac {TRAC} pages in {where / TRAC_SITE} ({', '.join(TRAC_LANGS)}) and "
            f"Pelican {PELICAN} pages in {where / PELICAN_SITE} ({', '.join(PELICAN_LANGS)})"
        ),
    )


if __name__ == "__main__":
    main()
