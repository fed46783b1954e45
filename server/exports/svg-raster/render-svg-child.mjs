// The child process that draws one untrusted SVG (server/exports/svg-raster/render-svg.ts starts it, one per render).
// resvg is native code: once a render has started nothing in JavaScript can interrupt it, not even a worker thread's
// terminate(). Run here, the parent can kill it (SIGKILL) past its time or memory budget, and the web server's and
// the worker's own threads never wait on it. Protocol over the IPC channel (advanced serialization, so Buffers pass
// as they are): the child says { ready } once resvg is loaded; the parent sends { svg, width, maxHeight }; the child
// answers { png, width, height } or { error } and exits.
import { Resvg } from "@resvg/resvg-js";

process.on("message", ({ svg, width, maxHeight }) => {
  let answer;
  try {
    const resvg = new Resvg(Buffer.from(svg), {
      fitTo: { mode: "width", value: width },
      // Logos with text use the machine's fonts; nothing is fetched (the sanitizer removed external references).
      font: { loadSystemFonts: true },
      background: "rgba(0,0,0,0)",
    });
    if ((resvg.height / Math.max(resvg.width, 1)) * width > maxHeight) answer = { error: "too-tall" };
    else {
      const image = resvg.render();
      answer = { png: image.asPng(), width: image.width, height: image.height };
    }
  } catch (error) {
    answer = { error: "unreadable", detail: error instanceof Error ? error.message : String(error) };
  }
  process.send(answer, () => process.exit(0));
});
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
