"""Face routes: a card's face (SVG, PNG), print sheets (PDF) of a deck or a selection, set print jobs,
and the Tabletop Simulator export of a deck. Thin views over selectors and services.

A face is what its card is: a user who may not see a card (a playtester and a
card that is not VALIDATED) gets a 404 for its face, as for the card.
"""

from __future__ import annotations

from django.conf import settings
from django.http import FileResponse, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from cards.selectors import card_list
from common.errors import InvalidInput
from common.numbers import ascii_whole
from decks.models import Deck
from decks.selectors import deck_get
from rules.i18n import N_
from rules.problems import invalid, problem

from . import printing, selectors, services
from .inputs import face_inputs, in_its_own_language, version_inputs, with_primary_artwork
from .layouts import layouts
from .models import JobState, PrintJob


class AnyAccept(BaseContentNegotiation):
    """Images and PDFs whatever the client accepts; errors in JSON (an ``<img>`` asks for ``image/*``)."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None


class CanViewCards(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        return super().has_permission(request, view) and request.user.has_perm("cards.view_card")


class CanViewDecks(permissions.IsAuthenticated):
    def has_permission(self, request, view):
        return super().has_permission(request, view) and request.user.has_perm("decks.view_deck")


def _errors(*codes: int) -> dict[int, OpenApiResponse]:
    text = {
        400: "Bad parameter (which one, and what is allowed)",
        401: "Not authenticated",
        403: "Not allowed for your role",
        404: "No such card or deck that you may see",
    }
    return {code: OpenApiResponse(description=text[code]) for code in codes}


STABLE_ID = OpenApiParameter("stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH)
# The bounds the services check (services.read_bleed, read_dpi), in the schema too.
BLEED = OpenApiParameter(
    "bleed",
    {"type": "number", "minimum": 0, "maximum": services.BLEED_MAX_MM},
    description="Extended frame and artwork on each side, in mm (0 to 10).",
)
DPI = OpenApiParameter(
    "dpi",
    {"type": "integer", "minimum": services.DPI_RANGE[0], "maximum": services.DPI_RANGE[1]},
    description="Dots per inch (50 to 600; 300 gives 744 x 1039 px).",
)
PAPER = OpenApiParameter("paper", OpenApiTypes.STR, enum=["a4", "letter"])
LAYOUT = OpenApiParameter(
    "layout",
    OpenApiTypes.STR,
    description="A sheet layout by name (GET /api/sheet-layouts/ lists them; docs/faces.md); instead of paper.",
)
LANG = OpenApiParameter(
    "lang",
    OpenApiTypes.STR,
    enum=[code for code, _name in settings.LANGUAGES],
    description="The faces' language: their labels, and each card's name and texts from its current "
    "(VALIDATED, not STALE) translation into it; a card without one prints its source texts with a mark "
    "of their language (X-Face-Untranslated, X-Faces-Untranslated say which). Default: each card's own "
    "language. Another value answers 400 (FIELD_INVALID).",
)
FALLBACK = OpenApiParameter(
    "fallback",
    OpenApiTypes.STR,
    enum=["mark", "source"],
    description="With lang, a card without a current translation into it: mark (default) prints its source "
    "texts with their language's mark on a face in lang; source draws its face in its own language, as "
    "without lang (the reader's language where a translation exists, the card as it is elsewhere).",
)
CMYK = OpenApiParameter(
    "cmyk",
    OpenApiTypes.BOOL,
    description="With a print shop's layout (mpc-poker, tgc-poker, dtc-poker): its PDF/X-1a:2003 in CMYK "
    "(the studio's FOGRA39 profile as output intent, at most 240 % ink). Another layout answers 400.",
)
BACKS = OpenApiParameter(
    "backs", OpenApiTypes.BOOL, description="A back page after each page of faces, for duplex printing."
)


def _card(request, stable_id: str) -> Card:
    card = with_primary_artwork(card_list(user=request.user).filter(stable_id=stable_id)).first()
    if card is None:
        raise NotFound(gettext("no card %(stable_id)s that you may see") % {"stable_id": stable_id})
    return card


def _file(rendition, content_type: str) -> HttpResponse:
    data = getattr(
        rendition, "unstored_data", None
    )  # drawn with a placeholder for unreadable artwork: not cached
    if data is not None:
        return HttpResponse(data, content_type=content_type)
    return FileResponse(rendition.file.open("rb"), content_type=content_type)


def _face_language(response: HttpResponse, inputs) -> HttpResponse:
    """Which language the face is in, and its texts' when they are not (no current translation)."""
    response["X-Face-Language"] = inputs.lang
    if inputs.fallback_lang:
        response["X-Face-Untranslated"] = inputs.fallback_lang
    return response


