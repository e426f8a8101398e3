// A friend's phone at a friends' table (issue #32; friends.html?game=<slug>&room=<id>): no Python
// runtime, no service worker. It joins the room (link.js), takes a seat from the host's lobby
// (its token, kept on this phone, gets the same seat back after a reload), then draws the table
// with the game's own view from the views the host sends (play.js startGuestTable) and sends the
// taps. The host is the one peer that sends a lobby; anything from another peer is ignored.
import { h } from "../kit/dom.js";
import { chooseLanguage, gameTitle, knowGames, loadCommon, loadGame, t } from "../kit/words.js";
import { app, header, toast } from "./chrome.js";
import { checkProof, cleanName, hostMessage, randomId } from "./friends.js";
import { openRoom } from "./link.js";
import { current, endSession, nav, refusalText, startGuestTable, wordsOf } from "./play.js";
import { knowGameFacts } from "./stats.js";
import { params, store, testParam } from "./store.js";

chooseLanguage(params, store);
const ROOM = /^[A-Za-z0-9_-]{22}$/;
// No word from a host within this time: the room cannot connect (?linkwait=N ms in the test build).
const LINK_WAIT = Number(testParam("linkwait")) || 20000;
// No lobby this long after joining: join again, which sends the host fresh offers (link.js says
// why a first try can miss: a host that joined after this phone's offers went out).
const REJOIN_AFTER = 6000;
const tokenKey = (room) => `tabletop:friends:${room}`;
const NAME_KEY = "tabletop:friends-name";

/** The whole state of this phone's seat. */
const g = {
  slug: "",
  room: "",
  token: "",
  link: null,
  hostPeer: null,
  lobby: null,
  seat: null,
  state: null, // the last state message
  session: null,
  pending: null, // a move sent, waiting for the host's answer: {resolve, n}
  heard: false,
  ended: false,
  asked: false, // a hello sent to this host
  candidates: new Map(), // peer -> a lobby it sent while it was not (yet) this phone's host
  proven: new Set(), // the peers that proved they hold the room's key (friends.js checkProof)
};
// The test build: the tests read every message that arrived from the host (a leak check).
if (testParam("relay")) window.tabletopGuest = Object.assign(g, { received: [], latencies: [] });

function screen(...nodes) {
  endSession();
  g.session = null;
  app.replaceChildren(header(g.slug ? gameTitle(g.slug) : t("friends_title")), ...nodes);
}

function notice(key, { retry = false } = {}) {
  screen(
    h(
      "section",
      { class: "friends-notice", role: "alert", dataset: { code: key } },
      h("p", {}, t(key)),
      retry
        ? h(
            "button",
            { type: "button", class: "primary", onclick: () => location.reload() },
            t("computer_retry"),
          )
        : null,
    ),
  );
  document.body.dataset.screen = "friends-notice";
  document.body.dataset.code = key;
}

/** A state message as the table's engine answer (no log from the host: a stand-in of its length). */
function answerOf(msg) {
  return {
    ok: true,
    over: msg.over,
    to_move: msg.to_move,
    players: msg.players,
    moves: msg.n,
    view: msg.view,
    log: {
      game: g.slug,
      players: msg.players,
      options: g.lobby?.options || {},
      seed: 0,
      actions: Array.from({ length: msg.n }, () => [-1, ""]),
    },
  };
}

function names() {
  return (g.lobby?.seats || []).map((s, seat) =>
    s.kind === "host"
      ? s.name || t("friends_host")
      : s.kind === "friend"
        ? s.name || t("friends_friend_n", { n: seat + 1 })
        : "",
  );
}

// The table's engine, on a guest's phone: the host.
const remote = {
  load: async () => answerOf(g.state),
  view: async () => ({ ok: true, view: g.state.view }),
  act: (seat, action) =>
    new Promise((resolve) => {
      if (!g.hostPeer) return resolve({ ok: false, code: "friends_engine", params: {} });
      g.pending = { resolve, n: g.state.n, at: performance.now() };
      g.link.send(g.hostPeer, { t: "act", seat, n: g.state.n, action });
    }),
  botMove: async () => ({ ok: false, code: "friends_not_playing", params: {} }),
  undo: async () => ({ ok: false, code: "friends_not_playing", params: {} }),
};

