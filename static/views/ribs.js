// Ribs table (engine: py/tabletop/games/ribs.py), on the table kit (static/kit/).
// 4 to 10 seats: the others as chips (a one-line strip from six players on) with their call in
// the auction, the leader's contract, a fold. The middle shows the auction or the trick: every
// seat's two cards, the leader's リブス first (face down until all have played); the trick just
// resolved stays on view with where each pair went until the next auction's first call or a tap.
// The hand: tap two cards, then lead / play face up / fold (the picker confirms the pair); calls
// are buttons. Strings: static/strings/ribs.json (the article's リブス, リードプレイヤー, ビッド).
import { h, hand, seatRing, useCss } from "../kit/index.js";

useCss(new URL("./ribs.css", import.meta.url));

export const verbs = {
  lead: { need: 0, label: (args, w) => w.t("verb_lead_ribs") },
  play: { need: 0, label: (args, w) => w.t("verb_play_up") },
  fold: { need: 0, label: (args, w) => w.t("verb_fold_down") },
};

// The moves possible now (a refusal's "verbs"), named in words.
export function formatParam(key, value, ui) {
  return key === "verbs"
    ? (ui.words || ui).list(value.map((v) => (ui.words || ui).verb(v)))
    : undefined;
}

// A new deal: the computer looks at its eight cards a moment before the first call.
export function botDelayFactor(view) {
  return view && view.phase === "auction" && view.trick_number === 1 && !view.auction.length
    ? 2
    : 1;
}

const big = (view) => view.players >= 6; // many pairs in a row: short names under them
const name = (seat, ui, view) => (big(view) ? ui.seatShort(seat) : ui.seatName(seat));

// A seat's call in this auction, its contract as leader, or its fold: on its chip (also in a strip).
function status(view, seat, ui, strip) {
  if (view.phase === "auction") {
    const call = [...view.auction].reverse().find(([s]) => s === seat);
    if (!call) return null;
    const [verb, n] = call[1].split(" ");
    return h(
      "span",
      {
        class: `call${verb === "pass" ? " passed" : ""}${seat === view.high_bidder ? " high" : ""}`,
      },
      verb === "pass" ? ui.t("call_pass") : strip ? n : ui.t("call_bid", { n }),
    );
  }
  if (view.phase !== "play") return null;
  if (seat === view.leader)
    return h("span", { class: "call high" }, ui.t("call_contract", { n: view.bid }));
  return view.folded.includes(seat)
    ? h("span", { class: "call passed" }, ui.t("folded_tag"))
    : null;
}

function standing(view, seat, ui, strip = false) {
  return [
    h(
      "span",
      { class: "extra", dataset: { won: view.won_points[seat], score: view.scores[seat] } },
      seat === view.dealer
        ? h("span", { class: "badge", title: ui.t("dealer") }, ui.t("dealer_short"))
        : null,
      h("span", { class: "count" }, ui.t("won_n", { n: view.won_points[seat] })),
      view.options.deals > 1
        ? h("span", { class: "count" }, ui.t("total_n", { n: view.scores[seat] }))
        : null,
    ),
    status(view, seat, ui, strip),
  ];
}

// ---------------------------------------------------------------- the middle: trick or auction
// The ribs keep one travel mark face down and face up, so they turn over in place (not fly in).
function pair(view, ui, seat, cards, { cls = "", note = null, ribs = false } = {}) {
  const faces = cards
    ? cards.map((c, i) =>
        ui.face(c, { small: true, dataset: { travel: ribs ? `${seat}:${i}` : c, seat } }),
      )
    : [0, 1].map((i) =>
        h("div", {
          class: "card back small",
          role: "img",
          "aria-label": ui.t(ribs ? "ribs" : "folded_tag"),
          dataset: { travel: `${seat}:${i}`, seat },
        }),
      );
  return h(
    "div",
    { class: `played${cls ? ` ${cls}` : ""}`, dataset: { seat } },
    h("span", { class: "pair" }, faces),
    h("small", { class: "who", title: ui.seatName(seat) }, name(seat, ui, view)),
    note ? h("small", { class: "note" }, note) : null,
  );
}

function fate(t, seat, cards, ui, view) {
  if (seat === t.leader)
    return t.ribs_lost ? ["dim", ui.t("fate_lost")] : ["won", ui.t("fate_ribs")];
  if (!cards) return ["dim", ui.t("folded_tag")];
  if (seat === t.matcher) return ["won", ui.t("fate_match")];
  if (t.returned.includes(seat)) return ["back", ui.t("fate_returned")];
  return ["", ui.t("fate_to", { name: name(t.matcher ?? t.leader, ui, view) })];
}

