// Tuppi table: draws view(seat) from the engine (py/tabletop/games/tuppi.py).
// Four seats in two partnerships (0+2 against 1+3), drawn around the trick with the viewer at the
// bottom and the partner at the top. What is legal comes from view.legal_actions only; the deal
// summaries read the engine's deal records (last_deal, result.deals and their breakdown).
import { cardBack, cardEl, cardName, h } from "../table.js";

export const STRINGS = {
  en: {
    option_target_score: "Points to win (when not playing a fixed number of deals)",
    option_rami_first_lead: "First lead in rami",
    choice_rami_first_lead_declarer: "The declarer (article)",
    choice_rami_first_lead_right_of_declarer: "The declarer's right neighbour",
    option_bid_twos_allowed: "A 2 may be bid",
    option_sooli_allowed: "Sooli allowed (a defender may play alone against rami)",
    option_sooli_tricks: "Tricks in a sooli deal",
    choice_sooli_tricks_3: "3 tricks (article)",
    choice_sooli_tricks_13: "13 tricks (the whole hand)",
    option_score_reset: "Only one team holds points: when a team scores and the other team has points…",
    choice_score_reset_opponents_lose: "the other drops to 0 (article)",
    choice_score_reset_both_zero: "both drop to 0, no score",
    option_fixed_deals: "Number of deals (0 = play to the target score)",
    rami: "Rami", nolo: "Nolo", sooli: "Sooli",
    bidding: "Bidding",
    bidding_help: "red ♥♦ = rami (take tricks), black ♠♣ = nolo (avoid them); the first red bid from the dealer's left declares",
    rami_help: "{name} declared · {team} must take 7+ tricks",
    rami_sooli_help: "{name} declared rami; the defenders may go sooli",
    nolo_help: "all bids black: take 6 tricks or fewer",
    sooli_help: "{name} alone: must not take a trick · ace low · {out} sits out",
    bids_from: "Bids, revealed from {name}",
    deal_n: "Deal {n}",
    deal_n_of: "Deal {n}/{total}",
    goal_target: "first to {n}",
    dealer: "Dealer",
    declarer: "Declarer",
    soloist: "Soloist",
    sits_out: "Sits out",
    passed: "passed",
    said_sooli: "sooli!",
    bid_placed: "bid ✓",
    bid_thinking: "bidding…",
    bid_secret: "not shown",
    your_bid: "your bid",
    said: "said {word}",
    quoted: "“{word}”",
    bid_of: "{name}'s bid: {card}",
    bid_hidden_of: "{name}'s bid stays face down",
    cards_of: "{name}: {n} cards in hand",
    trick_n: "Trick {n}/{total}",
    won_by: "{name} won trick {n}",
    tricks_so_far: "Tricks this deal",
    last_trick_by: "Last trick ({name} won)",
    prompt_bid: "Tap a card A–10 to bid it face down (not J, Q, K); it stays in your hand.",
    prompt_sooli: "{name} declared rami. Go sooli? You would play alone against them, your partner sitting out, and must take no trick (ace low).",
    prompt_exchange: "Sooli: tap a card to lay it face down — your partner then gives you one card blind — or keep your cards.",
    prompt_give: "Your partner plays sooli and laid a card away. Tap a card to give them blind; then you sit this deal out.",
    prompt_lead: "Lead any card.",
    prompt_follow: "Follow suit if you can.",
    prompt_lead_sooli: "Lead any card. In sooli the ace is the lowest card.",
    prompt_follow_sooli: "Follow suit if you can. In sooli the ace is the lowest card.",
    waiting_bids: "You bid {card}. Waiting for: {names}",
    waiting_bids_none: "Waiting for: {names}",
    you_sit_out: "You sit this deal out: your partner plays sooli.",
    act_bid_rami: "Say “rami”", act_bid_rami_d: "you have no red card A–10 to bid",
    act_bid_nolo: "Say “nolo”", act_bid_nolo_d: "you have no black card A–10 to bid",
    act_declare_sooli: "Declare sooli", act_declare_sooli_d: "alone: take no trick → 24",
    act_pass_sooli: "Pass", act_pass_sooli_d: "let the rami be played",
    act_pass_exchange: "Keep my cards", act_pass_exchange_d: "no exchange",
    not_playable: "not playable now",
    laid_away: "Laid away",
    received: "Received",
    you_gave: "You gave",
    set_aside: "Set aside (out of this deal)",
    exchanged: "exchanged a card",
    kept: "kept the cards",
    deal_result: "Deal {n}",
    deal_title_rami: "Rami by {name}",
    deal_title_nolo: "Nolo (all bids black)",
    deal_title_sooli: "Sooli by {name} (against {decl})",
    tricks_word: "Tricks",
    us: "Your team", them: "Opponents",
    why_rami_made: "rami made: the declaring team took {t} tricks, 4 × ({t} − 6) = {p}",
    why_rami_defeated: "rami defeated: the defenders took {t} tricks, 8 × ({t} − 6) = {p}",
    why_nolo: "nolo: took only {t} tricks, 4 × (7 − {t}) = {p}",
    why_rami_made_plain: "rami made: the declaring team took {t} tricks",
    why_rami_defeated_plain: "rami defeated: the defenders took {t} tricks",
    why_nolo_plain: "nolo: took only {t} tricks",
    why_sooli_made: "sooli made: {name} took no trick",
    why_sooli_defeated: "sooli defeated: {name} took a trick",
    gained: "+{p}: {why}",
    forfeited: "+0: {why}, but the {p} points are forfeited: the other team held points, both drop to 0",
    lost: "−{p}: only one team holds points",
    totals_after: "Totals after",
    winners: "{team} win",
    final_scores: "Final scores",
    deals_played: "deals played: {n}",
    deal_over: "Deal {n} is over",
    continue_to: "Continue to deal {n}",
    bid_hidden: "bid hidden",
    and: " & ",
  },
  ja: {
    option_target_score: "勝利に必要な得点（ディール数を固定しないとき）",
    option_rami_first_lead: "ラミの最初のリード",
    choice_rami_first_lead_declarer: "デクレアラー（記事のルール）",
    choice_rami_first_lead_right_of_declarer: "デクレアラーの右隣",
    option_bid_twos_allowed: "2で入札してよい",
    option_sooli_allowed: "ソロあり（ラミに対してディフェンダーが1人で戦える）",
    option_sooli_tricks: "ソロのトリック数",
    choice_sooli_tricks_3: "3トリック（記事のルール）",
    choice_sooli_tricks_13: "13トリック（手札すべて）",
    option_score_reset: "得点を持てるのは1チームだけ: 得点したとき相手チームに得点があれば…",
    choice_score_reset_opponents_lose: "相手が0点になる（記事のルール）",
    choice_score_reset_both_zero: "両チーム0点、得点なし",
    option_fixed_deals: "ディール数（0 = 目標得点まで）",
    rami: "ラミ", nolo: "ノロ", sooli: "ソロ",
    bidding: "入札",
    bidding_help: "赤♥♦=ラミ（取る）、黒♠♣=ノロ（取らない）。ディーラーの左から公開し、最初の赤が宣言",
    rami_help: "{name}が宣言・{team}は7トリック以上が必要",
    rami_sooli_help: "{name}がラミを宣言。ディフェンダーはソロを宣言できます",
    nolo_help: "全員が黒: 6トリック以下を目指す",
    sooli_help: "{name}がソロ: トリック0を目指す・Aが最弱・{out}は休み",
    bids_from: "入札（{name}から公開）",
    deal_n: "ディール {n}",
    deal_n_of: "ディール {n}/{total}",
    goal_target: "{n}点先取",
    dealer: "ディーラー",
    declarer: "デクレアラー",
    soloist: "ソロ",
    sits_out: "休み",
    passed: "パス",
    said_sooli: "ソロ!",
    bid_placed: "入札済",
    bid_thinking: "入札中…",
    bid_secret: "非公開",
    your_bid: "あなたの入札",
    said: "口頭で{word}",
    quoted: "「{word}」",
    bid_of: "{name}の入札: {card}",
    bid_hidden_of: "{name}の入札は裏向きのまま",
    cards_of: "{name}: 手札{n}枚",
    trick_n: "トリック {n}/{total}",
    won_by: "{name}が第{n}トリックを取りました",
    tricks_so_far: "このディールのトリック",
    last_trick_by: "直前のトリック（{name}が取った）",
    prompt_bid: "A〜10を1枚タップして裏向きに入札（J・Q・Kは不可）。カードは手札に残ります。",
    prompt_sooli: "{name}がラミを宣言しました。ソロにしますか？ パートナーは休み、あなた1人で戦い、トリックを1つも取らなければ勝ち（Aが最弱）。",
    prompt_exchange: "ソロ: カードを1枚タップして裏向きに置くと、パートナーが見ずに1枚くれます。交換しなくてもかまいません。",
    prompt_give: "パートナーがソロで1枚置きました。渡すカードを1枚タップしてください（相手のカードは見えません）。その後このディールは休みです。",
    prompt_lead: "好きなカードをリードしてください。",
    prompt_follow: "リードと同じスートがあれば出してください。",
    prompt_lead_sooli: "好きなカードをリードしてください。ソロではAが最弱です。",
    prompt_follow_sooli: "リードと同じスートがあれば出してください。ソロではAが最弱です。",
    waiting_bids: "あなたの入札: {card}。入札待ち: {names}",
    waiting_bids_none: "入札待ち: {names}",
    you_sit_out: "このディールは休みです（パートナーがソロ）。",
    act_bid_rami: "口頭で「ラミ」", act_bid_rami_d: "入札できる赤のA〜10がない",
    act_bid_nolo: "口頭で「ノロ」", act_bid_nolo_d: "入札できる黒のA〜10がない",
    act_declare_sooli: "ソロを宣言", act_declare_sooli_d: "1人でトリック0なら24点",
    act_pass_sooli: "パス", act_pass_sooli_d: "ラミのまま",
    act_pass_exchange: "交換しない", act_pass_exchange_d: "手札のまま",
    not_playable: "今は出せません",
    laid_away: "置いたカード",
    received: "もらったカード",
    you_gave: "渡したカード",
    set_aside: "よけたカード（このディールでは使わない）",
    exchanged: "1枚交換",
    kept: "交換なし",
    deal_result: "ディール{n}",
    deal_title_rami: "{name}のラミ",
    deal_title_nolo: "ノロ（全員が黒）",
    deal_title_sooli: "{name}のソロ（相手: {decl}）",
    tricks_word: "トリック",
    us: "味方", them: "相手",
    why_rami_made: "ラミ成功: デクレアラーチームが{t}トリック、4 × ({t} − 6) = {p}",
    why_rami_defeated: "ラミ失敗: ディフェンダーが{t}トリック、8 × ({t} − 6) = {p}",
    why_nolo: "ノロ: {t}トリックだけ、4 × (7 − {t}) = {p}",
    why_rami_made_plain: "ラミ成功: デクレアラーチームが{t}トリック",
    why_rami_defeated_plain: "ラミ失敗: ディフェンダーが{t}トリック",
    why_nolo_plain: "ノロ: {t}トリックだけ",
    why_sooli_made: "ソロ成功: {name}はトリック0",
    why_sooli_defeated: "ソロ失敗: {name}がトリックを取った",
    gained: "+{p}: {why}",
    forfeited: "+0: {why}。ただし相手に得点があったので{p}点は無効、両チーム0点",
    lost: "−{p}: 得点を持てるのは1チームだけ",
    totals_after: "合計",
    winners: "{team}の勝ち",
    final_scores: "最終得点",
    deals_played: "{n}ディール",
    deal_over: "ディール{n}終了",
    continue_to: "ディール{n}へ進む",
    bid_hidden: "入札は非公開",
    and: "・",
  },
};

