import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as accessTokenRoute from "@/app/api/accessToken/route";
import * as healthRoute from "@/app/api/health/route";
import * as excelRoute from "@/app/api/properties/[id]/insights/export/excel/route";
import * as customizationRoute from "@/app/api/properties/[id]/customization/route";
import * as reportTokensRoute from "@/app/api/reportTokens/route";
import { CUSTOMIZATION_MESSAGES } from "@/lib/constants/customization";
import { db } from "@/server/db/client";
import { customizations } from "@/server/db/schema";
import { startExportBuilder } from "@/server/exports/off-thread/build-export";
import { RENDER_BUDGET, startSvgRenderer } from "@/server/exports/svg-raster/render-svg";
import { generateReport } from "@/server/services/reports/generate-report";
import { call, callBytes } from "@/test/api";
import { customizationForm, file } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { readPackage } from "@/test/ooxml";
import { insertReport, reportWorld } from "@/test/report-fixtures";
import { FILTERED_LOGO } from "@/test/svg-logos";

// Issue 60, High: a 325-byte SVG logo with a turbulence and blur filter froze the web server, because logos were
// drawn on the request thread, on every export, on the public share link and in the worker's emails.

let world: Awaited<ReturnType<typeof reportWorld>>;
let shareToken: string;

const exportExcel = () =>
  callBytes(excelRoute.GET, {
    path: `/api/properties/${world.project.id}/insights/export/excel`,
    params: { id: world.project.id },
    token: world.main.token,
  });
const openShared = () => call(accessTokenRoute.POST, { path: "/api/accessToken", body: { token: shareToken } });

/**
 * Calls /api/health one after another (as a load balancer's probes would) until stopped: each call's wall time, and
 * the CPU time this process spent meanwhile. On the shared 2-core machine at a load average of 19, a profile showed
 * probes of 200 ms during which this process ran 9 ms of its own code: it was waiting for a core, not on a drawing.
 * A probe is slow because of this process only when it both took long and the process worked all that time.
 */
function probeHealth() {
  const probes: { wallMs: number; cpuMs: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await call(healthRoute.GET, { path: "/api/health" });
      const used = process.cpuUsage(cpu);
      probes.push({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return probes;
    },
  };
}

beforeAll(async () => {
  await resetDatabase();
  world = await reportWorld();
  const report = await insertReport(world.project);
  await generateReport(report.id);
  const link = await call(reportTokensRoute.POST, {
    path: "/api/reportTokens",
    token: world.main.token,
    body: { reportId: report.id },
  });
  shareToken = link.body.token;
  // As the web process does when it starts (instrumentation.ts); and the routes' modules load, as in a server that
  // has answered before.
  startSvgRenderer();
  startExportBuilder();
  expect((await exportExcel()).status).toBe(200);
  expect((await openShared()).status).toBe(200);
});

describe("the filtered SVG logo of issue 60", () => {
  it("is refused at upload with a clear message, and nothing is stored", async () => {
    const res = await call(customizationRoute.PUT, {
      method: "PUT",
      params: { id: world.project.id },
      token: world.main.token,
      formData: customizationForm({ chartColor: "#123456" }, file(FILTERED_LOGO, "logo.svg", "image/svg+xml")),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      message: CUSTOMIZATION_MESSAGES.logoSvgFilters,
      errors: { logo: CUSTOMIZATION_MESSAGES.logoSvgFilters },
    });
    expect(await db().select().from(customizations).where(eq(customizations.projectId, world.project.id))).toEqual([]);
  });

  it("stored before uploads were checked: the export and the share link answer in budget, /api/health under 50 ms", async () => {
    await db()
      .insert(customizations)
      .values({
        agencyId: world.main.agency.id,
        level: "project",
        clientId: world.client.id,
        projectId: world.project.id,
        chartColor: "#123456",
        logo: Buffer.from(FILTERED_LOGO),
        logoMimeType: "image/svg+xml",
      });

    const health = probeHealth();
    const started = performance.now();
    // Both at once, as an agency's export and its client's share link would come: one drawing serves both.
    const [excel, shared] = await Promise.all([exportExcel(), openShared()]);
    const took = performance.now() - started;
    const probes = await health.stop();

    expect(excel.status).toBe(200);
    expect(shared.status).toBe(200);
    // Within the render budget (plus starting the renderer), whether the logo was drawn in it or not.
    expect(took).toBeLessThan(RENDER_BUDGET.startupMs + RENDER_BUDGET.renderMs);
    expect(probes.length).toBeGreaterThan(10);
    // Drawn on this thread, as before, the logo held every probe for 1-4 s, all of it this process's own work.
    // Now at most one probe meets this process's own work for the two answers (a garbage collection, reading the
    // report: 66 ms once in CI) and none comes near the drawing's seconds.
    const heldByThisProcess = probes.map((p) => Math.min(p.wallMs, p.cpuMs));
    const slow = JSON.stringify(probes.filter((p) => p.wallMs >= 50));
    expect(heldByThisProcess.filter((ms) => ms >= 50).length, slow).toBeLessThanOrEqual(1);
    expect(Math.max(...heldByThisProcess), slow).toBeLessThan(250);

    // The file carries the drawn PNG or, past the budget, no picture (the report title stands in); never an SVG.
    const book = await readPackage(excel.bytes);
    for (const path of book.paths.filter((p) => p.startsWith("xl/media/"))) expect(path).toMatch(/\.png$/);
    expect(shared.body.theme.logo === null || shared.body.theme.logo.startsWith("data:image/png;base64,")).toBe(true);

    // Drawn once per logo version: kept as a PNG when it fit the budget, not tried again for a while when it did not.
    const again = performance.now();
    expect((await openShared()).status).toBe(200);
    expect(performance.now() - again).toBeLessThan(RENDER_BUDGET.renderMs);
  });
});
