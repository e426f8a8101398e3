// Renders every text a player reads through the kit's wording (static/kit/words.js with each
// game's face spec and formatParam from its view module), in Japanese and English, so that
// tests/test_wording.py can read the result as the player would: every string of the tables
// with representative params (one and several; the player and a computer as the subject), every
// lesson text and replay caption with its {card:..} and {seat:..} named as the table names them,
// and every rules page. Prints one JSON array of {where, lang, case, text}.
//
// Params are put in between marks (U+E000 card U+E001, U+E002 seat U+E003, U+E004 other U+E005),
// so that the test can tell two card names run together from one name; the test strips them.
import { readFileSync } from "node:fs";
import { loadCommon, loadGame, setLanguage, words } from "../../static/kit/words.js";

const ROOT = new URL("../../static/", import.meta.url);
const json = (path) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8"));
const SLUGS = [
  "mas_menos",
  "mate",
  "mustamaija",
  "tuppi",
  "slobberhannes",
  "hold_my_beer",
  "chiryaku_akuryaku",
  "stop_the_bus",
  "ribs",
  "four_thrones",
  "gridcannon",
  "mexican_train",
  "quinto",
  "watten",
  "forty_two",
  "deer_hunt",
];
const memory = { getItem: () => null, setItem: () => {} };
const CARD = ["\uE000", "\uE001"];
const SEAT = ["\uE002", "\uE003"];
const OTHER = ["\uE004", "\uE005"];
const mark = ([open, close], text) => `${open}${text}${close}`;

// Params that name seats (worded by the view before the template sees them); in Mustamaija `a`
// and `d` are the attacker and the defender (elsewhere `d` is a domino's pips).
const SEAT_PARAMS = new Set([
  "name",
  "names",
  "seat",
  "seats",
  "leader",
  "little",
  "big",
  "who",
  "name0",
  "name1",
  "out_seats",
  "winner",
  "loser",
  "dealer",
  "player",
  "team",
]);
const OWN_SEAT_PARAMS = { mustamaija: new Set(["a", "d"]) };
const CARD_PARAMS = /^(card|cards|tile|.*_card|.*_cards)$/;
// Params that are counts (the rest get a neutral word): one and several are both rendered.
const NUMBER_PARAMS = new Set([
  "n",
  "points",
  "total",
  "p",
  "bid",
  "health",
  "number",
  "max",
  "wins",
  "k",
  "count",
  "limit",
  "target",
  "first_count",
  "second_count",
  "third_count",
  "live",
  "taken",
  "given",
  "na",
  "nb",
  "a",
  "b",
  "d",
  "m",
  "g",
  "x",
  "e",
  "s",
  "t0",
  "t1",
  "place",
  "sides",
  "played",
  "won",
  "players",
  "score",
  "seed",
  "avg",
  "rate",
  "now",
  "gave",
  "took",
  "left",
  "end",
  "first",
  "out",
  "after",
  "before",
  "then",
  "best",
  "value",
  "trick",
  "level",
  "seat_pips",
  "face_down",
]);

const cardsOf = (slug) => {
  // two of the game's own cards, as its lesson names them
  const found = [];
  const text = readFileSync(new URL(`lessons/${slug}.json`, ROOT), "utf8");
  for (const m of text.matchAll(/\{card:([^}]+)\}/g)) if (!found.includes(m[1])) found.push(m[1]);
  return found.length >= 2 ? found.slice(0, 2) : ["8D", "JS"];
};

const views = {};
for (const slug of SLUGS) views[slug] = await import(`../../static/views/${slug}.js`);
await loadCommon(json("strings/common.json"));
const tables = {};
for (const slug of SLUGS) tables[slug] = await loadGame(slug, json(`strings/${slug}.json`));

const out = [];
const push = (where, lang, kase, text) => out.push({ where, lang, case: kase, text });

function wordsFor(slug, lang, seatName) {
  setLanguage(lang, memory);
  const view = slug ? views[slug] : {};
  const ui = {};
  const w = words(slug, { seatName, spec: view.faces, formatParam: view.formatParam, ui });
  Object.assign(ui, { words: w, t: w.t, lang, cardName: w.cardName, seatName });
  return w;
}

const placeholders = (entry) => {
  const texts = [];
  const walk = (e) => {
    if (typeof e === "string") texts.push(e);
    else if (e && typeof e === "object") Object.values(e).forEach(walk);
  };
  walk(entry);
  const names = texts.flatMap((t) => [...t.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]));
  return [...new Set(names)];
};