// ---------------------------------------------------------------- small helpers
(function once() {
  if (typeof document === "undefined" || document.getElementById("tuppi-css")) return;
  document.head.append(h("link", { id: "tuppi-css", rel: "stylesheet", href: new URL("./tuppi.css", import.meta.url).href }));
})();

const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const short = (code) => `${SUIT_SYMBOL[code[1]] || code[1]}${code[0] === "T" ? "10" : code[0]}`;
const isCard = (x) => typeof x === "string" && x.length === 2 && x[1] in SUIT_SYMBOL;
// Where a seat sits for the viewer: 0 bottom (the viewer), 1 left, 2 top (the partner), 3 right.
const POS = ["bottom", "left", "top", "right"];
const rel = (seat, viewer) => (seat - viewer + 4) % 4;
const CARD_VERB = { bid: "bid", exchange: "exchange", give: "give", play: "play" };

function teamName(view, team, ui) {
  return view.teams[team].map((s) => ui.seatName(s)).join(ui.t("and"));
}

function teamOf(view, seat) {
  return view.team_of_seat[seat];
}

const openState = new Map(); // details element key -> open (kept across re-renders)
function remembered(el, key, fallback) {
  el.open = openState.has(key) ? openState.get(key) : fallback;
  el.addEventListener("toggle", () => openState.set(key, el.open));
  while (openState.size > 40) openState.delete(openState.keys().next().value);
  return el;
}

