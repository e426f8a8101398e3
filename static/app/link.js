// @ts-check
// The one door to the network of a friends' table (issue #32): a room of peers joined through
// Trystero's torrent strategy (WebRTC data channels; the phones find each other through the
// WebTorrent trackers named in static/relays.json, the only hosts contacted, and only once a
// friends' table is opened). Everything else (friends.js, friends-host.js, guest.js) talks to the
// object this returns, so it is testable without WebRTC.
//
//   openRoom({room, host})  -> {self, send(peer, msg), onMessage, onJoin, onLeave, leave()}
//
// Every phone joins actively: Trystero's passive mode (guests that never connect to each other)
// leaves a late guest waiting for the host's next announce, up to minutes; so guests meet each
// other too, and each guest takes as its host the peer that proves it holds the room's key
// (friends.js checkProof) and sends it a lobby, and ignores the rest (guest.js). Messages are JSON objects (one action "m").
//
// Who answers whom: when two peers' offers cross, Trystero lets the lower peer id lead, and the
// higher one ignores the other's offer; a leader's offers go out only at its next announce to the
// tracker, which the public trackers space two minutes apart. A guest whose id happened to sort
// above the host's waited that long for its lobby (half the guests: the browser test's failures).
// So the host's id sorts above every guest's (it begins "zzzzzz"; the build lets the page choose
// it): a joining guest leads, and the host answers its offers at once. A guest that still hears
// nothing joins again (guest.js), which sends fresh offers.
// A guest that joins again (no host heard yet, or the host gone) does so under a fresh peer id
// (`fresh`): the host still holds the half-made connection of the guest's last try for about 23 s
// (Trystero's answering time) and ignores new offers from that id meanwhile, so a rejoin under the
// old id, after a first try slowed past guest.js's wait, met the host only after that (the browser
// test's lobby that came after 30 s, under load).
// In the test build, ?relay=ws://127.0.0.1:PORT names the browser tests' own tracker (and no STUN:
// loopback needs none).
import { testParam } from "./store.js";

// Trystero keeps rooms apart by this id and the room's name (128 random bits, in the link).
const APP_ID = "tabletop-friends-1";
// Built into static/vendor/ by py/tools/build.py (not in the source tree: a name, for tsc).
const TRYSTERO = "../vendor/trystero/torrent.mjs";

/**
 * static/relays.json: the trackers, the STUN URLs, and TURN servers (RTCIceServer objects with
 * their credentials; none by default) for phones whose NATs refuse peer to peer.
 * @returns {Promise<{relays: string[], stun: string[], turn: RTCIceServer[]}>}
 */
export async function relaySetting() {
  const test = testParam("relay");
  if (test) return { relays: test.split(","), stun: [], turn: [] };
  const res = await fetch("static/relays.json");
  const setting = await res.json();
  return { relays: setting.relays, stun: setting.stun, turn: setting.turn || [] };
}

/**
 * @typedef {Object} Link
 * @property {string} self  this page's peer id (what the others know it by)
 * @property {(peer: string, msg: Object<string, any>) => void} send
 * @property {((peer: string, msg: any) => void) | null} onMessage
 * @property {((peer: string) => void) | null} onJoin
 * @property {((peer: string) => void) | null} onLeave
 * @property {() => Promise<void>} leave
 */

/**
 * @param {Object} o
 * @param {string} o.room
 * @param {boolean} o.host  the host's peer id sorts after the guests' (see above)
 * @param {boolean} [o.fresh]  a guest's rejoin: under a new peer id (see above)
 * @returns {Promise<Link>}
 */
export async function openRoom({ room, host, fresh = false }) {
  // Read once, when Trystero's module first loads (a page is either a host or a guest).
  if (host) /** @type {any} */ (globalThis).tabletopPeerId ??= "zzzzzz" + randomAlnum(14);
  const [trystero, setting] = await Promise.all([import(TRYSTERO), relaySetting()]);
  if (fresh && !host) /** @type {any} */ (globalThis).tabletopRenewPeerId?.();
  const { joinRoom } = trystero;
  const joined = joinRoom(
    {
      appId: APP_ID,
      relayConfig: { urls: setting.relays, redundancy: setting.relays.length },
      rtcConfig: {
        iceServers: [...setting.stun.map((urls) => ({ urls })), ...setting.turn],
      },
    },
    room,
  );
  const action = joined.makeAction("m");
  /** @type {Link} */
  const link = {
    self: trystero.selfId, // the module's live binding: the id this join is under
    send(peer, msg) {
      action.send(msg, { target: peer }).catch(() => {}); // a peer gone meanwhile
    },
    onMessage: null,
    onJoin: null,
    onLeave: null,
    leave: () => joined.leave(),
  };
  action.onMessage = (data, { peerId }) => link.onMessage?.(peerId, data);
  joined.onPeerJoin = (peer) => link.onJoin?.(peer);
  joined.onPeerLeave = (peer) => link.onLeave?.(peer);
  return link;
}

/** @param {number} n  letters and digits, from the page's cryptographic random source */
function randomAlnum(n) {
  const digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => digits[b % 62]).join("");
}
