// 鹿狩り (Deer Hunt) table (engine: py/tabletop/games/deer_hunt.py), on the table kit (static/kit/).
// Four seats in two pairs (0+2 against 1+3), partners opposite, each chip in its pair's colour; the
// others in their places round the table (left, across, right), play going counter-clockwise. Above:
// each pair's red pips this deal, tricks and totals; the trick; the viewer's tiles and the dock.
// Chinese dominoes are the view's own face spec (SVG: white pips, the 1s and 4s red, half the
// pips of 6-6 red), named as Japanese players name them (天, 地, 人, 梅 ... and 雑九 ...).
// Strings: static/strings/deer_hunt.json. What is legal comes from view.legal_actions only.
import { h, hand, history, seatRing, trick, useCss } from "../kit/index.js";

useCss(new URL("./deer_hunt.css", import.meta.url));

// ---------------------------------------------------------------- Chinese domino faces (SVG)
const SVG_NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}
// Pip places in one half (a 100 x 100 square), as the tiles lay them out: the 2 one above the
// other, the 3 on a diagonal, the 6 in two columns of three.
const L = 28,
  C = 50,
  R = 72,
  T = 24,
  M = 50,
  B = 76;
const PIPS = {
  1: [[C, M]],
  2: [
    [C, T + 4],
    [C, B - 4],
  ],
  3: [
    [L, T],
    [C, M],
    [R, B],
  ],
  4: [
    [L, T + 2],
    [R, T + 2],
    [L, B - 2],
    [R, B - 2],
  ],
  5: [
    [L, T],
    [R, T],
    [C, M],
    [L, B],
    [R, B],
  ],
  6: [
    [L, T - 2],
    [L, M],
    [L, B + 2],
    [R, T - 2],
    [R, M],
    [R, B + 2],
  ],
};
const RED = "#e53935";
const WHITE = "#f5f5f5";
// Red pips: every 1 and 4; on 6-6 (天) one column of each six (six red pips in all).
function pipColour(n, i, heaven) {
  if (n === 1 || n === 4) return RED;
  if (heaven && i < 3) return RED;
  return WHITE;
}
const nums = (code) => String(code).split("-").map(Number);
const isTile = (t) => /^[1-6]-[1-6]$/.test(String(t));

// One tile upright, the higher number on top (as the players read it: 6・5).
function tileSvg(code) {
  const [lo, hi] = nums(code);
  const root = svg("svg", {
    viewBox: "0 0 100 210",
    class: "pips",
    "aria-hidden": "true",
    focusable: "false",
  });
  root.append(
    svg("rect", { x: 2, y: 2, width: 96, height: 206, rx: 12, class: "body" }),
    svg("line", { x1: 14, y1: 105, x2: 86, y2: 105, class: "bar" }),
  );
  [hi, lo].forEach((n, half) => {
    (PIPS[n] || []).forEach(([x, y], i) => {
      root.append(
        svg("circle", {
          cx: x,
          cy: half * 105 + 2 + y,
          r: n === 1 ? 15 : n >= 5 ? 10 : 11,
          fill: pipColour(n, i, lo === 6 && hi === 6),
        }),
      );
    });
  });
  return root;
}

// Tiles as tokens: "5-6", named 「斧頭（6・5）」 / "Axe (6-5)".
export const faces = {
  kind: "tile",
  name: (t, w) =>
    isTile(t) && w
      ? w.t("tile", { name: w.t(`tname_${t}`), hi: nums(t)[1], lo: nums(t)[0] })
      : null,
  parts: (t) => [tileSvg(t)],
  classes: (t) => ["cd", `tile-${t}`],
};
export const verbs = { play: { confirm: false, eager: true } };

export function formatParam(key, value, ui) {
  if (key === "tile") return faces.name(value, ui.words || ui);
  if (key === "team") return ui.t(`team_${value}`);
  if (key === "winner_team")
    return value === null || value === undefined ? ui.t("nobody") : ui.t(`team_${value}`);
  if (key === "points" && Array.isArray(value)) return value.join("–");
  if (key === "scores" && Array.isArray(value)) return value.join("–");
  return undefined;
}