// ---------------------------------------------------------------- scores and mode
function scoreboard(view, ui) {
  const me = ui.viewer;
  const mine = teamOf(view, me);
  const over = view.phase === "over";
  const dealNo = over ? view.deals_played : view.deals_played + 1;
  const head = h("div", { class: "sb-row sb-head" },
    h("span", {}),
    h("span", { class: "sb-names" }, h("b", {}, view.fixed_deals ? ui.t("deal_n_of", { n: dealNo, total: view.fixed_deals }) : ui.t("deal_n", { n: dealNo })),
      view.fixed_deals ? null : ` · ${ui.t("goal_target", { n: view.target_score })}`),
    h("span", { class: "sb-tricks" }, ui.t("tricks")),
    h("span", { class: "sb-score" }, ui.t("points")));
  const rows = [mine, 1 - mine].map((team) => h("div", {
    class: `sb-row team-${team}${team === mine ? " mine" : ""}`, dataset: { team, score: view.scores[team], tricks: view.tricks[team] },
  },
  h("span", { class: "swatch", "aria-hidden": "true" }),
  // Each name stays whole; a long pair wraps between the two names.
  h("span", { class: "sb-names" }, h("span", { class: "nm" }, ui.seatName(view.teams[team][0]), ui.t("and").trimEnd()),
    ui.t("and").endsWith(" ") ? " " : "", h("span", { class: "nm" }, ui.seatName(view.teams[team][1]))),
  h("span", { class: "sb-tricks" }, h("b", {}, view.tricks[team])),
  h("span", { class: "sb-score" }, h("b", {}, view.scores[team]))));
  return h("section", { class: "scoreboard", "aria-label": ui.t("points") }, head, rows);
}

