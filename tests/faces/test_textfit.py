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


# --- shrink, then wrap, then overflow (issue 25), on hand-made texts in a one-line box ---------------------
NAME_BOX = {"width": 40, "height": 6, "size": 9, "min_size": 5.5, "max_lines": 1}


def test_a_name_a_little_too_long_shrinks_on_its_one_line():
    name = "Королевский рыцарь Альфред"
    assert text_width(name, BODY, 9 * PT_MM) > 40  # too wide at its size
    fitted = fit_text(name, BODY, **NAME_BOX)
    assert fitted.lines == (name,) and 5.5 <= fitted.size < 9 and not fitted.overflow


def test_the_minimum_size_itself_is_tried_before_anything_else():
    """From 9.2 pt by quarter points the sizes are 5.7 then 5.45: 5.5, the minimum, must be tried too."""
    text = ""
    for letter in "x" * 80 + "i" * 80:  # as wide as 5.5 pt allows, narrow letters filling the end
        if text_width(text + letter, BODY, 5.5 * PT_MM) <= 40:
            text += letter
    assert text_width(text, BODY, 5.7 * PT_MM) > 40  # the last quarter step above the minimum is too big
    fitted = fit_text(text, BODY, **{**NAME_BOX, "size": 9.2})
    assert fitted.size == 5.5 and fitted.lines == (text,) and not fitted.overflow


def test_a_name_too_long_for_one_line_at_the_minimum_wraps_before_it_is_cut():
    name = "Королевский рыцарь-защитник Серебряного пламени, Альфред"
    assert text_width(name, BODY, 5.5 * PT_MM) > 40  # no size fits it on one line
    fitted = fit_text(name, BODY, **{**NAME_BOX, "height": 8})
    assert not fitted.overflow and len(fitted.lines) == 2
    assert " ".join(fitted.lines) == name and ELLIPSIS not in "".join(fitted.lines)


def test_only_a_text_too_long_for_every_line_of_the_box_overflows():
    name = "Королевский рыцарь-защитник Серебряного пламени, Альфред Великолепный, Хранитель Врат " * 3
    fitted = fit_text(name.strip(), BODY, **{**NAME_BOX, "height": 8})
    assert fitted.overflow and fitted.size == 5.5 and fitted.lines[-1].endswith(ELLIPSIS)
