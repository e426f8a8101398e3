// Every kind of call the app makes to the engine worker, for every game: an expression of an
// async function (call, plan) run in a page by py/tools/record_stdlib.py (to record the standard
// library modules the app imports) and by tests/browser/test_runtime.py (to check that the
// trimmed standard library still serves all of it). `call(name, ...args)` is the app's own
// (window.tabletop.call): it sends the arguments to the worker and parses the JSON answer.
//
// plan = {games: [catalog entries], seed, moves (moves to play per game; a large number: to the
//         end), movesFor ({slug: moves}, optional), replays: [log texts], probes (positions at
//         which every level moves, a hint is asked and an illegal move is refused)}
// Returns {games: {slug: {...}}, failures: [text]}: a failure is a call that did not answer as
// the app expects (a refusal where it must answer, an answer where it must refuse, a throw).
async (call, plan) => {
  const failures = [];
  const fail = (text) => {
    failures.push(text);
  };
  const mustAnswer = async (what, name, ...args) => {
    let got;
    try {
      got = await call(name, ...args);
    } catch (err) {
      fail(`${what}: ${name} threw ${err}`);
      return null;
    }
    if (!got || !got.ok) fail(`${what}: ${name} refused: ${JSON.stringify(got)}`);
    return got && got.ok ? got : null;
  };
  const mustRefuse = async (what, name, ...args) => {
    let got;
    try {
      got = await call(name, ...args);
    } catch (err) {
      fail(`${what}: ${name} threw ${err}`);
      return;
    }
    if (!got || got.ok !== false || typeof got.error !== "string")
      fail(`${what}: ${name} should refuse: ${JSON.stringify(got)}`);
  };
  const report = {};
  for (const game of plan.games) {
    const slug = game.slug;
    const out = (report[slug] = {
      moves: 0,
      over: false,
      levels: {},
      hint: null,
      analysis: null,
      truth: null,
      undo: null,
      replay: null,
    });
    // Every player count's table, and every choice of every option (a refusal of an impossible
    // combination is an answer too: it is the engine's reason, not an error).
    for (let players = game.min_players; players <= game.max_players; players++) {
      const got = await mustAnswer(
        `${slug} ${players} players`,
        "load",
        JSON.stringify({ game: slug, players, options: {}, seed: plan.seed, actions: [] }),
      );
      if (got) await mustAnswer(`${slug} ${players} players`, "view", got.to_move[0] ?? 0);
    }
    for (const option of game.options) {
      for (const choice of option.kind === "choice"
        ? option.choices
        : option.kind === "bool"
          ? [true, false]
          : []) {
        try {
          await call(
            "load",
            JSON.stringify({
              game: slug,
              players: game.default_players,
              options: { [option.key]: choice },
              seed: plan.seed,
              actions: [],
            }),
          );
        } catch (err) {
          fail(`${slug} option ${option.key}=${choice}: load threw ${err}`);
        }
      }
    }
    // One game at the defaults: the computer's random choice for every seat, the other levels
    // and the hint asked at the probe positions.
    const log = {
      game: slug,
      players: game.default_players,
      options: {},
      seed: plan.seed,
      actions: [],
    };
    let status = await mustAnswer(`${slug} new game`, "load", JSON.stringify(log));
    const moves = plan.movesFor?.[slug] ?? plan.moves;
    while (status && !status.over && out.moves < moves) {
      const seat = status.to_move[0];
      const seen = await mustAnswer(`${slug} move ${out.moves}`, "view", seat);
      if (!seen) break;
      if (plan.probes.includes(out.moves)) {
        for (const level of game.levels) {
          const got = await mustAnswer(`${slug} ${level} bot`, "bot_action", seat, level, 7);
          if (got && !seen.view.legal_actions.includes(got.action))
            fail(`${slug} ${level} bot chose ${got.action}, not a legal action`);
          if (got) out.levels[level] = got.action;
        }
        const hint = await call("hint", seat); // games without hints say so: also an answer
        out.hint = out.hint || (hint.ok ? hint.actions : null);
        await mustRefuse(`${slug} illegal move`, "act", seat, "no-such-move");
      }
      // Every other move in one call (the computer's move chosen and applied, with the view),
      // the others chosen and then applied as a person's tap is.
      if (out.moves % 2) {
        status = await mustAnswer(
          `${slug} move ${out.moves}`,
          "bot_move",
          seat,
          "random",
          out.moves,
          seat,
        );
        if (!status) break;
        log.actions.push([seat, status.action]);
      } else {
        const chosen = await mustAnswer(
          `${slug} move ${out.moves}`,
          "bot_action",
          seat,
          "random",
          out.moves,
        );
        if (!chosen) break;
        status = await mustAnswer(`${slug} move ${out.moves}`, "act", seat, chosen.action, seat);
        log.actions.push([seat, chosen.action]);
      }
      out.moves += 1;
    }
    out.over = !!(status && status.over);
    await mustAnswer(`${slug} observer view`, "view", -1);
    // After the game (or the moves played): analysis, truth, undo, a replay of the log.
    const analysis = await call("analysis");
    out.analysis = analysis.ok;
    if (analysis.ok) await mustAnswer(`${slug} analysis of deal 1`, "analysis", 1);
    if (game.max_players === 1) {
      if (out.over)
        out.truth = (await mustAnswer(`${slug} truth`, "truth"))?.truth?.winnable ?? null;
      if (log.actions.length) out.undo = !!(await mustAnswer(`${slug} undo`, "undo"));
    } else {
      await mustRefuse(`${slug} undo against others`, "undo");
    }
    // The daily deal's log, and the duplicate comparison of the game just played.
    await mustAnswer(`${slug} daily deal`, "daily_log", slug, "2026-11-24");
    if (out.over && game.default_players > 1)
      await mustAnswer(`${slug} duplicate`, "duplicate", 0, "random");
    const opened = await mustAnswer(`${slug} replay`, "replay_open", JSON.stringify(log));
    if (opened) {
      await mustAnswer(`${slug} replay start`, "replay_step", 0);
      const last = await mustAnswer(`${slug} replay end`, "replay_step", opened.steps);
      out.replay = last ? last.steps : null;
    }
    await mustAnswer(`${slug} playouts`, "bench_playouts", slug, 2, 1);
  }
  // The shipped replays (one with an explicit deal), refusals and errors of every kind.
  for (const text of plan.replays) {
    const opened = await mustAnswer("shipped replay", "replay_open", text);
    if (opened)
      for (let step = 0; step <= opened.steps; step++)
        await mustAnswer("shipped replay step", "replay_step", step);
  }
  await mustRefuse("bad JSON", "load", "{not json");
  await mustRefuse("not an object", "load", "[]");
  await mustRefuse(
    "unknown game",
    "load",
    JSON.stringify({ game: "no_such_game", players: 2, options: {}, seed: 1, actions: [] }),
  );
  await mustRefuse(
    "bad option",
    "load",
    JSON.stringify({
      game: plan.games[0].slug,
      players: 2,
      options: { no_such_option: 1 },
      seed: 1,
      actions: [],
    }),
  );
  await mustRefuse("bad replay", "replay_open", "{not json");
  await mustRefuse("no seat", "bot_action", 99, "normal", 1);
  await mustAnswer("loaded games", "loaded_games");
  // A call with an argument of the wrong kind: the protocol answers with a code (nothing throws
  // across the worker boundary any more; tabletop.protocol).
  const bad = await call("act", "not-a-seat", "x").catch((err) => ({ threw: String(err) }));
  if (!bad || bad.ok !== false || bad.code !== "call_bad_argument") {
    fail(`act with a bad seat should be refused with call_bad_argument: ${JSON.stringify(bad)}`);
  }
  return { games: report, failures };
}
