// 4 Thrones table (engine: py/tabletop/games/four_thrones.py), on the table kit (static/kit/).
// One player. The turned-up card goes with one tap onto a lit throne of the 2 x 2 square, or is
// skipped to the bottom of the deck. What is legal comes from view.legal_actions only (the kit's
// picker makes a button of each legal move); a throne that may not take the card is still tappable
// and says why (view.blocked: the engine's refusal code, worded). Thrones are named by position
// (formatParam). Hint: the engine's fair hint (sampled deck orders, never the real one); after the
// game, the truth: the exact solver says whether the deal could be won. Both through ui.query.
// Strings: static/strings/four_thrones.json.
import { h, useCss } from "../kit/index.js";
import { fairHint, hintButton, hintLine, truthBox } from "./patience.js";

useCss(new URL("./four_thrones.css", import.meta.url));

export const OWN_HINT = true;
const THRONES = [0, 1, 2, 3];

// Thrones by position: "左上のスローン" / "top-left throne" (params throne, other_throne; a move's
// argument).
export function formatParam(key, value, ui) {
  if (key === "throne" || key.endsWith("_throne") || (key === "arg" && /^[0-3]$/.test(value)))
    return ui.t(`throne_${value}`);
  return undefined;
}

// The position on the table (a hint asked for is shown only there).
const positionOf = (view) =>
  [view.history.length, view.current, view.tops.join(), view.deck_count, view.skips_used].join("|");
const open = { stack: null }; // the throne whose whole stack is shown

const hintWords = (view, ui) => (action) =>
  action === "skip"
    ? ui.t("hint_skip", { card: ui.cardName(view.current) })
    : ui.say({
        code: "hint_place",
        params: { card: view.current, throne: Number(action.split(" ")[2]) },
      });

function infoBar(view, ui) {
  const total = view.cards_placed + view.deck_count + (view.current ? 1 : 0);
  const pips =
    view.max_skips > 0 && view.max_skips <= 5
      ? Array.from({ length: view.max_skips }, (_, i) =>
          h("span", { class: `ft-pip${i < view.skips_left ? " on" : ""}` }),
        )
      : `${view.skips_left}/${view.max_skips}`;
  return h(
    "section",
    { class: "ft-info" },
    h(
      "div",
      { class: "ft-progress", dataset: { placed: view.cards_placed, total } },
      h("span", {}, ui.t("placed_n", { n: view.cards_placed, total })),
      h(
        "span",
        { class: "ft-bar", "aria-hidden": "true" },
        h("span", { style: `width:${total ? Math.round((100 * view.cards_placed) / total) : 0}%` }),
      ),
    ),
    h(
      "div",
      {
        class: "ft-skips",
        role: "img",
        "aria-label": ui.t("skips_n", { n: view.skips_left, max: view.max_skips }),
        dataset: { skipsLeft: view.skips_left },
      },
      h("span", { class: "ft-label", "aria-hidden": "true" }, ui.t("skips")),
      h("span", { class: "ft-pips", "aria-hidden": "true" }, pips),
    ),
  );
}

// What the last move did and which card is up now.
function news(view, ui) {
  const last = view.history.at(-1);
  const said = !last
    ? ui.t("news_start")
    : last.skip
      ? ui.t("news_skipped", { card: ui.cardName(last.card) })
      : ui.say({ code: "news_placed", params: { card: last.card, throne: last.throne } });
  let next = "";
  if (view.phase === "over")
    next = ui.t(view.result.won ? "news_won" : "news_lost", {
      card: ui.cardName(view.current || ""),
    });
  else if (last && view.current)
    next = ui.t(view.skipped.includes(view.current) ? "news_back" : "news_next", {
      card: ui.cardName(view.current),
    });
  return h("p", { class: "ft-news", role: "status" }, said, ui.lang === "ja" ? "" : " ", next);
}

