// The screens around a table: the game list, the embed page, a game's setup, the question when a
// link names another deal, and the replay viewer.
import { h } from "../kit/dom.js";
import { face } from "../kit/faces.js";
import { currentLanguage, gameTitle, loadGame, SLUGS, t, words } from "../kit/words.js";
import { app, EMBED, header, hooks, toast } from "./chrome.js";
import { DATE_TEXT, localDate } from "./daily.js";
import { call, refusalWords } from "./engine.js";
import {
  current,
  endSession,
  gameAbandoned,
  makeUi,
  setupFromLog,
  startSession,
  loadError,
  nav,
  randomSeed,
  recordRefusal,
} from "./play.js";
import { setAside } from "./stats.js";
import { params, readSave, replayRecord, saveKey, store } from "./store.js";

export function navigate(query) {
  const url = new URL(location.href);
  url.search = "";
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (params.get("lang")) url.searchParams.set("lang", currentLanguage());
  if (EMBED) url.searchParams.set("embed", "1");
  history.pushState(null, "", url);
  nav.route();
}

// A title with its reading, 「Hold My Beer（ホールド・マイ・ビア）」: on the game list the reading is
// a unit of its own, so a narrow card breaks the line before its bracket, never inside a word or
// before a closing bracket.
function titleParts(title) {
  const reading = /^(.+?)(（.+）)$/.exec(title);
  return reading ? [reading[1], h("span", { class: "reading" }, reading[2])] : [title];
}

// ---------------------------------------------------------------- lessons and captions
// What the list, the setup and the replay viewer show of lessons: the "Learn" button, and the words
// of a lesson's or a replay's text and of a move. The lesson player itself (lesson.js) is loaded
// when a lesson is opened (?learn=1), not by every visit.
//
//   learnButton(slug, {compact})     "Learn", once the game's lesson is known to exist
//   sayText(text, ui)                a lesson's or a replay's text in the reader's language,
//                                    {card:XX} and {seat:N} worded as the table
//   moveWords(ui, module, action)    a move in words (cards, places, the game's words)
//   fetchLesson(slug)                static/lessons/<slug>.json (once), or null

// A text {ja, en} in the reader's language; {card:XX} is the card's name as the table says it,
// {seat:N} the seat's name.
export function sayText(text, ui) {
  if (!text) return "";
  const words = typeof text === "string" ? text : (text[currentLanguage()] ?? text.en ?? "");
  return words.replace(/\{(card|seat):([^}]+)\}/g, (whole, kind, value) =>
    kind === "card" ? ui.cardName(value) : ui.seatName(Number(value)),
  );
}

// A move in words: the table's words (kit/words.js w.move, the one wording of a move, with the
// view's formatParam and faces); kept under this name for the lesson's callers.
export function moveWords(ui, module, action) {
  return ui.words.move(action);
}

const lessons = new Map(); // slug -> Promise<lesson | null>
export function fetchLesson(slug) {
  if (!lessons.has(slug)) {
    lessons.set(
      slug,
      fetch(`static/lessons/${slug}.json`)
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null),
    );
  }
  return lessons.get(slug);
}

const goLearn = (slug) => navigate({ game: slug, learn: "1" });

// A "Learn" button for a game, shown once its lesson is found (nothing for a game without one).
// (A catalog that says whether a game has a lesson, `lesson: true|false`, saves the look-up.)
export function learnButton(slug, { compact = false } = {}) {
  const slot = h("span", { class: `learn-slot${compact ? " compact" : ""}` });
  const known = current.catalog?.[slug]?.lesson;
  if (known === false) return slot;
  fetchLesson(slug).then((lesson) => {
    if (!lesson) return;
    // On a game's card the button's name also says which game (its visible words come first).
    slot.replaceChildren(
      h(
        "button",
        { type: "button", class: "learn", dataset: { learn: slug }, onclick: () => goLearn(slug) },
        compact
          ? [
              t("learn"),
              h("span", { class: "sr-only" }, ` — ${gameTitle(slug)}`),
              h("span", { "aria-hidden": "true" }, " ▸"),
            ]
          : t("learn_long"),
      ),
    );
  });
  return slot;
}

