import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as linkRoute from "@/app/s/[slug]/route";
import * as listRoute from "@/app/api/split-links/route";
import * as itemRoute from "@/app/api/split-links/[id]/route";
import { addDays, isoDateOfUtc } from "@/lib/dates";
import { SPLIT_LINK_MESSAGES } from "@/lib/validation/split-links";
import { db } from "@/server/db/client";
import { clientProjects, dataSources, splitLinkCounts, splitLinks } from "@/server/db/schema";
import { flushSplitCounts, recordSplitVisit } from "@/server/services/split-links/split-counts";
import { SPLIT_LINK_CACHE_MS } from "@/server/services/split-links/split-link-cache";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

let main: Awaited<ReturnType<typeof createAgency>>;
let project: { id: string; agencyId: string };

beforeAll(async () => {
  await resetDatabase();
  main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Shop" });
  project = await insertProject(client, { name: "Shop site" });
  await db().update(clientProjects).set({ url: "https://www.shop.example" }).where(eq(clientProjects.id, project.id));
});

const create = (body: unknown, token = main.token) => call(listRoute.POST, { path: "/api/split-links", token, body });
const get = (id: string, token = main.token) =>
  call(itemRoute.GET, { path: `/api/split-links/${id}`, params: { id }, token });
const put = (id: string, body: unknown) =>
  call(itemRoute.PUT, { method: "PUT", path: `/api/split-links/${id}`, params: { id }, token: main.token, body });

