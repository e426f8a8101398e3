"""The engine's start-up snapshot (issue #36: static/app/snapshot.js makes it, the patched PyScript
worker restores it, py/tools/build.py): a return visit boots from it and plays, offline too; a
snapshot of another build is not used; a broken one falls back to a normal boot, and is not made
again for this build. How a visit booted shows in the games the worker has imported: a normal boot
imports only the game played, the snapshot holds every game."""

import json

from helpers import discard_first_three, saved_log
from test_site import wait_precached

GAME = "game=mas_menos&lang=en&botdelay=0&start=1"
CACHE = "tabletop:snapshot"
NOT_RESTORED = "the start-up snapshot was not restored"


def entries(page):
    """{entry URL's last part: size in bytes} in the snapshot's cache."""
    return page.evaluate(
        """async (name) => {
        const cache = await caches.open(name);
        const out = {};
        for (const req of await cache.keys()) {
            out[req.url.split('/').pop()] = (await (await cache.match(req)).arrayBuffer()).byteLength;
        }
        return out;
    }""",
        CACHE,
    )


def first_visit(page, server, watch_first=False):
    """A first visit until the service worker has precached the site, then a second visit until
    this build's snapshot is made; the page's console (its workers' too) collects in page.said."""
    page.said = []
    page.on("console", lambda m: page.said.append(m.text))
    page.goto(f"{server}/?{GAME}")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    wait_precached(page)
    # A first visit makes none (a reader trying a game once does not pay for it): the next
    # visit, begun under the service worker, makes it in idle time.
    if watch_first:  # past the maker's idle timeout (5 s) after the engine was up
        page.wait_for_timeout(6_000)
        assert page.evaluate("document.body.dataset.snapshot || null") is None
        assert entries(page) == {}
    page.reload()
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.body.dataset.snapshot") == "made"
    made = entries(page)
    assert len(made) == 1, made
    ((name, size),) = made.items()
    assert name.startswith("snapshot-") and size > 5_000_000
    return name


def games_loaded(page):
    return page.evaluate("tabletop.call('loaded_games')")["modules"]


def play_first_move(page):
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.locator(".hand button.card.lit").first.wait_for(timeout=60_000)
    discard_first_three(page, timeout=60_000)


def test_a_return_visit_boots_from_the_snapshot_and_plays_offline(page, server, sink):
    first_visit(page, server, watch_first=True)
    log = saved_log(page, "mas_menos")
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    assert len(games_loaded(page)) > 10  # restored: every game was imported before the snapshot
    assert saved_log(page, "mas_menos") == log  # the same deal, resumed
    play_first_move(page)
    # A module of the standard library imported after the restore (from the zip whose table of
    # contents the snapshot forgot): the daily deal's date.
    daily = page.evaluate("tabletop.call('daily_log', 'mas_menos', '2026-11-29')")
    assert daily["ok"] and daily["log"]["seed"] == 20261129
    # Offline, from the service worker and the snapshot's cache.
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
        assert len(games_loaded(page)) > 10
        assert page.evaluate("tabletop.call('view', 0)")["ok"]
    finally:
        page.context.set_offline(False)
    # The maker saw this build's snapshot and made none.
    page.wait_for_selector("body[data-snapshot]", state="attached", timeout=60_000)
    assert page.evaluate("document.body.dataset.snapshot") == "present"
    assert not any(NOT_RESTORED in s for s in page.said), page.said
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_the_same_deal_and_bot_moves_from_the_snapshot_as_from_a_boot(page, server):
    """Determinism: a computer's move for a seed is the same in a restored interpreter."""
    first_visit(page, server)
    ask = "tabletop.call('bot_action', 1, 'normal', 7, null)"
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    booted = page.evaluate(ask)
    assert games_loaded(page) == ["tabletop.games.mas_menos"]  # this visit booted
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    assert len(games_loaded(page)) > 10
    assert page.evaluate(ask) == booted


def test_a_snapshot_of_another_build_is_not_used(page, server):
    name = first_visit(page, server)
    # This build's snapshot moved to another build's key: not this build's, so not restored.
    page.evaluate(
        """async ([cache, name]) => {
        const c = await caches.open(cache);
        const url = (await c.keys()).find((r) => r.url.endsWith(name)).url;
        await c.put(url.replace(name, 'snapshot-0123456789abcdef'), await c.match(url));
        await c.delete(url);
    }""",
        [CACHE, name],
    )
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    assert games_loaded(page) == ["tabletop.games.mas_menos"]
    play_first_move(page)
    # ... and this build's is made again.
    page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.body.dataset.snapshot") == "made"
    assert name in entries(page)
    assert not any(NOT_RESTORED in s for s in page.said), page.said
    assert not page.errors, page.errors


def corrupt(page, name, how):
    page.evaluate(
        """async ([cache, name, how]) => {
        const c = await caches.open(cache);
        const url = (await c.keys()).find((r) => r.url.endsWith(name)).url;
        const bytes = new Uint8Array(await (await c.match(url)).arrayBuffer());
        let broken;
        if (how === 'garbage') {
            broken = new Uint8Array(1 << 20);
            for (let i = 0; i < broken.length; i++) broken[i] = (i * 7919) & 255;
        } else if (how === 'truncated') {
            broken = bytes.slice(0, bytes.length >> 1);
        } else {  // the header kept, the memory zeroed past its first megabytes
            broken = bytes.slice();
            broken.fill(0, 4 << 20);
        }
        await c.put(url, new Response(broken));
    }""",
        [CACHE, name, how],
    )


def check_falls_back(page, name):
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    assert games_loaded(page) == ["tabletop.games.mas_menos"]
    play_first_move(page)
    assert any(NOT_RESTORED in s for s in page.said), page.said
    # The broken snapshot is gone, marked as failed for this build, and not made again.
    page.wait_for_selector("body[data-snapshot]", state="attached", timeout=120_000)
    assert page.evaluate("document.body.dataset.snapshot") == "present"
    assert set(entries(page)) == {name + "-failed"}
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    assert games_loaded(page) == ["tabletop.games.mas_menos"]
    assert not page.errors, page.errors


def test_a_corrupt_snapshot_falls_back_to_a_boot(page, server):
    name = first_visit(page, server)
    corrupt(page, name, "garbage")
    check_falls_back(page, name)


def test_a_truncated_snapshot_falls_back_to_a_boot(page, server):
    name = first_visit(page, server)
    corrupt(page, name, "truncated")
    check_falls_back(page, name)


def test_a_snapshot_with_damaged_memory_falls_back_to_a_boot(page, server):
    name = first_visit(page, server)
    corrupt(page, name, "zeroed")
    check_falls_back(page, name)


def test_no_snapshot_without_a_service_worker(page, server):
    """nosw=1 (and a browser that keeps no worker): the page makes no snapshot and boots."""
    page.goto(f"{server}/?{GAME}&nosw=1")
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.snapshot || null") is None
    assert json.loads(json.dumps(entries(page))) == {}
