"""The card browser's query language, in the spirit of Scryfall's (a lark grammar).

    t:unit cost<=3 (arch:gadget or arch:lycéenne) -status:disabled cites:"Hattori Heiji" kazuha

- a word, or a "quoted phrase" whose words must stand together, in that order;
- ``key`` + operator + value, the operator one of ``:`` ``=`` ``!=`` ``<`` ``<=``
  ``>`` ``>=`` (values may be quoted);
- ``!"Exact Name"`` (or ``!name``): the card with that name;
- ``-`` before a term or a group negates it; terms side by side must all hold
  (``and`` may be written); ``or`` (``OR``) gives alternatives; parentheses group;
- ``order:KEY`` (or ``sort:``) and ``direction:asc|desc`` (``dir:``) order the results.

This module only parses (pure Python); :mod:`cards.search` turns the tree into
database filters. Every error says where (the column, from 1) and what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import ngettext
from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")
ORDER_KEYS = ("order", "sort")
DIRECTION_KEYS = ("direction", "dir")
MAX_LENGTH = 1000
MAX_TERMS = 60
# Parentheses and '-' signs nest the query's tree; each level is a frame of the parser's tree walk,
# so a query of 402 characters could exhaust Python's stack. No query a person writes nests deeper.
MAX_NESTING = 32

GRAMMAR = r"""
?start: expr?
?expr: and_expr (_OR and_expr)*      -> any_of
?and_expr: unary (_AND? unary)*      -> all_of
?unary: NEG unary                    -> negate
      | "(" expr ")"                 -> group
      | term
term: KEYED | EXACT | PHRASE | WORD

KEYED.4: /[A-Za-z_][A-Za-z0-9_]*(<=|>=|!=|:|=|<|>)("[^"]*"|[^\s()"]*)/
_OR.3: /or(?![^\s()])/i
_AND.3: /and(?![^\s()])/i
EXACT.2: /!("[^"]*"|[^\s()"]+)/
PHRASE.2: /"[^"]*"/
WORD: /(?!(?i:or|and)(?![^\s()]))[^\s()"!\-][^\s()"]*/
NEG: /-(?=[^\s)])/
%import common.WS
%ignore WS
"""


class QueryError(ValueError):
    """A query that cannot be understood: where (``column``, from 1), what is wrong, how to fix it."""

    def __init__(self, message: str, *, column: int | None = None, hint: str = ""):
        self.column = column
        self.hint = hint
        self.reason = message
        where = _("column %(column)s: ") % {"column": column} if column else ""
        said = _("%(message)s; %(hint)s") % {"message": message, "hint": hint} if hint else message
        super().__init__(f"{where}{said}")

    def to_dict(self) -> dict:
        return {"column": self.column, "message": self.reason, "hint": self.hint}


@dataclass(frozen=True, slots=True)
class Term:
    """One term: ``key`` None is a free word or phrase; ``op`` "!" an exact name."""

    key: str | None
    op: str
    value: str
    negated: bool = False
    column: int = field(default=0, compare=False)
    quoted: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        value = (
            f'"{self.value}"'
            if self.quoted or re.search(r'[\s()"]', self.value) or not self.value
            else self.value
        )
        if self.op == "!":
            text = f"!{value}"
        else:
            text = value if self.key is None else f"{self.key}{self.op}{value}"
        return f"-{text}" if self.negated else text


@dataclass(frozen=True, slots=True)
class All:
    items: tuple[Node, ...]
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Any_:
    items: tuple[Node, ...]
    negated: bool = False


Node = Term | All | Any_


@dataclass(frozen=True, slots=True)
class Order:
    key: str
    descending: bool = False
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: the condition (None: every card) and the order asked for."""

    root: Node | None
    order: Order | None = None

    @property
    def is_empty(self) -> bool:
        return self.root is None

    def terms(self) -> list[Term]:
        """Every term, depth first (for checks that look at all of them)."""
        out: list[Term] = []

        def walk(node):
            if isinstance(node, Term):
                out.append(node)
            elif node is not None:
                for item in node.items:
                    walk(item)

        walk(self.root)
        return out


def _negated(node: Node) -> Node:
    if isinstance(node, Term):
        return Term(node.key, node.op, node.value, not node.negated, node.column, node.quoted)
    return type(node)(node.items, not node.negated)


def _unquote(text: str) -> tuple[str, bool]:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return text[1:-1], True
    return text, False


_KEYED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(<=|>=|!=|:|=|<|>)(.*)", re.S)


