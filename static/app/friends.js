// @ts-check
// A friends' table's messages (issue #32), without the page or the transport: the host's judge of
// what a guest sends, and what each guest is sent. tests/js/friends_check.mjs drives it in Node.
//
// The host's engine is the only judge: a guest is a screen that sends action strings for its own
// seat. Everything a guest sends passes `Host.check` before it reaches the table; anything else
// (another seat's move, a move chosen on a table that has moved on, a message of the wrong shape,
// a move out of turn) is answered with a code the guest's screen words (static/strings/common.json,
// `friends_*`), and nothing reaches the engine. A guest is sent only `Host.stateFor(seat, answer)`:
// its own seat's view and the public status, never the log (the seed, the hidden choices).
//
// Guest -> host:
//   {t: "hello", token, name, seat?}   take a seat (again: the same token gets its seat back)
//   {t: "act", seat, n, action}        a move for the guest's seat, chosen at move n
//   {t: "bye"}                         the guest leaves its seat (to a computer)
// Host -> guest:
//   {t: "proof", pub, sig}             the host holds the room's key (first, to each peer)
//   {t: "lobby", seats: [{kind, name}], started, game, players, options}   who sits where
//   {t: "seat", seat}                  the seat this guest holds
//   {t: "state", seat, n, over, to_move, players, view}                    its seat's view at move n
//   {t: "refused", code, params, action?}                                  a refusal, to word
//   {t: "ended", code}                 the table is closed (the host left)

// A guest's message is short: an action string, a name, a token. Anything longer is refused unread.
export const MAX_MESSAGE = 2000;
// The host's messages carry a seat's whole view (a trick game's history grows past 2,000
// characters within a deal: Hold My Beer's reached it at trick 8, and the guest dropped it
// unread, waiting for a move it had been sent). A guest still reads nothing unbounded.
export const MAX_HOST_MESSAGE = 256_000;
export const MAX_NAME = 16;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** @typedef {{kind: "host" | "friend" | "open" | "computer", name: string, token?: string,
 *   peer?: string | null}} Seat
 * @typedef {{ok: boolean, seat?: number, action?: string, back?: boolean,
 *   dropped?: string | null, code?: string, params?: Object<string, any>}} Checked
 *   a verdict: ok with the seat (and the action, or whether the seat was held), or a refusal
 */

/**
 * A message from the wire, as an object, or null (not JSON, not an object, too long).
 * @param {any} data
 * @param {number} [max]  the longest text read (a guest's messages are short)
 * @returns {Object<string, any> | null}
 */
export function parseMessage(data, max = MAX_MESSAGE) {
  let msg = data;
  if (typeof data === "string") {
    if (data.length > max) return null;
    try {
      msg = JSON.parse(data);
    } catch {
      return null;
    }
  } else if (JSON.stringify(data ?? null).length > max) return null;
  return msg && typeof msg === "object" && !Array.isArray(msg) ? msg : null;
}

/**
 * A name a person typed, as the table shows it: no control characters, trimmed, short.
 * @param {any} name
 */
export function cleanName(name) {
  if (typeof name !== "string") return "";
  // eslint-disable-next-line no-control-regex
  const text = name.replace(/[\u0000-\u001f\u007f\u200b-\u200f\u2028-\u202e]/g, "").trim();
  return [...text].slice(0, MAX_NAME).join("");
}

/** @param {string} code @param {Object<string, any>} [params] @returns {Checked} */
const refuse = (code, params = {}) => ({ ok: false, code, params });

// Who is the host: the room id is the hash of the host's public key (ECDSA P-256), made when the
// room is opened; the private key stays in the host's save. Every peer in the room could send a
// lobby, so a guest takes as its host only a peer that signed the guest's own peer id and the
// room with that key (`proof`): another guest cannot pass for the host, and a proof sent to one
// guest is worth nothing to another.
const SIGN = { name: "ECDSA", hash: "SHA-256" };
const KEY = { name: "ECDSA", namedCurve: "P-256" };
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const text = (/** @type {string} */ s) => new TextEncoder().encode(s);
const b64url = (/** @type {ArrayBuffer} */ buf) =>
  btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64url = (/** @type {string} */ s) =>
  Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The room id of a public key: 22 URL-safe characters of its SHA-256 (132 bits). */
async function roomOf(/** @type {CryptoKey} */ pub) {
  const spki = await crypto.subtle.exportKey("spki", pub);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", spki));
  return Array.from(hash.slice(0, 22), (b) => ALPHABET[b & 63]).join("");
}

/**
 * A new room: its id and the host's key pair (JWK, for the host's save).
 * @returns {Promise<{room: string, pub: JsonWebKey, priv: JsonWebKey}>}
 */
