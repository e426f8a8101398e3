// Mexican Train table (engine: py/tabletop/games/mexican_train.py), on the table kit (static/kit/).
// 2 to 8 seats: the others (a strip from 6 on), one row per train (its newest tiles and open end),
// the viewer's tiles and the dock. A move: tap a lit tile (it plays at once when it fits one train
// only: the picker's eager), then a lit train; Draw and Pass are the dock's buttons. Tiles are a
// face spec (SVG pips); trains, tiles and places are worded by formatParam.
// Strings: static/strings/mexican_train.json. What is legal comes from view.legal_actions only.
import { h, seatRing, useCss } from "../kit/index.js";

useCss(new URL("./mexican_train.css", import.meta.url));

// ---------------------------------------------------------------- domino faces (SVG)
const SVG_NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}
// Pip positions in a unit square, per number (0-12); 10-12 use a 3 x 4 grid.
const PIPS = (() => {
  const L = 0.24,
    C = 0.5,
    R = 0.76,
    T = 0.24,
    M = 0.5,
    B = 0.76;
  const six = [
    [L, T],
    [L, M],
    [L, B],
    [R, T],
    [R, M],
    [R, B],
  ];
  const ys = [0.17, 0.39, 0.61, 0.83];
  const X = [0.22, 0.5, 0.78];
  const sides = ys.flatMap((y) => [
    [X[0], y],
    [X[2], y],
  ]);
  return {
    0: [],
    1: [[C, M]],
    2: [
      [L, T],
      [R, B],
    ],
    3: [
      [L, T],
      [C, M],
      [R, B],
    ],
    4: [
      [L, T],
      [R, T],
      [L, B],
      [R, B],
    ],
    5: [
      [L, T],
      [R, T],
      [C, M],
      [L, B],
      [R, B],
    ],
    6: six,
    7: [...six, [C, M]],
    8: [...six, [C, T], [C, B]],
    9: [...six, [C, T], [C, M], [C, B]],
    10: [...sides, [X[1], 0.28], [X[1], 0.72]],
    11: [...sides, [X[1], 0.2], [X[1], 0.5], [X[1], 0.8]],
    12: ys.flatMap((y) => X.map((x) => [x, y])),
  };
})();
const COLOURS = [
  "#000",
  "#0277bd",
  "#2e7d32",
  "#c62828",
  "#5d4037",
  "#283593",
  "#e65100",
  "#6a1b9a",
  "#00838f",
  "#ad1457",
  "#37474f",
  "#558b2f",
  "#4e342e",
];

// One domino: `a` on top (vertical) or on the left (horizontal, as laid in a train).
function domino(a, b, vertical = true) {
  const [w, ht] = vertical ? [100, 200] : [200, 100];
  const root = svg("svg", {
    viewBox: `0 0 ${w} ${ht}`,
    class: "pips",
    "aria-hidden": "true",
    focusable: "false",
  });
  root.append(
    svg("rect", { x: 3, y: 3, width: w - 6, height: ht - 6, rx: 14, class: "body" }),
    vertical
      ? svg("line", { x1: 16, y1: 100, x2: 84, y2: 100, class: "bar" })
      : svg("line", { x1: 100, y1: 16, x2: 100, y2: 84, class: "bar" }),
  );
  [a, b].forEach((n, half) => {
    for (const [px, py] of PIPS[n] || []) {
      const [x, y] = vertical ? [px, py] : [py, px]; // a tile lying across turns its pips a quarter
      root.append(
        svg("circle", {
          cx: (vertical ? 0 : half * 100) + 4 + x * 92,
          cy: (vertical ? half * 100 : 0) + 4 + y * 92,
          r: n >= 10 ? 7.5 : 9.5,
          fill: COLOURS[n],
        }),
      );
    }
  });
  return root;
}
const nums = (code) => String(code).split("-").map(Number);
const isTile = (t) => /^\d+-\d+$/.test(String(t));

// Tiles as tokens: "3-6", drawn upright, named "3-6の牌" / "3–6".
export const faces = {
  kind: "tile",
  name: (t, w) => (isTile(t) && w ? w.t("tile", { a: nums(t)[0], b: nums(t)[1] }) : null),
  parts: (t) => [domino(...nums(t))],
  classes: (t) => (nums(t)[0] === nums(t)[1] ? ["double"] : []),
};
export const verbs = { play: { confirm: false, eager: true } };

