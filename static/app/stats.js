// The player's record on this device: per game, per computer level (the patience games: per
// game), kept in localStorage beside the saves, one key per game (`tabletop:stats:<slug>`), so a
// record that cannot be read is replaced alone and never touches a save.
//
// Plain logic, no page: every function takes the store ({getItem, setItem, removeItem}), so Node
// checks it too (tests/js/stats_check.mjs).
//
//   readRecord(store, slug)            -> {record, problem}: problem is null, or "corrupt" /
//                                         "version" when the stored record could not be used: it
//                                         is then kept aside (tabletop:broken:stats:<slug>:<time>)
//                                         and replaced by an empty one
//   recordFinished(store, slug, game)  a game that ended (once per game id; false if already in)
//   recordAbandoned(store, slug, game) a game given up: played and not won (once per game id)
//   recordTruth(store, slug, id, winnable)   a lost patience deal checked after the game
//   recordComputer(store, slug, date, id, outcome)  the duplicate's result for a daily deal
//   resetRecord(store, slug)
//   dailyStreak(record, today), summary(record), sidesOf(slug, players), scoreOrder(slug, options)
//   scoreKind(slug, options), mayScoreLow(slug)   each game's facts, as it declares them
//   knowGameFacts(catalog)             those facts from static/catalog.json (once it is read)
//
// A game is {id, level, players, options (the non-default ones), seat outcome {place, value,
// score}, places (every seat's), daily (the deal's date or null), on (the local date played)}.
// What counts (decided for issue 17): games against the computer and patience deals; pass-and-play
// games are not counted (nobody on the device is "the player" there). A game given up (a new game
// started over one in which the player had moved) counts as played and not won, and ends a streak.
// A draw (every side shares first place) is played, not won, and ends a win streak.

export const STATS_VERSION = 1;
export const SOLO = "solo"; // the bucket of a patience game (no computer, no level)
const MAX_IDS = 300; // game ids remembered, so a reload or a second tab never counts a game twice
const MAX_DAILY = 400; // daily results kept (a bit more than a year)
const MAX_BROKEN = 6; // records and saves kept aside for a bug report, all games together

export const statsKey = (slug) => `tabletop:stats:${slug}`;

// Each game's facts, as its GameInfo declares them (py/tabletop/core.py: score, score_by_option,
// teams), read from the catalog the build writes (session.catalog()): the shell names no game.
const facts = new Map(); // slug -> catalog entry
export function knowGameFacts(catalog) {
  for (const game of Object.values(catalog || {})) {
    if (game && game.slug) facts.set(game.slug, game);
  }
}

// What a final score counts: "points" (more is better), "penalty" (fewer is better: Slobberhannes,
// Mexican Train's penalty scoring; tabletop.core.Standing ranks those seats by the negated score)
// or "lives" (Stop the Bus's lives left). Scores may be null (places only: Mustamaija, 4 Thrones).
export function scoreKind(slug, options = {}) {
  const game = facts.get(slug);
  const score = game?.score;
  if (!score) return "points";
  if (!score.option) return score.kind;
  const option = game.options?.find((o) => o.key === score.option);
  const chosen = options?.[score.option] ?? option?.default;
  return score.by_choice?.[chosen] ?? score.kind;
}

export function scoreOrder(slug, options = {}) {
  return scoreKind(slug, options) === "penalty" ? "low" : "high";
}

// Whether some choice of the game's options counts its score as penalty points.
export function mayScoreLow(slug) {
  const score = facts.get(slug)?.score;
  if (!score) return false;
  return score.kind === "penalty" || Object.values(score.by_choice || {}).includes("penalty");
}

// Sides at the table: the game's partnerships (Tuppi: two of two), else one side per seat.
export function sidesOf(slug, players) {
  return facts.get(slug)?.sides || players;
}

const isCount = (n) => Number.isInteger(n) && n >= 0;
const isObject = (o) => !!o && typeof o === "object" && !Array.isArray(o);

export function emptyRecord(slug) {
  return { v: STATS_VERSION, game: slug, levels: {}, daily: {}, ids: [], checked: [] };
}