export async function newRoomKey() {
  const pair = /** @type {CryptoKeyPair} */ (
    await crypto.subtle.generateKey(KEY, true, ["sign", "verify"])
  );
  return {
    room: await roomOf(pair.publicKey),
    pub: await crypto.subtle.exportKey("jwk", pair.publicKey),
    priv: await crypto.subtle.exportKey("jwk", pair.privateKey),
  };
}

/**
 * The host's proof for one guest: the room and the guest's peer id, signed with the room's key.
 * @param {{room: string, pub: JsonWebKey, priv: JsonWebKey}} key
 * @param {string} peer  the guest's peer id
 */
export async function hostProof(key, peer) {
  const priv = await crypto.subtle.importKey("jwk", key.priv, KEY, false, ["sign"]);
  const sig = await crypto.subtle.sign(SIGN, priv, text(`${key.room}:${peer}`));
  return {
    t: "proof",
    pub: { kty: key.pub.kty, crv: key.pub.crv, x: key.pub.x, y: key.pub.y },
    sig: b64url(sig),
  };
}

/**
 * Whether a proof comes from the room's host: its key hashes to the room id and it signed this
 * guest's peer id. Anything malformed is simply false.
 * @param {any} msg
 * @param {string} room
 * @param {string} self  this guest's peer id
 */
export async function checkProof(msg, room, self) {
  try {
    const pub = await crypto.subtle.importKey("jwk", msg.pub, KEY, true, ["verify"]);
    if ((await roomOf(pub)) !== room) return false;
    return await crypto.subtle.verify(SIGN, pub, unb64url(msg.sig), text(`${room}:${self}`));
  } catch {
    return false;
  }
}

/** A random room id or device token: 22 URL-safe characters of 6 random bits (132 bits). */
export function randomId(length = 22) {
  const a = new Uint8Array(length);
  crypto.getRandomValues(a);
  return Array.from(
    a,
    (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63],
  ).join("");
}

export class Host {
  /**
   * @param {Object} o
   * @param {number} o.players
   * @param {number} [o.hostSeat]     the host's own seat
   * @param {string} [o.hostName]
   */
  constructor({ players, hostSeat = 0, hostName = "" }) {
    /** @type {Seat[]} */
    this.seats = [...Array(players).keys()].map((seat) =>
      seat === hostSeat ? { kind: "host", name: hostName } : { kind: "open", name: "" },
    );
    this.hostSeat = hostSeat;
    this.started = false;
    /** @type {Map<number, number>} the move count of the last state each seat was sent */
    this.sentAt = new Map();
  }

  /** @param {string} peer @returns {number} the seat this peer holds, or -1 */
  seatOf(peer) {
    return this.seats.findIndex((s) => s.kind === "friend" && s.peer === peer);
  }

  /**
   * A guest asks for a seat: the seat its token held (a reload, a phone that slept), else the
   * seat it asks for if open, else the first open seat. A seat is held by one token: a second
   * phone cannot take it; the same phone on a new connection takes it over.
   * @param {string} peer
   * @param {any} msg
   * @returns {Checked}
   */
  hello(peer, msg) {
    if (!msg || msg.t !== "hello" || typeof msg.token !== "string" || !TOKEN.test(msg.token))
      return refuse("friends_malformed");
    const name = cleanName(msg.name);
    const held = this.seats.findIndex((s) => s.kind === "friend" && s.token === msg.token);
    if (held >= 0) {
      const seat = this.seats[held];
      const dropped = seat.peer && seat.peer !== peer ? seat.peer : null;
      seat.peer = peer;
      if (name) seat.name = name;
      return { ok: true, seat: held, back: true, dropped };
    }
    if (this.seatOf(peer) >= 0) return refuse("friends_seat_taken");
    const wanted = msg.seat;
    let seat = -1;
    if (wanted !== undefined && wanted !== null) {
      if (!Number.isInteger(wanted) || wanted < 0 || wanted >= this.seats.length)
        return refuse("friends_malformed");
      if (this.seats[wanted].kind !== "open") return refuse("friends_seat_taken");
      seat = wanted;
    } else seat = this.seats.findIndex((s) => s.kind === "open");
    if (seat < 0) return refuse("friends_full");
    this.seats[seat] = { kind: "friend", name, token: msg.token, peer };
    return { ok: true, seat, back: false, dropped: null };
  }

  /**
   * A guest's connection is gone: its seat stays its own (the table waits for it).
   * @param {string} peer
   * @returns {number} the seat it held, or -1
   */
  gone(peer) {
    const seat = this.seatOf(peer);
    if (seat >= 0) this.seats[seat].peer = null;
    return seat;
  }

