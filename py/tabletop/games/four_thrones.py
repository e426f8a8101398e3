"""4 Thrones: a one-player patience on four thrones (Kurt Bieg, 2013).

Source: shared/rules/four_thrones.md (authoritative), from the article
seeds/002_714fba0c3b7068ce.txt, section "4 Thrones".

Rules in brief
    52 cards, no jokers. Four cards are dealt face up as the thrones 0..3 (2x2 square); the other
    48 form the deck, whose top card is turned up at once as the *current card*. For each current
    card the player either places it on a throne whose top accepts it, or skips it (face down to
    the bottom of the deck; at most ``max_skips`` = 3 per game, allowed even when the card could
    be placed). A card fits on a throne top T when it is higher (values 2..9, T=10, J=11, Q=12,
    K=13, Aces excluded); an Ace goes on a 2 or a King (option ``ace_rule: "designer"``: on any
    non-Ace); anything non-Ace goes on an Ace; a Jack takes any number card 2-10, a Queen lower
    hearts/diamonds, a King lower spades. Face cards have no suit. After the placement no two
    thrones may show the same rank (initial duplicates are tolerated; option
    ``unique_top_ranks``). Flips are automatic. Won when every card is placed; lost as soon as the
    current card fits nowhere and no skip is left.

Action notation
    ``place <card> <t>`` (``<card>`` = the current card, ``t`` in 0..3; the two arguments may come
    in either order) and ``skip``. Cards are rank+suit codes, ranks ``23456789TJQKA``, suits
    ``SHDC``; canonical deck order: spades, hearts, diamonds, clubs, each 2 up to A.
    ``legal_actions`` lists ``place C 0`` .. ``place C 3`` (those that are legal), then ``skip``.

View (``view(seat)``; seat 0 and the public view show the same table)
    ``thrones`` (every card on each throne, bottom first), ``tops``, ``current``, ``deck_count``,
    ``known_bottom`` (the skipped cards still in the deck: they lie at its bottom, top first),
    ``skipped`` (every card skipped so far, in order), ``skips_used``/``skips_left``/``max_skips``,
    ``cards_placed``, ``targets`` (throne numbers the current card may go on) with ``blocked``
    (the reason for each other throne), ``history`` (every move: ``{"card", "throne"}`` or
    ``{"card", "skip": true}``), ``to_move``, ``legal_actions``, and ``result`` once over.

Queries (module functions; they never change the state)
    ``solve(state, node_limit)``: exact depth-first search with memoisation over the real deck
    order -> ``{"winnable": True/False/None, "line": [...], "nodes": n}`` (None = cap hit). It uses
    the hidden deck order: call it only after the game, for tests, or as a labelled oracle.
    ``solvable(state, node_limit)`` -> ``solve(...)["winnable"]`` and ``oracle_hint(state,
    node_limit)`` (the rules file's section 7.1 queries; the oracle hint is the first winning action
    in the order place 0..3, skip).
    ``hint(state, seat=0, samples, rng_seed, node_limit)``: a *fair* hint built only from what
    ``view(0)`` shows: it deals the unseen cards into the unknown part of the deck in ``samples``
    random orders (skipped cards stay at the bottom where the player knows they are), searches
    each with a node budget (one memo per sample, shared by the actions), and picks the action
    that wins in the most samples (ties: the one that places the most cards in the searches,
    then the canonical order); ``evaluate_actions`` gives the figures.

Decisions beyond the rules file
    - The solver's memo key sorts the four throne tops by rank (throne positions have no rule
      meaning) and keeps only ranks (the suit of a throne's top never matters).
    - The fair hint takes the set of unseen cards as the pack minus every card the view shows;
      with a short stacked test deck (which the view cannot reveal) it takes the set of the
      hidden cards instead, never their order.
    - ``snapshot()`` adds ``solvable`` computed with a budget of 20 000 nodes (null if cut off).
"""
from __future__ import annotations

import random