function emptyBucket() {
  return {
    played: 0,
    won: 0,
    drawn: 0,
    abandoned: 0,
    places: {},
    streak: 0,
    bestStreak: 0,
    scores: {},
    deals: { winnable: 0, winnableWon: 0, notWinnable: 0, undecided: 0 },
  };
}

// The shape a stored record must have; anything else is corrupt (a record is only ever written
// by this module, so a mismatch is damage or tampering, not an older layout: that is `v`).
function wellFormed(r, slug) {
  if (!isObject(r) || r.game !== slug || !isObject(r.levels) || !isObject(r.daily)) return false;
  if (!Array.isArray(r.ids) || !r.ids.every((x) => typeof x === "string")) return false;
  if (!Array.isArray(r.checked) || !r.checked.every((x) => typeof x === "string")) return false;
  for (const b of Object.values(r.levels)) {
    if (
      !isObject(b) ||
      !["played", "won", "drawn", "abandoned", "streak", "bestStreak"].every((k) => isCount(b[k]))
    )
      return false;
    if (
      !isObject(b.places) ||
      !Object.entries(b.places).every(([p, n]) => /^\d+$/.test(p) && isCount(n))
    )
      return false;
    if (
      !isObject(b.deals) ||
      !["winnable", "winnableWon", "notWinnable", "undecided"].every((k) => isCount(b.deals[k]))
    )
      return false;
    if (!isObject(b.scores)) return false;
    for (const g of Object.values(b.scores)) {
      if (
        !isObject(g) ||
        !isCount(g.n) ||
        !Number.isFinite(g.sum) ||
        !Number.isFinite(g.best) ||
        !["high", "low"].includes(g.order)
      )
        return false;
    }
  }
  for (const [date, d] of Object.entries(r.daily)) {
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
      !isObject(d) ||
      typeof d.id !== "string" ||
      !isCount(d.place)
    )
      return false;
  }
  return true;
}

// Keep a damaged text for a bug report under tabletop:broken:<what>:<time>, the oldest such
// copies going first, so storage never fills up with them.
export function setAside(store, what, text) {
  let time = Date.now();
  while (store.getItem(`tabletop:broken:${what}:${time}`) !== null) time += 1; // two in one millisecond
  const key = `tabletop:broken:${what}:${time}`;
  store.setItem(key, text);
  const keys = typeof store.keys === "function" ? store.keys() : [];
  const broken = keys
    .filter((k) => k.startsWith("tabletop:broken:"))
    .sort((a, b) => Number(a.split(":").pop()) - Number(b.split(":").pop()));
  for (const old of broken.slice(0, Math.max(0, broken.length - MAX_BROKEN))) store.removeItem(old);
  return key;
}

export function readRecord(store, slug) {
  const text = store.getItem(statsKey(slug));
  if (text === null) return { record: emptyRecord(slug), problem: null };
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    /* corrupt: below */
  }
  if (isObject(data) && data.v === STATS_VERSION && wellFormed(data, slug))
    return { record: data, problem: null };
  const problem = isObject(data) && data.v !== STATS_VERSION ? "version" : "corrupt";
  const aside = setAside(store, `stats:${slug}`, text);
  const record = emptyRecord(slug);
  store.setItem(statsKey(slug), JSON.stringify(record));
  return { record, problem, aside };
}

function write(store, record) {
  store.setItem(statsKey(record.game), JSON.stringify(record));
}

function remember(list, id, max = MAX_IDS) {
  list.push(id);
  if (list.length > max) list.splice(0, list.length - max);
}

// Scores are kept apart per player count and options: a one-deal Tuppi and a full match, or
// Mexican Train at 2 and at 8 players, are not on one scale.
export function scoreGroup(players, options = {}) {
  const keys = Object.keys(options || {}).sort();
  return `${players}|${JSON.stringify(Object.fromEntries(keys.map((k) => [k, options[k]])))}`;
}