// ---------------------------------------------------------------- the list
export function showList() {
  endSession();
  hooks.rerender = showList;
  document.title = t("app_title");
  const items = SLUGS.map((slug) => {
    const info = current.catalog[slug];
    const range =
      info &&
      (info.min_players === info.max_players
        ? `${info.min_players}`
        : `${info.min_players}–${info.max_players}`);
    return h(
      "li",
      {},
      info && info.available
        ? [
            h(
              "button",
              {
                type: "button",
                class: "game",
                dataset: { slug },
                onclick: () => navigate({ game: slug }),
              },
              h("span", { class: "title" }, ...titleParts(gameTitle(slug))),
              h("span", { class: "players" }, t("players_n", { n: range })),
              // What kind of game and about how long one takes (phone review P11b).
              h(
                "span",
                { class: "about" },
                h("span", { class: "kind" }, t(`kind_${slug}`)),
                t("about_sep"),
                h("span", { class: "length" }, t(`length_${slug}`)),
              ),
            ),
            learnButton(slug, { compact: true }),
          ]
        : h(
            "div",
            { class: "game coming", dataset: { slug } },
            h("span", { class: "title" }, ...titleParts(gameTitle(slug))),
            h("span", { class: "tag" }, t("coming")),
          ),
    );
  });
  app.replaceChildren(
    header(null),
    h("p", { class: "tagline" }, t("tagline")),
    h("ul", { class: "games" }, items),
    h(
      "p",
      { class: "footer-links" },
      h(
        "a",
        {
          class: "stats-overview-link",
          href: "?page=stats",
          onclick: (e) => {
            e.preventDefault();
            navigate({ page: "stats" });
          },
        },
        t("stats"),
      ),
      h(
        "a",
        {
          href: "?page=embed",
          onclick: (e) => {
            e.preventDefault();
            navigate({ page: "embed" });
          },
        },
        t("embed_page"),
      ),
    ),
  );
  document.body.dataset.screen = "list";
}

// ---------------------------------------------------------------- the embed page
// The page an article's author copies a game's snippet from, with a live preview.
function embedSnippet(slug) {
  const base = new URL(".", location.href);
  const src = new URL(`?game=${slug}&embed=1&lang=${currentLanguage()}`, base).href;
  return (
    // data-src: embed.js starts the game once the article has loaded and the reader is near it.
    `<iframe data-src="${src}" data-tabletop title="${gameTitle(slug)}" style="width:100%;max-width:720px;border:0" height="640"></iframe>\n` +
    `<script src="${new URL("static/embed.js", base).href}" async></script>`
  );
}

export function showEmbedPage() {
  endSession();
  hooks.rerender = showEmbedPage;
  document.title = `${t("embed_page")} — ${t("app_title")}`;
  const rows = SLUGS.filter((slug) => current.catalog[slug]?.available).map((slug) => {
    const code = embedSnippet(slug);
    const preview = h("div", { class: "preview" });
    return h(
      "section",
      { class: "snippet", dataset: { slug } },
      h("h2", {}, gameTitle(slug)),
      h(
        "textarea",
        {
          readonly: true,
          rows: 4,
          "aria-label": `${gameTitle(slug)} snippet`,
          onfocus: (e) => e.target.select(),
        },
        code,
      ),
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            type: "button",
            onclick: async (e) => {
              await navigator.clipboard?.writeText(code);
              e.target.textContent = t("copied");
            },
          },
          t("copy"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "show-preview",
            onclick: () => {
              // One live preview at a time: each one boots its own Python.
              for (const other of document.querySelectorAll(".snippet .preview"))
                other.replaceChildren();
              const holder = document.createElement("div");
              holder.innerHTML = code.split("\n")[0];
              const frame = holder.firstChild;
              frame.src = frame.dataset.src; // the reader asked for it: no wait for scrolling
              preview.replaceChildren(frame);
            },
          },
          t("preview"),
        ),
      ),
      preview,
    );
  });
  app.replaceChildren(
    header(t("embed_page"), { onBack: nav.leave }),
    h("p", {}, t("embed_help")),
    ...rows,
  );
  if (!document.querySelector("script[data-embed-helper]"))
    document.head.append(h("script", { src: "static/embed.js", "data-embed-helper": true }));
  document.body.dataset.screen = "embed";
}