def _sheet_language(response: HttpResponse, lang: str | None, untranslated: list[str]) -> HttpResponse:
    """A sheet's or an export's language, and the cards printed in their source texts (marked)."""
    if lang:
        response["X-Faces-Language"] = lang
        response["X-Faces-Untranslated"] = str(len(untranslated))
        if untranslated:
            shown = untranslated[:50]
            response["X-Faces-Untranslated-Cards"] = " ".join(shown) + (
                " …" if len(untranslated) > 50 else ""
            )
    return response


def _not_modified(request, etag: str) -> bool:
    return etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]


def _cached(response: HttpResponse, etag: str) -> HttpResponse:
    # Revalidated each time: the ETag holds the card, template and artwork versions, so a changed face is never served stale.
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


class CardFaceSVG(APIView):
    permission_classes = [CanViewCards]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A card's face as SVG (drawn from its data, template and primary artwork)",
        parameters=[STABLE_ID, BLEED, LANG],
        responses={
            (200, "image/svg+xml"): OpenApiTypes.BINARY,
            304: OpenApiResponse(description="Not modified"),
            **_errors(400, 401, 403, 404),
        },
    )
    def get(self, request, stableCardId: str):
        card = _card(request, stableCardId)
        bleed = services.read_bleed(request.query_params.get("bleed"))
        lang = services.read_lang(request.query_params.get("lang"))
        inputs = face_inputs(card, lang=lang)
        etag = services.face_key(inputs, dpi=0, bleed_mm=bleed).etag.replace('"', '"svg-', 1)
        if _not_modified(request, etag):
            return _face_language(_cached(HttpResponse(status=304), etag), inputs)
        response = _file(services.face_svg(inputs, bleed_mm=bleed), "image/svg+xml; charset=utf-8")
        return _face_language(_cached(response, etag), inputs)


def _versioned(card, version: str | None, lang: str | None = None):
    """The card's inputs now, or at ``?version=`` (a whole number: else 400; a version it never had: 404)."""
    if version in (None, ""):
        return face_inputs(card, lang=lang)
    if ascii_whole(version, digits=9) is None:  # ASCII digits only
        raise InvalidInput(
            [
                invalid(
                    "version", problem("VERSION_NUMBER"), hint=N_("send one of the card's versions, e.g. 3")
                )
            ]
        )
    inputs = version_inputs(card, int(version), lang=lang)
    if inputs is None:
        raise NotFound(gettext("this card has no version %(version)s") % {"version": version})
    return inputs


class CardFacePNG(APIView):
    permission_classes = [CanViewCards]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A card's face as PNG (cached per card version, template, artwork and size)",
        parameters=[
            STABLE_ID,
            BLEED,
            DPI,
            OpenApiParameter("download", OpenApiTypes.BOOL),
            OpenApiParameter(
                "version",
                OpenApiTypes.INT,
                description="the card as it was at this version (a playtest table's dealt card); default: now",
            ),
            LANG,
            FALLBACK,
        ],
        responses={
            (200, "image/png"): OpenApiTypes.BINARY,
            304: OpenApiResponse(description="Not modified"),
            **_errors(400, 401, 403, 404),
        },
    )
    def get(self, request, stableCardId: str):
        card = _card(request, stableCardId)
        bleed = services.read_bleed(request.query_params.get("bleed"))
        dpi = services.read_dpi(request.query_params.get("dpi"))
        lang = services.read_lang(request.query_params.get("lang"))
        source_if_untranslated = services.read_fallback(request.query_params.get("fallback"))
        version = request.query_params.get("version")
        inputs = _versioned(card, version, lang)
        if inputs.fallback_lang and source_if_untranslated:
            inputs = in_its_own_language(inputs)  # no current translation: the card in its own language
        key = services.face_key(inputs, dpi=dpi, bleed_mm=bleed)
        if _not_modified(request, key.etag):
            return _face_language(_cached(HttpResponse(status=304), key.etag), inputs)
        response = _file(services.face_png(inputs, dpi=dpi, bleed_mm=bleed), "image/png")
        if request.query_params.get("download"):
            suffix = f"-bleed{bleed:g}mm" if bleed else ""
            suffix += f"-{lang}" if lang else ""
            response["Content-Disposition"] = f'attachment; filename="{card.stable_id}{suffix}.png"'
        return _face_language(_cached(response, key.etag), inputs)


