// The table screen: a game in progress on the table controller (app/table.js) with its seat
// drivers (app/seats.js) and subscribers (app/table-subscribers.js: the save, the statistics, the
// two-tab following, the events list), and the drawing: the ui a view draws with, the result
// sheet, the pass screen, Suggest, and the one-player tools (undo, redo, share).
//
// One round trip per tap (game.act) and one per computer move (game.botMove): each answer carries
// the viewer's view and the engine's log, which is saved as it is, once a move. Taps made while a
// move is on its way are queued in order, never dropped (the human driver's queue); the engine
// refuses what has stopped being legal, and the refusal is said in words next to the hand.
import { h } from "../kit/dom.js";
import { face } from "../kit/faces.js";
import { makePace, snapshot, travel } from "../kit/pace.js";
import { Picker } from "../kit/picker.js";
import { makeQueries } from "../kit/query.js";
import { currentLanguage, gameTitle, loadGame, t, words } from "../kit/words.js";
import { app, header, hooks, toast } from "./chrome.js";
import { call, game, refusalWords } from "./engine.js";
import { computerDriver, humanDriver, remoteDriver } from "./seats.js";
import {
  sameGameStored,
  saveKey,
  saveMovedOn,
  settings,
  store,
  testParam,
  writeSave,
} from "./store.js";
import { Table } from "./table.js";
import {
  countWhenOver,
  followOtherTabs,
  keepSave,
  keepTools,
  recordEvents,
} from "./table-subscribers.js";

// ?botdelay=N (ms per computer action; 0 = instant) keeps tests fast (the test build only: a
// reader's link cannot change the pace); without it, the speed setting.
const BOT_DELAY = (() => {
  const raw = testParam("botdelay");
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 10000 ? n : null;
})();
let pace = makePace(settings.speed, BOT_DELAY);
hooks.speedChanged = () => {
  pace = makePace(settings.speed, BOT_DELAY);
};
// The pace now (a driver reads it at each move: the speed may change during a game).
export const currentPace = () => pace;

// What happened when, for tests and the console: {kind: "bot"|"human"|"refused"|"bot-failed",
// seat, action (for a failure: its reason), at}. Filled by a subscriber of every table.
export const events = [];
export const record = (kind, seat, action) => {
  events.push({ kind, seat, action, at: performance.now() });
  if (events.length > 500) events.shift();
};

export const current = { session: null, catalog: null, engineBooted: false };
// The screens a table leads to, given by app.js (screens.js imports this module, not the reverse):
// showSetup(slug, setup), newGame(slug, setup), leave(), route().
export const nav = { showSetup: null, newGame: null, leave: null, route: null };
// ---------------------------------------------------------------- the player's record
// records.js (with stats.js and daily.js: counting, the daily duplicate, sharing a result) is
// loaded once a table is drawn, not before it: a cold visit's opening table does not wait for
// it, and nothing is counted before a game ends or is given up. Until it is in, what it is
// asked to do waits for it (an abandoned game is counted when it arrives, a result sheet is
// drawn again with its record part).
let records = null;
let recordsLoading = null;
function loadRecords() {
  // In once its stylesheet is too (a result sheet drawn with it is styled at once).
  recordsLoading ||= import("./records.js").then(
    (m) =>
      m.styled.then(() => {
        records = m;
        return m;
      }),
    (err) => {
      recordsLoading = null;
      throw err;
    },
  );
  return recordsLoading;
}
const withRecords = (run) => (records ? run(records) : loadRecords().then(run));
export const whenRecords = (run) => {
  if (records) run(records);
  else
    loadRecords()
      .then(run)
      .catch((err) => console.error(err));
};

// A game given up (a new game replaces one in progress): counted as played, not won (records.js).
export const gameAbandoned = (game) => whenRecords((r) => r.gameAbandoned(game));
// The engine call a view makes (ui.call): the after-game truth and duplicate are shared (records.js).
const engineCall = (s, name, ...args) => withRecords((r) => r.engineCall(s, name, ...args));
// A duplicate still running in the worker (only records.js starts one).
const replayPending = () => (records ? records.replayPending() : false);

// The identity a save keeps, so that a game is counted once.
function newGameId() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `g${Date.now().toString(36)}${a[0].toString(36)}${a[1].toString(36)}`;
}

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] & 0x7fffffff;
}

