// Mexican Train table: draws view(seat) from the engine (py/tabletop/games/mexican_train.py).
// Dominoes are drawn here as inline SVG (pips coloured by number). Every train is one compact row
// showing its newest tiles and its open end (tap "+N" to see the whole line). What may be played
// comes from view.legal_actions only: a tile that fits one train plays on one tap; a tile that fits
// several is tapped, then the lit train is tapped.
import { h } from "../table.js";

export const STRINGS = {
  en: {
    option_set: "Domino set (double-six: 2–5 players; double-nine and double-twelve: 2–8)",
    choice_set_null: "Usual for the player count",
    choice_set_6: "Double-six (28 tiles)",
    choice_set_9: "Double-nine (55 tiles)",
    choice_set_12: "Double-twelve (91 tiles)",
    option_scoring: "Scoring (winner takes: highest total wins; penalty: lowest total wins)",
    choice_scoring_winner_takes: "Winner takes the others' pips",
    choice_scoring_penalty: "Penalty: own leftover pips",
    option_rounds: "Rounds (empty = the full game: 7, 10 or 13 by set)",
    option_hand_size: "Tiles per hand (empty = the usual number)",
    tile: "{a}-{b}",
    round_n: "Round {n}/{total}",
    engine: "Engine",
    boneyard: "Boneyard {n}",
    rule_high: "Round winner scores the others' pips · highest total wins",
    rule_low: "Everyone scores own leftover pips · lowest total wins",
    mexican: "Mexican",
    mexican_train: "Mexican train",
    train_of: "{name}'s train",
    your_train: "your train",
    own_train: "own train",
    tiles_n: "{n} tiles",
    pts: "{n} pts",
    open: "open",
    double_open: "double open",
    open_help: "An open train may be used by anybody until its owner plays on it.",
    open_end: "open end {n}",
    more: "+{n}",
    show_all: "Show all {n} tiles of {train}",
    show_less: "Show fewer",
    play_here: "Play {tile} on {train}",
    your_tiles: "Your tiles ({n})",
    hand_of: "Tiles of {name}",
    your_turn_play: "Your turn: play a lit tile.",
    your_turn_pick: "{tile} fits several trains: tap the lit train.",
    cancel: "Cancel",
    forced_me: "{train} is double open: you must cover the double {d}-{d} there.",
    follow_me: "You played the double {d}-{d}: cover it on {train}.",
    forced_other: "{train} is double open: {name} must cover {d}-{d}.",
    follow_other: "{name} must cover the double {d}-{d} on {train}.",
    must_draw: "No tile fits: draw one.",
    must_pass: "Still nothing fits: pass (your train becomes open).",
    draw: "Draw a tile",
    pass: "Pass",
    waiting: "Waiting for {name}…",
    recent: "Moves this round",
    drew: "drew",
    passed: "passed",
    fresh: "just drawn",
    round_over: "Round {n} (engine {e}-{e})",
    went_out_head: "{name} went out",
    blocked_head: "Blocked: {name} had the lowest hand",
    blocked_tie_head: "Blocked: tie for the lowest hand, nobody scores",
    r_out_win: "went out: {list} = {p}",
    r_blocked_win: "lowest hand ({pips}): {list} = {p}",
    r_lost_to: "{pips} pips left, counted for {name}",
    r_tie: "{pips} pips left; tie for the lowest hand, nobody scores",
    r_pen_out: "went out: 0",
    r_pen_left: "{pips} pips left = {p}",
    r_pen_low: "lowest hand ({pips}) = {p}",
    pips_n: "{n} pips",
    empty_hand: "no tiles",
    winner_is: "{name} wins",
    you_win: "You win",
    tie_between: "Tie: {names}",
    totals: "Totals",
    by_round: "by round",
    total: "total",
    last_round: "Last round",
    and: " and ",
  },
  ja: {
    option_set: "ドミノのセット（ダブル6は2〜5人、ダブル9・ダブル12は2〜8人）",
    choice_set_null: "人数に合わせる（標準）",
    choice_set_6: "ダブル6（28枚）",
    choice_set_9: "ダブル9（55枚）",
    choice_set_12: "ダブル12（91枚）",
    option_scoring: "得点方式（上がり得点なら合計の多い人、失点なら少ない人が勝ち）",
    choice_scoring_winner_takes: "上がった人が残りの目を得点",
    choice_scoring_penalty: "各自の残りの目が失点",
    option_rounds: "ラウンド数（空欄 = フルゲーム: セットにより7・10・13）",
    option_hand_size: "配る枚数（空欄 = 標準の枚数）",
    tile: "{a}と{b}",
    round_n: "ラウンド {n}/{total}",
    engine: "エンジン",
    boneyard: "山 {n}枚",
    rule_high: "上がった人が他の人の残りの目を得点・合計の多い人が勝ち",
    rule_low: "各自の残りの目が失点・合計の少ない人が勝ち",
    mexican: "メキシカン",
    mexican_train: "メキシカントレイン",
    train_of: "{name}のトレイン",
    your_train: "あなたのトレイン",
    own_train: "自分のトレイン",
    tiles_n: "{n}枚",
    pts: "{n}点",
    open: "オープン",
    double_open: "ダブルオープン",
    open_help: "オープンのトレインには、持ち主が次に置くまで誰でも置けます。",
    open_end: "端は{n}",
    more: "+{n}",
    show_all: "{train}の{n}枚をすべて表示",
    show_less: "たたむ",
    play_here: "{tile}を{train}に置く",
    your_tiles: "あなたの手牌（{n}枚）",
    hand_of: "{name}の手牌",
    your_turn_play: "あなたの番です。光っている牌を置いてください。",
    your_turn_pick: "{tile}は複数のトレインに置けます。光っているトレインをタップ。",
    cancel: "やめる",
    forced_me: "{train}がダブルオープンです。そこに{d}-{d}を受ける牌を置いてください。",
    follow_me: "ダブル{d}-{d}を置きました。{train}に続けて受ける牌を置いてください。",
    forced_other: "{train}がダブルオープン: {name}は{d}-{d}を受けなければなりません。",
    follow_other: "{name}は{train}のダブル{d}-{d}を受けなければなりません。",
    must_draw: "置ける牌がありません。1枚引いてください。",
    must_pass: "まだ置けません。パスしてください（あなたのトレインがオープンになります）。",
    draw: "1枚引く",
    pass: "パス",
    waiting: "{name}を待っています…",
    recent: "このラウンドの手",
    drew: "引いた",
    passed: "パス",
    fresh: "引いた牌",
    round_over: "ラウンド{n}（エンジン {e}-{e}）",
    went_out_head: "{name}が上がり",
    blocked_head: "手詰まり: {name}の残りが最少",
    blocked_tie_head: "手詰まり: 最少が同点のため得点なし",
    r_out_win: "上がり: {list} = {p}点",
    r_blocked_win: "残り最少（{pips}）: {list} = {p}点",
    r_lost_to: "残り{pips}目は{name}の得点に",
    r_tie: "残り{pips}目、最少が同点のため得点なし",
    r_pen_out: "上がり: 0点",
    r_pen_left: "残り{pips}目 = {p}点",
    r_pen_low: "残り最少（{pips}）= {p}点",
    pips_n: "{n}目",
    empty_hand: "なし",
    winner_is: "{name}の勝ち",
    you_win: "あなたの勝ち",
    tie_between: "同点: {names}",
    totals: "合計",
    by_round: "ラウンド別",
    total: "合計",
    last_round: "最後のラウンド",
    and: "と",
  },
};