// ---------------------------------------------------------------- deals named by a link
// A deal can be named by a link: a shared deal (?seed=N, with &players=P when not the default and
// &options={...} when not the defaults) or the daily deal (?daily=1 for today, the device's local
// date, or ?daily=YYYY-MM-DD), the engine's session.daily_log: the same for everyone on a date.
const MAX_SEED = 0x7fffffff;

// Options as a log keeps them: only those that are not the defaults, in key order.
function dealOptions(info, options) {
  const defaults = Object.fromEntries(info.options.map((o) => [o.key, o.default]));
  return Object.fromEntries(
    Object.keys(options || {})
      .sort()
      .filter((k) => options[k] !== defaults[k])
      .map((k) => [k, options[k]]),
  );
}

function sameDeal(info, a, b) {
  return (
    a.seed === b.seed &&
    (a.players ?? info.default_players) === (b.players ?? info.default_players) &&
    JSON.stringify(dealOptions(info, a.options)) === JSON.stringify(dealOptions(info, b.options))
  );
}

// An option in a link that the game does not have or does not allow, worded in the player's
// language with the game's own label (the engine stays the judge of what passes here, e.g. a
// default that depends on the player count): null when every option is one the setup could set.
async function wrongOption(slug, info, options) {
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug);
  const w = words(slug);
  for (const [key, value] of Object.entries(options)) {
    const opt = info.options.find((o) => o.key === key);
    if (!opt) return t("link_option_unknown", { key: key.slice(0, 40) });
    const fits =
      opt.kind === "int"
        ? (value === null && opt.default === null) ||
          (Number.isInteger(value) && !(value < opt.min) && !(value > opt.max))
        : opt.kind === "bool"
          ? typeof value === "boolean"
          : (opt.choices || []).some((c) => c === value);
    if (!fits)
      return t("link_option_bad", {
        option: w.t(`option_${key}`),
        value: String(JSON.stringify(value)).slice(0, 40),
      });
  }
  return null;
}

// The deal the link asks for: null (none), {log, deal} or {error} (the message to show).
async function requestedDeal(slug, query) {
  const info = current.catalog[slug];
  const seedText = query.get("seed");
  const daily = query.get("daily");
  if (seedText === null && daily === null) return null;
  if (daily !== null) {
    const date = daily === "1" ? localDate() : daily;
    if (!DATE_TEXT.test(date)) return { error: t("daily_bad", { date: daily }) };
    const got = await call("daily_log", slug, date).catch((err) => ({
      ok: false,
      error: String(err),
    }));
    if (!got.ok) return { error: t("daily_bad", { date: daily }) }; // e.g. 2026-02-31: not a real date
    return { log: got.log, deal: `daily:${date}` };
  }
  let options = {};
  if (query.get("options") !== null) {
    try {
      options = JSON.parse(query.get("options"));
    } catch {
      return { error: t("link_refused", { reason: t("link_options_unreadable") }) };
    }
    if (!options || typeof options !== "object" || Array.isArray(options))
      return { error: t("link_refused", { reason: t("link_options_unreadable") }) };
    const wrong = await wrongOption(slug, info, options);
    if (wrong) return { error: t("link_refused", { reason: wrong }) };
  }
  if (!/^\d{1,10}$/.test(seedText) || Number(seedText) > MAX_SEED)
    return { error: t("link_refused", { reason: `seed=${seedText}` }) };
  let players = info.default_players;
  const asked = query.get("players");
  if (asked !== null) {
    if (
      !/^\d{1,2}$/.test(asked) ||
      Number(asked) < info.min_players ||
      Number(asked) > info.max_players
    )
      return { error: t("bad_players", { players: asked }) };
    players = Number(asked);
  }
  return {
    log: {
      game: slug,
      players,
      options: dealOptions(info, options),
      seed: Number(seedText),
      actions: [],
    },
    deal: null,
  };
}