// The table on show is closed (a new screen, another tab's game): nothing more is asked or drawn.
export function endSession() {
  const s = current.session;
  current.session = null;
  s?.table.end();
}

function setCurrent(s) {
  if (current.session && current.session !== s) current.session.table.end();
  current.session = s;
}

// ---------------------------------------------------------------- starting and loading
let lastLoadError = "";
export const loadError = () => lastLoadError;
// Why the engine refused a whole record (a link, a replay, a save), in the reader's words (which
// move, and the game's own reason: its code); `slug`: the game's words, for that reason.
export function recordRefusal(answer, slug = null) {
  return answer.code ? refusalWords(words(slug), answer) : t("record_not_valid");
}

// The screen's state around a table: who plays (mode, level, humans), the tools' state (redo, the
// cards picked, the reason a tap did nothing, holds, a closed result sheet, Suggest) and what the
// save keeps (deal, gid, token, shown). The game itself (log, status, view, viewer) is the
// table's; records.js and store.js read it here by the same names.
let sessions = 0;
function makeSession(slug, module, mode, level, extra, players, humans) {
  return {
    id: ++sessions,
    slug,
    module,
    mode,
    level,
    humans,
    players,
    table: null,
    get log() {
      return this.table.log;
    },
    get status() {
      return this.table.status;
    },
    get view() {
      return this.table.view;
    },
    get viewer() {
      return this.table.viewer;
    },
    get viewSeat() {
      return this.table.viewSeat;
    },
    get busy() {
      return this.table.busy;
    },
    get skipping() {
      return this.table.skipping;
    },
    get waitFor() {
      return this.table.waitFor;
    },
    set waitFor(key) {
      this.table.waitFor = key;
    },
    revealedFor: mode === "hotseat" ? null : humans[0],
    pick: [],
    pickKey: null,
    redo: extra.redo || [],
    deal: extra.deal || null,
    solitaire: players === 1,
    shown: null,
    reason: null,
    holds: new Set(),
    collected: new Set(),
    resultClosed: false,
    suggestAt: null,
    gid: extra.gid || newGameId(),
    saveToken: extra.token,
    // What this kind of table shows around the game: its title, the new-game button, the result
    // sheet, and whether it has Suggest and the one-player tools (a lesson has its own).
    dress: null,
    refresh: null, // draws the table again as it is (no engine call)
    allowPick: null, // a lesson's say on a tap before it is chosen (lesson.js)
    save: undefined, // writes the save now (a table that keeps one)
  };
}

// A table for the session: its seats' drivers, drawn by this screen.
// `engine`: the engine's calls (a friends' guest: the host, through the link).
function seatTable(s, seats, engine = game) {
  const table = new Table({
    engine,
    seats,
    viewers: s.humans,
    show: { snapshot: () => snapshot(app), draw: (before, quick) => drawTable(s, before, quick) },
  });
  s.table = table;
  s.refresh = () => render(s);
  return table;
}

// A game against the computer or passed around: a human driver on the humans' seats, the computer
// at the chosen level on the others; the save, the statistics and the other tabs subscribe.
function gameSession(slug, module, mode, level, extra, players) {
  const humans = mode === "hotseat" ? [...Array(players).keys()] : [extra.human ?? 0];
  const s = makeSession(slug, module, mode, level, extra, players, humans);
  const computer = () =>
    computerDriver({
      level: () => s.level,
      pace: currentPace,
      seed: randomSeed,
      delayFactor: (view) => (module.botDelayFactor ? module.botDelayFactor(view) : 1),
    });
  const seats = [...Array(players).keys()].map((seat) =>
    humans.includes(seat) ? humanDriver() : computer(),
  );
  const table = seatTable(s, seats);
  s.dress = gameDress(s);
  keepTools(s, table);
  keepSave(s, table);
  recordEvents(table);
  countWhenOver(s, table);
  followOtherTabs(s, table);
  return s;
}

function gameDress(s) {
  const onNew = () => {
    endSession();
    if (!saveMovedOn(s) || sameGameStored(s)) gameAbandoned(s); // a game given up counts as played, not won (records.js)
    store.removeItem(saveKey(s.slug));
    nav.showSetup(s.slug, setupFromLog(s.log, current.catalog[s.slug]));
  };
  return {
    title: () => gameTitle(s.slug),
    onNew,
    tools: true,
    resultSheet: (view, ui) => resultSheet(s, view, ui, onNew),
  };
}