// `ui` is the table's ui, or (a refusal said by the shell) the table's words: w.param names a seat.
function trainName(id, ui) {
  if (id === "m") return ui.t("mexican_train");
  const name = ui.seatName ? ui.seatName(Number(id)) : ui.param("seat", Number(id));
  return name === ui.t("you") ? ui.t("your_train") : ui.t("train_of", { name });
}
// Trains (engine codes' `train`, a move's argument), tiles, and the others' pips of a round.
export function formatParam(key, value, ui) {
  if (key === "train") return trainName(String(value), ui);
  // A move's train said as its destination: "置く：2-3の牌 あなたのトレインへ" / "play 2–3 on your train".
  if (key === "arg" && /^(m|\d+)$/.test(value))
    return ui.t("onto_train", { train: trainName(String(value), ui) });
  if (key === "tile") return faces.name(value, ui);
  if (key === "seat_pips")
    return (ui.words || ui).list(
      value.map(([seat, n]) =>
        ui.t("seat_pips", { name: (ui.words || ui).param("seat", seat), n }),
      ),
    );
  return undefined;
}

// ---------------------------------------------------------------- the table
// A train: a tappable row (the token of `play`) with its owner, its newest tiles and its open end.
function train(t, view, ui) {
  const owner = t.owner;
  const two = view.players > 4; // two trains a row: each shows its newest tiles only
  const shown = t.tiles.slice(two && owner !== null ? -2 : -4);
  const label = owner === null ? ui.t("mexican") : two ? ui.seatShort(owner) : ui.seatName(owner);
  const parts = [
    h(
      "span",
      { class: "who" },
      label,
      t.double_open
        ? h("span", { class: "badge dbl" }, ui.t("double_open"))
        : owner !== null && t.open
          ? h("span", { class: "badge open", title: ui.t("open_help") }, ui.t("open"))
          : null,
    ),
    h(
      "span",
      { class: "line" },
      t.tiles.length > shown.length
        ? h("span", { class: "more" }, `+${t.tiles.length - shown.length}`)
        : null,
      shown.map((code) => {
        const [a, b] = nums(code);
        return h(
          "span",
          { class: `laid${a === b ? " double" : ""}`, dataset: { tile: code } },
          domino(a, b, a === b),
        );
      }),
    ),
    h("span", { class: "end" }, String(t.open_end)),
  ];
  const spec = {
    kind: "train",
    name: () => null,
    parts: () => parts,
    classes: () =>
      [
        owner === null ? "mexican" : "personal",
        owner === ui.viewer ? "mine" : "",
        owner === view.current ? "current" : "",
        t.double_open ? "double-open" : "",
        owner !== null && t.open ? "is-open" : "",
      ].filter(Boolean),
  };
  return ui.picker.face(t.id, {
    verb: "play",
    spec,
    label: ui.t("train_aria", { train: trainName(t.id, ui), n: t.tiles.length, end: t.open_end }),
    dataset: { train: t.id, end: t.open_end, count: t.tiles.length, open: t.open ? "1" : "0" },
  });
}

function prompt(view, ui) {
  if (view.phase === "over") return null;
  const step = view.step || {};
  const d = step.train != null ? view.trains.find((t) => t.id === step.train).open_end : null;
  const where = step.train != null ? trainName(step.train, ui) : "";
  const legal = view.legal_actions || [];
  let text;
  if (!ui.canAct) {
    const name = ui.seatName(view.current);
    text =
      step.kind === "forced"
        ? ui.t("forced_other", { train: where, name, d })
        : step.kind === "follow"
          ? ui.t("follow_other", { train: where, name, d })
          : ui.t("waiting_for", { name });
  } else {
    const chosen = ui.picker.sel.find(isTile);
    const plays = legal.some((a) => a.startsWith("play "));
    text = [
      step.kind === "forced"
        ? ui.t("forced_me", { train: where, d })
        : step.kind === "follow"
          ? ui.t("follow_me", { train: where, d })
          : null,
      chosen
        ? ui.t("your_turn_pick", { tile: faces.name(chosen, ui) })
        : plays
          ? step.kind === "play"
            ? ui.t("your_turn_play")
            : null
          : legal.includes("draw")
            ? ui.t("must_draw")
            : ui.t("must_pass"),
    ]
      .filter(Boolean)
      .join(" ");
  }
  return h(
    "p",
    { class: ui.canAct ? "mine" : "waiting", dataset: { step: step.kind || "" } },
    text,
  );
}

