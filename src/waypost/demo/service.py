"""The demo portal's service pages: an annual report to download (a PDF), terms of use that open in a
new tab, a pop-up, and a feedback form that takes a file.

``/service/`` links them all. The PDF is written by :func:`make_pdf` (a few dozen lines of plain
PDF with an outline), so the demo needs no PDF library. Files sent to the feedback form are kept
in :attr:`ServicePages.received` so tests can check what landed on the server.
"""

from __future__ import annotations

import email.parser
import email.policy
import threading
from collections.abc import Callable, Sequence
from typing import Any

from waypost.demo.html import esc, render
from waypost.demo.http import Request, Response

REPORT_PATH = "/downloads/annual-report-2025.pdf"
REPORT_TITLE = "Waypost Media Group - Annual Report 2025"
REPORT_PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Annual Report 2025",
        (
            "Waypost Media Group",
            "Letter from the board",
            "2025 was a year of steady growth for our news portal and our finance site.",
            "Readers spent more time with our reporting than ever before.",
        ),
    ),
    (
        "Revenue and results",
        (
            "In the financial year 2025 the group's revenue was EUR 48.2 million,",
            "up 6.1 percent from EUR 45.4 million in 2024.",
            "Operating profit (EBIT) reached EUR 5.9 million.",
            "Digital subscriptions made up 41 percent of revenue.",
        ),
    ),
    (
        "Outlook 2026",
        (
            "For 2026 the board expects revenue between EUR 50 and 52 million.",
            "We will invest in local reporting and in our archive.",
        ),
    ),
)
TERMS_NOTICE = "The notice period is three months to the end of a calendar quarter."


def _pdf_text(text: str) -> bytes:
    raw = text.encode("cp1252", "replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def make_pdf(title: str, pages: Sequence[tuple[str, Sequence[str]]]) -> bytes:
    """A small text PDF: one page per ``(heading, lines)``, with the headings as its outline."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_obj = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    info = add(b"<< /Title " + _pdf_text(title) + b" /Producer (Waypost demo) >>")
    page_ids: list[int] = []
    for heading, lines in pages:
        stream = b"BT /F1 20 Tf 72 760 Td " + _pdf_text(heading) + b" Tj ET\nBT /F1 12 Tf 72 720 Td 18 TL\n"
        stream += b"".join(_pdf_text(line) + b" Tj T*\n" for line in lines) + b"ET"
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        page_ids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] "
                b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>" % (pages_obj, font, content)
            )
        )
    outline_root = add(b"")
    items = [len(objects) + 1 + i for i in range(len(pages))]
    for i, (heading, _) in enumerate(pages):
        links = b""
        if i > 0:
            links += b" /Prev %d 0 R" % items[i - 1]
        if i < len(pages) - 1:
            links += b" /Next %d 0 R" % items[i + 1]
        dest = b" /Parent %d 0 R /Dest [%d 0 R /XYZ 0 842 0]" % (outline_root, page_ids[i])
        add(b"<< /Title " + _pdf_text(heading) + dest + links + b" >>")
    objects[outline_root - 1] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (
        items[0],
        items[-1],
        len(items),
    )
    kids = b" ".join(b"%d 0 R" % p for p in page_ids)
    objects[pages_obj - 1] = b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % len(page_ids)
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines >>" % (
        pages_obj,
        outline_root,
    )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        info,
        xref,
    )
    return bytes(out)


class ServicePages:
    """Routes of the service pages (``/service/``, the report, terms, pop-up, feedback form).

    Args:
        shell: Wraps a page body in the portal's shell (:meth:`waypost.demo.portal.Portal.render`).
    """

    def __init__(self, shell: Callable[..., Response]) -> None:
        self._shell = shell
        self.received: list[tuple[str, bytes]] = []
        self._lock = threading.Lock()
        self._report = make_pdf(REPORT_TITLE, REPORT_PAGES)

    def handle(self, req: Request) -> Response | None:
        """The answer for a service route, or ``None`` for any other path."""
        routes = {
            "/service/": self._index,
            REPORT_PATH: self._report_pdf,
            "/service/terms.html": self._terms,
            "/service/newsletter-popup.html": self._popup,
            "/service/feedback": self._feedback,
        }
        handler = routes.get(req.path)
        return handler(req) if handler is not None else None

    def _page(self, req: Request, title: str, content: str, **kwargs: Any) -> Response:
        return self._shell(req, title=title, content=content, lang="en", **kwargs)

    def _index(self, req: Request) -> Response:
        return self._page(req, "Service – Waypost", render("service/index.html", REPORT_PATH=REPORT_PATH))

    def _report_pdf(self, req: Request) -> Response:
        return Response(
            200,
            self._report,
            "application/pdf",
            [("Content-Disposition", 'attachment; filename="annual-report-2025.pdf"')],
        )

    def _terms(self, req: Request) -> Response:
        return self._page(req, "Terms of use – Waypost", render("service/terms.html", NOTICE=TERMS_NOTICE))

    def _popup(self, req: Request) -> Response:
        return self._page(req, "Newsletter – Waypost", render("service/popup.html"))

    def _feedback(self, req: Request) -> Response:
        if req.method == "POST":
            files, fields = _multipart(req)
            if not files:
                return self._form(req, "Please attach a file before sending.", status=400)
            with self._lock:
                self.received.extend(files)
                reference = f"FB-{1000 + len(self.received)}"
            content = render(
                "service/feedback_received.html",
                FILES=", ".join(f"{esc(n)} ({len(d)} bytes)" for n, d in files),
                REFERENCE=reference,
                COMMENT=esc(fields.get("comment", "")),
            )
            return self._page(req, "Feedback received – Waypost", content)
        return self._form(req)

    def _form(self, req: Request, error: str = "", status: int = 200) -> Response:
        note = f'<p class="error">{esc(error)}</p>' if error else ""
        content = render("service/feedback_form.html", ERROR=note)
        return self._page(req, "Feedback form – Waypost", content, status=status)


def _multipart(req: Request) -> tuple[list[tuple[str, bytes]], dict[str, str]]:
    """Files and fields of a multipart/form-data body."""
    ctype, body = req.content_type, req.body
    if not ctype.lower().startswith("multipart/form-data") or not body:
        return [], {}
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + ctype.encode("latin-1") + b"\r\n\r\n" + body
    )
    files: list[tuple[str, bytes]] = []
    fields: dict[str, str] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_filename()
        data = part.get_payload(decode=True) or b""
        if filename:
            files.append((filename, data))
        elif name:
            fields[str(name)] = data.decode("utf-8", "replace")
    return files, fields