// A daily deal is played against the computer at the normal level (the patience games alone).
const dealLevel = (info, wanted) =>
  wanted.deal && info.levels?.includes("normal") ? "normal" : info.default_level || "random";

async function startDeal(slug, wanted) {
  const info = current.catalog[slug];
  const ok = await startSession(slug, wanted.log, "bot", dealLevel(info, wanted), {
    deal: wanted.deal,
  });
  if (!ok) {
    toast(t("link_refused", { reason: loadError() })); // the engine's reason, inside the player's language
    showSetup(slug, defaultSetup(info));
  }
}

export async function playDaily(slug, date = localDate()) {
  const got = await call("daily_log", slug, date).catch((err) => ({
    ok: false,
    error: String(err),
  }));
  if (!got.ok) return toast(t("daily_bad", { date }));
  return startDeal(slug, { log: got.log, deal: `daily:${date}` });
}

// A save that cannot be restored is kept aside (tabletop:broken:save:<slug>:<time>) for a bug
// report, never deleted silently; the slot is then free for a fresh table.
function setSaveAside(slug, text) {
  if (text) setAside(store, saveKey(slug).slice("tabletop:".length), text);
  store.removeItem(saveKey(slug));
}

// Drop the deal from the address once it is chosen, so a reload resumes the saved game.
function forgetRequestedDeal() {
  const url = new URL(location.href);
  for (const k of ["seed", "daily", "options", "players", "start"]) url.searchParams.delete(k);
  history.replaceState(null, "", url);
}

const defaultSetup = (info) => setupFromLog(null, info);

export async function openGame(slug) {
  const info = current.catalog[slug];
  if (!info || !info.available) {
    toast(t("labelled", { label: gameTitle(slug), value: t("coming") }));
    return showList();
  }
  document.title = `${gameTitle(slug)} — ${t("app_title")}`;
  let saved = readSave(slug);
  let setAsideReason = null;
  if (saved && saved.broken) {
    setSaveAside(slug, saved.text);
    setAsideReason = t("save_unreadable"); // not JSON, or not a save of this app (the parser's English stays out)
    saved = null;
  }
  const wanted = await requestedDeal(slug, new URLSearchParams(location.search));
  if (wanted && wanted.error) {
    toast(wanted.error);
    forgetRequestedDeal();
  } else if (wanted) {
    if (!saved || !sameDeal(info, saved.log, wanted.log)) {
      if (saved && saved.log.actions.length && !saved.over)
        return showDealChoice(slug, saved, wanted);
      forgetRequestedDeal();
      await startDeal(slug, wanted);
      if (setAsideReason) toast(t("save_set_aside", { reason: setAsideReason }));
      return;
    }
    forgetRequestedDeal();
  }
  if (saved) {
    const text = store.getItem(saveKey(slug));
    const loaded = await startSession(
      slug,
      saved.log,
      saved.mode,
      saved.level || info.default_level || "random",
      { redo: saved.redo, deal: saved.deal, shown: saved.shown, gid: saved.gid, token: saved.w },
    );
    if (loaded) return;
    setSaveAside(slug, text);
    setAsideReason = loadError();
    await newGame(slug, setupFromLog(saved.log, info));
    return toast(t("save_set_aside", { reason: setAsideReason }));
  }
  if (setAsideReason) {
    await newGame(slug, defaultSetup(info));
    return toast(t("save_set_aside", { reason: setAsideReason }));
  }
  if (new URLSearchParams(location.search).get("start") === "1" || EMBED) {
    // A link or an embed that asks to play at once: the article's reader taps nothing to begin.
    return newGame(slug, defaultSetup(info), null, true);
  }
  showSetup(slug, defaultSetup(info));
}