from ..cards import card_name, deck, rank_of, suit_of
from ..core import GameInfo, GameState, IllegalAction, Option
from ..patience import best_sampled

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
VALUE = {r: v for v, r in enumerate(RANKS[:-1], start=2)}  # 2..K = 2..13; the Ace has no value
RANK_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
NUMBER_RANKS = set("23456789T")
THRONES = ("0", "1", "2", "3")
SNAPSHOT_BUDGET = 20_000
DEFAULT_NODE_LIMIT = 1_000_000  # about 5 s in CPython; 299 of 300 seeded deals are decided within it


def fit_reason(card, top, ace_rule="seed"):
    """None when ``card`` fits on a throne whose top is ``top`` (rule (a)), else why not."""
    c, t = rank_of(card), rank_of(top)
    if c == "A":
        if t == "A":
            return "an ace never goes on an ace"
        if ace_rule == "designer" or t in ("2", "K"):
            return None
        return "an ace goes only on a 2 or a king"
    if t == "A":
        return None
    if VALUE[c] > VALUE[t]:
        return None
    if c in NUMBER_RANKS:
        if t == "J":
            return None
        if t == "Q":
            return None if suit_of(card) in "HD" else "a queen takes only lower hearts or diamonds"
        if t == "K":
            return None if suit_of(card) == "S" else "a king takes only lower spades"
    if c == t:
        return f"a {RANK_WORDS[c]} never goes on a {RANK_WORDS[t]}"
    if c in "JQK" and t in "QK":
        return f"a {RANK_WORDS[c]} has no suit, so it never goes on a higher {RANK_WORDS[t]}"
    return f"the {card_name(card)} is not higher than the {card_name(top)}"


def place_reason(card, throne, tops, options):
    """None when ``place card throne`` is legal, else the reason (rules (a) and (b))."""
    why = fit_reason(card, tops[throne], options["ace_rule"])
    if why:
        return why
    if options["unique_top_ranks"]:
        r = rank_of(card)
        for other, top in enumerate(tops):
            if other != throne and rank_of(top) == r:
                return f"two thrones would show a {RANK_WORDS[r]} (throne {other} shows the {card_name(top)})"
    return None


