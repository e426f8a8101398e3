// Stop the Bus table (engine: py/tabletop/games/stop_the_bus.py), on the table kit (static/kit/).
// 2 to 10 seats: the others' chips (lives or points, cards seen taken from the pile; a strip from 6
// on), the stock, the top discard and the Stop button, the viewer's hand with its name and the
// dock. A turn: tap the stock or the top discard, then a card to discard; or stop the bus. After
// each deal the showdown sheet waits for the player (ui.wait) before the next deal is played; a
// player who is out watches (later showdowns do not stop the game) or skips to the end in one tap.
// Strings: static/strings/stop_the_bus.json. What is legal comes from view.legal_actions only.
import { h, seatRing, standardCards, useCss } from "../kit/index.js";

useCss(new URL("./stop_the_bus.css", import.meta.url));

const BUS =
  '<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false"><rect x="3" y="2.5" width="18" height="16" rx="3" fill="currentColor"/>' +
  '<rect x="5" y="5" width="14" height="6" rx="1" fill="#fff" opacity=".85"/><circle cx="7.5" cy="19.5" r="2.2" fill="currentColor"/><circle cx="16.5" cy="19.5" r="2.2" fill="currentColor"/></svg>';
function busIcon(label = null) {
  const span = h("span", { class: "bus-icon", role: label ? "img" : null, "aria-label": label });
  span.innerHTML = BUS;
  return span;
}

// The two piles are tokens of the `draw` verb: `draw stock`, `draw discard`.
const STOCK = { kind: "card", name: () => null, parts: () => [], classes: () => ["back", "pile"] };
const topOf = (card) => ({
  ...standardCards,
  classes: (t) => ["pile", ...standardCards.classes(card)],
  parts: (t, w) => standardCards.parts(card, w),
});
// A hand's ranks ("A-K-5") keep to one line: non-breaking hyphens.
export function formatParam(key, value, ui) {
  if (key === "ranks") return String(value).replace(/-/g, "\u2011");
  return key === "arg" && (value === "stock" || value === "discard")
    ? ui.t(`arg_${value}`)
    : undefined;
}

const out = (view, seat) => view.eliminated.includes(seat);
const names = (ui, seats) => ui.words.list(seats.map((s) => ui.seatName(s)));

// Lives as pips (a number past five), "floating" at 0, "out"; or points towards the target.
function standing(view, seat, ui, strip = false) {
  if (view.scoring === "points") {
    return h(
      "span",
      {
        class: "pts",
        dataset: { points: view.points[seat] },
        "aria-label": ui.t("points_aria", { p: view.points[seat], target: view.target_points }),
      },
      "★",
      strip
        ? view.points[seat]
        : ui.t("points_of", { p: view.points[seat], target: view.target_points }),
    );
  }
  if (out(view, seat))
    return h("span", { class: "out-tag", dataset: { lives: "out" } }, ui.t("out"));
  const n = view.lives[seat];
  if (n === 0)
    return h(
      "span",
      { class: "float-tag", dataset: { lives: 0 }, title: ui.t("floating_help") },
      ui.t("floating"),
    );
  return h(
    "span",
    { class: "pips", dataset: { lives: n }, role: "img", "aria-label": ui.t("lives_n", { n }) },
    strip || n > 5
      ? [h("span", { class: "pip" }), `${n}`]
      : Array.from({ length: n }, () => h("span", { class: "pip" })),
  );
}

function chip(view, seat, ui, strip) {
  const known = view.known_cards.filter(([s]) => s === seat).map(([, c]) => c);
  return h(
    "span",
    {
      class: `extra${view.last_turns.includes(seat) ? " due" : ""}${out(view, seat) ? " is-out" : ""}`,
    },
    view.stopper === seat ? busIcon(ui.t("stopped_by", { name: ui.seatName(seat) })) : null,
    seat === view.dealer
      ? h("span", { class: "dealer-tag", title: ui.t("dealer") }, ui.t("dealer_short"))
      : null,
    standing(view, seat, ui, strip),
    strip || seat === ui.viewer
      ? null
      : known.map((c) => ui.face(c, { small: true, dataset: { known: seat } })),
  );
}

