// Where a game in progress meets the player's record: a game that ends is counted (stats.js), a
// game given up is counted as played and not won, a lost patience deal is checked by the solver
// (winnable yes/no/undecided), a daily deal is replayed by the computer in the player's seat (the
// duplicate comparison), and the result sheet says all that and offers a result to share.
//
// Loaded by play.js once a table is drawn (not by a cold visit's first table); a game's identity
// (the gid a save keeps, so a game is counted once) is made there.
//
//   gameEnded(s, view, redraw)          the table loop calls it when a game ends in this tab
//   gameAbandoned(game)                 a new game replaces one in progress ({slug, mode, level,
//                                       gid, log, over}: a session or a save)
//   engineCall(s, name, ...args)        the engine call a view makes (ui.call): the after-game
//                                       truth and duplicate are asked once and shared with this
//   afterGame(s, view, ui, redraw)      the result sheet's part about the record, daily and share
//   readStats(slug)                     the game's record (a damaged one is reported and replaced)
//   replayPending()                     a duplicate is still running in the worker
import { h, useCss } from "../kit/dom.js";
import { currentLanguage, gameTitle, t } from "../kit/words.js";
import { hooks, toast } from "./chrome.js";
import { call, refusalWords } from "./engine.js";
import {
  dailyStreak,
  readRecord,
  recordAbandoned,
  recordComputer,
  recordFinished,
  recordTruth,
  scoreOrder,
  sidesOf,
  SOLO,
} from "./stats.js";
import { dateWords, dealLink, localDate, resultWords, share, shareText } from "./daily.js";
import { store } from "./store.js";

export const styled = useCss(new URL("./records.css", import.meta.url));

// A save written before games had an id: its deal and moves stand for it.
export function gameIdOf(game) {
  if (game.gid) return game.gid;
  const log = game.log || {};
  return `log:${log.seed}:${(log.actions || []).length}:${JSON.stringify(log.actions || []).length}`;
}

const counted = (game) => game.mode !== "hotseat";
const levelOf = (game) => (game.solitaire || game.log?.players === 1 ? SOLO : game.level);
const dateOf = (deal) => (deal && deal.startsWith("daily:") ? deal.slice(6) : null);

// A record that cannot be read is replaced (stats.js keeps it aside): the player is told once.
export function readStats(slug) {
  const read = readRecord(store, slug);
  if (read.problem) toast(t("stats_broken", { game: gameTitle(slug) }));
  return read;
}

function seatOutcome(outcome, seat) {
  return { place: outcome.place[seat], value: outcome.value[seat], score: outcome.score[seat] };
}

// ---------------------------------------------------------------- the after-game queries
// The truth of a patience deal and the duplicate of a daily deal take seconds of the worker: each
// is asked once per game (the view's own truth box gets the same answer) and kept.
const asked = new Map(); // key -> {promise, result, started}

function askOnce(key, run) {
  let entry = asked.get(key);
  if (!entry) {
    entry = { result: null, started: performance.now() };
    entry.promise = Promise.resolve()
      .then(run)
      .then(
        (r) => r,
        (err) => ({ ok: false, error: String((err && err.message) || err) }),
      )
      .then((r) => {
        entry.result = r;
        return r;
      });
    asked.set(key, entry);
    while (asked.size > 24) asked.delete(asked.keys().next().value);
  }
  return entry;
}

const truthKey = (s) => `${gameIdOf(s)}:${s.log.actions.length}:truth`;
const duplicateKey = (s) => `${gameIdOf(s)}:${s.log.actions.length}:duplicate`;

export function engineCall(s, name, ...args) {
  if (name === "truth" && args.length === 0 && s.status?.over)
    return askOnce(truthKey(s), () => call("truth")).promise;
  return call(name, ...args);
}

function askDuplicate(s, redraw) {
  const fresh = !asked.has(duplicateKey(s));
  const entry = askOnce(duplicateKey(s), () => call("duplicate", s.humans[0], "normal"));
  if (fresh) {
    tickWhilePending(entry);
    entry.promise.then((res) => {
      const date = dateOf(s.deal);
      if (res.ok && date && counted(s))
        recordComputer(
          store,
          s.slug,
          date,
          gameIdOf(s),
          seatOutcome(res.outcome, s.humans[0]),
          readStats(s.slug),
        );
      redraw();
    });
  }
  return entry;
}

// A duplicate still running in the worker: a new table waits behind it (said while loading).
export function replayPending() {
  for (const [key, entry] of asked) if (key.endsWith(":duplicate") && !entry.result) return true;
  return false;
}

// The seconds the computer has been replaying, on every panel that waits for it.
function tickWhilePending(entry) {
  const timer = setInterval(() => {
    if (entry.result) return clearInterval(timer);
    const n = Math.floor((performance.now() - entry.started) / 1000);
    for (const el of document.querySelectorAll(".duplicate[data-state=pending] .elapsed"))
      el.textContent = t("duplicate_elapsed", { n });
  }, 1000);
}