// Why a tile or a train cannot be used: the engine, asked for the move that the tap would make.
function why(view, ui) {
  return (token, sel) => {
    if (!ui.canAct) return null;
    const step = view.step || {};
    if (isTile(token)) return `play ${token} ${step.train ?? String(ui.viewer)}`;
    const tile = sel.find(isTile) ?? (view.hand || [])[0];
    const t = view.trains.find((x) => x.id === token);
    return tile && (sel.length || (t.owner !== null && !t.open && t.owner !== ui.viewer))
      ? `play ${tile} ${token}`
      : { code: "nothing_fits", params: { train: token } };
  };
}

function recent(view, ui) {
  if (!view.recent.length || view.phase === "over") return null;
  const said = (a) => {
    const [verb, tile, where] = a.split(" ");
    return verb === "play"
      ? ui.t("played_on", { tile: faces.name(tile, ui), train: trainName(where, ui) })
      : ui.t(verb === "draw" ? "drew" : "passed");
  };
  return h(
    "details",
    { class: "mt-recent" },
    h("summary", {}, ui.t("recent")),
    h(
      "ol",
      {},
      [...view.recent]
        .reverse()
        .map(([seat, ...acts]) =>
          h(
            "li",
            { dataset: { seat } },
            `${ui.seatName(seat)}: `,
            acts.map(said).join(ui.t("list_sep")),
          ),
        ),
    ),
  );
}

function breakdown(lr, ui) {
  return h(
    "ul",
    { class: "mt-breakdown" },
    lr.scores.map((s) =>
      h(
        "li",
        {
          class: lr.winner === s.seat ? "winner" : "",
          dataset: { seat: s.seat, points: s.points, pips: lr.pips[s.seat] },
        },
        h(
          "div",
          { class: "bd-head" },
          h("b", {}, ui.seatName(s.seat)),
          h(
            "span",
            { class: "bd-hand" },
            lr.hands[s.seat].length
              ? lr.hands[s.seat].map(([a, b]) =>
                  h(
                    "span",
                    { class: "laid mini", role: "img", "aria-label": ui.t("tile", { a, b }) },
                    domino(a, b),
                  ),
                )
              : ui.t("no_tiles"),
          ),
          h("span", { class: "bd-points" }, `+${s.points}`),
        ),
        h("div", { class: "bd-reason" }, s.reasons.map((r) => ui.say(r)).join(ui.t("list_sep"))),
      ),
    ),
  );
}

const headline = (lr, ui) =>
  lr.end === "out"
    ? ui.t("went_out_head", { name: ui.seatName(lr.winner) })
    : lr.winner === null
      ? ui.t("blocked_tie_head")
      : ui.t("blocked_head", { name: ui.seatName(lr.winner) });

const openRounds = new Map();
function lastRound(view, ui) {
  const lr = view.last_round;
  if (!lr || view.phase === "over") return null;
  const panel = h(
    "details",
    {
      class: "mt-last-round",
      dataset: { round: lr.round, end: lr.end, winner: lr.winner ?? "none" },
    },
    h(
      "summary",
      {},
      h("b", {}, ui.t("round_over", { n: lr.round + 1, e: lr.engine })),
      " ",
      headline(lr, ui),
    ),
    breakdown(lr, ui),
  );
  // Folded to its headline (who went out), so that the trains and the hand stay on a phone's
  // screen; a tap opens every seat's tiles and points, and it stays as the player left it.
  panel.open = openRounds.get(lr.round) ?? false;
  panel.addEventListener("toggle", () => openRounds.set(lr.round, panel.open));
  return panel;
}

