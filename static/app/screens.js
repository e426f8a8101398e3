// The screens around a table: the game list, the embed page, a game's setup, the question when a
// link names another deal, and the replay viewer.
import { h } from "../kit/dom.js";
import { face } from "../kit/faces.js";
import { currentLanguage, gameTitle, loadGame, SLUGS, t, words } from "../kit/words.js";
import { app, EMBED, header, hooks, toast } from "./chrome.js";
import { call } from "./engine.js";
import { current, endSession, makeUi, setupFromLog, startSession, loadError, randomSeed } from "./play.js";
import { params, readSave, saveKey, store } from "./store.js";

export function navigate(query) {
  const url = new URL(location.href);
  url.search = "";
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (params.get("lang")) url.searchParams.set("lang", currentLanguage());
  if (EMBED) url.searchParams.set("embed", "1");
  history.pushState(null, "", url);
  current.route();
}
current.leave = () => { endSession(); navigate({}); };

// ---------------------------------------------------------------- the list
export function showList() {
  endSession();
  hooks.rerender = showList;
  document.title = t("app_title");
  const items = SLUGS.map((slug) => {
    const info = current.catalog[slug];
    const range = info && (info.min_players === info.max_players ? `${info.min_players}` : `${info.min_players}–${info.max_players}`);
    return h("li", {}, info && info.available
      ? h("button", { type: "button", class: "game", dataset: { slug }, onclick: () => navigate({ game: slug }) },
        h("span", { class: "title" }, gameTitle(slug)), h("span", { class: "players" }, t("players_n", { n: range })))
      : h("div", { class: "game coming", dataset: { slug } }, h("span", { class: "title" }, gameTitle(slug)), h("span", { class: "tag" }, t("coming"))));
  });
  app.replaceChildren(header(null), h("p", { class: "tagline" }, t("tagline")), h("ul", { class: "games" }, items),
    h("p", { class: "footer-links" }, h("a", { href: "?page=embed", onclick: (e) => { e.preventDefault(); navigate({ page: "embed" }); } }, t("embed_page"))));
  document.body.dataset.screen = "list";
}

// ---------------------------------------------------------------- the embed page
// The page an article's author copies a game's snippet from, with a live preview.
function embedSnippet(slug) {
  const base = new URL(".", location.href);
  const src = new URL(`?game=${slug}&embed=1&lang=${currentLanguage()}`, base).href;
  return `<iframe src="${src}" data-tabletop title="${gameTitle(slug)}" style="width:100%;max-width:720px;border:0" height="640" loading="lazy"></iframe>\n`
    + `<script src="${new URL("static/embed.js", base).href}" async></script>`;
}

export function showEmbedPage() {
  endSession();
  hooks.rerender = showEmbedPage;
  document.title = `${t("embed_page")} — ${t("app_title")}`;
  const rows = SLUGS.filter((slug) => current.catalog[slug]?.available).map((slug) => {
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
  app.replaceChildren(header(t("embed_page"), { onBack: current.leave }), h("p", {}, t("embed_help")), ...rows);
  if (!document.querySelector("script[data-embed-helper]")) document.head.append(h("script", { src: "static/embed.js", "data-embed-helper": true }));
  document.body.dataset.screen = "embed";
}

// ---------------------------------------------------------------- deals named by a link
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

const defaultSetup = (info) => setupFromLog(null, info);

export async function openGame(slug) {
  const info = current.catalog[slug];
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
    const reason = loadError();
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
  endSession();
  hooks.rerender = () => showDealChoice(slug, saved, wanted);
  const info = current.catalog[slug];
  app.replaceChildren(header(gameTitle(slug), { slug, onBack: current.leave }), h("section", { class: "deal-choice" },
    h("p", {}, wanted.deal ? t("daily_deal_is", { date: wanted.deal.slice(6) }) : t("shared_deal_is", { seed: wanted.seed })),
    h("p", {}, t("deal_choice_help")),
    h("button", { type: "button", class: "primary play-shared", onclick: () => {
      forgetRequestedDeal();
      newGame(slug, { ...defaultSetup(info), options: { ...defaultSetup(info).options, ...wanted.options } }, wanted);
    } }, t("play_that_deal")),
    h("button", { type: "button", class: "keep-saved", onclick: () => { forgetRequestedDeal(); openGame(slug); } }, t("continue_mine"))));
  document.body.dataset.screen = "deal-choice";
}

// ---------------------------------------------------------------- setup
export async function showSetup(slug, setup) {
  endSession();
  hooks.rerender = () => showSetup(slug, setup);
  const info = current.catalog[slug];
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug, module); // the game's strings label its options
  const w = words(slug);
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
        opt.choices.map((c) => h("option", { value: c, selected: c === setup.options[opt.key] }, w.t(`choice_${opt.key}_${c}`))));
    }
    form.append(h("label", { class: `option-${opt.kind}` }, h("span", { class: "label" }, w.t(`option_${opt.key}`)), input));
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
  app.replaceChildren(header(gameTitle(slug), { slug, onBack: current.leave }), form);
  document.body.dataset.screen = "setup";
}
current.showSetup = showSetup;