function modeBanner(view, ui) {
  const mode = view.phase === "bid" ? "bid" : view.mode;
  let title;
  let help;
  if (mode === "bid" || mode === null) {
    title = ui.t("bidding");
    help = ui.t("bidding_help");
  } else if (mode === "rami") {
    title = ui.t("rami");
    const decl = ui.seatName(view.declarer);
    help = view.phase === "sooli" ? ui.t("rami_sooli_help", { name: decl })
      : ui.t("rami_help", { name: decl, team: shortTeam(view, teamOf(view, view.declarer), ui) });
  } else if (mode === "nolo") {
    title = ui.t("nolo");
    help = ui.t("nolo_help");
  } else {
    title = ui.t("sooli");
    help = ui.t("sooli_help", { name: ui.seatName(view.soloist), out: ui.seatName(view.sitting_out) });
  }
  const declTeam = view.declarer === null ? null : teamOf(view, view.soloist ?? view.declarer);
  return h("section", {
    class: `mode mode-${mode ?? "bid"}${declTeam === null ? "" : ` team-${declTeam}`}`,
    dataset: { mode: view.mode ?? "", declarer: view.declarer ?? "", soloist: view.soloist ?? "" },
  }, h("span", { class: "mode-name" }, title), h("span", { class: "mode-help" }, help));
}

// ---------------------------------------------------------------- seats and bids
// Bids are on the table (in the cross) until the first card is played; then each seat's revealed
// bid stays by its name for the rest of the deal.
const BID_PHASES = ["bid", "sooli", "exchange", "give"];

function bidCard(view, seat, ui) {
  const revealed = view.revealed_bids.find(([s]) => s === seat);
  const name = ui.seatName(seat);
  if (revealed) {
    const bid = revealed[1];
    const meaning = view.declarer === seat ? "rami" : "nolo";
    const label = ui.t("bid_of", { name, card: isCard(bid) ? cardName(bid) : ui.t("said", { word: ui.t(bid) }) });
    return h("span", { class: `bid revealed ${isCard(bid) ? "" : "verbal "}${meaning}`, dataset: { bid, revealed: "1" }, title: label, role: "img", "aria-label": label },
      isCard(bid) ? cardEl(bid, { small: true }) : h("span", { class: "word" }, ui.t("quoted", { word: ui.t(bid) })),
      h("small", { "aria-hidden": "true" }, ui.t(meaning)));
  }
  if (seat === ui.viewer && view.my_bid) {
    const bid = view.my_bid;
    return h("span", { class: "bid mine", dataset: { bid, revealed: "0" }, title: ui.t("your_bid") },
      isCard(bid) ? cardEl(bid, { small: true }) : h("span", { class: "word" }, ui.t("quoted", { word: ui.t(bid) })),
      h("small", {}, ui.t("your_bid")));
  }
  if (view.bid_placed[seat] && !BID_PHASES.includes(view.phase)) {
    return h("span", { class: "bid hidden", dataset: { placed: "1" }, title: ui.t("bid_hidden_of", { name }) }, h("small", {}, ui.t("bid_hidden")));
  }
  if (view.bid_placed[seat]) {
    return h("span", { class: "bid hidden", dataset: { placed: "1" }, role: "img", "aria-label": ui.t("bid_hidden_of", { name }) },
      cardBack({ small: true }), h("small", {}, ui.t(view.phase === "bid" ? "bid_placed" : "bid_secret")));
  }
  return h("span", { class: "bid none", dataset: { placed: "0" }, title: ui.t("bid_thinking"), role: "img", "aria-label": `${name}: ${ui.t("bid_thinking")}` },
    h("span", { class: "card empty small", "aria-hidden": "true" }), h("small", { "aria-hidden": "true" }, "…"));
}