export async function startSession(slug, log, mode, level, extra = {}) {
  app.replaceChildren(
    header(gameTitle(slug)),
    h("p", { class: "loading" }, t(replayPending() ? "loading_after_replay" : "loading")),
  );
  const modulePromise = import(`../views/${slug}.js`).then(async (m) => {
    await loadGame(slug);
    return m;
  });
  const viewer = 0;
  // A log the engine cannot even read (an exception instead of a refusal) is a refusal too.
  const loading = game
    .load(log, viewer)
    .catch((err) => ({ ok: false, error: String((err && err.message) || err) }));
  // A return visit against the computer: the table the player left is drawn at once from the
  // save (it is their own view), while the engine boots and replays the log. A tap meanwhile
  // waits in the human driver's queue; the engine's own view replaces this one when ready.
  const shown = extra.shown;
  if (
    shown &&
    mode === "bot" &&
    shown.moves === log.actions.length &&
    shown.code === current.catalog[slug]?.code &&
    !current.engineBooted
  ) {
    const module = await modulePromise;
    const s = gameSession(slug, module, mode, level, extra, log.players);
    const over = shown.view.phase === "over" || "result" in shown.view;
    s.table.showSaved(
      structuredClone(log),
      { over, to_move: shown.view.to_move, players: log.players },
      shown.view,
    );
    s.shown = shown;
    setCurrent(s);
    writeSave(s); // a cold visit's opening is the game from now on, saved as a return visit's is
    hooks.rerender = () => s.table.redraw();
    try {
      render(s);
    } catch {
      // a saved table this code cannot draw: wait for the engine's
      app.replaceChildren(header(gameTitle(slug)), h("p", { class: "loading" }, t("loading")));
    }
    const loaded = await loading;
    if (s.table.ended) return true; // the player left meanwhile
    if (!loaded.ok) {
      endSession();
      lastLoadError = recordRefusal(loaded, slug);
      return false;
    }
    await s.table.begin(loaded);
    return true;
  }
  const [module, loaded] = await Promise.all([modulePromise, loading]);
  if (!loaded.ok) {
    lastLoadError = recordRefusal(loaded, slug);
    return false;
  }
  const s = gameSession(slug, module, mode, level, extra, loaded.players);
  setCurrent(s);
  hooks.rerender = () => s.table.redraw();
  await s.table.begin(loaded);
  return true;
}

// A friends' table (issue #32), on the host's phone: the human's seat, a remote driver per friend
// and the computer on the rest (`seatsFor(s)`), and `attach(s, table)` subscribes the friends'
// link and the room's own save (not the game's save slot nor the statistics: a reload comes back
// through the room's link).
export async function startHosted(slug, log, level, names, seatsFor, attach, leave) {
  const [module, loaded] = await Promise.all([
    import(`../views/${slug}.js`).then(async (m) => {
      await loadGame(slug);
      return m;
    }),
    game.load(log, 0),
  ]);
  if (!loaded.ok) {
    lastLoadError = recordRefusal(loaded, slug);
    return null;
  }
  const s = makeSession(slug, module, "friends", level, {}, loaded.players, [0]);
  s.names = names;
  const table = seatTable(s, seatsFor(s));
  s.dress = friendsDress(s, leave);
  keepTools(s, table);
  recordEvents(table);
  attach(s, table);
  setCurrent(s);
  hooks.rerender = () => table.redraw();
  await table.begin(loaded);
  return s;
}

// A friends' table on a guest's phone: the same table and kit, with an engine that is the host
// (`remote`: act sends the move and waits for the host's answer; no Python here). The guest's
// seat is a human driver; the others wait (the host sends the table on: table.pushed).
export async function startGuestTable(slug, module, remote, first, seat, names, leave) {
  const players = first.players;
  const s = makeSession(slug, module, "friends", "normal", {}, players, [seat]);
  s.names = names;
  const seats = [...Array(players).keys()].map((n) =>
    n === seat ? humanDriver() : remoteDriver(),
  );
  const table = seatTable(s, seats, remote);
  s.dress = friendsDress(s, leave);
  keepTools(s, table); // a refusal said by the hand, as on any table
  recordEvents(table);
  setCurrent(s);
  hooks.rerender = () => table.redraw();
  await table.begin(first);
  return s;
}

