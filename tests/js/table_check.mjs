// Checks of the table controller (static/app/table.js) and its seat drivers (static/app/seats.js)
// without a browser: a fake engine of a tiny game and fake drawing. Run by tests/test_table_js.py
// with Node; prints one JSON object of results.
import { Table } from "../../static/app/table.js";
import {
  computerDriver,
  guardedDriver,
  humanDriver,
  remoteDriver,
  scriptDriver,
} from "../../static/app/seats.js";

const out = {};
const instant = () => ({ action: () => 0 });
const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, what, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await settle(2);
  }
}

// A game of `length` moves, seats taking turns from seat 0: at move n the seat to move may play
// "play n" or "alt n"; anything else is refused with a code. The computer plays "play n".
// `slow` (ms) delays every answer, so a tap can come while a move is on its way.
function fakeEngine({ players = 2, length = 4, slow = 0, botRefuses = false } = {}) {
  const e = { actions: [], calls: [], loads: 0 };
  const legal = (n) => [`play ${n}`, `alt ${n}`];
  const answer = (viewer, extra = {}) => {
    const n = e.actions.length;
    const over = n >= length;
    const toMove = over ? [] : [n % players];
    return {
      ok: true,
      over,
      to_move: toMove,
      players,
      moves: n,
      log: { game: "fake", players, seed: 1, actions: e.actions.map((a) => [...a]) },
      view: {
        phase: over ? "over" : "play",
        legal_actions: toMove.includes(viewer) ? legal(n) : [],
      },
      ...extra,
    };
  };
  const later = (value) =>
    slow
      ? new Promise((resolve) => setTimeout(() => resolve(value), slow))
      : Promise.resolve(value);
  const play = (seat, action, viewer) => {
    const n = e.actions.length;
    if (n >= length || seat !== n % players || !legal(n).includes(action)) {
      return { ok: false, code: "not_legal", params: { action }, error: `not legal: ${action}` };
    }
    e.actions.push([seat, action]);
    return answer(viewer);
  };
  e.engine = {
    load: (log, viewer) => {
      e.loads++;
      e.calls.push(["load"]);
      return later(answer(viewer));
    },
    act: (seat, action, viewer) => {
      e.calls.push(["act", seat, action]);
      return later(play(seat, action, viewer));
    },
    botMove: (seat, level, seed, viewer) => {
      e.calls.push(["bot", seat, level]);
      if (botRefuses) return later({ ok: false, code: "bot_failed", error: "no move" });
      const action = `play ${e.actions.length}`;
      const res = play(seat, action, viewer);
      return later(res.ok ? { ...res, action } : res);
    },
    undo: (viewer) => {
      const undone = e.actions.pop();
      return later(answer(viewer, { undone }));
    },
    view: (seat) => later({ ok: true, view: answer(seat).view }),
  };
  e.answer = answer;
  return e;
}

function fakeTable(e, seats, viewers = [0]) {
  const seen = { draws: 0, events: [] };
  const table = new Table({
    engine: e.engine,
    seats,
    viewers,
    show: {
      snapshot: () => null,
      draw: async () => {
        seen.draws++;
        await table.ensureView();
      },
    },
  });
  for (const name of ["loaded", "moved", "refused", "failed", "stalled", "over", "undone"]) {
    table.on(name, (p) => seen.events.push([name, p.seat ?? null, p.action ?? null, p.by ?? null]));
  }
  return { table, seen };
}

const computer = (level = "normal") =>
  computerDriver({ level: () => level, pace: instant, seed: () => 7 });