// ---------------------------------------------------------------- counting
export function gameEnded(s, view, redraw) {
  if (!counted(s) || !view || !view.outcome) return;
  const seat = s.humans[0];
  const outcome = seatOutcome(view.outcome, seat);
  const level = levelOf(s);
  const daily = dateOf(s.deal);
  const read = readStats(s.slug);
  recordFinished(
    store,
    s.slug,
    {
      id: gameIdOf(s),
      level,
      players: s.players,
      options: s.log.options || {},
      fullOptions: view.options || s.log.options || {},
      outcome,
      places: view.outcome.place,
      sides: sidesOf(s.slug, s.players),
      daily,
      on: localDate(),
    },
    read,
  );
  if (level === SOLO && outcome.place !== 1) {
    const id = gameIdOf(s);
    askOnce(truthKey(s), () => call("truth")).promise.then((res) => {
      if (res.ok) recordTruth(store, s.slug, id, res.truth.winnable, readStats(s.slug));
    });
  }
  if (daily && s.players > 1) askDuplicate(s, redraw);
}

export function gameAbandoned(game) {
  if (!game || !counted(game) || (game.over ?? game.status?.over) || !game.log) return false;
  const seat = game.humans ? game.humans[0] : 0;
  if (!game.log.actions.some((a) => a[0] === seat)) return false; // the player had not moved yet
  return recordAbandoned(
    store,
    game.slug,
    { id: gameIdOf(game), level: levelOf(game) },
    readStats(game.slug),
  );
}

// ---------------------------------------------------------------- the result sheet
const shares = new Map(); // game id -> {status, text, link}

function comparison(mine, theirs, order) {
  if (mine.value !== theirs.value) return mine.value > theirs.value ? "better" : "worse";
  if (
    typeof mine.score === "number" &&
    typeof theirs.score === "number" &&
    mine.score !== theirs.score
  ) {
    return (order === "low" ? mine.score < theirs.score : mine.score > theirs.score)
      ? "better"
      : "worse";
  }
  return "same";
}

export function afterGame(s, view, info, redraw) {
  if (!counted(s) || !view.outcome) return null;
  const lang = currentLanguage();
  const seat = s.humans[0];
  const mine = seatOutcome(view.outcome, seat);
  const sides = sidesOf(s.slug, s.players);
  const options = view.options || s.log.options || {};
  const date = dateOf(s.deal);
  const parts = [];
  let computer = null;
  if (date) {
    parts.push(h("h3", {}, t("daily_result", { date: dateWords(date, lang) })));
    parts.push(
      h(
        "p",
        {
          class: "mine",
          dataset: { place: mine.place, value: mine.value, score: mine.score ?? "" },
        },
        t("you_did", { result: resultWords(t, lang, s.slug, options, mine, sides) }),
      ),
    );
    if (s.players > 1) {
      const entry = askDuplicate(s, redraw);
      const res = entry.result;
      if (!res) {
        parts.push(
          h(
            "div",
            { class: "duplicate", dataset: { state: "pending" }, role: "status" },
            h("progress", { "aria-label": t("duplicate_busy") }),
            h("span", {}, t("duplicate_busy")),
            " ",
            h(
              "span",
              { class: "elapsed" },
              t("duplicate_elapsed", { n: Math.floor((performance.now() - entry.started) / 1000) }),
            ),
          ),
        );
      } else if (!res.ok) {
        parts.push(
          h(
            "p",
            { class: "duplicate", dataset: { state: "failed" } },
            t("duplicate_failed", { reason: refusalWords(null, res) }),
          ),
        );
      } else {
        computer = seatOutcome(res.outcome, seat);
        const order = scoreOrder(s.slug, options);
        parts.push(
          h(
            "div",
            {
              class: "duplicate",
              dataset: {
                state: "done",
                place: computer.place,
                value: computer.value,
                score: computer.score ?? "",
              },
            },
            h(
              "p",
              {},
              t("computer_did", { result: resultWords(t, lang, s.slug, options, computer, sides) }),
            ),
            h("p", { class: "verdict" }, t(`duplicate_${comparison(mine, computer, order)}`)),
          ),
        );
      }
    }
    const streak = dailyStreak(readStats(s.slug).record, localDate());
    parts.push(
      h(
        "p",
        { class: "daily-streak", dataset: { streak: streak.current } },
        t("daily_streak", { n: streak.current }),
      ),
    );
  }
  const id = gameIdOf(s);
  const shared = shares.get(id);
  const doShare = async () => {
    const text = shareText({
      t,
      lang,
      title: gameTitle(s.slug),
      slug: s.slug,
      options,
      deal: s.deal,
      seed: s.log.seed,
      outcome: mine,
      computer,
      sides,
    });
    const link = dealLink({
      base: location.href,
      slug: s.slug,
      deal: s.deal,
      seed: s.log.seed,
      players: s.players,
      defaultPlayers: info?.default_players,
      options: s.log.options,
      lang,
    });
    shares.set(id, { status: "busy", text, link });
    const status = await share(text, link);
    shares.set(id, { status, text, link });
    redraw();
  };
  parts.push(
    h(
      "div",
      { class: "share-row" },
      h("button", { type: "button", class: "share-result", onclick: doShare }, t("share_result")),
      h(
        "button",
        { type: "button", class: "stats-link", onclick: () => hooks.showStats(s.slug) },
        t("stats"),
      ),
    ),
  );
  if (shared && shared.status !== "busy") {
    parts.push(
      h(
        "div",
        { class: "share-box", dataset: { status: shared.status } },
        h("p", { role: "status" }, t(`share_${shared.status}`)),
        h(
          "textarea",
          {
            readonly: true,
            rows: 3,
            "aria-label": t("share_result"),
            onfocus: (e) => e.target.select(),
          },
          `${shared.text}\n${shared.link}`,
        ),
      ),
    );
  }
  return h("section", { class: "after-game" }, parts);
}