function badges(view, seat, ui) {
  const out = [];
  if (seat === view.dealer) out.push(h("span", { class: "badge dealer" }, ui.t("dealer")));
  if (seat === view.declarer) out.push(h("span", { class: "badge declarer" }, ui.t("declarer")));
  if (seat === view.soloist) out.push(h("span", { class: "badge soloist" }, ui.t("soloist")));
  if (seat === view.sitting_out) out.push(h("span", { class: "badge out" }, ui.t("sits_out")));
  const asked = view.sooli_asked.find(([s]) => s === seat);
  if (asked && view.phase === "sooli") out.push(h("span", { class: "badge asked" }, ui.t(asked[1] === "pass" ? "passed" : "said_sooli")));
  if (seat === view.soloist && view.exchanged !== null && view.phase !== "exchange") {
    out.push(h("span", { class: "badge" }, ui.t(view.exchanged ? "exchanged" : "kept")));
  }
  return out;
}

function seatPanel(view, seat, ui, extra = null) {
  const pos = POS[rel(seat, ui.viewer)];
  const team = teamOf(view, seat);
  const moving = view.phase !== "over" && view.to_move.includes(seat);
  const name = ui.seatName(seat);
  const n = view.hand_counts[seat];
  return h("div", {
    class: `seat pos-${pos} team-${team}${moving ? " to-move" : ""}${seat === view.sitting_out ? " out" : ""}`,
    dataset: { seat, team, count: n },
  },
  h("span", { class: "name" }, name),
  h("span", { class: "badges" }, badges(view, seat, ui)),
  BID_PHASES.includes(view.phase) ? null : bidCard(view, seat, ui),
  seat === ui.viewer ? null : h("span", { class: "count", role: "img", "aria-label": ui.t("cards_of", { name, n }) },
    h("span", { class: "mini-back", "aria-hidden": "true" }), `×${n}`),
  extra);
}

// ---------------------------------------------------------------- the middle: bids, then tricks
function trickArea(view, ui) {
  const me = ui.viewer;
  if (BID_PHASES.includes(view.phase)) {
    const cross = h("div", { class: "cross bids", role: "group", "aria-label": ui.t("bids_from", { name: ui.seatName((view.dealer + 1) % 4) }) });
    for (const seat of [0, 1, 2, 3]) cross.append(h("div", { class: `slot pos-${POS[rel(seat, me)]}`, dataset: { seat } }, bidCard(view, seat, ui)));
    return h("section", { class: "trick-area bids-area", dataset: { trick: 0 } },
      h("div", { class: "trick-label" }, ui.t("bids_from", { name: ui.seatName((view.dealer + 1) % 4) })), cross);
  }
  const last = view.history[view.history.length - 1] || null;
  // Between tricks, the trick just won stays on the table until the next card is led.
  const showingLast = !view.trick.length && last !== null;
  const cards = showingLast ? last.cards : view.trick;
  const cross = h("div", { class: `cross${showingLast ? " done" : ""}`, role: "group", "aria-label": ui.t("trick_n", { n: view.tricks_played + 1, total: view.tricks_in_deal }) });
  for (const [seat, card] of cards) {
    const won = showingLast && seat === last.winner;
    cross.append(h("div", { class: `slot pos-${POS[rel(seat, me)]}${won ? " won" : ""}`, dataset: { seat, card } },
      cardEl(card), h("span", { class: "sr" }, ui.seatName(seat))));
  }
  let label = "";
  if (showingLast) label = ui.t("won_by", { name: ui.seatName(last.winner), n: view.history.length });
  else if (view.phase === "play") label = ui.t("trick_n", { n: view.tricks_played + 1, total: view.tricks_in_deal });
  return h("section", { class: "trick-area", dataset: { trick: view.tricks_played + 1 } },
    h("div", { class: "trick-label", role: "status" }, label), cross);
}

