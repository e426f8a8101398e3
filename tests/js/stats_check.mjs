// Checks of the statistics record and the share line that need no browser (static/app/stats.js,
// static/app/daily.js). Run by tests/test_stats_js.py with Node; prints one JSON object of results.
import { readFileSync } from "node:fs";
import {
  dailyStreak,
  knowGameFacts,
  readRecord,
  recordAbandoned,
  recordComputer,
  recordFinished,
  recordTruth,
  resetRecord,
  scoreKind,
  scoreOrder,
  sidesOf,
  statsKey,
} from "../../static/app/stats.js";
import { dealLink, dealName, shareText } from "../../static/app/daily.js";
import { loadCommon, setLanguage, t } from "../../static/kit/words.js";

function memoryStore(initial = {}) {
  const m = new Map(Object.entries(initial));
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
    keys: () => [...m.keys()],
    dump: () => Object.fromEntries(m),
  };
}
const out = {};
// The games' facts, from the catalog the build writes (argv[2]: tests/test_stats_js.py writes it).
const catalog = JSON.parse(readFileSync(process.argv[2], "utf8"));
knowGameFacts(catalog);
out.facts = {};
for (const game of catalog.filter((g) => g.available)) {
  const scoring = game.options.find((o) => o.key === "scoring");
  const scorings = (scoring?.choices || []).map((c) => ({ scoring: c }));
  for (const options of [{}, ...scorings]) {
    out.facts[`${game.slug} ${JSON.stringify(options).replace(":", ": ")}`] = {
      kind: scoreKind(game.slug, options),
      order: scoreOrder(game.slug, options),
      sides: sidesOf(game.slug, game.default_players),
    };
  }
}
const game = (id, place, places, score, extra = {}) => ({
  id,
  level: "normal",
  players: places.length,
  options: {},
  outcome: { place, value: place === 1 ? 1 : 0, score },
  places,
  sides: places.length,
  daily: null,
  on: "2026-11-24",
  ...extra,
});