// Around a friends' table: its title, no new game (the host sets one up), no Suggest nor the
// one-player tools (a guest has no engine to ask), a result sheet without the device's record.
function friendsDress(s, leave) {
  return {
    title: () => `${gameTitle(s.slug)} — ${t("friends_title")}`,
    onNew: null,
    onBack: leave, // the host's back closes the room (its guests are told); a guest's leaves it
    tools: false,
    resultSheet: (view, ui) => [
      h(
        "section",
        { class: "result", role: "dialog", "aria-label": t("game_over_label") },
        s.module.renderResult(view, ui),
        h(
          "div",
          { class: "sheet-actions" },
          h("button", { type: "button", class: "new", onclick: leave }, t("friends_close")),
        ),
      ),
    ],
  };
}

// A lesson (static/app/lesson.js) plays on the same table with its own seats and subscribers:
// `lesson.seats(s, players)` gives the drivers (its script for the other seats, never a bot; for
// the reader's seat a human driver that lets through only the asked move), `lesson.attach(s,
// table)` subscribes its words and its progress (never the game's save nor the statistics), and
// `lesson.dress(s)` is what it shows around the table (title, new game, result sheet).
export async function startDirected(slug, module, log, lesson) {
  const loaded = await game.load(log, lesson.human);
  if (!loaded.ok) {
    lastLoadError = recordRefusal(loaded, slug);
    return false;
  }
  const human = lesson.human;
  const s = makeSession(slug, module, "bot", "random", { human }, loaded.players, [human]);
  const table = seatTable(s, lesson.seats(s, loaded.players));
  s.dress = lesson.dress(s);
  keepTools(s, table);
  recordEvents(table);
  lesson.attach(s, table);
  setCurrent(s);
  hooks.rerender = () => table.redraw();
  await table.begin(loaded);
  return true;
}

// The computer's next move is due now (a lesson's "continue"): no more waiting.
export function wakeComputer() {
  const s = current.session;
  if (!s) return;
  s.table.wake();
  s.table.pump();
}

// ---------------------------------------------------------------- names
function seatNameFor(s) {
  return (seat) => {
    if (!s || s.mode === "replay") return t("player_n", { n: seat + 1 });
    // A friends' table: the names the friends gave (a computer's seat has none).
    if (s.mode === "friends") {
      if (seat === s.humans[0]) return t("you");
      return s.names?.[seat] || (s.players > 2 ? t("computer_n", { n: seat }) : t("computer"));
    }
    if (s.mode === "hotseat") return t("player_n", { n: seat + 1 });
    if (seat === s.humans[0]) return t("you");
    return s.players > 2 ? t("computer_n", { n: seat }) : t("computer");
  };
}

export function replayHref(s, actions) {
  const log = {
    game: s.slug,
    players: s.log.players,
    options: s.log.options,
    seed: s.log.seed,
    actions: actions.map((a) => [0, a]),
  };
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("replay", JSON.stringify(log));
  url.searchParams.set("lang", currentLanguage());
  return url.href;
}

export const wordsOf = (s) =>
  words(s.slug, {
    seatName: seatNameFor(s),
    spec: s.module.faces,
    formatParam: s.module.formatParam,
  });

// ---------------------------------------------------------------- the ui a view draws with
// Every view draws with the kit: the picker, the dock, faces, holds and queries.
const queries = makeQueries(call, () => current.session && current.session.table.redraw());

// The options this game is played with, the catalog's defaults filled in (a log keeps only
// those set): a view may word its rules as this table plays them.
function gameOptions(s) {
  const declared = current.catalog?.[s.slug]?.options || [];
  return {
    ...Object.fromEntries(declared.map((o) => [o.key, o.default])),
    ...(s.log?.options || {}),
  };
}

