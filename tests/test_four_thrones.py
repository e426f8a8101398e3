"""4 Thrones: placement rules, skips, options, setup checks, solver and the fair hint."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games import four_thrones as ft

GAME = get_game("four_thrones")


def new(thrones, deck, **options):
    return GAME.new_state(players=1, options=options, setup={"thrones": thrones, "deck": deck})


def refused(state, action, fragment=""):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert fragment in str(err.value), str(err.value)
    return err.value


# -- rule (a): what fits ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "card,top,fits",
    [
        ("9S", "8H", True),
        ("JC", "8H", True),
        ("KD", "QS", True),
        ("QH", "JD", True),  # higher, any suit
        ("5S", "5H", False),
        ("JH", "JS", False),
        ("AS", "AH", False),  # equal never
        ("AH", "2C", True),
        ("AH", "KS", True),
        ("AH", "7D", False),
        ("AH", "QD", False),  # ace (seed)
        ("2S", "AH", True),
        ("KC", "AD", True),
        ("QH", "AS", True),  # anything on an ace
        ("TC", "JH", True),
        ("2D", "JS", True),  # jack takes numbers
        ("TH", "QC", True),
        ("3D", "QS", True),
        ("TS", "QD", False),
        ("9C", "QH", False),  # queen: red only
        ("JH", "QD", False),  # face cards: no suit
        ("9S", "KC", True),
        ("2S", "KH", True),
        ("9H", "KS", False),
        ("QS", "KC", False),
        ("JS", "KD", False),
        ("7H", "9C", False),
        ("KS", "AC", True),
    ],
)
def test_fit_rule(card, top, fits):
    assert (ft.fit_reason(card, top) is None) == fits


def test_designer_ace_goes_anywhere_but_on_an_ace():
    assert ft.fit_reason("AH", "7D", "designer") is None
    assert ft.fit_reason("AH", "QS", "designer") is None
    assert ft.fit_reason("AH", "AS", "designer") is not None
    s = new(["7D", "3C", "5H", "9S"], ["AH", "2C"], ace_rule="designer")
    assert s.legal_actions(0) == ["place AH 0", "place AH 1", "place AH 2", "place AH 3", "skip"]
    s = new(["7D", "3C", "5H", "9S"], ["AH", "2C"])
    assert s.legal_actions(0) == ["skip"]


# -- rule (b): unique tops ----------------------------------------------------------------------


def test_initial_duplicates_allowed_but_block_that_rank():
    s = new(["9H", "9C", "3D", "JS"], ["TC", "9D", "4H"])
    assert s.legal_actions(0) == ["place TC 0", "place TC 1", "place TC 2", "place TC 3", "skip"]
    s.apply(0, "place TC 2")
    assert s.d["current"] == "9D"
    assert s.legal_actions(0) == ["skip"]  # a 9 can never go while a 9 shows
    msg = refused(s, "place 9D 3", "two thrones would show a nine")
    assert "throne 0" in str(msg)


def test_unique_top_ranks_off():
    s = new(["9H", "9C", "3D", "JS"], ["TC", "TD", "4H"], unique_top_ranks=False)
    s.apply(0, "place TC 0")
    assert "place TD 1" in s.legal_actions(0)
    s.apply(0, "place TD 1")
    assert s.snapshot()["tops"] == ["TC", "TD", "3D", "JS"]


# -- skips, end of game ---------------------------------------------------------------------------


def test_skip_goes_to_bottom_and_is_remembered():
    s = new(["3H", "6S", "9D", "QC"], ["KS", "4C", "5D"])
    s.apply(0, "skip")
    snap = s.snapshot()
    assert snap["deck"] == ["5D", "KS"] and snap["current"] == "4C" and snap["skips_left"] == 2
    v = s.view(0)
    assert v["known_bottom"] == ["KS"] and v["skipped"] == ["KS"] and v["deck_count"] == 2
    assert s.hidden_cards(0) == {"5D"}
    s.apply(0, "place 4C 0")
    s.apply(0, "place 5D 0")
    assert s.view(0)["known_bottom"] == [] and s.d["current"] == "KS"  # the skipped card is back
    assert s.hidden_cards(0) == set()


def test_skip_with_empty_deck_flips_same_card_and_spends_a_skip():
    s = new(["9H", "9C", "3D", "JS"], ["9D"])
    assert s.legal_actions(0) == ["skip"]
    s.apply(0, "skip")
    assert s.d["current"] == "9D" and s.d["skips_used"] == 1 and not s.is_over()
    s.apply(0, "skip")
    s.apply(0, "skip")
    assert s.is_over()
    assert s.result() == {"won": False, "cards_placed": 0, "skips_used": 3, "cards_left": 1}


def test_no_skips_option_loses_at_once_when_stuck():
    s = new(["9H", "9C", "3D", "JS"], ["9D", "4H"], max_skips=0)
    assert s.is_over() and s.result()["won"] is False and s.to_move() == []
    s = new(["9H", "9C", "3D", "JS"], ["4H", "9D"], max_skips=0)
    assert s.legal_actions(0) == ["place 4H 2", "place 4H 3"]  # a jack takes any number card
    s.apply(0, "place 4H 2")
    assert s.is_over() and s.result() == {
        "won": False,
        "cards_placed": 1,
        "skips_used": 0,
        "cards_left": 1,
    }


def test_more_skips_option():
    s = new(["9H", "9C", "3D", "JS"], ["9D"], max_skips=5)
    for _ in range(5):
        s.apply(0, "skip")
    assert s.is_over() and s.result()["skips_used"] == 5


def test_win_and_result():
    s = new(["2C", "KH", "7D", "4S"], ["AH", "AD", "2S", "8C"])
    for a in ["place AH 0", "skip", "place 2S 0", "place 8C 2", "place AD 1"]:
        s.apply(0, a)
    assert s.is_over() and s.result() == {
        "won": True,
        "cards_placed": 4,
        "skips_used": 1,
        "cards_left": 0,
    }
    v = s.view(0)
    assert v["result"]["won"] and v["legal_actions"] == [] and v["to_move"] == []
    assert v["history"][1] == {"card": "AD", "skip": True}
    refused(s, "skip", "over")


# -- input handling -----------------------------------------------------------------------------


def test_argument_order_does_not_matter():
    s = new(["3H", "6S", "9D", "QC"], ["KS", "4C"])
    s.apply(0, "place 2 KS")
    assert s.snapshot()["tops"] == ["3H", "6S", "KS", "QC"]


def test_illegal_messages():
    s = new(["QD", "KC", "5H", "8S"], ["JH", "TH"])
    refused(s, "place TH 0", "only place the current card")
    refused(s, "place JH 4", "no throne")
    refused(s, "place JH 0", "jack has no suit")
    refused(s, "place JH 1", "jack has no suit")
    refused(s, "place JH", "place JH <throne")
    refused(s, "place JH 0 0")
    refused(s, "place JH TH", "one card and one throne")
    refused(s, "place XX 0", "not a card")
    refused(s, "skip now", "nothing after")
    refused(s, "flip", "unknown move")
    s = new(["2C", "KH", "7D", "4S"], ["AH", "AD"])
    refused(s, "place AH 2", "an ace goes only on a 2 or a king")
    s = new(["3H", "6S", "9D", "QC"], ["4C"], max_skips=1)
    s.apply(0, "skip")
    refused(s, "skip", "no skip left")


def test_refusals_name_their_reason_as_a_code():
    s = new(["9H", "9C", "3D", "JS"], ["TC", "9D", "4H"])
    s.apply(0, "place TC 2")
    err = refused(s, "place 9D 3")
    assert err.code == "rank_shown_elsewhere"
    assert err.params == {
        "card": "9D",
        "throne": 3,
        "top_card": "JS",
        "other_throne": 0,
        "other_card": "9H",
    }
    s = new(["QD", "KC", "5H", "8S"], ["JH", "TH"])
    for action, code, params in [
        ("place JH 0", "face_card_has_no_suit", {"card": "JH", "throne": 0, "top_card": "QD"}),
        ("place TH 0", "not_current_card", {"card": "TH", "current_card": "JH"}),
        ("place JH 4", "no_such_throne", {"text": "4"}),
        ("place XX 0", "unknown_card", {"text": "XX"}),
        ("place JH TH", "name_card_and_throne", {"card": "JH"}),
        ("skip now", "nothing_after_verb", {"verb": "skip"}),
        ("flip", "wrong_move", {"verb": "flip", "verbs": ["place", "skip"]}),
    ]:
        err = refused(s, action)
        assert (err.code, err.params) == (code, params), action
    s = new(["3H", "6S", "9D", "QC"], ["4C"], max_skips=1)
    s.apply(0, "skip")
    err = refused(s, "skip", "no skip left")
    assert (err.code, err.params) == ("no_skip_left", {"n": 1})


def test_the_views_blocked_reasons_are_the_refusals_codes():
    """The view's ``blocked`` says why each throne may not take the card by the very code and
    params the engine refuses that ``place`` with (the page words them; no English in the view)."""
    s = new(["QD", "KC", "5H", "AS"], ["JH", "TH"])
    blocked = s.view(0)["blocked"]
    assert blocked["0"] == {
        "code": "face_card_has_no_suit",
        "params": {"card": "JH", "top_card": "QD", "throne": 0},
    }
    for throne, message in blocked.items():
        err = refused(s, f"place JH {throne}")
        assert (err.code, err.params) == (message["code"], message["params"])
    assert set(blocked) == {"0", "1"} and s.view(0)["targets"] == [2, 3]
    assert (
        str(refused(s, "place JH 0"))
        == "JH cannot go on throne 0: a jack has no suit, so it never goes on a higher queen"
    )
    s = new(["2C", "KH", "AH", "4S"], ["AD"])
    assert s.view(0)["blocked"]["1"] == {
        "code": "rank_shown_elsewhere",
        "params": {
            "card": "AD",
            "throne": 1,
            "top_card": "KH",
            "other_throne": 2,
            "other_card": "AH",
        },
    }


# -- saved states ------------------------------------------------------------------------------------


def played(seed, moves):
    s = GAME.new_state(players=1, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over():
            break
        s.apply(0, rng.choice(s.legal_actions(0)))
    return s


def test_every_state_of_a_game_is_read_back_exactly():
    for seed in range(12):
        s = GAME.new_state(players=1, seed=seed)
        rng = random.Random(seed)
        while True:
            again = GAME.from_json(json.loads(json.dumps(s.to_json())))
            assert again.to_json() == s.to_json()
            if s.is_over():
                break
            s.apply(0, rng.choice(s.legal_actions(0)))


def tampered(state, change):
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    return data


@pytest.mark.parametrize(
    "change,reason",
    [
        # A card moved from the deck onto a throne (no card is lost or doubled): not what the history did.
        (lambda d: d["thrones"][0].append(d["deck"].pop()), "thrones"),
        # The skipped cards listed in another order than they went under the deck.
        (lambda d: d.update(skipped=d["skipped"][::-1]), "skipped"),
        (lambda d: d.update(cards_placed=d["cards_placed"] + 1), "cards_placed"),
        (lambda d: d.update(skips_used=d["skips_used"] - 1), "skips_used"),
        (lambda d: d.update(known_bottom=0), "known_bottom"),
        (lambda d: d.update(phase="over", won=True), "phase"),
        (lambda d: d["history"].pop(), "follow|agree"),
        (lambda d: d.update(current=d["deck"][0]), "also at"),
        (lambda d: d["deck"].append("JK1"), "not a card"),
        (lambda d: d["thrones"][1].insert(0, 7), "not a card"),
    ],
)
def test_a_tampered_saved_state_is_refused(change, reason):
    """Issue #20: from_json trusted its input (cards doubled or moved, counts changed)."""
    s = played(7, 4)
    assert (
        len(s.d["skipped"]) == 2
        and s.d["cards_placed"] == 2
        and s.d["known_bottom"] == 2
        and not s.is_over()
    )
    GAME.from_json(tampered(s, lambda d: None))
    with pytest.raises(ValueError, match=reason):
        GAME.from_json(tampered(s, change))


