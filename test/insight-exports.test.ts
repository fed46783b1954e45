import ExcelJS from "exceljs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as excelRoute from "@/app/api/properties/[id]/insights/export/excel/route";
import * as pptxRoute from "@/app/api/properties/[id]/insights/export/powerpoint/route";
import * as customizationRoute from "@/app/api/properties/[id]/customization/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as addTagRoute from "@/app/api/insights/properties/[id]/tags/add/route";
import { NO_SIGNIFICANT_RESULTS } from "@/lib/insights/intentions";
import { reportDocument } from "@/lib/insights/report-document";
import { EXPORT_MESSAGES } from "@/lib/validation/exports";
import { generateReport } from "@/server/services/reports/generate-report";
import { call, callBytes } from "@/test/api";
import { customizationForm, file, pngOfSize } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { readPackage } from "@/test/ooxml";
import { insertReport, listInsights, reportWorld } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

type Format = "powerpoint" | "excel";
const ROUTES = { powerpoint: pptxRoute, excel: excelRoute };

const download = (format: Format, projectId: string, token: string, query = "") =>
  callBytes(ROUTES[format].GET, {
    path: `/api/properties/${projectId}/insights/export/${format}${query}`,
    params: { id: projectId },
    token,
  });
const downloadPost = (format: Format, projectId: string, token: string, body: unknown) =>
  callBytes(ROUTES[format].POST, {
    method: "POST",
    path: `/api/properties/${projectId}/insights/export/${format}`,
    params: { id: projectId },
    token,
    body,
  });

const slideTexts = async (bytes: Buffer) => {
  const pkg = await readPackage(bytes);
  const slides = pkg.paths.filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
  return {
    pkg,
    slides,
    text: slides
      .map((s) => pkg.text(s))
      .join("\n")
      .replace(/&amp;/g, "&"),
  };
};

