// The app shell: game list, setup screen, the table loop (human, computer and pass-and-play
// seats), saving after every move and resuming on reload. The engine runs in a PyScript worker;
// this file only sends action strings and draws what view(seat) returns.
import { chooseLanguage, currentLanguage, gameTitle, setLanguage, SLUGS, t } from "./i18n.js";
import { cardEl, cardName, h } from "./table.js";

const params = new URLSearchParams(location.search);
const EMBED = params.get("embed") === "1";
const app = document.getElementById("app");
const storage = (() => { try { const s = window.localStorage; s.getItem("tabletop:probe"); return s; } catch { return null; } })();
const memoryStore = new Map(); // when localStorage is blocked (some embedded iframes)
const store = storage || {
  getItem: (k) => (memoryStore.has(k) ? memoryStore.get(k) : null),
  setItem: (k, v) => memoryStore.set(k, String(v)),
  removeItem: (k) => memoryStore.delete(k),
};

chooseLanguage(params, store);
// Four-colour deck (suits told apart by more than red/black), remembered on this device.
const fourColour = () => store.getItem("tabletop:four-colour") === "1";
document.documentElement.classList.toggle("four-colour", fourColour());
if (EMBED) document.body.classList.add("embed");

// Delay before a computer seat moves, so a person can follow the play (?botdelay=0 in tests).
const botDelayParam = Number(params.get("botdelay"));
const BOT_DELAY = Number.isFinite(botDelayParam) && botDelayParam >= 0 && botDelayParam <= 10000 ? botDelayParam : 700;

// ---------------------------------------------------------------- engine (PyScript worker)
let engineReady = null;
let engineBooted = false; // once the engine runs, a saved table is not drawn ahead of it
function engine() {
  if (!engineReady) {
    const tag = document.querySelector('script[type="py"][worker]');
    engineReady = (async () => {
      while (!tag.xworker) await new Promise((r) => setTimeout(r, 5));
      await tag.xworker.ready;
      return tag.xworker.sync;
    })();
  }
  return engineReady;
}

// Engine calls run one at a time, in order; each returns parsed JSON.
let queue = Promise.resolve();
function call(name, ...args) {
  const run = queue.then(async () => JSON.parse(await (await engine())[name](...args)));
  queue = run.catch(() => {});
  return run;
}

// ---------------------------------------------------------------- messages
function toast(text, kind = "error") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "alert" });
    document.body.append(box);
  }
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 8000);
}

// ---------------------------------------------------------------- catalog and routing
let catalog = null;
async function loadCatalog() {
  if (!catalog) {
    const list = await (await fetch("static/catalog.json")).json();
    catalog = Object.fromEntries(list.map((g) => [g.slug, g]));
  }
  return catalog;
}

function navigate(query) {
  const url = new URL(location.href);
  url.search = "";
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (params.get("lang")) url.searchParams.set("lang", currentLanguage());
  if (EMBED) url.searchParams.set("embed", "1");
  history.pushState(null, "", url);
  route();
}

window.addEventListener("popstate", () => route());

// ---- storage blocked (issue #20.7) ----
// A browser that blocks storage for third-party frames (Debian's Chromium; a private window)
// gives no localStorage, IndexedDB, Cache API or service worker. The game still plays: saves go
// to the in-memory store above for the page's life (the vendored PyScript is built to start
// without IndexedDB: see PYSCRIPT_PATCHES in py/tools/build.py), and a quiet note says so.
function noteStorageBlocked() {
  if (storage || document.querySelector(".storage-note")) return;
  document.body.append(h("p", { class: "storage-note", role: "note" }, t("storage_blocked")));
}
// ---- end storage blocked ----

async function route() {
  const current = new URLSearchParams(location.search);
  noteStorageBlocked();
  const slug = current.get("game");
  await loadCatalog();
  if (current.get("page") === "embed") return showEmbedPage();
  if (current.get("replay") !== null) return showReplay(current.get("replay"));
  if (slug === null) return showList();
  if (!SLUGS.includes(slug)) {
    toast(t("settings_broken", { reason: `game=${slug}` }));
    return showList();
  }
  return openGame(slug);
}

function header(title, extra = []) {
  const langButton = h("button", {
    type: "button", class: "lang", lang: currentLanguage() === "ja" ? "en" : "ja",
    onclick: () => { setLanguage(currentLanguage() === "ja" ? "en" : "ja", store); rerender(); },
  }, t("language"));
  const back = EMBED ? h("a", { class: "full-app", href: `${location.pathname}${new URLSearchParams(location.search).get("game") ? `?game=${new URLSearchParams(location.search).get("game")}` : ""}`, target: "_blank", rel: "noopener" }, "Tabletop ↗")
    : h("button", { type: "button", class: "back", onclick: () => { session = null; navigate({}); } }, "← ", t("back"));
  // In an embed the link opens the full app (same game) in a new tab.
  return h("header", { class: "bar" }, title === null ? null : back, h("h1", {}, title ?? t("app_title")), ...extra, langButton);
}

let rerender = () => {};

