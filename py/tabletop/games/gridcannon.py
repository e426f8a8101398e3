"""Gridcannon: a one-player patience that shoots the royals around a 3x3 grid (Tom Francis, v2).

Source: the Japanese blog article on the game (a Japanese blog article on patience games, section "Gridcannon"; the designer's Version 2 with armour), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/gridcannon.json, its rules for players in
static/rules/gridcannon.json.

Rules in brief
    54 cards (52 + two jokers). Setup: cards are drawn one at a time; number cards 2-10 fill the
    grid cells g11..g33 in row order, royals (J, Q, K) wait in a setup queue, Aces and Jokers are
    kept face up as *ploys*. The queued royals are then placed (``royal <slot>``) beside the grid
    card most like them: same suit highest value, else same colour highest, else highest, among
    non-centre cells with a free slot (ties and corners: any of their free slots). Then one
    optional swap (``swap <cell>`` / ``noswap``): that card goes under the deck and is replaced by
    the next number card (royals drawn meanwhile are placed next, ploys kept).
    Play: each drawn card is pending. A royal is placed as in setup. A number card is put on an
    empty cell or a cell whose top is not higher (``place <cell>``); a card put on an edge cell
    attacks the royal at the far end of its row/column: it dies when the two cards in between add
    up to its health (J 11, Q 12, K 13, plus armour) and, for a Queen, both have its colour, for a
    King, both have its suit. A number card that fits nowhere may become armour
    (``armour <slot>``) on the lowest-health living royal of its suit, else colour, else any.
    Ploys, at any play-phase decision: ``ace <cell>`` sends a whole stack under the deck;
    ``joker <from> <to>`` moves a top card to a legal cell and attacks from there. With no living
    royal on the table, cards are drawn until a royal appears (the number cards go to a face-up
    cycle pile, put under the deck once the royal is placed). Won when all 12 royals are dead
    (score: unspent ploys held); lost when the deck is empty with nothing pending and no usable
    ploy, or when a royal can no longer be killed (J/Q health above 20, K above 19).

Action notation
    ``royal <slot>``, ``swap <cell>``, ``noswap``, ``place <cell>``, ``armour <slot>``,
    ``ace <cell>``, ``joker <from> <to>``. Cells ``g11``..``g33`` (row, column), slots
    ``T1 T2 T3`` (above), ``B1 B2 B3`` (below), ``L1 L2 L3`` (left), ``R1 R2 R3`` (right).
    ``legal_actions`` lists the royal/place/armour/swap actions first (cells in row order, slots in
    the order T, B, L, R), then ``ace`` actions, then ``joker`` actions.

View (``view(seat)``; seat 0 and the public view show the same table)
    ``grid`` (every stack, bottom first) and ``grid_tops``; ``slots``: the twelve royal slots in
    the order T1..T3, B1..B3, L1..L3, R1..R3, each with its royal (or null), armour, health,
    dead flag and kill condition (``attack``: the cell whose placement attacks it, the two cells
    in between, the total needed, the colour/suit both must have, the current total of those two
    tops and whether a card put on the trigger cell now would kill); ``current`` and
    ``current_kind``; ``queue`` (setup royals still to place after the current one);
    ``swap_done`` (the one swap is used or declined); ``ploys`` (held, unspent) and
    ``used_ploys``; ``cycle`` (the face-up cycle pile); ``deck_count`` and ``known_bottom``
    (cards the player sent under the deck that are still there, top first); ``events`` (what the
    last action caused, in order, as messages ``{"code", "params"}`` for the page to word:
    ``royal_killed`` {royal_card, slot, cells, first_card, second_card, total, health},
    ``ploy_drawn`` {card}, ``cards_cycled`` {cards} (every card drawn to the cycle pile, one
    message), ``cycle_to_bottom`` {cards}, ``stack_cleared`` {cell, cards} (an Ace),
    ``joker_moved`` {card, from_cell, to_cell}, ``card_to_bottom`` {card}); ``royals_killed``;
    ``to_move``; ``legal_actions``; ``result`` once over.

Queries (module functions; they never change the state)
    ``solve(state, node_limit)``: exact depth-first search with memoisation over the real deck
    order (every choice: setup slots, the swap, cells, armour targets, ploys) ->
    ``{"winnable": True/False/None, "line": [...], "nodes": n}``; None = the budget ran out.
    Moves are tried best first by a heuristic (kills, lines ready to kill, ...); a sound test
    cuts positions where some living royal can never die. Part of the budget goes to short
    probes with other move orders (and one with fewer ploy moves) before one long complete
    search: each probe is a real search, so a win it finds is a real win, and only a complete
    search answers False. ``solvable`` and ``oracle_hint`` are the rules file's section 7.1
    oracle queries built on it; all three use the hidden deck order.
    ``hint(state, seat=0, samples, rng_seed, node_limit)``: a *fair* hint from ``view(0)`` only:
    it deals the unseen cards into the unknown part of the deck in ``samples`` random orders
    (cards known to be at the bottom stay there), runs a bounded search (``node_limit`` nodes)
    after each candidate action and picks the one that wins in the most samples (ties: most
    royals killed in the searches, then legal order); ``evaluate_actions`` gives the figures.
    Candidates: every legal action except Joker moves that kill nothing at once, unless only
    Joker moves are legal (keeps the hint fast on a phone).

Decisions beyond the rules file
    - ``joker <from> <to>`` is read in the order given: the top card of the first cell goes onto
      the second. (Reading the two cells the other way round when only that was legal put a card
      onto a higher one, against rules section 5: issue #20.)
    - Form B explicit setup is recognised by any of the keys grid/royals/ploys/used_ploys; a setup
      with only ``deck`` is form A and must list all 54 cards. Form B refuses royals in the grid,
      number cards among ploys, a royal card in ``royals`` that is not a J/Q/K, and armour that is
      not number cards.
    - The fair hint takes the unseen cards as the 54 minus every card the view shows; with a
      short form-B deck (which the view cannot reveal) it takes the set of hidden cards instead,
      never their order.
"""

from __future__ import annotations

import random

from ..cards import card_name, deck
from ..core import GameInfo, GameState, IllegalAction, Queries, Standing
from ..patience import best_sampled
from ..reader import (
    Bool,
    Card,
    Cards,
    Choice,
    Ctx,
    Either,
    Fields,
    Int,
    List,
    MapOf,
    Opt,
    Spec,
    Tuple,
    check,
    conserve,
)

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("JK1", "JK2")
PACK = deck(RANKS, SUITS) + list(JOKERS)
ORDER = {card: i for i, card in enumerate(PACK)}
VALUE = {r: v for v, r in enumerate("23456789T", start=2)}
BASE = {"J": 11, "Q": 12, "K": 13}
MAX_ATTACK = {"J": 20, "Q": 20, "K": 19}
CELLS = ("g11", "g12", "g13", "g21", "g22", "g23", "g31", "g32", "g33")
SLOTS = ("T1", "T2", "T3", "B1", "B2", "B3", "L1", "L2", "L3", "R1", "R2", "R3")
CI = {c: i for i, c in enumerate(CELLS)}
SI = {s: i for i, s in enumerate(SLOTS)}
COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _adjacent(i):
    r, c = divmod(i, 3)
    out = []
    if r == 0:
        out.append(SI[f"T{c + 1}"])
    if r == 2:
        out.append(SI[f"B{c + 1}"])
    if c == 0:
        out.append(SI[f"L{r + 1}"])
    if c == 2:
        out.append(SI[f"R{r + 1}"])
    return tuple(out)


