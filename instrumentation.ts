/**
 * Next.js calls register() once when the web process starts: pg-boss is started then (its queues
 * checked), and the listener for report changes, rather than by the first request that needs them,
 * which paid for it (a quarter of a second on the report bench's loaded machine, more than the rest
 * of the request). So are the helper processes that draw SVG logos and build export files.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (!process.env.DATABASE_URL) return;
  const { boss } = await import("./server/jobs/boss");
  // A failure here is retried by the first send, which reports it.
  void boss().catch(() => undefined);
  // Report waiters (GET /reports/{id}?wait=N) are woken from the first request on.
  const { listenForReportChanges } = await import("./server/services/reports/report-changes");
  listenForReportChanges();
  // Helper processes (SVG drawing, export files): starting a process blocks the thread that starts it.
  const { startSvgRenderer } = await import("./server/exports/svg-raster/render-svg");
  startSvgRenderer();
  const { startExportBuilder } = await import("./server/exports/off-thread/build-export");
  startExportBuilder();
  // Ready reports' revalidations and split links' redirects, answered by the web server before Next.js's routing.
  // Not under `next dev`: this module is not reloaded when its code changes, so a change of a route's checks would
  // not reach the early answer until a restart; there the routes answer everything.
  if (process.env.NODE_ENV !== "development") {
    const { registerEarlyAnswer } = await import("./server/http/early-answer");
    registerEarlyAnswer();
  }
}