def test_a_malformed_setup_is_refused_with_a_reason():
    for card, reason in [
        (7, "not a card"),
        ("", "not a card"),
        (None, "not a card"),
        ("QD", "also at"),
    ]:
        with pytest.raises(ValueError, match=reason) as err:
            GAME.new_state(
                players=1, setup={"thrones": ["QD", "KC", "5H", "8S"], "deck": ["JH", card]}
            )
        assert "setup.deck[1]" in str(err.value)


# -- options and setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"ace_rule": "high"},
        {"max_skips": 11},
        {"max_skips": -1},
        {"unique_top_ranks": 1},
        {"jokers": True},
    ],
)
def test_bad_options(options):
    with pytest.raises(ValueError):
        GAME.new_state(players=1, options=options)


def test_bad_players():
    with pytest.raises(ValueError):
        GAME.new_state(players=2)


@pytest.mark.parametrize(
    "setup",
    [
        {"thrones": ["QD", "KC", "5H"], "deck": ["JH"]},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": ["QD"]},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": ["ZZ"]},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": ["JK1"]},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": []},
        {"thrones": ["QD", "KC", "5H", "8S"]},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": "JH"},
        {"thrones": ["QD", "KC", "5H", "8S"], "deck": ["JH"], "extra": 1},
    ],
)
def test_bad_setup(setup):
    with pytest.raises(ValueError):
        GAME.new_state(players=1, setup=setup)