export function makeUi(s, view, { replay = false } = {}) {
  const module = s.module;
  const seatName = seatNameFor(s);
  const ui = {};
  const w = words(s.slug, { seatName, spec: module.faces, formatParam: module.formatParam, ui });
  const canMove = !replay && !s.status.over && s.status.to_move.includes(s.viewer);
  // The position is the deal and the moves themselves, not their number: after an undo, another
  // move reaches another position with the same count (a one-player game's hint must not be reused).
  const position = `${s.slug}:${s.log.seed}:${JSON.stringify(s.log.options || {})}:${s.log.actions.map((a) => a.join(" ")).join(",")}:${s.viewer}`;
  // A choice in progress (cards picked for a discard) survives the others' moves; the picker
  // drops it if no legal action still contains it. It ends with the viewer's own move.
  if (s.pickKey !== s.viewer) {
    s.pick = [];
    s.pickKey = s.viewer;
  }
  queries.at(position);
  Object.assign(ui, {
    viewer: s.viewer,
    mode: replay ? "replay" : s.mode,
    lang: currentLanguage(),
    options: gameOptions(s),
    words: w,
    canAct: canMove,
    t: w.t,
    say: w.say,
    seatName,
    cardName: w.cardName,
    seatShort: (seat) =>
      s.mode === "bot" && seat === s.humans[0]
        ? t("you")
        : String(s.mode === "bot" ? seat : seat + 1),
    face: (token, opts = {}) => face(token, { spec: module.faces, words: w, ...opts }),
    act: replay ? () => {} : (action) => humanAct(s, action),
    call: (name, ...args) => engineCall(s, name, ...args),
    rerender: () => render(s),
    query: (name, ...args) => queries.get(name, args),
    replayHref: (actions) => replayHref(s, actions),
    hold: (key) => {
      if (replay || s.skipping || s.holds.has(key)) return;
      s.holds.add(key);
      s.table.hold(pace.hold);
    },
    collect: (key) => {
      s.collected.add(key);
      if (replay) return;
      s.table.wake();
      render(s);
      s.table.pump();
    },
    collected: (key) => s.collected.has(key),
    // A sheet the player dismisses (Stop the Bus's showdown): the computer waits for ui.collect(key).
    // Called on every draw that shows the sheet; a draw without it lets the computer go on.
    wait: (key) => {
      if (!replay && !s.skipping && !s.collected.has(key)) s.waitFor = key;
    },
    // The player is out (or has seen enough): the computers finish the game at once, without
    // pauses, holds or sheets, and the table is drawn now and then until the result.
    skipToEnd: () => {
      if (replay || s.mode !== "bot") return;
      s.table.skip();
      render(s);
      s.table.pump();
    },
    skipping: s.skipping,
    dock: () => (ui.dockEl ||= h("div", { class: "dock" })),
  });
  ui.picker = new Picker({
    legal: canMove ? view.legal_actions || [] : [],
    selection: s.pick,
    words: w,
    spec: module.faces,
    verbs: module.verbs || {},
    act: ui.act,
    rerender: () => {
      s.reason = null;
      render(s);
    },
    explain: (token, own, action) => (replay ? null : explain(s, w, token, own, action)),
    // A lesson refuses at once a tap that cannot lead to the move it asks (lesson.js allowPick).
    allow: canMove && s.allowPick ? (actions, token) => s.allowPick(actions, token) : null,
  });
  return ui;
}

// ---------------------------------------------------------------- drawing
// The table's drawing (Show.draw): the pass screen between two humans, else the viewer's view
// (asked of the engine when the viewer changed) drawn; quick, a glimpse while skipping.
async function drawTable(s, before = null, quick = false) {
  if (quick) return render(s);
  if (s.mode === "hotseat" && !s.status.over && s.revealedFor !== s.viewer)
    return drawPassScreen(s);
  const got = await s.table.ensureView();
  if (got === false) return;
  if (got !== true) return toast(refusalWords(words(s.slug), got));
  render(s, before);
}