function showList() {
  session = null;
  rerender = showList;
  document.title = t("app_title");
  const items = SLUGS.map((slug) => {
    const info = catalog[slug];
    const ready = info && info.available;
    return h("li", {},
      ready ? h("button", { type: "button", class: "game", dataset: { slug }, onclick: () => navigate({ game: slug }) },
        h("span", { class: "title" }, gameTitle(slug)),
        h("span", { class: "players" }, t("players_n", { n: info.min_players === info.max_players ? `${info.min_players}` : `${info.min_players}–${info.max_players}` })))
        : h("div", { class: "game coming", dataset: { slug } }, h("span", { class: "title" }, gameTitle(slug)), h("span", { class: "tag" }, t("coming"))));
  });
  app.replaceChildren(header(null), h("p", { class: "tagline" }, t("tagline")), h("ul", { class: "games" }, items),
    h("label", { class: "setting" }, h("input", { type: "checkbox", name: "four-colour", checked: fourColour(),
      onchange: (e) => { store.setItem("tabletop:four-colour", e.target.checked ? "1" : "0"); document.documentElement.classList.toggle("four-colour", e.target.checked); } }),
    t("four_colour")),
    h("p", { class: "footer-links" }, h("a", { href: "?page=embed", onclick: (e) => { e.preventDefault(); navigate({ page: "embed" }); } }, t("embed_page"))));
  document.body.dataset.screen = "list";
}

// The page an article's author copies a game's snippet from, with a live preview.
function embedSnippet(slug) {
  const base = new URL(".", location.href);
  const src = new URL(`?game=${slug}&embed=1&lang=${currentLanguage()}`, base).href;
  return `<iframe src="${src}" data-tabletop title="${gameTitle(slug)}" style="width:100%;max-width:720px;border:0" height="640" loading="lazy"></iframe>\n`
    + `<script src="${new URL("static/embed.js", base).href}" async></script>`;
}

function showEmbedPage() {
  session = null;
  rerender = showEmbedPage;
  document.title = `${t("embed_page")} — ${t("app_title")}`;
  const rows = SLUGS.filter((slug) => catalog[slug]?.available).map((slug) => {
    const code = embedSnippet(slug);
    const preview = h("div", { class: "preview" });
    return h("section", { class: "snippet", dataset: { slug } },
      h("h2", {}, gameTitle(slug)),
      h("textarea", { readonly: true, rows: 4, "aria-label": `${gameTitle(slug)} snippet`, onfocus: (e) => e.target.select() }, code),
      h("div", { class: "actions" },
        h("button", { type: "button", onclick: async (e) => { await navigator.clipboard?.writeText(code); e.target.textContent = t("copied"); } }, t("copy")),
        h("button", { type: "button", class: "show-preview", onclick: () => {
          // One live preview at a time: each one boots its own Python.
          for (const other of document.querySelectorAll(".snippet .preview")) other.replaceChildren();
          const holder = document.createElement("div");
          holder.innerHTML = code.split("\n")[0];
          preview.replaceChildren(holder.firstChild);
        } }, t("preview"))),
      preview);
  });
  app.replaceChildren(header(t("embed_page")), h("p", {}, t("embed_help")), ...rows);
  if (!document.querySelector("script[data-embed-helper]")) document.head.append(h("script", { src: "static/embed.js", "data-embed-helper": true }));
  document.body.dataset.screen = "embed";
}

// ---------------------------------------------------------------- rules pages
// Each game's rules in the reader's language (static/rules/<slug>.json), over whatever is shown.
async function showRules(slug) {
  let data;
  try {
    data = await (await fetch(`static/rules/${slug}.json`)).json();
  } catch {
    return toast(`${gameTitle(slug)}: ${t("rules_missing")}`);
  }
  const page = data[currentLanguage()] || data.en;
  const close = () => { box.remove(); opener?.focus(); };
  const opener = document.activeElement;
  const box = h("section", { class: "rules-page", role: "dialog", "aria-modal": "true", "aria-label": page.title, tabindex: "-1",
    onkeydown: (e) => { if (e.key === "Escape") close(); } },
  h("div", { class: "rules-head" }, h("h2", {}, page.title), h("button", { type: "button", class: "close", onclick: close }, t("close"))),
  page.sections.map((sec) => h("section", {}, h("h3", {}, sec.heading),
    (sec.paragraphs || []).map((p) => h("p", {}, p)),
    sec.items && sec.items.length ? h("ul", {}, sec.items.map((i) => h("li", {}, i))) : null)),
  data.source && data.source.url ? h("p", { class: "source" }, h("a", { href: data.source.url, target: "_blank", rel: "noopener" }, t("original_article"))) : null);
  document.body.append(box);
  box.focus();
}

function rulesButton(slug) {
  return h("button", { type: "button", class: "rules-button", onclick: () => showRules(slug) }, t("rules_link"));
}

// ---------------------------------------------------------------- replays
// ?replay=<name> steps through static/replays/<name>.json; ?replay=<JSON log> (URL-encoded) steps
// through that log. Every seat's cards are shown; the engine replays and checks every move.
async function loadReplayLog(value) {
  if (/^[\w-]{1,80}$/.test(value)) {
    const res = await fetch(`static/replays/${value}.json`);
    if (!res.ok) throw new Error(t("replay_missing", { name: value }));
    return res.text();
  }
  JSON.parse(value); // a malformed inline log is refused here, with the parser's reason
  return value;
}