def _pdf(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _sheet_file(data: bytes, options, stem: str = "") -> HttpResponse:
    """The sheet's PDF, or the zip of a print shop's card images (an attachment)."""
    stem = stem or (f"cards-{options.lang}" if options.lang else "cards")
    if options.output == "zip":
        response = HttpResponse(data, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{stem}-{options.paper}.zip"'
        return response
    return _pdf(data, f"{stem}.pdf")


def _sheet_options(request, output: str):
    """The query's options; the .zip routes ask the zip of images."""
    params = request.query_params.copy()
    params["format"] = output
    return printing.read_options(params)


class PrintJobDoc(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    set = serializers.CharField()
    state = serializers.ChoiceField(choices=JobState.values)
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    error = serializers.CharField()
    lang = serializers.CharField(help_text="the faces' language; empty: each card's own")
    cmyk = serializers.BooleanField(help_text="the PDF/X-1a in CMYK of a print shop's layout")
    format = serializers.ChoiceField(choices=["pdf", "zip"], help_text="zip: a print shop's card images")
    file = serializers.CharField(allow_null=True, help_text="The PDF's (or the zip's) URL once DONE.")


class PrintJobAcceptedDoc(PrintJobDoc):
    url = serializers.URLField(help_text="The job: poll it until DONE (file) or FAILED (error).")


class DeckSheetPDF(APIView):
    output = "pdf"  # the .zip route: a print shop's card images
    permission_classes = [CanViewDecks]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A deck's print-and-play sheet: one face per copy, 3 x 3 per page at exact size, crop marks",
        parameters=[
            OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH),
            PAPER,
            LAYOUT,
            BLEED,
            BACKS,
            CMYK,
            LANG,
        ],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (202, "application/json"): PrintJobAcceptedDoc,
            **_errors(400, 401, 403, 404),
        },
        description="A deck with more copies than the studio's limit (FACES_MAX_COPIES, 10,000) answers 400; "
        "one with more than FACES_SYNC_SHEET_MAX (120) copies or FACES_SYNC_SHEET_CARDS (40) distinct cards answers 202 with the print job it started "
        "(Location: the job to poll; a browser is sent to the job's page).",
    )
    def get(self, request, pk: int):
        try:
            deck = deck_get(user=request.user, pk=pk)
        except Deck.DoesNotExist:
            raise NotFound(gettext("no deck %(pk)s that you may see") % {"pk": pk}) from None
        options = _sheet_options(request, self.output)
        copies = printing.deck_copies(deck, user=request.user)
        printing.check_copies(sum(n for _c, n in copies))
        if not printing.drawn_within_request(sum(n for _c, n in copies), len(copies)):
            refs = [f"{card.stable_id}*{n}" for card, n in copies]
            return _sheet_job(request, deck.game, refs, options)
        untranslated: list[str] = []
        data = printing.deck_sheet(deck, options, user=request.user, untranslated=untranslated)
        stem = f"deck-{deck.pk}-{options.lang}" if options.lang else f"deck-{deck.pk}"
        return _sheet_language(_sheet_file(data, options, stem), options.lang, untranslated)


