// The table loop: a game in progress, the human's taps, the computer's paced moves, pass-and-play,
// the result sheet, Suggest, and the one-player tools (undo, redo, share).
//
// One round trip per tap (game.act) and one per computer move (game.botMove): each answer carries
// the viewer's view and the engine's log, which is saved as it is. Taps made while a move is on
// its way are queued in order, never dropped; the engine refuses what has stopped being legal,
// and the refusal is said in words next to the hand.
import { h } from "../kit/dom.js";
import { face } from "../kit/faces.js";
import { makePace, snapshot, SPEEDS, travel } from "../kit/pace.js";
import { Picker } from "../kit/picker.js";
import { makeQueries } from "../kit/query.js";
import { currentLanguage, gameTitle, loadGame, t, words } from "../kit/words.js";
import { app, dismissToast, header, hooks, toast } from "./chrome.js";
import { call, game } from "./engine.js";
import { readSave, sameGameStored, saveKey, saveMovedOn, settings, store, testParam, writeSave } from "./store.js";

// ?botdelay=N (ms per computer action; 0 = instant) keeps tests fast (the test build only: a
// reader's link cannot change the pace); without it, the speed setting.
const BOT_DELAY = (() => {
  const raw = testParam("botdelay");
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 10000 ? n : null;
})();
let pace = makePace(settings.speed, BOT_DELAY);
hooks.speedChanged = () => { pace = makePace(settings.speed, BOT_DELAY); };

// What happened when, for tests and the console: {kind: "bot"|"human"|"bot-failed", seat, action
// (for a failure: its reason), at}.
export const events = [];
const record = (kind, seat, action) => { events.push({ kind, seat, action, at: performance.now() }); if (events.length > 500) events.shift(); };

export const current = { session: null, catalog: null, engineBooted: false, newGame: null, showSetup: null, leave: null };

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
  recordsLoading ||= import("./records.js").then((m) => m.styled.then(() => { records = m; return m; }),
    (err) => { recordsLoading = null; throw err; });
  return recordsLoading;
}
const withRecords = (run) => (records ? run(records) : loadRecords().then(run));
const whenRecords = (run) => { if (records) run(records); else loadRecords().then(run).catch((err) => console.error(err)); };

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

export function endSession() {
  const s = current.session;
  if (s) clearTimeout(s.botTimer);
  current.session = null;
}

// ---------------------------------------------------------------- starting and loading
let lastLoadError = "";
export const loadError = () => lastLoadError;
// The engine's refusal of a whole record (a link, a replay, a save) has no code: a Japanese screen
// says so in Japanese (the English reason stays in the console), an English one gives the reason.
export function recordRefusal(answer) {
  if (currentLanguage() !== "en") console.info("refused by the engine:", answer.error);
  return currentLanguage() === "en" ? answer.error || answer.code : t("record_not_valid");
}

let sessions = 0;
function makeSession(slug, module, log, mode, level, extra, players) {
  const humans = mode === "hotseat" ? [...Array(players).keys()] : [extra.human ?? 0];
  return {
    id: ++sessions, slug, module, log: structuredClone(log), mode, level, humans, players,
    status: null, view: null, viewSeat: null, viewer: humans[0], revealedFor: mode === "hotseat" ? null : humans[0],
    pick: [], pickKey: null, pending: Promise.resolve(), busy: 0, botTimer: null, botRunning: false, botFailures: 0,
    redo: extra.redo || [], deal: extra.deal || null, solitaire: players === 1, shown: null,
    reason: null, holdUntil: 0, holds: new Set(), collected: new Set(), resultClosed: false, suggestAt: null,
    gid: extra.gid || newGameId(), saveToken: extra.token, botStalled: null,
    waitFor: null, skipping: false, skipDrawn: 0,
  };
}

// The engine's answer becomes the session's state and is saved. False when another tab has
// written this game since (nothing is saved then, and this tab takes the other tab's game up).
// A game that ends here is counted in the player's statistics (records.js), once.
function take(s, res, viewer, kind = "sync") {
  const wasOver = s.status ? s.status.over : null;
  if (res.log) s.log = res.log;
  s.status = { over: res.over, to_move: res.to_move, players: res.players ?? s.players, moves: res.moves };
  s.view = res.view;
  s.viewSeat = viewer;
  if (s.lesson) { s.lesson.persist(s); return true; } // a lesson: its own progress only, never the save nor the statistics
  if (!writeSave(s)) {
    followOtherTab(s, kind);
    return false;
  }
  if (wasOver === false && s.status.over) whenRecords((r) => r.gameEnded(s, res.view, () => render(s)));
  return true;
}

