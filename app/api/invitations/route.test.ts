import { count, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { generateToken, hashToken } from "@/server/auth/tokens";
import { db } from "@/server/db/client";
import { invitations } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { GET, POST } from "./route";

type EmailJob = { template: string; to: string; params: { url: string; agencyName: string; inviterName: string } };

const invite = (emails: unknown, token?: string) => call(POST, { path: "/api/invitations", body: { emails }, token });
const list = (token: string, query = "") => call(GET, { path: `/api/invitations${query}`, token });
const tokenInfo = (token: string) => call(GET, { path: `/api/invitations?token=${encodeURIComponent(token)}` });
const invitationCount = async () => (await db().select({ n: count() }).from(invitations))[0].n;

describe("POST /api/invitations", () => {
  beforeAll(async () => {
    await boss();
  });
  beforeEach(resetDatabase);

  it("lets an admin invite staff: stores hashed tokens and queues one invitation email each", async () => {
    const { agency, admin, token } = await createAgency({ name: "Inviting Agency" });
    const res = await invite("New.One@example.com, two@example.com", token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.invitationsSent);
    expect(res.body.total).toBe(2);
    expect(res.body.docs.map((d: { email: string }) => d.email).sort()).toEqual([
      "new.one@example.com",
      "two@example.com",
    ]);
    expect(res.body.docs[0]).toMatchObject({ agencyId: agency.id, role: "staff", status: "pending", acceptedAt: null });

    const rows = await db().select().from(invitations);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.agencyId === agency.id && r.invitedById === admin.id)).toBe(true);

    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(job).toMatchObject({
        template: "invitation",
        params: { agencyName: "Inviting Agency", inviterName: `${admin.firstName} ${admin.lastName}` },
      });
      const link = job.params.url.match(/\/invitations\/([A-Za-z0-9_-]+)$/)![1];
      const row = rows.find((r) => r.email === job.to)!;
      expect(row.tokenHash).toBe(hashToken(link));
    }
  });

  it("replaces a pending invitation for the same email, so only the newest link works", async () => {
    const { token } = await createAgency();
    await invite(["again@example.com"], token);
    const [first] = await queuedJobs<EmailJob>("send-email");
    await invite(["again@example.com"], token);
    const [second] = await queuedJobs<EmailJob>("send-email");
    expect(await invitationCount()).toBe(1);
    expect((await tokenInfo(first.params.url.split("/").pop()!)).status).toBe(400);
    expect((await tokenInfo(second.params.url.split("/").pop()!)).status).toBe(200);
  });

  it("forbids staff with 403 and writes nothing", async () => {
    const { agency } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const res = await invite(["someone@example.com"], staff.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: MESSAGES.forbidden });
    expect(await invitationCount()).toBe(0);
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await invite(["someone@example.com"])).status).toBe(401);
  });

  it("refuses invalid emails with 'Please enter valid emails' and writes nothing", async () => {
    const { token } = await createAgency();
    const res = await invite("good@example.com, not-an-email", token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ emails: "Please enter valid emails" });
    const empty = await invite("", token);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ emails: MESSAGES.required });
    expect(await invitationCount()).toBe(0);
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("refuses emails of the agency's own members, inviting none of the batch", async () => {
    const { admin, token } = await createAgency();
    const res = await invite([admin.email.toUpperCase(), "fresh@example.com"], token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.invitationAlreadyInAgency);
    expect(res.body.errors.emails).toContain(admin.email);
    expect(await invitationCount()).toBe(0);
    expect(await queuedJobs("send-email")).toEqual([]);
  });

  it("answers an address with an account in another agency as any other, and tells its owner instead (issue 60)", async () => {
    const { token } = await createAgency();
    const other = await createAgency();
    const res = await invite([other.admin.email, "fresh@example.com"], token);
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(MESSAGES.invitationAlreadyMember);
    expect(res.body.docs.map((d: { email: string; status: string }) => [d.email, d.status]).sort()).toEqual(
      [
        [other.admin.email, "pending"],
        ["fresh@example.com", "pending"],
      ].sort(),
    );
    const jobs = await queuedJobs<EmailJob>("send-email");
    expect(jobs.map((j) => [j.to, j.template]).sort()).toEqual(
      [
        [other.admin.email, "invitation-account-exists"],
        ["fresh@example.com", "invitation"],
      ].sort(),
    );
    // The owner gets no link to accept with.
    expect(jobs.find((j) => j.to === other.admin.email)!.params).not.toHaveProperty("url");
  });

  it("sends at most five invitations a day to one address, from any agency", async () => {
    const first = await createAgency();
    const second = await createAgency();
    for (let i = 0; i < 5; i++) {
      const { token } = i % 2 ? first : second;
      expect((await invite(["popular@example.com"], token)).status).toBe(201);
    }
    const refused = await invite(["popular@example.com", "someone@example.com"], first.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 429, message: MESSAGES.invitationRateLimited });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(80_000);
    // Refused whole: nothing of that batch was sent or counted.
    expect((await queuedJobs<EmailJob>("send-email")).filter((j) => j.to === "someone@example.com")).toEqual([]);
    expect((await invite(["someone@example.com"], first.token)).status).toBe(201);
  });
});

