// Labels in Japanese and English. The language comes from ?lang=, then the saved choice, then
// the browser's language. Game-specific strings live with each game's view (views/<slug>.js).
const STRINGS = {
  en: {
    app_title: "Tabletop",
    tagline: "Traditional card and domino games, with computer opponents, offline.",
    coming: "coming",
    play: "Play",
    players: "Players",
    mode: "Mode",
    mode_bot: "Against the computer",
    mode_hotseat: "Pass and play (one phone)",
    start: "Start",
    back: "Games",
    new_game: "New game",
    play_again: "Play again",
    loading: "Starting the engine…",
    engine_failed: "The game engine could not start: ",
    you: "You",
    computer: "Computer",
    player_n: "Player {n}",
    pass_to: "Pass the phone to {name}",
    pass_hint: "Only {name} should look at the next screen.",
    ready: "I'm {name}: show my hand",
    your_turn: "Your turn",
    waiting_for: "Waiting for {name}…",
    thinking: "{name} is thinking…",
    refused: "Not allowed: ",
    new_deal: "New deal",
    suggest: "Suggest a move",
    suggest_busy: "Thinking…",
    suggested: "Suggestion: {move}",
    daily_deal: "Today's deal ({date})",
    daily_deal_is: "The link is the daily deal of {date}.",
    shared_deal_is: "The link is a shared deal (no. {seed}).",
    deal_choice_help: "You have a game of this in progress. Playing the linked deal replaces it.",
    play_that_deal: "Play the linked deal",
    continue_mine: "Continue my game",
    deal_seed: "Deal no. {seed}",
    deal_tools: "Deal",
    undo: "Undo",
    redo: "Redo",
    share_deal: "Share deal",
    link_copied: "Link to this deal copied: {link}",
    link_is: "Link to this deal: {link}",
    save_broken: "The saved game could not be restored ({reason}). A new game was started.",
    settings_broken: "Unknown setting in the link ({reason}); the defaults are used.",
    confirm: "Confirm",
    clear: "Clear",
    selected: "{n} selected",
    last_trick: "Last trick",
    hide: "Hide",
    tricks: "Tricks",
    cards_left: "{n} cards",
    game_over: "Game over",
    winner_is: "Winner: {name}",
    level: "Computer strength",
    level_random: "Random (any legal move)",
    level_strong: "Strong",
    level_easy: "Easy",
    level_normal: "Normal",
    draw: "Draw",
    points: "Points",
    option_games: "Games in the match",
    language: "日本語",
    rules_link: "Rules",
    close: "Close",
    game_n: "Game {n} of {total}",
    match_points: "Match points",
    players_n: "{n} players",
    embed_page: "Embed a game in your article",
    embed_help: "Paste a snippet into your article's HTML. The game fits the width it is given and grows to its height; each game keeps its own saved game.",
    storage_blocked: "This browser keeps no data for an embedded game: your game lasts while this page is open.",
    open_full: "Open the game ↗",
    rules_missing: "the rules page is not available yet",
    original_article: "The original article",
    replay: "Replay",
    replay_missing: "no replay named {name}",
    replay_first: "first move", replay_prev: "previous move", replay_next: "next move", replay_last: "last move",
    replay_start: "The deal, before the first move.",
    replay_hands: "Every player's cards",
    four_colour: "Four-colour deck (♦ blue, ♣ green)",
    default_value: "default",
    copy: "Copy",
    copied: "Copied",
    preview: "Preview",
  },
  ja: {
    app_title: "Tabletop",
    tagline: "伝統的なカードゲームとドミノを、コンピュータ相手に、オフラインでも。",
    coming: "準備中",
    play: "遊ぶ",
    players: "人数",
    mode: "モード",
    mode_bot: "コンピュータと対戦",
    mode_hotseat: "1台の端末を回して対戦",
    start: "開始",
    back: "ゲーム一覧",
    new_game: "新しいゲーム",
    play_again: "もう一度遊ぶ",
    loading: "エンジンを起動しています…",
    engine_failed: "ゲームエンジンを起動できませんでした: ",
    you: "あなた",
    computer: "コンピュータ",
    player_n: "プレイヤー{n}",
    pass_to: "{name}に端末を渡してください",
    pass_hint: "次の画面は{name}だけが見てください。",
    ready: "{name}です: 手札を見る",
    your_turn: "あなたの番です",
    waiting_for: "{name}を待っています…",
    thinking: "{name}が考えています…",
    refused: "できません: ",
    new_deal: "新しい配札",
    suggest: "おすすめの手",
    suggest_busy: "考え中…",
    suggested: "おすすめ: {move}",
    daily_deal: "今日の配札（{date}）",
    daily_deal_is: "このリンクは {date} の「今日の配札」です。",
    shared_deal_is: "このリンクは共有された配札（No. {seed}）です。",
    deal_choice_help: "このゲームの続きが保存されています。リンクの配札を遊ぶと、続きは消えます。",
    play_that_deal: "リンクの配札を遊ぶ",
    continue_mine: "自分の続きを遊ぶ",
    deal_seed: "配札 No. {seed}",
    deal_tools: "配札",
    undo: "戻す",
    redo: "やり直す",
    share_deal: "配札を共有",
    link_copied: "この配札のリンクをコピーしました: {link}",
    link_is: "この配札のリンク: {link}",
    save_broken: "保存されたゲームを復元できませんでした（{reason}）。新しいゲームを始めました。",
    settings_broken: "リンクの設定が不正です（{reason}）。既定の設定を使います。",
    confirm: "決定",
    clear: "選び直す",
    selected: "{n}枚選択中",
    last_trick: "直前のトリック",
    hide: "閉じる",
    tricks: "トリック",
    cards_left: "{n}枚",
    game_over: "ゲーム終了",
    winner_is: "勝者: {name}",
    level: "コンピュータの強さ",
    level_random: "ランダム",
    level_strong: "強い",
    level_easy: "やさしい",
    level_normal: "ふつう",
    draw: "引き分け",
    points: "得点",
    option_games: "マッチのゲーム数",
    language: "English",
    rules_link: "ルール",
    close: "閉じる",
    game_n: "第{n}ゲーム（全{total}ゲーム）",
    match_points: "マッチ得点",
    players_n: "{n}人",
    embed_page: "記事にゲームを埋め込む",
    embed_help: "コードを記事のHTMLに貼り付けてください。ゲームは与えられた幅に合わせ、高さは内容に合わせて伸びます。ゲームごとに別々に保存されます。",
    storage_blocked: "このブラウザは埋め込まれたゲームのデータを保存しません。ゲームはこのページを開いている間だけ続きます。",
    open_full: "ゲームを開く ↗",
    rules_missing: "ルールのページはまだありません",
    original_article: "元の記事",
    replay: "リプレイ",
    replay_missing: "{name}というリプレイはありません",
    replay_first: "最初へ", replay_prev: "1手戻る", replay_next: "1手進む", replay_last: "最後へ",
    replay_start: "配られた直後、最初の手の前です。",
    replay_hands: "全員の手札",
    four_colour: "4色デッキ（♦は青、♣は緑）",
    default_value: "既定",
    copy: "コピー",
    copied: "コピーしました",
    preview: "プレビュー",
  },
};