function hello(seat = null) {
  const name = cleanName(store.getItem(NAME_KEY) || "");
  g.asked = true;
  g.link.send(g.hostPeer, { t: "hello", token: g.token, name, ...(seat === null ? {} : { seat }) });
}

function showLobby() {
  const lobby = g.lobby;
  if (g.session) return;
  const seated = g.seat !== null;
  const nameInput = h("input", {
    type: "text",
    name: "name",
    maxlength: 16,
    value: store.getItem(NAME_KEY) || "",
    autocomplete: "nickname",
  });
  const rows = lobby.seats.map((s, seat) =>
    h(
      "li",
      { class: `seat seat-${s.kind}`, dataset: { seat, kind: s.kind } },
      h("span", { class: "seat-n" }, t("friends_seat_n", { n: seat + 1 })),
      " ",
      h(
        "span",
        { class: "seat-name" },
        s.kind === "open"
          ? t("friends_seat_open")
          : s.kind === "computer"
            ? t("computer")
            : seat === g.seat
              ? t("you")
              : names()[seat],
      ),
      !seated && s.kind === "open"
        ? h(
            "button",
            {
              type: "button",
              class: "primary take-seat",
              onclick: () => {
                store.setItem(NAME_KEY, cleanName(nameInput.value));
                hello(seat);
              },
            },
            t("friends_join"),
          )
        : null,
    ),
  );
  screen(
    h(
      "section",
      { class: "friends-lobby" },
      seated ? null : h("label", {}, t("friends_your_name"), nameInput),
      h("ul", { class: "seats" }, rows),
      h("p", { class: "loading", role: "status" }, seated ? t("friends_waiting_host") : ""),
    ),
  );
  document.body.dataset.screen = seated ? "friends-waiting" : "friends-lobby";
}

/**
 * While the host's phone is away (its page closed, reloading, asleep), a bar over the table says
 * so: the table waits, as on the host's screen for an away friend. Drawn again after every redraw
 * (the table replaces the page's contents), gone when the host is back.
 */
function hostAwayBar() {
  app.querySelector(".friends-host-away")?.remove();
  if (g.hostPeer || g.ended || !g.session || g.session.table.ended) return;
  const bar = h(
    "section",
    { class: "friends-away friends-host-away", role: "status" },
    h("p", {}, t("friends_host_away")),
  );
  app.querySelector(":scope > header")?.after(bar);
}

async function onState(msg) {
  g.state = msg;
  const answer = answerOf(msg);
  if (g.pending && msg.n > g.pending.n) {
    const { resolve, at } = g.pending;
    g.pending = null;
    g.latencies?.push(performance.now() - at); // the test build: a tap to the host's answer
    return resolve(answer);
  }
  if (g.session && !g.session.table.ended) {
    g.session.names = names();
    return g.session.table.pushed(answer);
  }
  const module = await import(`../views/${g.slug}.js`);
  await loadGame(g.slug);
  if (g.session) return;
  g.session = await startGuestTable(g.slug, module, remote, answer, msg.seat, names(), leave);
  g.session?.table.on("drawn", hostAwayBar);
}

/** A peer's proof that it is the room's host: checked, then its lobby (if it came first) read. */
async function onProof(peer, msg) {
  if (!(await checkProof(msg, g.room, g.link?.self || ""))) return; // never this phone's host
  g.proven.add(peer);
  const lobby = g.candidates.get(peer);
  if (lobby && !g.hostPeer) {
    g.candidates.delete(peer);
    onMessage(peer, lobby);
  }
}

function onMessage(peer, data) {
  const msg = hostMessage(data);
  if (!msg || g.ended) return;
  if (msg.t === "proof") return void onProof(peer, msg);
  if (peer !== g.hostPeer) {
    // Only a lobby makes a host, and only from a peer that proved it holds the room's key: not
    // another guest. A lobby is kept until its proof is checked, or, from the host back after a
    // reload before its old connection is known to be gone, until then.
    if (msg.t !== "lobby") return;
    if (g.hostPeer || !g.proven.has(peer)) return void g.candidates.set(peer, data);
    g.hostPeer = peer;
    g.asked = false;
  }
  g.heard = true;
  app.querySelector(".friends-host-away")?.remove();
  window.tabletopGuest?.received?.push(msg);
  if (msg.t === "lobby") {
    g.lobby = msg;
    if (g.session) g.session.names = names();
    // A seat this phone held (a reload, or the host back after its own reload): asked again.
    if (!g.asked && store.getItem(tokenKey(g.room) + ":seated")) hello();
    if (!msg.started || g.seat === null) showLobby();
    return;
  }
  if (msg.t === "seat") {
    g.seat = msg.seat;
    store.setItem(tokenKey(g.room) + ":seated", "1");
    if (!g.state) showLobby();
    return;
  }
  if (msg.t === "state") return onState(msg);
  if (msg.t === "refused") {
    const answer = { ok: false, code: msg.code, params: msg.params || {} };
    if (g.pending) {
      const { resolve } = g.pending;
      g.pending = null;
      return resolve(answer);
    }
    return toast(g.session ? refusalText(wordsOf(g.session), answer) : t(msg.code));
  }
  if (msg.t === "ended") {
    g.ended = true;
    if (msg.code === "friends_seat_to_computer") store.removeItem(tokenKey(g.room) + ":seated");
    g.link?.leave();
    return notice(t(msg.code) === msg.code ? "friends_host_left" : msg.code);
  }
}