async function showReplay(value) {
  session = null;
  let text;
  try {
    text = await loadReplayLog(value);
  } catch (err) {
    toast(`${t("replay")}: ${err.message}`);
    return showList();
  }
  app.replaceChildren(header(t("replay")), h("p", { class: "loading" }, t("loading")));
  const opened = await call("replay_open", text);
  if (!opened.ok) {
    toast(`${t("replay")}: ${opened.error}`);
    return showList();
  }
  const slug = opened.game;
  const module = await import(`./views/${slug}.js`);
  let step = 0;
  const names = (seat) => t("player_n", { n: seat + 1 });
  // A game with its own faces (tarot, numbered colours, dominoes) exports cardFace(code, ui).
  const faceUi = { t: (key, p) => t(key, p, module.STRINGS), lang: currentLanguage() };
  const face = (code) => (module.cardFace ? module.cardFace(code, faceUi)
    : /^[2-9TJQKA][SHDC](#\d)?$/.test(code) ? cardEl(code, { small: true }) : h("span", { class: "code" }, code));
  const draw = async () => {
    const got = await call("replay_step", step);
    if (!got.ok) return toast(got.error);
    const view = got.views[0];
    const ui = {
      t: (key, p) => t(key, p, module.STRINGS), seatName: names, viewer: 0, act: () => {}, call,
      rerender: () => {}, selection: new Set(), lang: currentLanguage(), mode: "replay", canAct: false,
    };
    const go = (k) => { step = Math.max(0, Math.min(got.steps, k)); draw(); };
    const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t("replay") },
      h("button", { type: "button", class: "first", "aria-label": t("replay_first"), onclick: () => go(0) }, "«"),
      h("button", { type: "button", class: "prev", "aria-label": t("replay_prev"), onclick: () => go(step - 1), disabled: step === 0 }, "◀"),
      h("span", { class: "step", dataset: { step, steps: got.steps } }, `${step} / ${got.steps}`),
      h("button", { type: "button", class: "next", "aria-label": t("replay_next"), onclick: () => go(step + 1), disabled: step === got.steps }, "▶"),
      h("button", { type: "button", class: "last", "aria-label": t("replay_last"), onclick: () => go(got.steps) }, "»"));
    // The move in words: card codes become card names ("play 9H" -> "play 9 of hearts").
    const lastMove = got.last ? h("p", { class: "last-move", dataset: { action: got.last[1] } }, `${names(got.last[0])}: ${spoken(got.last[1])}`) : h("p", { class: "last-move" }, t("replay_start"));
    const hands = !got.views.some((v) => Array.isArray(v.hand)) ? null : h("section", { class: "all-hands", "aria-label": t("replay_hands") },
      got.views.map((v, seat) => h("div", { class: "seat-hand" }, h("span", { class: "name" }, names(seat)),
        h("span", { class: "cards" }, (Array.isArray(v.hand) ? v.hand : []).map((c) => face(c))))));
    const nodes = [header(`${gameTitle(slug)} — ${t("replay")}`), controls, lastMove, hands, module.render(view, ui)].filter(Boolean);
    if (view.phase === "over" && module.renderResult) nodes.push(h("section", { class: "result inline" }, module.renderResult(view, ui)));
    app.replaceChildren(...nodes);
    document.body.dataset.screen = "replay";
  };
  rerender = draw;
  document.onkeydown = (e) => {
    if (document.body.dataset.screen !== "replay") return;
    if (e.key === "ArrowRight") app.querySelector(".replay-controls .next")?.click();
    if (e.key === "ArrowLeft") app.querySelector(".replay-controls .prev")?.click();
  };
  await draw();
}