export async function startSession(slug, log, mode, level, extra = {}) {
  app.replaceChildren(header(gameTitle(slug)), h("p", { class: "loading" }, t(replayPending() ? "loading_after_replay" : "loading")));
  const modulePromise = import(`../views/${slug}.js`).then(async (m) => { await loadGame(slug); return m; });
  const viewer = 0;
  // A log the engine cannot even read (an exception instead of a refusal) is a refusal too.
  const loading = game.load(log, viewer).catch((err) => ({ ok: false, error: String(err && err.message || err) }));
  // A return visit against the computer: the table the player left is drawn at once from the
  // save (it is their own view), while the engine boots and replays the log. A tap meanwhile
  // waits in the call queue behind the load; the engine's own view replaces this one when ready.
  const shown = extra.shown;
  if (shown && mode === "bot" && shown.moves === log.actions.length && shown.code === current.catalog[slug]?.code && !current.engineBooted) {
    const module = await modulePromise;
    const s = makeSession(slug, module, log, mode, level, extra, log.players);
    s.provisional = true;
    s.shown = shown;
    s.status = { over: shown.view.phase === "over" || "result" in shown.view, to_move: shown.view.to_move, players: log.players };
    s.view = shown.view;
    s.viewSeat = 0;
    current.session = s;
    writeSave(s); // a cold visit's opening is the game from now on, saved as a return visit's is
    hooks.rerender = () => drawTable();
    try {
      render(s);
    } catch { // a saved table this code cannot draw: wait for the engine's
      app.replaceChildren(header(gameTitle(slug)), h("p", { class: "loading" }, t("loading")));
    }
    const loaded = await loading;
    if (current.session !== s) return true; // the player left meanwhile
    if (!loaded.ok) {
      current.session = null;
      lastLoadError = recordRefusal(loaded);
      return false;
    }
    s.provisional = false;
    take(s, loaded, viewer);
    await drawTable();
    return true;
  }
  const [module, loaded] = await Promise.all([modulePromise, loading]);
  if (!loaded.ok) {
    lastLoadError = recordRefusal(loaded);
    return false;
  }
  const s = makeSession(slug, module, log, mode, level, extra, loaded.players);
  take(s, loaded, viewer);
  current.session = s;
  hooks.rerender = () => drawTable();
  await drawTable();
  return true;
}

// A lesson (static/app/lesson.js) plays on this same table loop: `director` chooses the other
// seats' moves (its script, never a bot), lets through only the reader's asked move (anything the
// engine refuses is still asked of the engine, which says why), adds its words to each drawing,
// and keeps its own progress instead of the game's save.
export async function startDirected(slug, module, log, director) {
  const loaded = await game.load(log, director.human);
  if (!loaded.ok) {
    lastLoadError = recordRefusal(loaded);
    return false;
  }
  const s = makeSession(slug, module, log, "bot", "random", { human: director.human }, loaded.players);
  s.lesson = director;
  take(s, loaded, director.human);
  current.session = s;
  hooks.rerender = () => drawTable();
  await drawTable();
  return true;
}

// The computer's next move is due now (a lesson's "continue"): no more waiting.
export function wakeComputer() {
  const s = current.session;
  if (!s) return;
  clearTimeout(s.botTimer);
  s.botTimer = null;
  s.holdUntil = 0;
  scheduleBot();
}

// ---------------------------------------------------------------- names
function seatNameFor(s) {
  return (seat) => {
    if (!s || s.mode === "replay") return t("player_n", { n: seat + 1 });
    if (s.mode === "hotseat") return t("player_n", { n: seat + 1 });
    if (seat === s.humans[0]) return t("you");
    return s.players > 2 ? t("computer_n", { n: seat }) : t("computer");
  };
}

export function replayHref(s, actions) {
  const log = { game: s.slug, players: s.log.players, options: s.log.options, seed: s.log.seed, actions: actions.map((a) => [0, a]) };
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("replay", JSON.stringify(log));
  url.searchParams.set("lang", currentLanguage());
  return url.href;
}

