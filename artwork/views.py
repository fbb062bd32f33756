"""The artwork part of a card's page: upload (drag and drop or a file chooser), primary choice, deletion,
and the gallery fragment polled while thumbnails are being made.

Thin views over :mod:`artwork.services` (the same checks and messages as the
API) and :mod:`artwork.gallery`. htmx requests get the gallery back, with the
refusal's status (400, 409, 413) and message; plain form posts go back to the
card's page with the message.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cards.models import Card
from cards.selectors import card_get
from common.errors import Forbidden, StudioError
from common.finding_messages import message as finding_message
from common.refusals import in_place

from . import page_parts, services
from .forms import UploadForm
from .gallery import gallery_context, variant_name
from .models import PRIMARY_KINDS, ArtworkVariant, Kind
from .selectors import primary_artwork, variant_get


def _card(request, stable_id: str) -> Card:
    try:
        return card_get(user=request.user, stable_id=stable_id)
    except Card.DoesNotExist:
        raise Http404(f"no card {stable_id} that you may see") from None


def _variant(card: Card, pk: int) -> ArtworkVariant:
    try:
        return variant_get(card=card, pk=pk)
    except ArtworkVariant.DoesNotExist:
        raise Http404(f"card {card.stable_id} has no image #{pk} (or it was deleted)") from None


def _require(request, perm: str, why: str) -> None:
    if not request.user.has_perm(perm):
        raise PermissionDenied(why)


def _answer(
    request,
    card: Card,
    *,
    status: int = 200,
    error: str = "",
    notice: str = "",
    form: UploadForm | None = None,
):
    if request.htmx:
        context = gallery_context(request, card, form=form, error=error, notice=notice)
        response = render(request, "artwork/_gallery.html", context, status=status)
        return in_place(response) if error else response
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    return redirect(reverse("cards:detail", kwargs={"stable_id": card.stable_id}) + "#artwork")


def _refused(exc: StudioError) -> str:
    return _("Not done: %(why)s.") % {"why": exc.message}


@login_required
@permission_required("artwork.view_artworkvariant", raise_exception=True)
@require_GET
def gallery_part(request, stable_id: str):
    """The variants and history only (polled every few seconds while a thumbnail is pending)."""
    card = _card(request, stable_id)
    return render(request, "artwork/_variants.html", gallery_context(request, card))


@login_required
@require_POST
def upload(request, stable_id: str):
    _require(request, "artwork.add_artworkvariant", "only designers and reviewers add artwork")
    card = _card(request, stable_id)
    try:
        # Before the body is read: a too-big upload is refused from its length alone.
        services.artwork_check_request_length(request.META.get("CONTENT_LENGTH"))
    except StudioError as exc:
        return _answer(
            request, card, status=exc.status_code, error=_("Not added: %(why)s.") % {"why": exc.message}
        )
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _answer(
            request, card, status=400, error=_("Not added: %(why)s") % {"why": form.problems()}, form=form
        )
    upload = form.cleaned_data["file"]
    try:
        variant = services.artwork_upload(
            card=card,
            file=upload,
            size=upload.size,
            original_name=upload.name or "",
            kind=form.cleaned_data["kind"],
            primary=form.primary_choice(),
            note=form.cleaned_data["note"],
            user=request.user,
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        return _answer(
            request,
            card,
            status=exc.status_code,
            error=_("Not added: %(why)s.") % {"why": exc.message},
            form=form,
        )
    return _answer(request, card, notice=upload_notice(card, variant))


def upload_notice(card: Card, variant: ArtworkVariant) -> str:
    """What an upload did, in words that cannot be read two ways: whether it became the card's main
    image (and which one is, when it did not), and a warning when it is too small for the face."""
    image = variant_name(variant)
    if variant.is_primary:
        words = [_("%(image)s was added; it is now the card's primary image.") % {"image": image}]
    elif variant.kind in PRIMARY_KINDS:
        main = primary_artwork(cards=[card]).get(card.pk)
        words = [
            _("%(image)s was added to the HD images; the card's primary image is still %(main)s.")
            % {"image": image, "main": variant_name(main)}
            if main is not None
            else _("%(image)s was added to the HD images; the card has no primary image.") % {"image": image}
        ]
    else:
        words = [
            _("%(image)s was added to %(kind)s; it is never the card's primary image.")
            % {"image": image, "kind": Kind(variant.kind).label}
        ]
    words.append(_("Its thumbnail appears as soon as it is made."))
    if variant.is_primary:
        for finding in page_parts.primary_artwork_findings(card, (variant.width, variant.height)):
            words.append(_("Warning: %(problem)s.") % {"problem": finding_message(finding, card.game)})
    return " ".join(str(w) for w in words)


@login_required
@require_POST
def make_primary(request, stable_id: str, pk: int):
    _require(
        request, "artwork.change_artworkvariant", "only designers and reviewers choose the primary image"
    )
    card = _card(request, stable_id)
    variant = _variant(card, pk)
    previous = card.artwork.filter(is_primary=True).exclude(pk=variant.pk).first()
    try:
        services.artwork_update(
            variant=variant, user=request.user, primary=True, note=request.POST.get("note", "").strip()
        )
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        return _answer(request, card, status=exc.status_code, error=_refused(exc))
    notice = _("%(image)s is now the primary image.") % {"image": variant_name(variant)}
    if previous is not None:
        notice += " " + _("%(image)s is kept under Older HD.") % {"image": variant_name(previous)}
    return _answer(request, card, notice=notice)


@login_required
@require_POST
def delete(request, stable_id: str, pk: int):
    _require(request, "artwork.delete_artworkvariant", "only a reviewer may delete artwork")
    card = _card(request, stable_id)
    variant = _variant(card, pk)
    try:
        services.artwork_delete(variant=variant, user=request.user, note=request.POST.get("note", "").strip())
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from None
    except StudioError as exc:
        return _answer(request, card, status=exc.status_code, error=_refused(exc))
    notice = _("Deleted %(image)s; it stays in the artwork history.") % {"image": variant_name(variant)}
    if variant.kind == Kind.HD and not card.artwork.filter(is_primary=True).exists():
        notice += " " + _("The card has no primary image now: make another HD primary, or upload one.")
    return _answer(request, card, notice=notice)