// The string tables: each key of common and of each game, in each language, in four cases.
const CASES = [
  { name: "you, one", seat: "you", n: 1 },
  { name: "computer, one", seat: "computer", n: 1 },
  { name: "computer, several", seat: "computer", n: 5 },
  { name: "several seats, several", seat: "several", n: 2 },
];
for (const slug of [null, ...SLUGS]) {
  for (const lang of ["ja", "en"]) {
    const base = wordsFor(slug, lang, null);
    const you = base.t("you");
    const computer = base.t("computer_n", { n: 1 });
    const table = slug ? tables[slug][lang] : json("strings/common.json")[lang];
    const [c1, c2] = cardsOf(slug || "mas_menos");
    for (const [key, entry] of Object.entries(table)) {
      const names = placeholders(entry);
      for (const kase of CASES) {
        const params = {};
        for (const p of names) {
          const seatLike = SEAT_PARAMS.has(p) || OWN_SEAT_PARAMS[slug]?.has(p);
          if (seatLike) {
            // The player's own name goes in bare: words.js knows the player's seat by its name
            // (the second person); a computer's name is marked, to see what is glued to it.
            params[p] =
              kase.seat === "several" || p.endsWith("s")
                ? base.list([mark(SEAT, you), mark(SEAT, base.t("computer_n", { n: 2 }))])
                : kase.seat === "you"
                  ? you
                  : mark(SEAT, computer);
          } else if (CARD_PARAMS.test(p)) {
            params[p] = p.endsWith("s")
              ? base.list([mark(CARD, base.cardName(c1)), mark(CARD, base.cardName(c2))])
              : mark(CARD, base.cardName(kase.n === 1 ? c1 : c2));
          } else if (p === "suit" || p.endsWith("_suit")) {
            params[p] = mark(OTHER, base.suit("D"));
          } else if (NUMBER_PARAMS.has(p)) {
            params[p] = kase.n;
          } else {
            params[p] = mark(OTHER, lang === "ja" ? "〇〇" : "something");
          }
        }
        push(`strings/${slug || "common"}.json ${key}`, lang, kase.name, base.t(key, params));
      }
    }
  }
}

// Engine messages whose params are codes the view words (formatParam): said as the engine sends
// them, so that a code left unworded shows (as Latin on Japanese text).
const ENGINE_SAYS = {
  mas_menos: [
    {
      code: "same_pair",
      params: {
        declaration: "menos",
        first_declaration: "mas",
        declarations: ["antes", "despues"],
      },
    },
    { code: "unknown_declaration", params: { declarations: ["mas", "menos"] } },
  ],
};
for (const [slug, messages] of Object.entries(ENGINE_SAYS)) {
  for (const lang of ["ja", "en"]) {
    const w = wordsFor(slug, lang, (s) => `Player ${s + 1}`);
    for (const msg of messages) {
      push(`strings/${slug}.json ${msg.code} (said by the engine)`, lang, "engine", w.say(msg));
    }
  }
}

// Lesson and replay texts: {card:X} by the face spec, {seat:N} as the table names the seat.
function sayText(text, w, seatName) {
  return text.replace(/\{(card|seat):([^}]+)\}/g, (whole, kind, value) =>
    kind === "card" ? mark(CARD, w.cardName(value)) : mark(SEAT, seatName(Number(value))),
  );
}
function texts(node, path, found) {
  // every {ja, en} text of a lesson or a replay
  const isObject = node && typeof node === "object";
  if (isObject && typeof node.ja === "string" && typeof node.en === "string") {
    found.push([path, node]);
  } else if (Array.isArray(node)) node.forEach((v, i) => texts(v, `${path}[${i}]`, found));
  else if (isObject) {
    for (const [k, v] of Object.entries(node)) {
      if (k !== "log") texts(v, path ? `${path}.${k}` : k, found);
    }
  }
  return found;
}
for (const slug of SLUGS) {
  const lesson = json(`lessons/${slug}.json`);
  const players = lesson.log.players ?? 2;
  for (const lang of ["ja", "en"]) {
    const probe = wordsFor(slug, lang, null);
    const seatName = (s) =>
      s === lesson.human
        ? probe.t("you")
        : players > 2
          ? probe.t("computer_n", { n: s })
          : probe.t("computer");
    const w = wordsFor(slug, lang, seatName);
    for (const [path, text] of texts(lesson, "", [])) {
      push(`lessons/${slug}.json ${path}`, lang, "lesson", sayText(text[lang], w, seatName));
    }
  }
}
const index = json("replays/index.json");
for (const [slug, examples] of Object.entries(index)) {
  for (const example of examples) {
    const replay = json(`replays/${example.name}.json`);
    for (const lang of ["ja", "en"]) {
      const probe = wordsFor(slug, lang, null);
      const seatName = (s) => probe.t("player_n", { n: s + 1 });
      const w = wordsFor(slug, lang, seatName);
      const title = sayText(example.title[lang], w, seatName);
      push(`replays/index.json ${example.name}`, lang, "replay", title);
      for (const [path, text] of texts(replay.captions || [], "captions", [])) {
        const caption = sayText(text[lang], w, seatName);
        push(`replays/${example.name}.json ${path}`, lang, "replay", caption);
      }
    }
  }
}

// Rules pages: plain text.
for (const slug of SLUGS) {
  const page = json(`rules/${slug}.json`);
  for (const lang of ["ja", "en"]) {
    push(`rules/${slug}.json title`, lang, "rules", page[lang].title);
    page[lang].sections.forEach((sec, i) => {
      [sec.heading, ...sec.paragraphs, ...sec.items].forEach((text, j) =>
        push(`rules/${slug}.json sections[${i}] ${j}`, lang, "rules", text),
      );
    });
  }
}
console.log(JSON.stringify(out));
