// @ts-check
// Pace: how fast the computer plays and how cards move, so a person can follow the table.
//
//   SPEEDS                       slow / normal / fast / instant (the player's setting)
//   makePace(speedName, botdelay)  -> {name, action(factor), hold, travel}
//       action(factor): ms before a computer action, jittered ±20% so it feels like a person
//       (normal: 0.6-0.9 s); a view's botDelayFactor(view) multiplies it (e.g. Más-Menos's
//       discards: the computer takes a person's time before its first decision of a deal).
//       hold: ms a finished trick stays before the computer leads over it (normal: 1.2 s).
//       travel: ms a card takes from its seat to the table (0: no animation).
//       ?botdelay=N (tests, in ms) fixes the action delay at N with no jitter; 0 is instant.
//   snapshot(root) / travel(root, before, ms)
//       before a redraw, where every token and seat anchor is; after it, cards newly on the
//       table ([data-travel]) fly there from where their token was (the hand) or from their
//       seat's chip (Web Animations). Nothing moves under prefers-reduced-motion.
export const SPEEDS = {
  slow: { action: 1400, hold: 2000, travel: 420 },
  normal: { action: 750, hold: 1200, travel: 300 },
  fast: { action: 350, hold: 600, travel: 180 },
  instant: { action: 0, hold: 0, travel: 0 },
};
export const SPEED_NAMES = Object.keys(SPEEDS);

export function makePace(speedName, botdelay = null) {
  if (botdelay !== null) {
    const n = botdelay;
    return {
      name: n === 0 ? "instant" : "fixed",
      action: (factor = 1) => n * factor,
      hold: n ? Math.round(n * 1.6) : 0,
      travel: n ? Math.min(300, n / 2) : 0,
    };
  }
  const name = SPEEDS[speedName] ? speedName : "normal";
  const s = SPEEDS[name];
  return {
    name,
    action: (factor = 1) => s.action * factor * (0.8 + 0.4 * Math.random()),
    hold: s.hold,
    travel: s.travel,
  };
}

const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export function snapshot(root) {
  const tokens = new Map();
  const onTable = new Set();
  const seats = new Map();
  for (const el of root.querySelectorAll("[data-token]"))
    if (!tokens.has(el.dataset.token)) tokens.set(el.dataset.token, el.getBoundingClientRect());
  for (const el of root.querySelectorAll("[data-travel]")) onTable.add(el.dataset.travel);
  for (const el of root.querySelectorAll("[data-seat-anchor]"))
    seats.set(el.dataset.seatAnchor, el.getBoundingClientRect());
  return { tokens, onTable, seats };
}

export function travel(root, before, ms) {
  if (!before || !ms || reducedMotion()) return;
  for (const el of root.querySelectorAll("[data-travel]")) {
    const token = el.dataset.travel;
    if (before.onTable.has(token)) continue;
    const from = before.tokens.get(token) || before.seats.get(el.dataset.seat);
    if (!from) continue;
    const to = el.getBoundingClientRect();
    // The flight starts at the card's old place, but never past the screen's side edges: a card
    // tapped at the end of a phone's hand would otherwise make the page wider for the flight's
    // duration (a sideways jolt; the phone tests measure it). The edge is the layout's
    // (clientWidth: without a vertical scrollbar, where a desktop shows one).
    const edge = document.documentElement.clientWidth || window.innerWidth;
    const half = ((el.offsetWidth || to.width) * 0.7) / 2 + 1;
    const startX = Math.min(Math.max(from.left + from.width / 2, half), edge - half);
    const dx = startX - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) + Math.abs(dy) < 4) continue;
    // The flight composes with the card's own transform (a view may place a card with one, as
    // Tuppi's trick does with translateX(-50%)): replacing it would shift the whole flight by it
    // (seen: 20 px, past a phone's edge) and snap the card back when the flight ends.
    const own = getComputedStyle(el).transform;
    const rest = own && own !== "none" ? own : "";
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) ${rest} scale(.7)`, opacity: 0.6 },
        { transform: rest || "none", opacity: 1 },
      ],
      { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
}