def _attacks(i):
    """(slot, (cell, cell)) lines attacked by a card put on cell i."""
    r, c = divmod(i, 3)
    out = []
    if r == 0:
        out.append((SI[f"B{c + 1}"], (3 + c, 6 + c)))
    if r == 2:
        out.append((SI[f"T{c + 1}"], (3 + c, c)))
    if c == 0:
        out.append((SI[f"R{r + 1}"], (3 * r + 1, 3 * r + 2)))
    if c == 2:
        out.append((SI[f"L{r + 1}"], (3 * r + 1, 3 * r)))
    return tuple(out)


ADJ = tuple(_adjacent(i) for i in range(9))
ATTACKS = tuple(_attacks(i) for i in range(9))
# Slot -> (trigger cell, (the two cells in between)).
SLOT_LINE = {slot: (cell, between) for cell in range(9) for slot, between in ATTACKS[cell]}


def is_number(card):
    return card[0] in VALUE and len(card) == 2


def is_royal(card):
    return card[0] in BASE and len(card) == 2


def is_ploy(card):
    return card[0] == "A" or card in JOKERS


class OfKind(Spec):
    """The reader's spec of a card or a list of cards (``inner``), whose every card must also be
    of one kind (``test``: number, royal or ploy), e.g. a grid stack holds only number cards;
    ``what`` says so in the refusal."""

    def __init__(self, inner, test, what):
        self.inner, self.test, self.what = inner, test, what

    def check(self, value, ctx, where):
        self.inner.check(value, ctx, where)
        for card in value if isinstance(value, list) else [value]:
            if card is not None and not self.test(card):
                raise ValueError(f"{ctx.slug}: {where}: {self.what}, not {card}")


ROYAL = OfKind(Card(), is_royal, "must be a Jack, Queen or King")
PLOYS = OfKind(Cards(), is_ploy, "may hold only Aces and Jokers")
NUMBERS = OfKind(Cards(), is_number, "may hold only number cards 2-10")
CELL, SLOT = Choice(*CELLS), Choice(*SLOTS)

# What an explicit setup may hold (rules section 3): form A is a whole deck to deal; form B starts
# in play from a table given in full, with any number of cards.
SETUP_A = Fields({"deck": Cards(n=len(PACK))})
SETUP_B = Fields(
    {"deck": Cards()},
    optional={
        "grid": MapOf(CELLS, NUMBERS),
        "royals": MapOf(
            SLOTS, Fields({"card": ROYAL}, optional={"armour": NUMBERS, "dead": Bool()})
        ),
        "ploys": PLOYS,
        "used_ploys": PLOYS,
    },
)

# What a saved state may hold; ``check_invariants`` checks how the parts agree.
UNCOUNTED = Card(counted=False)
EVENT = Either(
    Fields({"event": Choice("ploy", "cycle", "to_bottom"), "card": UNCOUNTED}),
    Fields({"event": Choice("cycle_to_bottom"), "cards": Cards(lo=1, counted=False)}),
    Fields(
        {
            "event": Choice("ace"),
            "ploy": UNCOUNTED,
            "cell": CELL,
            "cards": Cards(lo=1, counted=False),
        }
    ),
    Fields(
        {"event": Choice("joker"), "ploy": UNCOUNTED, "card": UNCOUNTED, "from": CELL, "to": CELL}
    ),
    Fields(
        {
            "event": Choice("kill"),
            "royal": UNCOUNTED,
            "slot": SLOT,
            "cells": Tuple(CELL, CELL),
            "cards": Tuple(Opt(UNCOUNTED), Opt(UNCOUNTED)),
            "total": Int(0, 20),
            "health": Int(11, 20),
        }
    ),
)
REASONS = ("all_royals_killed", "deck_exhausted", "invincible_royal")
STATE = Fields(
    {
        "grid": Fields({cell: NUMBERS for cell in CELLS}),
        "royals": MapOf(SLOTS, Fields({"card": ROYAL, "armour": NUMBERS, "dead": Bool()})),
        "ploys": PLOYS,
        "used_ploys": PLOYS,
        "deck": Cards(),
        "cycle": NUMBERS,
        "current": Opt(Card()),
        "queue": OfKind(Cards(hi=12), is_royal, "may hold only royals"),
        "known_bottom": Int(0, len(PACK)),
        "swapped": Bool(),
        "reason": Opt(Choice(*REASONS)),
        "events": List(EVENT, 0, 4 * len(PACK)),
        "actions": Int(0, 10_000),
    }
)


def value(card):
    """Value of a grid top (None = empty cell = 0)."""
    return 0 if card is None else VALUE[card[0]]


def match(a, b):
    """2 same suit, 1 same colour, 0 otherwise."""
    sa, sb = a[-1], b[-1]
    if sa == sb:
        return 2
    return 1 if COLOUR[sa] == COLOUR[sb] else 0


def health_of(card, armour):
    return BASE[card[0]] + sum(VALUE[a[0]] for a in armour)


def royal_slot_choices(card, tops, occupied):
    """Slot indices where royal ``card`` may go (rules 6.1). ``occupied``: slot indices taken."""
    best, slots = None, []
    for i in range(9):
        top = tops[i]
        if top is None:
            continue
        free = [s for s in ADJ[i] if s not in occupied]
        if not free:
            continue
        key = (match(top, card), VALUE[top[0]])
        if best is None or key > best:
            best, slots = key, free
        elif key == best:
            slots = slots + free
    if best is None:
        return [s for s in range(12) if s not in occupied]
    return sorted(slots)


def armour_choices(card, royals):
    """Slot indices of the living royals that may take number ``card`` as armour (rules 6.3)."""
    best, out = None, []
    for s in range(12):
        r = royals[s]
        if r is None or r[2]:
            continue
        key = (match(card, r[0]), -r[3])
        if best is None or key > best:
            best, out = key, [s]
        elif key == best:
            out.append(s)
    return out


def kills(royal, x, y):
    """Does a line with tops x, y (None = empty) kill ``royal`` = (card, armour, dead, health)?"""
    card, _, dead, health = royal
    if dead or value(x) + value(y) < health:
        return False
    kind = card[0]
    if kind == "J":
        return True
    if x is None or y is None:
        return False
    if kind == "Q":
        colour = COLOUR[card[1]]
        return COLOUR[x[1]] == colour and COLOUR[y[1]] == colour
    return x[1] == card[1] and y[1] == card[1]