// ---------------------------------------------------------------- the ui a view draws with
// Every view draws with the kit: the picker, the dock, faces, holds and queries.
const queries = makeQueries(call, () => current.session && drawTable());

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
  if (s.pickKey !== s.viewer) { s.pick = []; s.pickKey = s.viewer; }
  queries.at(position);
  Object.assign(ui, {
    viewer: s.viewer, mode: replay ? "replay" : s.mode, lang: currentLanguage(), words: w,
    canAct: canMove, t: w.t, say: w.say, seatName, cardName: w.cardName,
    seatShort: (seat) => (s.mode === "bot" && seat === s.humans[0] ? t("you") : String(s.mode === "bot" ? seat : seat + 1)),
    face: (token, opts = {}) => face(token, { spec: module.faces, words: w, ...opts }),
    act: replay ? () => {} : (action) => humanAct(s, action),
    call: (name, ...args) => engineCall(s, name, ...args), rerender: () => render(s),
    query: (name, ...args) => queries.get(name, args),
    replayHref: (actions) => replayHref(s, actions),
    hold: (key) => {
      if (replay || s.skipping || s.holds.has(key)) return;
      s.holds.add(key);
      s.holdUntil = Math.max(s.holdUntil, performance.now() + pace.hold);
    },
    collect: (key) => {
      s.collected.add(key);
      s.holdUntil = 0;
      if (s.botTimer) { clearTimeout(s.botTimer); s.botTimer = null; }
      render(s);
      scheduleBot();
    },
    collected: (key) => s.collected.has(key),
    // A sheet the player dismisses (Stop the Bus's showdown): the computer waits for ui.collect(key).
    // Called on every draw that shows the sheet; a draw without it lets the computer go on.
    wait: (key) => { if (!replay && !s.skipping && !s.collected.has(key)) s.waitFor = key; },
    // The player is out (or has seen enough): the computers finish the game at once, without
    // pauses, holds or sheets, and the table is drawn now and then until the result.
    skipToEnd: () => {
      if (replay || s.mode !== "bot") return;
      s.skipping = true;
      s.waitFor = null;
      s.holdUntil = 0;
      if (s.botTimer) { clearTimeout(s.botTimer); s.botTimer = null; }
      render(s);
      scheduleBot();
    },
    skipping: s.skipping,
    dock: () => (ui.dockEl ||= h("div", { class: "dock" })),
  });
  ui.picker = new Picker({
    legal: canMove ? view.legal_actions || [] : [], selection: s.pick, words: w, spec: module.faces, verbs: module.verbs || {},
    act: ui.act, rerender: () => { s.reason = null; render(s); },
    explain: (token, own, action) => (replay ? null : explain(s, w, token, own, action)),
  });
  return ui;
}

// ---------------------------------------------------------------- drawing
function chooseViewer(s) {
  if (s.status.over) return;
  const waiting = s.status.to_move.filter((seat) => s.humans.includes(seat));
  if (waiting.length && !waiting.includes(s.viewer)) s.viewer = waiting[0];
}

export async function drawTable(before = null) {
  const s = current.session;
  if (!s) return;
  chooseViewer(s);
  if (s.mode === "hotseat" && !s.status.over && s.revealedFor !== s.viewer) return drawPassScreen(s);
  if (s.viewSeat !== s.viewer) {
    const got = await game.view(s.viewer);
    if (s !== current.session) return;
    if (!got.ok) return toast(got.error);
    s.view = got.view;
    s.viewSeat = s.viewer;
  }
  if (s.mode === "bot" && s.viewer === s.humans[0] && !s.provisional && !s.lesson) {
    s.shown = { moves: s.log.actions.length, code: current.catalog[s.slug]?.code, view: s.view };
    if (!writeSave(s)) return followOtherTab(s, "sync");
  }
  render(s, before);
  scheduleBot();
}