// A fresh deal: the computer looks at its new tiles a moment before leading.
export function botDelayFactor(view) {
  return view && view.phase === "play" && !view.history.length && !view.trick.length ? 2 : 1;
}

// ---------------------------------------------------------------- the table
const teamOf = (seat) => seat % 2;
// 「味方」/「相手」 against the computer; the pair's two names in pass-and-play.
function teamLabel(team, ui) {
  if (ui.mode === "bot") return ui.t(team === teamOf(ui.viewer) ? "us" : "them");
  return ui.t("pair_of", { a: ui.seatName(team), b: ui.seatName(team + 2) });
}

function scoreboard(view, ui) {
  const mine = teamOf(ui.viewer);
  const play = view.phase === "play";
  return h(
    "section",
    { class: "dh-board", "aria-label": ui.t("board") },
    h(
      "p",
      { class: "dh-info" },
      h(
        "b",
        {},
        ui.t("deal_of", {
          n: play ? view.deals_played + 1 : view.deals_played,
          total: view.deals_total,
        }),
      ),
      play ? ` · ${ui.t("trick_of", { n: view.trick_number })}` : "",
      ` · ${ui.t("dealer_is", { name: ui.seatName(view.dealer) })}`,
      h("span", { class: "dir", title: ui.t("direction_help") }, ` · ${ui.t("direction")}`),
    ),
    h(
      "table",
      { class: "dh-scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, ""),
          h("th", { scope: "col" }, ui.t("col_points")),
          h("th", { scope: "col" }, ui.t("col_tricks")),
          h("th", { scope: "col" }, ui.t("col_total")),
        ),
      ),
      h(
        "tbody",
        {},
        [mine, 1 - mine].map((team) =>
          h(
            "tr",
            {
              class: `team-${team}${team === mine ? " mine" : ""}`,
              dataset: {
                team,
                points: view.deal_points[team],
                tricks: view.tricks[team],
                score: view.scores[team],
              },
            },
            h(
              "th",
              { scope: "row" },
              h("span", { class: "swatch", "aria-hidden": "true" }),
              teamLabel(team, ui),
            ),
            h("td", { class: "pts" }, view.deal_points[team]),
            h("td", {}, view.tricks[team]),
            h("td", { class: "tot" }, view.scores[team]),
          ),
        ),
      ),
    ),
    view.options.deer_escape
      ? h(
          "p",
          { class: "escaped", dataset: { escaped: view.escaped_points } },
          ui.t("escaped_so_far", { n: view.escaped_points }),
        )
      : null,
  );
}

function badges(view, seat, ui) {
  return [
    seat === (ui.viewer + 2) % 4 ? h("span", { class: "badge partner" }, ui.t("partner")) : null,
    seat === view.dealer ? h("span", { class: "badge dealer" }, ui.t("dealer")) : null,
  ];
}

// What the last play caused: the trick's taker and points, the deal's score.
function events(view, ui) {
  const lines = (view.events || []).filter(
    (e) => e.code === "trick_won" || e.code === "trick_escaped",
  );
  if (!lines.length) return null;
  return h(
    "p",
    { class: "dh-events", role: "status" },
    lines.map((e, i) => [i ? " " : "", h("span", { dataset: { code: e.code } }, ui.say(e))]),
  );
}

function strongest(view) {
  let best = null;
  for (const [seat, tile] of view.trick) {
    const [lo, hi] = nums(tile);
    const s = 10 * hi + lo;
    if (!best || s > best.s) best = { seat, tile, s };
  }
  return best;
}

function prompt(view, ui) {
  if (view.phase !== "play") return null;
  if (!ui.canAct)
    return h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(view.to_act) }));
  const best = strongest(view);
  return h(
    "p",
    {},
    h("b", {}, ui.t("your_turn")),
    " — ",
    best
      ? ui.t("follow", { name: ui.seatName(best.seat), tile: faces.name(best.tile, ui) })
      : ui.t("lead"),
  );
}