const TITLES = {
  mas_menos: { en: "Más-Menos", ja: "マス・メノス" },
  mate: { en: "Mate", ja: "マテ" },
  mustamaija: { en: "Mustamaija", ja: "ムスタマイヤ" },
  tuppi: { en: "Tuppi", ja: "トゥッピ" },
  slobberhannes: { en: "Slobberhannes", ja: "スロバーハンネス" },
  hold_my_beer: { en: "Hold My Beer", ja: "ホールド・マイ・ビア" },
  chiryaku_akuryaku: { en: "Chiryaku Akuryaku", ja: "知略悪略" },
  stop_the_bus: { en: "Stop the Bus", ja: "ストップ・ザ・バス" },
  ribs: { en: "Ribs", ja: "リブス" },
  four_thrones: { en: "4 Thrones", ja: "4つの玉座" },
  gridcannon: { en: "Gridcannon", ja: "グリッドキャノン" },
  mexican_train: { en: "Mexican Train", ja: "メキシカントレイン" },
};

const LANGS = ["ja", "en"];
let lang = "en";

export function chooseLanguage(params, storage) {
  const asked = params.get("lang");
  if (LANGS.includes(asked)) lang = asked;
  else {
    let saved = null;
    try { saved = storage.getItem("tabletop:lang"); } catch { /* storage may be blocked in an iframe */ }
    if (LANGS.includes(saved)) lang = saved;
    else lang = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
  }
  document.documentElement.lang = lang;
  return lang;
}

export function setLanguage(value, storage) {
  lang = LANGS.includes(value) ? value : "en";
  try { storage.setItem("tabletop:lang", lang); } catch { /* ignore */ }
  document.documentElement.lang = lang;
}

export function currentLanguage() {
  return lang;
}

// t("key", {n: 2}) -> text in the current language; `extra` adds a view's own strings.
export function t(key, params = {}, extra = null) {
  const table = (extra && extra[lang]) || {};
  let text = table[key] ?? STRINGS[lang][key] ?? (extra && extra.en && extra.en[key]) ?? STRINGS.en[key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, value);
  return text;
}

export function gameTitle(slug) {
  return (TITLES[slug] && TITLES[slug][lang]) || slug;
}

export const SLUGS = Object.keys(TITLES);
