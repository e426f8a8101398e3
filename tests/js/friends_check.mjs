// Checks of a friends' table's host side (static/app/friends.js) without a browser or a network:
// a fake engine of a tiny card game with hidden hands, the real table controller and drivers, and
// guests that are message lists. Run by tests/test_friends_js.py; prints one JSON object.
import { webcrypto } from "node:crypto";
import {
  Host,
  checkProof,
  cleanName,
  hostMessage,
  hostProof,
  newRoomKey,
  parseMessage,
  serveTable,
} from "../../static/app/friends.js";
import { computerDriver, humanDriver, remoteDriver } from "../../static/app/seats.js";
import { Table } from "../../static/app/table.js";

globalThis.crypto ??= webcrypto;
const out = {};
const settle = (ms = 15) => new Promise((resolve) => setTimeout(resolve, ms));

// Four seats, each holding two secret cards "S<seat>a", "S<seat>b"; seats play in turn; a move is
// "play <card>" of one's own hand. The seed is 424242 (it must never reach a guest).
function fakeEngine() {
  const hands = [0, 1, 2, 3].map((s) => [`S${s}a`, `S${s}b`]);
  const actions = [];
  const turn = () => actions.length % 4;
  const over = () => actions.length >= 8;
  const view = (seat) => ({
    phase: over() ? "over" : "play",
    hand: [...hands[seat]],
    played: actions.map(([, a]) => a),
    legal_actions: !over() && turn() === seat ? hands[seat].map((c) => `play ${c}`) : [],
  });
  const answer = (viewer) => ({
    ok: true,
    over: over(),
    to_move: over() ? [] : [turn()],
    players: 4,
    moves: actions.length,
    log: { game: "fake", players: 4, seed: 424242, actions: actions.map((a) => [...a]) },
    view: view(viewer),
  });
  const play = (seat, action, viewer) => {
    const card = action.replace(/^play /, "");
    if (over() || seat !== turn() || !hands[seat].includes(card))
      return { ok: false, code: "card_not_in_hand", params: { card }, error: "no" };
    hands[seat].splice(hands[seat].indexOf(card), 1);
    actions.push([seat, action]);
    return answer(viewer);
  };
  return {
    hands,
    engine: {
      load: async (log, viewer) => answer(viewer),
      act: async (seat, action, viewer) => play(seat, action, viewer),
      botMove: async (seat, level, seed, viewer) => {
        const action = `play ${hands[seat][0]}`;
        return { ...play(seat, action, viewer), action };
      },
      view: async (seat) => ({ ok: true, view: view(seat) }),
      undo: async () => ({ ok: false, code: "no_undo" }),
    },
  };
}

const fake = fakeEngine();
const host = new Host({ players: 4, hostSeat: 0, hostName: "ホスト" });
const human = humanDriver();
const remotes = [null, remoteDriver(), remoteDriver(), null];
const received = new Map(); // peer -> messages
const send = (peer, msg) => {
  // What crosses the wire is JSON text: the check reads exactly that.
  received.set(peer, [...(received.get(peer) || []), JSON.parse(JSON.stringify(msg))]);
};
const tokenA = "AAAAAAAAAAAAAAAAAAAAAA";
const tokenB = "BBBBBBBBBBBBBBBBBBBBBB";

// The lobby: two guests take seats; a third token asking for a held seat is refused.
out.hello_a = host.hello("peerA", { t: "hello", token: tokenA, name: "  Aki\u0007 ", seat: 1 });
out.hello_b = host.hello("peerB", { t: "hello", token: tokenB, name: "ぶん" });
out.hello_taken = host.hello("peerC", { t: "hello", token: "C".repeat(22), seat: 1 });
out.hello_bad = host.hello("peerD", { t: "hello", token: "short" });
out.names = host.seats.map((s) => s.name);
out.lobby_has_tokens = JSON.stringify(host.lobby({ game: "fake", options: {} })).includes(tokenA);
host.start();
out.kinds = host.seats.map((s) => s.kind);

const seats = [
  human,
  remotes[1],
  remotes[2],
  computerDriver({ level: () => "normal", pace: () => ({ action: () => 0 }), seed: () => 1 }),
];
const table = new Table({
  engine: fake.engine,
  seats,
  viewers: [0],
  show: { snapshot: () => null, draw: async () => {} },
});
const served = serveTable({
  host,
  table,
  engine: fake.engine,
  send,
  setup: () => ({ game: "fake", options: {} }),
  driverOf: (seat) => remotes[seat],
});
await table.begin(await fake.engine.load(null, 0));
await settle();
const last = (peer, t) => [...(received.get(peer) || [])].reverse().find((m) => m.t === t);
const stateN = (peer) => last(peer, "state")?.n;

