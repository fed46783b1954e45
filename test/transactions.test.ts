import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { boss } from "@/server/jobs/boss";
import { clientProjects, clients, clientStaff, invitations, reports } from "@/server/db/schema";
import * as signupRoute from "@/app/api/agencies/signup/route";
import * as staffSignupRoute from "@/app/api/users/signup/route";
import * as inviteRoute from "@/app/api/invitations/route";
import * as clientRoute from "@/app/api/clients/[id]/route";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { rowCounts } from "@/test/fuzz/row-counts";
import { insertReport } from "@/test/report-fixtures";
import { insertClient, insertProject, share } from "@/test/search-fixtures";

// Writes that span tables run in one transaction: a failure in the last write (injected with a real
// PostgreSQL trigger, not a mock) leaves nothing of the earlier ones behind, and the same request
// succeeds once the failure is gone.

async function failOn(table: string, operation: "insert" | "delete") {
  await db().execute(
    sql.raw(`create or replace function test_injected_failure() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$;
    create trigger test_injected_failure before ${operation} on ${table}
      for each row execute function test_injected_failure();`),
  );
  return () => db().execute(sql.raw(`drop trigger if exists test_injected_failure on ${table}`));
}

let undo: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await undo?.();
  undo = undefined;
});

const signupBody = {
  agencyName: "Acme",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@acme.example",
  password: "Secret1!",
  confirmPassword: "Secret1!",
  acceptTerms: true,
};

describe("writes that span tables are all or nothing", () => {
  beforeAll(async () => {
    await boss(); // pg-boss's tables exist before tests read queued jobs
  });
  beforeEach(resetDatabase);

  it("sign-up: a failure writing the confirmation token leaves no agency, user or email behind", async () => {
    const before = await rowCounts();
    undo = await failOn("user_tokens", "insert");
    const failed = await call(signupRoute.POST, { body: signupBody });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ status: 500, message: expect.any(String) });
    expect(await rowCounts()).toEqual(before);
    expect(await queuedJobs("send-email")).toEqual([]);

    await undo();
    undo = undefined;
    expect((await call(signupRoute.POST, { body: signupBody })).status).toBe(201);
    expect(await queuedJobs("send-email")).toHaveLength(1);
  });

  it("sign-up: an email that cannot be queued leaves no agency behind (the queue shares the transaction)", async () => {
    const before = await rowCounts();
    undo = await failOn("pgboss.job", "insert");
    expect((await call(signupRoute.POST, { body: signupBody })).status).toBe(500);
    expect(await rowCounts()).toEqual(before);
  });

  it("invitation acceptance: a failure creating the user leaves the invitation unused", async () => {
    const { token } = await createAgency();
    const email = "sam@example.com";
    expect((await call(inviteRoute.POST, { path: "/api/invitations", body: { emails: [email] }, token })).status).toBe(
      201,
    );
    const job = (await queuedJobs<{ to: string; params: { url: string } }>("send-email")).find((j) => j.to === email)!;
    const invitationToken = job.params.url.split("/").pop()!;
    const accept = () =>
      call(staffSignupRoute.POST, {
        path: "/api/users/signup",
        body: {
          token: invitationToken,
          firstName: "Sam",
          lastName: "Staff",
          password: "Staff-pass1!",
          confirmPassword: "Staff-pass1!",
        },
      });
    const before = await rowCounts();
    undo = await failOn("users", "insert");
    expect((await accept()).status).toBe(500);
    expect(await rowCounts()).toEqual(before);
    const [invitation] = await db().select().from(invitations);
    expect(invitation.acceptedAt).toBeNull();

    await undo();
    undo = undefined;
    expect((await accept()).status).toBe(201);
  });

  it("client deletion: a failure deleting one of its reports keeps the client, its projects and shares whole", async () => {
    const { agency, token } = await createAgency();
    const client = await insertClient(agency.id, "Northwind");
    const project = await insertProject(client, "Shop");
    await insertReport(project);
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    await share(client.id, staff.user.id, 2);
    const before = await rowCounts();
    undo = await failOn("reports", "delete");
    const del = () => call(clientRoute.DELETE, { method: "DELETE", params: { id: client.id }, token });
    expect((await del()).status).toBe(500);
    expect(await rowCounts()).toEqual(before);
    expect(await db().select().from(clients).where(eq(clients.id, client.id))).toHaveLength(1);
    expect(await db().select().from(clientProjects).where(eq(clientProjects.clientId, client.id))).toHaveLength(1);
    expect(await db().select().from(clientStaff).where(eq(clientStaff.clientId, client.id))).toHaveLength(1);
    expect(await db().select().from(reports).where(eq(reports.projectId, project.id))).toHaveLength(1);

    await undo();
    undo = undefined;
    expect((await del()).status).toBe(200);
    expect(await db().select().from(clientProjects).where(eq(clientProjects.clientId, client.id))).toEqual([]);
  });
});