  /** @param {number} seat whether a friend holds it and is connected now */
  present(seat) {
    const s = this.seats[seat];
    return !!s && s.kind === "friend" && !!s.peer;
  }

  /**
   * The host gives a seat to the computer (a friend who does not come back, or an open seat at
   * the start); its token no longer holds it.
   * @param {number} seat
   * @returns {string | null} the peer that held it, to be told
   */
  toComputer(seat) {
    const s = this.seats[seat];
    if (!s || s.kind === "host") return null;
    const peer = s.kind === "friend" ? s.peer || null : null;
    this.seats[seat] = { kind: "computer", name: "" };
    return peer;
  }

  /** The game starts: the seats still open go to the computer. */
  start() {
    this.started = true;
    this.seats.forEach((s, seat) => {
      if (s.kind === "open") this.toComputer(seat);
    });
  }

  /**
   * A guest's move, judged before the engine sees it: the engine then judges the move itself.
   * @param {string} peer
   * @param {any} msg
   * @param {{over: boolean, to_move: number[], moves: number,
   *   lastMove?: (seat: number) => number}} status  the table now (lastMove: the number of moves
   *   made up to and including the seat's last one, 0 if none)
   * @returns {Checked}
   */
  check(peer, msg, status) {
    if (!msg || msg.t !== "act") return refuse("friends_malformed");
    const seat = this.seatOf(peer);
    if (seat < 0) return refuse("friends_not_seated");
    if (!Number.isInteger(msg.seat) || typeof msg.action !== "string" || !Number.isInteger(msg.n))
      return refuse("friends_malformed");
    if (!msg.action.trim() || msg.action.length > 200) return refuse("friends_malformed");
    if (msg.seat !== seat) return refuse("friends_not_your_seat", { seat: msg.seat });
    if (!this.started || status.over) return refuse("friends_not_playing");
    // Chosen on a table this seat has moved on since (a second tap of one move, a move from
    // before a reload), or on one that never was (ahead of the table). Another seat's move since
    // does not make it stale: where seats move at once (a bidding round), the engine judges
    // whether it is still legal, as it does for the host's own taps.
    const since = status.lastMove ? status.lastMove(seat) : 0;
    if (msg.n > status.moves || msg.n < since)
      return refuse("friends_stale", { n: msg.n, moves: status.moves });
    if (!status.to_move.includes(seat)) return refuse("friends_not_your_turn");
    return { ok: true, seat, action: msg.action };
  }

  /**
   * What a seat's guest is sent after a move: its own view and the public status only.
   * @param {number} seat
   * @param {{over?: boolean, to_move?: number[], players?: number, moves?: number, view?: any}}
   *   answer  the engine's answer for this seat (view(seat) merged with the table's status)
   */
  stateFor(seat, answer) {
    const n = answer.moves ?? 0;
    this.sentAt.set(seat, n);
    return {
      t: "state",
      seat,
      n,
      over: !!answer.over,
      to_move: [...(answer.to_move || [])],
      players: answer.players ?? this.seats.length,
      view: answer.view,
    };
  }

  /**
   * Who sits where, for every screen (names and kinds; never a token nor a connection).
   * @param {{game: string, options: Object<string, any>, level?: string}} setup
   */
  lobby(setup) {
    return {
      t: "lobby",
      game: setup.game,
      players: this.seats.length,
      options: setup.options || {},
      started: this.started,
      seats: this.seats.map((s, seat) => ({
        kind: s.kind,
        name: s.name,
        away: s.kind === "friend" && !s.peer,
        seat,
      })),
    };
  }

  /**
   * The host's record of the seats for its save (a reload resumes the table and the guests come
   * back with their tokens).
   */
  saved() {
    return this.seats.map((s) => ({ kind: s.kind, name: s.name, token: s.token }));
  }

  /** @param {Array<{kind: any, name: any, token?: any}>} seats from saved() */
  restore(seats) {
    if (!Array.isArray(seats) || seats.length !== this.seats.length) return false;
    this.seats = seats.map((s) => ({
      kind: ["host", "friend", "open", "computer"].includes(s?.kind) ? s.kind : "computer",
      name: cleanName(s?.name),
      token: typeof s?.token === "string" && TOKEN.test(s.token) ? s.token : undefined,
      peer: null,
    }));
    return true;
  }
}

/**
 * The guest's side: a message from the host, checked for its shape before anything is drawn.
 * @param {any} data
 * @returns {Object<string, any> | null}
 */
