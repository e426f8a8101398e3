// Mate table (engine: py/tabletop/games/mate.py), on the table kit (static/kit/).
// Two seats and complete information: the opponent's chip and its cards face up (every card you do
// not hold is theirs), the trick, then the player's line, hand, dock and the solver's hint. A deal
// ends with a mate (the led card cannot be followed by suit or rank) or after ten tricks; the next
// deal replays it with the hands exchanged. The hint and the after-deal analysis are the engine's
// exact solver, asked through ui.query ("hint", "analysis"). Strings: static/strings/mate.json.
import { h, hand, history, seatRing, trick, useCss } from "../kit/index.js";

useCss(new URL("./mate.css", import.meta.url));

// The hint here is the exact solver's (below), so the app's generic Suggest is not shown.
export const OWN_HINT = true;

const cardOf = (action) => action.split(" ")[1];

// A net score for `seat` (+v: it mates for v, -v: the other mates for v, 0: no mate), in words.
function outcome(net, seat, ui) {
  if (!net) return ui.t("outcome_none");
  return ui.t("outcome_mate", { name: ui.seatName(net > 0 ? seat : 1 - seat), p: Math.abs(net) });
}

// A finished deal's reason, from the engine's deal_scores: "You: mate with ♦7 at trick 7: 7 × 7 = 49".
function dealReason(view, number, ui) {
  const record = view.deal_scores[number - 1];
  const scorer = record.scores.find((s) => s.points > 0) || record.scores[0];
  const reason = ui.say(scorer.reasons[0]);
  return scorer.points > 0
    ? ui.t("seat_reason", { name: ui.seatName(scorer.seat), reason })
    : reason;
}

// The solver's analysis of deal `number` (asked once per position; cheap, one exact search).
function analysisBox(number, ui) {
  if (ui.mode === "replay") return null; // the engine's game is not the one replayed
  const asked = ui.query("analysis", number);
  const res = asked.result;
  const state = asked.busy ? "pending" : res && res.ok ? "done" : "failed";
  const title = h("div", { class: "analysis-title" }, ui.t("analysis"));
  if (state !== "done")
    return h(
      "div",
      { class: "analysis", dataset: { deal: number, state } },
      title,
      h("p", {}, ui.t(asked.busy ? "analysing" : "analysis_failed")),
    );
  const a = res.analysis;
  const seats = ui.mode === "hotseat" ? [0, 1] : [ui.viewer, 1 - ui.viewer];
  return h(
    "div",
    { class: "analysis", dataset: { deal: number, state } },
    title,
    h(
      "p",
      { class: "best-start", dataset: { startValue: a.start_value } },
      ui.t("best_start", {
        name: ui.seatName(a.dealer),
        outcome: outcome(a.start_value, a.dealer, ui),
      }),
    ),
    a.result === null
      ? null
      : h("p", {}, ui.t("as_played", { outcome: outcome(a.result, a.dealer, ui) })),
    seats.map((seat) => {
      const m = a.mistakes.find((x) => x.seat === seat);
      if (!m)
        return h(
          "p",
          { class: "slip none", dataset: { seat } },
          ui.t("perfect", { name: ui.seatName(seat) }),
        );
      return h(
        "p",
        { class: "slip", dataset: { seat, index: m.index, best: m.best.join(",") } },
        ui.t("slip", {
          name: ui.seatName(seat),
          n: a.tricks[m.index],
          card: ui.cardName(cardOf(m.action)),
          after: outcome(m.value_after, seat, ui),
          best: ui.words.list(m.best.map((b) => ui.cardName(cardOf(b)))),
          before: outcome(m.value_before, seat, ui),
        }),
      );
    }),
  );
}

function info(view, ui) {
  return h(
    "p",
    { class: "match mate-info" },
    h("b", {}, ui.t("deal_n", { n: view.deal_number, total: view.deals_total })),
    view.deals_total > 2 ? ` · ${ui.t("round_n", { n: view.round })}` : "",
    " · ",
    h(
      "span",
      { class: view.replay ? "replay-tag" : "", dataset: { replay: view.replay ? "1" : "0" } },
      ui.t(view.replay ? "replay" : "fresh_deal"),
    ),
  );
}