export function recordFinished(store, slug, game, read = readRecord(store, slug)) {
  const record = read.record;
  if (record.ids.includes(game.id)) return false;
  remember(record.ids, game.id);
  const level = game.level || SOLO;
  const b = (record.levels[level] ||= emptyBucket());
  const place = game.outcome.place;
  const everyoneFirst =
    Array.isArray(game.places) && game.places.length > 1 && game.places.every((p) => p === 1);
  const won = place === 1 && !everyoneFirst;
  b.played += 1;
  if (won) b.won += 1;
  if (everyoneFirst) b.drawn += 1;
  b.places[place] = (b.places[place] || 0) + 1;
  b.streak = won ? b.streak + 1 : 0;
  b.bestStreak = Math.max(b.bestStreak, b.streak);
  const score = game.outcome.score;
  if (typeof score === "number" && Number.isFinite(score)) {
    const order = scoreOrder(slug, game.fullOptions || game.options);
    const key = scoreGroup(game.players, game.options);
    const g = (b.scores[key] ||= {
      players: game.players,
      options: game.options || {},
      order,
      n: 0,
      sum: 0,
      best: score,
    });
    g.n += 1;
    g.sum += score;
    g.best = order === "low" ? Math.min(g.best, score) : Math.max(g.best, score);
  }
  if (level === SOLO && won) {
    // a won deal was winnable: no search needed
    b.deals.winnable += 1;
    b.deals.winnableWon += 1;
    remember(record.checked, game.id);
  }
  if (game.daily && !record.daily[game.daily]) {
    record.daily[game.daily] = {
      id: game.id,
      place,
      value: game.outcome.value,
      score: typeof score === "number" ? score : null,
      won,
      sides: game.sides,
      onTime: game.daily === game.on,
      computer: null,
    };
    const dates = Object.keys(record.daily).sort();
    for (const old of dates.slice(0, Math.max(0, dates.length - MAX_DAILY)))
      delete record.daily[old];
  }
  write(store, record);
  return true;
}

export function recordAbandoned(store, slug, game, read = readRecord(store, slug)) {
  const record = read.record;
  if (record.ids.includes(game.id)) return false;
  remember(record.ids, game.id);
  const b = (record.levels[game.level || SOLO] ||= emptyBucket());
  b.played += 1;
  b.abandoned += 1;
  b.streak = 0;
  write(store, record);
  return true;
}

// A lost patience deal, checked by the solver after the game: winnable yes (true) / no (false) /
// undecided within the search cap (null). Counted once per game id.
export function recordTruth(store, slug, id, winnable, read = readRecord(store, slug)) {
  const record = read.record;
  if (!record.ids.includes(id) || record.checked.includes(id)) return false;
  remember(record.checked, id);
  const b = (record.levels[SOLO] ||= emptyBucket());
  if (winnable === true) b.deals.winnable += 1;
  else if (winnable === false) b.deals.notWinnable += 1;
  else b.deals.undecided += 1;
  write(store, record);
  return true;
}

// The computer's result in the player's seat on a daily deal (the duplicate), beside the player's.
export function recordComputer(store, slug, date, id, outcome, read = readRecord(store, slug)) {
  const record = read.record;
  const day = record.daily[date];
  if (!day || day.id !== id || day.computer) return false;
  day.computer = {
    place: outcome.place,
    value: outcome.value,
    score: typeof outcome.score === "number" ? outcome.score : null,
  };
  write(store, record);
  return true;
}

export function resetRecord(store, slug) {
  write(store, emptyRecord(slug));
}

function previousDate(date) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

// Days in a row, ending today (or yesterday, when today's is still to play), on which the day's
// deal was played to the end on its own date (a past date's deal opened from a link is recorded,
// but does not make a streak). The best such run too.
export function dailyStreak(record, today) {
  const onTime = new Set(
    Object.entries(record.daily)
      .filter(([, d]) => d.onTime)
      .map(([date]) => date),
  );
  let day = onTime.has(today) ? today : previousDate(today);
  let current = 0;
  while (onTime.has(day)) {
    current += 1;
    day = previousDate(day);
  }
  let best = 0;
  for (const date of onTime) {
    if (onTime.has(previousDate(date))) continue; // not the start of a run
    let n = 0;
    for (let d = date; onTime.has(d); d = nextDate(d)) n += 1;
    best = Math.max(best, n);
  }
  return { current, best, played: Object.keys(record.daily).length };
}

function nextDate(date) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// Totals over the levels, for the overview.
export function summary(record) {
  const out = { played: 0, won: 0, abandoned: 0 };
  for (const b of Object.values(record.levels)) {
    out.played += b.played;
    out.won += b.won;
    out.abandoned += b.abandoned;
  }
  return out;
}