describe("GET /api/invitations", () => {
  beforeEach(resetDatabase);

  /** Inserts invitations with distinct creation times, the i-th one i minutes old. */
  async function seedInvitations(agencyId: string, n: number, prefix = "invitee") {
    const base = Date.now();
    await db()
      .insert(invitations)
      .values(
        Array.from({ length: n }, (_, i) => ({
          agencyId,
          email: `${prefix}${i}@example.com`,
          tokenHash: generateToken().tokenHash,
          expiresAt: new Date(base + 86_400_000),
          createdAt: new Date(base - i * 60_000),
        })),
      );
  }

  it("lists the agency's invitations as {docs, total}, 20 a page, newest first", async () => {
    const { agency, token } = await createAgency();
    await seedInvitations(agency.id, 25);
    const page0 = await list(token);
    expect(page0.status).toBe(200);
    expect(page0.body.total).toBe(25);
    expect(page0.body.docs).toHaveLength(20);
    expect(page0.body.docs.map((d: { email: string }) => d.email)).toEqual(
      Array.from({ length: 20 }, (_, i) => `invitee${i}@example.com`),
    );
    const created = page0.body.docs.map((d: { createdAt: string }) => Date.parse(d.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const page1 = await list(token, "?page=1");
    expect(page1.body.total).toBe(25);
    expect(page1.body.docs.map((d: { email: string }) => d.email)).toEqual(
      Array.from({ length: 5 }, (_, i) => `invitee${i + 20}@example.com`),
    );

    const small = await list(token, "?page=2&limit=10");
    expect(small.body.docs).toHaveLength(5);
    expect((await list(token, "?page=-1")).status).toBe(400);
    expect((await list(token, "?limit=0")).status).toBe(400);
  });

  it("pages through invitations created together without repeating or skipping any", async () => {
    const { token } = await createAgency();
    // One request of 20 shares one creation time; the order must still be stable across pages.
    const batch = Array.from({ length: 20 }, (_, i) => `same${i}@example.com`);
    expect((await invite(batch, token)).status).toBe(201);
    expect(
      (
        await invite(
          [
            "later1@example.com",
            "later2@example.com",
            "later3@example.com",
            "later4@example.com",
            "later5@example.com",
          ],
          token,
        )
      ).status,
    ).toBe(201);
    const seen: string[] = [];
    for (let page = 0; page < 5; page++) {
      const res = await list(token, `?page=${page}&limit=6`);
      seen.push(...res.body.docs.map((d: { email: string }) => d.email));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.slice(0, 5).every((e) => e.startsWith("later"))).toBe(true);
  });

  it("is scoped to the caller's agency and closed to staff", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency();
    await seedInvitations(agency.id, 2, "mine");
    await seedInvitations(other.agency.id, 3, "theirs");
    const res = await list(token);
    expect(res.body.total).toBe(2);
    expect(
      res.body.docs.every(
        (d: { agencyId: string; email: string }) => d.agencyId === agency.id && d.email.startsWith("mine"),
      ),
    ).toBe(true);
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect((await list(staff.token)).status).toBe(403);
    expect((await call(GET, { path: "/api/invitations" })).status).toBe(401);
  });

  it("GET ?token= gives the public token info {token, agencyId, email}", async () => {
    const { agency, token } = await createAgency({ name: "Token Agency" });
    await invite(["info@example.com"], token);
    const [job] = await queuedJobs<EmailJob>("send-email");
    const link = job.params.url.split("/").pop()!;
    const res = await tokenInfo(link);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: link, agencyId: agency.id, email: "info@example.com" });
  });

  it("GET ?token= refuses a bad, empty or expired token with 400", async () => {
    const { token } = await createAgency();
    const bad = await tokenInfo("no-such-token");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 400, message: MESSAGES.invitationInvalid });
    const empty = await call(GET, { path: "/api/invitations?token=" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ token: MESSAGES.required });

    await invite(["expired@example.com"], token);
    const [job] = await queuedJobs<EmailJob>("send-email");
    await db().execute(sql`update invitations set expires_at = now() - interval '1 second'`);
    expect((await tokenInfo(job.params.url.split("/").pop()!)).status).toBe(400);
    const [row] = await db().select().from(invitations).where(eq(invitations.email, "expired@example.com"));
    expect(row.acceptedAt).toBeNull();
  });
});