class DeckTTS(APIView):
    permission_classes = [CanViewDecks]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A deck's Tabletop Simulator export: face sheets (JPEG, 10 x 7), the back and deck.json, as a zip",
        parameters=[
            OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH),
            OpenApiParameter(
                "local",
                OpenApiTypes.STR,
                description="local mode: the absolute folder the zip will be unpacked into (C:\\Games\\deck, "
                "/home/me/deck; no .., at most 200 characters); deck.json then points at file:/// paths under it. "
                "A bad folder answers 400 (TTS_LOCAL_FOLDER_INVALID).",
            ),
            LANG,
        ],
        responses={(200, "application/zip"): OpenApiTypes.BINARY, **_errors(400, 401, 403, 404)},
        description="deck.json (a DeckCustom saved object) points at the sheets by the studio's own URLs, "
        "public and signed for this export, so TTS loads them without logging in; with ?local=FOLDER, at "
        "the unpacked files' local paths under FOLDER (file:///), for play on that machine.",
    )
    def get(self, request, pk: int):
        from .tts_export import deck_tts_zip, local_folder, public_absolute

        local = None
        if "local" in request.query_params:
            local = local_folder(request.query_params.get("local"))
        lang = services.read_lang(request.query_params.get("lang"))
        try:
            deck = deck_get(user=request.user, pk=pk)
        except Deck.DoesNotExist:
            raise NotFound(gettext("no deck %(pk)s that you may see") % {"pk": pk}) from None
        untranslated: list[str] = []
        data, _export = deck_tts_zip(
            deck,
            user=request.user,
            absolute=public_absolute(request),
            local=local,
            lang=lang,
            untranslated=untranslated,
        )
        name = f"deck-{deck.pk}-tts" + (f"-{lang}" if lang else "") + ("-local" if local is not None else "")
        response = HttpResponse(data, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{name}.zip"'
        return _sheet_language(response, lang, untranslated)


class CardsSheetPDF(APIView):
    output = "pdf"  # the .zip route: a print shop's card images
    permission_classes = [CanViewCards]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A print sheet of chosen cards of one game (?cards=ID,ID*3)",
        parameters=[
            OpenApiParameter(
                "cards",
                OpenApiTypes.STR,
                required=True,
                description="stableCardIds, comma-separated; ID*N for N copies.",
            ),
            PAPER,
            LAYOUT,
            BLEED,
            BACKS,
            CMYK,
            LANG,
        ],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (202, "application/json"): PrintJobAcceptedDoc,
            **_errors(400, 401, 403, 404),
        },
        description="A selection of more than FACES_SYNC_SHEET_MAX (120) copies, or of more than "
        "FACES_SYNC_SHEET_CARDS (40) distinct cards, is made by a print job: "
        "202 with the job (Location and url: the job to poll, file: the PDF once DONE); a browser is "
        "sent to the job's page.",
    )
    def get(self, request):
        options = _sheet_options(request, self.output)
        refs = [r for r in request.query_params.get("cards", "").split(",") if r.strip()]
        try:
            copies = printing.selection_copies(refs, user=request.user)
        except Card.DoesNotExist as exc:
            raise NotFound(str(exc)) from None
        if not printing.drawn_within_request(sum(n for _c, n in copies), len(copies)):
            refs = [f"{card.stable_id}*{n}" for card, n in copies]
            return _sheet_job(request, copies[0][0].game, refs, options)
        untranslated: list[str] = []
        data = printing.sheet_pdf(copies[0][0].game, copies, options, untranslated=untranslated)
        return _sheet_language(_sheet_file(data, options), options.lang, untranslated)


ZIP_DOC = (
    "A print shop's card images (layout: mpc-poker or tgc-poker, required): fronts/001-Name.png... one image "
    "per copy at the printer's pixels (300 dpi, sRGB), in the deck's order, and with backs=1 back.png. Another "
    "layout answers 400; a larger selection answers 202 with a print job as sheet.pdf does."
)


@extend_schema_view(
    get=extend_schema(
        operation_id="decks_sheet_zip",
        summary="A deck's card images for a print shop's uploader, as a zip",
        parameters=[OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH), LAYOUT, BACKS, LANG],
        responses={
            (200, "application/zip"): OpenApiTypes.BINARY,
            (202, "application/json"): PrintJobAcceptedDoc,
            **_errors(400, 401, 403, 404),
        },
        description=ZIP_DOC,
    )
)
class DeckSheetZip(DeckSheetPDF):
    output = "zip"


