"""Reading what comes from outside: JSON text, explicit setups and saved states.

Everything the browser hands to Python (a saved game, a shared link, a replay, options) and every
state given to ``from_json`` passes through here, so that malformed or impossible input is
refused with ``ValueError`` and a reason a person can read: never another exception type, never a
hang, never an impossible state accepted.

- ``load_json(text, what)``: JSON text bounded in size and nesting depth *before* it is parsed
  (a deeply nested text makes the JSON decoder recurse until Pyodide fails for good).
- Specs (``Int``, ``Cards``, ``PerSeat``, ``Fields`` …): a small declarative description of a
  setup or of a state's ``d``, checked by ``check(value, spec, ctx, where)``. A game declares its
  state once (``STATE`` on the state class) and ``GameInfo.from_json`` checks every key, type,
  range and card against it: unknown and missing keys are refused, cards must be cards of the
  game, and ``conserve`` checks that no card is in two places (and, where the game keeps every
  card somewhere, that none is missing).
"""

from __future__ import annotations

import json
import re

MAX_JSON_CHARS = 2_000_000
MAX_JSON_DEPTH = 40  # the deepest real save (a log of [seat, action] pairs, a state) is under 10
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def json_depth(text):
    """The deepest nesting of ``[``/``{`` in JSON text, strings skipped (no parsing, no recursion)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def load_json(text, what="the data", max_chars=MAX_JSON_CHARS, max_depth=MAX_JSON_DEPTH):
    """Parse JSON text that came from outside; ValueError with the reason when it is not fit."""
    if not isinstance(text, str):
        raise ValueError(f"{what} is not text")
    if len(text) > max_chars:
        raise ValueError(f"{what} is too long ({len(text)} characters; at most {max_chars})")
    depth = json_depth(text)
    if depth > max_depth:
        raise ValueError(f"{what} is nested too deeply ({depth} levels; at most {max_depth})")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError
        reason = err.msg if isinstance(err, json.JSONDecodeError) else type(err).__name__
        raise ValueError(f"{what} is not valid JSON ({reason})") from None


def check_json_value(value, what="the data", max_depth=MAX_JSON_DEPTH, max_items=200_000):
    """The same bounds for a value that is already parsed (e.g. handed over as a dict)."""
    stack = [(value, 1)]
    items = 0
    while stack:
        item, depth = stack.pop()
        if depth > max_depth:
            raise ValueError(f"{what} is nested too deeply (more than {max_depth} levels)")
        items += 1
        if items > max_items:
            raise ValueError(f"{what} is too big (more than {max_items} values)")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif not (item is None or isinstance(item, (str, int, float, bool))):
            raise ValueError(f"{what} holds a {type(item).__name__}, which is not JSON data")


# -- specs ------------------------------------------------------------------------------------------
class Ctx:
    """What a check needs to know beyond the value: the game's name, the seats, its cards.

    ``cards`` maps every card code of the game to its position in the deck (the games' ``ORDER``);
    ``found`` collects the cards met under ``Card``/``Cards`` specs that are ``counted`` (for
    ``conserve``)."""

    def __init__(self, slug, players, cards=None):
        self.slug = slug
        self.players = players
        self.cards = cards or {}
        self.found = []


class Spec:
    def check(self, value, ctx, where):  # pragma: no cover - every spec defines it
        raise NotImplementedError


def _refuse(ctx, where, reason):
    raise ValueError(f"{ctx.slug}: {where}: {reason}")


def _kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {
        int: "a number",
        float: "a number",
        str: "a text",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


class Int(Spec):
    """A whole number in [lo, hi] (bounds may be callables of ctx, e.g. the player count)."""

    def __init__(self, lo=0, hi=10**6):
        self.lo, self.hi = lo, hi

    def check(self, value, ctx, where):
        if isinstance(value, bool) or not isinstance(value, int):
            _refuse(ctx, where, f"must be a whole number, not {_kind(value)}")
        lo = self.lo(ctx) if callable(self.lo) else self.lo
        hi = self.hi(ctx) if callable(self.hi) else self.hi
        if not lo <= value <= hi:
            _refuse(ctx, where, f"must be from {lo} to {hi}, not {value}")


class Bool(Spec):
    def check(self, value, ctx, where):
        if not isinstance(value, bool):
            _refuse(ctx, where, f"must be true or false, not {_kind(value)}")


class Text(Spec):
    def __init__(self, max_len=200):
        self.max_len = max_len

    def check(self, value, ctx, where):
        if not isinstance(value, str):
            _refuse(ctx, where, f"must be a text, not {_kind(value)}")
        if len(value) > self.max_len:
            _refuse(ctx, where, f"is too long ({len(value)} characters)")


class Choice(Spec):
    """One of the given values (compared with their type: 0 is not False)."""

    def __init__(self, *values):
        self.values = values

    def check(self, value, ctx, where):
        if not any(value == v and type(value) is type(v) for v in self.values):
            _refuse(
                ctx,
                where,
                f"must be one of {', '.join(json.dumps(v) for v in self.values)}, not {json.dumps(value)[:40]}",
            )


class Opt(Spec):
    """``null`` or the inner spec."""

    def __init__(self, inner):
        self.inner = inner

    def check(self, value, ctx, where):
        if value is not None:
            self.inner.check(value, ctx, where)


class Seat(Spec):
    def check(self, value, ctx, where):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < ctx.players:
            _refuse(
                ctx,
                where,
                f"must be a seat from 0 to {ctx.players - 1}, not {json.dumps(value)[:40]}",
            )


class Card(Spec):
    """One card code of the game; ``counted`` cards take part in ``conserve``."""

    def __init__(self, counted=True):
        self.counted = counted

    def check(self, value, ctx, where):
        if not isinstance(value, str) or value not in ctx.cards:
            _refuse(ctx, where, f"{json.dumps(value)[:40]} is not a card of this game")
        if self.counted:
            ctx.found.append((value, where))


class Cards(Spec):
    """A list of distinct cards of the game, ``lo`` to ``hi`` long (exactly ``n`` if given);
    ``ordered`` requires the game's deck order (hands the engine keeps sorted)."""

    def __init__(self, lo=0, hi=None, n=None, counted=True, ordered=False):
        self.lo, self.hi = (n, n) if n is not None else (lo, hi)
        self.counted = counted
        self.ordered = ordered

    def check(self, value, ctx, where):
        if not isinstance(value, list):
            _refuse(ctx, where, f"must be a list of cards, not {_kind(value)}")
        hi = self.hi if self.hi is not None else len(ctx.cards)
        if not self.lo <= len(value) <= hi:
            _refuse(
                ctx,
                where,
                f"must hold {self.lo if self.lo == hi else f'{self.lo} to {hi}'} cards, not {len(value)}",
            )
        for i, card in enumerate(value):
            Card(self.counted).check(card, ctx, f"{where}[{i}]")
        if len(set(value)) != len(value):
            _refuse(ctx, where, "names a card twice")
        if self.ordered and value != sorted(value, key=ctx.cards.__getitem__):
            _refuse(ctx, where, "is not in the game's card order")


class List(Spec):
    def __init__(self, item, lo=0, hi=10_000):
        self.item, self.lo, self.hi = item, lo, hi

    def check(self, value, ctx, where):
        if not isinstance(value, list):
            _refuse(ctx, where, f"must be a list, not {_kind(value)}")
        lo = self.lo(ctx) if callable(self.lo) else self.lo
        hi = self.hi(ctx) if callable(self.hi) else self.hi
        if not lo <= len(value) <= hi:
            _refuse(
                ctx,
                where,
                f"must have {lo if lo == hi else f'{lo} to {hi}'} items, not {len(value)}",
            )
        for i, item in enumerate(value):
            self.item.check(item, ctx, f"{where}[{i}]")


class PerSeat(List):
    """One item per seat."""

    def __init__(self, item):
        super().__init__(item, lambda ctx: ctx.players, lambda ctx: ctx.players)


class Tuple(Spec):
    """A list of fixed length whose items each have their own spec (``[seat, card]``)."""

    def __init__(self, *items):
        self.items = items

    def check(self, value, ctx, where):
        if not isinstance(value, list) or len(value) != len(self.items):
            _refuse(
                ctx,
                where,
                f"must be a list of {len(self.items)} items, not {json.dumps(value)[:60]}",
            )
        for i, (item, spec) in enumerate(zip(value, self.items)):
            spec.check(item, ctx, f"{where}[{i}]")


class Fields(Spec):
    """An object with exactly these keys (``optional`` ones may be missing)."""

    def __init__(self, fields, optional=None):
        self.fields = fields
        self.optional = optional or {}

    def check(self, value, ctx, where):
        if not isinstance(value, dict):
            _refuse(ctx, where, f"must be an object, not {_kind(value)}")
        unknown = sorted(set(value) - set(self.fields) - set(self.optional))
        if unknown:
            _refuse(ctx, where, f"unknown key(s) {', '.join(map(str, unknown))[:120]}")
        missing = sorted(set(self.fields) - set(value))
        if missing:
            _refuse(ctx, where, f"missing key(s) {', '.join(missing)}")
        for key, spec in {**self.fields, **self.optional}.items():
            if key in value:
                spec.check(value[key], ctx, f"{where}.{key}" if where else key)


class MapOf(Spec):
    """An object whose keys are given strings (or match ``keys``) and values one spec."""

    def __init__(self, keys, item):
        self.keys, self.item = tuple(keys), item

    def check(self, value, ctx, where):
        if not isinstance(value, dict):
            _refuse(ctx, where, f"must be an object, not {_kind(value)}")
        for key, item in value.items():
            if key not in self.keys:
                _refuse(ctx, where, f"unknown key {json.dumps(key)[:40]}")
            self.item.check(item, ctx, f"{where}.{key}")


class Either(Spec):
    """The first of several specs that accepts the value (e.g. a trick record or null)."""

    def __init__(self, *specs):
        self.specs = specs

    def check(self, value, ctx, where):
        errors = []
        for spec in self.specs:
            mark = len(ctx.found)
            try:
                spec.check(value, ctx, where)
                return
            except ValueError as err:
                del ctx.found[mark:]
                errors.append(str(err).split(": ", 2)[-1])
        _refuse(ctx, where, " / ".join(errors)[:200])


class Anything(Spec):
    """Any JSON value (bounded by ``check_json_value``): for data that is never trusted (e.g. the
    rules' own explicit setup kept for later deals, which ``new_state`` checked)."""

    def check(self, value, ctx, where):
        check_json_value(value, f"{ctx.slug}: {where}")


def check(value, spec, ctx, where=""):
    spec.check(value, ctx, where)


def conserve(ctx, complete=False):
    """No card was found in two places; with ``complete``, every card of the game was found."""
    seen = {}
    for card, where in ctx.found:
        if card in seen:
            _refuse(ctx, where, f"{card} is also at {seen[card]}")
        seen[card] = where
    if complete and len(seen) != len(ctx.cards):
        missing = [c for c in ctx.cards if c not in seen]
        _refuse(ctx, "cards", f"{len(missing)} card(s) are nowhere: {' '.join(missing[:8])}")
