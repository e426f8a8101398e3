"""A friends' table's host side (static/app/friends.js) without a browser: Node runs
tests/js/friends_check.mjs (the real table controller and drivers, a fake engine of a tiny game
with hidden hands, guests as message lists)."""

import json
import pathlib

import pytest
from node_check import run_node_check

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def results():
    return run_node_check("friends_check.mjs")


def test_guests_take_seats_and_a_held_seat_is_refused(results):
    assert results["hello_a"]["seat"] == 1 and results["hello_b"]["seat"] == 2
    assert results["hello_taken"]["code"] == "friends_seat_taken"
    assert results["hello_bad"]["code"] == "friends_malformed"
    assert results["names"] == ["ホスト", "Aki", "ぶん", ""]
    assert results["lobby_has_tokens"] is False
    assert results["kinds"] == ["host", "friend", "friend", "computer"]


def test_forged_stale_malformed_out_of_turn_and_illegal_moves_are_refused(results):
    assert results["refusals_a"] == [
        "friends_not_your_seat",
        "friends_stale",
        "friends_malformed",
        "friends_malformed",
        "card_not_in_hand",  # the engine's own refusal, passed back with its code
    ]
    assert results["refusals_b"] == ["friends_not_your_turn"]
    assert results["refusals_z"] == ["friends_not_seated"]
    assert results["moves_after_refusals"] == 1
    assert results["double_tap"] == "friends_stale"  # its seat moved since the state it saw


def test_a_round_by_host_guests_and_computer(results):
    assert results["after_round"] == ["0:play S0a", "1:play S1a", "2:play S2b", "3:play S3a"]
    assert results["over"] is True and results["moves"] == 8


def test_a_guest_reload_gets_its_seat_and_hand_back(results):
    assert results["away"] is True
    assert results["reload_seat"] == 1 and results["reload_hand"] == ["S1b"]
    assert results["elsewhere"] == "friends_seat_elsewhere"


def test_a_guest_is_sent_only_its_own_seat(results):
    assert results["leaks"] == [] and results["states_sent"] > 10
    assert results["ended"] == "friends_host_left"
    assert all(results["guest_checks"])
    assert results["clean"] == ["名前です", "", 16]
    # only the room's key holder is taken for the host, by the guest it signed for
    assert results["proof_checks"] == {
        "room_is_an_id": True,
        "host": True,
        "sent_to_another_guest": False,
        "another_rooms_host": False,
        "a_guests_own_key": False,
        "key_swapped": False,
        "bad_signature": False,
        "malformed": False,
        "no_private_key_sent": True,
        "shape": True,
    }


def test_every_code_has_words_in_both_languages():
    common = json.loads((ROOT / "static/strings/common.json").read_text(encoding="utf-8"))
    source = (ROOT / "static/app/friends.js").read_text(encoding="utf-8")
    import re

    codes = set(re.findall(r'"(friends_[a-z_]+)"', source))
    assert len(codes) >= 10
    for lang in ("en", "ja"):
        missing = sorted(c for c in codes if c not in common[lang])
        assert not missing, (lang, missing)