function middle(view, ui) {
  const area = h("section", { class: "trick kit ribs-trick", "aria-label": ui.t("trick") });
  const row = h("div", { class: "trick-cards" });
  const last = view.history[view.history.length - 1] || view.previous_deal_trick;
  const key = last ? `${last.deal}:${last.trick_number}` : null;
  if (view.phase === "play") {
    area.dataset.state = "playing";
    area.append(
      h(
        "div",
        { class: "trick-label" },
        ui.t("contract", { name: ui.seatName(view.leader), bid: view.bid }),
      ),
    );
    for (const [seat, cards] of view.trick)
      row.append(
        pair(view, ui, seat, cards, {
          cls: seat === view.leader ? "ribs" : view.folded.includes(seat) ? "dim" : "",
          ribs: seat === view.leader,
        }),
      );
  } else if (last && (view.phase === "over" || !view.auction.length) && !ui.collected(key)) {
    // The trick just resolved, until the next auction's first call or a tap.
    area.dataset.state = "finished";
    area.dataset.winner = last.winner;
    area.classList.add("finished");
    area.addEventListener("click", () => ui.collect(key));
    ui.hold(key);
    area.append(h("div", { class: "trick-label" }, last.summary.map((m) => ui.say(m)).join(" ")));
    for (const [seat, cards] of last.cards) {
      const [cls, note] = fate(last, seat, cards, ui, view);
      row.append(pair(view, ui, seat, cards, { cls, note, ribs: seat === last.leader }));
    }
  } else {
    area.dataset.state = "empty";
    area.append(
      h(
        "div",
        { class: "trick-label" },
        view.phase === "auction" ? ui.t("auction_title", { n: view.trick_number }) : " ",
      ),
    );
    if (view.phase === "auction") {
      row.append(
        h(
          "p",
          { class: "high-bid", dataset: { bid: view.bid ?? "", seat: view.high_bidder ?? "" } },
          view.bid === null
            ? ui.t("no_bid", { name: ui.seatName(view.opener) })
            : ui.t("high_bid", { bid: view.bid, name: ui.seatName(view.high_bidder) }),
        ),
      );
    }
  }
  area.append(row);
  return area;
}

// ---------------------------------------------------------------- prompt
function prompt(view, ui) {
  if (view.phase === "over") return null;
  if (!ui.canAct)
    return h("p", { class: "waiting" }, ui.t("waiting_for", { name: ui.seatName(view.to_act) }));
  const turn = (text) => h("p", {}, h("b", {}, ui.t("your_turn")), " — ", text);
  if (view.phase === "auction") {
    const raise = view.legal_actions.find((a) => a.startsWith("bid "));
    const text =
      view.bid === null
        ? ui.t("your_open")
        : raise
          ? ui.t("your_bid", { n: raise.split(" ")[1] })
          : ui.t("your_bid_max", { n: view.bid });
    const calls = [
      ui.picker.choices("bid", { label: ([n]) => ui.t("bid_n", { n }) }),
      ui.picker.choices("pass", { label: () => ui.t("call_pass") }),
    ];
    return [
      turn(text),
      h(
        "div",
        { class: "choices calls" },
        calls.filter(Boolean).flatMap((c) => [...c.children]),
      ),
    ];
  }
  const faceUp = view.options.face_up_fourth_trick && view.trick_number === 4;
  const key =
    view.leader === ui.viewer
      ? faceUp
        ? "lead_prompt_up"
        : "lead_prompt"
      : faceUp
        ? "play_prompt_up"
        : "play_prompt";
  return turn(ui.t(key, { bid: view.bid }));
}

// ---------------------------------------------------------------- deals
function breakdown(entries, ui) {
  return h(
    "ul",
    { class: "breakdown" },
    entries.map((x) =>
      h(
        "li",
        { dataset: { seat: x.seat, points: x.points } },
        h("span", { class: "who" }, ui.seatName(x.seat)),
        h("b", { class: "pts" }, x.points),
        h("span", { class: "why" }, x.reasons.map((r) => ui.say(r)).join(ui.t("list_sep"))),
      ),
    ),
  );
}

function dealTricks(tricks, ui, open = false) {
  if (!tricks.length) return null;
  const panel = h(
    "details",
    { class: "ribs-tricks" },
    h("summary", {}, ui.t("tricks_so_far", { n: tricks.length })),
    h(
      "ol",
      {},
      tricks.map((t) =>
        h(
          "li",
          {
            dataset: {
              trick: t.trick_number,
              matcher: t.matcher ?? "none",
              made: String(t.made),
              total: t.leader_total,
            },
          },
          h("b", {}, ui.t("trick_k", { n: t.trick_number })),
          " ",
          // Japanese sentences end in 「。」 and follow each other without a space.
          t.summary.map((m) => ui.say(m)).join(ui.lang === "ja" ? "" : " "),
        ),
      ),
    ),
  );
  panel.open = open;
  return panel;
}

