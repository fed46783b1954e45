import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { addDays, todayIn } from "@/lib/dates";
import { INTENTIONS } from "@/lib/insights/intentions";
import { REPORT_MESSAGES } from "@/lib/validation/reports";
import * as templatesRoute from "@/app/api/templates/route";
import { db } from "@/server/db/client";
import { insights, reports } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import {
  addReport,
  deleteReport,
  getInsight,
  getReport,
  insertReport,
  listInsights,
  listReports,
  PERIOD_END,
  PERIOD_START,
  reportWorld,
} from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

const body = { name: "March review", periodStart: PERIOD_START, periodEnd: PERIOD_END, compareTo: "previous_period" };

async function readyReport(project: { id: string; agencyId: string }) {
  const report = await insertReport(project);
  await generateReport(report.id);
  return report;
}

describe("reports API", () => {
  beforeEach(resetDatabase);

  it("queues a report (202) with a generate-report job, lists newest first, reads and deletes it with its insights", async () => {
    const { main, project, creator } = await reportWorld();
    const added = await addReport(project.id, creator.token, body);
    expect(added.status).toBe(202);
    expect(added.body).toMatchObject({
      name: "March review",
      status: "queued",
      progress: 0,
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
      error: null,
    });
    expect(await queuedJobs("generate-report")).toEqual([{ reportId: added.body._id }]);

    const second = await addReport(project.id, main.token, {
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_year",
    });
    expect(second.status).toBe(202);
    expect(second.body.name).toBeTruthy();
    expect(second.body.name).not.toMatch(/[.<>:"|?*/\\]/);

    const list = await listReports(project.id, creator.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.docs.map((d: { _id: string }) => d._id)).toEqual([second.body._id, added.body._id]);

    await generateReport(added.body._id);
    const got = await getReport(added.body._id, creator.token);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: added.body._id, status: "ready", progress: 100 });
    expect(got.body.createdAt).toBeTruthy();

    const [{ n }] = await db().select({ n: count() }).from(insights).where(eq(insights.reportId, added.body._id));
    expect(n).toBeGreaterThan(0);
    const deleted = await deleteReport(added.body._id, creator.token);
    expect(deleted.status).toBe(200);
    expect((await getReport(added.body._id, creator.token)).status).toBe(404);
    const [{ left }] = await db().select({ left: count() }).from(insights).where(eq(insights.reportId, added.body._id));
    expect(left).toBe(0);
    expect((await listReports(project.id, creator.token)).body.total).toBe(1);
    expect((await deleteReport(added.body._id, creator.token)).status).toBe(404);
  });

  it("validates the body: dates, order, length, future end, compareTo and the report name", async () => {
    const { project, creator } = await reportWorld();
    const tomorrow = addDays(todayIn("UTC"), 2);
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...body, periodStart: "2026-02-30" }, "periodStart", REPORT_MESSAGES.invalidDate],
      [{ ...body, periodEnd: "31/03/2026" }, "periodEnd", REPORT_MESSAGES.invalidDate],
      [{ ...body, periodStart: "2026-04-01", periodEnd: "2026-03-01" }, "periodStart", REPORT_MESSAGES.startAfterEnd],
      [{ ...body, periodStart: "2025-01-01", periodEnd: "2026-01-02" }, "periodEnd", REPORT_MESSAGES.periodTooLong],
      [{ ...body, periodStart: addDays(tomorrow, -3), periodEnd: tomorrow }, "periodEnd", REPORT_MESSAGES.endInFuture],
      [
        { ...body, periodStart: "2024-01-01", periodEnd: "2024-01-31" },
        "periodStart",
        // It says which dates the project's data covers.
        new RegExp(
          "^This project has no data between these dates: its data covers \\d{4}-\\d{2}-\\d{2} to \\d{4}-\\d{2}-\\d{2}\\. " +
            "Choose dates within them, or import data for the period$",
        ),
      ],
      [{ ...body, name: "Q1.final" }, "name", REPORT_MESSAGES.invalidName],
      [{ ...body, name: "a/b" }, "name", REPORT_MESSAGES.invalidName],
      [{ ...body, name: 'say "hi"' }, "name", REPORT_MESSAGES.invalidName],
      [{ ...body, name: "x".repeat(256) }, "name", "Report name should be equal or less than 255 characters"],
      [{ ...body, compareTo: "last_week" }, "compareTo", "compareTo must be previous_period or previous_year"],
    ];
    for (const [input, field, message] of cases) {
      const res = await addReport(project.id, creator.token, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      if (message instanceof RegExp) expect(res.body.errors[field]).toMatch(message);
      else expect(res.body.errors[field]).toBe(message);
    }
    expect(
      (await addReport(project.id, creator.token, { ...body, periodStart: "2025-03-31", periodEnd: "2026-03-31" }))
        .status,
    ).toBe(202);
    expect((await listReports(project.id, creator.token)).body.total).toBe(1);
  });

  it("Viewers read reports but cannot create or delete them (403); other agencies get 404", async () => {
    const { main, project, viewer } = await reportWorld();
    const report = await readyReport(project);
    const refused = await addReport(project.id, viewer.token, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
    expect((await deleteReport(report.id, viewer.token)).status).toBe(403);
    expect((await listReports(project.id, viewer.token)).status).toBe(200);
    expect((await getReport(report.id, viewer.token)).status).toBe(200);

    const other = await createAgency();
    for (const res of [
      await addReport(project.id, other.token, body),
      await listReports(project.id, other.token),
      await getReport(report.id, other.token),
      await deleteReport(report.id, other.token),
      await listInsights(project.id, other.token),
      await getReport("not-a-uuid", main.token),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.notFound);
    }
    const [{ n }] = await db().select({ n: count() }).from(reports).where(eq(reports.projectId, project.id));
    expect(n).toBe(1);
  });
});