class FourThronesState(GameState):
    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        if setup is None:
            cards = list(PACK)
            self.rng.shuffle(cards)
            thrones, rest = cards[:4], cards[4:]
        else:
            unknown = set(setup) - {"thrones", "deck"}
            if unknown:
                raise ValueError(f"four_thrones: unknown setup key(s) {sorted(unknown)}")
            if "thrones" not in setup or "deck" not in setup:
                raise ValueError("four_thrones: setup needs 'thrones' (4 cards) and 'deck' (top first)")
            thrones, rest = setup["thrones"], setup["deck"]
            if not isinstance(thrones, list) or len(thrones) != 4:
                raise ValueError("four_thrones: setup 'thrones' must be a list of exactly 4 card codes")
            if not isinstance(rest, list):
                raise ValueError("four_thrones: setup 'deck' must be a list of card codes, top first")
            if not rest:
                raise ValueError("four_thrones: setup 'deck' must hold at least one card")
            seen = set()
            for card in thrones + rest:
                if not isinstance(card, str) or card not in ORDER:
                    raise ValueError(f"four_thrones: unknown card {card!r} in the setup")
                if card in seen:
                    raise ValueError(f"four_thrones: card {card} appears twice in the setup")
                seen.add(card)
            thrones, rest = list(thrones), list(rest)
        self.d.update({
            "phase": "play", "thrones": [[c] for c in thrones], "current": None, "deck": rest,
            "skips_used": 0, "skipped": [], "known_bottom": 0, "cards_placed": 0, "won": None,
            "history": [],
        })
        self._flip()

    # -- helpers ------------------------------------------------------------------------------
    def _tops(self):
        return [stack[-1] for stack in self.d["thrones"]]

    def _targets(self):
        d = self.d
        card = d["current"]
        if card is None:
            return []
        tops = self._tops()
        return [t for t in range(4) if place_reason(card, t, tops, d["options"]) is None]

    def _flip(self):
        """Automatic steps: flip the next card, then the win / loss checks."""
        d = self.d
        if d["current"] is None:
            if not d["deck"]:
                d["phase"], d["won"] = "over", True
                return
            d["current"] = d["deck"].pop(0)
            d["known_bottom"] = min(d["known_bottom"], len(d["deck"]))
        if not self._targets() and d["skips_used"] >= d["options"]["max_skips"]:
            d["phase"], d["won"] = "over", False

    # -- whose turn ---------------------------------------------------------------------------
    def movers_play(self):
        return [0]

    def legal_play(self, seat):
        d = self.d
        out = [f"place {d['current']} {t}" for t in self._targets()]
        if d["skips_used"] < d["options"]["max_skips"]:
            out.append("skip")
        return out

    # -- applying -----------------------------------------------------------------------------
    def apply_play(self, seat, verb, args):
        d = self.d
        card = d["current"]
        if verb == "skip":
            if args:
                raise IllegalAction("'skip' takes nothing after it")
            if d["skips_used"] >= d["options"]["max_skips"]:
                raise IllegalAction(f"no skip left (all {d['options']['max_skips']} used)")
            d["current"] = None
            d["deck"].append(card)
            d["known_bottom"] += 1
            d["skips_used"] += 1
            d["skipped"].append(card)
            d["history"].append({"card": card, "skip": True})
            self._flip()
            return
        if verb != "place":
            raise IllegalAction(f"unknown move {verb!r}: use 'place {card} <throne 0-3>' or 'skip'")
        if len(args) != 2:
            raise IllegalAction(f"write 'place {card} <throne 0-3>'")
        cards = [a for a in args if a in ORDER]
        others = [a for a in args if a not in ORDER]
        if len(cards) == 2:
            raise IllegalAction("name one card and one throne number")
        if not cards:
            bad = [a for a in others if a not in THRONES]
            raise IllegalAction(f"{bad[0]!r} is not a card of this game" if bad
                                else f"name the card too: 'place {card} <throne 0-3>'")
        (played,), (throne,) = cards, others
        if throne not in THRONES:
            raise IllegalAction(f"there is no throne {throne!r}: the thrones are 0, 1, 2 and 3")
        if played != card:
            raise IllegalAction(f"you can only place the current card, the {card_name(card)} ({card})")
        t = int(throne)
        why = place_reason(card, t, self._tops(), d["options"])
        if why:
            raise IllegalAction(f"{card} cannot go on throne {t}: {why}")
        d["thrones"][t].append(card)
        d["current"] = None
        d["cards_placed"] += 1
        d["history"].append({"card": card, "throne": t})
        self._flip()

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        return {"won": bool(d["won"]), "cards_placed": d["cards_placed"], "skips_used": d["skips_used"],
                "cards_left": len(d["deck"]) + (1 if d["current"] is not None else 0)}

    def _known_bottom(self):
        d = self.d
        k = d["known_bottom"]
        return list(d["deck"][len(d["deck"]) - k:]) if k else []

    def observe(self, seat):
        d = self.d
        tops = self._tops()
        targets = self._targets() if not self.is_over() else []
        blocked = {}
        if d["current"] is not None:
            for t in range(4):
                why = place_reason(d["current"], t, tops, d["options"])
                if why:
                    blocked[str(t)] = why
        v = {
            "thrones": [list(s) for s in d["thrones"]], "tops": tops, "current": d["current"],
            "deck_count": len(d["deck"]), "known_bottom": self._known_bottom(),
            "skipped": list(d["skipped"]), "skips_used": d["skips_used"],
            "skips_left": d["options"]["max_skips"] - d["skips_used"], "max_skips": d["options"]["max_skips"],
            "cards_placed": d["cards_placed"], "targets": targets, "blocked": blocked,
            "history": [dict(h) for h in d["history"]],
        }
        return v

    def snapshot(self):
        out = super().snapshot()
        out["tops"] = self._tops()
        out["skips_left"] = self.d["options"]["max_skips"] - self.d["skips_used"]
        out["legal"] = self.legal_actions(0)
        out["solvable"] = solvable(self, node_limit=SNAPSHOT_BUDGET)
        return out

    def hidden_cards(self, seat):
        d = self.d
        return set(d["deck"][:len(d["deck"]) - d["known_bottom"]])

    def all_cards(self):
        return list(PACK)


# -- solver ---------------------------------------------------------------------------------------
# Cards are PACK indices; a throne top is reduced to its rank index (0 = "2" .. 12 = "A"), since
# its suit never matters. FIT[c][r]: card c fits on a top of rank r (rule (a)).