class _Play:
    """The play phase in compact form: the one implementation of its moves (engine and solver).

    stacks: 9 tuples (bottom first); royals: 12 entries None or (card, armour tuple, dead, health);
    ploys/used: sorted tuples; deck/cycle: lists (deck top first); current: pending card or None;
    kb: how many cards at the bottom of the deck the player knows; status: None or the end reason;
    events: list of dicts (engine) or None (solver).
    """

    __slots__ = (
        "stacks",
        "royals",
        "ploys",
        "used",
        "deck",
        "cycle",
        "current",
        "kb",
        "status",
        "events",
        "dead",
        "alive",
    )

    def copy(self):
        p = _Play.__new__(_Play)
        p.stacks = list(self.stacks)
        p.royals = list(self.royals)
        p.ploys, p.used = self.ploys, self.used
        p.deck = list(self.deck)
        p.cycle = list(self.cycle)
        p.current, p.kb, p.status, p.events = self.current, self.kb, self.status, None
        p.dead, p.alive = self.dead, self.alive
        return p

    # -- conversions ---------------------------------------------------------------------------
    @classmethod
    def from_d(cls, d):
        p = cls.__new__(cls)
        p.stacks = [tuple(d["grid"][c]) for c in CELLS]
        p.royals = [None] * 12
        for slot, r in d["royals"].items():
            p.royals[SI[slot]] = (
                r["card"],
                tuple(r["armour"]),
                r["dead"],
                health_of(r["card"], r["armour"]),
            )
        p.ploys, p.used = tuple(d["ploys"]), tuple(d["used_ploys"])
        p.deck, p.cycle = list(d["deck"]), list(d["cycle"])
        p.current, p.kb = d["current"], d["known_bottom"]
        p.status, p.events = None, []
        p.dead = sum(1 for r in p.royals if r is not None and r[2])
        p.alive = sum(1 for r in p.royals if r is not None and not r[2])
        return p

    def to_d(self, d):
        d["grid"] = {c: list(self.stacks[i]) for i, c in enumerate(CELLS)}
        d["royals"] = {
            SLOTS[s]: {"card": r[0], "armour": list(r[1]), "dead": r[2]}
            for s, r in enumerate(self.royals)
            if r is not None
        }
        d["ploys"], d["used_ploys"] = list(self.ploys), list(self.used)
        d["deck"], d["cycle"] = list(self.deck), list(self.cycle)
        d["current"], d["known_bottom"] = self.current, self.kb
        if self.status:
            d["phase"], d["reason"] = "over", self.status
        if self.events is not None:
            d["events"] = self.events

    # -- reading -------------------------------------------------------------------------------
    def tops(self):
        return [s[-1] if s else None for s in self.stacks]

    def accepting(self, card):
        v = VALUE[card[0]]
        return [i for i, s in enumerate(self.stacks) if not s or VALUE[s[-1][0]] <= v]

    def dead_count(self):
        return self.dead

    def has(self, kind):
        return any(p[0] == kind for p in self.ploys)

    def joker_moves(self):
        out = []
        stacks = self.stacks
        for f in range(9):
            if not stacks[f]:
                continue
            v = VALUE[stacks[f][-1][0]]
            for t in range(9):
                if t != f and (not stacks[t] or VALUE[stacks[t][-1][0]] <= v):
                    out.append((f, t))
        return out

    def usable_ploy(self):
        if self.has("A") and any(self.stacks):
            return True
        return self.has("J") and bool(self.joker_moves())

    def main_moves(self):
        """(verb, index) moves for the pending card."""
        card = self.current
        if card is None:
            return []
        if is_royal(card):
            occupied = {s for s in range(12) if self.royals[s] is not None}
            return [("royal", s) for s in royal_slot_choices(card, self.tops(), occupied)]
        cells = self.accepting(card)
        if cells:
            return [("place", i) for i in cells]
        return [("armour", s) for s in armour_choices(card, self.royals)]

    def moves(self):
        """Every legal move as a tuple, in the canonical order."""
        out = self.main_moves()
        if self.has("A"):
            out += [("ace", i) for i in range(9) if self.stacks[i]]
        if self.has("J"):
            out += [("joker", f, t) for f, t in self.joker_moves()]
        return out

    # -- changing ------------------------------------------------------------------------------
    def _draw(self):
        card = self.deck.pop(0)
        if self.kb > len(self.deck):
            self.kb = len(self.deck)
        return card

    def _to_bottom(self, cards):
        self.deck.extend(cards)
        self.kb += len(cards)

    def _spend(self, kind):
        held = self.ploys
        k = next(i for i, p in enumerate(held) if p[0] == kind)
        self.ploys = held[:k] + held[k + 1 :]
        self.used = tuple(sorted(self.used + (held[k],)))
        return held[k]

    def _attack(self, cell):
        tops = None
        for slot, (a, b) in ATTACKS[cell]:
            r = self.royals[slot]
            if r is None or r[2]:
                continue
            if tops is None:
                tops = self.tops()
            x, y = tops[a], tops[b]
            if kills(r, x, y):
                self.royals[slot] = (r[0], r[1], True, r[3])
                self.dead += 1
                self.alive -= 1
                if self.events is not None:
                    self.events.append(
                        {
                            "event": "kill",
                            "royal": r[0],
                            "slot": SLOTS[slot],
                            "cells": [CELLS[a], CELLS[b]],
                            "cards": [x, y],
                            "total": value(x) + value(y),
                            "health": r[3],
                        }
                    )

    def do(self, move):
        """Apply a legal move (not checked here), then the checks and automatic steps."""
        verb = move[0]
        ev = self.events
        if verb == "place":
            i = move[1]
            self.stacks[i] = self.stacks[i] + (self.current,)
            self.current = None
            self._attack(i)
        elif verb == "royal":
            s = move[1]
            self.royals[s] = (self.current, (), False, BASE[self.current[0]])
            self.alive += 1
            self.current = None
            if self.cycle:
                if ev is not None:
                    ev.append({"event": "cycle_to_bottom", "cards": list(self.cycle)})
                self._to_bottom(self.cycle)
                self.cycle = []
        elif verb == "armour":
            s = move[1]
            r = self.royals[s]
            self.royals[s] = (r[0], r[1] + (self.current,), False, r[3] + VALUE[self.current[0]])
            self.current = None
        elif verb == "ace":
            i = move[1]
            used = self._spend("A")
            stack = self.stacks[i]
            self.stacks[i] = ()
            self._to_bottom(stack)
            if ev is not None:
                ev.append({"event": "ace", "ploy": used, "cell": CELLS[i], "cards": list(stack)})
        else:  # joker
            f, t = move[1], move[2]
            used = self._spend("J")
            card = self.stacks[f][-1]
            self.stacks[f] = self.stacks[f][:-1]
            self.stacks[t] = self.stacks[t] + (card,)
            if ev is not None:
                ev.append(
                    {"event": "joker", "ploy": used, "card": card, "from": CELLS[f], "to": CELLS[t]}
                )
            self._attack(t)
        self.after_action()

    def after_action(self):
        """Checks after every play-phase action (rules section 4), then the automatic steps."""
        if self.dead == 12:
            self.status = "all_royals_killed"
            return
        for r in self.royals:
            if r is not None and not r[2] and r[3] > MAX_ATTACK[r[0][0]]:
                self.status = "invincible_royal"
                return
        card = self.current
        if card is not None and is_number(card) and not self.accepting(card) and not self.alive:
            self.current = None
            self._to_bottom([card])
            if self.events is not None:
                self.events.append({"event": "to_bottom", "card": card})
        self.advance()

    def advance(self):
        """Automatic steps while nothing is pending (rules section 4)."""
        ev = self.events
        while self.current is None and self.status is None:
            if self.dead == 12:
                self.status = "all_royals_killed"
                return
            if not self.alive:
                while True:
                    if not self.deck:
                        self.status = "deck_exhausted"
                        return
                    card = self._draw()
                    if is_ploy(card):
                        self.ploys = tuple(sorted(self.ploys + (card,)))
                        if ev is not None:
                            ev.append({"event": "ploy", "card": card})
                    elif is_royal(card):
                        self.current = card
                        break
                    else:
                        self.cycle.append(card)
                        if ev is not None:
                            ev.append({"event": "cycle", "card": card})
                return
            if self.deck:
                card = self._draw()
                if is_ploy(card):
                    self.ploys = tuple(sorted(self.ploys + (card,)))
                    if ev is not None:
                        ev.append({"event": "ploy", "card": card})
                    continue
                self.current = card
                return
            if not self.usable_ploy():
                self.status = "deck_exhausted"
            return

    def key(self):
        """Memo key: what decides the rest of the game. The cards under the tops matter only
        while a ploy (held, or still in the deck) can send a stack back or uncover a card."""
        aces = sum(1 for p in self.ploys if p[0] == "A")
        if self.ploys or any(is_ploy(c) for c in self.deck):
            grid = tuple(self.stacks)
        else:
            grid = tuple(s[-1] if s else None for s in self.stacks)
        return (
            grid,
            tuple(None if r is None else (0 if r[2] else (r[0], r[3])) for r in self.royals),
            aces,
            len(self.ploys) - aces,
            tuple(self.deck),
            tuple(self.cycle),
            self.current,
        )