function historyPanel(view, ui) {
  if (!view.history.length) return h("div", { class: "history-slot" });
  const last = view.history[view.history.length - 1];
  const rows = view.history.map((tr, i) => h("li", { class: i === view.history.length - 1 ? "latest" : "", dataset: { winner: tr.winner } },
    h("span", { class: "tn" }, `${i + 1}`),
    tr.cards.map(([seat, card]) => h("span", { class: `hc${seat === tr.winner ? " won" : ""} team-${teamOf(view, seat)}`, title: ui.seatName(seat) },
      h("span", { class: `suit-${card[1]}` }, short(card)))),
    h("span", { class: "hw" }, `→ ${ui.seatName(tr.winner)}`)));
  const panel = h("details", { class: "last-trick history" },
    h("summary", {}, ui.t("last_trick_by", { name: ui.seatName(last.winner) })),
    h("div", { class: "trick-cards" }, last.cards.map(([seat, card]) => h("div", { class: `played${seat === last.winner ? " won" : ""}` },
      cardEl(card, { small: true }), h("small", {}, ui.seatName(seat))))),
    h("div", { class: "hist-title" }, ui.t("tricks_so_far")),
    h("ol", { class: "hist" }, rows));
  return h("div", { class: "history-slot" }, remembered(panel, `hist:${view.deals_played}`, false));
}

// ---------------------------------------------------------------- prompt and actions
function actionLabel(view, action, ui) {
  if (action === "pass") return view.phase === "exchange" ? ["act_pass_exchange", "act_pass_exchange_d"] : ["act_pass_sooli", "act_pass_sooli_d"];
  const key = `act_${action.replace(" ", "_")}`;
  return [key, `${key}_d`];
}

function prompt(view, ui) {
  const me = ui.viewer;
  const box = h("section", { class: "prompt" });
  if (view.phase === "over") return box;
  const verb = CARD_VERB[view.phase];
  const legal = view.legal_actions;
  const words = legal.filter((a) => !(verb && a.startsWith(`${verb} `) && isCard(a.split(" ")[1])));
  if (legal.length) {
    let text;
    if (view.phase === "bid") text = ui.t("prompt_bid");
    else if (view.phase === "sooli") text = ui.t("prompt_sooli", { name: ui.seatName(view.declarer) });
    else if (view.phase === "exchange") text = ui.t("prompt_exchange");
    else if (view.phase === "give") text = ui.t("prompt_give");
    else text = ui.t(`prompt_${view.trick.length ? "follow" : "lead"}${view.mode === "sooli" ? "_sooli" : ""}`);
    box.append(h("p", { class: "turn" }, h("b", {}, ui.t("your_turn")), " ", h("span", {}, text)));
    if (words.length) {
      box.append(h("div", { class: "choices" }, words.map((action) => {
        const [label, desc] = actionLabel(view, action, ui);
        return h("button", {
          class: `choice${action === "declare sooli" ? " primary" : ""}`, type: "button", dataset: { action },
          disabled: ui.canAct ? null : true, onclick: () => ui.act(action),
        }, ui.t(label), h("small", {}, ui.t(desc)));
      })));
    }
  } else if (view.phase === "bid") {
    const names = view.awaiting.map((s) => ui.seatName(s)).join(", ");
    const mine = view.my_bid;
    box.append(h("p", { class: "waiting" }, mine
      ? ui.t("waiting_bids", { card: isCard(mine) ? short(mine) : ui.t(mine), names }) : ui.t("waiting_bids_none", { names })));
  } else if (view.sitting_out === me && view.phase === "play") {
    box.append(h("p", { class: "waiting" }, ui.t("you_sit_out"), " ", ui.t("waiting_for", { name: ui.seatName(view.to_act) })));
  } else {
    const who = view.to_act ?? view.to_move[0];
    box.append(h("p", { class: "waiting" }, who === undefined || who === null ? "" : ui.t("waiting_for", { name: ui.seatName(who) })));
  }
  return box;
}

function handRow(view, ui) {
  const verb = CARD_VERB[view.phase];
  const legal = new Set(view.legal_actions);
  const row = h("div", { class: "hand", role: "group", "aria-label": ui.seatName(ui.viewer) });
  // On your turn to bid or play, an unlit card can be tapped too: the engine refuses it and says
  // why (court cards cannot be bid, follow suit), so the rule explains itself.
  const explain = ui.canAct && legal.size > 0 && (view.phase === "bid" || view.phase === "play");
  for (const code of view.hand || []) {
    const action = verb ? `${verb} ${code}` : null;
    const lit = action !== null && legal.has(action);
    const tappable = ui.canAct && (lit || explain);
    const el = cardEl(code, { lit, onclick: tappable ? () => ui.act(action) : null });
    if (tappable && !lit) {
      el.disabled = false;
      el.classList.add("unlit");
      el.title = ui.t("not_playable");
    }
    row.append(el);
  }
  return row;
}