describe("insight exports (PowerPoint and Excel)", () => {
  let world: Awaited<ReturnType<typeof reportWorld>> & {
    report: { id: string };
    insights: { _id: string; title: string; summary: string; findings: unknown[] }[];
  };
  const doc = () => reportDocument(world.insights);

  // One generated report for the read-only tests; the database is reset for the others below.
  beforeAll(async () => {
    await resetDatabase();
    const w = await reportWorld();
    const report = await insertReport(w.project);
    await generateReport(report.id);
    const insights = (await listInsights(w.project.id, w.main.token)).body.docs;
    world = { ...w, report, insights };
  });

  it("downloads the master report as a deck named after it, with a slide per insight", async () => {
    expect(world.insights.length).toBeGreaterThan(0);
    const res = await download("powerpoint", world.project.id, world.main.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    );
    // Named after the report (the project and its period), never after our product.
    expect(res.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("Acme leads – Mar 4, 2026 – Mar 31, 2026 – Insights.pptx")}`,
    );
    const { slides, text } = await slideTexts(res.bytes);
    // The client's deck: a slide per insight that found something, one line for those that found nothing.
    const { notable, nothingNotable, notRun } = doc();
    expect(notable.length).toBeGreaterThan(0);
    expect(slides).toHaveLength(2 + notable.length);
    expect(text).toContain("Acme · Acme leads");
    expect(text).not.toContain(NO_SIGNIFICANT_RESULTS);
    expect(text).not.toContain("Skipped");
    expect(nothingNotable.length).toBeGreaterThan(0);
    expect(text).toContain(`Also checked, nothing notable: ${nothingNotable.map((i) => i.title).join(", ")}.`);
    // This lead project has no ads data: the ads questions could not run, and no slide is about them.
    expect(notRun.map((i) => i.title)).toEqual(expect.arrayContaining(["Ad spend"]));
    for (const insight of notRun) expect(text).not.toContain(insight.title);
    // The summary slide gives each finding's effect in the KPI's unit, not a ranking weight in %.
    expect(text).toContain("Effect on KPI");
    expect(text).toMatch(/[+−][\d,.]+ conversions?</);
    for (const insight of [...notable, ...nothingNotable]) expect(text).toContain(insight.title);
  });

  it("holds everything checked as an appendix when asked, still without the questions that could not run", async () => {
    const res = await download("powerpoint", world.project.id, world.main.token, "?contents=everything");
    expect(res.status).toBe(200);
    const { slides, text } = await slideTexts(res.bytes);
    const { notable, nothingNotable, notRun } = doc();
    expect(slides).toHaveLength(2 + notable.length + nothingNotable.length);
    expect(text).not.toContain("Also checked, nothing notable");
    for (const insight of notRun) expect(text).not.toContain(insight.title);
    const bad = await download("excel", world.project.id, world.main.token, "?contents=all");
    expect(bad.status).toBe(400);
  });

  it("downloads a chosen report as a workbook named after it, with numbers in the summary", async () => {
    const res = await download("excel", world.project.id, world.viewer.token, `?reportId=${world.report.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("Acme leads – Mar 4, 2026 – Mar 31, 2026 – Insights.xlsx")}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const summary = wb.getWorksheet("Summary")!;
    const titles: string[] = [];
    summary.eachRow((row, n) => {
      if (n > 5) titles.push(String(row.getCell(2).value));
    });
    const { notable, nothingNotable } = doc();
    expect(titles.filter((t) => t !== "null").sort()).toEqual(notable.map((i) => i.title).sort());
    const lines: string[] = [];
    summary.eachRow((row) => lines.push(String(row.getCell(1).value)));
    expect(lines).toContain(`Also checked, nothing notable: ${nothingNotable.map((i) => i.title).join(", ")}.`);
    // A lead generation project's numbers are counts and rates: no currency is named over them.
    expect(String(summary.getCell("A3").value)).not.toContain("amounts in");
    // The most impactful insight's effect on the KPI, in conversions (this lead project's data has no leads column;
    // a count, to the tenth), with the KPI named beside it.
    expect([5, 6].map((c) => summary.getRow(5).getCell(c).value)).toEqual(["Effect on KPI", "KPI"]);
    const effect = summary.getRow(6).getCell(5);
    expect(typeof effect.value).toBe("number");
    expect(effect.numFmt).toBe("+#,##0.0;-#,##0.0;0");
    expect(summary.getRow(6).getCell(6).value).toBe("Conversions");

    // The report's key figures, the same as its page shows (GET /reports/{id}/kpis).
    const figures = (
      await call(kpisRoute.GET, {
        path: `/api/reports/${world.report.id}/kpis`,
        params: { id: world.report.id },
        token: world.viewer.token,
      })
    ).body.kpis as { metric: string; current: number }[];
    const sheet = wb.getWorksheet("Key figures")!;
    expect(figures.length).toBeGreaterThan(0);
    expect(figures.map((_, i) => sheet.getRow(4 + i).getCell(2).value)).toEqual(figures.map((f) => f.current));
  });

  it("exports a tag's insights and a chosen list of insights", async () => {
    const chosen = doc()
      .notable.slice(0, 2)
      .map((i) => i._id);
    const tag = await call(addTagRoute.POST, {
      path: `/api/insights/properties/${world.project.id}/tags/add`,
      params: { id: world.project.id },
      token: world.main.token,
      body: { name: "For the client", insightIds: chosen },
    });
    expect(tag.status).toBe(201);
    const byTag = await download("powerpoint", world.project.id, world.main.token, `?tag=${tag.body._id}`);
    expect((await slideTexts(byTag.bytes)).slides).toHaveLength(2 + chosen.length);
    // Chosen insights are not a report: no key figures.
    const asSheet = await downloadPost("excel", world.project.id, world.main.token, { insightIds: chosen });
    const chosenBook = new ExcelJS.Workbook();
    await chosenBook.xlsx.load(asSheet.bytes as unknown as ExcelJS.Buffer);
    expect(chosenBook.getWorksheet("Key figures")).toBeUndefined();
    const byIds = await downloadPost("powerpoint", world.project.id, world.main.token, { insightIds: [chosen[0]] });
    expect(byIds.status).toBe(200);
    const { slides, text } = await slideTexts(byIds.bytes);
    expect(slides).toHaveLength(3);
    expect(text).toContain(world.insights[0].title);
  });

  it("refuses another agency's report, tag and insight ids, and another agency's project, with 404", async () => {
    const other = await createAgency();
    const client = await insertClient(other.agency.id, { name: "Other" });
    const project = await insertProject(client, { name: "Other project" });
    const foreign = await insertReport(project);
    const cases = [
      download("excel", world.project.id, world.main.token, `?reportId=${foreign.id}`),
      download("powerpoint", world.project.id, world.main.token, `?reportId=${crypto.randomUUID()}`),
      download("powerpoint", world.project.id, world.main.token, `?tag=${crypto.randomUUID()}`),
      downloadPost("excel", world.project.id, world.main.token, {
        insightIds: [world.insights[0]._id, crypto.randomUUID()],
      }),
      // The other agency's admin asks for this project and for this project's report.
      download("powerpoint", world.project.id, other.token),
      download("excel", project.id, other.token, `?reportId=${world.report.id}`),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: expect.any(String) });
    }
  });

  it("needs a session, and a staff member needs the client shared", async () => {
    const anonymous = await download("powerpoint", world.project.id, "");
    expect(anonymous.status).toBe(401);
    const stranger = await createUser({ agencyId: world.main.agency.id, role: "staff" });
    expect((await download("excel", world.project.id, stranger.token)).status).toBe(404);
    expect((await download("excel", world.project.id, world.creator.token)).status).toBe(200);
  });

  it("rejects two selections at once", async () => {
    const res = await download(
      "excel",
      world.project.id,
      world.main.token,
      `?reportId=${world.report.id}&tag=${crypto.randomUUID()}`,
    );
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ errors: { reportId: EXPORT_MESSAGES.oneSelection } });
  });

  describe("with a fresh database", () => {
    beforeEach(resetDatabase);

    it("refuses an empty report with a message instead of an empty file", async () => {
      const { agency, token } = await createAgency();
      const client = await insertClient(agency.id, { name: "Acme" });
      const project = await insertProject(client, { name: "Empty" });
      const report = await insertReport(project);
      for (const format of ["powerpoint", "excel"] as const) {
        const res = await download(format, project.id, token, `?reportId=${report.id}`);
        expect(res.status).toBe(400);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(res.json()).toEqual({ status: 400, message: EXPORT_MESSAGES.empty });
      }
      // No report at all: the master report is missing, same answer.
      expect((await download("excel", project.id, token)).json()).toMatchObject({ message: EXPORT_MESSAGES.empty });
    });

    it("carries the project's logo, colour and footer into the deck", async () => {
      const w = await reportWorld();
      await generateReport((await insertReport(w.project)).id);
      const saved = await call(customizationRoute.PUT, {
        method: "PUT",
        params: { id: w.project.id },
        token: w.main.token,
        formData: customizationForm(
          { chartColor: "#aa3300", footerText: "Acme Agency · confidential", reportTitle: "Lead report" },
          file(pngOfSize(400), "logo.png", "image/png"),
        ),
      });
      expect(saved.status).toBe(200);
      const res = await download("powerpoint", w.project.id, w.main.token);
      const { pkg, text } = await slideTexts(res.bytes);
      expect(text).toContain("Lead report");
      const layouts = pkg.paths.filter((p) => /^ppt\/slideLayouts\/[^/]+\.xml$/.test(p)).map((p) => pkg.text(p));
      expect(layouts.some((l) => l.includes("Acme Agency · confidential"))).toBe(true);
      expect(layouts.some((l) => l.includes('val="AA3300"'))).toBe(true);
      expect(pkg.paths.some((p) => p.startsWith("ppt/media/") && p.endsWith(".png"))).toBe(true);
    });

    it("renders an SVG logo to PNG: the deck's and the workbook's media are PNG only, never SVG", async () => {
      const w = await reportWorld();
      await generateReport((await insertReport(w.project)).id);
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">' +
        '<rect width="200" height="100" rx="12" fill="#aa3300"/><circle cx="50" cy="50" r="30" fill="#ffffff"/></svg>';
      const saved = await call(customizationRoute.PUT, {
        method: "PUT",
        params: { id: w.project.id },
        token: w.main.token,
        formData: customizationForm(
          { chartColor: "#aa3300", reportTitle: "Vector logo" },
          file(svg, "logo.svg", "image/svg+xml"),
        ),
      });
      expect(saved.status).toBe(200);

      const deck = await readPackage((await download("powerpoint", w.project.id, w.main.token)).bytes);
      const media = deck.paths.filter((p) => p.startsWith("ppt/media/"));
      expect(media.length).toBeGreaterThan(0);
      for (const path of media) {
        expect(path).toMatch(/\.png$/);
        const bytes = deck.bytes(path);
        expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
        // Rendered 600 px wide with the logo's 2:1 aspect ratio kept.
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([600, 300]);
      }
      for (const path of deck.paths.filter((p) => p.endsWith(".xml") || p.endsWith(".rels"))) {
        const xml = deck.text(path);
        expect(xml, path).not.toContain("svgBlip");
        expect(xml, path).not.toMatch(/\.svg"/);
        expect(xml, path).not.toContain("image/svg+xml");
      }

      const book = await readPackage((await download("excel", w.project.id, w.main.token)).bytes);
      const bookMedia = book.paths.filter((p) => p.startsWith("xl/media/"));
      expect(bookMedia.length).toBeGreaterThan(0);
      for (const path of bookMedia) expect(path).toMatch(/\.png$/);
      expect(book.text("[Content_Types].xml")).not.toContain("svg");
    });
  });
});
