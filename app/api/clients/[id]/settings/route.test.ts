import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { clients } from "@/server/db/schema";
import { call } from "@/test/api";
import { createClient, createStaff } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { GET, PUT } from "./route";

const path = (id: string) => `/api/clients/${id}/settings`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, body: unknown) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, body });

const DEFAULTS = { currency: "USD", timeZone: "UTC", weekStart: "monday", reportRecipients: [] };

describe("/api/clients/{id}/settings", () => {
  beforeEach(resetDatabase);

  it("shows the defaults, then merges partial updates, and null resets a field", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    expect((await get(client.id, token)).body).toEqual({ own: {}, defaults: DEFAULTS, effective: DEFAULTS });

    const first = await put(client.id, token, {
      currency: "eur",
      reportRecipients: "Boss@Client.com, team@client.com; boss@client.com",
    });
    expect(first.status).toBe(200);
    expect(first.body.own).toEqual({ currency: "EUR", reportRecipients: ["boss@client.com", "team@client.com"] });
    expect(first.body.effective).toEqual({
      ...DEFAULTS,
      currency: "EUR",
      reportRecipients: ["boss@client.com", "team@client.com"],
    });

    const second = await put(client.id, token, { weekStart: "sunday", timeZone: "Europe/Paris", currency: null });
    expect(second.body.effective).toEqual({
      currency: "USD",
      timeZone: "Europe/Paris",
      weekStart: "sunday",
      reportRecipients: ["boss@client.com", "team@client.com"],
    });
    expect(second.body.own).not.toHaveProperty("currency");
  });

  it("keeps keys other features store in the same column", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    await db()
      .update(clients)
      .set({ settings: { somethingElse: 1, weekStart: "friday" } })
      .where(eq(clients.id, client.id));
    // A stored value that no longer validates counts as unset.
    expect((await get(client.id, token)).body.effective.weekStart).toBe("monday");
    await put(client.id, token, { weekStart: "sunday" });
    const [row] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(row.settings).toEqual({ somethingElse: 1, weekStart: "sunday" });
  });

  it("validates every field and changes nothing on error", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const res = await put(client.id, token, {
      currency: "XXXX",
      timeZone: "Mars/Base",
      weekStart: "friday",
      reportRecipients: ["ok@example.com", "nope"],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      currency: "Please select a currency from the list",
      timeZone: "Please select a time zone from the list",
      weekStart: "Please choose Monday or Sunday",
      reportRecipients: MESSAGES.invalidEmails,
    });
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@example.com`);
    expect((await put(client.id, token, { reportRecipients: many })).body.errors).toEqual({
      reportRecipients: "You can add at most 20 report recipients",
    });
    expect((await get(client.id, token)).body.own).toEqual({});
  });

  it("lets a Viewer read, only a Client Admin write, and hides other agencies' clients", async () => {
    const { agency } = await createAgency();
    const client = await createClient(agency.id);
    const viewer = await createStaff(agency.id, client.id, 1);
    const creator = await createStaff(agency.id, client.id, 2);
    const clientAdmin = await createStaff(agency.id, client.id, 4);
    const other = await createAgency();
    expect((await get(client.id, viewer.token)).status).toBe(200);
    expect((await put(client.id, viewer.token, { weekStart: "sunday" })).status).toBe(403);
    expect((await put(client.id, creator.token, { weekStart: "sunday" })).status).toBe(403);
    expect((await put(client.id, clientAdmin.token, { weekStart: "sunday" })).status).toBe(200);
    expect((await get(client.id, other.token)).status).toBe(404);
    expect((await put(client.id, other.token, { weekStart: "monday" })).status).toBe(404);
  });
});
