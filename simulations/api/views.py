"""The lab's routes (FORMATS.md v1.3, "Simulated games"): thin views over its services and selectors."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import Pagination
from common.errors import InvalidInput
from rules.problems import invalid, problem

from .. import selectors, services
from ..models import Simulation
from .serializers import SimulationABCreatedDoc, SimulationABDoc, SimulationCreatedDoc, SimulationCreateDoc

SIMULATION_ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)


def _simulation(request, pk: int) -> Simulation:
    try:
        return selectors.simulation_get(user=request.user, pk=pk)
    except Simulation.DoesNotExist:
        raise Http404 from None


class SimulationList(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="simulations_list",
        summary="Your simulations, newest first",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request):
        paginator = Pagination()
        page = paginator.paginate_queryset(selectors.simulations_for(request.user), request, view=self)
        return paginator.get_paginated_response([selectors.simulation_summary(s) for s in page])

    @extend_schema(
        operation_id="simulations_create",
        summary="Ask the bots to play N games of a deck against another, by the rules, on the workers",
        request=SimulationCreateDoc,
        responses={202: SimulationCreatedDoc},
    )
    def post(self, request):
        body = request.data
        if not isinstance(body, dict):
            raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
        simulation = services.simulation_create(
            user=request.user,
            deck=body.get("deck"),
            opponent_deck=body.get("opponentDeck"),
            games=body.get("games"),
            seed=body.get("seed"),
            policy=body.get("policy"),
        )
        simulation.refresh_from_db(fields=["status"])
        return Response({"id": simulation.pk, "status": simulation.status}, status=status.HTTP_202_ACCEPTED)


class SimulationAB(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="simulations_ab_create",
        summary="An A/B run: the same matchup and seed with version A then version B of one card",
        request=SimulationABDoc,
        responses={202: SimulationABCreatedDoc},
    )
    def post(self, request):
        body = request.data
        if not isinstance(body, dict):
            raise InvalidInput([invalid(None, problem("BODY_NOT_OBJECT"))])
        first, second = services.simulation_ab_create(
            user=request.user,
            deck=body.get("deck"),
            opponent_deck=body.get("opponentDeck"),
            card=body.get("card"),
            versions=body.get("versions"),
            games=body.get("games"),
            seed=body.get("seed"),
            policy=body.get("policy"),
        )
        return Response(
            {"ids": [first.pk, second.pk], "versions": [first.variant_version, second.variant_version]},
            status=status.HTTP_202_ACCEPTED,
        )


class SimulationDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="simulations_retrieve",
        summary="A simulation's progress and figures",
        parameters=[SIMULATION_ID],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request, pk: int):
        return Response(selectors.simulation_summary(_simulation(request, pk)))


class SimulationCancel(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="simulations_cancel",
        summary="Stop a simulation: the games played stay",
        parameters=[SIMULATION_ID],
        request=None,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request, pk: int):
        simulation = services.simulation_cancel(user=request.user, simulation=_simulation(request, pk))
        return Response(selectors.simulation_summary(simulation))
