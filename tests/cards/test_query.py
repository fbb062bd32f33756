"""The query language's parser (pure): the tree it builds and the errors it gives."""

import re

import pytest

from cards.query import All, Any_, Order, QueryError, Term, parse


def tree(text):
    return parse(text).root


def test_keys_operators_quotes_and_free_words():
    assert tree('t:unit cost<=3 arch:gadget status:draft set:BT01 cites:"Hattori Heiji" kazuha') == All(
        (
            Term("t", ":", "unit"),
            Term("cost", "<=", "3"),
            Term("arch", ":", "gadget"),
            Term("status", ":", "draft"),
            Term("set", ":", "BT01"),
            Term("cites", ":", "Hattori Heiji"),
            Term(None, ":", "kazuha"),
        )
    )


def test_every_operator():
    ops = [t.op for t in parse("a:1 b=1 c!=1 d<1 e<=1 f>1 g>=1").terms()]
    assert ops == [":", "=", "!=", "<", "<=", ">", ">="]


def test_negation_and_phrases():
    assert tree('-t:leader "échange équivalent"') == All(
        (Term("t", ":", "leader", negated=True), Term(None, ":", "échange équivalent"))
    )


def test_or_binds_looser_than_and():
    assert tree("t:unit cost<=2 or t:legendary") == Any_(
        (All((Term("t", ":", "unit"), Term("cost", "<=", "2"))), Term("t", ":", "legendary"))
    )


def test_and_is_an_operator_and_or_any_case():
    assert tree("a and b") == tree("a b") == All((Term(None, ":", "a"), Term(None, ":", "b")))
    assert tree("a OR b Or c") == Any_((Term(None, ":", "a"), Term(None, ":", "b"), Term(None, ":", "c")))
    assert tree('"and"') == Term(None, ":", "and")  # quoted, it is a word
    assert tree("oracle order android") == All(
        (Term(None, ":", "oracle"), Term(None, ":", "order"), Term(None, ":", "android"))
    )


def test_parentheses_and_negated_groups():
    assert tree("(t:trigger or grade=3) power>5000") == All(
        (Any_((Term("t", ":", "trigger"), Term("grade", "=", "3"))), Term("power", ">", "5000"))
    )
    assert tree("-(t:trigger)") == Term("t", ":", "trigger", negated=True)
    assert tree("-(a b)") == All((Term(None, ":", "a"), Term(None, ":", "b")), negated=True)
    assert tree("-(-a)") == Term(None, ":", "a")


def test_exact_name():
    assert tree('!"Blaster Blade"') == Term("name", "!", "Blaster Blade")
    assert tree("!Vodka") == Term("name", "!", "Vodka")


def test_order_and_direction_leave_the_condition():
    query = parse("t:unit order:cost direction:desc")
    assert query.root == Term("t", ":", "unit")
    assert query.order == Order("cost", descending=True)
    assert parse("sort:name").order == Order("name")
    assert parse("sort:name").is_empty


def test_empty_query():
    assert parse("   ").is_empty


def test_a_value_keeps_its_colons_and_dashes():
    assert tree("id:DR-L01 x-ray") == All((Term("id", ":", "DR-L01"), Term(None, ":", "x-ray")))


@pytest.mark.parametrize(
    "text, column, message",
    [
        ('cites:"Hattori', 7, "quote"),
        ("or t:unit", 1, "'or' must stand between two terms"),
        ("t:unit or", 10, "'or' must be followed by a term"),
        ("t:unit and", 11, "'and' must be followed by a term"),
        ("cost<=", 1, "needs a value"),
        ("- t:unit", 1, "'-' must be followed by a term"),
        ("(t:unit", 8, "'(' is not closed"),
        ("t:unit)", 7, "')' closes no '('"),
        ("()", 2, "the parentheses hold nothing"),
        ("!", 1, "'!' must be followed by a name"),
        ("-order:name", 2, "order: applies to the whole query"),
        ("a or order:name", 6, "order: applies to the whole query"),
        ("order:name sort:id", 12, "sort: is given twice"),
        ("direction:up order:name", 1, "is not a direction"),
        ("direction:desc", 1, "direction: needs an order:"),
    ],
)
def test_errors_name_the_column_and_what_to_do(text, column, message):
    with pytest.raises(QueryError, match=re.escape(message)) as caught:
        parse(text)
    assert caught.value.column == column
    assert caught.value.hint  # every error says how to fix it
    assert caught.value.to_dict()["column"] == column


def test_term_prints_back_as_it_parses():
    for text in ["t:unit", 'clan:"royal paladin"', "-cost<=3", '!"Blaster Blade"', "kazuha"]:
        (term,) = parse(text).terms()
        assert str(term) == text