{
  // a won, a lost, a repeated id (a reload), an abandoned game
  const store = memoryStore();
  out.first = recordFinished(store, "mas_menos", game("a", 1, [1, 2], 5));
  out.again = recordFinished(store, "mas_menos", game("a", 1, [1, 2], 5));
  recordFinished(store, "mas_menos", game("b", 1, [1, 2], 7));
  recordFinished(store, "mas_menos", game("c", 2, [2, 1], 2));
  recordFinished(store, "mas_menos", game("d", 1, [1, 2], 3));
  out.abandoned = recordAbandoned(store, "mas_menos", { id: "e", level: "normal" });
  out.abandonedAgain = recordAbandoned(store, "mas_menos", { id: "e", level: "normal" });
  recordFinished(store, "mas_menos", game("f", 1, [1, 1], 4)); // a draw
  out.bucket = readRecord(store, "mas_menos").record.levels.normal;
}
{
  // lower is better in Slobberhannes: the best score is the fewest penalty points
  const store = memoryStore();
  recordFinished(store, "slobberhannes", game("a", 1, [1, 2, 3, 4], 0));
  recordFinished(store, "slobberhannes", game("b", 4, [4, 1, 2, 3], 3));
  out.slob = readRecord(store, "slobberhannes").record.levels.normal.scores;
  const mt = memoryStore();
  recordFinished(mt, "mexican_train", {
    ...game("a", 2, [2, 1, 3], 40),
    options: { scoring: "penalty" },
    fullOptions: { scoring: "penalty" },
  });
  recordFinished(mt, "mexican_train", {
    ...game("b", 1, [1, 2, 3], 12),
    options: { scoring: "penalty" },
    fullOptions: { scoring: "penalty" },
  });
  recordFinished(mt, "mexican_train", game("c", 1, [1, 2, 3], 90));
  out.mexican = readRecord(mt, "mexican_train").record.levels.normal.scores;
}
{
  // a corrupt record is kept aside and replaced; the saves are untouched
  const store = memoryStore({
    [statsKey("mate")]: "{not json",
    "tabletop:save:mate": '{"v":1}',
    "tabletop:save:ribs": "x",
  });
  const read = readRecord(store, "mate");
  const keys = Object.keys(store.dump());
  out.corrupt = {
    problem: read.problem,
    aside: keys.filter((k) => k.startsWith("tabletop:broken:stats:mate:")).length,
    asideText: store.getItem(keys.find((k) => k.startsWith("tabletop:broken:stats:mate:"))),
    saves: [store.getItem("tabletop:save:mate"), store.getItem("tabletop:save:ribs")],
    fresh: JSON.parse(store.getItem(statsKey("mate"))).levels,
  };
  const wrongShape = memoryStore({
    [statsKey("mate")]: JSON.stringify({
      v: 1,
      game: "mate",
      levels: { normal: { played: -1 } },
      daily: {},
      ids: [],
      checked: [],
    }),
  });
  out.wrongShape = readRecord(wrongShape, "mate").problem;
  const newer = memoryStore({ [statsKey("mate")]: JSON.stringify({ v: 99 }) });
  out.version = readRecord(newer, "mate").problem;
  const many = memoryStore();
  for (let i = 0; i < 10; i++) {
    many.setItem(statsKey("mate"), "broken" + i);
    readRecord(many, "mate");
  }
  out.brokenKept = Object.keys(many.dump()).filter((k) => k.startsWith("tabletop:broken:")).length;
}
{
  // patience: deals won, winnable deals won, checked once per game
  const store = memoryStore();
  const solo = (id, won) => ({
    ...game(id, won ? 1 : 2, [won ? 1 : 2], null),
    level: "solo",
    players: 1,
    sides: 1,
  });
  recordFinished(store, "four_thrones", solo("w", true));
  recordFinished(store, "four_thrones", solo("l1", false));
  recordFinished(store, "four_thrones", solo("l2", false));
  recordFinished(store, "four_thrones", solo("l3", false));
  out.truth = [
    recordTruth(store, "four_thrones", "l1", true),
    recordTruth(store, "four_thrones", "l1", true),
    recordTruth(store, "four_thrones", "l2", false),
    recordTruth(store, "four_thrones", "l3", null),
    recordTruth(store, "four_thrones", "zz", true),
  ];
  out.deals = readRecord(store, "four_thrones").record.levels.solo;
}
{
  // daily: once per date, the computer's result beside it, days in a row played on their own date
  const store = memoryStore();
  const daily = (id, date, on, place) => ({
    ...game(id, place, [place, 3 - place], 1),
    daily: date,
    on,
  });
  recordFinished(store, "mate", daily("a", "2026-11-22", "2026-11-22", 1));
  recordFinished(store, "mate", daily("b", "2026-11-23", "2026-11-23", 2));
  recordFinished(store, "mate", daily("c", "2026-11-23", "2026-11-23", 1)); // the same date again
  recordFinished(store, "mate", daily("d", "2026-11-24", "2026-11-24", 1));
  recordFinished(store, "mate", daily("e", "2026-11-10", "2026-11-24", 1)); // an old date from a link
  out.dailyComputer = [
    recordComputer(store, "mate", "2026-11-24", "d", { place: 2, value: 0, score: 3 }),
    recordComputer(store, "mate", "2026-11-24", "d", { place: 1, value: 1, score: 9 }),
    recordComputer(store, "mate", "2026-11-23", "c", { place: 1, value: 1, score: 9 }),
  ];
  const record = readRecord(store, "mate").record;
  out.daily = record.daily;
  out.streakToday = dailyStreak(record, "2026-11-24");
  out.streakTomorrow = dailyStreak(record, "2026-11-25");
  out.streakLater = dailyStreak(record, "2026-11-27");
  resetRecord(store, "mate");
  out.reset = readRecord(store, "mate").record;
}
{
  // the share line, in both languages
  await loadCommon(
    JSON.parse(readFileSync(new URL("../../static/strings/common.json", import.meta.url))),
  );
  const line = (lang, args) => {
    setLanguage(lang);
    return shareText({ t, lang, ...args });
  };
  const two = {
    title: "マス・メノス",
    slug: "mas_menos",
    options: {},
    deal: "daily:2026-11-24",
    seed: 20261124,
    outcome: { place: 1, value: 1, score: 3 },
    computer: { place: 2, value: 0, score: 2 },
    sides: 2,
  };
  out.shareJa = line("ja", two);
  out.shareEn = line("en", { ...two, title: "Más-Menos" });
  out.shareSlob = line("en", {
    title: "Slobberhannes",
    slug: "slobberhannes",
    options: {},
    deal: null,
    seed: 77,
    outcome: { place: 2, value: 0.67, score: 1 },
    computer: null,
    sides: 4,
  });
  out.shareSlobJa = line("ja", {
    title: "スロバーハネス",
    slug: "slobberhannes",
    options: {},
    deal: "daily:2026-01-05",
    seed: 20260105,
    outcome: { place: 3, value: 0.33, score: 2 },
    computer: { place: 1, value: 1, score: 0 },
    sides: 4,
  });
  out.shareSolo = line("en", {
    title: "4 Thrones",
    slug: "four_thrones",
    options: {},
    deal: "daily:2026-11-24",
    seed: 1,
    outcome: { place: 1, value: 1, score: null },
    computer: null,
    sides: 1,
  });
  out.shareDraw = line("en", {
    ...two,
    title: "Mate",
    slug: "mate",
    outcome: { place: 1, value: 0.5, score: 10 },
    computer: null,
  });
  out.dealNames = [dealName("daily:2026-01-05", 1), dealName(null, 123)];
  out.links = [
    dealLink({
      base: "https://example.org/tt/?game=x&seed=1",
      slug: "mate",
      deal: "daily:2026-11-24",
      seed: 20261124,
      players: 2,
      defaultPlayers: 2,
      options: {},
      lang: "ja",
    }),
    dealLink({
      base: "https://example.org/tt/",
      slug: "ribs",
      deal: null,
      seed: 42,
      players: 6,
      defaultPlayers: 4,
      options: { deals: 2 },
      lang: "en",
    }),
  ];
}
console.log(JSON.stringify(out));
