// The host's side of a friends' table (issue #32), loaded when one is opened (the setup screen's
// 友だちと遊ぶ, or ?game=<slug>&friends=1): a room with an unguessable id, its link and QR code to
// share, the seats (friends as they join, the rest to the computer at a chosen level), the start,
// and the table on this phone's engine, where each friend is a remote driver (friends.js judges
// their messages, the engine their moves). The room is saved on this phone at every move
// (`tabletop:friends-host:<room>`): a reload of ?game=<slug>&friends=<room> resumes it, and the
// guests come back to their seats.
import { h } from "../kit/dom.js";
import { gameTitle, t } from "../kit/words.js";
import { app, header, toast } from "./chrome.js";
import { game } from "./engine.js";
import { Host, hostProof, newRoomKey, serveTable } from "./friends.js";
import { openRoom } from "./link.js";
import {
  current,
  currentPace,
  endSession,
  loadError,
  nav,
  randomSeed,
  startHosted,
} from "./play.js";
import { computerDriver, humanDriver, remoteDriver } from "./seats.js";
import { store, testParam } from "./store.js";

const ROOM = /^[A-Za-z0-9_-]{22}$/;
const saveKeyOf = (room) => `tabletop:friends-host:${room}`;
// Built into static/vendor/ by py/tools/build.py (a name, for tsc).
const QRCODE = "../vendor/qrcode/qrcode.mjs";

/** The one room this page hosts. */
let open = null;

/** The guest's link: the guest page, the game and the room (the language it is shared in). */
function guestLink(slug, room) {
  const url = new URL("friends.html", location.href);
  url.search = "";
  url.searchParams.set("game", slug);
  url.searchParams.set("room", room);
  // The test build's own tracker goes along (a published link never carries one).
  for (const name of ["relay", "linkwait"]) {
    const value = testParam(name);
    if (value) url.searchParams.set(name, value);
  }
  return url.href;
}

/** The link as a QR code, drawn as SVG elements (no image URL: the CSP allows none from data:). */
async function qrCode(text) {
  try {
    const { default: qrcode } = await import(QRCODE);
    const qr = qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", `-4 -4 ${n + 8} ${n + 8}`);
    svg.setAttribute("class", "qr");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("friends_qr_label"));
    const bg = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({
      x: -4,
      y: -4,
      width: n + 8,
      height: n + 8,
      fill: "#fff",
    }))
      bg.setAttribute(k, String(v));
    svg.append(bg);
    let d = "";
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) if (qr.isDark(y, x)) d += `M${x} ${y}h1v1h-1z`;
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "#000");
    svg.append(path);
    return svg;
  } catch {
    return null; // the link itself is still there to send
  }
}

function save(room) {
  if (!open || open.room !== room) return;
  const table = open.session?.table;
  store.setItem(
    saveKeyOf(room),
    JSON.stringify({
      slug: open.slug,
      key: open.key,
      setup: open.setup,
      level: open.level,
      seats: open.host.saved(),
      started: open.host.started,
      log: table?.log || open.log || null,
    }),
  );
}

/** The seats' names for the table (the host's own seat is "you" there). */
const namesOf = (host) =>
  host.seats.map((s, seat) =>
    s.kind === "friend" ? s.name || t("friends_friend_n", { n: seat + 1 }) : "",
  );

function seatLabel(s, seat) {
  if (s.kind === "host") return t("friends_seat_host");
  if (s.kind === "open") return t("friends_seat_open");
  if (s.kind === "computer") return t("computer");
  const name = s.name || t("friends_friend_n", { n: seat + 1 });
  return s.peer ? name : t("friends_away", { name });
}

/** A friend's seat, or an open one, to the computer (a friend who does not come back). */
function toComputer(seat) {
  const peer = open.host.toComputer(seat);
  if (peer) open.link.send(peer, { t: "ended", code: "friends_seat_to_computer" });
  const table = open.session?.table;
  if (table && !table.ended) {
    table.seats[seat]?.stop?.();
    table.seats[seat] = computerFor(open);
    table.pump();
  }
  open.served.lobby();
  save(open.room);
}