@extend_schema_view(
    get=extend_schema(
        operation_id="cards_sheet_zip",
        summary="Chosen cards' images for a print shop's uploader (?cards=ID,ID*3), as a zip",
        parameters=[LAYOUT, BACKS, LANG],
        responses={
            (200, "application/zip"): OpenApiTypes.BINARY,
            (202, "application/json"): PrintJobAcceptedDoc,
            **_errors(400, 401, 403, 404),
        },
        description=ZIP_DOC,
    )
)
class CardsSheetZip(CardsSheetPDF):
    output = "zip"


class PrintJobIn(serializers.Serializer):
    game = serializers.CharField()
    set = serializers.CharField(required=False, allow_blank=True, default="")
    cards = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    paper = serializers.ChoiceField(choices=["a4", "letter"], default="a4")
    layout = serializers.CharField(required=False, allow_blank=True, default="", max_length=40)
    bleed = serializers.FloatField(required=False, default=0)
    backs = serializers.BooleanField(required=False, default=False)
    cmyk = serializers.BooleanField(
        required=False, default=False, help_text="a print shop's layout: its PDF/X-1a in CMYK"
    )
    format = serializers.ChoiceField(
        choices=["pdf", "zip"],
        default="pdf",
        help_text="zip: a print shop's card images (layout mpc-poker or tgc-poker), as its uploader takes them",
    )
    lang = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=20,
        help_text="the faces' language (en, fr, ru; default: each card's own)",
    )


def job_representation(request, job: PrintJob) -> dict:
    done = job.state == JobState.DONE and job.file
    return {
        "id": job.pk,
        "game": job.game,
        "set": job.set_code,
        "state": job.state,
        "total": job.total,
        "done": job.done,
        "error": job.error,
        "lang": job.lang,
        "cmyk": job.cmyk,
        "format": job.output,
        "file": request.build_absolute_uri(
            reverse(
                "faces-api:print-job-zip" if job.output == "zip" else "faces-api:print-job-file",
                args=[job.pk],
            )
        )
        if done
        else None,
    }


def job_accepted(request, job: PrintJob) -> Response:
    """202 with the job; Location (and the body's url) is where to poll it."""
    job.refresh_from_db()
    url = request.build_absolute_uri(reverse("faces-api:print-job", args=[job.pk]))
    return Response(
        {**job_representation(request, job), "url": url},
        status=status.HTTP_202_ACCEPTED,
        headers={"Location": url},
    )


def _from_a_page(request) -> bool:
    """A browser following a page's link (its session, HTML first): it is shown the job's page."""
    from rest_framework.authentication import SessionAuthentication

    accept = request.META.get("HTTP_ACCEPT", "")
    return isinstance(request.successful_authenticator, SessionAuthentication) and accept.startswith(
        "text/html"
    )


def _sheet_job(request, game: str, refs: list[str], options) -> HttpResponse:
    """A sheet too large to draw within the request: a print job of the same cards and copies."""
    job = printing.print_job_for(user=request.user, game=game, card_ids=refs, options=options)
    if _from_a_page(request):
        return HttpResponseRedirect(reverse("faces:job", args=[job.pk]), status=303)
    return job_accepted(request, job)