def test_random_deal_uses_the_whole_pack():
    s = GAME.new_state(players=1, seed=3)
    cards = [c for t in s.d["thrones"] for c in t] + [s.d["current"]] + s.d["deck"]
    assert sorted(cards) == sorted(ft.PACK) and len(s.d["deck"]) == 47
    assert s.hidden_cards(0) == set(s.d["deck"]) and s.hidden_cards(None) == set(s.d["deck"])
    text = json.dumps(s.view(0))
    assert not any(c in text.split('"') for c in s.d["deck"])
    again = GAME.from_json(json.loads(json.dumps(s.to_json())))
    assert again.d == s.d


def test_view_explains_blocked_thrones():
    s = new(["QD", "KC", "5H", "8S"], ["3H"])
    v = s.view(0)
    assert v["targets"] == [0] and set(v["blocked"]) == {"1", "2", "3"}
    assert v["blocked"]["1"]["code"] == "king_takes_spades"
    assert s.view(None)["legal_actions"] == [] and s.view(None)["tops"] == v["tops"]


# -- solver ------------------------------------------------------------------------------------------


def replay_wins(state, line):
    s = state.clone()
    for action in line:
        s.apply(0, action)
    return s.is_over() and s.result()["won"]


def test_solve_small_deals():
    s = new(["2C", "KH", "7D", "4S"], ["AH", "AD", "2S", "8C"])
    r = ft.solve(s, node_limit=1000)
    assert r["winnable"] is True and replay_wins(s, r["line"]) and r["nodes"] > 0
    assert ft.solvable(s) is True and ft.oracle_hint(s) in s.legal_actions(0)
    s = new(["9H", "9C", "3D", "JS"], ["TC", "TD", "4H", "5S", "6C"])
    r = ft.solve(s)
    assert r == {"winnable": False, "line": [], "nodes": r["nodes"]}
    assert ft.oracle_hint(s) is None
    assert s.snapshot()["solvable"] is False


