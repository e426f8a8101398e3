// Tabletop embed helper for articles: starts each game as the reader comes near it, and makes
// every Tabletop iframe on the page as tall as its table.
//   <iframe data-src="YOUR-SITE/tabletop/?game=mas_menos&embed=1" data-tabletop
//           style="width:100%;border:0" height="640" title="Más-Menos"></iframe>
//   <script src="YOUR-SITE/tabletop/static/embed.js" async></script>
// A game given as data-src starts (fetches and boots its runtime) only once the article has
// loaded, its own text and pictures first, and only when it is within one screen of the
// viewport: a game one screen below the fold is ready by the time the reader scrolls to it, and
// one further down costs nothing until the reader heads there. An iframe with a plain src (the
// earlier snippet) is left as it is.
(() => {
  if (window.__tabletopEmbed) return;
  window.__tabletopEmbed = true;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.type !== "tabletop:height" || !Number.isFinite(data.height)) return;
    for (const frame of document.querySelectorAll("iframe[data-tabletop]")) {
      if (frame.contentWindow !== event.source) continue;
      // Only a frame that really shows Tabletop from that origin may resize itself.
      if (new URL(frame.src, location.href).origin !== event.origin) return;
      frame.style.height = `${Math.max(200, Math.min(4000, Math.round(data.height)))}px`;
    }
  });

  const start = (frame) => {
    if (!frame.getAttribute("src") && frame.dataset.src) frame.src = frame.dataset.src;
  };
  const watch = () => {
    const frames = document.querySelectorAll("iframe[data-tabletop][data-src]");
    if (!("IntersectionObserver" in window)) return frames.forEach(start);
    const near = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          near.unobserve(entry.target);
          start(entry.target);
        }
      },
      { rootMargin: "100% 0px" }, // one screen's height above and below the viewport
    );
    frames.forEach((frame) => near.observe(frame));
  };
  // An async script may run after the load event: then the article is loaded already.
  if (document.readyState === "complete") watch();
  else window.addEventListener("load", watch, { once: true });
})();
