import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as sourceRoute from "@/app/api/data-sources/[id]/route";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { forEachGa4Row, inGa4Audience } from "@/e2e/fakes/google/generated-data";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { dataSources, dataSourceSyncStates, thirdPartySessions } from "@/server/db/schema";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, tokenFor } from "@/test/factories";
import { createSource } from "@/test/data-source-fixtures";
import { signInWithGoogle, startGoogleForTests } from "@/test/google-fake";
import { signIn } from "@/test/google-sign-in-fixtures";
import { insertClient, insertProject } from "@/test/workspace";
import { addDays } from "./dates";
import { syncDataSource } from "./run-sync";

// A GA4 source's key events and audience change what it imports: conversions are the chosen key
// events (the Data API's keyEvents:{eventName}), the audience keeps its users' rows, and changing
// either through PUT /data-sources/{id} imports the whole history again.

const TODAY = "2026-03-10";
const START = "2024-12-10";
const END = "2026-03-09";
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleForTests({ ga4CombinationsPerDay: 12, historyDays: 600, today: TODAY });
});
afterAll(() => fake.close());
beforeEach(() => resetDatabase());

async function ga4Source(additional: Record<string, unknown>) {
  const { agency, admin } = await createAgency();
  const project = await insertProject(await insertClient(agency.id));
  const { tokens, email } = await signInWithGoogle(fake);
  const [session] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId: agency.id,
      userId: admin.id,
      type: "google",
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      refreshTokenEncrypted: encryptSecret(tokens.refreshToken!),
      expiresAt: tokens.expiresAt,
      additionalInfo: { email },
    })
    .returning();
  const [source] = await db()
    .insert(dataSources)
    .values({
      agencyId: agency.id,
      projectId: project.id,
      sourceName: "analytics-4",
      kind: "google",
      subType: "analytic-4",
      additional: { analyticAccount: "accounts/100", analyticProperty: "properties/1001", ...additional },
      thirdPartySessionId: session.id,
      createdById: admin.id,
    })
    .returning();
  return { source, token: await tokenFor(admin.id) };
}

/** What the fake serves over the import: sessions and the chosen events' key events, in an audience. */
function served(events: string[], audience?: string) {
  let sessions = 0;
  let conversions = 0;
  for (let d = START; d <= END; d = addDays(d, 1))
    forEachGa4Row(fake.state.settings, "properties/1001", d, (r) => {
      if (audience && !inGa4Audience(r, audience)) return;
      sessions += r.metrics.sessions;
      conversions += events.length
        ? events.reduce((sum, e) => sum + r.metrics[`keyEvents:${e}`], 0)
        : r.metrics.keyEvents;
    });
  return { sessions, conversions };
}

async function stored(dataSourceId: string) {
  const result = await db().execute<{ sessions: number; conversions: number }>(sql`
    select coalesce(sum(sessions), 0)::float as sessions, coalesce(sum(conversions), 0)::float as conversions
    from observations where data_source_id = ${dataSourceId}`);
  return result.rows[0];
}