class SheetLayoutDoc(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField(help_text="in the reader's language where the layout has it")
    paper = serializers.JSONField(help_text='{"width": mm, "height": mm}, or null: each page is one card')
    columns = serializers.IntegerField()
    rows = serializers.IntegerField()
    gutter = serializers.FloatField()
    margin = serializers.FloatField()
    cropMarks = serializers.BooleanField()
    pageBoxes = serializers.BooleanField()
    printer = serializers.JSONField(
        help_text="a print shop's preset, or null: {spec (its published specification), trim {width, height, "
        'unit: "in" or "mm"}, image {width, height (pixels), dpi, format: "png" or "jpeg"}, safe (in the '
        "trim's unit), order (with backs: front-back or back-front)}"
    )


def printer_representation(printer) -> dict | None:
    if printer is None:
        return None
    return {
        "spec": printer.spec,
        "trim": {"width": float(printer.trim[0]), "height": float(printer.trim[1]), "unit": printer.unit},
        "image": {
            "width": printer.pixels[0],
            "height": printer.pixels[1],
            "dpi": printer.dpi,
            "format": printer.image_format,
        },
        "safe": float(printer.safe),
        "order": printer.order,
        # the card sizes it prints (rules.face_template.CARD_SIZES), each with its trim and image
        "sizes": {
            name: {
                "trim": {"width": float(sized.trim[0]), "height": float(sized.trim[1]), "unit": sized.unit},
                "image": {"width": sized.pixels[0], "height": sized.pixels[1]},
            }
            for name in printer.offers
            if (sized := printer.for_size(name)) is not None
        },
    }


def layout_representation(layout) -> dict:
    paper = None if layout.paper is None else {"width": layout.paper[0], "height": layout.paper[1]}
    return {
        "name": layout.name,
        "label": layout.label_in(),
        "paper": paper,
        "columns": layout.columns,
        "rows": layout.rows,
        "gutter": layout.gutter,
        "margin": layout.margin,
        "cropMarks": layout.crop_marks,
        "pageBoxes": layout.page_boxes,
        "printer": printer_representation(layout.printer),
    }


class SheetLayouts(APIView):
    permission_classes = [CanViewCards]

    @extend_schema(
        operation_id="sheet_layouts_list",
        summary="The print sheet layouts (the studio's and the team's: FACES_SHEET_LAYOUTS_DIR)",
        responses={200: SheetLayoutDoc(many=True), **_errors(401, 403)},
    )
    def get(self, request):
        return Response([layout_representation(layout) for layout in layouts().values()])


class PrintJobs(APIView):
    permission_classes = [CanViewCards]

    @extend_schema(
        summary="Start a print sheet of a game's set (or of many cards), made by a task: poll it, then download",
        request=PrintJobIn,
        responses={202: PrintJobDoc, **_errors(400, 401, 403, 404)},
    )
    def post(self, request):
        body = PrintJobIn(data=request.data)
        body.is_valid(raise_exception=True)
        v = body.validated_data
        options = printing.read_options(
            {
                "paper": v["paper"],
                "layout": v["layout"],
                "bleed": v["bleed"],
                "backs": "1" if v["backs"] else "0",
                "cmyk": "1" if v["cmyk"] else "0",
                "format": v["format"],
                "lang": v["lang"],
            }
        )
        try:
            job = printing.print_job_start(
                user=request.user, game=v["game"], set_code=v["set"], card_ids=v["cards"], options=options
            )
        except Card.DoesNotExist as exc:
            raise NotFound(str(exc)) from None
        job.refresh_from_db()
        return Response(job_representation(request, job), status=status.HTTP_202_ACCEPTED)


class PrintJobDetail(APIView):
    permission_classes = [CanViewCards]

    @extend_schema(summary="A print job's progress", responses={200: PrintJobDoc, **_errors(401, 403, 404)})
    def get(self, request, pk: int):
        try:
            job = selectors.print_job_get(pk=pk, user=request.user)
        except PrintJob.DoesNotExist:
            raise NotFound(gettext("no print job %(pk)s of yours") % {"pk": pk}) from None
        return Response(job_representation(request, job))


class PrintJobFile(APIView):
    permission_classes = [CanViewCards]
    content_negotiation_class = AnyAccept

    @extend_schema(
        summary="A finished print job's PDF (sheet.pdf) or zip of card images (sheet.zip), as it asked",
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "application/zip"): OpenApiTypes.BINARY,
            **_errors(401, 403, 404),
        },
    )
    def get(self, request, pk: int):
        try:
            job = selectors.print_job_get(pk=pk, user=request.user)
        except PrintJob.DoesNotExist:
            raise NotFound(gettext("no print job %(pk)s of yours") % {"pk": pk}) from None
        if job.state != JobState.DONE or not job.file:
            raise NotFound(
                gettext("print job %(pk)s is %(state)s, not done yet") % {"pk": pk, "state": job.state}
            )
        kind = "zip" if job.output == "zip" else "pdf"
        return FileResponse(
            job.file.open("rb"), content_type=f"application/{kind}", filename=f"{job.game}-{job.pk}.{kind}"
        )