_RANK_INDEX = [RANKS.index(rank_of(c)) for c in PACK]
_FIT_CACHE = {}


def _fit_table(ace_rule):
    table = _FIT_CACHE.get(ace_rule)
    if table is None:
        reps = [r + "S" for r in RANKS]  # a throne's suit never matters
        table = [tuple(fit_reason(c, top, ace_rule) is None for top in reps) for c in PACK]
        _FIT_CACHE[ace_rule] = table
    return table


class _Cap(Exception):
    pass


class _Search:
    """Exact DFS over one known card sequence; losing positions are memoised (shared across runs)."""

    def __init__(self, seq, options):
        self.seq = seq  # card indices: current card first, then the deck top first
        self.n = len(seq)
        self.fit = _fit_table(options["ace_rule"])
        self.unique = options["unique_top_ranks"]
        self.max_skips = options["max_skips"]
        self.failed = {}  # losing position -> most placements reached below it
        self.nodes = 0
        self.limit = 0
        self.best = 0  # most placements reached below the position being searched (for the memo)
        self.peak = 0  # most placements reached on any path explored by the current run

    def run(self, i, tail, tops, skips, placed, node_limit):
        """(True/False/None, line of (kind, card, throne)) from the position given."""
        self.limit = self.nodes + node_limit
        self.best = self.peak = placed
        line = []
        try:
            won = self._dfs(i, tail, tops, skips, placed, line)
        except _Cap:
            return None, []
        line.reverse()
        return won, line

    def _dfs(self, i, tail, tops, skips, placed, line):
        self.nodes += 1
        if self.nodes > self.limit:
            raise _Cap
        if i < self.n:
            c = self.seq[i]
            ni, ntail = i + 1, tail
        else:
            c = tail[0]
            ni, ntail = i, tail[1:]
        key = (tuple(sorted(tops)), i, tail, skips)
        if placed > self.peak:
            self.peak = placed
        reached = self.failed.get(key)
        if reached is not None:
            if reached > self.best:
                self.best = reached
            if reached > self.peak:
                self.peak = reached
            return False
        outer = self.best
        self.best = placed
        rc = _RANK_INDEX[c]
        if not (self.unique and rc in tops):
            row = self.fit[c]
            last = ni >= self.n and not ntail
            tried = []
            for t in range(4):
                r = tops[t]
                if not row[r] or r in tried:
                    continue
                tried.append(r)
                if last:
                    self.best = max(outer, placed + 1)
                    self.peak = max(self.peak, placed + 1)
                    line.append(("place", c, t))
                    return True
                new = list(tops)
                new[t] = rc
                if self._dfs(ni, ntail, tuple(new), skips, placed + 1, line):
                    self.best = max(outer, self.best)
                    line.append(("place", c, t))
                    return True
        if skips < self.max_skips:
            if self._dfs(ni, ntail + (c,), tops, skips + 1, placed, line):
                self.best = max(outer, self.best)
                line.append(("skip", c, None))
                return True
        self.failed[key] = self.best
        if outer > self.best:
            self.best = outer
        return False


def _spell(step):
    kind, c, t = step
    return "skip" if kind == "skip" else f"place {PACK[c]} {t}"


def _start(state):
    d = state.d
    seq = [ORDER[d["current"]]] + [ORDER[c] for c in d["deck"]]
    tops = tuple(_RANK_INDEX[ORDER[s[-1]]] for s in d["thrones"])
    return seq, tops


def solve(state, node_limit=DEFAULT_NODE_LIMIT):
    """Exact search over the real deck order: {"winnable": True/False/None, "line": [...], "nodes": n}.

    Uses hidden information (the deck order). ``None`` means the node budget ran out.
    """
    d = state.d
    if state.is_over():
        return {"winnable": bool(d["won"]), "line": [], "nodes": 0}
    seq, tops = _start(state)
    search = _Search(seq, d["options"])
    won, line = search.run(0, (), tops, d["skips_used"], 0, node_limit)
    return {"winnable": won, "line": [_spell(s) for s in line] if won else [], "nodes": search.nodes}


def solvable(state, node_limit=DEFAULT_NODE_LIMIT):
    """The rules file's oracle query: True / False / None (budget ran out)."""
    return solve(state, node_limit)["winnable"]