function render(s, before = null) {
  if (s !== current.session) return;
  const view = s.view;
  const ui = makeUi(s, view);
  const focused = app.contains(document.activeElement) ? document.activeElement : null;
  const focusSel = focused?.dataset?.token ? `[data-token="${CSS.escape(focused.dataset.token)}"]`
    : focused?.dataset?.verb ? `button[data-verb="${CSS.escape(focused.dataset.verb)}"]` : null;
  s.waitFor = null; // the view asks again (ui.wait) while it shows a sheet to dismiss
  const table = s.module.render(view, ui);
  const assist = s.solitaire || s.lesson ? null : assistBar(s, view, ui);
  // Next to the hand: why a tap did nothing, the picker's buttons (unless the view placed
  // them), and Suggest. A view places ui.dock() by its hand; otherwise it goes under the table.
  const bar = ui.picker.bars.length ? null : ui.picker.bar();
  ui.picker.finish();
  const parts = [h("p", { class: `reason${s.reason ? " shown" : ""}`, role: "status", dataset: { code: s.reason?.code } }, s.reason ? s.reason.text : ""), bar, assist];
  const dock = ui.dockEl ? null : h("div", { class: "dock" });
  (ui.dockEl || dock).replaceChildren(...parts.filter(Boolean));
  const onNew = s.lesson ? () => s.lesson.playReal() : () => {
    endSession();
    if (!saveMovedOn(s) || sameGameStored(s)) gameAbandoned(s); // a game given up counts as played, not won (records.js)
    store.removeItem(saveKey(s.slug));
    current.showSetup(s.slug, setupFromLog(s.log, current.catalog[s.slug]));
  };
  // The header stays while the table is redrawn, so an open menu stays open as the computer plays.
  const headKey = `${s.id}:${currentLanguage()}`;
  let head = app.querySelector(":scope > header.bar");
  if (!head || head.dataset.key !== headKey) {
    head = header(s.lesson ? s.lesson.title() : gameTitle(s.slug), { slug: s.slug, onNew, onBack: current.leave });
    head.dataset.key = headKey;
  }
  // A lesson has no undo, redo or deal to share: its moves are the lesson's.
  const nodes = [head, botStalledNotice(s),
    s.solitaire && !s.lesson ? solitaireBar(s) : null, table, dock];
  if ((view.phase === "over" || s.status.over) && s.module.renderResult) nodes.push(...(s.lesson ? s.lesson.resultSheet(s, view, ui) : resultSheet(s, view, ui, onNew)));
  app.replaceChildren(...nodes.filter(Boolean));
  if (s.lesson) s.lesson.decorate(s, ui, view);
  markSuggestion(s);
  if (s.reason && s.reason.token) {
    for (const el of app.querySelectorAll(`.table [data-token="${CSS.escape(s.reason.token)}"]`)) el.classList.add("refused");
  }
  if (focusSel) app.querySelector(focusSel)?.focus();
  travel(app, before, pace.travel);
  document.body.dataset.screen = "table";
  document.body.dataset.phase = view.phase;
  if (!document.body.dataset.shown) performance.mark("table-shown");
  document.body.dataset.shown = "1";
  if (!records) whenRecords(() => {}); // the table is up: the record's code can come now
  if (s.provisional) return; // drawn from the save: playable, the engine confirms it next
  if (!document.body.dataset.ready) performance.mark("table-ready");
  document.body.dataset.ready = "1";
}

// The result: a sheet over the bottom of the table that can be closed to look at the final
// table and opened again.
function resultSheet(s, view, ui, onNew) {
  const again = () => current.newGame(s.slug, { ...setupFromLog(s.log, current.catalog[s.slug]), options: s.log.options, mode: s.mode, level: s.level });
  const toggle = (closed) => { s.resultClosed = closed; render(s); };
  const sheet = h("section", { class: "result", role: "dialog", "aria-label": t("game_over_label"), hidden: s.resultClosed },
    h("div", { class: "sheet-tools" }, h("button", { type: "button", class: "close-sheet", onclick: () => toggle(true) }, t("see_table"))),
    s.module.renderResult(view, ui),
    records ? records.afterGame(s, view, current.catalog[s.slug], () => render(s)) : void whenRecords(() => render(s)),
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "primary again", onclick: again }, t("play_again")),
      h("button", { type: "button", class: "new", onclick: onNew }, t("new_game"))));
  const reopen = s.resultClosed ? h("button", { type: "button", class: "primary show-result", onclick: () => toggle(false) }, t("show_result")) : null;
  return [sheet, reopen];
}

function drawPassScreen(s) {
  const name = seatNameFor(s)(s.viewer);
  app.replaceChildren(header(gameTitle(s.slug), { onBack: current.leave }), h("section", { class: "pass" },
    h("h2", {}, t("pass_to", { name })), h("p", {}, t("pass_hint", { name })),
    h("button", { type: "button", class: "primary reveal", onclick: () => { s.revealedFor = s.viewer; drawTable(); } }, t("ready", { name }))));
  document.body.dataset.screen = "pass";
  document.body.dataset.ready = "1";
}

