// Words: everything a player reads, in Japanese or English, from JSON string tables.
//
// Tables: static/strings/common.json (the app's labels and the codes every game shares) and
// static/strings/<slug>.json (one game's labels and codes), each {"en": {...}, "ja": {...}}.
// Lookup: the game's table in the player's language, then common, then the same in English.
// A string is a template with {param} placeholders, or an object of forms:
//   plural forms {"one": "...", "other": "..."}, chosen by Intl.PluralRules(lang) on the param
//     `n` (or on the param named by "count": {"count": "p", "one": ..., "other": ...});
//   person forms {"subject": "name", "you": ..., "other": ...}: "you" when the subject param is
//     the player's own seat name ("You": "You are building", not "You is building"); "you" and
//     the rest may be plural forms in turn.
// {p:signed} puts a number in with its sign: "+4", "−2", "0".
//
//   await loadCommon()                 once, before anything is drawn (loadCommon(table) in tests)
//   await loadGame(slug)               a game's table (static/strings/<slug>.json; loadGame(slug,
//                                      table) in tests)
//   const w = words(slug, ctx)         ctx: {seatName(seat), spec (faces.js), formatParam, ui}
//   w.t(key, params)                   a label; params are put in as given (already worded)
//   w.say({code, params})              a message from the engine or a view; params are worded
//                                      by name (conventions): card/*_card, cards/*_cards,
//                                      seat/*_seat/winner/leader/player, seats, suit/*_suit,
//                                      verb; a nested {code, params} is said too; the view's
//                                      formatParam(key, value, ui) goes first (places of its own)
//   w.move(action)                     an action string in words ("出す：ハートの9")
//   w.list(items)                      "A, B and C" / "A、B、C" (Intl.ListFormat)
//
// Language: chooseLanguage(params, store), setLanguage(lang, store), currentLanguage();
// gameTitle(slug); SLUGS, the games in list order, from the catalog (knowGames(catalog)).
import { SUIT_NAME, SUIT_SYMBOL, standardCards } from "./faces.js";

// The games in list order: static/catalog.json's (the build writes it from tabletop.SLUGS, the
// one list), put in by knowGames once the catalog is read (app.js); empty before.
export const SLUGS = [];
export function knowGames(catalog) {
  SLUGS.splice(0, SLUGS.length, ...catalog.map((game) => game.slug));
}
const LANGS = ["ja", "en"];
let lang = "en";
let common = { en: {}, ja: {} };
const games = new Map(); // slug -> {en, ja}

function baseUrl() {
  return new URL("../strings/", import.meta.url);
}

async function fetchTable(name) {
  const res = await fetch(new URL(`${name}.json`, baseUrl()));
  if (!res.ok) throw new Error(`strings/${name}.json: ${res.status}`);
  return res.json();
}

export async function loadCommon(table = null) {
  // a table given: tests outside the browser
  common = table || (await fetchTable("common"));
  return common;
}

const loading = new Map(); // slug -> Promise of its table (one fetch, however many ask at once)
export async function loadGame(slug, table = null) {
  if (table) {
    games.set(slug, table);
  } else if (!games.has(slug)) {
    if (!loading.has(slug)) {
      loading.set(
        slug,
        fetchTable(slug).catch(() => ({ en: {}, ja: {} })),
      ); // labels fall back to common, then to the key itself
    }
    const got = await loading.get(slug);
    if (!games.has(slug)) games.set(slug, got);
  }
  return games.get(slug);
}