(function once() {
  if (typeof document === "undefined") return;
  window.__views = { ...(window.__views || {}), mexican_train: { STRINGS } };
  if (document.getElementById("mexican-train-css")) return;
  document.head.append(h("link", { id: "mexican-train-css", rel: "stylesheet", href: new URL("./mexican_train.css", import.meta.url).href }));
})();

// ---------------------------------------------------------------- domino faces (SVG)
const SVG_NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

// Pip positions in a unit square, per number (0-12); 10-12 use a 3 x 4 grid.
const PIPS = (() => {
  const L = 0.24, C = 0.5, R = 0.76, T = 0.24, M = 0.5, B = 0.76;
  const six = [[L, T], [L, M], [L, B], [R, T], [R, M], [R, B]];
  const ys = [0.17, 0.39, 0.61, 0.83];
  const X = [0.22, 0.5, 0.78];
  const sides = ys.flatMap((y) => [[X[0], y], [X[2], y]]);
  return {
    0: [], 1: [[C, M]], 2: [[L, T], [R, B]], 3: [[L, T], [C, M], [R, B]],
    4: [[L, T], [R, T], [L, B], [R, B]], 5: [[L, T], [R, T], [C, M], [L, B], [R, B]],
    6: six, 7: [...six, [C, M]], 8: [...six, [C, T], [C, B]],
    9: [...six, [C, T], [C, M], [C, B]],
    10: [...sides, [X[1], 0.28], [X[1], 0.72]],
    11: [...sides, [X[1], 0.2], [X[1], 0.5], [X[1], 0.8]],
    12: ys.flatMap((y) => X.map((x) => [x, y])),
  };
})();
const PIP_COLOURS = ["#000", "#0277bd", "#2e7d32", "#c62828", "#5d4037", "#283593", "#e65100",
  "#6a1b9a", "#00838f", "#ad1457", "#37474f", "#558b2f", "#4e342e"];