describe("GA4 key events and audiences", () => {
  it("counts only the chosen key events as conversions, as the property counts each event", async () => {
    const all = await ga4Source({});
    await syncDataSource(all.source.id, { today: TODAY });
    const purchases = await ga4Source({ conversionEvents: ["purchase"] });
    await syncDataSource(purchases.source.id, { today: TODAY });

    const everyEvent = served([]);
    const onlyPurchases = served(["purchase"]);
    expect(await stored(all.source.id)).toEqual(everyEvent);
    expect(await stored(purchases.source.id)).toEqual(onlyPurchases);
    expect(onlyPurchases.conversions).toBeGreaterThan(0);
    expect(onlyPurchases.conversions).toBeLessThan(everyEvent.conversions);
    const asked = fake.state.log.filter((r) => r.path.endsWith(":runReport")).map((r) => JSON.parse(r.body));
    expect(asked.some((b) => b.metrics.some((m: { name: string }) => m.name === "keyEvents:purchase"))).toBe(true);
  });

  it("reads more key events than fit in one report from further reports of the same rows", async () => {
    // Four events: three beside the other 7 metrics, the fourth in a second report.
    const four = ["generate_lead", "purchase", "sign_up", "file_download"];
    const { source } = await ga4Source({ conversionEvents: four });
    await syncDataSource(source.id, { today: TODAY });
    const expected = served(["generate_lead", "purchase", "sign_up"]);
    expect(await stored(source.id)).toEqual(expected);
    // The three events the fake knows are every key event of a row: the same total as no choice.
    expect(expected.conversions).toBe(served([]).conversions);
  });

  it("imports only the audience's rows, for every metric", async () => {
    const { source } = await ga4Source({ audience: "properties/1001/audiences/2" });
    await syncDataSource(source.id, { today: TODAY });
    const purchasers = served([], "2");
    expect(await stored(source.id)).toEqual(purchasers);
    expect(purchasers.sessions).toBeLessThan(served([]).sessions);
  });

  it("imports the audience chosen in the wizard: two audiences, two totals, each the fake's; a change imports again", async () => {
    const main = await createAgency();
    const project = await insertProject(await insertClient(main.agency.id));
    await signIn(fake, main.token);
    // As the wizard's Data Details step sends it (components/data-sources/google-source-fields.tsx).
    const create = async (audience: string) => {
      const res = await createSource(project.id, main.token, {
        kind: "google",
        subType: "analytic-4",
        name: `GA4 ${audience}`,
        additional: { analyticAccount: "accounts/100", analyticProperty: "properties/1001", audience },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body._id as string;
    };
    const purchasers = await create("properties/1001/audiences/2");
    const mobile = await create("properties/1001/audiences/3");
    fake.state.log.length = 0;
    for (const id of [purchasers, mobile])
      expect((await syncDataSource(id, { today: TODAY })).status).toBe("succeeded");
    const asked = fake.state.log
      .filter((r) => r.path.endsWith(":runReport"))
      .map((r) => JSON.parse(r.body).dimensionFilter?.filter?.stringFilter?.value);
    expect(new Set(asked)).toEqual(new Set(["2", "3"]));

    const everyone = served([]);
    const bought = served([], "2");
    const phones = served([], "3");
    expect(await stored(purchasers)).toEqual(bought);
    expect(await stored(mobile)).toEqual(phones);
    expect(bought.sessions).not.toBe(phones.sessions);
    for (const part of [bought, phones]) expect(part.sessions).toBeLessThan(everyone.sessions);

    // The source's page changes the audience: its whole history is imported again, for the new audience alone.
    const changed = await call(sourceRoute.PUT, {
      method: "PUT",
      path: `/api/data-sources/${purchasers}`,
      params: { id: purchasers },
      token: main.token,
      body: { audience: "properties/1001/audiences/3" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const again = await syncDataSource(purchasers, { today: TODAY });
    expect(again).toMatchObject({ status: "succeeded", mode: "initial", startDate: START, endDate: END });
    expect(await stored(purchasers)).toEqual(phones);
  });

  it("imports the history again when the key events or the audience change", async () => {
    const { source, token } = await ga4Source({});
    await syncDataSource(source.id, { today: TODAY });
    expect(await stored(source.id)).toEqual(served([]));

    const put = (body: unknown) =>
      call(sourceRoute.PUT, {
        method: "PUT",
        path: `/api/data-sources/${source.id}`,
        params: { id: source.id },
        token,
        body,
      });
    const changed = await put({ conversionEvents: ["sign_up"], audience: "properties/1001/audiences/2" });
    expect(changed.status).toBe(200);
    expect(changed.body.additional).toMatchObject({
      conversionEvents: ["sign_up"],
      audience: "properties/1001/audiences/2",
    });
    const [state] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    expect(state).toMatchObject({ importedThrough: null, initialCompletedAt: null, initialStartDate: START });

    const again = await syncDataSource(source.id, { today: TODAY });
    expect(again).toMatchObject({ status: "succeeded", mode: "initial", startDate: START, endDate: END });
    expect(await stored(source.id)).toEqual(served(["sign_up"], "2"));

    // Saving the same choice again changes nothing and imports nothing.
    await put({ conversionEvents: ["sign_up"], audience: "properties/1001/audiences/2" });
    const [after] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    expect(after.initialCompletedAt).not.toBeNull();
  });

  it("refuses key events on a source that is not GA4, and another agency's source is a 404", async () => {
    const { source } = await ga4Source({});
    const [searchConsole] = await db()
      .update(dataSources)
      .set({ subType: "searchconsole", additional: { analyticSite: "https://www.northwind.example/" } })
      .where(eq(dataSources.id, source.id))
      .returning();
    const owner = (
      await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.id, source.thirdPartySessionId!))
    )[0];
    const token = await tokenFor(owner.userId);
    const refused = await call(sourceRoute.PUT, {
      method: "PUT",
      path: `/api/data-sources/${searchConsole.id}`,
      params: { id: searchConsole.id },
      token,
      body: { conversionEvents: ["purchase"] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.conversionEvents).toMatch(/Only a Google Analytics 4 source/);

    const other = await createAgency();
    const foreign = await call(sourceRoute.PUT, {
      method: "PUT",
      path: `/api/data-sources/${source.id}`,
      params: { id: source.id },
      token: await tokenFor(other.admin.id),
      body: { audience: "properties/1001/audiences/2" },
    });
    expect(foreign.status).toBe(404);
  });
});