export function chooseLanguage(params, store) {
  const asked = params.get("lang");
  if (LANGS.includes(asked)) lang = asked;
  else {
    let saved = null;
    try {
      saved = store.getItem("tabletop:lang");
    } catch {
      /* storage may be blocked in an iframe */
    }
    lang = LANGS.includes(saved)
      ? saved
      : (navigator.language || "en").toLowerCase().startsWith("ja")
        ? "ja"
        : "en";
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  return lang;
}

export function setLanguage(value, store) {
  lang = LANGS.includes(value) ? value : "en";
  try {
    store.setItem("tabletop:lang", lang);
  } catch {
    /* ignore */
  }
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

export const currentLanguage = () => lang;

function lookup(table, key) {
  return table?.[lang]?.[key] ?? common[lang]?.[key] ?? table?.en?.[key] ?? common.en?.[key];
}

// The seat name of the player at this device ("You" / "あなた"): a subject that takes the
// second person. Seats are named before they reach a template, so the name is what is compared.
const isPlayer = (value) => value !== undefined && value === lookup(null, "you");

// The form of an entry that fits its params: the person of its subject, then the number.
function form(entry, params) {
  if (typeof entry !== "object" || entry === null) return entry;
  if (entry.subject && entry.you !== undefined && isPlayer(params[entry.subject])) {
    return form(entry.you, params);
  }
  const n = Number(params[entry.count || "n"]);
  const category = new Intl.PluralRules(lang).select(Number.isFinite(n) ? n : 0);
  return form(entry[category] ?? entry.other, params);
}

const signed = (value) => {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; // U+2212, the minus sign of the score sheets
};

function fill(entry, params, key) {
  if (entry === undefined) return key; // a missing string shows its key: visible, and tests see it
  const text = form(entry, params);
  return text.replace(/\{(\w+)(:signed)?\}/g, (whole, name, sign) =>
    name in params ? (sign ? signed(params[name]) : String(params[name])) : whole,
  );
}

// A label of the shell or a game (legacy `extra` is a view's STRINGS object).
export function t(key, params = {}, extra = null) {
  const table = extra || null;
  return fill(lookup(table, key), params, key);
}

export function gameTitle(slug) {
  return fill(lookup(null, `title_${slug}`), {}, slug);
}

const SEAT_KEYS = new Set(["seat", "winner", "leader", "player", "loser", "dealer"]);

export function words(slug, ctx = {}) {
  const table = slug ? games.get(slug) : null;
  const spec = ctx.spec || standardCards;
  const seatName =
    ctx.seatName || ((s) => fill(lookup(table, "player_n"), { n: s + 1 }, "player_n"));
  const w = {};
  w.t = (key, params = {}) => fill(lookup(table, key), params, key);
  w.has = (key) => lookup(table, key) !== undefined;
  // "A and B" / "AとB"; longer lists "A, B and C" / "A、B、C" (Intl.ListFormat).
  w.list = (items) =>
    lang === "ja" && items.length === 2
      ? `${items[0]}と${items[1]}`
      : new Intl.ListFormat(lang, { type: "conjunction" }).format(items.map(String));
  w.cardName = (token) => spec.name(token, w) ?? String(token);
  w.suit = (s) =>
    SUIT_SYMBOL[s]
      ? `${SUIT_SYMBOL[s]}${lang === "ja" ? "" : " "}${SUIT_NAME[lang][s]}`
      : String(s);
  w.verb = (verb) => (w.has(`verb_${verb}`) ? w.t(`verb_${verb}`) : verb);
  w.param = (key, value) => {
    const own = ctx.formatParam ? ctx.formatParam(key, value, ctx.ui || w) : undefined;
    if (own !== undefined && own !== null) return String(own);
    if (value && typeof value === "object" && !Array.isArray(value) && "code" in value)
      return w.say(value);
    if (key === "card" || key.endsWith("_card")) return w.cardName(value);
    if (key === "cards" || key.endsWith("_cards")) return w.list((value || []).map(w.cardName));
    if (SEAT_KEYS.has(key) || key.endsWith("_seat")) return seatName(value);
    if (key === "seats" || key.endsWith("_seats")) return w.list((value || []).map(seatName));
    if (key === "suit" || key.endsWith("_suit")) return w.suit(value);
    if (key === "verb") return w.verb(value);
    if (Array.isArray(value)) return w.list(value);
    return String(value);
  };
  w.say = (msg) => {
    if (msg === null || msg === undefined) return "";
    if (typeof msg === "string") return w.t(msg);
    const params = msg.params || {};
    const worded = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, w.param(k, v)]));
    if (!("n" in worded) && "n" in params) worded.n = params.n;
    const entry = lookup(table, msg.code);
    return fill(entry, { ...worded, n: params.n ?? worded.n }, msg.code);
  };
  // A move in words, the one wording of a move (picker, suggestion, replay, lesson): its verb,
  // then each argument named: places by the view's formatParam("arg", ...), cards by the face
  // spec, else the game's word for it (choice_<verb>_<arg>, or the argument as a key): never the
  // raw notation when a word exists. "出す：ハートの9" / "play 9 of hearts"; "宣言：メノス".
  w.move = (action) => {
    const [verb, ...args] = String(action).split(" ");
    const named = args.map((a) => {
      const own = ctx.formatParam ? ctx.formatParam("arg", a, ctx.ui || w) : undefined;
      if (own !== undefined && own !== null) return String(own);
      const card = spec.name(a, w);
      if (card !== undefined && card !== null && card !== a) return card;
      if (w.has(`choice_${verb}_${a}`)) return w.t(`choice_${verb}_${a}`);
      return w.has(a) ? w.t(a) : a;
    });
    if (!named.length) return w.verb(verb);
    return lang === "ja"
      ? `${w.verb(verb)}：${named.join("、")}`
      : `${w.verb(verb)} ${named.join(", ")}`;
  };
  w.lang = lang;
  return w;
}