{
  // a human (seat 0) and the computer (seat 1) take turns; the save is written once a move
  const e = fakeEngine({ length: 4 });
  const human = humanDriver();
  const { table, seen } = fakeTable(e, [human, computer()]);
  let saves = 0;
  let overs = 0;
  for (const name of ["loaded", "moved", "undone"])
    table.on(name, () => {
      saves++;
    });
  table.on("over", () => {
    overs++;
  });
  await table.begin(await e.engine.load(null, 0));
  human.tap("play 0");
  await until(() => e.actions.length >= 2, "the computer's first move");
  human.tap("play 2");
  await until(() => table.status.over, "the end");
  await settle();
  out.alternate = seen.events
    .filter(([n]) => n === "moved")
    .map(([, seat, action, by]) => [seat, action, by]);
  out.saves = { saves, moves: e.actions.length, loads: 1 };
  out.overs = overs;
  out.bot_level = e.calls.filter(([c]) => c === "bot").map(([, , level]) => level);
  out.drawn_after_each = seen.draws;
}

{
  // a refusal: the refused event, nothing changed, the next tap still goes through
  const e = fakeEngine({ length: 4 });
  const human = humanDriver();
  const { table, seen } = fakeTable(e, [human, computer()]);
  let saves = 0;
  table.on("moved", () => {
    saves++;
  });
  await table.begin(await e.engine.load(null, 0));
  const before = JSON.stringify(table.log);
  human.tap("play 9", "9S");
  await until(() => seen.events.some(([n]) => n === "refused"), "the refusal");
  const refused = seen.events.find(([n]) => n === "refused");
  out.refused = {
    event: refused,
    same_log: JSON.stringify(table.log) === before,
    saves,
    to_move: table.status.to_move,
  };
  let token = null;
  table.on("refused", (p) => {
    token = p.token;
  });
  human.tap("alt 1", "AS"); // not this seat's move number: refused, with the tapped token
  await until(() => token !== null, "the second refusal");
  out.refused_token = token;
  human.tap("play 0");
  await until(() => e.actions.length >= 1, "a legal tap after refusals");
  out.after_refusal = e.actions[0];
  table.end();
}

{
  // taps made while a move is on its way wait, in order; a tap queued after the end is dropped
  const e = fakeEngine({ players: 1, length: 2, slow: 15 });
  const human = humanDriver();
  const { table, seen } = fakeTable(e, [human]);
  let overs = 0;
  table.on("over", () => {
    overs++;
  });
  await table.begin(await e.engine.load(null, 0));
  human.tap("play 0");
  human.tap("play 1"); // made while the first is on its way
  human.tap("play 2"); // the game ends with the second: this one is never sent
  await until(() => table.status.over, "the end");
  await settle(60);
  out.queued = {
    acts: e.calls.filter(([c]) => c === "act").map(([, , action]) => action),
    moved: seen.events.filter(([n]) => n === "moved").map(([, , action]) => action),
    refused: seen.events.filter(([n]) => n === "refused").length,
    overs,
  };
  human.tap("play 3"); // after the end: nothing is asked of the engine
  await settle(30);
  out.after_end_acts = e.calls.filter(([c]) => c === "act").length;
}

{
  // a lesson: the reader's seat lets through only the asked move; the script plays the others
  const e = fakeEngine({ length: 4 });
  const script = ["alt 0", "alt 1", "play 2", "play 3"];
  const allowed = [];
  const human = guardedDriver(humanDriver(), (move, ctx) => {
    const ok = move.action === script[ctx.moves];
    allowed.push([move.action, ok]);
    return ok;
  });
  const scripted = scriptDriver({ moveFor: (ctx) => script[ctx.moves] ?? null, pace: instant });
  const { table, seen } = fakeTable(e, [human, scripted]);
  await table.begin(await e.engine.load(null, 0));
  human.tap("play 0"); // legal, but not the asked move: not sent
  await settle();
  const sentBefore = e.calls.filter(([c]) => c === "act").length;
  human.tap("alt 0"); // the asked move
  await until(() => e.actions.length >= 2, "the script's answer");
  human.tap("play 2");
  await until(() => table.status.over, "the lesson's end");
  out.lesson = {
    sent_before_asked: sentBefore,
    allowed,
    moves: e.actions,
    by: seen.events.filter(([n]) => n === "moved").map(([, , , by]) => by),
  };
}