// A link names a deal while another game of the same kind is in progress: ask, never drop it silently.
function showDealChoice(slug, saved, wanted) {
  endSession();
  hooks.rerender = () => showDealChoice(slug, saved, wanted);
  app.replaceChildren(
    header(gameTitle(slug), { slug, onBack: nav.leave }),
    h(
      "section",
      { class: "deal-choice" },
      h(
        "p",
        {},
        wanted.deal
          ? t("daily_deal_is", { date: wanted.deal.slice(6) })
          : t("shared_deal_is", { seed: wanted.log.seed }),
      ),
      h("p", {}, t("deal_choice_help")),
      h(
        "button",
        {
          type: "button",
          class: "primary play-shared",
          onclick: () => {
            forgetRequestedDeal();
            gameAbandoned({ slug, ...saved }); // the game in progress is given up (records.js)
            startDeal(slug, wanted);
          },
        },
        t("play_that_deal"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "keep-saved",
          onclick: () => {
            forgetRequestedDeal();
            openGame(slug);
          },
        },
        t("continue_mine"),
      ),
    ),
  );
  document.body.dataset.screen = "deal-choice";
}

// ---------------------------------------------------------------- setup
export async function showSetup(slug, setup) {
  endSession();
  hooks.rerender = () => showSetup(slug, setup);
  const info = current.catalog[slug];
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug); // the game's strings label its options
  const w = words(slug);
  const form = h("form", {
    class: "setup",
    onsubmit: (e) => {
      e.preventDefault();
      newGame(slug, setup);
    },
  });
  if (info.min_players !== info.max_players) {
    const select = h("select", {
      name: "players",
      onchange: (e) => {
        setup.players = Number(e.target.value);
      },
    });
    for (let n = info.min_players; n <= info.max_players; n++)
      select.append(h("option", { value: n, selected: n === setup.players }, n));
    form.append(h("label", {}, t("players"), select));
  } else {
    form.append(h("p", {}, t("labelled", { label: t("players"), value: info.min_players })));
  }
  for (const opt of info.options) {
    if (opt.kind === "choice" && opt.choices.length < 2) continue; // nothing to choose
    let input;
    if (opt.kind === "bool") {
      input = h("input", {
        type: "checkbox",
        name: opt.key,
        checked: setup.options[opt.key],
        onchange: (e) => {
          setup.options[opt.key] = e.target.checked;
        },
      });
    } else if (opt.kind === "int") {
      // An option whose default is null ("the rules' default") goes back to null when emptied.
      input = h("input", {
        type: "number",
        name: opt.key,
        min: opt.min,
        max: opt.max,
        value: setup.options[opt.key] ?? "",
        inputmode: "numeric",
        placeholder: opt.default === null ? t("default_value") : null,
        onchange: (e) => {
          setup.options[opt.key] =
            e.target.value === "" && opt.default === null ? null : Number(e.target.value);
        },
      });
    } else {
      // Choices may be numbers or booleans: take the declared value, not the element's text.
      input = h(
        "select",
        {
          name: opt.key,
          onchange: (e) => {
            setup.options[opt.key] = opt.choices[e.target.selectedIndex];
          },
        },
        opt.choices.map((c) =>
          h(
            "option",
            { value: c, selected: c === setup.options[opt.key] },
            w.t(`choice_${opt.key}_${c}`),
          ),
        ),
      );
    }
    form.append(
      h(
        "label",
        { class: `option-${opt.kind}` },
        h("span", { class: "label" }, w.t(`option_${opt.key}`)),
        input,
      ),
    );
  }
  const solitaire = info.max_players === 1;
  if (!solitaire) {
    form.append(
      h(
        "fieldset",
        {},
        h("legend", {}, t("mode")),
        ["bot", "hotseat"].map((m) =>
          h(
            "label",
            { class: "radio" },
            h("input", {
              type: "radio",
              name: "mode",
              value: m,
              checked: setup.mode === m,
              onchange: () => {
                setup.mode = m;
              },
            }),
            t(`mode_${m}`),
          ),
        ),
      ),
    );
  }
  const levels = info.levels || ["random"];
  if (!solitaire && levels.length > 1) {
    form.append(
      h(
        "label",
        {},
        t("level"),
        h(
          "select",
          {
            name: "level",
            onchange: (e) => {
              setup.level = e.target.value;
            },
          },
          levels.map((l) =>
            h("option", { value: l, selected: l === setup.level }, t(`level_${l}`)),
          ),
        ),
      ),
    );
  }
  // The start button in a bar that stays at the bottom of the screen while the options above it
  // run past the fold (app.css .start-bar): it is reached without scrolling on every game's setup,
  // and still comes after the options when tabbing through the form.
  form.append(
    h(
      "div",
      { class: "start-bar" },
      h("button", { type: "submit", class: "primary start" }, t(solitaire ? "new_deal" : "start")),
    ),
  );
  // Friends, each on their own phone (issue #32): the room's code is loaded when asked for.
  if (!solitaire)
    form.append(
      h(
        "button",
        {
          type: "button",
          class: "friends",
          // Without WebRTC no friend could ever reach this phone, and without the page's crypto
          // (a page not on https) the room has no key: said at once.
          onclick: () =>
            typeof RTCPeerConnection === "undefined"
              ? toast(t("friends_no_webrtc"))
              : !globalThis.crypto?.subtle
                ? toast(t("friends_insecure"))
                : import("./friends-host.js").then((m) => m.openFriends(slug, setup)),
        },
        t("mode_friends"),
      ),
    );
  // The day's deal of every game: the same for everyone today, against the normal computer.
  const date = localDate();
  form.append(
    h(
      "button",
      { type: "button", class: "daily", onclick: () => playDaily(slug, date) },
      t("daily_deal", { date }),
    ),
  );
  if (!solitaire) form.append(h("p", { class: "daily-note" }, t("daily_note")));
  form.append(
    h(
      "button",
      {
        type: "button",
        class: "stats-button",
        onclick: () => navigate({ game: slug, page: "stats" }),
      },
      t("stats"),
    ),
  );
  app.replaceChildren(
    header(gameTitle(slug), { slug, onBack: nav.leave }),
    learnButton(slug),
    form,
    examplesList(slug),
  );
  document.body.dataset.screen = "setup";
}