def oracle_hint(state, node_limit=DEFAULT_NODE_LIMIT):
    """The rules file's oracle hint: the first action (place 0..3, skip) after which the deal is
    still winnable given the real deck order; None when over or not (provably) winnable."""
    result = solve(state, node_limit)
    return result["line"][0] if result["winnable"] else None


def _unseen_from_view(state, view):
    """Unseen cards as the player can list them: the pack minus everything the view shows."""
    shown = {c for stack in view["thrones"] for c in stack} | set(view["known_bottom"])
    if view["current"]:
        shown.add(view["current"])
    unseen = [c for c in PACK if c not in shown]
    if len(unseen) != view["deck_count"] - len(view["known_bottom"]):
        # A short stacked test deck: the view cannot tell which cards it holds; use their set only.
        unseen = sorted(state.hidden_cards(0), key=ORDER.__getitem__)
    return unseen


def evaluate_actions(state, seat=0, samples=24, rng_seed=0, node_limit=4_000):
    """Fair evaluation of each legal action from ``view(seat)`` only.

    Returns ``[{"action", "wins", "undecided", "progress"}, ...]`` in legal order: over ``samples``
    random orders of the unseen cards, how often the action provably keeps the deal winnable,
    how often the budget ran out, and the total of the most cards placed in the searches.
    """
    if state.is_over() or seat != 0:
        return []
    view = state.view(seat)
    actions = view["legal_actions"]
    options = view["options"]
    unseen = _unseen_from_view(state, view)
    known = [ORDER[c] for c in view["known_bottom"]]
    current = ORDER[view["current"]]
    tops = tuple(_RANK_INDEX[ORDER[c]] for c in view["tops"])
    skips = view["skips_used"]
    rng = random.Random(rng_seed)
    stats = [{"action": a, "wins": 0, "undecided": 0, "progress": 0} for a in actions]
    for _ in range(samples):
        order = [ORDER[c] for c in unseen]
        rng.shuffle(order)
        seq = [current] + order + known
        search = _Search(seq, options)
        for entry in stats:
            verb, *args = entry["action"].split()
            if verb == "skip":
                won, _ = search.run(1, (current,), tops, skips + 1, 0, node_limit)
            else:
                t = int(args[1])
                new = list(tops)
                new[t] = _RANK_INDEX[current]
                if len(seq) == 1:
                    won, search.peak = True, 1
                else:
                    won, _ = search.run(1, (), tuple(new), skips, 1, node_limit)
            if won:
                entry["wins"] += 1
            elif won is None:
                entry["undecided"] += 1
            entry["progress"] += search.peak
    return stats


def hint(state, seat=0, samples=24, rng_seed=0, node_limit=4_000):
    """The fair hint: the legal action that keeps the deal winnable in the most sampled orders of
    the unseen cards (ties: most cards placed in the searches, then legal order); None when over."""
    best = best_sampled(evaluate_actions(state, seat, samples, rng_seed, node_limit))
    return best["action"] if best else None


# -- what the app's queries (``tabletop.session``) use: the fair hint samples ``HINT_SAMPLES`` deck
# orders (``evaluate_actions``); the truth after the game is ``solve`` capped at ``TRUTH_NODE_LIMIT``.
HINT_SAMPLES = 24
TRUTH_NODE_LIMIT = DEFAULT_NODE_LIMIT  # 299 of 300 seeded deals decided: tests/bench/bench_patience_solver.py four_thrones


FourThronesState.info = GAME = GameInfo(
    slug="four_thrones", title="4 Thrones", min_players=1, max_players=1, default_players=1,
    options=(
        Option("ace_rule", "seed", "choice", "seed: an Ace goes only on a 2 or a King; designer: on any card",
               choices=("seed", "designer")),
        Option("unique_top_ranks", True, "bool", "no two thrones may show the same rank"),
        Option("max_skips", 3, "int", "skips allowed per game", minimum=0, maximum=10),
    ),
    state_class=FourThronesState, max_actions=200,
    variants=({"ace_rule": "designer"}, {"unique_top_ranks": False}, {"max_skips": 0}, {"max_skips": 10}),
)