def test_solve_finished_game():
    s = new(["2C", "KH", "7D", "4S"], ["3H"])
    s.apply(0, "place 3H 0")
    assert ft.solve(s) == {"winnable": True, "line": [], "nodes": 0}
    s = new(["9H", "9C", "3D", "JS"], ["9D"], max_skips=0)
    assert ft.solve(s)["winnable"] is False


def test_solve_cap_and_full_deals():
    outcomes = set()
    for seed in range(40):
        s = GAME.new_state(players=1, seed=seed)
        r = ft.solve(s, node_limit=50_000)
        outcomes.add(r["winnable"])
        if r["winnable"]:
            assert replay_wins(s, r["line"])
            assert ft.oracle_hint(s, 50_000) == r["line"][0]
    assert False in outcomes
    s = GAME.new_state(players=1, seed=0)
    r = ft.solve(s, node_limit=3)
    assert r["winnable"] is None and r["line"] == [] and r["nodes"] > 3


def test_solver_agrees_with_brute_force_on_short_decks():
    """The solver's abstractions (ranks only, sorted thrones) agree with plain search on the engine."""

    def brute(state):
        if state.is_over():
            return state.result()["won"]
        for a in state.legal_actions(0):
            nxt = state.clone()
            nxt.apply(0, a)
            if brute(nxt):
                return True
        return False

    rng = random.Random(5)
    for _trial in range(150):
        cards = rng.sample(ft.PACK, 4 + rng.randint(1, 7))
        options = {
            "ace_rule": rng.choice(["seed", "designer"]),
            "unique_top_ranks": rng.random() < 0.7,
            "max_skips": rng.randint(0, 2),
        }
        s = new(cards[:4], cards[4:], **options)
        assert ft.solve(s)["winnable"] == brute(s), (cards, options)