// ---------------------------------------------------------------- the human's moves
function refusalText(w, res) {
  if (res.code && w.has(res.code)) return w.say(res);
  return t("refused_reason", { reason: res.error || res.code });
}

function humanAct(s, action, probeToken = null) {
  const run = s.pending.then(() => playHuman(s, action, probeToken));
  s.pending = run.catch((err) => toast(String(err)));
  return run;
}

async function playHuman(s, action, probeToken) {
  if (s !== current.session || s.status.over) return;
  if (s.lesson && !s.lesson.allows(s, action)) return render(s); // a legal move the lesson does not ask for: it says so
  if (!s.lesson && saveMovedOn(s) && !sameGameStored(s)) return followOtherTab(s, "move"); // a stale tab: the move is refused, said
  s.busy++;
  const before = snapshot(app);
  const res = await game.act(s.viewer, action, s.viewer);
  s.busy--;
  if (s !== current.session) return;
  const w = words(s.slug, { seatName: seatNameFor(s), spec: s.module.faces, formatParam: s.module.formatParam });
  if (!res.ok) {
    record("refused", s.viewer, action); // what was asked of the engine, and refused (tests, the console)
    if (s.redo.length && s.redo[s.redo.length - 1][1] === action) { s.redo = []; writeSave(s); } // a redo the engine no longer takes
    s.reason = { text: refusalText(w, res), token: probeToken, code: res.code };
    render(s);
    return;
  }
  const next = s.redo[s.redo.length - 1];
  if (next && next[0] === s.viewer && next[1] === action) s.redo.pop();
  else s.redo = [];
  const actor = s.viewer;
  s.pick = [];
  if (!take(s, res, s.viewer, "move")) return;
  s.reason = null;
  dismissToast();
  record("human", actor, action);
  if (s.mode === "hotseat" && !s.status.over && !s.status.to_move.includes(actor)) s.revealedFor = null;
  await drawTable(before);
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

// ---------------------------------------------------------------- the computer's moves
function scheduleBot() {
  const s = current.session;
  if (!s || s.provisional || s.status.over || s.botTimer || s.botRunning || s.botStalled || s.waitFor) return;
  const seat = s.lesson ? s.lesson.nextComputerSeat(s) : s.status.to_move.find((x) => !s.humans.includes(x));
  if (seat === undefined) return;
  // A view may ask for a longer pause (e.g. Más-Menos's discards: a person's time to choose);
  // a lesson's pause is the time to read its words, at the player's speed.
  const factor = s.module.botDelayFactor && !s.lesson ? s.module.botDelayFactor(s.view) : 1;
  const reading = s.lesson ? s.lesson.readingMs() * (pace.action(1) / SPEEDS.normal.action) : 0;
  const wait = s.skipping ? 0 : Math.max(pace.action(factor), s.holdUntil - performance.now(), reading);
  s.botTimer = setTimeout(() => runBot(s, seat), Math.max(0, wait));
}

const INSTANT_LEVELS = ["random", "heuristic"];

async function runBot(s, seat) {
  s.botTimer = null;
  if (s !== current.session || s.waitFor) return;
  if (!s.skipping && performance.now() < s.holdUntil - 5) return scheduleBot(); // a finished trick is still on show
  s.botRunning = true;
  const before = snapshot(app);
  // Skipping to the end, the computers play at their quickest search level (the player is out);
  // random and the rule-based player (heuristic) decide at once already and keep their level.
  const level = s.skipping && !INSTANT_LEVELS.includes(s.level) ? "easy" : s.level;
  const res = s.lesson ? await s.lesson.computerMove(s, seat) : await game.botMove(seat, level, randomSeed(), s.viewer);
  s.botRunning = false;
  if (s !== current.session) return;
  if (!res.ok) {
    record("bot-failed", seat, res.error || res.code || "?");
    return botFailed(s, res);
  }
  s.botFailures = 0;
  s.redo = [];
  if (!take(s, res, s.viewer)) return;
  record("bot", seat, res.action);
  if (s.skipping && !s.status.over) { // drawn a few times a second, not at every move
    if (performance.now() - s.skipDrawn > 300) { s.skipDrawn = performance.now(); render(s); }
    return scheduleBot();
  }
  await drawTable(before);
}

// A computer move that failed (a refusal, an unknown level, a move made outside this loop): the
// log this tab holds is loaded into the engine again, so the table, the save and the engine agree
// (a move applied from elsewhere is dropped), and the loop goes on from the engine's status. A
// second failure in a row stops the loop in a clear state: a notice on the table says why, with
// a button to try again (and, for a computer strength this version does not know, one to play on
// at the game's default strength). Never retried by itself more than once.
async function botFailed(s, res) {
  s.botFailures++;
  const reason = res.error || res.code || "?";
  const again = await game.load(s.log, s.viewer).catch((err) => ({ ok: false, error: String(err && err.message || err) }));
  if (s !== current.session) return;
  if (again.ok && !take(s, again, s.viewer)) return;
  if (!again.ok || s.botFailures >= 2) {
    s.botStalled = { reason: again.ok ? reason : again.error }; // said by the notice on the table
    document.body.dataset.botStalled = "1";
  }
  return drawTable();
}

function botStalledNotice(s) {
  if (!s.botStalled || s.status.over) return null;
  const info = current.catalog[s.slug] || {};
  const known = (info.levels || []).includes(s.level);
  const retry = (level) => {
    if (level) { s.level = level; if (!s.lesson) writeSave(s); }
    s.botStalled = null;
    s.botFailures = 0;
    delete document.body.dataset.botStalled;
    render(s);
    scheduleBot();
  };
  return h("section", { class: "bot-stalled", role: "alert", dataset: { reason: s.botStalled.reason } },
    h("p", {}, known ? t("computer_stalled", { reason: s.botStalled.reason }) : t("computer_level_unknown", { level: s.level })),
    h("p", {}, t("computer_stalled_safe")),
    h("div", { class: "actions" },
      known || !info.default_level ? null
        : h("button", { type: "button", class: "primary use-level", onclick: () => retry(info.default_level) }, t("computer_use_level", { level: t(`level_${info.default_level}`) })),
      h("button", { type: "button", class: "retry-bot", onclick: () => retry(null) }, t("computer_retry"))));
}

// ---------------------------------------------------------------- two tabs on one game
// Each tab holds its own engine; the save is the one truth. When another tab writes this game's
// save (the `storage` event), this tab takes that game up and says so; a move made here after the
// other tab wrote (a stale tab) is refused, said, and never overwrites the newer game (writeSave
// checks the token of the last write). A game ended in the other tab (its save removed) ends here.
export async function followOtherTab(s, kind = "sync") {
  if (s !== current.session) return;
  endSession();
  const saved = readSave(s.slug);
  if (saved === null) {
    toast(t("tab_ended"), "info");
    return current.showSetup(s.slug, setupFromLog(s.log, current.catalog[s.slug]));
  }
  if (saved.broken) return current.route();
  const info = current.catalog[s.slug];
  const ok = await startSession(s.slug, saved.log, saved.mode, saved.level || info.default_level || "random",
    { redo: saved.redo, deal: saved.deal, gid: saved.gid, token: saved.w });
  if (!ok) return current.route();
  toast(t(kind === "move" ? "tab_move_refused" : "tab_updated"), kind === "move" ? "error" : "info");
  document.body.dataset.followed = String(Number(document.body.dataset.followed || 0) + 1);
  if (current.session) takeUpIfNewer(current.session); // written again meanwhile
}

// The save was written by another tab: take its game up, unless it is this very game and
// position written again (e.g. with its table on show), which needs nothing.
function takeUpIfNewer(s) {
  if (!saveMovedOn(s) || sameGameStored(s)) return; // this tab's own write seen late, or this very position
  followOtherTab(s, "sync");
}

window.addEventListener("storage", (e) => {
  const s = current.session;
  if (!s || s.provisional || s.lesson || e.key !== saveKey(s.slug)) return; // a lesson never follows the real game's save
  takeUpIfNewer(s);
});

// ---------------------------------------------------------------- Suggest
// The computer player's own choice for the human's seat, from that seat's view only, asked once
// per position. A suggestion is the best move the app can give at a normal wait whatever the
// opponents' level: normal (the rule-based player, easy or random opponents are weaker), strong
// where the player chose strong opponents and so their wait.
function suggestArgs(s) {
  const level = s.level === "strong" ? "strong" : "normal";
  return [s.viewer, level, (s.log.seed + s.log.actions.length) & 0x7fffffff];
}

function assistBar(s, view, ui) {
  const levels = current.catalog[s.slug]?.levels || [];
  if (s.module.OWN_HINT || !levels.includes("normal") || view.phase === "over" || !ui.canAct) return null;
  const args = suggestArgs(s);
  const asked = s.suggestAt === s.log.actions.length ? queries.get("bot_action", args) : null;
  const action = asked?.result?.ok ? asked.result.action : null;
  return h("div", { class: "assist-bar" },
    h("button", { type: "button", class: "suggest", disabled: asked?.busy ? true : null,
      onclick: () => { s.suggestAt = s.log.actions.length; render(s); } }, asked?.busy ? t("suggest_busy") : t("suggest")),
    h("span", { class: "suggestion", role: "status", dataset: { action: action || "", level: args[1] } },
      action ? t("suggested", { move: ui.words.move(action) }) : asked?.result && !asked.result.ok ? asked.result.error : ""));
}

function markSuggestion(s) {
  const entry = s.suggestAt === s.log.actions.length ? queries.peek("bot_action", suggestArgs(s)) : null;
  const action = entry?.result?.ok ? entry.result.action : null;
  if (!action) return;
  for (const word of action.split(" ")) {
    for (const el of app.querySelectorAll(`.table [data-card="${CSS.escape(word)}"]`)) el.classList.add("suggested");
  }
}

// ---------------------------------------------------------------- one-player games
export function setupFromLog(log, info) {
  const options = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  const base = { players: info.default_players, options, mode: "bot", level: info.default_level || "random" };
  if (log && Number.isInteger(log.players) && log.players >= info.min_players && log.players <= info.max_players) base.players = log.players;
  return base;
}

export function shareLink(s) {
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("game", s.slug);
  url.searchParams.set("seed", s.log.seed);
  if (Object.keys(s.log.options || {}).length) url.searchParams.set("options", JSON.stringify(s.log.options));
  return url.href;
}

function solitaireBar(s) {
  const label = s.deal ? t("daily_deal", { date: s.deal.slice(6) }) : t("deal_seed", { seed: s.log.seed });
  return h("div", { class: "solitaire-bar", role: "toolbar", "aria-label": t("deal_tools") },
    h("span", { class: "deal-name", dataset: { seed: s.log.seed } }, label),
    h("button", { type: "button", class: "undo", disabled: !s.log.actions.length || s.busy > 0, onclick: undoMove, "aria-keyshortcuts": "Control+Z" }, "↶ ", t("undo")),
    h("button", { type: "button", class: "redo", disabled: !s.redo.length || s.busy > 0, onclick: redoMove, "aria-keyshortcuts": "Control+Y" }, "↷ ", t("redo")),
    h("button", { type: "button", class: "share", onclick: () => shareDeal(s) }, t("share_deal")));
}

async function undoMove() {
  const s = current.session;
  if (!s || s.busy || !s.log.actions.length) return;
  if (saveMovedOn(s) && !sameGameStored(s)) return followOtherTab(s, "move");
  s.busy++;
  const res = await game.undo(s.viewer);
  s.busy--;
  if (s !== current.session) return;
  if (!res.ok) return toast(res.error);
  s.redo.push(res.undone);
  if (!take(s, res, s.viewer, "move")) return;
  await drawTable();
}

async function redoMove() {
  const s = current.session;
  if (!s || s.busy || !s.redo.length) return;
  const [, action] = s.redo[s.redo.length - 1];
  await humanAct(s, action); // pops the redo stack: it is the same move
}

async function shareDeal(s) {
  const link = shareLink(s);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch { /* no clipboard (insecure page, denied): the link is shown to copy by hand */ }
  toast(copied ? t("link_copied", { link }) : t("link_is", { link }), "info");
  document.body.dataset.shared = link;
}

// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) on the table of a one-player game.
document.addEventListener("keydown", (e) => {
  const s = current.session;
  if (!s || !s.solitaire || document.body.dataset.screen !== "table" || !(e.ctrlKey || e.metaKey)) return;
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) { e.preventDefault(); undoMove(); }
  if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); redoMove(); }
});