export function render(view, ui) {
  const me = ui.viewer;
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  const byId = Object.fromEntries(view.trains.map((t) => [t.id, t]));
  const order = [...[me, ...others].map(String), "m"].filter((id) => byId[id]);
  ui.picker.why = why(view, ui);
  return h(
    "div",
    {
      class: `table mt players-${view.players}`,
      dataset: { phase: view.phase, round: view.round, current: view.current ?? "" },
    },
    // Each "·" starts the item it introduces, so a wrapped line never ends on one.
    h(
      "p",
      { class: "mt-info" },
      h("b", {}, ui.t("round_n", { n: view.round + 1, total: view.rounds })),
      h(
        "span",
        {},
        "· ",
        h(
          "span",
          {
            class: "engine",
            role: "img",
            "aria-label": `${ui.t("engine")} ${ui.t("tile", { a: view.engine, b: view.engine })}`,
          },
          h("span", { "aria-hidden": "true" }, ui.t("engine")),
          domino(view.engine, view.engine, false),
        ),
      ),
      h(
        "span",
        { dataset: { boneyard: view.boneyard_count } },
        "· ",
        ui.t("boneyard", { n: view.boneyard_count }),
      ),
      h("small", {}, "· ", ui.t(view.options.scoring === "penalty" ? "rule_low" : "rule_high")),
    ),
    seatRing(ui, {
      seats: others,
      toMove: view.current === null ? [] : [view.current],
      chip: (s) =>
        h(
          "span",
          { class: "extra" },
          h(
            "span",
            { class: "count", dataset: { handCount: s } },
            ui.t("tiles_n", { n: view.hand_counts[s] }),
          ),
          h("b", { class: "score", dataset: { score: s } }, ui.t("pts", { n: view.scores[s] })),
        ),
    }),
    lastRound(view, ui),
    h(
      "section",
      { class: `trains${view.players > 4 ? " two" : ""}`, "aria-label": ui.t("trains") },
      order.map((id) => train(byId[id], view, ui)),
    ),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      { class: `my-seat${view.current === me ? " to-move" : ""}`, dataset: { seat: me } },
      h("span", { class: "name" }, ui.seatName(me)),
      h(
        "span",
        { class: "extra" },
        h("b", { class: "score", dataset: { score: me } }, ui.t("pts", { n: view.scores[me] })),
      ),
    ),
    h(
      "div",
      { class: "hand kit", role: "group", "aria-label": ui.t("your_tiles") },
      (view.hand || []).map((code) => ui.picker.face(code, { verb: "play" })),
    ),
    ui.dock(),
    recent(view, ui),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const lr = view.last_round;
  const seats = [...Array(view.players).keys()];
  const head =
    r.winner === null
      ? ui.t("tie_between", { names: ui.words.list(r.winners.map((s) => ui.seatName(s))) })
      : r.winner === ui.viewer && ui.mode === "bot"
        ? ui.t("you_win")
        : ui.t("winner_is", { name: ui.seatName(r.winner) });
  return h(
    "div",
    {
      class: "score mt-result",
      dataset: {
        winner: r.winner ?? "none",
        winners: r.winners.join(","),
        scores: r.scores.join(","),
        roundScores: r.round_scores.map((x) => x.join(",")).join(";"),
        roundWinners: r.round_winners.map((w) => w ?? "none").join(","),
        end: lr ? lr.end : "",
      },
    },
    h("h2", {}, head),
    h(
      "p",
      { class: "mt-rule" },
      ui.t(view.options.scoring === "penalty" ? "rule_low" : "rule_high"),
    ),
    h(
      "table",
      { class: "mt-totals" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ""),
          h("th", { scope: "col" }, ui.t("by_round")),
          h("th", { scope: "col" }, ui.t("total")),
        ),
      ),
      h(
        "tbody",
        {},
        seats.map((s) =>
          h(
            "tr",
            {
              class: r.winners.includes(s) ? "best" : "",
              dataset: { seat: s, total: r.scores[s] },
            },
            h("th", { scope: "row" }, ui.seatName(s)),
            h("td", { class: "by-round" }, r.round_scores.map((rs) => rs[s]).join(" · ")),
            h("td", { class: "total" }, String(r.scores[s])),
          ),
        ),
      ),
    ),
    lr
      ? h(
          "div",
          { class: "mt-final-round", dataset: { round: lr.round } },
          h(
            "h3",
            {},
            ui.t("round_over", { n: lr.round + 1, e: lr.engine }),
            " — ",
            headline(lr, ui),
          ),
          breakdown(lr, ui),
        )
      : null,
  );
}