/** One visit of the public link, as a browser makes it (with the cookie it holds, if any). */
async function visit(slug: string, options: { cookie?: string; query?: string } = {}) {
  const req = new NextRequest(`http://localhost:3000/s/${slug}${options.query ?? ""}`, {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const res = await linkRoute.GET(req, { params: Promise.resolve({ slug }) });
  const location = res.headers.get("location");
  const setCookie = res.headers.get("set-cookie");
  return { status: res.status, location: location ? new URL(location) : null, setCookie };
}

const variantsOf = (a: string, b: string, wa = 70, wb = 30) => [
  { url: a, weight: wa },
  { url: b, weight: wb },
];

describe("URL splitter (/s/{slug})", () => {
  it("splits 1,000 visitors 70/30 within the binomial 99% range, tagged with the test and the variant", async () => {
    const created = await create({
      projectId: project.id,
      name: "Pricing page",
      slug: "pricing-page",
      variants: variantsOf("https://shop.example/pricing", "https://shop.example/pricing?v=b"),
    });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe("http://localhost:3000/s/pricing-page");
    const seen = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 1000; i++) {
      const v = await visit("pricing-page");
      expect(v.status).toBe(302);
      const key = v.location!.searchParams.get("utm_content")!;
      seen[key] += 1;
      expect(v.location!.searchParams.get("utm_campaign")).toBe(`pricing-page-${key}`);
      expect(v.location!.searchParams.get("utm_source")).toBe("funnelwise");
      expect(v.setCookie).toContain(`fw_split_pricing-page=${key}`);
    }
    // n = 1000, p = 0.7: mean 700, sd 14.5; 99% of draws fall within 2.576 sd.
    const sd = Math.sqrt(1000 * 0.7 * 0.3);
    expect(Math.abs(seen.a - 700)).toBeLessThanOrEqual(2.576 * sd);
    expect(seen.a + seen.b).toBe(1000);
    // The counts are written off the response path, a moment later (split-counts.ts): write them now.
    await flushSplitCounts();
    const counts = await db().select().from(splitLinkCounts).where(eq(splitLinkCounts.linkId, created.body._id));
    expect(counts.map((c) => c.date)).toEqual(expect.arrayContaining([isoDateOfUtc(new Date())]));
    expect(Object.fromEntries(counts.map((c) => [c.variantKey, c.assignments]))).toEqual(seen);
  });

  it("keeps a returning visitor on their variant, passes their other parameters on, and refuses any other target", async () => {
    const first = await visit("pricing-page", { query: "?gclid=abc123" });
    const key = first.location!.searchParams.get("utm_content")!;
    expect(first.location!.searchParams.get("gclid")).toBe("abc123");
    for (let i = 0; i < 20; i++) {
      const again = await visit("pricing-page", { cookie: `fw_split_pricing-page=${key}` });
      expect(again.location!.searchParams.get("utm_content")).toBe(key);
      expect(again.setCookie).toBeNull();
    }
    // No parameter, path or cookie sends a visitor anywhere but the test's own pages.
    for (const attempt of [
      { query: "?url=https://evil.example/&next=//evil.example&redirect=https%3A%2F%2Fevil.example" },
      { cookie: "fw_split_pricing-page=https://evil.example" },
      { cookie: "fw_split_pricing-page=z" },
    ]) {
      const v = await visit("pricing-page", attempt);
      expect(v.location!.origin).toBe("https://shop.example");
      expect(v.location!.pathname).toBe("/pricing");
    }
    expect((await visit("no-such-link")).status).toBe(404);
    expect((await visit("..%2F..%2Fevil")).status).toBe(404);

    // Pages off the project's site are refused when the test is made, and nothing is stored.
    const offSite = await create({
      projectId: project.id,
      name: "Phish",
      variants: variantsOf("https://shop.example/a", "https://evil.example/b"),
    });
    expect(offSite.status).toBe(400);
    expect(offSite.body.errors).toEqual({ "variants.1.url": SPLIT_LINK_MESSAGES.offSite("shop.example") });
    const script = await create({
      projectId: project.id,
      name: "Script",
      variants: variantsOf("javascript:alert(1)", "https://shop.example/b"),
    });
    expect(script.status).toBe(400);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(splitLinks),
    ).toEqual([{ n: 1 }]);
  });

  it("pauses (everyone to the control, uncounted), resumes, and stops for good", async () => {
    const [link] = await db().select().from(splitLinks).where(eq(splitLinks.slug, "pricing-page"));
    const countsNow = async () => {
      await flushSplitCounts();
      const counts = await db().select().from(splitLinkCounts).where(eq(splitLinkCounts.linkId, link.id));
      return counts.reduce((s, c) => s + c.visits, 0);
    };
    const before = await countsNow();
    expect((await put(link.id, { status: "paused" })).body.status).toBe("paused");
    const paused = await visit("pricing-page", { cookie: "fw_split_pricing-page=b" });
    expect(paused.location!.toString()).toBe("https://shop.example/pricing");
    expect(await countsNow()).toBe(before);
    await put(link.id, { status: "running" });
    expect((await visit("pricing-page", { cookie: "fw_split_pricing-page=b" })).location!.searchParams.get("v")).toBe(
      "b",
    );
    // Paused by another web process: this one follows within a second (split-link-cache.ts), then counts nothing.
    await db().update(splitLinks).set({ status: "paused" }).where(eq(splitLinks.id, link.id));
    await new Promise((r) => setTimeout(r, SPLIT_LINK_CACHE_MS + 50));
    const afterOther = await countsNow();
    expect((await visit("pricing-page", { cookie: "fw_split_pricing-page=b" })).location!.search).toBe("");
    expect(await countsNow()).toBe(afterOther);
    await put(link.id, { status: "running" });
    await put(link.id, { status: "stopped" });
    const resumed = await put(link.id, { status: "running" });
    expect(resumed.status).toBe(400);
    expect(resumed.body.message).toBe(SPLIT_LINK_MESSAGES.stopped);
    expect((await visit("pricing-page")).location!.search).toBe("");
  });

  it("counts 200 visitors arriving at once exactly, each day on its own UTC day, and a deleted link's visits with it", async () => {
    const created = await create({
      projectId: project.id,
      name: "Rush",
      slug: "rush-hour",
      variants: variantsOf("https://shop.example/r1", "https://shop.example/r2", 50, 50),
    });
    const visits = await Promise.all(Array.from({ length: 200 }, () => visit("rush-hour")));
    const returning = await Promise.all(
      Array.from({ length: 50 }, () => visit("rush-hour", { cookie: "fw_split_rush-hour=b" })),
    );
    expect(returning.every((v) => v.location!.searchParams.get("utm_content") === "b")).toBe(true);
    const seen = { a: 0, b: 0 } as Record<string, number>;
    for (const v of visits) seen[v.location!.searchParams.get("utm_content")!] += 1;
    // GET /split-links/{id} writes this process's pending counts before it reads them.
    const read = await get(created.body._id);
    const traffic = Object.fromEntries(
      (read.body.analysis.traffic as { key: string; assignments: number; visits: number }[]).map((t) => [
        t.key,
        [t.assignments, t.visits],
      ]),
    );
    expect(traffic).toEqual({ a: [seen.a, seen.a], b: [seen.b, seen.b + 50] });

    // A visit just before midnight (UTC) counts on its day even when written after it.
    recordSplitVisit(created.body._id, "a", true, new Date("2026-03-31T23:59:59.900Z"));
    await flushSplitCounts();
    const [late] = await db()
      .select()
      .from(splitLinkCounts)
      .where(sql`${splitLinkCounts.linkId} = ${created.body._id} and ${splitLinkCounts.date} = '2026-03-31'`);
    expect(late).toMatchObject({ variantKey: "a", assignments: 1, visits: 1 });

    // A link deleted before its visits were written: the other links' visits of the same write are kept.
    const [pricing] = await db().select().from(splitLinks).where(eq(splitLinks.slug, "pricing-page"));
    const pricingVisits = async () =>
      (await db().select().from(splitLinkCounts).where(eq(splitLinkCounts.linkId, pricing.id))).reduce(
        (s, c) => s + c.visits,
        0,
      );
    const before = await pricingVisits();
    recordSplitVisit(created.body._id, "a", false);
    recordSplitVisit(pricing.id, "a", false);
    await db().delete(splitLinks).where(eq(splitLinks.id, created.body._id));
    await flushSplitCounts();
    expect(await pricingVisits()).toBe(before + 1);
    expect(await db().select().from(splitLinkCounts).where(eq(splitLinkCounts.linkId, created.body._id))).toEqual([]);
  });

  it("reads each variant's sessions and conversions from the project's analytics data by its UTM campaign", async () => {
    const created = await create({
      projectId: project.id,
      name: "Landing",
      slug: "landing-test",
      variants: variantsOf("https://shop.example/l1", "https://shop.example/l2", 50, 50),
      primaryMetric: "conversionRate",
    });
    const today = isoDateOfUtc(new Date());
    const start = addDays(today, -20);
    await db()
      .update(splitLinks)
      .set({ createdAt: new Date(`${start}T00:00:00Z`) })
      .where(eq(splitLinks.id, created.body._id));
    const [source] = await db()
      .insert(dataSources)
      .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "GA4" })
      .returning();
    const sets = await db().execute<{ id: number; campaign: string }>(sql`
      insert into dimension_sets (project_id, key, campaign)
      select ${project.id}, md5('c' || c), c from unnest(array['landing-test-a', 'LANDING-TEST-B', 'spring']::text[]) c
      returning id, campaign`);
    const id = new Map(sets.rows.map((r) => [r.campaign, Number(r.id)]));
    const rows: string[] = [];
    for (let i = 0; i <= 20; i++) {
      const date = addDays(start, i);
      rows.push(`('${source.id}','${project.id}','${date}',${id.get("landing-test-a")},400,12)`);
      rows.push(`('${source.id}','${project.id}','${date}',${id.get("LANDING-TEST-B")},400,24)`);
      rows.push(`('${source.id}','${project.id}','${date}',${id.get("spring")},900,90)`);
    }
    await db().execute(
      sql.raw(
        `select observations_partition(id) from data_sources where project_id = '${project.id}';
         insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, conversions) values ${rows.join(",")}`,
      ),
    );
    const res = await get(created.body._id);
    expect(res.status).toBe(200);
    const [b] = res.body.analysis.comparisons;
    expect(b.key).toBe("b");
    expect(b.result.totals.a).toMatchObject({ sessions: 400 * 21, conversions: 12 * 21 });
    expect(b.result.totals.b).toMatchObject({ sessions: 400 * 21, conversions: 24 * 21 });
    expect(b.result).toMatchObject({ verdict: "winner", winner: "b" });
  });

  it("is scoped: another agency's link is 404, a Viewer cannot create or change one", async () => {
    const [link] = await db().select().from(splitLinks).limit(1);
    const other = await createAgency();
    expect((await get(link.id, other.token)).status).toBe(404);
    const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
    const [client] = await db()
      .select({ clientId: clientProjects.clientId })
      .from(clientProjects)
      .where(eq(clientProjects.id, project.id));
    await share(client.clientId, viewer.user.id, 1);
    expect((await get(link.id, viewer.token)).status).toBe(200);
    const refused = await create(
      { projectId: project.id, name: "X", variants: variantsOf("https://shop.example/a", "https://shop.example/b") },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    const list = await call(listRoute.GET, { path: `/api/split-links?projectId=${project.id}`, token: other.token });
    expect(list.status).toBe(404);
  });
});