// Seat 0 (the host) plays; seat 1's guest then tries: another seat's move, a stale one, a
// malformed one, a card it does not hold, and then its own card.
human.tap("play S0a");
await settle();
out.after_host = stateN("peerA");
served.receive("peerA", { t: "act", seat: 2, n: 1, action: "play S2a" });
served.receive("peerA", { t: "act", seat: 1, n: 5, action: "play S1a" }); // ahead of the table
served.receive("peerA", "{not json");
served.receive("peerA", { t: "act", seat: 1, n: 1 });
served.receive("peerB", { t: "act", seat: 2, n: 1, action: "play S2a" }); // out of turn
served.receive("peerZ", { t: "act", seat: 3, n: 1, action: "play S3a" }); // no seat
served.receive("peerA", { t: "act", seat: 1, n: 1, action: "play S2a" }); // not its card
await settle();
out.refusals_a = (received.get("peerA") || []).filter((m) => m.t === "refused").map((m) => m.code);
out.refusals_b = (received.get("peerB") || []).filter((m) => m.t === "refused").map((m) => m.code);
out.refusals_z = (received.get("peerZ") || []).filter((m) => m.t === "refused").map((m) => m.code);
out.moves_after_refusals = table.log.actions.length;
served.receive("peerA", { t: "act", seat: 1, n: 1, action: "play S1a" });
await settle();
served.receive("peerA", { t: "act", seat: 1, n: 1, action: "play S1b" }); // the same tap twice
await settle();
out.double_tap = last("peerA", "refused")?.code;
served.receive("peerB", { t: "act", seat: 2, n: stateN("peerB"), action: "play S2b" });
await settle(40); // the computer (seat 3) plays
out.after_round = table.log.actions.map(([seat, a]) => `${seat}:${a}`);

// A guest reloads: a new connection with the same token gets seat 1 back and its hand; the old
// connection is told its seat is elsewhere.
served.gone("peerA");
out.away = host.lobby({ game: "fake", options: {} }).seats[1].away;
served.receive("peerA2", { t: "hello", token: tokenA, name: "Aki" });
await settle();
out.reload_seat = last("peerA2", "seat")?.seat;
out.reload_hand = last("peerA2", "state")?.view.hand;
// The same token again, while peerA2 is connected (a second tab): the seat moves, peerA2 is told.
served.receive("peerA3", { t: "hello", token: tokenA });
await settle();
out.elsewhere = last("peerA2", "ended")?.code;
// Play the deal out: the host's seat by taps, the guests by messages, the computer by itself.
for (let i = 0; i < 40 && !table.status.over; i++) {
  const turn = table.status.to_move[0];
  if (turn === 0) human.tap(`play ${fake.hands[0][0]}`);
  if (turn === 1)
    served.receive("peerA3", {
      t: "act",
      seat: 1,
      n: stateN("peerA3"),
      action: `play ${fake.hands[1][0]}`,
    });
  if (turn === 2)
    served.receive("peerB", {
      t: "act",
      seat: 2,
      n: stateN("peerB"),
      action: `play ${fake.hands[2][0]}`,
    });
  await settle();
}
out.over = table.status.over;
out.moves = table.log.actions.length;

// No leak: every message any guest received names only its own seat's cards, never the seed.
const leaks = [];
for (const [peer, msgs] of received) {
  const seat = peer.startsWith("peerA") ? 1 : 2;
  for (const m of msgs) {
    const text = JSON.stringify(m);
    if (text.includes("424242") || text.includes('"log"')) leaks.push([peer, "seed/log"]);
    if (m.t === "state" && m.seat !== seat) leaks.push([peer, "seat"]);
    for (const other of [0, 1, 2, 3].filter((s) => s !== seat)) {
      // cards played are public once played: only a hand is checked
      if (m.t === "state" && m.view.hand.some((c) => c.startsWith(`S${other}`)))
        leaks.push([peer, other]);
    }
  }
}
out.leaks = leaks;
out.states_sent = [...received.values()].flat().filter((m) => m.t === "state").length;

served.close();
out.ended = last("peerB", "ended")?.code;

// The guest's check of what the host sends, and the parsing of what arrives.
out.guest_checks = [
  hostMessage({ t: "state", seat: 1, n: 0, to_move: [1], view: {} }) !== null,
  hostMessage({ t: "state", seat: "1" }) === null,
  hostMessage("x".repeat(5000)) === null,
  // A seat's view late in a deal is long: the guest reads it whole (it once dropped those).
  hostMessage(
    JSON.stringify({ t: "state", seat: 1, n: 30, to_move: [1], view: { log: "x".repeat(20000) } }),
  ) !== null,
  hostMessage("x".repeat(300000)) === null,
  parseMessage(JSON.stringify({ t: "act", action: "x".repeat(3000) })) === null,
  hostMessage({ t: "other" }) === null,
  parseMessage("[1]") === null,
];
// Who is the host: only the holder of the key the room id was made from, for this guest.
const key = await newRoomKey();
const other = await newRoomKey();
const proof = await hostProof(key, "peerA");
const forged = await hostProof({ ...other, room: key.room }, "peerA"); // a guest's own key
out.proof_checks = {
  room_is_an_id: /^[A-Za-z0-9_-]{22}$/.test(key.room) && key.room !== other.room,
  host: await checkProof(proof, key.room, "peerA"),
  sent_to_another_guest: await checkProof(proof, key.room, "peerB"),
  another_rooms_host: await checkProof(await hostProof(other, "peerA"), key.room, "peerA"),
  a_guests_own_key: await checkProof(forged, key.room, "peerA"),
  key_swapped: await checkProof({ ...proof, pub: forged.pub }, key.room, "peerA"),
  bad_signature: await checkProof({ ...proof, sig: "AAAA" }, key.room, "peerA"),
  malformed: await checkProof({ pub: "x", sig: 5 }, key.room, "peerA"),
  no_private_key_sent: !("d" in proof.pub),
  shape: hostMessage(JSON.stringify(proof)) !== null && hostMessage({ t: "proof" }) === null,
};
out.clean = [cleanName("  名前\u202eです  "), cleanName(5), cleanName("x".repeat(40)).length];
process.stdout.write(JSON.stringify(out));
process.exit(0);