def spell(move):
    verb = move[0]
    if verb in ("royal", "armour"):
        return f"{verb} {SLOTS[move[1]]}"
    if verb in ("place", "ace"):
        return f"{verb} {CELLS[move[1]]}"
    return f"joker {CELLS[move[1]]} {CELLS[move[2]]}"


class GridcannonState(GameState):
    STATE, CARDS = STATE, ORDER  # not ALL_CARDS_KEPT: a form-B setup may hold fewer cards
    ORDERED_VERBS = ("joker",)  # "joker <from> <to>": the order of the two cells is the move

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        d = self.d
        d.update(
            {
                "phase": "setup_royal",
                "grid": {c: [] for c in CELLS},
                "royals": {},
                "ploys": [],
                "used_ploys": [],
                "deck": [],
                "cycle": [],
                "current": None,
                "queue": [],
                "known_bottom": 0,
                "swapped": False,
                "reason": None,
                "events": [],
                "actions": 0,
            }
        )
        if setup is None:
            cards = list(PACK)
            self.rng.shuffle(cards)
            d["deck"] = cards
            self._deal()
            return
        form_a = isinstance(setup, dict) and set(setup) == {"deck"}
        ctx = Ctx("gridcannon", 1, ORDER)
        check(setup, SETUP_A if form_a else SETUP_B, ctx, "setup")
        conserve(ctx)
        if form_a:  # the whole procedure from a fixed order
            d["deck"] = list(setup["deck"])
            self._deal()
            return
        # Form B: straight into play.
        for cell, stack in setup.get("grid", {}).items():
            d["grid"][cell] = list(stack)
        for slot, r in setup.get("royals", {}).items():
            d["royals"][slot] = {
                "card": r["card"],
                "armour": list(r.get("armour", [])),
                "dead": r.get("dead", False),
            }
        d["ploys"] = sorted(setup.get("ploys", []))
        d["used_ploys"] = sorted(setup.get("used_ploys", []))
        d["deck"] = list(setup["deck"])
        d["swapped"] = True
        d["phase"] = "play"
        p = _Play.from_d(d)
        p.after_action()
        p.to_d(d)

    def _draw_setup(self):
        d = self.d
        card = d["deck"].pop(0)
        d["known_bottom"] = min(d["known_bottom"], len(d["deck"]))
        return card

    def _fill(self, cell):
        """Draw until a number card fills ``cell``; royals queue, ploys are kept."""
        d = self.d
        while True:
            card = self._draw_setup()
            if is_number(card):
                d["grid"][cell].append(card)
                return
            if is_royal(card):
                d["queue"].append(card)
            else:
                d["ploys"] = sorted(d["ploys"] + [card])
                d["events"].append({"event": "ploy", "card": card})

    def _deal(self):
        for cell in CELLS:
            self._fill(cell)
        self._next_setup_step()

    def _next_setup_step(self):
        d = self.d
        if d["queue"]:
            d["phase"], d["current"] = "setup_royal", d["queue"].pop(0)
        elif not d["swapped"]:
            d["phase"], d["current"] = "swap", None
        else:
            d["phase"], d["current"] = "play", None
            p = _Play.from_d(d)
            p.events = d["events"]
            p.after_action()
            p.to_d(d)

    # -- helpers ------------------------------------------------------------------------------
    def _tops(self):
        return [self.d["grid"][c][-1] if self.d["grid"][c] else None for c in CELLS]

    def _setup_royal_slots(self):
        occupied = {SI[s] for s in self.d["royals"]}
        return royal_slot_choices(self.d["current"], self._tops(), occupied)

    # -- whose turn ---------------------------------------------------------------------------
    def movers_setup_royal(self):
        return [0]

    movers_swap = movers_play = movers_setup_royal

    def legal_setup_royal(self, seat):
        return ["royal " + SLOTS[s] for s in self._setup_royal_slots()]

    def legal_swap(self, seat):
        return ["swap " + c for c in CELLS] + ["noswap"]

    def legal_play(self, seat):
        return [spell(m) for m in _Play.from_d(self.d).moves()]

    # -- applying -----------------------------------------------------------------------------
    def _one(self, verb, args, names):
        """The one cell (``names`` = CELLS) or slot (SLOTS) named after ``verb``."""
        cell = names is CELLS
        if len(args) != 1:
            if cell:
                raise IllegalAction("name_one_cell", f"write '{verb} <cell>'", verb=verb)
            raise IllegalAction("name_one_slot", f"write '{verb} <slot>'", verb=verb)
        if args[0] not in names:
            if cell:
                raise IllegalAction(
                    "no_such_cell",
                    f"{args[0]!r} is not a cell ({', '.join(names)})",
                    text=args[0][:12],
                )
            raise IllegalAction(
                "no_such_slot", f"{args[0]!r} is not a slot ({', '.join(names)})", text=args[0][:12]
            )
        return args[0]

    def _royal_refusal(self, card, slot, choices):
        """The refusal of ``royal <slot>`` when ``slot`` is not among ``choices``."""
        d = self.d
        params = {"card": card, "slot": slot, "slots": choices}
        if slot in d["royals"]:
            if d["royals"][slot]["dead"]:
                return IllegalAction(
                    "slot_holds_dead_royal",
                    f"{slot} already holds a dead royal; the "
                    f"{card_name(card)} may go to {' or '.join(choices)}",
                    **params,
                )
            return IllegalAction(
                "slot_holds_royal",
                f"{slot} already holds a royal; the "
                f"{card_name(card)} may go to {' or '.join(choices)}",
                **params,
            )
        return IllegalAction(
            "royal_goes_beside_best",
            f"the {card_name(card)} must go beside the grid card most "
            f"like it: {' or '.join(choices)}",
            **params,
        )

    def apply_setup_royal(self, seat, verb, args):
        d = self.d
        if verb != "royal":
            if verb in ("ace", "joker"):
                raise IllegalAction(
                    "no_ploys_in_setup", "ploys cannot be used during setup", verb=verb
                )
            raise IllegalAction(
                "royals_to_place",
                f"royals still to place: put the {card_name(d['current'])} with 'royal <slot>'",
                card=d["current"],
            )
        slot = self._one(verb, args, SLOTS)
        choices = [SLOTS[s] for s in self._setup_royal_slots()]
        if slot not in choices:
            raise self._royal_refusal(d["current"], slot, choices)
        d["events"] = []
        d["actions"] += 1
        d["royals"][slot] = {"card": d["current"], "armour": [], "dead": False}
        d["current"] = None
        self._next_setup_step()

    def apply_swap(self, seat, verb, args):
        d = self.d
        if verb == "noswap":
            if args:
                raise IllegalAction(
                    "nothing_after_verb", "'noswap' takes nothing after it", verb=verb
                )
        elif verb == "swap":
            cell = self._one(verb, args, CELLS)
        else:
            if verb in ("ace", "joker"):
                raise IllegalAction(
                    "no_ploys_in_setup", "ploys cannot be used during setup", verb=verb
                )
            raise IllegalAction(
                "wrong_move",
                "swap phase: send 'swap <cell>' or 'noswap'",
                verb=verb[:20],
                verbs=["swap", "noswap"],
            )
        d["events"] = []
        d["actions"] += 1
        d["swapped"] = True
        if verb == "swap":
            card = d["grid"][cell].pop()
            d["deck"].append(card)
            d["known_bottom"] += 1
            d["events"].append({"event": "to_bottom", "card": card})
            self._fill(cell)
        self._next_setup_step()

    def apply_play(self, seat, verb, args):
        d = self.d
        p = _Play.from_d(d)
        card = p.current
        if verb in ("swap", "noswap"):
            raise IllegalAction(
                "swap_only_before_play", "the swap is only allowed once, before play begins"
            )
        if verb == "royal":
            slot = self._one(verb, args, SLOTS)
            if card is None or not is_royal(card):
                raise IllegalAction("no_royal_waiting", "no royal is waiting to be placed")
            occupied = {s for s in range(12) if p.royals[s]}
            choices = [SLOTS[s] for s in royal_slot_choices(card, p.tops(), occupied)]
            if slot not in choices:
                raise self._royal_refusal(card, slot, choices)
            move = ("royal", SI[slot])
        elif verb == "place":
            cell = self._one(verb, args, CELLS)
            if card is None:
                raise IllegalAction("no_card_waiting", "no card is waiting to be placed")
            if is_royal(card):
                raise IllegalAction(
                    "royal_goes_to_slot",
                    f"the {card_name(card)} is a royal: place it with 'royal <slot>'",
                    card=card,
                )
            i = CI[cell]
            if i not in p.accepting(card):
                top = p.stacks[i][-1]
                raise IllegalAction(
                    "cell_top_higher",
                    f"{card} cannot go on {cell}: its top card {top} is higher than {card}",
                    card=card,
                    cell=cell,
                    top_card=top,
                )
            move = ("place", i)
        elif verb == "armour":
            slot = self._one(verb, args, SLOTS)
            if card is None or is_royal(card):
                raise IllegalAction(
                    "no_armour_waiting",
                    "armour is a number card that fits nowhere; none is waiting",
                )
            cells = p.accepting(card)
            if cells:
                raise IllegalAction(
                    "armour_only_when_stuck",
                    f"{card} fits on {', '.join(CELLS[i] for i in cells)}: "
                    "armour only when no cell takes the card",
                    card=card,
                    cells=[CELLS[i] for i in cells],
                )
            choices = [SLOTS[s] for s in armour_choices(card, p.royals)]
            if slot not in choices:
                raise IllegalAction(
                    "armour_goes_to_weakest",
                    f"{card} goes as armour to the weakest royal of its "
                    f"suit, else colour, else any: {' or '.join(choices)}",
                    card=card,
                    slot=slot,
                    slots=choices,
                )
            move = ("armour", SI[slot])
        elif verb == "ace":
            cell = self._one(verb, args, CELLS)
            if not p.has("A"):
                raise IllegalAction("no_ace_held", "you hold no unused Ace")
            if not p.stacks[CI[cell]]:
                raise IllegalAction(
                    "ace_on_empty_cell",
                    f"{cell} is empty: an Ace clears a cell that holds cards",
                    cell=cell,
                )
            move = ("ace", CI[cell])
        elif verb == "joker":
            move = self._joker_move(p, args)
        else:
            raise IllegalAction(
                "wrong_move",
                f"unknown move {verb!r}: use place, royal, armour, ace or joker",
                verb=verb[:20],
                verbs=["place", "royal", "armour", "ace", "joker"],
            )
        p.events = []
        p.do(move)
        p.to_d(d)
        d["actions"] += 1

    def _joker_move(self, p, args):
        """``joker <from> <to>``: the top card of the first cell goes onto the second (rules 5, 6.4)."""
        if len(args) != 2:
            raise IllegalAction("joker_needs_two_cells", "write 'joker <from cell> <to cell>'")
        for a in args:
            if a not in CI:
                raise IllegalAction(
                    "no_such_cell", f"{a!r} is not a cell ({', '.join(CELLS)})", text=a[:12]
                )
        if not p.has("J"):
            raise IllegalAction("no_joker_held", "you hold no unused Joker")
        f, t = CI[args[0]], CI[args[1]]
        if f == t:
            raise IllegalAction(
                "joker_same_cell", "a Joker moves a card to another cell", cell=args[0]
            )
        if (f, t) in p.joker_moves():
            return ("joker", f, t)
        if not p.stacks[f]:
            raise IllegalAction(
                "joker_from_empty_cell",
                f"{args[0]} is empty: there is no card to move",
                cell=args[0],
            )
        # The target holds a higher card. (Rules section 5: it must be empty or its top no higher
        # than the moved card; the cells are never read the other way round.)
        raise IllegalAction(
            "joker_target_higher",
            f"the {card_name(p.stacks[f][-1])} cannot go on {args[1]}: "
            f"its top {p.stacks[t][-1]} is higher",
            card=p.stacks[f][-1],
            cell=args[1],
            top_card=p.stacks[t][-1],
        )

    def check_invariants(self):
        """How the parts of a saved state agree (the spec has checked each part): the phase with
        the setup steps done, the pending card, the end and its reason, as the rules' automatic
        steps (section 4) leave them after every action. A form-B setup may start play from any
        table, so the grid's stacks and the royals' armour are not checked beyond their kinds."""
        d = self.d
        phase, current = d["phase"], d["current"]

        def fail(why):
            raise ValueError(f"gridcannon: {why}")

        for key in ("ploys", "used_ploys"):
            if d[key] != sorted(d[key]):
                fail(f"'{key}' are not in code order")
        if d["known_bottom"] > len(d["deck"]):
            fail("more cards are known at the bottom of the deck than it holds")
        if current is not None and is_ploy(current):
            fail("an Ace or a Joker is pending: it goes to the ploys when drawn")
        if d["queue"] and phase != "setup_royal":
            fail("royals wait in the setup queue after the setup")
        if (phase == "over") != (d["reason"] is not None):
            fail("the game's end and its reason disagree")
        for event in d["events"]:
            r = d["royals"].get(event["slot"]) if event["event"] == "kill" else None
            if event["event"] == "kill" and (
                r is None or r["card"] != event["royal"] or not r["dead"]
            ):
                fail(f"the kill at {event['slot']} is not on the table")
        royals = list(d["royals"].values())
        living = [r for r in royals if not r["dead"]]
        dead = len(royals) - len(living)
        too_strong = [
            r for r in living if health_of(r["card"], r["armour"]) > MAX_ATTACK[r["card"][0]]
        ]
        if phase in ("setup_royal", "swap"):
            cards = [c for stack in d["grid"].values() for c in stack] + [r["card"] for r in royals]
            cards += (
                d["ploys"] + d["deck"] + d["queue"] + ([current] if current is not None else [])
            )
            if len(cards) != len(PACK):
                fail(
                    "a setup in progress has not all 54 cards"
                )  # (no card is twice: the spec saw to it)
            if any(len(stack) != 1 for stack in d["grid"].values()):
                fail("during the setup every cell holds one card")
            if dead or any(r["armour"] for r in royals) or d["used_ploys"] or d["cycle"]:
                fail("a setup in progress shows play")
            if phase == "setup_royal" and (current is None or not is_royal(current)):
                fail("the setup waits for a royal, but none is pending")
            if phase == "swap" and (current is not None or d["swapped"]):
                fail("the swap is waited for, but a card is pending or the swap is done")
            return
        if not d["swapped"]:
            fail("play began before the swap was decided")
        if d["reason"] == "all_royals_killed" or dead == 12:
            if d["reason"] != "all_royals_killed" or dead != 12:
                fail("the game is won exactly when the 12 royals are dead")
            return
        if d["reason"] == "invincible_royal":
            if not too_strong:
                fail("lost to an invincible royal, but every living royal can still die")
            return
        if too_strong:
            fail("a living royal can no longer die, but the game goes on")
        if d["cycle"] and living:
            fail("cards are cycled while a living royal is on the table")
        if d["reason"] == "deck_exhausted":
            # The deck ran out while cycling, or with nothing pending and no usable ploy.
            if d["deck"] or current is not None or (living and _Play.from_d(d).usable_ploy()):
                fail("the deck is said to be exhausted, but the game can go on")
            return
        if d["cycle"] and (current is None or not is_royal(current)):
            fail("cards are cycled, but no royal has been drawn to end it")
        # In play: a card is pending, or the deck is empty and a ploy is waited for.
        if current is None:
            if d["deck"] or not living or not _Play.from_d(d).usable_ploy():
                fail("nothing is pending, but the game does not wait for a ploy")
        elif not living and is_number(current) and not _Play.from_d(d).accepting(current):
            fail("a number card that fits nowhere is pending with no living royal")

    # -- reading ------------------------------------------------------------------------------
    def _royals_out(self):
        return {
            slot: {
                "card": r["card"],
                "armour": list(r["armour"]),
                "health": health_of(r["card"], r["armour"]),
                "dead": r["dead"],
            }
            for slot, r in self.d["royals"].items()
        }

    def _killed(self):
        return sum(1 for r in self.d["royals"].values() if r["dead"])

    def result(self):
        d = self.d
        if not self.is_over():
            return None
        won = d["reason"] == "all_royals_killed"
        return {
            "won": won,
            "score": len(d["ploys"]) if won else 0,
            "royals_killed": self._killed(),
            "ploys_unused": len(d["ploys"]),
            "reason": d["reason"],
        }

    def standing(self):
        """Won or lost; the score is the result's (unused ploys when won, else 0)."""
        result = self.result()
        return Standing(won=result["won"], scores=[result["score"]])

    def _slots_view(self, tops):
        out = []
        for s, slot in enumerate(SLOTS):
            trigger, (a, b) = SLOT_LINE[s]
            x, y = tops[a], tops[b]
            entry = {
                "slot": slot,
                "royal": None,
                "armour": [],
                "health": None,
                "dead": False,
                "attack": {
                    "from": CELLS[trigger],
                    "between": [CELLS[a], CELLS[b]],
                    "now": value(x) + value(y),
                },
            }
            r = self.d["royals"].get(slot)
            if r is not None:
                health = health_of(r["card"], r["armour"])
                kind, suit = r["card"][0], r["card"][1]
                entry.update(
                    {
                        "royal": r["card"],
                        "armour": list(r["armour"]),
                        "health": health,
                        "dead": r["dead"],
                    }
                )
                need = "any" if kind == "J" else (COLOUR[suit] if kind == "Q" else SUIT_WORD[suit])
                entry["attack"].update(
                    {
                        "total_needed": health,
                        "both_must_be": need,
                        "ready": not r["dead"] and kills((r["card"], (), False, health), x, y),
                        "max_possible": MAX_ATTACK[kind],
                    }
                )
            out.append(entry)
        return out

    @staticmethod
    def _event_messages(events):
        """What the last action caused (the state's ``events``), as messages for the page to word.
        The cards drawn to the cycle pile are said once, together, where the first was drawn."""
        out, cycled = [], None
        for e in events:
            kind = e["event"]
            if kind == "kill":
                out.append(
                    {
                        "code": "royal_killed",
                        "params": {
                            "royal_card": e["royal"],
                            "slot": e["slot"],
                            "cells": list(e["cells"]),
                            "first_card": e["cards"][0],
                            "second_card": e["cards"][1],
                            "total": e["total"],
                            "health": e["health"],
                        },
                    }
                )
            elif kind == "ploy":
                out.append({"code": "ploy_drawn", "params": {"card": e["card"]}})
            elif kind == "cycle":
                if cycled is None:
                    cycled = {"code": "cards_cycled", "params": {"cards": []}}
                    out.append(cycled)
                cycled["params"]["cards"].append(e["card"])
            elif kind == "cycle_to_bottom":
                out.append({"code": "cycle_to_bottom", "params": {"cards": list(e["cards"])}})
            elif kind == "ace":
                out.append(
                    {
                        "code": "stack_cleared",
                        "params": {"cell": e["cell"], "cards": list(e["cards"])},
                    }
                )
            elif kind == "joker":
                out.append(
                    {
                        "code": "joker_moved",
                        "params": {"card": e["card"], "from_cell": e["from"], "to_cell": e["to"]},
                    }
                )
            else:  # "to_bottom": a swapped card, or a card that fits nowhere once no royal lives
                out.append({"code": "card_to_bottom", "params": {"card": e["card"]}})
        return out

    def observe(self, seat):
        d = self.d
        tops = self._tops()
        k = d["known_bottom"]
        cur = d["current"]
        v = {
            "grid": {c: list(d["grid"][c]) for c in CELLS},
            "grid_tops": {c: tops[i] for i, c in enumerate(CELLS)},
            "slots": self._slots_view(tops),
            "current": cur,
            "current_kind": None if cur is None else ("royal" if is_royal(cur) else "number"),
            "queue": list(d["queue"]),
            "swap_done": d["swapped"],
            "ploys": list(d["ploys"]),
            "used_ploys": list(d["used_ploys"]),
            "cycle": list(d["cycle"]),
            "deck_count": len(d["deck"]),
            "known_bottom": list(d["deck"][len(d["deck"]) - k :]) if k else [],
            "events": self._event_messages(d["events"]),
            "royals_killed": self._killed(),
        }
        return v

    def snapshot(self):
        out = super().snapshot()
        out["grid_tops"] = {c: t for c, t in zip(CELLS, self._tops())}
        out["royals"] = self._royals_out()
        out["deck_count"] = len(self.d["deck"])
        out["legal"] = self.legal_actions(0)
        return out

    def hidden_cards(self, seat):
        d = self.d
        return set(d["deck"][: len(d["deck"]) - d["known_bottom"]])

    def all_cards(self):
        return list(PACK)


