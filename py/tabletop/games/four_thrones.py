"""4 Thrones: a one-player patience on four thrones (Kurt Bieg, 2013).

Source: the Japanese blog article on the game (a Japanese blog article on patience games, section "4 Thrones"), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/four_thrones.json, its rules for players in
static/rules/four_thrones.json.

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
    (why each other throne may not take it: the refusal ``place`` would meet, as a message
    ``{"code", "params"}`` with the params ``card``, ``top_card``, ``throne`` and, for the
    unique-rank rule, ``other_throne`` and ``other_card``), ``history`` (every move: ``{"card", "throne"}`` or
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
from ..core import GameInfo, GameState, IllegalAction, Option, Queries, Standing
from ..patience import best_sampled
from ..reader import Bool, Card, Cards, Choice, Ctx, Either, Fields, Int, List, Opt, check, conserve

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
VALUE = {r: v for v, r in enumerate(RANKS[:-1], start=2)}  # 2..K = 2..13; the Ace has no value
RANK_WORDS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
NUMBER_RANKS = set("23456789T")
THRONES = ("0", "1", "2", "3")
SNAPSHOT_BUDGET = 20_000
DEFAULT_NODE_LIMIT = (
    1_000_000  # about 5 s in CPython; 299 of 300 seeded deals are decided within it
)

# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
# A setup may stack a short deck (rules section 3), so no card count beyond these bounds.
SETUP = Fields({"thrones": Cards(n=4), "deck": Cards(lo=1, hi=len(PACK) - 4)})
MOVE = Either(
    Fields({"card": Card(counted=False), "throne": Int(0, 3)}),
    Fields({"card": Card(counted=False), "skip": Choice(True)}),
)
STATE = Fields(
    {
        "thrones": List(Cards(lo=1), 4, 4),
        "current": Opt(Card()),
        "deck": Cards(),
        "skips_used": Int(0, 10),
        "skipped": List(Card(counted=False), 0, 10),
        "known_bottom": Int(0, len(PACK)),
        "cards_placed": Int(0, len(PACK) - 4),
        "won": Opt(Bool()),
        "history": List(MOVE, 0, len(PACK) - 4 + 10),
    }
)


def fit_refusal(card, top, ace_rule="seed", prefix="", **params):
    """None when ``card`` fits on a throne whose top is ``top`` (rule (a)), else the refusal: an
    ``IllegalAction`` whose code names the reason, with the params ``card`` and ``top_card`` (and
    any given) and the English reason after ``prefix``."""
    params = {"card": card, "top_card": top, **params}
    c, t = rank_of(card), rank_of(top)
    if c == "A":
        if t == "A":
            return IllegalAction("ace_on_ace", prefix + "an ace never goes on an ace", **params)
        if ace_rule == "designer" or t in ("2", "K"):
            return None
        return IllegalAction(
            "ace_only_on_two_or_king", prefix + "an ace goes only on a 2 or a king", **params
        )
    if t == "A":
        return None
    if VALUE[c] > VALUE[t]:
        return None
    if c in NUMBER_RANKS:
        if t == "J":
            return None
        if t == "Q":
            return (
                None
                if suit_of(card) in "HD"
                else IllegalAction(
                    "queen_takes_red",
                    prefix + "a queen takes only lower hearts or diamonds",
                    **params,
                )
            )
        if t == "K":
            return (
                None
                if suit_of(card) == "S"
                else IllegalAction(
                    "king_takes_spades", prefix + "a king takes only lower spades", **params
                )
            )
    if c == t:
        return IllegalAction(
            "same_rank", prefix + f"a {RANK_WORDS[c]} never goes on a {RANK_WORDS[t]}", **params
        )
    if c in "JQK" and t in "QK":
        return IllegalAction(
            "face_card_has_no_suit",
            prefix + f"a {RANK_WORDS[c]} has no suit, so it never goes on a higher {RANK_WORDS[t]}",
            **params,
        )
    return IllegalAction(
        "not_higher",
        prefix + f"the {card_name(card)} is not higher than the {card_name(top)}",
        **params,
    )


def fit_reason(card, top, ace_rule="seed"):
    """None when ``card`` fits on a throne whose top is ``top`` (rule (a)), else why not (English)."""
    why = fit_refusal(card, top, ace_rule)
    return None if why is None else str(why)


def place_refusal(card, throne, tops, options, prefix=""):
    """None when ``place card throne`` is legal (rules (a) and (b)), else the refusal (see
    ``fit_refusal``): params ``card``, ``throne``, ``top_card``, and for rule (b) the other throne
    that shows the rank (``other_throne``, ``other_card``)."""
    why = fit_refusal(card, tops[throne], options["ace_rule"], prefix, throne=throne)
    if why:
        return why
    if options["unique_top_ranks"]:
        r = rank_of(card)
        for other, top in enumerate(tops):
            if other != throne and rank_of(top) == r:
                return IllegalAction(
                    "rank_shown_elsewhere",
                    prefix + f"two thrones would show a {RANK_WORDS[r]} "
                    f"(throne {other} shows the {card_name(top)})",
                    card=card,
                    throne=throne,
                    top_card=tops[throne],
                    other_throne=other,
                    other_card=top,
                )
    return None


class FourThronesState(GameState):
    STATE, CARDS = STATE, ORDER  # not ALL_CARDS_KEPT: a stacked test deck may be short

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        if setup is None:
            cards = list(PACK)
            self.rng.shuffle(cards)
            thrones, rest = cards[:4], cards[4:]
        else:
            ctx = Ctx("four_thrones", 1, ORDER)
            check(setup, SETUP, ctx, "setup")
            conserve(ctx)
            thrones, rest = list(setup["thrones"]), list(setup["deck"])
        self.d.update(
            {
                "phase": "play",
                "thrones": [[c] for c in thrones],
                "current": None,
                "deck": rest,
                "skips_used": 0,
                "skipped": [],
                "known_bottom": 0,
                "cards_placed": 0,
                "won": None,
                "history": [],
            }
        )
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
        return [t for t in range(4) if place_refusal(card, t, tops, d["options"]) is None]

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
                raise IllegalAction(
                    "nothing_after_verb", "'skip' takes nothing after it", verb="skip"
                )
            if d["skips_used"] >= d["options"]["max_skips"]:
                raise IllegalAction(
                    "no_skip_left",
                    f"no skip left (all {d['options']['max_skips']} used)",
                    n=d["options"]["max_skips"],
                )
            d["current"] = None
            d["deck"].append(card)
            d["known_bottom"] += 1
            d["skips_used"] += 1
            d["skipped"].append(card)
            d["history"].append({"card": card, "skip": True})
            self._flip()
            return
        if verb != "place":
            raise IllegalAction(
                "wrong_move",
                f"unknown move {verb!r}: use 'place {card} <throne 0-3>' or 'skip'",
                verb=verb[:20],
                verbs=["place", "skip"],
            )
        if len(args) != 2:
            raise IllegalAction(
                "name_card_and_throne", f"write 'place {card} <throne 0-3>'", card=card
            )
        cards = [a for a in args if a in ORDER]
        others = [a for a in args if a not in ORDER]
        if len(cards) == 2:
            raise IllegalAction(
                "name_card_and_throne", "name one card and one throne number", card=card
            )
        if not cards:
            bad = [a for a in others if a not in THRONES]
            if bad:
                raise IllegalAction(
                    "unknown_card", f"{bad[0]!r} is not a card of this game", text=bad[0][:12]
                )
            raise IllegalAction(
                "name_card_and_throne", f"name the card too: 'place {card} <throne 0-3>'", card=card
            )
        (played,), (throne,) = cards, others
        if throne not in THRONES:
            raise IllegalAction(
                "no_such_throne",
                f"there is no throne {throne!r}: the thrones are 0, 1, 2 and 3",
                text=throne[:12],
            )
        if played != card:
            raise IllegalAction(
                "not_current_card",
                f"you can only place the current card, the {card_name(card)} ({card})",
                card=played,
                current_card=card,
            )
        t = int(throne)
        why = place_refusal(
            card, t, self._tops(), d["options"], prefix=f"{card} cannot go on throne {t}: "
        )
        if why:
            raise why
        d["thrones"][t].append(card)
        d["current"] = None
        d["cards_placed"] += 1
        d["history"].append({"card": card, "throne": t})
        self._flip()

    def check_invariants(self):
        """A saved state is the one its history leads to. The deck is a queue (skipped cards go to
        its bottom), so the cards ever queued, in order, are the cards turned up (the history and
        the current card) followed by the deck as it is now; the last of them are the skipped
        cards, and the rest is the deck as dealt. Dealing that again under the thrones' bottom
        cards and replaying the history must give this very state (tops, counts, phase, result)."""
        d = self.d
        turned = [m["card"] for m in d["history"]] + (
            [d["current"]] if d["current"] is not None else []
        )
        queued = turned + d["deck"]
        skipped = [m["card"] for m in d["history"] if m.get("skip")]
        dealt = queued[: len(queued) - len(skipped)]
        if skipped != d["skipped"] or queued[len(dealt) :] != skipped:
            raise ValueError(
                "four_thrones: the skipped cards do not agree with the history and the deck"
            )
        replay = self.__class__.__new__(self.__class__)
        replay.rng = random.Random(0)  # an explicit setup draws nothing from it
        replay.d = {k: d[k] for k in self.COMMON_KEYS if k != "phase"}
        try:
            replay.setup({"thrones": [stack[0] for stack in d["thrones"]], "deck": dealt})
            for move in d["history"]:
                replay.apply(
                    0, "skip" if move.get("skip") else f"place {move['card']} {move['throne']}"
                )
        except (ValueError, IllegalAction) as err:
            raise ValueError(f"four_thrones: the history cannot be replayed ({err})") from None
        for key, value in replay.d.items():
            if d.get(key) != value:
                raise ValueError(f"four_thrones: '{key}' does not follow from the history")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        return {
            "won": bool(d["won"]),
            "cards_placed": d["cards_placed"],
            "skips_used": d["skips_used"],
            "cards_left": len(d["deck"]) + (1 if d["current"] is not None else 0),
        }

    def standing(self):
        """Won or lost; the game has no points."""
        return Standing(won=bool(self.d["won"]))

    def _known_bottom(self):
        d = self.d
        k = d["known_bottom"]
        return list(d["deck"][len(d["deck"]) - k :]) if k else []

    def observe(self, seat):
        d = self.d
        tops = self._tops()
        targets = self._targets() if not self.is_over() else []
        blocked = {}  # throne -> why it may not take the current card, as the refusal's code and params
        if d["current"] is not None:
            for t in range(4):
                why = place_refusal(d["current"], t, tops, d["options"])
                if why:
                    blocked[str(t)] = {"code": why.code, "params": dict(why.params)}
        v = {
            "thrones": [list(s) for s in d["thrones"]],
            "tops": tops,
            "current": d["current"],
            "deck_count": len(d["deck"]),
            "known_bottom": self._known_bottom(),
            "skipped": list(d["skipped"]),
            "skips_used": d["skips_used"],
            "skips_left": d["options"]["max_skips"] - d["skips_used"],
            "max_skips": d["options"]["max_skips"],
            "cards_placed": d["cards_placed"],
            "targets": targets,
            "blocked": blocked,
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
        return set(d["deck"][: len(d["deck"]) - d["known_bottom"]])

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
    return {
        "winnable": won,
        "line": [_spell(s) for s in line] if won else [],
        "nodes": search.nodes,
    }


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


# -- what the app's queries (``tabletop.session``) use, declared on GAME below: the fair hint
# samples ``HINT_SAMPLES`` deck orders (``evaluate_actions``); the truth after the game is
# ``solve`` capped at ``TRUTH_NODE_LIMIT``.
HINT_SAMPLES = 24
TRUTH_NODE_LIMIT = DEFAULT_NODE_LIMIT  # 299 of 300 seeded deals decided: tests/bench/bench_patience_solver.py four_thrones


FourThronesState.info = GAME = GameInfo(
    slug="four_thrones",
    title="4 Thrones",
    min_players=1,
    max_players=1,
    default_players=1,
    options=(
        Option(
            "ace_rule",
            "seed",
            "choice",
            "seed: an Ace goes only on a 2 or a King; designer: on any card",
            choices=("seed", "designer"),
        ),
        Option("unique_top_ranks", True, "bool", "no two thrones may show the same rank"),
        Option("max_skips", 3, "int", "skips allowed per game", minimum=0, maximum=10),
    ),
    state_class=FourThronesState,
    max_actions=200,
    variants=(
        {"ace_rule": "designer"},
        {"unique_top_ranks": False},
        {"max_skips": 0},
        {"max_skips": 10},
    ),
    queries=Queries(
        evaluate=evaluate_actions,
        hint_samples=HINT_SAMPLES,
        solve=solve,
        truth_node_limit=TRUTH_NODE_LIMIT,
    ),
)