// A card tapped while the player is asked to bid or pass: what is asked now, with the very labels
// of the buttons above the hand (the engine would only say that playing is not a move now).
function why(view, ui) {
  return (token) => {
    if (view.phase !== "auction" || !ui.canAct || !(view.hand || []).includes(token)) return null;
    const quote = (label) => (ui.lang === "ja" ? `「${label}」` : `“${label}”`);
    const labels = view.legal_actions.map((a) =>
      a === "pass" ? ui.t("call_pass") : ui.t("bid_n", { n: a.split(" ")[1] }),
    );
    const calls = new Intl.ListFormat(ui.lang, { type: "disjunction" }).format(labels.map(quote));
    return { code: "hand_in_auction", params: { card: token, n: view.trick_number, calls } };
  };
}

// ---------------------------------------------------------------- the two entry points
export function render(view, ui) {
  const me = ui.viewer;
  ui.picker.why = why(view, ui);
  const others = Array.from({ length: view.players - 1 }, (_, i) => (me + 1 + i) % view.players);
  const fresh = view.last_deal && view.phase !== "over" && !view.history.length;
  return h(
    "div",
    {
      class: `table ribs-table players-${view.players}`,
      dataset: {
        phase: view.phase,
        trick: view.trick_number,
        deal: view.deal_number,
        players: view.players,
      },
    },
    h(
      "p",
      { class: "match ribs-info" },
      h("b", {}, ui.t("deal_n", { n: view.deal_number, total: view.options.deals })),
      view.phase === "over" ? "" : ` · ${ui.t("trick_n", { n: view.trick_number })}`,
      view.options.lemons ? ` · ${ui.t("lemons_on")}` : "",
    ),
    seatRing(ui, {
      seats: others,
      toMove: view.to_move,
      cards: (s) => view.hand_counts[s],
      chip: (s, strip) => standing(view, s, ui, strip),
      compressAt: 5,
    }),
    middle(view, ui),
    h("section", { class: "prompt ribs-prompt" }, prompt(view, ui)),
    h(
      "div",
      {
        class: `my-seat${view.to_move.includes(me) ? " to-move" : ""}`,
        dataset: { seat: me, won: view.won_points[me] },
      },
      h("span", { class: "name" }, ui.seatName(me)),
      standing(view, me, ui),
      view.my_folded && view.my_folded.length
        ? h(
            "span",
            { class: "my-folded" },
            ui.t("your_folded"),
            view.my_folded.map((c) => ui.face(c, { small: true, dim: true })),
          )
        : null,
    ),
    view.phase === "over"
      ? null
      : hand(ui, view.hand, { verb: view.leader === me ? "lead" : "play" }),
    ui.dock(),
    fresh
      ? h(
          "section",
          { class: "last-deal", dataset: { deal: view.last_deal.deal } },
          h("h3", {}, ui.t("deal_result", { n: view.last_deal.deal })),
          breakdown(view.last_deal.scores, ui),
        )
      : null,
    dealTricks(view.history, ui),
    h(
      "p",
      { class: "help" },
      ui.t("points_help", { order: ui.t(view.options.lemons ? "order_lemons" : "order_plain") }),
    ),
  );
}

export function renderResult(view, ui) {
  const r = view.result;
  const ranked = [...r.scores.keys()].sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const multi = r.deal_scores.length > 1;
  const reasons = new Map((view.last_deal ? view.last_deal.scores : []).map((x) => [x.seat, x]));
  return h(
    "div",
    {
      class: "score ribs-result",
      dataset: {
        scores: r.scores.join(","),
        winner: r.winner ?? "tie",
        winners: r.winners.join(","),
        dealScores: r.deal_scores.map((d) => d.join(",")).join(";"),
      },
    },
    h(
      "h2",
      {},
      r.winner !== null
        ? r.winner === ui.viewer && ui.mode === "bot"
          ? ui.t("you_win")
          : ui.t("winner_is", { name: ui.seatName(r.winner) })
        : ui.t("winners_are", { names: ui.words.list(r.winners.map((s) => ui.seatName(s))) }),
    ),
    h("h3", {}, ui.t("final_scores")),
    h(
      "ol",
      { class: "final" },
      ranked.map((s) =>
        h(
          "li",
          { class: r.winners.includes(s) ? "win" : "", dataset: { seat: s, score: r.scores[s] } },
          h("span", { class: "who" }, ui.seatName(s)),
          h("b", { class: "pts" }, r.scores[s]),
          h(
            "span",
            { class: "why" },
            multi
              ? r.deal_scores.map((d) => d[s]).join(" + ")
              : (reasons.get(s)?.reasons || []).map((q) => ui.say(q)).join(ui.t("list_sep")),
          ),
        ),
      ),
    ),
    multi && view.last_deal
      ? [
          h("h3", {}, ui.t("deal_result", { n: view.last_deal.deal })),
          breakdown(view.last_deal.scores, ui),
        ]
      : null,
    dealTricks(view.history, ui, true),
  );
}