export function hostMessage(data) {
  const msg = parseMessage(data, MAX_HOST_MESSAGE);
  if (!msg || typeof msg.t !== "string") return null;
  if (msg.t === "state")
    return Number.isInteger(msg.seat) && Number.isInteger(msg.n) && Array.isArray(msg.to_move)
      ? msg
      : null;
  if (msg.t === "refused" || msg.t === "ended") return typeof msg.code === "string" ? msg : null;
  if (msg.t === "lobby") return Array.isArray(msg.seats) ? msg : null;
  if (msg.t === "seat") return Number.isInteger(msg.seat) ? msg : null;
  if (msg.t === "proof")
    return msg.pub && typeof msg.pub === "object" && typeof msg.sig === "string" ? msg : null;
  return null;
}

/**
 * The host's table served to its guests: what a guest sends is judged (Host.check) and handed to
 * that seat's remote driver, whose move the engine judges in turn; after every move each guest
 * present is sent its own seat's view (asked of the engine for that seat); a refusal goes back to
 * the guest whose move it was.
 * @param {Object} o
 * @param {Host} o.host
 * @param {import("./table.js").Table | null} [o.table]  null in the lobby: attach(table) at the start
 * @param {{view: (seat: number) => Promise<any>}} o.engine
 * @param {(peer: string, msg: Object<string, any>) => void} o.send
 * @param {() => {game: string, options: Object<string, any>}} o.setup
 * @param {(seat: number) => ({receive: (action: string) => void} | null)} o.driverOf
 * @param {() => void} [o.changed]  the seats changed (the host's screen and save follow)
 */
export function serveTable({
  host,
  table = null,
  engine,
  send,
  setup,
  driverOf,
  changed = () => {},
}) {
  const peerOf = (/** @type {number} */ seat) => host.seats[seat]?.peer || null;
  const moves = () => table?.log?.actions.length ?? 0;
  const status = () => ({
    over: !!table?.status?.over,
    to_move: table?.status?.to_move || [],
    moves: moves(),
    lastMove: (/** @type {number} */ seat) => {
      const actions = table?.log?.actions || [];
      for (let i = actions.length - 1; i >= 0; i--) if (actions[i][0] === seat) return i + 1;
      return 0;
    },
  });
  const lobby = () => {
    const msg = host.lobby(setup());
    for (const s of host.seats) if (s.kind === "friend" && s.peer) send(s.peer, msg);
    changed();
  };
  /** @param {number} seat */
  const sendState = async (seat) => {
    if (!table?.status || !peerOf(seat)) return;
    const at = { ...status(), players: table.status.players };
    const got = await engine.view(seat);
    const peer = peerOf(seat);
    if (!peer || !got?.ok) return;
    send(peer, host.stateFor(seat, { ...at, view: got.view }));
  };
  const everyone = () =>
    host.seats.forEach((s, seat) => {
      if (s.kind === "friend" && s.peer) sendState(seat);
    });
  /** @param {import("./table.js").Table} t */
  const attach = (t) => {
    table = t;
    t.on("loaded", everyone);
    t.on("moved", everyone);
    t.on("refused", ({ seat, by, action, answer }) => {
      const peer = by === "remote" ? peerOf(seat) : null;
      if (peer)
        send(peer, {
          t: "refused",
          code: answer.code || "friends_engine",
          params: answer.params || {},
          action,
        });
    });
  };
  if (table) attach(table);
  return {
    attach,
    /**
     * @param {string} peer
     * @param {any} data
     */
    receive(peer, data) {
      const msg = parseMessage(data);
      if (!msg) return send(peer, { t: "refused", code: "friends_malformed", params: {} });
      if (msg.t === "hello") {
        const r = host.hello(peer, msg);
        if (!r.ok) return send(peer, { t: "refused", code: r.code, params: r.params });
        if (r.dropped) send(r.dropped, { t: "ended", code: "friends_seat_elsewhere" });
        send(peer, { t: "seat", seat: r.seat });
        lobby();
        if (host.started) sendState(r.seat);
        return;
      }
      if (msg.t === "bye") {
        const seat = host.seatOf(peer);
        if (seat >= 0) host.gone(peer);
        return lobby();
      }
      const checked = host.check(peer, msg, status());
      if (!checked.ok) {
        send(peer, { t: "refused", code: checked.code, params: checked.params });
        // A stale move: the guest is sent the table as it is now.
        if (checked.code === "friends_stale") sendState(host.seatOf(peer));
        return;
      }
      driverOf(checked.seat)?.receive(checked.action);
    },
    /** @param {string} peer a connection closed: its seat waits for it */
    gone(peer) {
      if (host.gone(peer) >= 0) lobby();
    },
    lobby,
    sendState,
    /** The host closes the table: every guest is told. */
    close() {
      for (const s of host.seats)
        if (s.kind === "friend" && s.peer) send(s.peer, { t: "ended", code: "friends_host_left" });
    },
  };
}
