// Gridcannon table (engine: py/tabletop/games/gridcannon.py), on the table kit (static/kit/).
// One player. A 5 x 5 board without corner cells: the 3 x 3 grid of number-card stacks with the
// twelve royal slots around it; the corners hold the pending card, the royals killed, the deck and
// the cycle pile. What is legal comes from view.legal_actions only (the kit's picker makes a button
// of each legal move, which the board dresses as its cell or slot): the pending card's targets
// glow and one tap moves it; a ploy (Ace, Joker) is tapped first, then its cell(s). A cell or slot
// that is not lit is still tappable and says why (the engine's refusal, worded in the dock).
// Cells and slots are named by position (formatParam); events are the engine's codes, worded.
// Hint and the after-game truth come through ui.query. Strings: static/strings/gridcannon.json.
import { h, standardCards, useCss } from "../kit/index.js";
import { fairHint, hintButton, hintLine, truthBox } from "./patience.js";

useCss(new URL("./gridcannon.css", import.meta.url));

export const OWN_HINT = true;
const JOKER = /^JK\d$/;
const CELL = /^g[1-3][1-3]$/;
const SLOT = /^[TBLR][1-3]$/;
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

// Standard cards, and the two Jokers with a face of their own.
export const faces = {
  kind: "card",
  name: (t, w) => (JOKER.test(t) ? (w ? w.t("joker") : "Joker") : standardCards.name(t, w)),
  parts: (t, w) =>
    JOKER.test(t)
      ? [h("span", { class: "rank", "aria-hidden": "true" }, "★")]
      : standardCards.parts(t, w),
  classes: (t) => (JOKER.test(t) ? ["joker"] : standardCards.classes(t)),
};

// Cells and slots by position: "左上のマス" / "top-left cell", "左列の上の枠" / "slot above the left column".
export function formatParam(key, value, ui) {
  const place = (v) =>
    CELL.test(v) ? ui.t(`cell_${v}`) : SLOT.test(v) ? ui.t(`slot_${v}`) : undefined;
  if (key === "cells" || key === "slots") return (ui.words || ui).list(value.map(place));
  if (
    key === "arg" ||
    key === "cell" ||
    key === "slot" ||
    key.endsWith("_cell") ||
    key.endsWith("_slot")
  )
    return place(value);
  return undefined;
}

const positionOf = (view) =>
  JSON.stringify([
    view.grid,
    view.slots.map((s) => [s.royal, s.armour.length, s.dead]),
    view.current,
    view.ploys,
    view.deck_count,
    view.queue,
    view.phase,
  ]);
const mode = { at: null, kind: null, from: null }; // a ploy being used, and the cell its Joker moves from
const hash = (text) =>
  [...text].reduce((x, ch) => ((x * 33) ^ ch.charCodeAt(0)) >>> 0, 5381).toString(36);

// Data attributes on a node (the picker's buttons are dressed after they are made); "" leaves none.
function mark(el, data) {
  for (const [k, v] of Object.entries(data))
    if (v === "" || v === null || v === undefined) delete el.dataset[k];
    else el.dataset[k] = v;
}

// For a lesson page: what to tap next to make `action` when it is a ploy's (the ploy first, then
// its cell or cells, as a player does); null for the other moves (their buttons carry the action).
export function askMarks(action, root) {
  const [verb, from] = action.split(" ");
  if (verb !== "ace" && verb !== "joker") return null;
  if (mode.kind !== verb)
    return [...root.querySelectorAll(`.gc-ploys button[data-token="ploy-${verb}"]`)];
  if (verb === "joker" && !mode.from)
    return [...root.querySelectorAll(`.gc-cell[data-cell="${from}"]`)];
  return [...root.querySelectorAll(`.gc-cell[data-action="${action}"]`)];
}

// A move in words: "スペードの7を左上のマスに置く"; card: the pending card before it, when known.
function moveWords(action, card, ui) {
  const [verb, a, b] = action.split(" ");
  const params = { card, cell: a, slot: a, from_cell: a, to_cell: b };
  return ui.say({ code: `mv_${verb}`, params });
}

function cornerCard(view, ui) {
  const cur = view.current;
  return h(
    "div",
    { class: "gc-corner pending", dataset: { current: cur || "" } },
    cur ? ui.face(cur) : h("div", { class: "card empty", "aria-hidden": "true" }),
    h("span", { class: "corner-label" }, ui.t(cur ? `kind_${view.current_kind}` : "none_pending")),
  );
}

// What a tap on a cell or slot does: the picker's button of a legal move (lit), a button that asks
// the engine and says why not (unlit), or nothing (a picture).
function target(ctx, action, own = null) {
  if (own) return [own, own.classList.contains("selected") ? "selected" : "lit"];
  if (action && ctx.moves.has(action)) return [ctx.moves.get(action), "lit"];
  if (action && ctx.playing)
    return [
      h("button", { type: "button", "aria-disabled": "true", onclick: () => ctx.ui.act(action) }),
      "unlit",
    ];
  return [h("div", { role: "img" }), ""];
}