const computerFor = (o) =>
  computerDriver({
    level: () => o.level,
    pace: currentPace,
    seed: randomSeed,
    delayFactor: (view) =>
      o.session?.module.botDelayFactor ? o.session.module.botDelayFactor(view) : 1,
  });

function drawLobby() {
  const o = open;
  const info = current.catalog[o.slug];
  const link = guestLink(o.slug, o.room);
  const rows = o.host.seats.map((s, seat) =>
    h(
      "li",
      { class: `seat seat-${s.kind}`, dataset: { seat, kind: s.kind } },
      h("span", { class: "seat-n" }, t("friends_seat_n", { n: seat + 1 })),
      " ",
      h("span", { class: "seat-name" }, seatLabel(s, seat)),
      s.kind === "friend" || s.kind === "open"
        ? h(
            "button",
            { type: "button", class: "to-computer", onclick: () => toComputer(seat) },
            t("friends_to_computer"),
          )
        : null,
    ),
  );
  const levels = info.levels || ["random"];
  const qrSlot = h("div", { class: "qr-slot" });
  if (o.qr) qrSlot.append(o.qr);
  app.replaceChildren(
    header(`${gameTitle(o.slug)} — ${t("friends_title")}`, { slug: o.slug, onBack: () => close() }),
    h(
      "section",
      { class: "friends-lobby host" },
      h("p", {}, t("friends_share")),
      h("input", { type: "text", class: "room-link", readonly: true, value: link }),
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            type: "button",
            class: "copy-link",
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(link);
                toast(t("link_copied", { link }), "info");
              } catch {
                toast(t("link_is", { link }), "info");
              }
            },
          },
          t("friends_copy"),
        ),
        navigator.share
          ? h(
              "button",
              {
                type: "button",
                class: "share-link",
                onclick: () =>
                  navigator.share({ title: gameTitle(o.slug), url: link }).catch(() => {}),
              },
              t("friends_send"),
            )
          : null,
      ),
      qrSlot,
      h("ul", { class: "seats" }, rows),
      levels.length > 1
        ? h(
            "label",
            {},
            t("friends_empty_level"),
            h(
              "select",
              {
                name: "level",
                onchange: (e) => {
                  o.level = e.target.value;
                  save(o.room);
                },
              },
              levels.map((l) =>
                h("option", { value: l, selected: l === o.level }, t(`level_${l}`)),
              ),
            ),
          )
        : null,
      h(
        "button",
        { type: "button", class: "primary start-friends", onclick: () => start() },
        t("friends_start"),
      ),
      h("p", { class: "note" }, t("friends_host_note")),
    ),
  );
  document.body.dataset.screen = "friends-host";
  document.body.dataset.room = o.room;
  if (!o.qr)
    qrCode(link).then((svg) => {
      o.qr = svg;
      if (svg && open === o && !o.session) qrSlot.replaceChildren(svg);
    });
}

/** The bar over the table that says which friend the table waits for, with the way out. */
function awayBar() {
  const o = open;
  const table = o?.session?.table;
  if (!table || table.ended || table.status?.over) return;
  app.querySelector(".friends-away")?.remove();
  const away = o.host.seats
    .map((s, seat) => ({ s, seat }))
    .filter(({ s }) => s.kind === "friend" && !s.peer);
  if (!away.length) return;
  const bar = h(
    "section",
    { class: "friends-away", role: "status" },
    away.map(({ s, seat }) =>
      h(
        "p",
        { dataset: { seat } },
        t("friends_waiting_for", { name: s.name || t("friends_friend_n", { n: seat + 1 }) }),
        " ",
        h(
          "button",
          { type: "button", class: "to-computer", onclick: () => toComputer(seat) },
          t("friends_to_computer"),
        ),
      ),
    ),
  );
  app.querySelector(":scope > header")?.after(bar);
}