const badges = (view, seat, ui) =>
  h(
    "span",
    { class: "extra" },
    seat === view.dealer ? h("span", { class: "badge" }, ui.t("dealer")) : null,
    h(
      "span",
      { class: "count seat-points", dataset: { seatPoints: seat } },
      ui.t("points_n", { n: view.points[seat] }),
    ),
  );

// The opponent's cards, face up: complete information (rules section 9).
function openHand(view, ui) {
  const label = ui.t("open_hand", { name: ui.seatName(1 - ui.viewer) });
  return h(
    "div",
    { class: "opp-hand", role: "group", "aria-label": label, title: label },
    view.opponent_hand.map((c) => ui.face(c, { small: true })),
  );
}

// The trick; between tricks the one just taken, and at a deal's start the last trick of the deal
// before (the mating lead, or trick 10), each held until collected. A mate is said as such.
function trickArea(view, ui) {
  const end = !view.history.length && view.last_deal && view.phase === "play";
  const tricks = end ? view.last_deal.tricks : view.history;
  const t = tricks[tricks.length - 1];
  const last = t ? { cards: t.cards, winner: t.mate ? t.leader : t.winner } : null;
  const key = end
    ? `${view.last_deal.deal_number}:end`
    : `${view.deal_number}:${view.history.length}`;
  const area = trick(ui, {
    cards: view.trick,
    last,
    key,
    label: view.phase === "play" ? ui.t("trick_n", { n: view.trick_number }) : null,
  });
  area.dataset.trick = view.trick_number;
  if (t && t.mate && area.dataset.state === "finished") {
    const number = end ? view.last_deal.deal_number : view.deal_number;
    area.querySelector(".trick-label").textContent = ui.t("mate_label", {
      reason: dealReason(view, number, ui),
    });
  }
  return area;
}

function prompt(view, ui) {
  if (view.phase !== "play" || ui.mode === "replay") return null; // a replay has no live prompt
  if (!ui.canAct)
    return h(
      "p",
      { class: "waiting" },
      ui.t("waiting_for", { name: ui.seatName(view.to_move[0]) }),
    );
  return h(
    "p",
    {},
    h("b", {}, ui.t("your_turn")),
    " ",
    view.trick.length
      ? ui.t("follow")
      : [
          ui.t("lead"),
          " ",
          h("small", {}, ui.t("lead_help", { name: ui.seatName(1 - ui.viewer) })),
        ],
  );
}

// The hint: asked by a tap, answered by the exact solver for this position only.
let hintAt = null;
function hintBar(view, ui, pos) {
  if (!ui.canAct) return null;
  const asked = hintAt === pos ? ui.query("hint", ui.viewer) : null;
  const res = asked && asked.result;
  const said =
    res && res.ok
      ? ui.t("hint_best", { cards: ui.words.list(res.actions.map((a) => ui.cardName(cardOf(a)))) })
      : res
        ? ui.t("hint_failed")
        : "";
  return h(
    "div",
    { class: "hint-bar" },
    h(
      "button",
      {
        type: "button",
        class: "hint",
        disabled: asked && asked.busy ? true : null,
        onclick: () => {
          hintAt = pos;
          ui.rerender();
        },
      },
      ui.t(asked && asked.busy ? "hint_busy" : "hint"),
    ),
    h("span", { class: "hint-text", role: "status" }, said),
  );
}