function center(view, ui) {
  const top = view.discard_pile.at(-1);
  const stop = ui.picker.choices("stop", {
    label: () => [busIcon(), ui.t("stop")],
    describe: () => ui.t("stop_help"),
  });
  return h(
    "section",
    { class: "stb-center" },
    h(
      "div",
      { class: "pile-slot" },
      ui.picker.face("stock", {
        verb: "draw",
        spec: STOCK,
        label: ui.t("draw_stock_aria"),
        dataset: { stock: view.stock_count },
      }),
      h("span", { class: "pile-cap" }, ui.t("stock_n", { n: view.stock_count })),
    ),
    h(
      "div",
      { class: "pile-slot" },
      top
        ? ui.picker.face("discard", {
            verb: "draw",
            spec: topOf(top),
            label: ui.t("take_discard_aria", { card: ui.cardName(top) }),
            dataset: { top },
          })
        : h("div", { class: "card empty pile", role: "img", "aria-label": ui.t("pile_empty") }),
      h("span", { class: "pile-cap" }, ui.t("discards")),
    ),
    stop,
  );
}

function lastMove(view, ui) {
  const m = view.last_move;
  if (!m)
    return view.to_act === null ? "" : ui.t("new_deal_first", { name: ui.seatName(view.to_act) });
  return ui.t(`move_${m.move.replace(" ", "_")}`, {
    name: ui.seatName(m.seat),
    card: m.card ? ui.cardName(m.card) : "",
  });
}

function prompt(view, ui) {
  const me = ui.viewer;
  if (view.phase === "over") return null;
  let line;
  if (ui.skipping) line = ui.t("skipping");
  else if (out(view, me)) line = ui.t("you_are_out");
  else if (ui.canAct && view.phase === "turn")
    line = ui.t(view.stopper === null ? "turn_prompt" : "turn_prompt_last");
  else if (ui.canAct)
    line = view.taken
      ? ui.t("discard_prompt_taken", { card: ui.cardName(view.taken) })
      : ui.t("discard_prompt");
  else if (sheetWaits(view, ui))
    line = ui.t("next_deal_after_ok", { button: ui.t("ok") }); // nobody plays until the reader's OK
  else line = ui.t("waiting_for", { name: ui.seatName(view.to_act) });
  const watching = out(view, me) && ui.mode === "bot" && !ui.skipping;
  return [
    h("p", { class: ui.canAct ? "your-turn" : "waiting" }, line),
    watching
      ? h(
          "button",
          { type: "button", class: "skip", onclick: () => ui.skipToEnd() },
          ui.t("skip_to_end"),
        )
      : null,
    h("p", { class: "last-move" }, lastMove(view, ui)),
  ];
}

function myHand(view, ui) {
  const me = ui.viewer;
  return [
    h(
      "div",
      { class: `my-seat${view.to_act === me ? " to-move" : ""}`, dataset: { seat: me } },
      h(
        "span",
        { class: "name" },
        ui.mode === "bot" ? ui.t("your_hand") : ui.t("hand_of", { name: ui.seatName(me) }),
      ),
      chip(view, me, ui, false),
      view.hand_name
        ? h(
            "span",
            { class: "hand-name", dataset: { hand: view.hand_name.code } },
            ui.say(view.hand_name),
          )
        : null,
    ),
    view.hand.length
      ? h(
          "div",
          { class: "hand kit", role: "group", "aria-label": ui.t("your_hand") },
          view.hand.map((c) => {
            const tag =
              c === view.drawn ? "drawn" : c === view.taken && view.to_act === me ? "taken" : null;
            const el = ui.picker.face(c, { verb: "discard", dataset: tag ? { tag } : {} });
            if (tag) el.append(h("span", { class: "tag", "aria-hidden": "true" }, ui.t(tag)));
            return el;
          }),
        )
      : null,
  ];
}

// ---------------------------------------------------------------- the showdown
function showdownBody(ls, view, ui) {
  const scores = new Map(ls.scores.map((x) => [x.seat, x]));
  return [
    h("p", { class: "sd-line" }, ui.say(ls.summary)),
    h(
      "ol",
      { class: "sd-rows" },
      ls.hands.map((x) => {
        const sc = scores.get(x.seat);
        const delta =
          !sc || ls.void
            ? null
            : sc.points !== undefined
              ? ui.t("point_delta", { n: sc.points })
              : [
                  sc.lives ? ui.t("lives_delta", { n: -sc.lives }) : null,
                  sc.eliminated ? ui.t("eliminated") : null,
                ]
                  .filter(Boolean)
                  .join(" · ");
        const loser = ls.losers.includes(x.seat) && view.scoring !== "points";
        return h(
          "li",
          {
            class: `sd-row${loser ? " loser" : ""}${ls.best.includes(x.seat) ? " best" : ""}`,
            dataset: {
              seat: x.seat,
              hand: x.hand.code,
              delta: sc ? (sc.lives ?? sc.points) : 0,
              eliminated: sc && sc.eliminated ? "1" : "0",
            },
          },
          h(
            "div",
            { class: "sd-head" },
            h("b", {}, ui.seatName(x.seat)),
            ls.stopper === x.seat
              ? h("span", { class: "tag stopper" }, busIcon(), ui.t("stopper_tag"))
              : null,
            ls.blitz === x.seat ? h("span", { class: "tag blitz" }, ui.t("blitz_tag")) : null,
            loser
              ? h("span", { class: "tag worst" }, ui.t("worst"))
              : ls.best.includes(x.seat)
                ? h("span", { class: "tag best" }, ui.t("best"))
                : null,
            delta ? h("span", { class: "effect" }, delta) : null,
          ),
          h(
            "div",
            { class: "sd-hand" },
            x.cards.map((c) => ui.face(c, { small: true })),
            h("span", { class: "sd-name" }, ui.say(x.hand)),
          ),
          sc && !ls.void
            ? h(
                "ul",
                { class: "reasons" },
                sc.reasons.map((r) => h("li", {}, ui.say(r))),
              )
            : null,
        );
      }),
    ),
  ];
}