class _Build(Transformer):
    @v_args(inline=True)
    def term(self, token: Token) -> Term:
        column = token.column
        if token.type == "KEYED":
            key, op, raw = _KEYED.fullmatch(token.value).groups()
            value, quoted = _unquote(raw)
            if not quoted and not value:
                raise QueryError(
                    _("%(term)s needs a value") % {"term": f"{key}{op}"},
                    column=column,
                    hint=_("e.g. %(a)s or %(b)s") % {"a": f"{key}{op}3", "b": f'{key}{op}"two words"'},
                )
            return Term(key.lower(), op, value, column=column, quoted=quoted)
        if token.type == "EXACT":
            value, quoted = _unquote(token.value[1:])
            return Term("name", "!", value, column=column, quoted=quoted)
        value, quoted = _unquote(token.value)
        return Term(None, ":", value, column=column, quoted=quoted)

    def negate(self, children):
        return _negated(children[1])

    def group(self, children):
        (node,) = children
        return node

    def all_of(self, children):
        return All(tuple(children)) if len(children) > 1 else children[0]

    def any_of(self, children):
        return Any_(tuple(children)) if len(children) > 1 else children[0]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(
        GRAMMAR, parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False
    )


_WHAT = {
    "_OR": "'or'",
    "_AND": "'and'",
    "RPAR": "')'",
    "LPAR": "'('",
    "NEG": "'-'",
    "$END": N_("the end of the query"),
}


def _what(name: str, default: str) -> str:
    """How an error names a token: its words in the reader's language."""
    return _(_WHAT[name]) if name in _WHAT else default


def _syntax_error(exc: UnexpectedInput, text: str) -> QueryError:
    column = getattr(exc, "column", None)
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        column = len(text) + 1
        tail = text.rstrip()
        if tail.endswith("("):
            return QueryError(_("a '(' is not closed"), column=column, hint=_("add ')' or remove the '('"))
        if re.search(r"(^|\s)(or|and)$", tail, re.I):
            return QueryError(
                _("'%(word)s' must be followed by a term") % {"word": tail.split()[-1]},
                column=column,
                hint=_("add a term or remove it"),
            )
        if tail.endswith("-"):
            return QueryError(
                _("'-' must be followed by a term"),
                column=column,
                hint=_("e.g. %(example)s") % {"example": "-t:leader"},
            )
        if text.count("(") > text.count(")"):
            return QueryError(_("a '(' is not closed"), column=column, hint=_("add ')' at the end"))
        return QueryError(_("the query ends too early"), column=column, hint=_("add a term"))
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = _what(token.type, repr(str(token)))
        if token.type == "RPAR" and text[: token.column - 1].rstrip().endswith("("):
            return QueryError(
                _("the parentheses hold nothing"), column=column, hint=_("put terms inside or remove them")
            )
        if token.type == "RPAR":
            return QueryError(_("')' closes no '('"), column=column, hint=_("remove it or add a '(' before"))
        if token.type in ("_OR", "_AND"):
            return QueryError(
                _("%(found)s must stand between two terms") % {"found": found},
                column=column,
                hint=_("put a term on each side"),
            )
        expected = sorted(_what(name, name.lower()) for name in exc.expected)
        return QueryError(
            _("unexpected %(found)s") % {"found": found},
            column=column,
            hint=_("expected %(expected)s") % {"expected": ", ".join(expected)},
        )
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        if char == "-":
            return QueryError(
                _("'-' must be followed by a term, with no space"),
                column=column,
                hint=_("e.g. %(example)s") % {"example": "-t:leader"},
            )
        if char == "!":
            return QueryError(
                _("'!' must be followed by a name"),
                column=column,
                hint=_("e.g. %(example)s") % {"example": '!"Blaster Blade"'},
            )
        return QueryError(
            _("cannot read %(char)s here") % {"char": repr(char)},
            column=column,
            hint=_("quote it if it is part of a word"),
        )
    return QueryError(str(exc), column=column)


def _check_quotes(text: str) -> None:
    positions = [m.start() for m in re.finditer('"', text)]
    if len(positions) % 2:
        raise QueryError(
            _('a quote (") is not closed'), column=positions[-1] + 1, hint=_("close it or remove it")
        )


def _check_nesting(text: str) -> None:
    """Refuse a query whose parentheses and '-' signs nest deeper than :data:`MAX_NESTING`.

    Read before the grammar (which would need a stack frame a level): outside quotes, an open
    '(' is a level until its ')', a '-' that starts a term is a level until that term or group ends.
    """
    opened: list[int] = []  # for each open '(': the levels it adds (its '-' signs and itself)
    signs = 0  # '-' signs in a row before the term or group they negate
    quoted = False
    previous = " "
    for index, char in enumerate(text):
        if char == '"':
            quoted = not quoted
        elif quoted:
            pass
        elif char == "-" and (previous.isspace() or previous in "(-"):
            signs += 1
        elif char == "(":
            opened.append(signs + 1)
            signs = 0
        elif char == ")":
            if opened:
                opened.pop()
            signs = 0
        elif not char.isspace():
            signs = 0
        depth = sum(opened) + signs
        if depth > MAX_NESTING:
            raise QueryError(
                _("the query nests more than %(n)s levels of parentheses and '-' signs") % {"n": MAX_NESTING},
                column=index + 1,
                hint=_("remove parentheses that hold a single group, and '-' signs two by two"),
            )
        previous = char


