"""Who is asking: the client's address, the same for the login lockout and the API throttles."""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str:
    """REMOTE_ADDR, or behind ``NUM_PROXIES`` trusted proxies the address the farthest of them saw."""
    proxies = settings.NUM_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-min(proxies, len(hops))]
    return request.META.get("REMOTE_ADDR", "")


def lockout_response(request, response=None, credentials=None, *args, **kwargs):
    """The login page's answer while a user and address are locked out (django-axes): 429, a clear
    message, and when it ends; ``Retry-After`` says the same to programs."""
    from axes.helpers import get_client_username, get_cool_off
    from django.shortcuts import render

    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    by_address = getattr(request, "axes_address_locked", False)
    page = render(
        request,
        "registration/locked_out.html",
        {
            # Locked for the address (many usernames tried): the page names no user.
            "username": "" if by_address else get_client_username(request, credentials) or "",
            "failure_limit": settings.AXES_ADDRESS_FAILURE_LIMIT
            if by_address
            else settings.AXES_FAILURE_LIMIT,
            "minutes": minutes,
        },
        status=429,
    )
    if cool_off:
        page["Retry-After"] = str(int(cool_off.total_seconds()))
    return page
