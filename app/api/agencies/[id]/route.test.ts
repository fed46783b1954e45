import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { GET } from "./route";

const getAgency = (id: string, token?: string) => call(GET, { path: `/api/agencies/${id}`, params: { id }, token });

describe("GET /api/agencies/{id}", () => {
  beforeEach(resetDatabase);

  it("gives the caller's own agency with its admins and plan", async () => {
    const { agency, admin, token } = await createAgency({ name: "Own Agency" });
    const res = await getAgency(agency.id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: agency.id,
      name: "Own Agency",
      planTier: "basic",
      subscriptionStatus: "demo",
      projectLimit: 5,
      activeProjects: 0,
      admins: [{ _id: admin.id, email: admin.email, firstName: admin.firstName, lastName: admin.lastName }],
    });
    expect(res.body.admins[0]).not.toHaveProperty("passwordHash");
  });

  it("lets staff read their own agency too", async () => {
    const { agency } = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    const res = await getAgency(agency.id, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.admins).toHaveLength(1);
  });

  it("answers 404 for another agency's id and for a non-uuid id", async () => {
    const { token } = await createAgency();
    const other = await createAgency();
    const foreign = await getAgency(other.agency.id, token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: 404, message: MESSAGES.notFound });
    expect((await getAgency("not-a-uuid", token)).status).toBe(404);
    expect((await getAgency("00000000-0000-0000-0000-000000000000", token)).status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    const { agency } = await createAgency();
    const res = await getAgency(agency.id);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 401, message: MESSAGES.sessionExpired });
  });
});