// A move in words: card codes become card names ("play 9H" -> "play 9 of hearts"); in Japanese
// the engine's verb is said in Japanese too ("出す：ハートの9").
const VERBS_JA = {
  play: "出す", discard: "捨てる", declare: "宣言", add: "追加で出す", attack: "攻撃", beat: "受ける",
  take: "取る", bid: "ビッド", exchange: "交換", give: "渡す", pass: "パス", scrap: "捨てる",
  facedown: "伏せて出す", draw: "引く", stop: "ストップ", fold: "降りる", lead: "リード",
};
const spoken = (action) => {
  const [verb, ...rest] = action.split(" ");
  const words = rest.map((w) => (/^[2-9TJQKA][SHDC](#\d)?$/.test(w) ? cardName(w) : w));
  if (currentLanguage() === "ja" && VERBS_JA[verb]) return words.length ? `${VERBS_JA[verb]}：${words.join(" ")}` : VERBS_JA[verb];
  return [verb, ...words].join(" ");
};

// ---------------------------------------------------------------- saved games
// One key per game (and per embed id), so two games in one article keep their own saves, and a
// broken save is removed alone: no other saved data is touched.
function saveKey(slug) {
  const id = params.get("id");
  return `tabletop:save:${slug}` + (id && /^[\w-]{1,40}$/.test(id) ? `:${id}` : "");
}

function readSave(slug) {
  const text = store.getItem(saveKey(slug));
  if (text === null) return null;
  try {
    const data = JSON.parse(text);
    if (!data || data.v !== 1 || typeof data.log !== "object" || !["bot", "hotseat"].includes(data.mode)) throw new Error("bad format");
    // The redo stack is only ever resent to the engine, which checks every move; keep it if well formed.
    if (!Array.isArray(data.redo) || !data.redo.every((m) => Array.isArray(m) && m.length === 2 && m[0] === 0 && typeof m[1] === "string")) data.redo = [];
    if (typeof data.deal !== "string" || !/^daily:\d{4}-\d{2}-\d{2}$/.test(data.deal)) data.deal = null;
    // The table last drawn (the human's own view), to show at once on a return visit.
    const shown = data.shown;
    if (!shown || shown.moves !== data.log.actions?.length || !shown.view || !Array.isArray(shown.view.to_move)) data.shown = null;
    return data;
  } catch (err) {
    return { broken: err.message || "bad format" };
  }
}

function writeSave() {
  if (!session) return;
  store.setItem(saveKey(session.slug), JSON.stringify({
    v: 1, log: session.log, mode: session.mode, level: session.level,
    redo: session.redo.length ? session.redo : undefined, deal: session.deal || undefined,
    shown: session.shown && session.shown.moves === session.log.actions.length ? session.shown : undefined,
  }));
}

// ---------------------------------------------------------------- setup screen
function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] & 0x7fffffff;
}

let session = null; // {slug, log, mode, level, humans, status, viewer, revealedFor, selection, module, redo, deal}

// A deal can be named by its seed: a shared link (?seed=N, with ?options={...} when not the
// defaults) or the daily deal (?daily=1 for today, ?daily=YYYY-MM-DD for a date), the same for
// everyone on that date: its seed is the date's digits (2026-11-21 -> 20261121).
const MAX_SEED = 0x7fffffff;
function localDate(d = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const dailySeed = (date) => Number(date.replaceAll("-", ""));

// The deal the link asks for: null (none), {seed, options, deal} or {error}.
function requestedDeal(query) {
  const seedText = query.get("seed");
  const daily = query.get("daily");
  if (seedText === null && daily === null) return null;
  let options = {};
  if (query.get("options") !== null) {
    try {
      options = JSON.parse(query.get("options"));
    } catch {
      return { error: "options" };
    }
    if (!options || typeof options !== "object" || Array.isArray(options)) return { error: "options" };
  }
  if (daily !== null) {
    const date = daily === "1" ? localDate() : daily;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return { error: `daily=${daily}` };
    return { seed: dailySeed(date), options, deal: `daily:${date}` };
  }
  if (!/^\d{1,10}$/.test(seedText) || Number(seedText) > MAX_SEED) return { error: `seed=${seedText}` };
  return { seed: Number(seedText), options, deal: null };
}

// Drop the deal from the address once it is chosen, so a reload resumes the saved game.
function forgetRequestedDeal() {
  const url = new URL(location.href);
  for (const k of ["seed", "daily", "options", "start"]) url.searchParams.delete(k);
  history.replaceState(null, "", url);
}

function shareLink(s) {
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("game", s.slug);
  url.searchParams.set("seed", s.log.seed);
  if (Object.keys(s.log.options || {}).length) url.searchParams.set("options", JSON.stringify(s.log.options));
  return url.href;
}

// The replay viewer on this deal from its start, playing `actions` (e.g. the solver's winning line).
function replayHref(s, actions) {
  const log = { game: s.slug, players: s.log.players, options: s.log.options, seed: s.log.seed, actions: actions.map((a) => [0, a]) };
  const url = new URL(location.pathname, location.href);
  url.searchParams.set("replay", JSON.stringify(log));
  url.searchParams.set("lang", currentLanguage());
  return url.href;
}

async function openGame(slug) {
  const info = catalog[slug];
  if (!info || !info.available) {
    toast(`${gameTitle(slug)}: ${t("coming")}`);
    return showList();
  }
  document.title = `${gameTitle(slug)} — ${t("app_title")}`;
  const saved = readSave(slug);
  const wanted = requestedDeal(new URLSearchParams(location.search));
  if (wanted && wanted.error) {
    toast(t("settings_broken", { reason: wanted.error }));
    forgetRequestedDeal();
  } else if (wanted) {
    const sameDeal = saved && !saved.broken && saved.log.seed === wanted.seed
      && JSON.stringify(saved.log.options || {}) === JSON.stringify(wanted.options);
    if (!sameDeal) {
      if (saved && !saved.broken && saved.log.actions.length) return showDealChoice(slug, saved, wanted);
      forgetRequestedDeal();
      return newGame(slug, { ...defaultSetup(info), options: { ...defaultSetup(info).options, ...wanted.options } }, wanted);
    }
    forgetRequestedDeal();
  }
  if (saved && !saved.broken) {
    const loaded = await startSession(slug, saved.log, saved.mode, saved.level || info.default_level || "random", { redo: saved.redo, deal: saved.deal, shown: saved.shown });
    if (loaded) return;
    store.removeItem(saveKey(slug));
    const reason = lastLoadError;
    await newGame(slug, setupFromLog(saved.log, info));
    return toast(t("save_broken", { reason }));
  }
  if (!saved && (new URLSearchParams(location.search).get("start") === "1" || EMBED)) {
    // A link or an embed that asks to play at once: the article's reader taps nothing to begin.
    return newGame(slug, defaultSetup(info), null, true);
  }
  if (saved && saved.broken) {
    store.removeItem(saveKey(slug));
    await newGame(slug, defaultSetup(info));
    return toast(t("save_broken", { reason: saved.broken }));
  }
  showSetup(slug, defaultSetup(info));
}

// A link names a deal while another game of the same kind is in progress: ask, never drop it silently.
function showDealChoice(slug, saved, wanted) {
  session = null;
  rerender = () => showDealChoice(slug, saved, wanted);
  const info = catalog[slug];
  app.replaceChildren(header(gameTitle(slug)), h("section", { class: "deal-choice" },
    h("p", {}, wanted.deal ? t("daily_deal_is", { date: wanted.deal.slice(6) }) : t("shared_deal_is", { seed: wanted.seed })),
    h("p", {}, t("deal_choice_help")),
    h("button", { type: "button", class: "primary play-shared", onclick: () => {
      forgetRequestedDeal();
      newGame(slug, { ...defaultSetup(info), options: { ...defaultSetup(info).options, ...wanted.options } }, wanted);
    } }, t("play_that_deal")),
    h("button", { type: "button", class: "keep-saved", onclick: () => { forgetRequestedDeal(); openGame(slug); } }, t("continue_mine"))));
  document.body.dataset.screen = "deal-choice";
}

function defaultSetup(info) {
  const options = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  return { players: info.default_players, options, mode: "bot", level: info.default_level || "random" };
}

function setupFromLog(log, info) {
  const base = defaultSetup(info);
  if (log && Number.isInteger(log.players) && log.players >= info.min_players && log.players <= info.max_players) base.players = log.players;
  return base;
}

async function showSetup(slug, setup) {
  session = null;
  rerender = () => showSetup(slug, setup);
  const info = catalog[slug];
  const view = await import(`./views/${slug}.js`); // its STRINGS label the options
  const form = h("form", { class: "setup", onsubmit: (e) => { e.preventDefault(); newGame(slug, setup); } });
  if (info.min_players !== info.max_players) {
    const select = h("select", { name: "players", onchange: (e) => { setup.players = Number(e.target.value); } });
    for (let n = info.min_players; n <= info.max_players; n++) select.append(h("option", { value: n, selected: n === setup.players }, n));
    form.append(h("label", {}, t("players"), select));
  } else {
    form.append(h("p", {}, `${t("players")}: ${info.min_players}`));
  }
  for (const opt of info.options) {
    if (opt.kind === "choice" && opt.choices.length < 2) continue; // nothing to choose
    const label = t(`option_${opt.key}`, {}, view?.STRINGS);
    let input;
    if (opt.kind === "bool") {
      input = h("input", { type: "checkbox", name: opt.key, checked: setup.options[opt.key], onchange: (e) => { setup.options[opt.key] = e.target.checked; } });
    } else if (opt.kind === "int") {
      // An option whose default is null ("the rules' default") goes back to null when emptied.
      input = h("input", { type: "number", name: opt.key, min: opt.min, max: opt.max, value: setup.options[opt.key] ?? "", inputmode: "numeric",
        placeholder: opt.default === null ? t("default_value") : null,
        onchange: (e) => { setup.options[opt.key] = e.target.value === "" && opt.default === null ? null : Number(e.target.value); } });
    } else {
      // Choices may be numbers or booleans: take the declared value, not the element's text.
      input = h("select", { name: opt.key, onchange: (e) => { setup.options[opt.key] = opt.choices[e.target.selectedIndex]; } },
        opt.choices.map((c) => h("option", { value: c, selected: c === setup.options[opt.key] }, t(`choice_${opt.key}_${c}`, {}, view?.STRINGS))));
    }
    form.append(h("label", { class: `option-${opt.kind}` }, label, input));
  }
  const solitaire = info.max_players === 1;
  if (!solitaire) {
    form.append(h("fieldset", {}, h("legend", {}, t("mode")),
      ["bot", "hotseat"].map((m) => h("label", { class: "radio" },
        h("input", { type: "radio", name: "mode", value: m, checked: setup.mode === m, onchange: () => { setup.mode = m; } }),
        t(`mode_${m}`)))));
  }
  const levels = info.levels || ["random"];
  if (!solitaire && levels.length > 1) {
    form.append(h("label", {}, t("level"), h("select", { name: "level", onchange: (e) => { setup.level = e.target.value; } },
      levels.map((l) => h("option", { value: l, selected: l === setup.level }, t(`level_${l}`))))));
  }
  form.append(h("button", { type: "submit", class: "primary start" }, t(solitaire ? "new_deal" : "start")));
  if (solitaire) {
    const date = localDate();
    form.append(h("button", { type: "button", class: "daily", onclick: () => newGame(slug, setup, { seed: dailySeed(date), deal: `daily:${date}` }) },
      t("daily_deal", { date })));
  }
  app.replaceChildren(header(gameTitle(slug), [rulesButton(slug)]), form);
  document.body.dataset.screen = "setup";
}

async function newGame(slug, setup, named = null, cold = false) {
  // Only the options the player changed are sent: a default may depend on the player count
  // (e.g. Mustamaija's hand size at 7-8 players), and the engine knows it.
  const defaults = Object.fromEntries(catalog[slug].options.map((o) => [o.key, o.default]));
  const options = Object.fromEntries(Object.entries(setup.options || {}).filter(([k, v]) => v !== defaults[k]));
  const opening = cold && !named ? await coldOpening(slug, setup, options) : null;
  const log = { game: slug, players: setup.players, options, seed: named ? named.seed : opening ? opening.seed : randomSeed(), actions: [] };
  const ok = await startSession(slug, log, setup.mode, setup.level || catalog[slug].default_level || "random", { deal: named ? named.deal : null, shown: opening?.shown });
  if (!ok) {
    toast(lastLoadError);
    showSetup(slug, defaultSetup(catalog[slug]));
  }
}

// ---- cold visit: the opening table at once (issue #19.3) ----
// The build writes each game's opening (static/openings/<slug>.json): seat 0's view of a new game
// at the game's defaults against the computer, with a seed fixed for that build of the game. A
// cold visit that starts a game at once (start=1, an embed) deals that seed and draws the opening
// before the engine is up, exactly as a return visit draws its saved table (`shown` below); taps
// wait for the engine, which deals the same seed and whose own view then replaces this one.
async function coldOpening(slug, setup, options) {
  if (engineBooted || setup.mode !== "bot" || Object.keys(options).length) return null;
  try {
    const [res] = await Promise.all([fetch(`static/openings/${slug}.json`), import(`./views/${slug}.js`)]);
    const opening = res.ok ? await res.json() : null;
    if (!opening || opening.code !== catalog[slug]?.code || opening.players !== setup.players) return null;
    return { seed: opening.seed, shown: { moves: 0, code: opening.code, view: opening.view } };
  } catch { // no opening for this build: the table waits for the engine as before
    return null;
  }
}
// ---- end cold visit ----

let lastLoadError = "";
async function startSession(slug, log, mode, level, extra = {}) {
  app.replaceChildren(header(gameTitle(slug)), h("p", { class: "loading" }, t("loading")));
  const modulePromise = import(`./views/${slug}.js`);
  const loading = call("load", JSON.stringify(log));
  const make = (module, status) => {
    const humans = mode === "hotseat" ? [...Array(status.players).keys()] : [0];
    return {
      slug, log: structuredClone(log), mode, level, humans, module,
      status, viewer: humans[0], revealedFor: mode === "hotseat" ? null : humans[0],
      selection: new Set(), busy: false, botTimer: null,
      redo: extra.redo || [], deal: extra.deal || null, solitaire: status.players === 1, shown: null,
    };
  };
  // A return visit against the computer: the table the player left is drawn at once from the
  // save (it is their own view), while the engine boots and replays the log. A tap meanwhile
  // waits in the call queue behind the load; the engine's own view replaces this one when ready.
  const shown = extra.shown;
  if (shown && mode === "bot" && shown.moves === log.actions.length && shown.code === catalog[slug]?.code && !engineBooted) {
    const module = await modulePromise;
    const view = shown.view;
    const provisional = make(module, { ok: true, over: view.phase === "over" || "result" in view, to_move: view.to_move, players: log.players });
    provisional.provisional = true;
    provisional.shown = shown;
    session = provisional;
    writeSave(); // a cold visit's opening is the game from now on, saved as a return visit's is
    rerender = () => drawTableFrom(view, tableUi(provisional, view));
    try {
      drawTableFrom(view, tableUi(provisional, view));
    } catch { // a saved table this code cannot draw: wait for the engine's
      app.replaceChildren(header(gameTitle(slug)), h("p", { class: "loading" }, t("loading")));
    }
    const loaded = await loading;
    if (session !== provisional) return true; // the player left meanwhile
    if (!loaded.ok) {
      session = null;
      lastLoadError = loaded.error;
      return false;
    }
    provisional.status = loaded;
    provisional.provisional = false;
    rerender = drawTable;
    await drawTable();
    return true;
  }
  const [module, loaded] = await Promise.all([modulePromise, loading]);
  if (!loaded.ok) {
    lastLoadError = loaded.error;
    return false;
  }
  session = make(module, loaded);
  writeSave();
  rerender = drawTable;
  await drawTable();
  return true;
}

// ---------------------------------------------------------------- the table loop
function seatName(seat) {
  if (!session) return "";
  if (session.mode === "hotseat") return t("player_n", { n: seat + 1 });
  if (seat === session.humans[0]) return t("you");
  return session.status.players > 2 ? `${t("computer")} ${seat}` : t("computer");
}

function chooseViewer() {
  const { status, humans } = session;
  if (status.over) return;
  const waiting = status.to_move.filter((s) => humans.includes(s));
  if (waiting.length && !waiting.includes(session.viewer)) session.viewer = waiting[0];
}

async function drawTable() {
  if (!session) return;
  const s = session;
  chooseViewer();
  if (s.mode === "hotseat" && !s.status.over && s.revealedFor !== s.viewer) {
    return drawPassScreen();
  }
  const got = await call("view", s.viewer);
  if (s !== session) return;
  if (!got.ok) return toast(got.error);
  const view = got.view;
  s.lastView = view;
  if (s.mode === "bot" && s.viewer === s.humans[0]) {
    s.shown = { moves: s.log.actions.length, code: catalog[s.slug]?.code, view };
    writeSave();
  }
  drawTableFrom(view, tableUi(s, view));
  scheduleBot();
}

function tableUi(s, view) {
  const ui = {
    t: (key, p) => t(key, p, s.module.STRINGS),
    seatName, viewer: s.viewer, act: humanAct, call, rerender: () => drawTableFrom(view, ui),
    selection: s.selection, lang: currentLanguage(), mode: s.mode,
    canAct: s.status.to_move.includes(s.viewer) && !s.busy,
    replayHref: (actions) => replayHref(s, actions),
  };
  return ui;
}

function drawTableFrom(view, ui) {
  const s = session;
  if (!s) return;
  const table = s.module.render(view, ui);
  const newButton = h("button", { type: "button", class: "new", onclick: () => { clearTimeout(s.botTimer); store.removeItem(saveKey(s.slug)); session = null; showSetup(s.slug, setupFromLog(s.log, catalog[s.slug])); } }, t("new_game"));
  const nodes = [header(gameTitle(s.slug), [rulesButton(s.slug), newButton]), s.solitaire ? solitaireBar(s) : assistBar(s, view, ui), table].filter(Boolean);
  if (view.phase === "over" && s.module.renderResult) {
    nodes.push(h("section", { class: "result", role: "dialog", "aria-label": t("game_over") },
      s.module.renderResult(view, ui),
      h("button", { type: "button", class: "primary again", onclick: () => newGame(s.slug, { ...setupFromLog(s.log, catalog[s.slug]), options: s.log.options, mode: s.mode, level: s.level }) }, t("play_again"))));
  }
  app.replaceChildren(...nodes);
  markSuggestion(s);
  document.body.dataset.screen = "table";
  document.body.dataset.phase = view.phase;
  if (!document.body.dataset.shown) performance.mark("table-shown");
  document.body.dataset.shown = "1";
  if (s.provisional) return; // drawn from the save: playable, the engine confirms it next
  if (!document.body.dataset.ready) performance.mark("table-ready");
  document.body.dataset.ready = "1";
}

// "Suggest a move": the computer player's own choice for the human's seat, from that seat's view
// only (the same bot and level as the opponents; normal when they play at random). Said in words,
// and the cards it names are ringed on the table. A view with its own hint (Mate) opts out.
let suggestion = { key: null };

function assistBar(s, view, ui) {
  const levels = catalog[s.slug]?.levels || [];
  if (s.module.OWN_HINT || !levels.includes("normal") || view.phase === "over" || !ui.canAct) return null;
  const key = `${s.slug}:${s.log.seed}:${s.log.actions.length}:${s.viewer}`;
  const mine = suggestion.key === key ? suggestion : null;
  return h("div", { class: "assist-bar" },
    h("button", { type: "button", class: "suggest", disabled: mine && mine.busy ? true : null, onclick: () => suggestMove(s, key) },
      mine && mine.busy ? t("suggest_busy") : t("suggest")),
    h("span", { class: "suggestion", role: "status", dataset: { action: mine && mine.action ? mine.action : "" } },
      mine && mine.action ? t("suggested", { move: spoken(mine.action) }) : mine && mine.error ? mine.error : ""));
}

async function suggestMove(s, key) {
  suggestion = { key, busy: true };
  drawTableFrom(s.lastView, tableUi(s, s.lastView));
  const level = s.level === "random" ? "normal" : s.level;
  const got = await call("bot_action", s.viewer, level, randomSeed());
  if (suggestion.key !== key || s !== session) return;
  suggestion = { key, busy: false, action: got.ok ? got.action : null, error: got.ok ? null : got.error };
  if (s.lastView) drawTableFrom(s.lastView, tableUi(s, s.lastView));
}

function markSuggestion(s) {
  const action = suggestion.action && suggestion.key?.startsWith(`${s.slug}:${s.log.seed}:${s.log.actions.length}:`) ? suggestion.action : null;
  if (!action) return;
  for (const word of action.split(" ")) {
    for (const el of app.querySelectorAll(`.table [data-card="${CSS.escape(word)}"]`)) el.classList.add("suggested");
  }
}

// One-player games: unlimited undo and redo, the deal's name, and a link to share it.
function solitaireBar(s) {
  const label = s.deal ? t("daily_deal", { date: s.deal.slice(6) }) : t("deal_seed", { seed: s.log.seed });
  return h("div", { class: "solitaire-bar", role: "toolbar", "aria-label": t("deal_tools") },
    h("span", { class: "deal-name", dataset: { seed: s.log.seed } }, label),
    h("button", { type: "button", class: "undo", disabled: !s.log.actions.length || s.busy, onclick: undoMove, "aria-keyshortcuts": "Control+Z" }, "↶ ", t("undo")),
    h("button", { type: "button", class: "redo", disabled: !s.redo.length || s.busy, onclick: redoMove, "aria-keyshortcuts": "Control+Y" }, "↷ ", t("redo")),
    h("button", { type: "button", class: "share", onclick: () => shareDeal(s) }, t("share_deal")));
}

async function undoMove() {
  const s = session;
  if (!s || s.busy || !s.log.actions.length) return;
  s.busy = true;
  const res = await call("undo");
  s.busy = false;
  if (s !== session) return;
  if (!res.ok) return toast(res.error);
  s.redo.push(s.log.actions.pop());
  s.status = res;
  s.selection.clear();
  writeSave();
  await drawTable();
}

async function redoMove() {
  const s = session;
  if (!s || s.busy || !s.redo.length) return;
  const [seat, action] = s.redo[s.redo.length - 1];
  s.busy = true;
  const res = await applyAction(seat, action); // pops the redo stack: it is the same move
  s.busy = false;
  if (!res.ok) {
    s.redo = [];
    writeSave();
    toast(t("refused") + res.error);
  }
  s.selection.clear();
  await drawTable();
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
  if (!session || !session.solitaire || document.body.dataset.screen !== "table" || !(e.ctrlKey || e.metaKey)) return;
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) { e.preventDefault(); undoMove(); }
  if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); redoMove(); }
});