export function render(s, before = null) {
  if (!s.table || s.table.ended) return;
  const view = s.view;
  const ui = makeUi(s, view);
  const focused = app.contains(document.activeElement) ? document.activeElement : null;
  const focusSel = focused?.dataset?.token
    ? `[data-token="${CSS.escape(focused.dataset.token)}"]`
    : focused?.dataset?.verb
      ? `button[data-verb="${CSS.escape(focused.dataset.verb)}"]`
      : null;
  s.waitFor = null; // the view asks again (ui.wait) while it shows a sheet to dismiss
  const table = s.module.render(view, ui);
  const tools = s.dress.tools;
  const assist = s.solitaire || !tools ? null : assistBar(s, view, ui);
  // Next to the hand: why a tap did nothing, the picker's buttons (unless the view placed
  // them), and Suggest. A view places ui.dock() by its hand; otherwise it goes under the table.
  const bar = ui.picker.bars.length ? null : ui.picker.bar();
  ui.picker.finish();
  // The result sheet; once closed, its 結果を見る button goes in the dock, in the flow by the hand
  // (pinned over the bottom of the screen, it covered the help and the lines under a tall board).
  const over = (view.phase === "over" || s.status.over) && s.module.renderResult;
  const sheet = over ? s.dress.resultSheet(view, ui).filter(Boolean) : [];
  const reopen = sheet.find((el) => el.classList.contains("show-result")) ?? null;
  const parts = [
    reopen,
    h(
      "p",
      {
        class: `reason${s.reason ? " shown" : ""}`,
        role: "status",
        dataset: { code: s.reason?.code },
      },
      s.reason ? s.reason.text : "",
    ),
    bar,
    assist,
  ];
  const dock = ui.dockEl ? null : h("div", { class: "dock" });
  (ui.dockEl || dock).replaceChildren(...parts.filter(Boolean));
  // The header stays while the table is redrawn, so an open menu stays open as the computer plays.
  const headKey = `${s.id}:${currentLanguage()}`;
  let head = app.querySelector(":scope > header.bar");
  if (!head || head.dataset.key !== headKey) {
    head = header(s.dress.title(), {
      slug: s.slug,
      onNew: s.dress.onNew,
      onBack: s.dress.onBack || nav.leave,
    });
    head.dataset.key = headKey;
  }
  const nodes = [
    head,
    botStalledNotice(s),
    s.solitaire && tools ? solitaireBar(s) : null,
    table,
    dock,
  ];
  nodes.push(...sheet.filter((el) => el !== reopen));
  app.replaceChildren(...nodes.filter(Boolean));
  s.table.emit("drawn", { ui, view }); // a lesson adds its words
  markSuggestion(s);
  if (s.reason && s.reason.token) {
    for (const el of app.querySelectorAll(`.table [data-token="${CSS.escape(s.reason.token)}"]`))
      el.classList.add("refused");
  }
  if (focusSel) app.querySelector(focusSel)?.focus();
  travel(app, before, pace.travel);
  document.body.dataset.screen = "table";
  document.body.dataset.phase = view.phase;
  if (!document.body.dataset.shown) performance.mark("table-shown");
  document.body.dataset.shown = "1";
  if (!records) whenRecords(() => {}); // the table is up: the record's code can come now
  if (s.table.provisional) return; // drawn from the save: playable, the engine confirms it next
  if (!document.body.dataset.ready) performance.mark("table-ready");
  document.body.dataset.ready = "1";
}

// The result: a sheet over the bottom of the table that can be closed to look at the final
// table and opened again.
function resultSheet(s, view, ui, onNew) {
  const again = () =>
    nav.newGame(s.slug, {
      ...setupFromLog(s.log, current.catalog[s.slug]),
      options: s.log.options,
      mode: s.mode,
      level: s.level,
    });
  const toggle = (closed) => {
    s.resultClosed = closed;
    render(s);
  };
  const sheet = h(
    "section",
    { class: "result", role: "dialog", "aria-label": t("game_over_label"), hidden: s.resultClosed },
    h(
      "div",
      { class: "sheet-tools" },
      h(
        "button",
        { type: "button", class: "close-sheet", onclick: () => toggle(true) },
        t("see_table"),
      ),
    ),
    s.module.renderResult(view, ui),
    records
      ? records.afterGame(s, view, current.catalog[s.slug], () => render(s))
      : void whenRecords(() => render(s)),
    h(
      "div",
      { class: "sheet-actions" },
      h("button", { type: "button", class: "primary again", onclick: again }, t("play_again")),
      h("button", { type: "button", class: "new", onclick: onNew }, t("new_game")),
    ),
  );
  const reopen = s.resultClosed
    ? h(
        "button",
        { type: "button", class: "primary show-result", onclick: () => toggle(false) },
        t("show_result"),
      )
    : null;
  return [sheet, reopen];
}