function playRow(view, ui, skip, hinted) {
  const current = view.current;
  if (skip) {
    skip.className = `ft-skip${hinted?.action === "skip" ? " hinted" : ""}`;
    Object.assign(skip.dataset, { token: "skip", hint: hinted?.action === "skip" ? "1" : "" });
    skip.replaceChildren(
      h("b", {}, ui.t("skip")),
      h("small", {}, ui.t("skip_left", { n: view.skips_left, max: view.max_skips })),
      h("span", { class: "sr-only" }, ui.t("skip_what", { card: ui.cardName(current) })),
    );
  }
  const playing = ui.canAct && view.phase !== "over";
  return h(
    "section",
    { class: "ft-play my-seat" },
    h(
      "div",
      {
        class: "ft-deck",
        role: "img",
        "aria-label": ui.t("deck_n", { n: view.deck_count }),
        dataset: { deck: view.deck_count },
      },
      h("span", { class: "ft-label", "aria-hidden": "true" }, ui.t("deck")),
      h(
        "span",
        { class: `card back${view.deck_count ? "" : " gone"}`, "aria-hidden": "true" },
        h("b", {}, view.deck_count),
      ),
    ),
    h(
      "div",
      { class: "ft-current", dataset: { current: current || "" } },
      h("span", { class: "ft-label" }, ui.t("turned_up")),
      current ? ui.face(current) : h("div", { class: "card empty", "aria-hidden": "true" }),
      current && view.skipped.includes(current)
        ? h("span", { class: "ft-back-tag" }, ui.t("came_back"))
        : null,
    ),
    h(
      "div",
      { class: "ft-side" },
      playing ? skip || h("p", { class: "ft-no-skip" }, ui.t("skips_gone")) : null,
      hintButton(view, ui, positionOf(view), hinted),
    ),
  );
}

function prompt(view, ui, places) {
  if (view.phase === "over" || !ui.canAct || !view.current) return null;
  const card = ui.cardName(view.current);
  const key = !places ? "do_skip" : view.skips_left ? "do_place" : "do_place_noskip";
  return h("p", { class: `ft-prompt${places ? "" : " urgent"}` }, ui.t(key, { card }));
}

