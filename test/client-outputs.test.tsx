import ExcelJS from "exceljs";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as sendRoute from "@/app/api/insights/properties/[id]/email/send/route";
import * as accessRoute from "@/app/api/accessToken/route";
import * as excelRoute from "@/app/api/properties/[id]/insights/export/excel/route";
import * as pptxRoute from "@/app/api/properties/[id]/insights/export/powerpoint/route";
import { SharedReportView } from "@/components/shared-report/shared-report-view";
import type { SharedReport } from "@/lib/api-client/file-storage";
import { NO_SIGNIFICANT_RESULTS } from "@/lib/insights/intentions";
import { reportDocument } from "@/lib/insights/report-document";
import { generateReport } from "@/server/services/reports/generate-report";
import { deliverManual } from "@/server/services/deliveries/manual-delivery";
import { call, callBytes } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { leaves, parseMime } from "@/test/mime";
import { readPackage } from "@/test/ooxml";
import { insertReport, listInsights, reportWorld } from "@/test/report-fixtures";
import { smtpInbox } from "@/test/smtp-inbox";

// One report through everything the client receives (share page, deck, workbook, email): the same insights with
// findings in the same order, one line for what found nothing, and no question that could not run (this lead
// generation project has no ads data, so its ads questions did not run).

type Listed = { _id: string; title: string; summary: string; group: string; findings: unknown[] };

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let world: Awaited<ReturnType<typeof reportWorld>> & { reportId: string; insights: Listed[] };

beforeAll(async () => {
  inbox = await smtpInbox();
  process.env.SMTP_URL = inbox.url;
  await resetDatabase();
  const w = await reportWorld();
  const report = await insertReport(w.project, { name: "March review" });
  await generateReport(report.id);
  const insights = (await listInsights(w.project.id, w.main.token)).body.docs as Listed[];
  world = { ...w, reportId: report.id, insights };
});

afterAll(async () => {
  await inbox?.stop();
});

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<");

it("holds the same findings in the same order, the same count and line, in every output a client receives", async () => {
  const { notable, nothingNotable, notRun } = reportDocument(world.insights);
  expect(notable.length).toBeGreaterThan(1);
  expect(nothingNotable.length).toBeGreaterThan(0);
  expect(notRun.length).toBeGreaterThan(0);
  const titles = notable.map((i) => i.title);
  const also = `Also checked, nothing notable: ${nothingNotable.map((i) => i.title).join(", ")}.`;
  const inOrder = (text: string) => titles.map((t) => text.indexOf(t));
  const increasing = (at: number[]) => at.every((v, i) => v >= 0 && (i === 0 || v > at[i - 1]));

  // The deck: a slide per finding insight, in order, after the cover and the summary.
  const deck = await callBytes(pptxRoute.GET, {
    path: `/api/properties/${world.project.id}/insights/export/powerpoint?reportId=${world.reportId}`,
    params: { id: world.project.id },
    token: world.main.token,
  });
  const pkg = await readPackage(deck.bytes);
  const slideNo = (p: string) => Number(/slide(\d+)\.xml$/.exec(p)![1]);
  const slides = pkg.paths
    .filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p))
    .sort((a, b) => slideNo(a) - slideNo(b));
  expect(slides).toHaveLength(2 + notable.length);
  const slideText = slides.map((s) => decode(pkg.text(s)));
  slideText.slice(2).forEach((text, i) => expect(text).toContain(titles[i]));
  expect(slideText[0]).toContain(`March review · ${notable.length} insights with findings`);
  expect(slideText[1]).toContain(also);

  // The workbook: the summary lists the same insights in the same order, then the same line.
  const book = await callBytes(excelRoute.GET, {
    path: `/api/properties/${world.project.id}/insights/export/excel?reportId=${world.reportId}`,
    params: { id: world.project.id },
    token: world.main.token,
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(book.bytes as unknown as ExcelJS.Buffer);
  const summary = wb.getWorksheet("Summary")!;
  const rows: string[] = [];
  const firstCells: string[] = [];
  summary.eachRow((row, n) => {
    firstCells.push(String(row.getCell(1).value));
    if (n > 5 && row.getCell(2).value) rows.push(String(row.getCell(2).value));
  });
  expect(rows).toEqual(titles);
  expect(firstCells).toContain(also);

  // The email, and the share page its client link opens logged out.
  const sent = await call(sendRoute.POST, {
    method: "POST",
    path: `/api/insights/properties/${world.project.id}/email/send`,
    params: { id: world.project.id },
    token: world.main.token,
    formData: (() => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ recipients: "sam@client.com", format: "none", reportId: world.reportId }))
        f.append(k, v);
      return f;
    })(),
  });
  expect(sent.status).toBe(202);
  expect(await deliverManual(sent.body._id, "test")).toMatchObject({ kind: "delivered" });
  const mail = inbox.received.at(-1)!;
  const text = leaves(parseMime(mail.raw))
    .find((p) => p.contentType === "text/plain")!
    .body.toString("utf8");
  // The email tells the top findings (not the data quality audit, which stays in the files and the page) in order.
  const told = notable.filter((i) => i.group !== "data_quality").slice(0, 5);
  expect(told.length).toBeGreaterThan(0);
  expect(increasing(told.map((i) => text.indexOf(i.title)))).toBe(true);
  for (const insight of [...notRun, ...nothingNotable]) expect(text).not.toContain(`· ${insight.title}`);

  const token = /\/shared\/([\w-]{43})/.exec(text)![1];
  const opened = await call(accessRoute.POST, { path: "/api/accessToken", body: { token } });
  expect(opened.status).toBe(200);
  const html = decode(renderToStaticMarkup(<SharedReportView shared={opened.body as SharedReport} />));
  expect(html.match(/data-testid="shared-insight"/g)).toHaveLength(notable.length);
  expect(increasing(inOrder(html))).toBe(true);
  expect(html).toContain(also);
  expect(html).not.toContain(NO_SIGNIFICANT_RESULTS);
  for (const insight of notRun) expect(html).not.toContain(insight.title);
  // Each group's count is of its findings, as on the agency's page: no "(2)" over an audit that found nothing.
  for (const group of ["most_impactful", "data_quality", "other"]) {
    const n = notable.filter((i) => i.group === group).length;
    const heading = new RegExp(`id="shared-${group}"[^>]*>[^<]*<span[^>]*>\\((\\d+)\\)`).exec(html);
    expect(heading ? Number(heading[1]) : 0).toBe(n);
  }
});