// Pass-and-play: the hands are hidden between two humans until the next one says they are ready.
function drawPassScreen(s) {
  const name = seatNameFor(s)(s.viewer);
  app.replaceChildren(
    header(gameTitle(s.slug), { onBack: nav.leave }),
    h(
      "section",
      { class: "pass" },
      h("h2", {}, t("pass_to", { name })),
      h("p", {}, t("pass_hint", { name })),
      h(
        "button",
        {
          type: "button",
          class: "primary reveal",
          onclick: () => {
            s.revealedFor = s.viewer;
            s.table.redraw();
          },
        },
        t("ready", { name }),
      ),
    ),
  );
  document.body.dataset.screen = "pass";
  document.body.dataset.ready = "1";
}

// ---------------------------------------------------------------- the human's moves
export function refusalText(w, res) {
  return refusalWords(w, res);
}

// A tap: queued on the viewer's seat driver (in order, behind a move on its way).
function humanAct(s, action, probeToken = null) {
  if (s.table.ended || s.status.over) return;
  s.table.seats[s.viewer]?.tap?.(action, probeToken);
}

// A tap that extends no legal action: the view's reason, or the engine's (the move is sent as a
// question; it is refused with a code and nothing changes).
function explain(s, w, token, own, action) {
  if (own && typeof own === "object") {
    s.reason = { text: w.say(own), token, code: own.code };
    return render(s);
  }
  const asked = typeof own === "string" ? own : action;
  if (!asked) {
    s.reason = { text: t("cannot_use_now"), token };
    return render(s);
  }
  return humanAct(s, asked, token);
}

// ---------------------------------------------------------------- the computer stalled
// A computer move that failed twice in a row (table.js: failed) stops the loop in a clear state: a
// notice on the table says why, with a button to try again (and, for a computer strength this
// version does not know, one to play on at the game's default strength).
function botStalledNotice(s) {
  const stalled = s.table.stalled;
  if (!stalled || s.status.over) return null;
  const info = current.catalog[s.slug] || {};
  const known = (info.levels || []).includes(s.level);
  const retry = (level) => {
    if (level) {
      s.level = level;
      s.save?.();
    }
    s.table.resume();
    delete document.body.dataset.botStalled;
    render(s);
    s.table.pump();
  };
  return h(
    "section",
    { class: "bot-stalled", role: "alert", dataset: { reason: stalled.reason } },
    h(
      "p",
      {},
      known
        ? t("computer_stalled", { reason: refusalWords(words(s.slug), stalled.answer) })
        : t("computer_level_unknown", { level: s.level }),
    ),
    h("p", {}, t("computer_stalled_safe")),
    h(
      "div",
      { class: "actions" },
      known || !info.default_level
        ? null
        : h(
            "button",
            {
              type: "button",
              class: "primary use-level",
              onclick: () => retry(info.default_level),
            },
            t("computer_use_level", { level: t(`level_${info.default_level}`) }),
          ),
      h(
        "button",
        { type: "button", class: "retry-bot", onclick: () => retry(null) },
        t("computer_retry"),
      ),
    ),
  );
}

// ---------------------------------------------------------------- Suggest
// The computer player's own choice for the human's seat, from that seat's view only, asked once
// per position. A suggestion is the best move the app can give at a normal wait whatever the
// opponents' level: normal (the rule-based player, easy or random opponents are weaker), strong
// where the player chose strong opponents and so their wait.
// The request stands until the viewer moves (or takes a move back): where the others move at the
// same time (Más-Menos' discards beside a declaration), their move must not swallow the answer
// the player asked for; the next position is asked again.
function suggestionAsked(s) {
  const asked = s.suggestAt;
  if (!asked) return false;
  const mine = s.log.actions.filter(([seat]) => seat === s.viewer).length;
  return asked.mine === mine && s.log.actions.length >= asked.length;
}

function suggestArgs(s) {
  const level = s.level === "strong" ? "strong" : "normal";
  return [s.viewer, level, (s.log.seed + s.log.actions.length) & 0x7fffffff];
}

