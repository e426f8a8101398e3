// Tabletop embed helper for articles: makes every Tabletop iframe on the page as tall as its table.
//   <iframe src="YOUR-SITE/tabletop/?game=mas_menos&embed=1" data-tabletop
//           style="width:100%;border:0" height="640" title="Más-Menos" loading="lazy"></iframe>
//   <script src="YOUR-SITE/tabletop/static/embed.js" async></script>
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
})();