const sdData = (ls) => ({
  deal: ls.deal,
  losers: ls.losers.join(","),
  best: ls.best.join(","),
  void: ls.void ? "1" : "0",
  blitz: ls.blitz ?? "none",
});

// The sheet after a deal: it waits for the player (the next deal is not played behind it). A player
// just knocked out chooses to watch or to skip to the end; one already out sees later showdowns on
// the table without a tap; in the replay viewer it is part of the table.
// The sheet is up and the next deal waits for the reader's tap (not inline on the table).
function sheetWaits(view, ui) {
  const ls = view.last_showdown;
  if (!ls || view.phase === "over" || ui.skipping) return false;
  const justOut = ls.scores.some((x) => x.seat === ui.viewer && x.eliminated);
  return !(
    ui.mode === "replay" ||
    (out(view, ui.viewer) && !justOut) ||
    ui.collected(`showdown:${ls.deal}`)
  );
}

function showdown(view, ui) {
  const ls = view.last_showdown;
  if (!ls || view.phase === "over" || ui.skipping) return null;
  const key = `showdown:${ls.deal}`;
  const me = ui.viewer;
  const justOut = ls.scores.some((x) => x.seat === me && x.eliminated);
  if (!sheetWaits(view, ui)) {
    return h(
      "details",
      { class: "stb-last", dataset: sdData(ls) },
      h("summary", {}, ui.t("showdown_again")),
      showdownBody(ls, view, ui),
    );
  }
  ui.wait(key);
  const buttons =
    justOut && ui.mode === "bot"
      ? [
          h("p", { class: "sd-out" }, ui.t("you_are_out_now")),
          h(
            "button",
            { type: "button", class: "primary watch", onclick: () => ui.collect(key) },
            ui.t("watch"),
          ),
          h(
            "button",
            { type: "button", class: "skip", onclick: () => ui.skipToEnd() },
            ui.t("skip_to_end"),
          ),
        ]
      : [
          h(
            "button",
            { type: "button", class: "primary ok", onclick: () => ui.collect(key) },
            ui.t("ok"),
          ),
        ];
  return h(
    "section",
    {
      class: "stb-showdown",
      role: "dialog",
      "aria-label": ui.t("showdown_title", { n: ls.deal }),
      dataset: sdData(ls),
    },
    h("h2", {}, ui.t("showdown_title", { n: ls.deal })),
    showdownBody(ls, view, ui),
    h("div", { class: "sd-actions" }, buttons),
  );
}

// The hands, best first: one a line, its name and what it is (review SBs3: a paragraph of
// 170 characters was hard to scan on a phone), and below, what this game's options add: the 31
// above every hand, and the blitz (a 31, or also 3-3-3 and A-A-A, ends play at once).
const RANKING = ["prial", "running_flush", "run", "flush", "pair", "high_card"];
function rankingList(ui) {
  return h(
    "details",
    { class: "ranking" },
    h("summary", {}, ui.t("ranking")),
    h(
      "ol",
      { class: "ranking-list" },
      RANKING.map((key) =>
        h(
          "li",
          { dataset: { hand: key } },
          h("b", {}, ui.t(`ranking_${key}`)),
          " ",
          // Ranks keep their hyphens on one line (A‑A‑K), as formatParam shows them.
          h("span", {}, ui.t(`ranking_${key}_d`).replace(/-/g, "\u2011")),
        ),
      ),
    ),
    rankingNotes(ui.options || {}).map((key) => h("p", { class: "ranking-note" }, ui.t(key))),
  );
}

