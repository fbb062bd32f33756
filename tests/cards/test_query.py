"""The query language's parser (pure)."""

import pytest

from cards.query import QueryError, Term, parse


def terms(text):
    (group,) = parse(text).alternatives
    return list(group)


def test_keys_operators_quotes_and_free_words():
    assert terms('t:unit cost<=3 arch:gadget status:draft set:BT01 cites:"Hattori Heiji" kazuha') == [
        Term("t", ":", "unit"),
        Term("cost", "<=", "3"),
        Term("arch", ":", "gadget"),
        Term("status", ":", "draft"),
        Term("set", ":", "BT01"),
        Term("cites", ":", "Hattori Heiji"),
        Term(None, ":", "kazuha"),
    ]


def test_every_operator():
    ops = [t.op for t in terms("a:1 b=1 c!=1 d<1 e<=1 f>1 g>=1")]
    assert ops == [":", "=", "!=", "<", "<=", ">", ">="]


def test_negation_and_phrases():
    assert terms('-t:leader "échange équivalent"') == [
        Term("t", ":", "leader", negated=True),
        Term(None, ":", "échange équivalent"),
    ]


def test_or_makes_alternatives():
    query = parse("t:unit cost<=2 or t:legendary")
    assert [[str(t) for t in group] for group in query.alternatives] == [
        ["t:unit", "cost<=2"],
        ["t:legendary"],
    ]


def test_empty_query():
    assert parse("   ").is_empty


@pytest.mark.parametrize(
    "text, message",
    [
        ('cites:"Hattori', "quote"),
        ("or t:unit", "'or' must stand between two terms"),
        ("t:unit or", "'or' must stand between two terms"),
        ("cost<=", "needs a value"),
        ("- t:unit", "'-' must be followed by a term"),
    ],
)
def test_errors_say_what_to_fix(text, message):
    with pytest.raises(QueryError, match=message):
        parse(text)
