"""Routes of a card's effect corrections and of its effective card: thin views over selectors and services."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.selectors import card_get
from common.errors import InvalidInput
from rules.problems import invalid, problem

from .. import services
from ..selectors import correction_dict, correction_list, effective_card
from .serializers import CorrectionCreateDoc, CorrectionDoc, CorrectionWithdrawDoc

CARD_ID = OpenApiParameter(
    "stableCardId", OpenApiTypes.STR, OpenApiParameter.PATH, description="The card's stable id."
)


class CorrectionPermission(permissions.IsAuthenticated):
    """Reading needs to see the card; writing needs the permission of the route (``write_permission``)."""

    def has_permission(self, request, view):
        if not super().has_permission(request, view) or not request.user.has_perm("cards.view_card"):
            return False
        if request.method in permissions.SAFE_METHODS or not hasattr(view, request.method.lower()):
            return True  # a method the route does not have answers 405
        return request.user.has_perm(view.write_permission)


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
    return dict(request.data)


class CardCorrections(APIView):
    """A card's effect corrections: the game's canonical ones and the stored ones, each with its outcome."""

    permission_classes = [CorrectionPermission]
    write_permission = "corrections.add_effectcorrection"

    @extend_schema(
        summary="A card's effect corrections", parameters=[CARD_ID], responses=CorrectionDoc(many=True)
    )
    def get(self, request, stableCardId: str):
        card = card_get(user=request.user, stable_id=stableCardId)
        return Response(correction_list(card=card))

    @extend_schema(
        summary="Correct one effect of a card (the imported card is not changed)",
        parameters=[CARD_ID],
        request=CorrectionCreateDoc,
        responses={201: OpenApiTypes.OBJECT},
    )
    def post(self, request, stableCardId: str):
        card = card_get(user=request.user, stable_id=stableCardId)
        correction = services.correction_create(
            stable_id=card.stable_id, data=_body(request), user=request.user
        )
        return Response(correction_dict(correction), status=status.HTTP_201_CREATED)


class CorrectionWithdraw(APIView):
    permission_classes = [CorrectionPermission]
    write_permission = "corrections.withdraw_effectcorrection"

    @extend_schema(
        summary="Withdraw a stored correction (kept in the history)",
        parameters=[CARD_ID, OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)],
        request=CorrectionWithdrawDoc,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request, stableCardId: str, id: int):
        card = card_get(user=request.user, stable_id=stableCardId)
        body = _body(request)
        correction = services.correction_withdraw(
            stable_id=card.stable_id, correction_id=id, why=body.get("why"), user=request.user
        )
        return Response(correction_dict(correction))


class CardEffective(APIView):
    """The effective card: the imported card with its corrections applied, each corrected value with its provenance."""

    permission_classes = [CorrectionPermission]

    @extend_schema(
        summary="The effective card (corrections applied, with provenance)",
        parameters=[CARD_ID],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, stableCardId: str):
        card = card_get(user=request.user, stable_id=stableCardId)
        return Response(effective_card(card=card))