// Into the room (again): after the host's phone slept or reloaded, the guest joins afresh, as a
// reload of its own would (a room joined once was seen not to meet a host that came back).
async function connect(fresh = false) {
  g.candidates.clear(); // the peers of a room left behind
  g.proven.clear();
  try {
    g.link = await openRoom({ room: g.room, host: false, fresh });
  } catch {
    return false;
  }
  const link = g.link;
  link.onMessage = (peer, data) => link === g.link && onMessage(peer, data);
  link.onLeave = (peer) => {
    if (link !== g.link) return;
    g.candidates.delete(peer);
    g.proven.delete(peer);
    if (peer !== g.hostPeer) return;
    // The host is gone for now: the table waits; the room is joined again to meet it back.
    g.hostPeer = null;
    if (g.pending) {
      g.pending.resolve({ ok: false, code: "friends_engine", params: {} });
      g.pending = null;
    }
    const waiting = [...g.candidates];
    g.candidates.clear();
    waiting.forEach(([other, lobby]) => onMessage(other, lobby));
    if (g.hostPeer) return; // the host, back already on its new connection
    hostAwayBar();
    const left = link.leave();
    g.link = null;
    setTimeout(async () => {
      await left;
      if (!g.ended && !g.link) connect(true);
    }, 500);
  };
  setTimeout(async () => {
    if (g.ended || g.link !== link || g.hostPeer) return;
    g.link = null;
    await link.leave();
    if (!g.ended && !g.link) connect(true);
  }, REJOIN_AFTER);
  return true;
}

function leave() {
  g.ended = true;
  if (g.hostPeer) g.link?.send(g.hostPeer, { t: "bye" });
  g.link?.leave();
  location.href = `./?lang=${document.documentElement.lang || ""}`;
}

async function main() {
  const [, list] = await Promise.all([
    loadCommon(),
    fetch("static/catalog.json").then((res) => res.json()),
  ]);
  current.catalog = Object.fromEntries(list.map((info) => [info.slug, info]));
  knowGames(list);
  knowGameFacts(list);
  nav.leave = leave;
  g.slug = params.get("game") || "";
  g.room = params.get("room") || "";
  const info = current.catalog[g.slug];
  if (!info || !info.available || !ROOM.test(g.room)) {
    g.slug = info ? g.slug : "";
    return notice("friends_link_bad");
  }
  document.title = `${gameTitle(g.slug)} — ${t("friends_title")}`;
  // A browser without WebRTC (WebKitGTK as Debian ships it, for one) cannot reach the host's
  // phone at all: said, with what to try, instead of a connection that can never come.
  if (typeof RTCPeerConnection === "undefined") return notice("friends_no_webrtc");
  // The host's proof is checked with the page's crypto, which a page not on https lacks.
  if (!globalThis.crypto?.subtle) return notice("friends_insecure");
  g.token = store.getItem(tokenKey(g.room)) || randomId();
  store.setItem(tokenKey(g.room), g.token);
  screen(h("p", { class: "loading", role: "status" }, t("friends_connecting")));
  document.body.dataset.screen = "friends-connecting";
  if (!(await connect())) return notice("friends_no_connection", { retry: true });
  setTimeout(() => {
    if (!g.heard && !g.ended) notice("friends_no_connection", { retry: true });
  }, LINK_WAIT);
}

main().catch((err) => {
  console.error(err);
  notice("friends_no_connection", { retry: true });
});