// Private sooli information: the soloist's laid-away and received cards, the partner's set-aside.
function privateCards(view, ui) {
  const parts = [];
  const item = (label, cards) => h("div", { class: "private-row" }, h("span", {}, `${ui.t(label)}: `), cards.map((c) => cardEl(c, { small: true, dim: true })));
  if (view.laid_card) parts.push(item("laid_away", [view.laid_card]));
  if (view.given_card && view.seat === view.soloist) parts.push(item("received", [view.given_card]));
  if (view.given_card && view.seat === view.sitting_out) parts.push(item("you_gave", [view.given_card]));
  if (view.set_aside && view.set_aside.length) parts.push(item("set_aside", view.set_aside));
  return parts.length ? h("section", { class: "private" }, parts) : null;
}

// ---------------------------------------------------------------- deal records
// Short team labels with the team's colour: "Your team" / "Opponents" against the computer, the
// two players' names in pass-and-play.
function shortTeam(view, team, ui) {
  return ui.mode !== "bot" ? teamName(view, team, ui) : ui.t(team === teamOf(view, ui.viewer) ? "us" : "them");
}

function teamTag(view, team, ui) {
  return h("span", { class: `tag team-${team}` }, h("span", { class: "swatch", "aria-hidden": "true" }), shortTeam(view, team, ui));
}

function reasonText(view, rec, ui) {
  const scoring = rec.scoring_team;
  const t = rec.tricks[scoring];
  const p = rec.points;
  // The arithmetic is shown only when it gives the engine's points (the engine decides them).
  const formula = (key, value) => (value === p ? ui.t(key, { t, p }) : ui.t(`${key}_plain`, { t }));
  if (rec.mode === "rami") {
    return teamOf(view, rec.declarer) === scoring ? formula("why_rami_made", 4 * (t - 6)) : formula("why_rami_defeated", 8 * (t - 6));
  }
  if (rec.mode === "nolo") return formula("why_nolo", 4 * (7 - t));
  const soloist = ui.seatName(rec.soloist);
  return teamOf(view, rec.soloist) === scoring ? ui.t("why_sooli_made", { name: soloist }) : ui.t("why_sooli_defeated", { name: soloist });
}

// What the scoring team actually added (0 when a reset rule forfeited the points).
function gainedOf(rec) {
  const b = rec.breakdown.find((x) => x.team === rec.scoring_team);
  return b.points + rec.lost[rec.scoring_team];
}

function dealTitle(rec, ui) {
  if (rec.mode === "rami") return ui.t("deal_title_rami", { name: ui.seatName(rec.declarer) });
  if (rec.mode === "nolo") return ui.t("deal_title_nolo");
  return ui.t("deal_title_sooli", { name: ui.seatName(rec.soloist), decl: ui.seatName(rec.declarer) });
}

// One line per change of score, from the record's breakdown: the points and the reason.
function dealLines(view, rec, ui) {
  const why = reasonText(view, rec, ui);
  const lines = [];
  const order = [...rec.breakdown].sort((x, y) => (y.team === rec.scoring_team) - (x.team === rec.scoring_team));
  for (const b of order) {
    const lost = rec.lost[b.team];
    if (b.team === rec.scoring_team) {
      const gained = gainedOf(rec);
      lines.push(h("li", { class: "why gain", dataset: { team: b.team, points: b.points } }, teamTag(view, b.team, ui), " ",
        gained > 0 ? ui.t("gained", { p: gained, why }) : ui.t("forfeited", { p: rec.points, why })));
    }
    if (lost) lines.push(h("li", { class: "why lost", dataset: { team: b.team, lost } }, teamTag(view, b.team, ui), " ", ui.t("lost", { p: lost })));
  }
  return lines;
}

function pair(view, values, ui) {
  return h("span", { class: "pair" }, [0, 1].map((team) => h("span", { class: `pv team-${team}` },
    h("span", { class: "swatch", "aria-hidden": "true" }), h("b", {}, values[team]))));
}

function dealBody(view, rec, ui, { totals = false } = {}) {
  return [
    h("ul", { class: "whys" }, dealLines(view, rec, ui)),
    h("p", { class: "deal-nums" }, `${ui.t("tricks_word")} `, pair(view, rec.tricks, ui),
      totals ? h("span", {}, ` · ${ui.t("totals_after")} `, pair(view, rec.scores, ui)) : null),
  ];
}

