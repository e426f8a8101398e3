// @ts-check
// The table controller: one object owns a game in progress. It holds the engine's answer (the
// log, whose turn it is, the viewer's view), asks each seat's driver for its next move, sends
// the move to the engine, takes the answer, tells its subscribers and has the table drawn.
//
// Nothing here touches the page: the engine, the seat drivers, the drawing and the clock are
// given to it, so tests/js/table_check.mjs drives it in Node with fakes.
//
// Two kinds of seat driver (static/app/seats.js):
//   - a listening driver (`listens: true`: the human's taps, later a friend's phone) is asked all
//     the time; its moves come when they come, one after another in order, and the engine judges
//     whether they are legal now (a refusal is the `refused` event; nothing changes);
//   - an asked driver (the computer, a lesson's script) is asked only when its seat is to move,
//     one seat at a time, after the table is drawn, and waits for the table's pauses (a trick on
//     show, a sheet to dismiss). A move of it the engine refuses is a failure: the log is loaded
//     into the engine again, and a second failure in a row stalls the table until `resume()`.
//
// Events (subscribers run in the order they subscribed; one that ends the table stops the rest):
//   loaded {answer}                     a state from engine.load (the start, a reload)
//   moved {seat, action, by, answer}    a move the engine took (by: the driver's kind; "host":
//                                       a friends' table's host sent the table on, pushed())
//   refused {seat, action, by, answer, token}   a listening driver's move the engine refused
//   failed {seat, by, action, reason, answer}   an asked driver's move the engine refused
//   stalled {reason}                    the computer stopped after a second failure
//   undone {answer}                     the last move taken back (one-player games)
//   over {view}                         the game ended here (once; a finished game loaded is not)
//   drawn {...}                         the table was drawn (sent by the drawing: emit("drawn"))
//   error {error}                       a move's handling threw (a drawing that failed)
//   ended {}                            the table was closed (a new screen, another tab's game)

/**
 * @typedef {{game: string, players: number, options?: Object<string, any>, seed: number,
 *   actions: Array<[number, string]>, setup?: any}} GameLog
 * @typedef {{over: boolean, to_move: number[], players: number, moves?: number}} Status
 * @typedef {{ok: boolean, over?: boolean, to_move?: number[], players?: number, moves?: number,
 *   log?: GameLog, view?: any, action?: string, undone?: [number, string], error?: string,
 *   code?: string, params?: Object<string, any>}} Answer
 * @typedef {Object} Engine  the engine calls the table makes (engine.js's `game`)
 * @property {(log: GameLog, viewer: number) => Promise<Answer>} load
 * @property {(seat: number, action: string, viewer: number) => Promise<Answer>} act
 * @property {(seat: number, level: string, seed: number, viewer: number) => Promise<Answer>}
 *   botMove
 * @property {(viewer: number) => Promise<Answer>} undo
 * @property {(seat: number) => Promise<Answer>} view
 * @typedef {{action: string, token?: string | null, at?: number}} ActMove  a move by name
 *   (token: the tapped token a refusal points at; at: the number of moves it was chosen after,
 *   dropped if the game has moved on since)
 * @typedef {{bot: {level: string, seed: number}}} BotMove  the engine's computer chooses and plays
 * @typedef {ActMove | BotMove} Move
 * @typedef {Object} SeatContext  what a driver is given when asked
 * @property {number} seat
 * @property {any} view         the viewer's view now (a computer's pause: a view's delay factor)
 * @property {Status} status     now
 * @property {number} moves      moves made so far, now
 * @property {() => boolean} skipping    the player skips to the end: no pauses
 * @property {() => number} holdUntil    a finished trick stays on show until then (clock time)
 * @property {() => number} now
 * @property {(ms: number) => Promise<boolean>} sleep   false when the ask was called off
 * @property {() => boolean} cancelled
 * @typedef {Object} SeatDriver
 * @property {string} kind      "human" | "computer" | "lesson" | "remote" ...
 * @property {boolean} [listens]  asked all the time (moves from outside), not only on its turn
 * @property {(ctx: SeatContext) => Promise<Move | null>} next   null: nothing from this seat now
 * @property {() => void} [stop]  drop queued moves; a pending next() resolves null
 * @typedef {Object} Show  the drawing the table asks for
 * @property {() => any} snapshot   before a move is sent (where cards are, for their flight)
 * @property {(before: any, quick?: boolean) => (Promise<void> | void)} draw
 *   quick: a glimpse while skipping to the end (no viewer change, no save)
 * @typedef {{answer: Answer}} LoadedEvent
 * @typedef {{seat: number, action: string | undefined, by: string, answer: Answer}} MovedEvent
 * @typedef {{seat: number, action: string | undefined, by: string, answer: Answer,
 *   token: string | null}} RefusedEvent
 * @typedef {{seat: number, action: string | undefined, by: string, reason: string,
 *   answer: Answer}} FailedEvent
 * @typedef {{reason: string, answer: Answer}} StalledEvent  reason: the refusal's code
 * @typedef {{answer: Answer}} UndoneEvent
 * @typedef {{view: any}} OverEvent
 * @typedef {{error: any}} ErrorEvent
 * @typedef {Object} Clock
 * @property {() => number} now
 * @property {(fn: () => void, ms: number) => any} setTimeout
 * @property {(timer: any) => void} clearTimeout
 */