async function start(log = null) {
  const o = open;
  o.host.start();
  const drivers = [];
  const seed = randomSeed();
  const first = log || {
    game: o.slug,
    players: o.setup.players,
    options: o.setup.options || {},
    seed,
    actions: [],
  };
  o.log = first;
  const seatsFor = () =>
    o.host.seats.map((s, seat) => {
      if (s.kind === "host") return humanDriver();
      if (s.kind === "friend") return (drivers[seat] = remoteDriver());
      return computerFor(o);
    });
  o.driverOf = (seat) => drivers[seat] || null;
  const s = await startHosted(
    o.slug,
    first,
    o.level,
    namesOf(o.host),
    seatsFor,
    (sess, table) => {
      o.session = sess;
      o.served.attach(table);
      table.on("moved", () => save(o.room));
      table.on("loaded", () => save(o.room));
      table.on("drawn", () => awayBar());
    },
    close,
  );
  if (!s) {
    toast(loadError());
    return close();
  }
  o.served.lobby();
  save(o.room);
}

function close() {
  const o = open;
  if (o) {
    o.served.close();
    o.link?.leave();
    store.removeItem(saveKeyOf(o.room));
  }
  open = null;
  endSession();
  nav.leave();
}

/**
 * A friends' table for `slug`: a new room (`room` null or unknown here) with `setup`, or the room
 * this phone hosts, resumed from its save.
 */
export async function openFriends(slug, setup, room = null) {
  endSession();
  let saved = null;
  if (room && ROOM.test(room)) {
    try {
      saved = JSON.parse(store.getItem(saveKeyOf(room)) || "null");
    } catch {
      saved = null;
    }
    // A save without the room's key (or another room's) cannot prove this phone is the host.
    if (saved?.slug !== slug || saved?.key?.room !== room) saved = null;
  }
  let key = saved?.key;
  if (!key) {
    try {
      key = await newRoomKey();
    } catch {
      toast(t("friends_insecure")); // no page crypto (not https): no room
      return nav.leave();
    }
    room = key.room;
  }
  const info = current.catalog[slug];
  const players = saved?.setup?.players || setup.players;
  const host = new Host({ players, hostSeat: 0 });
  if (saved) host.restore(saved.seats);
  const o = {
    slug,
    room,
    key,
    setup: saved?.setup || { players, options: setup.options || {} },
    level: saved?.level || setup.level || info.default_level || "random",
    host,
    link: null,
    served: null,
    session: null,
    qr: null,
    log: saved?.log || null,
    driverOf: () => null,
  };
  open = o;
  // The address is the room's: a reload comes back to it.
  const url = new URL(location.href);
  url.searchParams.set("game", slug);
  url.searchParams.set("friends", room);
  history.replaceState(null, "", url.href);
  o.served = serveTable({
    host,
    engine: game,
    send: (peer, msg) => o.link?.send(peer, msg),
    setup: () => ({ game: slug, options: o.setup.options }),
    driverOf: (seat) => o.driverOf(seat),
    changed: () => {
      save(room);
      if (open !== o) return;
      if (!o.session) drawLobby();
      else {
        o.session.names = namesOf(host);
        awayBar();
      }
    },
  });
  save(room);
  const resume = !!(saved?.started && saved.log);
  host.started = resume; // the guests coming back meanwhile get their seats at once
  if (!resume) drawLobby();
  // Into the room first: a resumed table's guests reconnect while the engine boots.
  try {
    o.link = await openRoom({ room, host: true });
    // A newcomer is sent the proof that this phone holds the room's key, then the lobby (a guest
    // takes no other peer for its host).
    o.link.onJoin = async (peer) => {
      const proof = await hostProof(key, peer);
      o.link?.send(peer, proof);
      o.link?.send(peer, host.lobby({ game: slug, options: o.setup.options }));
    };
    o.link.onMessage = (peer, data) => o.served.receive(peer, data);
    o.link.onLeave = (peer) => o.served.gone(peer);
  } catch {
    toast(t("friends_no_connection"));
  }
  if (resume) await start(saved.log);
}
