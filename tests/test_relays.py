"""static/relays.json, the friends' table's one network setting (issue #32): the build checks it
whole (trackers, STUN, TURN servers with their credentials) before writing its hosts into the
pages' CSP, so a blog author's mistake stops the build with a sentence, not a room that never
connects."""

import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import build  # noqa: E402

TRACKER = ["wss://tracker.example.org"]
STUN = ["stun:stun.example.org:3478"]
TURN = {"urls": "turns:turn.example.org:5349", "username": "blog", "credential": "s3cret"}


def test_the_shipped_setting_passes_and_names_no_turn_server():
    setting = json.loads((ROOT / "static" / "relays.json").read_text(encoding="utf-8"))
    assert build.check_relays(setting) is setting
    assert setting["turn"] == []
    assert all(host.startswith("wss://") for host in build.relay_hosts())


def test_a_blog_authors_own_tracker_and_turn_server_pass():
    setting = {"relays": TRACKER, "stun": STUN, "turn": [TURN, {**TURN, "urls": [TURN["urls"]]}]}
    assert build.check_relays(setting) is setting
    assert build.check_relays({"relays": TRACKER, "stun": []})  # no turn list at all


@pytest.mark.parametrize(
    "setting, said",
    [
        ({"relays": [], "stun": STUN}, "at least one tracker"),
        ({"relays": ["https://tracker.example.org"], "stun": STUN}, "not a WebSocket URL"),
        ({"relays": TRACKER, "stun": ["turn:x"]}, "stun: URLs"),
        ({"relays": TRACKER, "stun": STUN, "turn": {}}, "must be a list"),
        ({"relays": TRACKER, "stun": STUN, "turn": [{"urls": "stun:x"}]}, "turn: or turns:"),
        ({"relays": TRACKER, "stun": STUN, "turn": ["turn:x"]}, "turn: or turns:"),
        (
            {"relays": TRACKER, "stun": STUN, "turn": [{"urls": "turn:x", "username": "u"}]},
            "username and credential",
        ),
    ],
)
def test_a_mistake_stops_the_build_with_what_is_wrong(setting, said):
    with pytest.raises(ValueError, match=said):
        build.check_relays(setting)