// The deal just ended: its reason, the mating lead against what the mated player still held,
// and the solver's analysis. Open at the new deal's start; then as the player leaves it.
const openDeals = new Map();
function lastDeal(view, ui) {
  const last = view.last_deal;
  if (!last || view.phase !== "play") return null;
  const r = last.result;
  const final = last.tricks[last.tricks.length - 1];
  const fresh = !view.history.length;
  const key = `${view.deal_number}:${last.hands.map((x) => x.join("")).join("/")}`;
  const panel = h(
    "details",
    {
      class: `last-deal${fresh ? " fresh" : ""}`,
      dataset: { deal: last.deal_number, score: r.score, mater: r.mater ?? "none" },
    },
    h(
      "summary",
      {},
      h("b", {}, ui.t("deal_over", { n: last.deal_number })),
      " ",
      dealReason(view, last.deal_number, ui),
    ),
  );
  panel.open = openDeals.get(key) ?? fresh;
  const opened = panel.open; // its contents (the analysis) are drawn, and asked for, only while open
  panel.addEventListener("toggle", () => {
    if (panel.open !== opened) {
      openDeals.set(key, panel.open);
      ui.rerender();
    }
  });
  if (panel.open) {
    panel.append(
      final.mate
        ? h(
            "div",
            { class: "mating" },
            h("span", {}, `${ui.t("mating_lead")}: `),
            ui.face(final.cards[0][1], { small: true }),
            h("span", {}, ` ${ui.t("cards_left_of", { name: ui.seatName(1 - r.mater) })}: `),
            last.hands_left[1 - r.mater].map((c) => ui.face(c, { small: true, dim: true })),
          )
        : null,
      analysisBox(last.deal_number, ui),
    );
  }
  return panel;
}

export function render(view, ui) {
  const me = ui.viewer;
  const pos = `${me}:${view.deal_number}:${view.hand.join("")}:${view.trick.map(([, c]) => c).join("")}`;
  const hinted = hintAt === pos ? ui.query("hint", me).result : null;
  const marks = new Set(hinted && hinted.ok ? hinted.actions.map(cardOf) : []);
  const myHand = hand(ui, view.hand);
  for (const el of myHand.querySelectorAll("[data-token]"))
    if (marks.has(el.dataset.token)) {
      el.classList.add("suggested");
      el.dataset.hint = "1";
    }
  return h(
    "div",
    { class: "table mate", dataset: { phase: view.phase, deal: view.deal_number } },
    info(view, ui),
    seatRing(ui, {
      seats: [1 - me],
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s) => badges(view, s, ui),
    }),
    openHand(view, ui),
    trickArea(view, ui),
    h("section", { class: "prompt" }, prompt(view, ui)),
    h(
      "div",
      { class: `my-seat${view.to_move.includes(me) ? " to-move" : ""}`, dataset: { seat: me } },
      h("span", { class: "name" }, ui.seatName(me)),
      badges(view, me, ui),
    ),
    myHand,
    ui.dock(),
    hintBar(view, ui, pos),
    lastDeal(view, ui),
    history(ui, { tricks: view.history.filter((t) => !t.mate), key: `mate:${view.deal_number}` }),
    h("p", { class: "help" }, ui.t("values_help")),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const me = ui.viewer;
  const deals = r.deal_results.map((d, i) =>
    h(
      "li",
      {
        dataset: {
          deal: i + 1,
          score: d.score,
          mater: d.mater ?? "none",
          trick: d.trick ?? "",
          card: d.card ?? "",
        },
      },
      h(
        "div",
        { class: "deal-line" },
        h("b", {}, ui.t("deal_line", { n: i + 1, name: ui.seatName(d.dealer) })),
        " ",
        dealReason(view, i + 1, ui),
      ),
      analysisBox(i + 1, ui),
    ),
  );
  return h(
    "div",
    {
      class: "score mate-result",
      dataset: {
        winner: r.winner ?? "draw",
        points: r.points.join(","),
        margin: r.margin,
        dealScores: r.deal_results.map((d) => d.score).join(","),
        maters: r.deal_results.map((d) => d.mater ?? "none").join(","),
      },
    },
    h(
      "h2",
      {},
      r.winner === null ? ui.t("draw") : ui.t("match_won", { name: ui.seatName(r.winner) }),
      r.winner === null ? "" : h("small", {}, ui.t("margin", { m: r.margin })),
    ),
    h(
      "p",
      { class: "totals" },
      `${ui.t("points")}: `,
      h("span", { dataset: { seatPoints: me } }, `${ui.seatName(me)} ${r.points[me]}`),
      " · ",
      h("span", { dataset: { seatPoints: 1 - me } }, `${ui.seatName(1 - me)} ${r.points[1 - me]}`),
    ),
    h("ol", { class: "deals" }, deals),
  );
}