// One throne: a lit button from the picker (a tap places the card), or a blocked one that says why
// when tapped (the engine refuses the move with the reason shown in the dock), or a picture.
function throne(view, ui, t, litButton, hinted) {
  const stack = view.thrones[t];
  const top = view.tops[t];
  const current = view.current;
  const why = view.blocked[t];
  const playing = ui.canAct && current && view.phase !== "over";
  const action = `place ${current} ${t}`;
  const isHint = hinted?.action === action;
  const note = litButton
    ? h(
        "span",
        { class: "ft-note ok" },
        isHint ? h("span", { class: "ft-hint-tag" }, ui.t("hint_tag")) : null,
        `▶ ${ui.t("place_here")}`,
      )
    : why && current
      ? h("span", { class: "ft-note why" }, `✕ ${ui.say({ ...why, code: `why_${why.code}` })}`)
      : null;
  const spoken = h(
    "span",
    { class: "sr-only" },
    litButton
      ? ui.say({ code: "place_aria", params: { card: current, throne: t, top_card: top } })
      : why && current
        ? ui.say(why)
        : ui.say({
            code: "throne_aria",
            params: { throne: t, top_card: top, n: stack.length - 1 },
          }),
  );
  const face = ui.face(top);
  face.setAttribute("aria-hidden", "true");
  const classes = [
    "ft-throne-main",
    litButton ? "lit" : "",
    playing && !litButton ? "blocked" : "",
    !ui.canAct && view.targets.includes(t) ? "could" : "",
    isHint ? "hinted" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const data = {
    throne: t,
    top,
    count: stack.length,
    action,
    token: `throne-${t}`,
    hint: isHint ? "1" : "",
  };
  let main;
  if (litButton) {
    main = litButton;
    main.className = classes;
    Object.assign(main.dataset, data);
    main.replaceChildren(...[face, note, spoken].filter(Boolean));
  } else if (playing) {
    main = h(
      "button",
      {
        type: "button",
        class: classes,
        dataset: data,
        "aria-disabled": "true",
        onclick: () => ui.act(action),
      },
      face,
      note,
      spoken,
    );
  } else {
    main = h("div", { class: classes, dataset: data }, face, note, spoken);
  }
  const under = stack.length - 1;
  const more =
    under > 0
      ? h(
          "button",
          {
            type: "button",
            class: `ft-under${open.stack === t ? " open" : ""}`,
            "aria-expanded": String(open.stack === t),
            dataset: { under },
            onclick: () => {
              open.stack = open.stack === t ? null : t;
              ui.rerender();
            },
          },
          `+${under}`,
          h(
            "span",
            { class: "sr-only" },
            ui.say({ code: "show_stack", params: { throne: t, n: stack.length } }),
          ),
        )
      : null;
  return h("div", { class: "ft-throne", dataset: { throne: t } }, main, more);
}

function stackPanel(view, ui) {
  const t = open.stack;
  if (t === null || !view.thrones[t] || view.thrones[t].length < 2) return null;
  return h(
    "section",
    { class: "ft-stack", dataset: { throne: t } },
    h(
      "div",
      { class: "ft-stack-head" },
      h(
        "span",
        {},
        ui.say({ code: "stack_title", params: { throne: t, n: view.thrones[t].length } }),
      ),
      h(
        "button",
        {
          type: "button",
          class: "ft-stack-close",
          onclick: () => {
            open.stack = null;
            ui.rerender();
          },
        },
        ui.t("hide"),
      ),
    ),
    h(
      "div",
      { class: "ft-stack-cards" },
      view.thrones[t].map((c) => ui.face(c, { small: true })),
    ),
  );
}

function helpBox(view, ui) {
  const o = view.options || {};
  const items = [
    "help_higher",
    o.ace_rule === "designer" ? "help_ace_designer" : "help_ace_seed",
    "help_on_ace",
    "help_jack",
    "help_queen",
    "help_king",
    "help_nosuit",
    o.unique_top_ranks === false ? null : "help_unique",
  ].filter(Boolean);
  return h(
    "section",
    { class: "ft-help" },
    h("h2", {}, ui.t("help_title")),
    h(
      "ul",
      {},
      items.map((k) => h("li", {}, ui.t(k))),
    ),
  );
}

export function render(view, ui) {
  const hinted = fairHint(view, ui, positionOf(view));
  // The picker's buttons, one per legal move (lit): thrones dress them as themselves.
  const moves = new Map(
    [
      ...(ui.picker.choices("place")?.children || []),
      ...(ui.picker.choices("skip")?.children || []),
    ].map((b) => [b.dataset.action, b]),
  );
  const places = [...moves.keys()].filter((a) => a.startsWith("place")).length;
  const known = view.known_bottom || [];
  return h(
    "div",
    {
      class: "table four_thrones",
      dataset: { phase: view.phase, current: view.current || "", targets: view.targets.join(",") },
    },
    infoBar(view, ui),
    news(view, ui),
    playRow(view, ui, moves.get("skip"), hinted),
    prompt(view, ui, places),
    h(
      "section",
      { class: "ft-thrones", role: "group", "aria-label": ui.t("thrones") },
      THRONES.map((t) => throne(view, ui, t, moves.get(`place ${view.current} ${t}`), hinted)),
    ),
    ui.dock(),
    hintLine(ui, hinted, hintWords(view, ui)),
    stackPanel(view, ui),
    h(
      "section",
      { class: "ft-bottom", dataset: { known: known.join(",") } },
      known.length
        ? [
            h("span", { class: "ft-label" }, ui.t("bottom")),
            h(
              "span",
              { class: "ft-bottom-cards" },
              known.map((c) => ui.face(c, { small: true })),
            ),
          ]
        : h("span", { class: "ft-label" }, ui.t("bottom_none")),
    ),
    helpBox(view, ui),
  );
}

// ---------------------------------------------------------------- after the game
const moveWords = (ui) => (action, card) =>
  action === "skip"
    ? ui.t("move_skip", { card: ui.cardName(card) })
    : ui.say({ code: "move_place", params: { card, throne: Number(action.split(" ")[2]) } });

export function renderResult(view, ui) {
  const r = view.result;
  const total = r.cards_placed + r.cards_left;
  const reasons =
    !r.won && view.current
      ? h(
          "ul",
          { class: "ft-final-reasons" },
          THRONES.filter((t) => view.blocked[t]).map((t) =>
            h("li", { dataset: { throne: t } }, ui.say(view.blocked[t])),
          ),
        )
      : null;
  return h(
    "div",
    {
      class: "score ft-result",
      dataset: {
        won: String(r.won),
        cardsPlaced: r.cards_placed,
        skipsUsed: r.skips_used,
        cardsLeft: r.cards_left,
      },
    },
    h("h2", {}, ui.t(r.won ? "won_title" : "lost_title")),
    h(
      "p",
      { class: "ft-reason" },
      r.won
        ? ui.t("won_text", { n: total })
        : ui.t("lost_text", { card: ui.cardName(view.current || "") }),
    ),
    reasons,
    h(
      "p",
      { class: "ft-final-score" },
      ui.t("final_score", {
        n: r.cards_placed,
        total,
        s: r.skips_used,
        max: view.max_skips,
        left: r.cards_left,
      }),
    ),
    truthBox(view, ui, moveWords(ui)),
  );
}