function drawPassScreen() {
  const s = session;
  const name = seatName(s.viewer);
  app.replaceChildren(header(gameTitle(s.slug)), h("section", { class: "pass" },
    h("h2", {}, t("pass_to", { name })), h("p", {}, t("pass_hint", { name })),
    h("button", { type: "button", class: "primary reveal", onclick: () => { s.revealedFor = s.viewer; s.selection.clear(); drawTable(); } }, t("ready", { name }))));
  document.body.dataset.screen = "pass";
  document.body.dataset.ready = "1";
}

async function applyAction(seat, action) {
  const s = session;
  const res = await call("act", seat, action);
  if (s !== session) return res;
  if (res.ok) {
    s.log.actions.push([seat, action]);
    const next = s.redo[s.redo.length - 1];
    if (next && next[0] === seat && next[1] === action) s.redo.pop();
    else s.redo = [];
    s.status = res;
    writeSave();
  }
  return res;
}

async function humanAct(action) {
  const s = session;
  if (!s || s.busy) return;
  s.busy = true;
  const res = await applyAction(s.viewer, action);
  s.busy = false;
  if (!res.ok) toast(t("refused") + res.error);
  s.selection.clear();
  if (s.mode === "hotseat" && !s.status.over && !s.status.to_move.includes(s.viewer)) s.revealedFor = null;
  await drawTable();
}