def _take_order(node: Node | None, top: bool = True) -> tuple[Node | None, list[Term]]:
    """Split ``order:``/``direction:`` terms (top level only) from the condition."""
    if node is None:
        return None, []
    if isinstance(node, Term):
        if node.key in ORDER_KEYS or node.key in DIRECTION_KEYS:
            if not top or node.negated:
                raise QueryError(
                    # Translators: french-typography: keep (the query key and its colon, order: or dir:, are syntax)
                    _("%(key)s: applies to the whole query") % {"key": node.key},
                    column=node.column,
                    hint=_("put %(term)s outside parentheses, 'or' and '-'")
                    % {"term": f"{node.key}:{node.value}"},
                )
            return None, [node]
        return node, []
    if isinstance(node, All) and top and not node.negated:
        kept, orders = [], []
        for item in node.items:
            rest, found = _take_order(item, top=True)
            orders += found
            if rest is not None:
                kept.append(rest)
        if not kept:
            return None, orders
        return (All(tuple(kept)) if len(kept) > 1 else kept[0]), orders
    for item in node.items:
        _take_order(item, top=False)
    return node, []


def _order(terms: list[Term]) -> Order | None:
    orders = [t for t in terms if t.key in ORDER_KEYS]
    directions = [t for t in terms if t.key in DIRECTION_KEYS]
    for found in (orders, directions):
        if len(found) > 1:
            raise QueryError(
                # Translators: french-typography: keep (the query key and its colon, order: or dir:, are syntax)
                _("%(key)s: is given twice") % {"key": found[1].key},
                column=found[1].column,
                hint=_("keep one of them"),
            )
    for term in orders + directions:
        if term.op != ":" and term.op != "=":
            raise QueryError(
                _("%(key)s takes ':'") % {"key": term.key},
                column=term.column,
                hint=_("e.g. %(example)s") % {"example": f"{term.key}:{term.value}"},
            )
    descending = False
    if directions:
        word = directions[0].value.lower()
        if word not in ("asc", "desc", "ascending", "descending"):
            raise QueryError(
                _("%(term)s is not a direction") % {"term": f"{directions[0].key}:{directions[0].value}"},
                column=directions[0].column,
                hint=_("use direction:asc or direction:desc"),
            )
        descending = word.startswith("desc")
    if not orders:
        if directions:
            raise QueryError(
                _("direction: needs an order: to apply to"),
                column=directions[0].column,
                hint=_("e.g. %(example)s") % {"example": "order:cost direction:desc"},
            )
        return None
    return Order(orders[0].value.lower(), descending, orders[0].column)


def parse(text: str) -> Query:
    """Parse ``text``; raise :class:`QueryError` naming the column and what was expected."""
    if len(text) > MAX_LENGTH:
        raise QueryError(
            ngettext("the query is %(n)s character long", "the query is %(n)s characters long", len(text))
            % {"n": len(text)},
            column=MAX_LENGTH + 1,
            hint=_("keep it under %(n)s characters") % {"n": MAX_LENGTH},
        )
    if "\x00" in text:
        raise QueryError(
            _("the query holds a NUL character"), column=text.index("\x00") + 1, hint=_("remove it")
        )
    _check_quotes(text)
    _check_nesting(text)
    if not text.strip():
        return Query(None)
    try:
        tree = _parser().parse(text)
        root = _Build().transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, QueryError):
            raise exc.orig_exc from None
        raise
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text) from None
    if not isinstance(root, Term | All | Any_):  # an empty tree
        return Query(None)
    root, order_terms = _take_order(root)
    query = Query(root, _order(order_terms))
    if len(query.terms()) > MAX_TERMS:
        count = len(query.terms())
        raise QueryError(
            ngettext("the query has %(n)s term", "the query has %(n)s terms", count) % {"n": count},
            hint=_("use at most %(n)s") % {"n": MAX_TERMS},
        )
    return query


def typed_query(params) -> str:
    """The query typed in a search box (the ``q`` of a request's ``params``): trimmed, without the NUL
    characters PostgreSQL refuses in text."""
    return params.get("q", "").replace("\x00", "").strip()