// Dress a target: its classes, data, pictures (hidden) and spoken words.
function dress(el, classes, data, parts, words) {
  el.className = classes.filter(Boolean).join(" ");
  mark(el, data);
  for (const part of parts)
    if (part?.classList?.contains("card")) part.setAttribute("aria-hidden", "true");
  el.replaceChildren(...parts.filter(Boolean), h("span", { class: "sr-only" }, words));
  if (el.tagName !== "BUTTON") el.setAttribute("aria-label", words);
  return el;
}

function cell(view, ctx, name) {
  const { ui, sel, hinted, kills } = ctx;
  const stack = view.grid[name] || [];
  const top = stack.at(-1) || null;
  let own = null;
  let action = null;
  if (sel.kind === "ace") action = `ace ${name}`;
  else if (sel.kind === "joker" && !sel.from) {
    if (view.legal_actions.some((a) => a.startsWith(`joker ${name} `))) {
      own = h("button", {
        type: "button",
        class: "lit",
        onclick: () => {
          mode.from = name;
          ui.rerender();
        },
      });
    }
  } else if (sel.kind === "joker") {
    action = `joker ${sel.from} ${name}`;
    if (name === sel.from)
      own = h("button", {
        type: "button",
        class: "selected",
        onclick: () => {
          mode.from = null;
          ui.rerender();
        },
      });
  } else if (view.phase === "swap") action = `swap ${name}`;
  else if (view.current_kind === "number") action = `place ${name}`;
  const [el, state] = target(ctx, action, own);
  const killing = kills.get(name);
  const words = [
    ui.say({
      code: top ? "cell_label" : "cell_empty",
      params: { cell: name, top_card: top, n: stack.length },
    }),
    killing ? ui.say({ code: "kills_here", params: { cards: killing } }) : "",
  ].join(" ");
  return dress(
    el,
    ["gc-cell", state, top ? "" : "empty", hinted.has(name) ? "hinted" : ""],
    {
      cell: name,
      token: name,
      height: stack.length,
      top: top || "",
      hint: hinted.has(name) ? "1" : "",
      action: action || "",
    },
    [
      top ? ui.face(top) : h("div", { class: "card empty" }),
      stack.length > 1
        ? h("span", { class: "count", "aria-hidden": "true" }, `×${stack.length}`)
        : null,
      killing ? h("span", { class: "kill-mark", "aria-hidden": "true" }, "⚡") : null,
    ],
    words,
  );
}

// The kill condition in brief: both ♠ (a King: its suit), both ♥♦ (a Queen: its colour), any (a Jack).
function condition(royal, ui) {
  const [kind, suit] = royal;
  const suits =
    kind === "J" ? [] : kind === "K" ? [suit] : "HD".includes(suit) ? ["H", "D"] : ["S", "C"];
  return h(
    "span",
    { class: `cond${kind === "J" ? " any" : ""}`, "aria-hidden": "true" },
    suits.length
      ? suits.map((x) => h("span", { class: `sym suit-${x}` }, SUIT_SYMBOL[x]))
      : ui.t("cond_any"),
  );
}

function slot(view, ctx, entry) {
  const { ui, sel, hinted } = ctx;
  const { slot: name, royal, dead, attack: a } = entry;
  const verb =
    view.current_kind === "royal"
      ? "royal"
      : view.current_kind === "number" && !view.legal_actions.some((x) => x.startsWith("place "))
        ? "armour"
        : null;
  const action =
    !sel.kind && verb && (verb === "royal" || (royal && !dead)) ? `${verb} ${name}` : null;
  const [el, state] = target(ctx, action);
  const ready = !!(royal && !dead && a.ready);
  const data = {
    slot: name,
    token: name,
    royal: royal || "",
    dead: dead ? "1" : "0",
    health: entry.health ?? "",
    hint: hinted.has(name) ? "1" : "",
    action: action || "",
  };
  const classes = [
    "gc-slot",
    royal ? "" : "free",
    dead ? "dead" : "",
    ready ? "ready" : "",
    state,
    hinted.has(name) ? "hinted" : "",
  ];
  if (!royal)
    return dress(
      el,
      classes,
      data,
      [
        h(
          "span",
          { class: state === "lit" ? "drop" : "free-mark", "aria-hidden": "true" },
          state === "lit" ? "＋" : "·",
        ),
      ],
      ui.say({ code: "slot_empty", params: { slot: name } }),
    );
  if (dead)
    return dress(
      el,
      classes,
      data,
      [
        ui.face(royal, { small: true }),
        h("span", { class: "dead-word", "aria-hidden": "true" }, ui.t("dead")),
      ],
      ui.say({ code: "slot_dead", params: { slot: name, royal_card: royal } }),
    );
  const armour = entry.health - { J: 11, Q: 12, K: 13 }[royal[0]];
  const colour = ui.t("HD".includes(royal[1]) ? "colour_red" : "colour_black");
  const words =
    ui.say({
      code: `royal_${royal[0]}`,
      params: {
        slot: name,
        royal_card: royal,
        health: entry.health,
        now: a.now,
        cell: a.from,
        suit: royal[1],
        colour,
      },
    }) +
    (armour
      ? ` ${ui.say({ code: "armour_label", params: { cards: entry.armour, n: armour } })}`
      : "");
  const face = ui.face(royal, { small: true });
  face.setAttribute("aria-hidden", "true");
  return dress(
    el,
    classes,
    data,
    [
      h(
        "span",
        { class: "royal-row" },
        face,
        h(
          "span",
          { class: "hp", "aria-hidden": "true" },
          h("b", {}, entry.health),
          armour ? h("small", {}, `+${armour}`) : null,
        ),
      ),
      condition(royal, ui),
      h(
        "span",
        { class: "now", "aria-hidden": "true" },
        ui.t("now", { n: a.now }),
        ready ? " ✓" : "",
      ),
    ],
    words,
  );
}