# -- solver ----------------------------------------------------------------------------------------


class _Cap(Exception):
    pass


def _kills_after(p, move):
    """Royals a move kills at once (for move ordering)."""
    verb = move[0]
    if verb == "place":
        cell, extra = move[1], None
    elif verb == "joker":
        cell = move[2]
        extra = move[1]
    else:
        return 0
    n = 0
    tops = p.tops()
    if extra is not None:
        tops[cell] = tops[extra]
        s = p.stacks[extra]
        tops[extra] = s[-2] if len(s) > 1 else None
    for slot, (a, b) in ATTACKS[cell]:
        r = p.royals[slot]
        if r is not None and not r[2] and kills(r, tops[a], tops[b]):
            n += 1
    return n


_LINES = tuple((s, SLOT_LINE[s][1][0], SLOT_LINE[s][1][1]) for s in range(12))


def _evaluate(p):
    """Heuristic worth of a play position, for move ordering only (never for a verdict):
    kills, lines ready to kill, how far the other lines are from their target, ploys kept, and
    low tops (which accept more cards)."""
    if p.status == "all_royals_killed":
        return 1e9
    if p.status is not None:
        return -1e9 + 1000 * p.dead
    tops = [st[-1] if st else None for st in p.stacks]
    score = 1000 * p.dead + 60 * len(p.ploys)
    for t in tops:
        if t is not None:
            score -= VALUE[t[0]]
    royals = p.royals
    for s, a, b in _LINES:
        r = royals[s]
        if r is None or r[2]:
            continue
        x, y = tops[a], tops[b]
        kind, suit = r[0][0], r[0][1]
        total = (VALUE[x[0]] if x is not None else 0) + (VALUE[y[0]] if y is not None else 0)
        if kind == "J":
            bad = 0
        elif kind == "Q":
            colour = COLOUR[suit]
            bad = (x is None or COLOUR[x[1]] != colour) + (y is None or COLOUR[y[1]] != colour)
        else:
            bad = (x is None or x[1] != suit) + (y is None or y[1] != suit)
        if total >= r[3] and not bad:
            score += 150
        else:
            score -= 6 * max(0, r[3] - total) + 40 * bad
    return score


