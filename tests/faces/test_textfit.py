from faces.fonts import PT_MM, face_for, text_width
from faces.textfit import ELLIPSIS, fit_text, wrap

BODY = face_for("Noto Sans")


def test_wrap_breaks_on_word_boundaries_within_the_width():
    text = "Repousse simultanément d’une case toutes les Pièces voisines d’une case choisie"
    lines = wrap(text, BODY, 7, 30)
    assert len(lines) > 1
    assert " ".join(lines) == text  # no word cut, none lost
    for line in lines:
        assert text_width(line, BODY, 7 * PT_MM) <= 30


def test_no_break_spaces_of_french_typography_hold_their_words():
    group = "«\u00a0Example\u00a0Hero\u00a0»"
    text = f"fixe le champion {group} et gagne la partie"
    for width in (24, 30, 36, 44):
        lines = wrap(text, BODY, 7, width)
        assert len(lines) > 1
        assert any(group in line for line in lines)  # never « alone at a line's end, nor » at a start


def test_text_shrinks_to_fit_its_box():
    text = " ".join(["effet"] * 60)
    fitted = fit_text(text, BODY, width=50, height=20, size=9, min_size=4)
    assert not fitted.overflow
    assert 4 <= fitted.size < 9
    assert fitted.line_height * (len(fitted.lines) - 1) + fitted.size * PT_MM <= 20 + 1e-6


def test_text_that_fits_keeps_its_size():
    fitted = fit_text("Pioche 1 carte.", BODY, width=50, height=20, size=7, min_size=4)
    assert fitted.size == 7 and fitted.lines == ("Pioche 1 carte.",) and not fitted.overflow


def test_text_too_long_at_the_minimum_size_overflows_and_ends_with_an_ellipsis():
    text = " ".join(["débordement"] * 400)
    fitted = fit_text(text, BODY, width=50, height=10, size=7, min_size=5)
    assert fitted.overflow
    assert fitted.size == 5
    assert fitted.lines[-1].endswith(ELLIPSIS)


def test_a_word_wider_than_the_box_is_cut_not_lost():
    word = "Anticonstitutionnellement" * 2
    lines = wrap(word, BODY, 9, 20)
    assert "".join(lines) == word and len(lines) > 1