export async function newGame(slug, setup, named = null, cold = false) {
  // Only the options the player changed are sent: a default may depend on the player count
  // (e.g. Mustamaija's hand size at 7-8 players), and the engine knows it.
  const defaults = Object.fromEntries(current.catalog[slug].options.map((o) => [o.key, o.default]));
  const options = Object.fromEntries(
    Object.entries(setup.options || {}).filter(([k, v]) => v !== defaults[k]),
  );
  const opening = cold && !named ? await coldOpening(slug, setup, options) : null;
  const log = {
    game: slug,
    players: setup.players,
    options,
    seed: named ? named.seed : opening ? opening.seed : randomSeed(),
    actions: [],
  };
  const ok = await startSession(
    slug,
    log,
    setup.mode,
    setup.level || current.catalog[slug].default_level || "random",
    { deal: named ? named.deal : null, shown: opening?.shown },
  );
  if (!ok) {
    toast(loadError());
    showSetup(slug, defaultSetup(current.catalog[slug]));
  }
}

// ---- cold visit: the opening table at once (issue #19.3) ----
// The build writes each game's opening (static/openings/<slug>.json): seat 0's view of a new game
// at the game's defaults against the computer, with a seed fixed for that build of the game. A
// cold visit that starts a game at once (start=1, an embed) deals that seed and draws the opening
// before the engine is up, exactly as a return visit draws its saved table (`shown` in
// startSession); taps wait for the engine, which deals the same seed and whose view replaces it.
const openings = new Map(); // slug -> Promise of its opening, or null
function fetchOpening(slug) {
  if (!openings.has(slug))
    openings.set(
      slug,
      fetch(`static/openings/${slug}.json`)
        .then((res) => (res.ok ? res.json() : null))
        .catch(() => null),
    );
  return openings.get(slug);
}

