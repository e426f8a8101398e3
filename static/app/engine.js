// The one way to reach the engine: py/worker.py in the PyScript worker tag of index.html.
// Calls run one at a time, in order; every answer is parsed JSON.
//
//   call(name, ...args)                  any worker export (hint, truth, replay_step ...)
//   game.load(log, viewer)               -> {ok, over, to_move, players, moves, log, view}
//   game.act(seat, action, viewer)       -> the same after the move, or {ok: false, error, code, params}
//   game.botMove(seat, level, seed, viewer) -> {ok, action, ...as act}: the computer chooses AND plays
//   game.undo(viewer)                    -> {ok, undone, ...as act} (one-player games)
//   game.view(seat)                      -> {ok, view}
// Python owns the action log: every answer carries it, and the app keeps the latest copy to save.
// One round trip per tap and one per computer move. Until the worker speaks that API (act answers
// without `view`), a thin adapter below makes the same answers from the older calls.

let ready = null;
export function engine() {
  if (!ready) {
    const tag = document.querySelector('script[type="py"][worker]');
    ready = (async () => {
      while (!tag.xworker) await new Promise((r) => setTimeout(r, 5));
      await tag.xworker.ready;
      return tag.xworker.sync;
    })();
  }
  return ready;
}

let queue = Promise.resolve();
export function call(name, ...args) {
  const run = queue.then(async () => JSON.parse(await (await engine())[name](...args)));
  queue = run.catch(() => {});
  return run;
}

// ---------------------------------------------------------------- the older worker API
// act/load answer only {ok, over, to_move, players}; the view is a second call and the log is
// kept here. Chosen once, when a load answers without a view.
let roundTrip = null; // null: not known yet; true: the one-round-trip API; false: the adapter
let log = null;

const clone = (x) => JSON.parse(JSON.stringify(x));
// The older worker's refusals carry no code: word them as the engine's English reason.
const refused = (res) => (res.ok || res.code ? res : { ...res, code: "engine_refused", params: { reason: res.error } });

async function withView(res, viewer) {
  if (!res.ok) return refused(res);
  const got = await call("view", viewer);
  if (!got.ok) return refused(got);
  const known = res.log || (roundTrip ? null : log);
  return { ...(known ? { moves: known.actions.length, log: clone(known) } : {}), ...res, view: got.view };
}

// Moves wait for the load in progress: which API the worker speaks is known once it answers.
let loading = Promise.resolve();

export const game = {
  load(logObject, viewer) {
    loading = this.loadNow(logObject, viewer);
    return loading;
  },
  async loadNow(logObject, viewer) {
    const text = JSON.stringify(logObject);
    if (roundTrip !== false) {
      let res;
      try {
        res = await call("load", text, viewer);
      } catch { // the older worker takes one argument
        roundTrip = false;
      }
      if (res && "view" in res) { roundTrip = true; return res; }
      if (res && !res.ok) return refused(res);
      if (res) roundTrip = false;
    }
    const res = await call("load", text);
    if (res.ok) log = clone(logObject);
    return withView(res, viewer);
  },
  async act(seat, action, viewer) {
    await loading.catch(() => {});
    if (roundTrip) return call("act", seat, action, viewer);
    const res = await call("act", seat, action);
    if (res.ok) log.actions.push([seat, action]);
    return withView(res, viewer);
  },
  async botMove(seat, level, seed, viewer) {
    await loading.catch(() => {});
    if (roundTrip) return call("bot_move", seat, level, seed, viewer);
    const chosen = await call("bot_action", seat, level, seed);
    if (!chosen.ok) return refused(chosen);
    return { ...(await game.act(seat, chosen.action, viewer)), action: chosen.action };
  },
  async undo(viewer) {
    await loading.catch(() => {});
    const res = roundTrip ? await call("undo", viewer) : await call("undo");
    if (res.ok && !res.log && !roundTrip) log.actions.pop();
    return res.ok && res.view ? res : withView(res, viewer);
  },
  view: (seat) => call("view", seat),
};