function board(view, ctx) {
  const { ui } = ctx;
  const slots = Object.fromEntries(view.slots.map((s) => [s.slot, s]));
  const c = (name) => cell(view, ctx, name);
  const s = (name) => slot(view, ctx, slots[name]);
  const corner = (cls, big, label, words) =>
    h(
      "div",
      { class: `gc-corner ${cls}`, role: "img", "aria-label": words },
      h("b", { "aria-hidden": "true" }, big),
      h("span", { class: "corner-label", "aria-hidden": "true" }, label),
    );
  return h(
    "div",
    { class: "gc-board", role: "group", "aria-label": ui.t("board") },
    cornerCard(view, ui),
    s("T1"),
    s("T2"),
    s("T3"),
    corner(
      "killed",
      `♛ ${view.royals_killed}/12`,
      ui.t("killed"),
      ui.t("killed_n", { n: view.royals_killed }),
    ),
    s("L1"),
    c("g11"),
    c("g12"),
    c("g13"),
    s("R1"),
    s("L2"),
    c("g21"),
    c("g22"),
    c("g23"),
    s("R2"),
    s("L3"),
    c("g31"),
    c("g32"),
    c("g33"),
    s("R3"),
    corner("deck", view.deck_count, ui.t("deck"), ui.t("deck_n", { n: view.deck_count })),
    s("B1"),
    s("B2"),
    s("B3"),
    corner(
      "cycled",
      view.cycle.length,
      ui.t("cycle_short"),
      ui.t("cycle_n", { n: view.cycle.length }),
    ),
  );
}

function prompt(view, ui, ctx) {
  const { sel, moves } = ctx;
  const card = ui.cardName(view.current || "");
  const has = (verb) => [...moves.keys()].some((a) => a.startsWith(`${verb} `));
  if (view.phase === "over" || !ctx.playing) return null;
  if (sel.kind === "ace") return ui.t("do_ace");
  if (sel.kind === "joker")
    return sel.from
      ? ui.t("do_joker_to", { card: ui.cardName(view.grid_tops[sel.from]) })
      : ui.t("do_joker_from");
  if (view.phase === "swap") return ui.t("do_swap");
  if (has("royal"))
    return ui.t(view.phase === "setup_royal" ? "do_setup_royal" : "do_royal", { card });
  if (has("place")) return ui.t("do_place", { card });
  if (has("armour")) return ui.t("do_armour", { card });
  return ui.t("do_ploy_only");
}

function ploys(view, ctx) {
  const { ui, sel, hinted, moves } = ctx;
  const usable = (kind) => [...moves.keys()].some((a) => a.startsWith(`${kind} `));
  const held = view.ploys.map((code, i) => {
    const kind = JOKER.test(code) ? "joker" : "ace";
    const chosen = sel.kind === kind;
    // The first held ploy of a kind is the one used (they are interchangeable): it is the button.
    const first = view.ploys.findIndex((c) => JOKER.test(c) === (kind === "joker")) === i;
    if (!first || !usable(kind) || (sel.kind && !chosen))
      return ui.face(code, { small: true, dataset: { ploy: code } });
    const el = ui.face(code, {
      small: true,
      lit: !chosen,
      selected: chosen,
      label: ui.t(`use_${kind}`),
      dataset: { ploy: code, token: `ploy-${kind}`, hint: hinted.ploy === kind ? "1" : undefined },
      onclick: () => {
        Object.assign(mode, { kind: chosen ? null : kind, from: null });
        ui.rerender();
      },
    });
    el.setAttribute("aria-pressed", String(chosen));
    if (hinted.ploy === kind) el.classList.add("hinted");
    return el;
  });
  const used = view.used_ploys.map((code) =>
    h("span", {
      class: "card back small used",
      role: "img",
      "aria-label": ui.t("used_ploy", { name: ui.cardName(code) }),
    }),
  );
  return h(
    "div",
    { class: "gc-ploys", role: "group", "aria-label": ui.t("ploys") },
    h("span", { class: "label" }, ui.t("ploys")),
    held,
    used,
    held.length || used.length ? null : h("span", { class: "label" }, ui.t("no_ploys")),
  );
}