// One domino face: `a` on the top (vertical) or the left (horizontal).
function tileFace(a, b, vertical) {
  const w = vertical ? 100 : 200;
  const hgt = vertical ? 200 : 100;
  const root = svg("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "mt-face", "aria-hidden": "true", focusable: "false" });
  root.append(svg("rect", { x: 3, y: 3, width: w - 6, height: hgt - 6, rx: 14, class: "mt-body" }));
  root.append(vertical ? svg("line", { x1: 16, y1: 100, x2: 84, y2: 100, class: "mt-bar" })
    : svg("line", { x1: 100, y1: 16, x2: 100, y2: 84, class: "mt-bar" }));
  [a, b].forEach((n, half) => {
    const pts = PIPS[n] || [];
    const r = n >= 10 ? 7.5 : 9.5;
    for (const [px, py] of pts) {
      // Horizontal tiles turn the layout a quarter, as a real domino lying across.
      const [x, y] = vertical ? [px, py] : [py, px];
      const cx = (vertical ? 0 : half * 100) + 4 + x * 92;
      const cy = (vertical ? half * 100 : 0) + 4 + y * 92;
      root.append(svg("circle", { cx, cy, r, fill: PIP_COLOURS[n] || "#000" }));
    }
  });
  return root;
}

const pair = (code) => code.split("-").map(Number);

// ---------------------------------------------------------------- reading the view
function legalPlan(view) {
  const byTile = new Map();
  let draw = false;
  let pass = false;
  for (const action of view.legal_actions || []) {
    const [verb, ...args] = action.split(" ");
    if (verb === "play" && args.length === 2) {
      if (!byTile.has(args[0])) byTile.set(args[0], []);
      byTile.get(args[0]).push(args[1]);
    } else if (verb === "draw") draw = true;
    else if (verb === "pass") pass = true;
  }
  return { byTile, draw, pass };
}

function tileName(code, ui) {
  const [a, b] = pair(code);
  return ui.t("tile", { a, b });
}

function trainLabel(id, view, ui) {
  if (id === "m") return ui.t("mexican_train");
  if (Number(id) === ui.viewer) return ui.t("your_train");
  return ui.t("train_of", { name: ui.seatName(Number(id)) });
}

function names(list, ui) {
  const parts = list.map((s) => ui.seatName(s));
  if (parts.length <= 1) return parts.join("");
  return parts.slice(0, -1).join(", ") + ui.t("and") + parts[parts.length - 1];
}

// A drawn tile is marked until the hand changes again (the view does not say which tile it was).
const handMemory = { key: null, hand: [], fresh: null };
function freshTile(view, ui) {
  const key = `${ui.viewer}:${view.round}`;
  const hand = view.hand || [];
  if (handMemory.key !== key) {
    Object.assign(handMemory, { key, hand, fresh: null });
  } else if (hand.join() !== handMemory.hand.join()) {
    const added = hand.filter((c) => !handMemory.hand.includes(c));
    handMemory.fresh = added.length === 1 && hand.length === handMemory.hand.length + 1 ? added[0] : null;
    handMemory.hand = hand;
  }
  return handMemory.fresh;
}

// ---------------------------------------------------------------- table parts
function infoBar(view, ui) {
  const [e] = pair(view.engine_tile);
  return h("section", { class: "mt-info" },
    h("span", { class: "mt-round" }, ui.t("round_n", { n: view.round + 1, total: view.rounds })),
    h("span", { class: "mt-engine", role: "img", "aria-label": `${ui.t("engine")} ${tileName(view.engine_tile, ui)}` },
      h("span", { "aria-hidden": "true" }, ui.t("engine")), h("span", { class: "mt-tile mt-mini v" }, tileFace(e, e, true))),
    h("span", { class: "mt-bone", dataset: { boneyard: view.boneyard_count } }, ui.t("boneyard", { n: view.boneyard_count })),
    h("small", { class: "mt-rule" }, ui.t(view.options.scoring === "penalty" ? "rule_low" : "rule_high")));
}

const expanded = new Set();

function trainTile(code, extraClass = "") {
  const [a, b] = pair(code);
  const vertical = a === b; // doubles lie across the line
  return h("span", { class: `mt-tile mt-laid ${vertical ? "v" : "h"}${extraClass}`, dataset: { tile: code } }, tileFace(a, b, vertical));
}

function trainRow(train, view, ui, plan, selected) {
  const me = ui.viewer;
  const owner = train.owner;
  const isOpen = owner !== null && train.open;
  const stepTrain = view.step && view.step.kind !== "play" && view.step.train === train.id;
  const current = owner !== null && owner === view.current;
  const targets = selected ? plan.byTile.get(selected) || [] : [];
  const target = targets.includes(train.id);
  const isExpanded = expanded.has(train.id) && !target;
  const count = train.tiles.length;
  // Collapsed: the newest tiles only (four, or three and a "+N" button that shows the rest).
  const hidden = isExpanded || count <= 4 ? 0 : count - 3;
  const label = h("span", { class: "mt-label" },
    h("span", { class: "mt-name" }, owner === null ? ui.t("mexican") : ui.seatName(owner)),
    owner === null ? null : h("span", { class: "mt-meta" },
      h("span", { dataset: { handCount: owner } }, ui.t("tiles_n", { n: view.hand_counts[owner] })), " · ",
      h("b", { dataset: { score: owner } }, ui.t("pts", { n: view.scores[owner] }))),
    train.double_open ? h("span", { class: "mt-badge dbl" }, ui.t("double_open"))
      : isOpen ? h("span", { class: "mt-badge open", title: ui.t("open_help") }, ui.t("open")) : null);
  const tiles = h("span", { class: `mt-line${isExpanded ? " all" : ""}` });
  if (isExpanded) tiles.append(h("span", { class: "mt-tile mt-laid v engine" }, tileFace(view.engine, view.engine, true)));
  if (hidden) {
    const moreText = ui.t("more", { n: hidden });
    tiles.append(target ? h("span", { class: "mt-more" }, moreText)
      : h("button", { type: "button", class: "mt-more", "aria-label": ui.t("show_all", { n: count, train: trainLabel(train.id, view, ui) }),
        onclick: (ev) => { ev.stopPropagation(); expanded.add(train.id); ui.rerender(); } }, moreText));
  }
  train.tiles.slice(hidden).forEach((code, i, shown) => tiles.append(trainTile(code, i === shown.length - 1 ? " last" : "")));
  if (isExpanded && count > 4) {
    tiles.append(h("button", { type: "button", class: "mt-less", onclick: () => { expanded.delete(train.id); ui.rerender(); } }, ui.t("show_less")));
  }
  const end = h("span", { class: "mt-end", title: ui.t("open_end", { n: train.open_end }) }, String(train.open_end));
  const classes = ["mt-train", owner === null ? "mexican" : "personal", owner === me ? "mine" : "",
    isOpen ? "is-open" : "", train.double_open ? "is-double-open" : "", stepTrain ? "is-step" : "", current ? "current" : "",
    target ? "target lit" : "", isExpanded ? "expanded" : ""].filter(Boolean).join(" ");
  const aria = `${trainLabel(train.id, view, ui)}: ${train.tiles.map((c) => tileName(c, ui)).join(", ") || "—"}; ${ui.t("open_end", { n: train.open_end })}`
    + (train.double_open ? `; ${ui.t("double_open")}` : isOpen ? `; ${ui.t("open")}` : "");
  const data = { train: train.id, owner: owner ?? "", open: isOpen ? "1" : "0", end: train.open_end, count, tiles: train.tiles.join(",") };
  if (target) {
    return h("button", { type: "button", class: classes, dataset: data,
      "aria-label": ui.t("play_here", { tile: tileName(selected, ui), train: trainLabel(train.id, view, ui) }),
      onclick: () => ui.act(`play ${selected} ${train.id}`) }, label, tiles, end);
  }
  return h("div", { class: classes, dataset: data, role: "group", "aria-label": aria }, label, tiles, end);
}

function trainsEl(view, ui, plan, selected) {
  const n = view.players;
  const me = ui.viewer;
  const byId = Object.fromEntries(view.trains.map((t) => [t.id, t]));
  const order = [...Array(n).keys()].map((k) => String((me + k) % n));
  order.push("m");
  return h("section", { class: "mt-trains" }, order.filter((id) => byId[id]).map((id) => trainRow(byId[id], view, ui, plan, selected)));
}

function promptEl(view, ui, plan, selected) {
  const box = h("section", { class: "mt-prompt", role: "status" });
  if (view.phase === "over") return box;
  const step = view.step || {};
  const mine = view.legal_actions && view.legal_actions.length > 0;
  const d = step.train != null ? (byTrain(view, step.train) || {}).open_end : null;
  const trainName = step.train != null ? trainLabel(step.train, view, ui) : "";
  const name = ui.seatName(view.current);
  let text;
  if (mine) {
    const stepText = step.kind === "forced" ? ui.t("forced_me", { train: trainName, d })
      : step.kind === "follow" ? ui.t("follow_me", { train: trainName, d }) : "";
    if (selected) text = ui.t("your_turn_pick", { tile: tileName(selected, ui) });
    else if (!plan.byTile.size && plan.draw) text = [stepText, ui.t("must_draw")].filter(Boolean).join(ui.lang === "ja" ? "" : " ");
    else if (!plan.byTile.size && plan.pass) text = [stepText, ui.t("must_pass")].filter(Boolean).join(ui.lang === "ja" ? "" : " ");
    else text = stepText || ui.t("your_turn_play");
    if (stepText && !selected) box.classList.add("urgent");
  } else {
    if (step.kind === "forced") text = ui.t("forced_other", { train: trainName, name, d });
    else if (step.kind === "follow") text = ui.t("follow_other", { train: trainName, name, d });
    else text = ui.t("waiting", { name });
  }
  box.dataset.step = step.kind || "";
  box.append(h("p", { class: mine ? "mine" : "waiting" }, text));
  return box;
}

function byTrain(view, id) {
  return view.trains.find((t) => t.id === id);
}

function handSection(view, ui, plan, selected) {
  const hand = view.hand || [];
  const fresh = freshTile(view, ui);
  const row = h("div", { class: "mt-hand", role: "group", "aria-label": ui.t("your_tiles", { n: hand.length }) });
  for (const code of hand) {
    const [a, b] = pair(code);
    const targets = ui.canAct ? plan.byTile.get(code) || [] : [];
    const lit = targets.length > 0;
    const isSel = selected === code;
    const classes = `mt-tile mt-own v${lit ? " lit" : ""}${isSel ? " selected" : ""}${code === fresh ? " fresh" : ""}`;
    const label = tileName(code, ui) + (code === fresh ? ` (${ui.t("fresh")})` : "");
    if (ui.canAct) {
      row.append(h("button", {
        type: "button", class: classes, "aria-label": label, dataset: { tile: code, targets: targets.join(",") },
        disabled: lit ? null : true, "aria-pressed": targets.length > 1 ? String(isSel) : null,
        onclick: () => {
          if (targets.length === 1) return ui.act(`play ${code} ${targets[0]}`);
          const was = ui.selection.has(code);
          ui.selection.clear();
          if (!was) ui.selection.add(code);
          ui.rerender();
        },
      }, tileFace(a, b, true)));
    } else {
      row.append(h("span", { class: classes, role: "img", "aria-label": label, dataset: { tile: code } }, tileFace(a, b, true)));
    }
  }
  const bar = h("div", { class: "actions mt-actions" });
  if (ui.canAct && plan.draw) bar.append(h("button", { type: "button", class: "primary", dataset: { action: "draw" }, onclick: () => ui.act("draw") }, ui.t("draw")));
  if (ui.canAct && plan.pass) bar.append(h("button", { type: "button", class: "primary", dataset: { action: "pass" }, onclick: () => ui.act("pass") }, ui.t("pass")));
  if (selected) bar.append(h("button", { type: "button", class: "mt-cancel", onclick: () => { ui.selection.clear(); ui.rerender(); } }, ui.t("cancel")));
  return h("section", { class: "mt-hand-box" },
    h("div", { class: "mt-hand-title" }, ui.t("your_tiles", { n: hand.length })), row, bar);
}

function actionText(action, seat, view, ui) {
  const [verb, ...args] = action.split(" ");
  if (verb === "draw") return h("span", { class: "mt-act" }, ui.t("drew"));
  if (verb === "pass") return h("span", { class: "mt-act passed" }, ui.t("passed"));
  const [tile, train] = args;
  const where = train === "m" ? ui.t("mexican") : train === String(seat) ? ui.t("own_train") : trainLabel(train, view, ui);
  return h("span", { class: "mt-act" }, h("b", { "aria-label": tileName(tile, ui) }, tile), ` → ${where}`);
}

function recentEl(view, ui) {
  if (!view.recent || !view.recent.length || view.phase === "over") return null;
  return h("section", { class: "mt-recent" },
    h("div", { class: "mt-recent-title" }, ui.t("recent")),
    h("ol", {}, view.recent.map(([seat, ...actions]) => h("li", { dataset: { seat } },
      h("span", { class: "who" }, `${ui.seatName(seat)}: `),
      actions.flatMap((a, i) => (i ? [", ", actionText(a, seat, view, ui)] : [actionText(a, seat, view, ui)]))))));
}

// ---------------------------------------------------------------- a finished round, explained
function reasonText(lr, seat, view, ui) {
  const s = lr.scores[seat];
  const pips = lr.pips[seat];
  const others = lr.pips.map((p, o) => [o, p]).filter(([o]) => o !== seat);
  const list = others.map(([o, p]) => `${ui.seatName(o)} ${p}`).join(" + ");
  if (view.options.scoring === "penalty") {
    if (lr.end === "out" && lr.winner === seat) return ui.t("r_pen_out");
    if (lr.end === "blocked" && lr.winner === seat) return ui.t("r_pen_low", { pips, p: s.points });
    return ui.t("r_pen_left", { pips, p: s.points });
  }
  if (lr.winner === seat) return ui.t(lr.end === "out" ? "r_out_win" : "r_blocked_win", { list, pips, p: s.points });
  if (lr.winner === null) return ui.t("r_tie", { pips });
  return ui.t("r_lost_to", { pips, name: ui.seatName(lr.winner) });
}

function roundHeadline(lr, ui) {
  if (lr.end === "out") return ui.t("went_out_head", { name: ui.seatName(lr.winner) });
  if (lr.winner === null) return ui.t("blocked_tie_head");
  return ui.t("blocked_head", { name: ui.seatName(lr.winner) });
}

function roundBreakdown(lr, view, ui) {
  return h("ul", { class: "mt-breakdown" }, lr.scores.map((s) => h("li", {
    class: lr.winner === s.seat ? "winner" : "",
    dataset: { seat: s.seat, points: s.points, pips: lr.pips[s.seat], reasons: s.reasons.join(" | ") },
  },
  h("div", { class: "mt-bd-head" },
    h("b", { class: "mt-bd-name" }, ui.seatName(s.seat)),
    h("span", { class: "mt-bd-hand" },
      lr.hands[s.seat].length
        ? lr.hands[s.seat].map(([a, b]) => h("span", { class: "mt-tile mt-mini v", role: "img", "aria-label": ui.t("tile", { a, b }) }, tileFace(a, b, true)))
        : h("span", { class: "mt-none" }, ui.t("empty_hand"))),
    h("span", { class: "mt-bd-points" }, `+${s.points}`)),
  h("div", { class: "mt-reason" }, reasonText(lr, s.seat, view, ui)))));
}

const roundPanelOpen = new Map();
function lastRoundPanel(view, ui) {
  const lr = view.last_round;
  if (!lr || view.phase === "over") return null;
  const key = `${lr.round}:${lr.pips.join(",")}`;
  const panel = h("details", { class: "mt-last-round", dataset: { round: lr.round, end: lr.end, winner: lr.winner ?? "none" } },
    h("summary", {}, h("b", {}, ui.t("round_over", { n: lr.round + 1, e: lr.engine })), " ", roundHeadline(lr, ui)),
    roundBreakdown(lr, view, ui));
  // Open while the viewer has not yet played in the new round; after that as the player left it.
  const byDefault = !view.recent.some(([seat]) => seat === ui.viewer);
  panel.open = roundPanelOpen.get(key) ?? byDefault;
  panel.addEventListener("toggle", () => {
    if (panel.open === byDefault) roundPanelOpen.delete(key);
    else roundPanelOpen.set(key, panel.open);
  });
  return panel;
}

// ---------------------------------------------------------------- the view's two entry points
export function render(view, ui) {
  const plan = legalPlan(view);
  const chosen = [...ui.selection].find((c) => (plan.byTile.get(c) || []).length > 1);
  const selected = ui.canAct && chosen ? chosen : null;
  return h("div", { class: "table mt", dataset: { phase: view.phase, round: view.round, current: view.current ?? "" } },
    infoBar(view, ui),
    lastRoundPanel(view, ui),
    trainsEl(view, ui, plan, selected),
    promptEl(view, ui, plan, selected),
    handSection(view, ui, plan, selected),
    recentEl(view, ui));
}

export function renderResult(view, ui) {
  const r = view.result;
  const lr = view.last_round;
  const n = view.players;
  const seats = [...Array(n).keys()];
  const head = r.winner !== null ? (ui.mode !== "hotseat" && r.winner === ui.viewer ? ui.t("you_win") : ui.t("winner_is", { name: ui.seatName(r.winner) }))
    : ui.t("tie_between", { names: names(r.winners, ui) });
  const rows = seats.map((s) => h("tr", { class: r.winners.includes(s) ? "best" : "", dataset: { seat: s, total: r.scores[s] } },
    h("th", { scope: "row" }, ui.seatName(s)),
    h("td", { class: "by-round" }, r.round_scores.map((rs) => rs[s]).join(" · ")),
    h("td", { class: "total" }, String(r.scores[s]))));
  return h("div", {
    class: "score mt-result",
    dataset: {
      winner: r.winner ?? "none", winners: r.winners.join(","), scores: r.scores.join(","),
      roundScores: r.round_scores.map((x) => x.join(",")).join(";"),
      roundWinners: r.round_winners.map((w) => w ?? "none").join(","),
      end: lr ? lr.end : "",
    },
  },
  h("h2", {}, head),
  h("p", { class: "mt-rule" }, ui.t(view.options.scoring === "penalty" ? "rule_low" : "rule_high")),
  h("table", { class: "mt-totals" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, ui.t("by_round")), h("th", {}, ui.t("total")))),
    h("tbody", {}, rows)),
  lr ? h("div", { class: "mt-final-round", dataset: { round: lr.round } },
    h("h3", {}, ui.t("round_over", { n: lr.round + 1, e: lr.engine }), " — ", roundHeadline(lr, ui)),
    roundBreakdown(lr, view, ui)) : null);
}