function scheduleBot() {
  const s = session;
  if (!s || s.status.over || s.botTimer) return;
  const botSeat = s.status.to_move.find((seat) => !s.humans.includes(seat));
  if (botSeat === undefined) return;
  // A view may ask for a longer pause (e.g. Más-Menos's discard race should be winnable).
  const factor = s.module.botDelayFactor ? s.module.botDelayFactor(s.lastView) : 1;
  s.botTimer = setTimeout(async () => {
    const got = await call("bot_action", botSeat, s.level, randomSeed());
    s.botTimer = null;
    if (s !== session) return;
    if (got.ok && s.status.to_move.includes(botSeat)) {
      const res = await applyAction(botSeat, got.action);
      if (!res.ok) toast(res.error);
    }
    await drawTable();
  }, BOT_DELAY * factor);
}

// ---------------------------------------------------------------- offline
// The service worker (sw.js, written by the build at the site root) precaches the app and the
// runtime, so a second visit plays without a network. When a new build's worker takes over, the
// page reloads once to run the new version; the game in progress is in its saved log.
if ("serviceWorker" in navigator && location.protocol !== "file:" && !params.has("nosw")) {
  const hadController = !!navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  // Registered once the engine is up: precaching the whole site (every game, the runtime) must
  // not compete with the first visit's own download and boot of the runtime.
  const loaded = new Promise((resolve) => (document.readyState === "complete" ? resolve() : window.addEventListener("load", resolve)));
  Promise.all([loaded, engine().catch(() => {})]).then(() => {
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(
      (reg) => { document.body.dataset.sw = "registered"; return reg; },
      () => { document.body.dataset.sw = "unavailable"; },
    );
  });
}

// ---------------------------------------------------------------- embedding
// In an article's iframe the page tells its parent how tall it is, so the iframe can grow to fit
// (static/embed.js on the article's side listens). Only a height is sent: nothing private.
if (EMBED && window.parent !== window) {
  const report = () => window.parent.postMessage({ type: "tabletop:height", height: Math.ceil(document.documentElement.scrollHeight) }, "*");
  new ResizeObserver(report).observe(document.body);
  window.addEventListener("load", report);
}

// ---------------------------------------------------------------- start
window.tabletop = { call, engine, saveKey }; // for tests and the console
route().catch((err) => { app.replaceChildren(h("p", { class: "error" }, t("engine_failed") + err)); });
engine().then(() => { engineBooted = true; performance.mark("engine-ready"); document.body.dataset.engine = "ready"; }, (err) => toast(t("engine_failed") + err));