/** @param {Record<string, any>} o the game's options @returns {string[]} */
function rankingNotes(o) {
  const blitz = o.blitz || "none";
  if (blitz === "31_prials") return ["ranking_blitz_prials"];
  if (blitz === "31") return ["ranking_blitz_31"];
  return o.thirty_one ? ["ranking_thirty_one"] : [];
}

export function render(view, ui) {
  const me = ui.viewer;
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  const below = view.discard_pile.slice(0, -1);
  return h(
    "div",
    {
      class: `table stop-the-bus players-${view.players}`,
      dataset: { phase: view.phase, deal: view.deal_number, toAct: view.to_act ?? "none" },
    },
    h(
      "p",
      { class: "stb-info" },
      h("b", {}, ui.t("deal_n", { n: view.deal_number })),
      ` · ${ui.t("labelled", { label: ui.t("dealer"), value: ui.seatName(view.dealer) })}`,
      view.scoring === "points" ? ` · ${ui.t("first_to", { p: view.target_points })}` : "",
    ),
    seatRing(ui, {
      seats: others,
      toMove: view.to_act === null ? [] : [view.to_act],
      cards: (s) => view.hand_counts[s],
      chip: (s, strip) => chip(view, s, ui, strip),
    }),
    view.stopper !== null && view.phase !== "over"
      ? h(
          "p",
          { class: "stop-banner", role: "status", dataset: { stopper: view.stopper } },
          busIcon(),
          ui.t("stopped_by", { name: ui.seatName(view.stopper) }),
          view.last_turns.length
            ? ` · ${ui.t("last_turns", { names: names(ui, view.last_turns) })}`
            : "",
        )
      : null,
    center(view, ui),
    below.length
      ? h(
          "div",
          { class: "pile-history", role: "group", "aria-label": ui.t("earlier") },
          h("span", { class: "ph-label" }, ui.t("earlier")),
          below.map((c) => ui.face(c, { small: true })),
        )
      : null,
    h("section", { class: "prompt" }, prompt(view, ui)),
    myHand(view, ui),
    ui.dock(),
    rankingList(ui),
    showdown(view, ui),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const ls = view.last_showdown;
  const data = { scoring: view.scoring, winner: r.winner ?? "none", deals: r.deals };
  let title;
  let rows;
  if (view.scoring === "points") {
    Object.assign(data, { points: r.points.join(","), winners: r.winners.join(",") });
    title = r.winner === null ? ui.t("joint_winners", { names: names(ui, r.winners) }) : null;
    rows = [...r.points.keys()]
      .sort((a, b) => r.points[b] - r.points[a] || a - b)
      .map((s) =>
        h(
          "li",
          { class: r.winners.includes(s) ? "won" : "", dataset: { seat: s, points: r.points[s] } },
          h("span", { class: "name" }, ui.seatName(s)),
          h(
            "span",
            { class: "val" },
            ui.t("points_of", { p: r.points[s], target: view.target_points }),
          ),
        ),
      );
  } else {
    Object.assign(data, { lives: r.lives.join(","), eliminated: r.eliminated.join(",") });
    const lives = r.lives[r.winner];
    rows = [
      h(
        "li",
        { class: "won", dataset: { seat: r.winner, place: 1, lives } },
        h("span", { class: "name" }, ui.seatName(r.winner)),
        h(
          "span",
          { class: "val" },
          `${ui.t("place_winner")} · ${lives === 0 ? ui.t("floating") : ui.t("lives_n", { n: lives })}`,
        ),
      ),
      ...[...r.eliminated]
        .reverse()
        .map((s, i) =>
          h(
            "li",
            { dataset: { seat: s, place: i + 2, lives: "out" } },
            h("span", { class: "name" }, ui.seatName(s)),
            h("span", { class: "val" }, ui.t("place_out", { k: r.eliminated.indexOf(s) + 1 })),
          ),
        ),
    ];
  }
  title ??=
    r.winner === ui.viewer && ui.mode === "bot"
      ? ui.t("you_win")
      : ui.t("winner_is", { name: ui.seatName(r.winner) });
  return h(
    "div",
    { class: "score stb-result", dataset: data },
    h("h2", {}, title),
    h("p", { class: "deals" }, ui.t("after_deals", { n: r.deals })),
    h("h3", {}, ui.t("standings")),
    h("ol", { class: "standings" }, rows),
    ls
      ? h(
          "section",
          { class: "final-showdown", dataset: sdData(ls) },
          h("h3", {}, ui.t("final_showdown", { n: ls.deal })),
          showdownBody(ls, view, ui),
        )
      : null,
  );
}