export async function newGame(slug, setup, named = null, cold = false) {
  // Only the options the player changed are sent: a default may depend on the player count
  // (e.g. Mustamaija's hand size at 7-8 players), and the engine knows it.
  const defaults = Object.fromEntries(current.catalog[slug].options.map((o) => [o.key, o.default]));
  const options = Object.fromEntries(Object.entries(setup.options || {}).filter(([k, v]) => v !== defaults[k]));
  const opening = cold && !named ? await coldOpening(slug, setup, options) : null;
  const log = { game: slug, players: setup.players, options, seed: named ? named.seed : opening ? opening.seed : randomSeed(), actions: [] };
  const ok = await startSession(slug, log, setup.mode, setup.level || current.catalog[slug].default_level || "random", { deal: named ? named.deal : null, shown: opening?.shown });
  if (!ok) {
    toast(loadError());
    showSetup(slug, defaultSetup(current.catalog[slug]));
  }
}
current.newGame = newGame;

// ---- cold visit: the opening table at once (issue #19.3) ----
// The build writes each game's opening (static/openings/<slug>.json): seat 0's view of a new game
// at the game's defaults against the computer, with a seed fixed for that build of the game. A
// cold visit that starts a game at once (start=1, an embed) deals that seed and draws the opening
// before the engine is up, exactly as a return visit draws its saved table (`shown` in
// startSession); taps wait for the engine, which deals the same seed and whose view replaces it.
async function coldOpening(slug, setup, options) {
  if (current.engineBooted || setup.mode !== "bot" || Object.keys(options).length) return null;
  try {
    const [res] = await Promise.all([fetch(`static/openings/${slug}.json`), import(`../views/${slug}.js`)]);
    const opening = res.ok ? await res.json() : null;
    if (!opening || opening.code !== current.catalog[slug]?.code || opening.players !== setup.players) return null;
    return { seed: opening.seed, shown: { moves: 0, code: opening.code, view: opening.view } };
  } catch { // no opening for this build: the table waits for the engine as before
    return null;
  }
}
// ---- end cold visit ----

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

export async function showReplay(value) {
  endSession();
  let text;
  try {
    text = await loadReplayLog(value);
  } catch (err) {
    toast(`${t("replay")}: ${err.message}`);
    return showList();
  }
  app.replaceChildren(header(t("replay"), { onBack: current.leave }), h("p", { class: "loading" }, t("loading")));
  const opened = await call("replay_open", text);
  if (!opened.ok) {
    toast(`${t("replay")}: ${opened.error}`);
    return showList();
  }
  const slug = opened.game;
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug, module);
  const log = JSON.parse(text);
  let step = 0;
  const draw = async () => {
    const got = await call("replay_step", step);
    if (!got.ok) return toast(got.error);
    const view = got.views[0];
    // The replay shows the table as seat 0 sees it, with no live prompts: nothing is tappable.
    const s = { slug, module, mode: "replay", viewer: 0, humans: [], players: opened.players, log: { ...log, actions: log.actions.slice(0, step) },
      status: { over: view.phase === "over", to_move: [] }, pick: [], legacySelection: new Set(), collected: new Set(), holds: new Set() };
    const ui = makeUi(s, view, { replay: true });
    const w = ui.words;
    const faceOf = (code) => (module.cardFace ? module.cardFace(code, ui) : module.faces || /^[2-9TJQKA][SHDC](#\d)?$/.test(code)
      ? face(code, { spec: module.faces, words: w, small: true }) : h("span", { class: "code" }, code));
    const go = (k) => { step = Math.max(0, Math.min(got.steps, k)); draw(); };
    const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t("replay") },
      h("button", { type: "button", class: "first", "aria-label": t("replay_first"), onclick: () => go(0) }, "«"),
      h("button", { type: "button", class: "prev", "aria-label": t("replay_prev"), onclick: () => go(step - 1), disabled: step === 0 }, "◀"),
      h("span", { class: "step", dataset: { step, steps: got.steps } }, `${step} / ${got.steps}`),
      h("button", { type: "button", class: "next", "aria-label": t("replay_next"), onclick: () => go(step + 1), disabled: step === got.steps }, "▶"),
      h("button", { type: "button", class: "last", "aria-label": t("replay_last"), onclick: () => go(got.steps) }, "»"));
    const lastMove = got.last ? h("p", { class: "last-move", dataset: { action: got.last[1] } }, `${ui.seatName(got.last[0])}: ${w.move(got.last[1])}`)
      : h("p", { class: "last-move" }, t("replay_start"));
    const hands = !got.views.some((v) => Array.isArray(v.hand)) ? null : h("section", { class: "all-hands", "aria-label": t("replay_hands") },
      got.views.map((v, seat) => h("div", { class: "seat-hand" }, h("span", { class: "name" }, ui.seatName(seat)),
        h("span", { class: "cards" }, (Array.isArray(v.hand) ? v.hand : []).map((c) => faceOf(c))))));
    const nodes = [header(`${gameTitle(slug)} — ${t("replay")}`, { slug, onBack: current.leave }), controls, lastMove, hands, module.render(view, ui)];
    if (view.phase === "over" && module.renderResult) nodes.push(h("section", { class: "result inline" }, module.renderResult(view, ui)));
    app.replaceChildren(...nodes.filter(Boolean));
    document.body.dataset.screen = "replay";
  };
  hooks.rerender = draw;
  document.onkeydown = (e) => {
    if (document.body.dataset.screen !== "replay") return;
    if (e.key === "ArrowRight") app.querySelector(".replay-controls .next")?.click();
    if (e.key === "ArrowLeft") app.querySelector(".replay-controls .prev")?.click();
  };
  await draw();
}