describe("insights API", () => {
  beforeEach(resetDatabase);

  it("serves the master report (newest ready) in rank order with the stable insight shape", async () => {
    const { project, viewer } = await reportWorld();
    expect((await listInsights(project.id, viewer.token)).body).toMatchObject({ docs: [], total: 0 });
    const older = await readyReport(project);
    const master = await readyReport(project);
    await insertReport(project); // queued: not the master

    const res = await listInsights(project.id, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.docs.length);
    expect(res.body.docs.every((d: { reportId: string }) => d.reportId === master.id)).toBe(true);
    // The segment's level shift leads; the total's breakdown by channel follows it.
    expect(res.body.docs[0].intention.key).toBe("segment_level_shifts");
    const top = res.body.docs[1];
    expect(Object.keys(top)).toEqual(
      expect.arrayContaining([
        "_id",
        "reportId",
        "intention",
        "group",
        "funnelStage",
        "title",
        "summary",
        "impact",
        "isWaitForGenerating",
        "tags",
        "findings",
        "chart",
        "dismissPopUp",
      ]),
    );
    expect(top).toMatchObject({
      group: "most_impactful",
      intention: { key: "conversions_by_channel" },
      isWaitForGenerating: false,
      tags: [],
      dismissPopUp: false,
    });
    expect(top.intention.question).toBe(INTENTIONS.find((i) => i.key === "conversions_by_channel")!.question);
    const finding = top.findings.find((f: { kind: string }) => f.kind === "driver");
    expect(Object.keys(finding)).toEqual(
      expect.arrayContaining([
        "kind",
        "metric",
        "dimension",
        "dimensionValue",
        "periodStart",
        "periodEnd",
        "current",
        "baseline",
        "change",
        "changePct",
        "expectedLow",
        "expectedHigh",
        "confidence",
        "direction",
        "narrative",
      ]),
    );
    for (const d of res.body.docs) expect(d.dismissPopUp).toBe(d.group === "other");

    const olderList = await listInsights(project.id, viewer.token, `?reportId=${older.id}`);
    expect(olderList.body.docs.every((d: { reportId: string }) => d.reportId === older.id)).toBe(true);
    expect(olderList.body.total).toBe(res.body.total);

    const detail = await getInsight(top._id, viewer.token);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      _id: top._id,
      summary: top.summary,
      report: { _id: master.id, periodStart: PERIOD_START, periodEnd: PERIOD_END },
    });
  });

  it("filters by group, stage and text; another project's report or another agency's insight is 404", async () => {
    const { main, client, project, viewer } = await reportWorld();
    await readyReport(project);
    const all = (await listInsights(project.id, viewer.token)).body.docs as {
      _id: string;
      group: string;
      funnelStage: string;
      summary: string;
      title: string;
    }[];
    const audit = await listInsights(project.id, viewer.token, "?group=data_quality");
    expect(audit.body.total).toBe(all.filter((d) => d.group === "data_quality").length);
    expect(audit.body.docs.every((d: { funnelStage: string }) => d.funnelStage === "audit")).toBe(true);
    const evaluation = await listInsights(project.id, viewer.token, "?stage=evaluation");
    expect(evaluation.body.total).toBeGreaterThan(0);
    expect(evaluation.body.docs.every((d: { funnelStage: string }) => d.funnelStage === "evaluation")).toBe(true);
    const search = await listInsights(project.id, viewer.token, "?q=paid%20search");
    expect(search.body.total).toBeGreaterThan(0);
    expect(search.body.docs.every((d: { summary: string }) => /paid search/i.test(d.summary))).toBe(true);
    const byQuestion = await listInsights(
      project.id,
      viewer.token,
      "?q=Which%20channels%20drove%20the%20change%20in%20sessions",
    );
    expect(byQuestion.body.docs.map((d: { intention: { key: string } }) => d.intention.key)).toEqual([
      "sessions_by_channel",
    ]);
    expect((await listInsights(project.id, viewer.token, "?group=best")).status).toBe(400);

    const second = await insertProject(client, { name: "Other site" });
    const foreign = await insertReport(second);
    expect((await listInsights(project.id, viewer.token, `?reportId=${foreign.id}`)).status).toBe(404);

    const other = await createAgency();
    expect((await getInsight(all[0]._id, other.token)).status).toBe(404);
    expect((await getInsight(all[0]._id, main.token)).status).toBe(200);
  });
});

describe("templates API", () => {
  beforeEach(resetDatabase);

  it("lists the intention catalogue to any logged-in user", async () => {
    const main = await createAgency();
    const res = await call(templatesRoute.GET, { path: "/api/templates", token: main.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(INTENTIONS.length);
    expect(res.body.total).toBeGreaterThanOrEqual(30);
    expect(res.body.docs[0]).toMatchObject({
      key: INTENTIONS[0].key,
      title: INTENTIONS[0].title,
      question: INTENTIONS[0].question,
      stage: INTENTIONS[0].stage,
    });
    expect(res.body.docs[0].metrics).toEqual(INTENTIONS[0].metrics);
    expect(res.body.docs[0].siteTypes).toEqual(INTENTIONS[0].siteTypes);
    expect((await call(templatesRoute.GET, { path: "/api/templates" })).status).toBe(401);
  });

  it("keeps tenancy on a fresh client too", async () => {
    const main = await createAgency();
    const client = await insertClient(main.agency.id);
    const project = await insertProject(client);
    expect((await listInsights(project.id, main.token)).body).toMatchObject({ docs: [], total: 0 });
  });
});
