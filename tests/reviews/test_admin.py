"""The review models in the admin: readable, never edited there (writes go through the services)."""

import pytest
from django.urls import reverse

from cards.imports import cards_import
from cards.services import card_update
from reviews import audits, services

pytestmark = pytest.mark.django_db


def test_review_pages_open(client, django_user_model, make_card, designer):
    admin = django_user_model.objects.create_superuser("boss", "boss@example.com", "secret-password")
    a, b = make_card(name="Gin", text="A"), make_card(name="Gin", text="B")
    services.distinct_identity_declare(stable_ids=[a.stable_id, b.stable_id], user=admin)
    services.proposal_submit_change(stable_id=a.stable_id, changes={"atk": 9}, user=designer)
    file = {
        "game": "darkrow",
        "cards": [{"stableCardId": "DR-U01", "name": "Vodka", "type": "UNIT", "cost": 6, "atk": 6, "pv": 6}],
    }
    cards_import(payload=file)
    card_update(stable_id="DR-U01", data={"atk": 5}, user=designer)
    cards_import(payload=file)
    audit = audits.audit_run(audit_id=audits.audit_start(game="darkrow", enqueue=False).pk)
    client.force_login(admin)
    for name in ("audit", "auditentry", "proposal", "distinctidentity"):
        assert client.get(reverse(f"admin:reviews_{name}_changelist")).status_code == 200
    assert client.get(reverse("admin:cards_importconflict_changelist")).status_code == 200
    page = client.get(reverse("admin:reviews_audit_change", args=[audit.pk]))
    assert page.status_code == 200 and "VERSION_CONFLICTS" in page.content.decode()
    assert client.get(reverse("admin:reviews_audit_add")).status_code == 403