def _top2(cards, kind, suit):
    """The two highest cards of ``cards`` that may stand in a line against a royal of this kind
    and suit (an empty cell, None, only against a Jack)."""
    first = second = None
    fv = sv = -1
    for c in cards:
        if c is None:
            if kind != "J":
                continue
            v = 0
        else:
            if kind == "Q" and COLOUR[c[1]] != COLOUR[suit]:
                continue
            if kind == "K" and c[1] != suit:
                continue
            v = VALUE[c[0]]
        if v > fv:
            second, sv, first, fv = first, fv, c, v
        elif v > sv:
            second, sv = c, v
    return [(fv, first)] + ([(sv, second)] if sv >= 0 else []) if fv >= 0 else []


def _can_kill(royal, xs, ys):
    """Could some x in xs and a different card y in ys kill ``royal`` (health as now)?"""
    kind, suit = royal[0][0], royal[0][1]
    bx, by = _top2(xs, kind, suit), _top2(ys, kind, suit)
    for vx, x in bx:
        for vy, y in by:
            if (x is None or x != y) and vx + vy >= royal[3]:
                return True
    return False


def _hopeless(p):
    """A sound test that some living royal can never die (so the position is lost).

    Without any ploy left (held or in the deck) tops only rise: a cell's final top is its top now
    or a card still to come (deck, cycle pile, pending card) of at least its value, and a kill
    needs a card still to come that may go on the trigger cell. With a ploy left, any grid card
    or card to come may end up anywhere, and the trigger needs nothing."""
    come = [c for c in p.deck if is_number(c)] + [c for c in p.cycle]
    if p.current is not None and is_number(p.current):
        come.append(p.current)
    ploys = bool(p.ploys) or any(is_ploy(c) for c in p.deck)
    tops = p.tops()
    if ploys:
        pool = come + [c for st in p.stacks for c in st] + [None]
    for s, r in enumerate(p.royals):
        if r is None or r[2]:
            continue
        t, (a, b) = SLOT_LINE[s]
        if ploys:
            if not _can_kill(r, pool, pool):
                return True
            continue
        vt = value(tops[t])
        if not any(VALUE[c[0]] >= vt for c in come):
            return True
        va, vb = value(tops[a]), value(tops[b])
        xs = [tops[a]] + [c for c in come if VALUE[c[0]] >= va]
        ys = [tops[b]] + [c for c in come if VALUE[c[0]] >= vb]
        if not _can_kill(r, xs, ys):
            return True
    return False