function assistBar(s, view, ui) {
  const levels = current.catalog[s.slug]?.levels || [];
  if (s.module.OWN_HINT || !levels.includes("normal") || view.phase === "over" || !ui.canAct)
    return null;
  const args = suggestArgs(s);
  const asked = suggestionAsked(s) ? queries.get("bot_action", args) : null;
  const action = asked?.result?.ok ? asked.result.action : null;
  return h(
    "div",
    { class: "assist-bar" },
    h(
      "button",
      {
        type: "button",
        class: "suggest",
        disabled: asked?.busy ? true : null,
        onclick: () => {
          s.suggestAt = {
            mine: s.log.actions.filter(([seat]) => seat === s.viewer).length,
            length: s.log.actions.length,
          };
          render(s);
        },
      },
      asked?.busy ? t("suggest_busy") : t("suggest"),
    ),
    h(
      "span",
      { class: "suggestion", role: "status", dataset: { action: action || "", level: args[1] } },
      action
        ? t("suggested", { move: ui.words.move(action) })
        : asked?.result && !asked.result.ok
          ? refusalWords(ui.words, asked.result)
          : "",
    ),
  );
}

function markSuggestion(s) {
  const entry = suggestionAsked(s) ? queries.peek("bot_action", suggestArgs(s)) : null;
  const action = entry?.result?.ok ? entry.result.action : null;
  if (!action) return;
  for (const word of action.split(" ")) {
    for (const el of app.querySelectorAll(`.table [data-card="${CSS.escape(word)}"]`))
      el.classList.add("suggested");
  }
}

// ---------------------------------------------------------------- one-player games
export function setupFromLog(log, info) {
  const options = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  const base = {
    players: info.default_players,
    options,
    mode: "bot",
    level: info.default_level || "random",
  };
  if (
    log &&
    Number.isInteger(log.players) &&
    log.players >= info.min_players &&
    log.players <= info.max_players
  )
    base.players = log.players;
  return base;
}

export function shareLink(s) {
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("game", s.slug);
  url.searchParams.set("seed", s.log.seed);
  if (Object.keys(s.log.options || {}).length)
    url.searchParams.set("options", JSON.stringify(s.log.options));
  return url.href;
}

function solitaireBar(s) {
  const label = s.deal
    ? t("daily_deal", { date: s.deal.slice(6) })
    : t("deal_seed", { seed: s.log.seed });
  return h(
    "div",
    { class: "solitaire-bar", role: "toolbar", "aria-label": t("deal_tools") },
    h("span", { class: "deal-name", dataset: { seed: s.log.seed } }, label),
    h(
      "button",
      {
        type: "button",
        class: "undo",
        disabled: !s.log.actions.length || s.busy > 0,
        onclick: undoMove,
        "aria-keyshortcuts": "Control+Z",
      },
      "↶ ",
      t("undo"),
    ),
    h(
      "button",
      {
        type: "button",
        class: "redo",
        disabled: !s.redo.length || s.busy > 0,
        onclick: redoMove,
        "aria-keyshortcuts": "Control+Y",
      },
      "↷ ",
      t("redo"),
    ),
    h("button", { type: "button", class: "share", onclick: () => shareDeal(s) }, t("share_deal")),
  );
}

async function undoMove() {
  const s = current.session;
  if (!s || s.busy || !s.log.actions.length) return;
  const res = await s.table.undo();
  if (res && !res.ok) toast(refusalWords(words(s.slug), res));
}

async function redoMove() {
  const s = current.session;
  if (!s || s.busy || !s.redo.length) return;
  const [, action] = s.redo[s.redo.length - 1];
  humanAct(s, action); // pops the redo stack: it is the same move
}

async function shareDeal(s) {
  const link = shareLink(s);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    /* no clipboard (insecure page, denied): the link is shown to copy by hand */
  }
  toast(copied ? t("link_copied", { link }) : t("link_is", { link }), "info");
  document.body.dataset.shared = link;
}

// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) on the table of a one-player game.
document.addEventListener("keydown", (e) => {
  const s = current.session;
  if (!s || !s.solitaire || document.body.dataset.screen !== "table" || !(e.ctrlKey || e.metaKey))
    return;
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) {
    e.preventDefault();
    undoMove();
  }
  if (key === "y" || (key === "z" && e.shiftKey)) {
    e.preventDefault();
    redoMove();
  }
});
