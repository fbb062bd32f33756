"""An artwork below the face's art box at 300 dpi is a warning with its size and the size it needs
(ARTWORK_LOW_RESOLUTION), on the drawn face and in the audit's pure check (issue 25)."""

from django.utils import translation

from common.finding_messages import message
from faces.render import FaceArt, artwork_findings, render_face
from faces.template import template_for
from rules.face_template import ARTWORK_LOW_RESOLUTION

from .helpers import demo_card, image_bytes


def low(findings):
    return [f for f in findings if f.code == ARTWORK_LOW_RESOLUTION]


def test_a_tiny_image_is_a_warning_that_says_both_sizes():
    card = demo_card("vanguard", "TD01-001")
    template = template_for("vanguard")
    face = render_face(card, template, FaceArt(image_bytes((40, 30)), 40, 30), fonts="none")
    [finding] = low(face.findings)
    assert finding.severity == "warning" and finding.field == "artwork" and finding.card == "TD01-001"
    params = finding.params
    assert (params["width"], params["height"]) == (40, 30)
    assert params["neededWidth"] > 400 and params["neededHeight"] > 300  # a box of centimetres at 300 dpi
    assert f"needs {params['neededWidth']} × {params['neededHeight']} at 300 dpi" in finding.message
    with translation.override("fr"):
        french = message(finding)
    assert "40 × 30" in french and "300 dpi" in french and "needs" not in french


def test_an_image_large_enough_has_no_warning_and_the_limit_is_exact():
    card = demo_card("vanguard", "TD01-001")
    template = template_for("vanguard")
    big = render_face(card, template, FaceArt(image_bytes((3000, 3000)), 3000, 3000), fonts="none")
    assert low(big.findings) == []
    [finding] = artwork_findings(card, template, (40, 30))
    need = (finding.params["neededWidth"], finding.params["neededHeight"])
    assert artwork_findings(card, template, need) == ()  # exactly the box's pixels: enough
    assert artwork_findings(card, template, (need[0] - 5, need[1] + 500)) != ()  # too narrow
    assert artwork_findings(card, template, None) == ()  # no artwork is no mistake