// The deal just scored, shown while the next deal starts.
function lastDeal(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase !== "play" || view.history.length || view.trick.length) return null;
  const mine = teamOf(ui.viewer);
  return h(
    "p",
    { class: "dh-last-deal", dataset: { points: rec.points.join(",") } },
    ui.t("deal_scored_line", {
      n: view.deals_played,
      us: rec.points[mine],
      them: rec.points[1 - mine],
    }),
  );
}

// The trick; a trick the deer escaped from is said so (the kit would name its top tile's player as
// the taker, but nobody takes it).
function trickArea(view, last, ui) {
  const area = trick(ui, {
    cards: view.trick,
    last,
    key: `${view.deals_played}:${view.history.length}`,
  });
  if (last?.escaped && area.dataset.state === "finished") {
    const label = area.querySelector(".trick-label");
    if (label) label.textContent = ui.t("escaped_label");
  }
  return area;
}

export function render(view, ui) {
  const me = ui.viewer;
  const last = view.trick.length ? null : view.last_trick;
  return h(
    "div",
    {
      class: "table dh",
      dataset: {
        phase: view.phase,
        deal: view.deals_played + 1,
        trickNumber: view.trick_number ?? "",
      },
    },
    scoreboard(view, ui),
    // The others in their places: the left-hand neighbour, the partner across, the right-hand
    // neighbour (who plays after the viewer: play goes counter-clockwise).
    seatRing(ui, {
      seats: [1, 2, 3].map((k) => (me + k) % 4),
      toMove: view.phase === "over" ? [] : view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => badges(view, s, ui),
    }),
    trickArea(view, last, ui),
    events(view, ui),
    lastDeal(view, ui),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat team-${teamOf(me)}${view.to_move.includes(me) && view.phase !== "over" ? " to-move" : ""}`,
        dataset: { seat: me, team: teamOf(me) },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      badges(view, me, ui),
    ),
    hand(ui, view.hand || [], { verb: "play" }),
    ui.dock(),
    history(ui, { tricks: view.history, key: `dh:${view.deals_played}` }),
  );
}

// ---------------------------------------------------------------- the result
export function renderResult(view, ui) {
  const r = view.result;
  const mine = teamOf(ui.viewer);
  const winner = r.winner_team;
  const title =
    winner === null
      ? ui.t("result_draw")
      : ui.mode === "bot"
        ? ui.t(winner === mine ? "result_we_win" : "result_they_win")
        : ui.t("result_pair_wins", { pair: teamLabel(winner, ui) });
  const level = r.scores[0] === r.scores[1];
  return h(
    "div",
    {
      class: "score dh-result",
      dataset: {
        scores: r.scores.join(","),
        winnerTeam: winner ?? "draw",
        winners: r.winners.join(","),
        dealsPlayed: r.deals_played,
      },
    },
    h("h2", {}, title),
    h(
      "p",
      { class: "why" },
      ui.t("result_why", { us: r.scores[mine], them: r.scores[1 - mine] }),
      level && winner !== null ? ` ${ui.t("result_tiebreak")}` : "",
    ),
    h(
      "table",
      { class: "final" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, ""),
          [mine, 1 - mine].map((team) =>
            h("th", { scope: "col", class: `team-${team}` }, teamLabel(team, ui)),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        r.deals.map((d, i) =>
          h(
            "tr",
            { dataset: { deal: i + 1, points: d.points.join(",") } },
            h("th", { scope: "row" }, ui.t("deal_n", { n: i + 1 })),
            [mine, 1 - mine].map((team) =>
              h(
                "td",
                {},
                String(d.points[team]),
                h("small", {}, ` ${ui.t("tricks_n", { n: d.tricks[team] })}`),
              ),
            ),
          ),
        ),
        h(
          "tr",
          { class: "sum" },
          h("th", { scope: "row" }, ui.t("col_total")),
          [mine, 1 - mine].map((team) => h("td", {}, h("b", {}, String(r.scores[team])))),
        ),
      ),
    ),
    h("p", { class: "note" }, ui.t("result_note")),
  );
}