NOISE = 120  # random worth added to each move's heuristic worth in the probes after the first


def _children(p, narrow=False, rng=None):
    """Yield (move, position after it) for every legal move: first the main moves, Aces and the
    Joker moves that kill at once, best first by the heuristic; then (not when ``narrow``) the
    other Joker moves in the canonical order, built only if the search gets that far.

    ``narrow`` keeps only the moves a quick probe tries: Joker moves that kill at once, and
    Aces only when the pending number card fits nowhere or nothing is pending."""
    ranked, later = [], []
    ace_ok = (
        not narrow or p.current is None or (is_number(p.current) and not p.accepting(p.current))
    )
    for move in p.moves():
        verb = move[0]
        if verb == "joker" and not _kills_after(p, move):
            later.append(move)
            continue
        if verb == "ace" and not ace_ok:
            continue
        q = p.copy()
        q.do(move)
        worth = _evaluate(q)
        if rng is not None:
            worth += rng.random() * NOISE
        ranked.append((-worth, len(ranked), move, q))
    ranked.sort(key=lambda x: (x[0], x[1]))
    for _, _, move, q in ranked:
        yield move, q
    if not narrow:
        for move in later:
            q = p.copy()
            q.do(move)
            yield move, q


class _Search:
    """Exact DFS with memoised losing positions (shared by every run of this object)."""

    def __init__(self, narrow=False, seed=None, failed=None):
        self.narrow = narrow  # a quick probe over fewer ploy moves (its failures prove nothing)
        self.rng = None if seed is None else random.Random(seed)  # noise in the move order
        # Losing play position -> most royals killed reached below it. Only completely searched
        # positions are stored, so searches of the same kind may share it whatever their order.
        self.failed = {} if failed is None else failed
        self.nodes = 0
        self.limit = 0
        self.peak = 0  # most royals killed on any position explored by the current run

    def run(self, state, node_limit):
        """(True/False/None, line of action strings) from an engine state."""
        self.limit = self.nodes + node_limit
        self.peak = state._killed()
        line = []
        try:
            won = self._engine(state, line)
        except _Cap:
            return None, []
        line.reverse()
        return won, line

    def _tick(self):
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Cap

    def _engine(self, state, line):
        """Setup phases through the engine itself; the play phase in compact form."""
        if state.d["phase"] == "over":
            self._tick()
            won = state.d["reason"] == "all_royals_killed"
            if won:
                self.peak = 12
            return won
        if state.d["phase"] == "play":
            p = _Play.from_d(state.d)
            p.events = None
            return self._play(p, line)[0]
        self._tick()
        actions = state.legal_actions(0)
        if state.d["phase"] == "swap":
            actions = actions[-1:] + actions[:-1]  # noswap first
        for action in actions:
            nxt = state.clone()
            nxt.apply(0, action)
            if self._engine(nxt, line):
                line.append(action)
                return True
        return False

    def _play(self, p, line):
        """(won, most royals killed reached below p)."""
        self._tick()
        if p.status is not None:
            won = p.status == "all_royals_killed"
            reached = 12 if won else p.dead_count()
            if reached > self.peak:
                self.peak = reached
            return won, reached
        key = p.key()
        reached = self.failed.get(key)
        if reached is not None:
            if reached > self.peak:
                self.peak = reached
            return False, reached
        best = p.dead_count()
        if best > self.peak:
            self.peak = best
        if _hopeless(p):
            self.failed[key] = best
            return False, best
        for move, q in _children(p, self.narrow, self.rng):
            won, sub = self._play(q, line)
            if won:
                line.append(spell(move))
                return True, 12
            if sub > best:
                best = sub
        self.failed[key] = best
        return False, best