const cardLine = (ui, label, cards) =>
  cards.length
    ? h(
        "div",
        { class: "gc-line" },
        h("span", { class: "label" }, ui.t(label)),
        cards.map((c) => ui.face(c, { small: true })),
      )
    : null;

export function render(view, ui) {
  const position = positionOf(view);
  if (mode.at !== position) Object.assign(mode, { at: position, kind: null, from: null });
  const playing = ui.canAct && view.phase !== "over";
  const sel = playing ? mode : { kind: null, from: null };
  const asked = fairHint(view, ui, position);
  const best = asked?.action?.split(" ") || [];
  const hinted = new Set(best.slice(1));
  hinted.ploy = ["ace", "joker"].includes(best[0]) ? best[0] : null;
  // The picker's buttons, one per legal move; the board dresses them as its cells and slots.
  const moves = new Map();
  for (const verb of ["royal", "place", "armour", "swap", "noswap", "ace", "joker"]) {
    for (const b of ui.picker.choices(verb)?.children || []) moves.set(b.dataset.action, b);
  }
  const kills = new Map(); // cell -> royals a card put there kills now
  for (const s of view.slots)
    if (s.royal && !s.dead && s.attack.ready)
      kills.set(s.attack.from, [...(kills.get(s.attack.from) || []), s.royal]);
  const ctx = { ui, moves, sel, hinted, kills, playing };
  const noswap = sel.kind ? null : moves.get("noswap");
  if (noswap) {
    noswap.className = `noswap lit${best[0] === "noswap" ? " hinted" : ""}`;
    mark(noswap, { token: "noswap", hint: best[0] === "noswap" ? "1" : "" });
  }
  const said = (view.events || []).map((e) => ui.say(e)).join(ui.lang === "ja" ? "　" : " · ");
  return h(
    "div",
    {
      class: `table gridcannon${sel.kind ? ` choosing-${sel.kind}` : ""}`,
      dataset: {
        phase: view.phase,
        pos: hash(position),
        current: view.current || "",
        killed: view.royals_killed,
      },
    },
    h(
      "div",
      { class: "gc-say my-seat" },
      said ? h("p", { class: "gc-status", role: "status" }, said) : null,
      h("p", { class: "gc-prompt" }, prompt(view, ui, ctx)),
    ),
    board(view, ctx),
    h(
      "div",
      { class: "gc-row" },
      ploys(view, ctx),
      h(
        "div",
        { class: "gc-buttons" },
        sel.kind
          ? h(
              "button",
              {
                type: "button",
                class: "cancel",
                onclick: () => {
                  Object.assign(mode, { kind: null, from: null });
                  ui.rerender();
                },
              },
              ui.t("cancel"),
            )
          : null,
        noswap,
        hintButton(view, ui, position, asked),
      ),
    ),
    ui.dock(),
    hintLine(ui, asked, (action) =>
      ui.t("hint_move", { move: moveWords(action, view.current, ui) }),
    ),
    cardLine(ui, "queue", view.queue),
    playing && view.current_kind === "royal" && !sel.kind
      ? h("p", { class: "gc-rule" }, ui.t("royal_rule"))
      : null,
    cardLine(ui, "cycle", view.cycle),
    cardLine(ui, "known_bottom", view.known_bottom),
    h("p", { class: "help" }, ui.t("legend"), " ", ui.t("ploys_help")),
  );
}

// ---------------------------------------------------------------- after the game: result and the truth
export function renderResult(view, ui) {
  const r = view.result;
  return h(
    "div",
    {
      class: "score gridcannon-result",
      dataset: {
        won: String(!!r.won),
        score: r.score,
        royalsKilled: r.royals_killed,
        reason: r.reason,
      },
    },
    h("h2", {}, ui.t(r.won ? "won_title" : "lost_title")),
    h("p", { class: "reason" }, ui.t(`reason_${r.reason}`)),
    h(
      "p",
      { class: "figures" },
      ui.t("killed_line", { n: r.royals_killed }),
      " · ",
      h("b", {}, r.won ? ui.t("score_line", { n: r.score }) : ui.t("score_lost")),
    ),
    truthBox(view, ui, (action, card) => moveWords(action, card, ui)),
  );
}