async function coldOpening(slug, setup, options) {
  if (current.engineBooted || setup.mode !== "bot" || Object.keys(options).length) return null;
  try {
    const [opening] = await Promise.all([fetchOpening(slug), import(`../views/${slug}.js`)]);
    if (
      !opening ||
      opening.code !== current.catalog[slug]?.code ||
      opening.players !== setup.players
    )
      return null;
    return { seed: opening.seed, shown: { moves: 0, code: opening.code, view: opening.view } };
  } catch {
    // no opening for this build: the table waits for the engine as before
    return null;
  }
}

// A link to a game asks at once for what its first screen will need: the game's view module and
// words (any screen of the game draws with them) and, when the game starts at once with no save
// to resume and no deal named, its opening. Called before the common words and the catalog have
// arrived, so these requests go out beside them instead of one round trip after another as the
// route reaches each (on a phone's connection each costs a round trip of its own).
export function warmGame(query) {
  const slug = query.get("game");
  if (!SLUGS.includes(slug) || query.get("page") === "embed" || query.get("replay") !== null)
    return;
  import(`../views/${slug}.js`).catch(() => {}); // the route imports it again: the same module, fetched once
  loadGame(slug);
  const named = ["seed", "daily", "options", "learn"].some((k) => query.has(k));
  if ((query.get("start") === "1" || EMBED) && !named && store.getItem(saveKey(slug)) === null)
    fetchOpening(slug);
}
// ---- end cold visit ----

// ---------------------------------------------------------------- replays
// ?replay=<name> steps through static/replays/<name>.json; ?replay=<JSON log> (URL-encoded) steps
// through that log. Every seat's cards are shown; the engine replays and checks every move.
// A replay file may carry "captions": [{ja, en}, ...], one per step (0: before the first move),
// with {card:XX} and {seat:N} as in lessons; they are shown under the table. The worked examples
// of each game are listed in static/replays/index.json ({slug: [{name, title}]}).
async function loadReplayLog(value) {
  if (/^[\w-]{1,80}$/.test(value)) {
    const res = await fetch(`static/replays/${value}.json`);
    if (!res.ok) throw new Error(t("replay_missing", { name: value }));
    return replayRecord(await res.text());
  }
  return replayRecord(value); // checked whole (store.js): a malformed link is refused here
}