DEFAULT_NODE_LIMIT = 200_000


def _portfolio(state, node_limit):
    """Bounded search from an engine state: (True/False/None, line, nodes, most royals killed seen).

    Three quarters of the budget go to short probes (alternately narrow and complete move lists; from the
    third on with noise in the move order), the rest to one complete search. A win found by any
    of them is a real win; False comes only from a complete search that ran to its end.
    """
    probes = max(1, min(16, node_limit // 4_000))
    each = max(1, 3 * node_limit // (4 * probes))
    nodes = peak = 0
    memo = {True: {}, False: {}}  # narrow / complete searches
    for i in range(probes):
        narrow = i % 2 == 0
        search = _Search(narrow=narrow, seed=None if i < 2 else i, failed=memo[narrow])
        won, line = search.run(state.clone(), each)
        nodes += search.nodes
        peak = max(peak, search.peak)
        if won or (won is False and not search.narrow):
            return won, line, nodes, peak
    search = _Search(failed=memo[False])
    won, line = search.run(state.clone(), max(1, node_limit - nodes))
    return won, line, nodes + search.nodes, max(peak, search.peak)


def solve(state, node_limit=DEFAULT_NODE_LIMIT):
    """Exact search over the real deck order: {"winnable": True/False/None, "line": [...], "nodes": n}.

    Uses hidden information (the deck order). ``None`` means the node budget ran out. Every
    choice is searched (setup slots and swap included); losing positions are memoised. Short
    probes with varied move orders come first (see ``_portfolio``); each is a real search, so a
    win they find is a real win, and only a complete search answers False.
    """
    if state.is_over():
        return {"winnable": state.d["reason"] == "all_royals_killed", "line": [], "nodes": 0}
    won, line, nodes, _ = _portfolio(state, node_limit)
    return {"winnable": won, "line": line if won else [], "nodes": nodes}


def solvable(state, node_limit=DEFAULT_NODE_LIMIT):
    """The rules file's oracle query: True / False / None (budget ran out)."""
    return solve(state, node_limit)["winnable"]


def oracle_hint(state, node_limit=DEFAULT_NODE_LIMIT):
    """The rules file's oracle hint: an action after which the deal is still winnable given the
    real deck order; None when over or not (provably) winnable within the budget."""
    result = solve(state, node_limit)
    return result["line"][0] if result["winnable"] else None


# -- fair hint ----------------------------------------------------------------------------------


def _unseen_from_view(state, view):
    shown = (
        set(view["known_bottom"])
        | set(view["queue"])
        | set(view["ploys"])
        | set(view["used_ploys"])
    )
    shown |= set(view["cycle"])
    for stack in view["grid"].values():
        shown.update(stack)
    for r in view["slots"]:
        if r["royal"]:
            shown.add(r["royal"])
            shown.update(r["armour"])
    if view["current"]:
        shown.add(view["current"])
    unseen = [c for c in PACK if c not in shown]
    if len(unseen) != view["deck_count"] - len(view["known_bottom"]):
        # A short form-B deck: the view cannot tell which cards it holds; use their set only.
        unseen = sorted(state.hidden_cards(0), key=ORDER.__getitem__)
    return unseen


def _from_view(view, deck_cards, known):
    """An engine state that shows ``view`` and holds ``deck_cards`` (top first) as its deck."""
    state = GridcannonState.__new__(GridcannonState)
    state.rng = random.Random(0)
    state.d = {
        "game": "gridcannon",
        "players": 1,
        "options": {},
        "seed": 0,
        "phase": view["phase"],
        "grid": {c: list(s) for c, s in view["grid"].items()},
        "royals": {
            r["slot"]: {"card": r["royal"], "armour": list(r["armour"]), "dead": r["dead"]}
            for r in view["slots"]
            if r["royal"]
        },
        "ploys": list(view["ploys"]),
        "used_ploys": list(view["used_ploys"]),
        "deck": list(deck_cards),
        "cycle": list(view["cycle"]),
        "current": view["current"],
        "queue": list(view["queue"]),
        "known_bottom": known,
        "swapped": view["swap_done"],
        "reason": None,
        "events": [],
        "actions": 0,
    }
    return state


def evaluate_actions(state, seat=0, samples=12, rng_seed=0, node_limit=300):
    """Fair evaluation of the candidate actions from ``view(seat)`` only.

    Returns ``[{"action", "wins", "undecided", "progress"}, ...]`` in legal order: over ``samples``
    random orders of the unseen cards, how often a bounded search after the action finds a win,
    how often the budget ran out, and the total of the most royals killed in the searches.
    """
    if state.is_over() or seat != 0:
        return []
    view = state.view(seat)
    actions = _candidates(state, view)
    unseen = _unseen_from_view(state, view)
    known = list(view["known_bottom"])
    rng = random.Random(rng_seed)
    stats = [{"action": a, "wins": 0, "undecided": 0, "progress": 0} for a in actions]
    for _ in range(samples):
        order = list(unseen)
        rng.shuffle(order)
        base = _from_view(view, order + known, len(known))
        for entry in stats:
            trial = base.clone()
            trial.apply(0, entry["action"])
            if trial.is_over():
                won, peak = trial.d["reason"] == "all_royals_killed", trial._killed()
            else:
                won, _, _, peak = _portfolio(trial, node_limit)
            if won:
                entry["wins"] += 1
            elif won is None:
                entry["undecided"] += 1
            entry["progress"] += peak
    return stats


def _candidates(state, view):
    actions = view["legal_actions"]
    if state.d["phase"] != "play":
        return actions
    p = _Play.from_d(state.d)
    keep = [spell(m) for m in p.moves() if m[0] != "joker" or _kills_after(p, m)]
    return keep or actions


def hint(state, seat=0, samples=12, rng_seed=0, node_limit=300):
    """The fair hint: the candidate action that wins in the most sampled orders of the unseen
    cards (ties: most royals killed in the searches, then legal order); None when over."""
    best = best_sampled(evaluate_actions(state, seat, samples, rng_seed, node_limit))
    return best["action"] if best else None


# -- what the app's queries (``tabletop.session``) use, declared on GAME below: the fair hint
# samples ``HINT_SAMPLES`` deck orders (``evaluate_actions``); the truth after the game is
# ``solve`` capped at ``TRUTH_NODE_LIMIT``.
HINT_SAMPLES = 12
TRUTH_NODE_LIMIT = (
    DEFAULT_NODE_LIMIT  # how often it is hit: tests/bench/bench_patience_solver.py gridcannon
)


GridcannonState.info = GAME = GameInfo(
    slug="gridcannon",
    title="Gridcannon",
    min_players=1,
    max_players=1,
    default_players=1,
    options=(),
    state_class=GridcannonState,
    max_actions=1000,
    queries=Queries(
        evaluate=evaluate_actions,
        hint_samples=HINT_SAMPLES,
        solve=solve,
        truth_node_limit=TRUTH_NODE_LIMIT,
    ),
)
