// @ts-check
// Queries about a position (hint, truth, analysis, a suggestion), asked once per position and kept.
//
//   const queries = makeQueries(call, redraw)    the shell makes one; views use ui.query
//   ui.query(name, ...args) -> {busy, result}    starts the engine call the first time this
//       position asks it; result is the engine's answer ({ok, ...}) once it lands, and the table
//       is redrawn then (only if it still shows that position). A failed call becomes
//       {ok: false, error}. The position is the game, deal and number of moves, so a move, an
//       undo or a new game asks afresh; the last 16 answers are kept.
export function makeQueries(call, redraw) {
  const cache = new Map();
  let position = null;
  return {
    at(key) {
      position = key;
    },
    get(name, args = []) {
      const key = `${position}|${name}|${JSON.stringify(args)}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = { busy: true, result: null };
        cache.set(key, entry);
        while (cache.size > 16) cache.delete(cache.keys().next().value);
        const asked = position;
        Promise.resolve()
          .then(() => call(name, ...args))
          .then(
            (r) => r,
            (err) => ({ ok: false, error: String(err) }),
          )
          .then((r) => {
            entry.busy = false;
            entry.result = r;
            if (position === asked) redraw();
          });
      }
      return entry;
    },
    peek(name, args = []) {
      return cache.get(`${position}|${name}|${JSON.stringify(args)}`) || null;
    },
  };
}
