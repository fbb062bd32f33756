from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from rules import registry


@login_required
def home(request):
    roles = sorted(request.user.groups.values_list("name", flat=True))
    return render(request, "home.html", {"games": list(registry), "roles": roles})
