import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { GET, PUT } from "./route";

const path = (id: string) => `/api/agencies/${id}/settings`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, body: unknown) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, body });

describe("/api/agencies/{id}/settings", () => {
  beforeEach(resetDatabase);

  it("reads and replaces the agency's name, website and phone", async () => {
    const { agency, token } = await createAgency({ name: "Old Name" });
    expect((await get(agency.id, token)).body).toMatchObject({
      _id: agency.id,
      name: "Old Name",
      website: null,
      phone: null,
    });
    const res = await put(agency.id, token, {
      name: "  New Name ",
      website: "example.com",
      phone: "+1 (555) 123-4567",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "New Name",
      website: "example.com",
      phone: "+1 (555) 123-4567",
      message: "Settings saved",
    });
    const cleared = await put(agency.id, token, { name: "New Name", website: "", phone: "" });
    expect(cleared.body).toMatchObject({ website: null, phone: null });
  });

  it("validates with the shared messages and changes nothing on error", async () => {
    const { agency, token } = await createAgency({ name: "Kept" });
    const res = await put(agency.id, token, { name: "", website: "not a url", phone: "123" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: MESSAGES.required,
      website: "Please enter a valid URL",
      phone: MESSAGES.invalidPhone,
    });
    expect((await put(agency.id, token, { name: "n".repeat(256) })).body.errors).toEqual({
      name: "Agency name should be equal or less than 255 characters",
    });
    expect((await get(agency.id, token)).body.name).toBe("Kept");
  });

  it("is for the agency's admins only", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency({ name: "Other" });
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect((await get(agency.id, staff.token)).status).toBe(403);
    expect((await put(agency.id, staff.token, { name: "Hijack" })).status).toBe(403);
    expect((await get(other.agency.id, token)).status).toBe(404);
    expect((await put(other.agency.id, token, { name: "Hijack" })).status).toBe(404);
    expect((await get(other.agency.id, other.token)).body.name).toBe("Other");
  });
});