export async function showReplay(value) {
  endSession();
  let record;
  try {
    record = await loadReplayLog(value);
  } catch (err) {
    toast(t("replay_refused", { reason: err.message }));
    return showList();
  }
  app.replaceChildren(
    header(t("replay"), { onBack: nav.leave }),
    h("p", { class: "loading" }, t("loading")),
  );
  const { log, captions } = record;
  const opened = await call("replay_open", JSON.stringify(log));
  if (!opened.ok) {
    const slug = SLUGS.includes(log?.game) ? log.game : null; // its words: the game's reason
    if (slug) await loadGame(slug);
    toast(t("replay_refused", { reason: recordRefusal(opened, slug) }));
    return showList();
  }
  const slug = opened.game;
  const module = await import(`../views/${slug}.js`);
  await loadGame(slug);
  let step = 0;
  const draw = async () => {
    const got = await call("replay_step", step);
    if (!got.ok) return toast(refusalWords(words(slug), got));
    const view = got.views[0];
    // The replay shows the table as seat 0 sees it, with no live prompts: nothing is tappable.
    const s = {
      slug,
      module,
      mode: "replay",
      viewer: 0,
      humans: [],
      players: opened.players,
      log: { ...log, actions: log.actions.slice(0, step) },
      status: { over: view.phase === "over", to_move: [] },
      pick: [],
      collected: new Set(),
      holds: new Set(),
    };
    const ui = makeUi(s, view, { replay: true });
    const w = ui.words;
    const faceOf = (code) =>
      module.cardFace
        ? module.cardFace(code, ui)
        : module.faces || /^[2-9TJQKA][SHDC](#\d)?$/.test(code)
          ? face(code, { spec: module.faces, words: w, small: true })
          : h("span", { class: "code" }, code);
    const go = (k) => {
      step = Math.max(0, Math.min(got.steps, k));
      draw();
    };
    const controls = h(
      "div",
      { class: "replay-controls", role: "group", "aria-label": t("replay") },
      h(
        "button",
        { type: "button", class: "first", "aria-label": t("replay_first"), onclick: () => go(0) },
        "«",
      ),
      h(
        "button",
        {
          type: "button",
          class: "prev",
          "aria-label": t("replay_prev"),
          onclick: () => go(step - 1),
          disabled: step === 0,
        },
        "◀",
      ),
      h("span", { class: "step", dataset: { step, steps: got.steps } }, `${step} / ${got.steps}`),
      h(
        "button",
        {
          type: "button",
          class: "next",
          "aria-label": t("replay_next"),
          onclick: () => go(step + 1),
          disabled: step === got.steps,
        },
        "▶",
      ),
      h(
        "button",
        {
          type: "button",
          class: "last",
          "aria-label": t("replay_last"),
          onclick: () => go(got.steps),
        },
        "»",
      ),
    );
    const lastMove = got.last
      ? h(
          "p",
          { class: "last-move", dataset: { action: got.last[1] } },
          opened.players > 1
            ? t("move_by", {
                who: ui.seatName(got.last[0]),
                move: moveWords(ui, module, got.last[1]),
              })
            : moveWords(ui, module, got.last[1]),
        )
      : h("p", { class: "last-move" }, t("replay_start"));
    const hands = !got.views.some((v) => Array.isArray(v.hand))
      ? null
      : h(
          "section",
          { class: "all-hands", "aria-label": t("replay_hands") },
          got.views.map((v, seat) =>
            h(
              "div",
              { class: "seat-hand" },
              h("span", { class: "name" }, ui.seatName(seat)),
              h(
                "span",
                { class: "cards" },
                (Array.isArray(v.hand) ? v.hand : []).map((c) => faceOf(c)),
              ),
            ),
          ),
        );
    const table = module.render(view, ui);
    table.classList.add("in-replay"); // no live prompts: the view's prompt line is not shown
    const caption =
      captions && captions[step]
        ? h(
            "p",
            { class: "replay-caption", role: "status", tabindex: "0", dataset: { step } },
            sayText(captions[step], ui),
          )
        : null;
    const nodes = [
      header(`${gameTitle(slug)} — ${t("replay")}`, { slug, onBack: nav.leave }),
      controls,
      lastMove,
      hands,
      table,
      caption,
    ];
    if (view.phase === "over" && module.renderResult)
      nodes.push(h("section", { class: "result inline" }, module.renderResult(view, ui)));
    app.replaceChildren(...nodes.filter(Boolean));
    document.body.dataset.screen = "replay";
  };
  hooks.rerender = draw;
  document.onkeydown = (e) => {
    if (document.body.dataset.screen !== "replay") return;
    if (e.key === "ArrowRight") app.querySelector(".replay-controls .next")?.click();
    if (e.key === "ArrowLeft") app.querySelector(".replay-controls .prev")?.click();
  };
  try {
    await draw();
  } catch (err) {
    // a record the checks let through that the table still cannot draw
    console.error(err);
    toast(t("replay_refused", { reason: t("replay_bad_shape") }));
    return showList();
  }
}

// The game's worked examples (static/replays/index.json), as links to the replay viewer.
let examplesIndex = null;
export function examplesList(slug) {
  const box = h("section", { class: "examples", hidden: true });
  examplesIndex ||= fetch("static/replays/index.json")
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}));
  examplesIndex.then((index) => {
    const list = Array.isArray(index[slug]) ? index[slug] : [];
    if (!list.length) return;
    box.replaceChildren(
      h("h2", {}, t("examples")),
      h(
        "ul",
        {},
        list.map((ex) =>
          h(
            "li",
            {},
            h(
              "a",
              {
                href: `?replay=${encodeURIComponent(ex.name)}&lang=${currentLanguage()}`,
                class: "example",
                dataset: { replay: ex.name },
                onclick: (e) => {
                  e.preventDefault();
                  navigate({ replay: ex.name });
                },
              },
              sayText(ex.title, { cardName: String, seatName: String }),
            ),
          ),
        ),
      ),
    );
    box.hidden = false;
  });
  return box;
}