{
  // a computer whose moves fail: reloaded once, then the table stalls until resumed
  const e = fakeEngine({ length: 4, botRefuses: true });
  const human = humanDriver();
  const { table, seen } = fakeTable(e, [human, computer()]);
  await table.begin(await e.engine.load(null, 0));
  human.tap("play 0");
  await until(() => table.stalled !== null, "the stall");
  await settle();
  out.stall = {
    failed: seen.events.filter(([n]) => n === "failed").length,
    loads: e.loads,
    stalled: table.stalled,
    bots: e.calls.filter(([c]) => c === "bot").length,
  };
  table.end();
}

{
  // the computer waits while a sheet is to be dismissed, and while a hold lasts; wake() ends it
  const e = fakeEngine({ length: 4 });
  const human = humanDriver();
  const { table } = fakeTable(e, [human, computer()]);
  await table.begin(await e.engine.load(null, 0));
  table.waitFor = "showdown"; // a view shows a sheet (ui.wait)
  human.tap("play 0");
  await until(() => e.actions.length === 1, "the human's move");
  table.waitFor = "showdown"; // asked again by the drawing after the move
  await settle(30);
  const whileSheet = e.actions.length;
  table.waitFor = null; // collected (ui.collect): a hold, then the wait is over
  table.hold(10_000);
  table.pump();
  await settle(30);
  const whileHold = e.actions.length;
  table.wake();
  table.pump();
  await until(() => e.actions.length === 2, "the computer after wake");
  out.wake = { while_sheet: whileSheet, while_hold: whileHold, after_wake: e.actions.length };
  table.end();
}

{
  // hot seat: a human driver on every seat, the viewer follows whose turn it is
  const e = fakeEngine({ length: 3 });
  const seats = [humanDriver(), humanDriver()];
  const { table } = fakeTable(e, seats, [0, 1]);
  await table.begin(await e.engine.load(null, 0));
  const viewers = [table.viewer];
  seats[table.viewer].tap("play 0");
  await until(() => e.actions.length === 1, "seat 0");
  viewers.push(table.viewer);
  seats[table.viewer].tap("play 1");
  await until(() => e.actions.length === 2, "seat 1");
  viewers.push(table.viewer);
  out.hotseat = { viewers, view_asked: table.viewSeat };
  table.end();
}

{
  // undo (one-player games): the undone event, the move taken back; end() stops everything
  const e = fakeEngine({ players: 1, length: 3 });
  const human = humanDriver();
  const { table, seen } = fakeTable(e, [human]);
  await table.begin(await e.engine.load(null, 0));
  human.tap("play 0");
  await until(() => e.actions.length === 1, "a move");
  await table.undo();
  const undone = seen.events.filter(([n]) => n === "undone").length;
  out.undo = { actions: e.actions.length, undone };
  human.tap("play 0");
  await until(() => e.actions.length === 1, "the move again");
  table.end();
  human.tap("play 1");
  await settle();
  out.after_close = e.actions.length;
}

{
  // a friend's phone is one more listening driver: its moves for its seat, refused out of turn
  const e = fakeEngine({ length: 4 });
  const human = humanDriver();
  const friend = remoteDriver();
  const { table, seen } = fakeTable(e, [human, friend]);
  await table.begin(await e.engine.load(null, 0));
  friend.receive("play 0"); // not the friend's turn: the engine refuses it for seat 1
  await until(() => seen.events.some(([n]) => n === "refused"), "the friend's refusal");
  human.tap("play 0");
  await until(() => e.actions.length === 1, "the human's move");
  friend.receive("play 1");
  await until(() => e.actions.length === 2, "the friend's move");
  out.remote = seen.events
    .filter(([n]) => n !== "loaded")
    .map(([n, seat, action, by]) => [n, seat, action, by]);
  table.end();
}

console.log(JSON.stringify(out));