# -- fair hint -----------------------------------------------------------------------------------------


def test_hint_is_legal_and_none_when_over():
    s = GAME.new_state(players=1, seed=11)
    for _ in range(5):
        if s.is_over():
            break
        a = ft.hint(s, samples=6, node_limit=500)
        assert a in s.legal_actions(0)
        s.apply(0, a)
    s = new(["2C", "KH", "7D", "4S"], ["3H"])
    s.apply(0, "place 3H 0")
    assert ft.hint(s) is None


def test_hint_ignores_the_hidden_order():
    base = GAME.new_state(players=1, seed=21)
    tops = [t[-1] for t in base.d["thrones"]]
    first, second, rest = base.d["current"], base.d["deck"][0], base.d["deck"][1:]
    for k in range(3):
        other = list(rest)
        random.Random(k).shuffle(other)
        a = GAME.new_state(players=1, setup={"thrones": tops, "deck": [first, second] + rest})
        b = GAME.new_state(players=1, setup={"thrones": tops, "deck": [first, second] + other})
        for s in (a, b):
            s.apply(0, "skip")  # the skipped card is known to lie at the bottom
        assert a.d["deck"] != b.d["deck"] and a.view(0) == b.view(0)
        assert ft.hint(a, samples=8, rng_seed=k, node_limit=800) == ft.hint(
            b, samples=8, rng_seed=k, node_limit=800
        )
        assert ft.evaluate_actions(a, samples=8, rng_seed=k, node_limit=800) == ft.evaluate_actions(
            b, samples=8, rng_seed=k, node_limit=800
        )


def test_hint_prefers_the_move_that_keeps_the_game_alive():
    # 4C fits on 3H (throne 0) or 2S (throne 3). On 3H it leaves a 2 showing, which the last ace
    # needs (the only other ace home would be a king); on 2S the ace can never be placed.
    s = new(["3H", "9S", "9C", "2S"], ["4C", "AH"], max_skips=0)
    assert s.legal_actions(0) == ["place 4C 0", "place 4C 3"]
    assert ft.hint(s, samples=4) == "place 4C 0"
    stats = ft.evaluate_actions(s, samples=4)
    assert [e["wins"] for e in stats] == [4, 0]