/** @type {Clock} */
const realClock = {
  now: () => (typeof performance !== "undefined" ? performance.now() : Date.now()),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

/** @param {any} err an exception's words (an engine call that threw) */
const errorText = (err) => String((err && err.message) || err);

// While skipping to the end, the table is drawn a few times a second, not at every move.
const SKIP_DRAW_MS = 300;

/** One ask of an asked driver, called off by wake() (a continue, a sheet collected, a skip). */
class Ask {
  constructor() {
    this.cancelled = false;
    this.sending = false;
    /** @type {Array<() => void>} */
    this.onCancel = [];
    /** @type {Promise<null>} */
    this.gone = new Promise((resolve) => this.onCancel.push(() => resolve(null)));
  }

  cancel() {
    if (this.cancelled) return;
    this.cancelled = true;
    for (const fn of this.onCancel.splice(0)) fn();
  }
}

export class Table {
  /**
   * @param {Object} o
   * @param {Engine} o.engine
   * @param {SeatDriver[]} o.seats        a driver per seat (index = seat)
   * @param {number[]} o.viewers          the seats this screen shows (local humans), first first
   * @param {Show} o.show
   * @param {Clock} [o.clock]
   */
  constructor({ engine, seats, viewers, show, clock = realClock }) {
    this.engine = engine;
    this.seats = seats;
    this.viewers = viewers;
    this.show = show;
    this.clock = clock;
    /** @type {GameLog | null} */
    this.log = null;
    /** @type {Status | null} */
    this.status = null;
    this.view = null;
    /** @type {number | null} */
    this.viewSeat = null;
    this.viewer = viewers[0];
    this.ended = false;
    this.provisional = false; // drawn from a save before the engine is up: no moves yet
    this.busy = 0; // engine calls of moves on their way
    this.failures = 0; // asked drivers' failures in a row
    /** @type {StalledEvent | null} */
    this.stalled = null;
    this.skipping = false;
    this.holdUntil = 0;
    /** @type {string | null} a sheet to dismiss: no computer moves until it is collected */
    this.waitFor = null;
    /** @type {Ask | null} */
    this.asking = null;
    /** @type {Set<number>} */
    this.listening = new Set();
    /** @type {Promise<any>} moves reach the engine one at a time, in the order they came */
    this.chain = Promise.resolve();
    this.skipDrawn = -Infinity;
    /** @type {Map<string, Array<(payload: any) => any>>} */
    this.listeners = new Map();
    /** @type {Array<(move: {seat: number, move: Move, by: string}) => boolean>} */
    this.guards = [];
  }

  // ------------------------------------------------------------ events
  /**
   * @param {string} event
   * @param {(payload: any) => any} fn
   * @returns {() => void} unsubscribes
   */
  on(event, fn) {
    const list = this.listeners.get(event) || [];
    list.push(fn);
    this.listeners.set(event, list);
    return () => list.splice(list.indexOf(fn) >>> 0, 1);
  }

  /**
   * @param {string} event
   * @param {any} [payload]
   * @returns {boolean} false once a subscriber has ended the table
   */
  emit(event, payload = {}) {
    for (const fn of [...(this.listeners.get(event) || [])]) {
      if (this.ended && event !== "ended") return false;
      fn(payload);
    }
    return !this.ended;
  }

  /**
   * A check before a listening driver's move (or an undo) is sent: false keeps it from the
   * engine (e.g. another tab has moved this game on).
   * @param {(move: {seat: number, move: Move, by: string}) => boolean} fn
   */
  guard(fn) {
    this.guards.push(fn);
  }

  // ------------------------------------------------------------ state
  /**
   * The engine's answer becomes the table's state.
   * @param {Answer} res
   * @returns {boolean | null} whether the game was over before (null: no state yet)
   */
  take(res) {
    const wasOver = this.status ? this.status.over : null;
    if (res.log) this.log = res.log;
    this.status = {
      over: !!res.over,
      to_move: res.to_move || [],
      players: res.players ?? this.status?.players ?? this.seats.length,
      moves: res.moves,
    };
    this.view = res.view;
    this.viewSeat = this.viewer;
    return wasOver;
  }

  /** @param {boolean | null} wasOver */
  endedNow(wasOver) {
    if (wasOver !== false || !this.status?.over) return true;
    for (const driver of this.seats) driver.stop?.();
    return this.emit("over", { view: this.view });
  }

  /**
   * A table drawn from a save while the engine boots: playable, its moves wait for begin().
   * @param {GameLog} log
   * @param {Status} status
   * @param {any} view
   */
  showSaved(log, status, view) {
    this.provisional = true;
    this.log = log;
    this.status = status;
    this.view = view;
    this.viewSeat = this.viewer;
  }

  /**
   * The engine's load: the game starts (or goes on) from here.
   * @param {Answer} loaded
   */
  async begin(loaded) {
    this.provisional = false;
    this.status = null; // a loaded game that is over already is not a game that ends here
    this.take(loaded);
    if (!this.emit("loaded", { answer: loaded })) return;
    await this.redraw();
  }

  /** The seat whose view is drawn: a local human seat that is to move, if any. */
  chooseViewer() {
    if (!this.status || this.status.over) return;
    const waiting = this.status.to_move.filter((seat) => this.viewers.includes(seat));
    if (waiting.length && !waiting.includes(this.viewer)) this.viewer = waiting[0];
  }

  /**
   * The viewer's view, asked of the engine when the viewer changed (pass-and-play).
   * @returns {Promise<true | false | Answer>} true: in hand; false: the table ended meanwhile;
   *   else the engine's refusal
   */
  async ensureView() {
    if (this.viewSeat === this.viewer) return true;
    const got = await this.engine.view(this.viewer);
    if (this.ended) return false;
    if (!got.ok) return got;
    this.view = got.view;
    this.viewSeat = this.viewer;
    return true;
  }

  /**
   * Draw the table (after choosing its viewer), then ask the seats for their moves.
   * @param {any} [before] the snapshot taken before a move, for the cards' flight
   */
  async redraw(before = null) {
    if (this.ended) return;
    this.chooseViewer();
    await this.show.draw(before);
    this.pump();
  }

  // ------------------------------------------------------------ the loop
  /** Ask the seats for their moves: every listening driver, and one asked driver to move. */
  pump() {
    if (this.ended || this.provisional || !this.status || this.status.over) return;
    this.seats.forEach((driver, seat) => {
      if (driver.listens && !this.listening.has(seat)) this.listen(seat, driver);
    });
    if (this.asking || this.stalled || this.waitFor) return;
    const asked = (/** @type {number} */ seat) => this.seats[seat] && !this.seats[seat].listens;
    const seats = this.status.to_move.filter(asked);
    if (seats.length) this.ask(seats);
  }

  /**
   * @param {number} seat
   * @param {Ask | null} ask
   * @returns {SeatContext}
   */
  context(seat, ask) {
    const clock = this.clock;
    const table = this;
    return {
      seat,
      // The table as it is when read (a listening driver's ask lasts across other seats' moves).
      get view() {
        return table.view;
      },
      get status() {
        return /** @type {Status} */ (table.status);
      },
      get moves() {
        return table.log ? table.log.actions.length : 0;
      },
      skipping: () => this.skipping,
      holdUntil: () => this.holdUntil,
      now: () => clock.now(),
      cancelled: () => this.ended || !!ask?.cancelled,
      sleep: (ms) =>
        new Promise((resolve) => {
          if (this.ended || ask?.cancelled) return resolve(false);
          const timer = clock.setTimeout(() => resolve(true), Math.max(0, ms));
          ask?.onCancel.push(() => {
            clock.clearTimeout(timer);
            resolve(false);
          });
        }),
    };
  }

  /**
   * @param {number} seat
   * @param {SeatDriver} driver
   */
  async listen(seat, driver) {
    this.listening.add(seat);
    try {
      while (!this.ended && this.status && !this.status.over) {
        const move = await driver.next(this.context(seat, null));
        if (move === null || this.ended) return;
        await this.submit(seat, driver, move, null).catch((error) => this.emit("error", { error }));
      }
    } finally {
      this.listening.delete(seat);
    }
  }

  /** @param {number[]} seats the seats to move whose drivers are asked, in order */
  async ask(seats) {
    const ask = new Ask();
    this.asking = ask;
    for (const seat of seats) {
      const driver = this.seats[seat];
      const move = await Promise.race([driver.next(this.context(seat, ask)), ask.gone]);
      if (ask.cancelled || this.ended) return;
      if (move === null) continue;
      if (this.waitFor) break; // a sheet came up meanwhile: asked again once it is collected
      ask.sending = true;
      await this.submit(seat, driver, move, ask).catch((error) => this.emit("error", { error }));
      if (this.asking === ask) this.asking = null;
      return;
    }
    if (this.asking === ask) this.asking = null;
  }

  /** The computer's move is due now (a continue, a sheet collected): its pause is over. */
  wake() {
    this.holdUntil = 0;
    if (this.asking && !this.asking.sending) {
      this.asking.cancel();
      this.asking = null;
    }
  }

  /** The player is out: the computers finish at once, without pauses or sheets. */
  skip() {
    this.skipping = true;
    this.waitFor = null;
    this.wake();
  }

  /** @param {number} ms keep what is on show (a finished trick) this long before a computer moves
   */
  hold(ms) {
    this.holdUntil = Math.max(this.holdUntil, this.clock.now() + ms);
  }

  /** After a stall: the computer is asked again. */
  resume() {
    this.stalled = null;
    this.failures = 0;
  }

  /**
   * @param {number} seat
   * @param {SeatDriver} driver
   * @param {Move} move
   * @param {Ask | null} ask
   */
  submit(seat, driver, move, ask) {
    const run = this.chain.then(() => this.send(seat, driver, move, ask));
    this.chain = run.catch(() => {});
    return run;
  }

  /**
   * @param {number} seat
   * @param {SeatDriver} driver
   * @param {Move} move
   * @param {Ask | null} ask
   */
  async send(seat, driver, move, ask) {
    const release = () => {
      if (ask && this.asking === ask) this.asking = null;
    };
    const status = /** @type {Status} */ (this.status);
    const by = driver.kind;
    const stale =
      !driver.listens &&
      (!status.to_move.includes(seat) ||
        ("at" in move && move.at !== undefined && move.at !== this.log?.actions.length));
    if (this.ended || status.over || stale) {
      release();
      if (stale) this.pump();
      return;
    }
    if (driver.listens && !this.guards.every((fn) => fn({ seat, move, by }))) return;
    const before = this.show.snapshot();
    this.busy++;
    /** @type {Answer} */
    let res;
    try {
      res =
        "bot" in move
          ? await this.engine.botMove(seat, move.bot.level, move.bot.seed, this.viewer)
          : await this.engine.act(seat, move.action, this.viewer);
    } catch (err) {
      // an answer that is not one (a worker that threw): a refusal too
      res = { ok: false, error: errorText(err) };
    }
    this.busy--;
    release();
    if (this.ended) return;
    const action = "bot" in move ? res.action : move.action;
    if (!res.ok) {
      if (driver.listens) {
        const token = "token" in move ? move.token : null;
        this.emit("refused", { seat, action, by, answer: res, token });
        return;
      }
      return this.failed(seat, by, action, res);
    }
    if (!driver.listens) this.failures = 0;
    const wasOver = this.take(res);
    if (!this.emit("moved", { seat, action, by, answer: res })) return;
    if (!this.endedNow(wasOver)) return;
    if (this.skipping && !this.status?.over && !driver.listens) {
      if (this.clock.now() - this.skipDrawn > SKIP_DRAW_MS) {
        this.skipDrawn = this.clock.now();
        await this.show.draw(null, true);
      }
      return this.pump();
    }
    await this.redraw(before);
  }

  /**
   * An asked driver's move that failed (a refusal, an unknown level, a move made outside this
   * table): the log this table holds is loaded into the engine again, so the table, the save and
   * the engine agree, and the loop goes on from the engine's status; a second failure in a row
   * stalls it (never retried by itself more than once).
   * @param {number} seat
   * @param {string} by
   * @param {string | undefined} action  the move asked (undefined: the engine's computer chose)
   * @param {Answer} res
   */
  async failed(seat, by, action, res) {
    this.failures++;
    const reason = res.error || res.code || "?";
    if (!this.emit("failed", { seat, by, action, reason, answer: res })) return;
    /** @type {Answer} */
    const again = await this.engine
      .load(/** @type {GameLog} */ (this.log), this.viewer)
      .catch((err) => ({ ok: false, error: errorText(err) }));
    if (this.ended) return;
    if (again.ok) {
      this.take(again);
      if (!this.emit("loaded", { answer: again })) return;
    }
    if (!again.ok || this.failures >= 2) {
      // The refusal itself (a code and its params): the page words it, never the engine's English.
      const answer = again.ok ? res : again;
      this.stalled = { reason: answer.code || reason, answer };
      if (!this.emit("stalled", this.stalled)) return;
    }
    await this.redraw();
  }

  /**
   * Take the last move back (one-player games).
   * @returns {Promise<Answer | null>} the engine's answer (null: nothing asked)
   */
  async undo() {
    if (this.ended || this.busy || !this.log?.actions.length) return null;
    const seat = this.viewer;
    if (!this.guards.every((fn) => fn({ seat, move: { action: "undo" }, by: "undo" }))) return null;
    this.busy++;
    const run = this.chain.then(() => this.engine.undo(seat));
    this.chain = run.catch(() => {});
    const res = await run;
    this.busy--;
    if (this.ended || !res.ok) return res;
    this.take(res);
    if (!this.emit("undone", { answer: res })) return res;
    await this.redraw();
    return res;
  }

  /**
   * A state from elsewhere: a friends' table's guest is sent the table after every move (its
   * own seat's view); it is taken and drawn as a move of this table would be.
   * @param {Answer} answer
   */
  async pushed(answer) {
    if (this.ended) return;
    const before = this.show.snapshot();
    const wasOver = this.take(answer);
    if (!this.emit("moved", { seat: -1, action: undefined, by: "host", answer })) return;
    if (!this.endedNow(wasOver)) return;
    await this.redraw(before);
  }

  /** Close the table: nothing more is asked, sent or drawn. */
  end() {
    if (this.ended) return;
    this.ended = true;
    this.asking?.cancel();
    this.asking = null;
    for (const driver of this.seats) driver.stop?.();
    this.emit("ended");
  }
}
