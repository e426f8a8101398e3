// @ts-check
// Seat drivers: who makes a seat's moves at the table (static/app/table.js). Each has one method,
// next(ctx) -> Promise<move | null>; the table sends the move to the engine for that seat.
//
//   humanDriver()                         the picker's taps (tap(action, token)), in order
//   guardedDriver(driver, allow)          lets through only the moves allow() passes (a lesson's
//                                         reader: only the asked move; another is said, not sent)
//   computerDriver({level, pace, ...})    the engine's computer player at a level, paced
//   scriptDriver({moveFor, pace, ...})    a script's moves (a lesson's other seats), paced
//   remoteDriver()                        a friend's phone (issue #32): receive(action) with the
//                                         action string it sent; the engine judges it for that
//                                         seat, a refusal is the table's `refused` event (by
//                                         "remote"), for the link to send back as a code
//
// Nothing here touches the page or the engine: the pace and the randomness are given.

/**
 * @typedef {import("./table.js").SeatDriver} SeatDriver
 * @typedef {import("./table.js").SeatContext} SeatContext
 * @typedef {import("./table.js").Move} Move
 * @typedef {import("./table.js").ActMove} ActMove
 * @typedef {{action: (factor?: number) => number}} Pace   kit/pace.js's makePace()
 */

// Random and the rule-based player (heuristic) decide at once already: skipping to the end keeps
// their level; a searching level plays at its quickest (easy).
const INSTANT_LEVELS = ["random", "heuristic"];

/**
 * A listening driver fed from outside: push(move) queues a move, next() takes them in order.
 * @param {string} kind
 */
function queueDriver(kind) {
  /** @type {ActMove[]} */
  const queue = [];
  /** @type {((move: ActMove | null) => void) | null} */
  let waiting = null;
  return {
    kind,
    listens: true,
    /** @param {ActMove} move */
    push(move) {
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve(move);
      } else queue.push(move);
    },
    /** @returns {Promise<Move | null>} */
    next() {
      if (queue.length) return Promise.resolve(/** @type {ActMove} */ (queue.shift()));
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    stop() {
      queue.splice(0);
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve(null);
      }
    },
  };
}

/**
 * The person at this screen: a tap is queued at once, even while a move is on its way, and sent
 * after it; the engine refuses what has stopped being legal.
 */
export function humanDriver() {
  const driver = queueDriver("human");
  return Object.assign(driver, {
    /**
     * @param {string} action
     * @param {string | null} [token] the tapped token a refusal is shown by
     */
    tap(action, token = null) {
      driver.push({ action, token });
    },
  });
}

/** A seat played from another phone: the action strings it sends, in the order they arrive. */
export function remoteDriver() {
  const driver = queueDriver("remote");
  return Object.assign(driver, {
    /** @param {string} action */
    receive(action) {
      driver.push({ action });
    },
  });
}

/**
 * A listening driver whose moves pass a check first: a move allow() refuses is not sent (allow
 * says why itself), and the driver waits for the next.
 * @template {SeatDriver} D
 * @param {D} driver
 * @param {(move: ActMove, ctx: SeatContext) => boolean} allow
 * @returns {D}
 */
export function guardedDriver(driver, allow) {
  const inner = driver.next.bind(driver);
  return Object.assign(driver, {
    /** @param {SeatContext} ctx */
    async next(ctx) {
      for (;;) {
        const move = await inner(ctx);
        if (move === null || "bot" in move || allow(move, ctx)) return move;
      }
    },
  });
}

/**
 * The table's pause before a paced move: at least `minMs()`, and until a finished trick has been
 * on show long enough (a hold added meanwhile is waited for too); none while skipping.
 * @param {SeatContext} ctx
 * @param {() => number} minMs
 * @returns {Promise<boolean>} false when the ask was called off
 */
export async function pause(ctx, minMs) {
  for (;;) {
    const wait = ctx.skipping() ? 0 : Math.max(minMs(), ctx.holdUntil() - ctx.now());
    if (!(await ctx.sleep(wait))) return false;
    if (ctx.skipping() || ctx.now() >= ctx.holdUntil() - 5) return true;
  }
}

/**
 * The computer at a level: it waits a person's time (the pace), then the engine's computer
 * chooses and plays the move (one round trip).
 * @param {Object} o
 * @param {() => string} o.level       read when it moves (the player may change it after a stall)
 * @param {() => Pace} o.pace          read when it moves (the speed setting may change)
 * @param {() => number} o.seed        a fresh seed for the computer's own randomness
 * @param {(view: any) => number} [o.delayFactor]  a view's longer pause (a person's time to choose)
 * @returns {SeatDriver}
 */
export function computerDriver({ level, pace, seed, delayFactor = () => 1 }) {
  return {
    kind: "computer",
    async next(ctx) {
      const factor = delayFactor(ctx.view);
      if (!(await pause(ctx, () => pace().action(factor)))) return null;
      const chosen = level();
      const quick = ctx.skipping() && !INSTANT_LEVELS.includes(chosen) ? "easy" : chosen;
      return { bot: { level: quick, seed: seed() } };
    },
  };
}

/**
 * A script's moves for a seat (a lesson's other seats): moveFor(ctx) names the move due now, or
 * null (not this seat's scripted turn, or not yet); it is played after the pace and the time to
 * read what is on show (readingMs, at the normal speed: scaled by the player's speed).
 * @param {Object} o
 * @param {string} [o.kind]
 * @param {(ctx: SeatContext) => string | null} o.moveFor
 * @param {() => Pace} o.pace
 * @param {() => number} [o.readingMs]
 * @param {number} [o.normalActionMs]   the normal speed's pause, that reading time is scaled by
 * @param {() => void} [o.moving]        called once the pause is over (e.g. a "continue" used)
 * @returns {SeatDriver}
 */
export function scriptDriver({
  kind = "lesson",
  moveFor,
  pace,
  readingMs = () => 0,
  normalActionMs = 750,
  moving,
}) {
  return {
    kind,
    async next(ctx) {
      const at = ctx.moves; // the script's step: dropped by the table if the game moved on
      if (moveFor(ctx) === null) return null;
      const wait = () => {
        const action = pace().action(1);
        return Math.max(action, readingMs() * (action / normalActionMs));
      };
      if (!(await pause(ctx, wait))) return null;
      moving?.();
      const action = moveFor(ctx);
      return action === null ? null : { action, at };
    },
  };
}