function dealData(rec, n) {
  return {
    deal: n, mode: rec.mode, scoringTeam: rec.scoring_team, points: rec.points,
    tricks: rec.tricks.join(","), scores: rec.scores.join(","), net: rec.breakdown.map((b) => b.points).join(","),
  };
}

function lastDealPanel(view, ui) {
  const rec = view.last_deal;
  if (!rec || view.phase === "over") return null;
  const n = view.deals_played;
  const panel = h("details", { class: `last-deal team-${rec.scoring_team}`, dataset: dealData(rec, n) },
    h("summary", {}, h("b", {}, `${ui.t("deal_result", { n })}: `), `${dealTitle(rec, ui)} → `, teamTag(view, rec.scoring_team, ui), ` +${gainedOf(rec)}`),
    dealBody(view, rec, ui));
  return remembered(panel, `deal:${n}`, false);
}

// ---------------------------------------------------------------- the view's two entry points
// The end of a deal: the next deal is dealt at once, so before its bidding the viewer first sees
// how the deal just played was scored, and continues with one tap.
const seenDeals = new Set();

function dealOver(view, ui, key) {
  const rec = view.last_deal;
  const n = view.deals_played;
  return h("section", { class: `deal-over-card team-${rec.scoring_team}`, dataset: dealData(rec, n) },
    h("h2", {}, ui.t("deal_over", { n })),
    h("p", { class: "deal-line" }, `${dealTitle(rec, ui)} → `, teamTag(view, rec.scoring_team, ui), ` +${gainedOf(rec)}`),
    dealBody(view, rec, ui, { totals: true }),
    h("button", { type: "button", class: "primary continue", onclick: () => { seenDeals.add(key); ui.rerender(); } },
      ui.t("continue_to", { n: n + 1 })));
}

export function render(view, ui) {
  const me = ui.viewer;
  const seats = [0, 1, 2, 3];
  const at = (pos, extra) => seatPanel(view, seats.find((s) => POS[rel(s, me)] === pos), ui, extra);
  const data = { phase: view.phase, mode: view.mode ?? "", deal: view.deals_played + 1 };
  const key = view.last_deal ? `${me}:${view.deals_played}:${JSON.stringify(view.last_deal)}` : null;
  if (key && view.phase === "bid" && !view.my_bid && !seenDeals.has(key)) {
    while (seenDeals.size > 50) seenDeals.delete(seenDeals.values().next().value);
    return h("div", { class: "table tuppi between", dataset: { ...data, dealOver: view.deals_played } },
      scoreboard(view, ui), dealOver(view, ui, key));
  }
  return h("div", { class: "table tuppi", dataset: data },
    scoreboard(view, ui),
    lastDealPanel(view, ui),
    modeBanner(view, ui),
    h("div", { class: "ring" }, at("top"), at("left"), trickArea(view, ui), at("right")),
    historyPanel(view, ui),
    at("bottom", prompt(view, ui)),
    handRow(view, ui),
    privateCards(view, ui));
}

export function renderResult(view, ui) {
  const r = view.result;
  const deals = r.deals.map((rec, i) => h("li", { class: `deal team-${rec.scoring_team}`, dataset: dealData(rec, i + 1) },
    h("div", { class: "deal-line" }, h("b", {}, `${ui.t("deal_result", { n: i + 1 })}: `), dealTitle(rec, ui)),
    dealBody(view, rec, ui, { totals: true })));
  const winner = r.winner_team;
  return h("div", {
    class: "score tuppi-result",
    dataset: {
      scores: r.scores.join(","), winnerTeam: winner ?? "draw", winners: r.winners.join(","),
      dealsPlayed: r.deals_played, dealPoints: r.deals.map((d) => `${d.scoring_team}:${d.points}`).join(","),
    },
  },
  h("h2", {}, winner === null ? ui.t("draw") : ui.t("winners", { team: teamName(view, winner, ui) })),
  h("div", { class: "totals" }, h("span", { class: "tl" }, `${ui.t("final_scores")} · ${ui.t("deals_played", { n: r.deals_played })}`),
    [0, 1].map((team) => h("div", { class: `tot team-${team}`, dataset: { team, score: r.scores[team] } },
      h("span", { class: "swatch", "aria-hidden": "true" }), h("span", { class: "tn" }, teamName(view, team, ui)), h("b", {}, r.scores[team])))),
  h("ol", { class: "deals" }, deals));
}
