import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CUSTOMIZATION } from "@/lib/constants/customization";
import { MESSAGES } from "@/lib/constants/messages";
import { call } from "@/test/api";
import { createClient, createStaff, customizationForm, file, pngOfSize } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { PUT as putAgency } from "../../../agencies/[id]/customization/route";
import { DELETE, GET, PUT } from "./route";

const path = (id: string) => `/api/clients/${id}/customization`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, form: FormData) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, formData: form });
const reset = (id: string, token: string) => call(DELETE, { method: "DELETE", path: path(id), params: { id }, token });

describe("/api/clients/{id}/customization", () => {
  beforeEach(resetDatabase);

  it("inherits the agency's look field by field until the client sets its own", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    await call(putAgency, {
      method: "PUT",
      params: { id: agency.id },
      token,
      formData: customizationForm(
        { chartColor: "#aa0000", reportTitle: "Agency report" },
        file(pngOfSize(200), "a.png", "image/png"),
      ),
    });

    const before = await get(client.id, token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ level: "client", own: null, inheritsFrom: "agency" });
    expect(before.body.effective).toMatchObject({
      chartColor: "#aa0000",
      reportTitle: "Agency report",
      font: DEFAULT_CUSTOMIZATION.font,
      logo: { level: "agency", size: 200 },
    });
    expect(before.body.inheritedSources).toMatchObject({ chartColor: "agency", font: "default", logo: "agency" });

    const saved = await put(
      client.id,
      token,
      customizationForm({ chartColor: "#00aa00", footerText: "Client footer" }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.own).toMatchObject({
      level: "client",
      chartColor: "#00aa00",
      footerText: "Client footer",
      reportTitle: null,
      logo: null,
    });
    expect(saved.body.effective).toMatchObject({
      chartColor: "#00aa00",
      footerText: "Client footer",
      reportTitle: "Agency report",
      logo: { level: "agency" },
    });
    expect(saved.body.inherited.chartColor).toBe("#aa0000");

    const restored = await reset(client.id, token);
    expect(restored.body).toMatchObject({ own: null, inheritsFrom: "agency" });
    expect(restored.body.effective.chartColor).toBe("#aa0000");
  });

  it("lets a Viewer read but not change it (403), and a Client Admin change it", async () => {
    const { agency } = await createAgency();
    const client = await createClient(agency.id);
    const viewer = await createStaff(agency.id, client.id, 1);
    const creator = await createStaff(agency.id, client.id, 2);
    const clientAdmin = await createStaff(agency.id, client.id, 4);

    expect((await get(client.id, viewer.token)).status).toBe(200);
    const denied = await put(client.id, viewer.token, customizationForm({ chartColor: "#000000" }));
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ status: 403, message: MESSAGES.forbidden });
    expect((await reset(client.id, viewer.token)).status).toBe(403);
    expect((await put(client.id, creator.token, customizationForm({ chartColor: "#000000" }))).status).toBe(403);

    const allowed = await put(client.id, clientAdmin.token, customizationForm({ chartColor: "#0000ff" }));
    expect(allowed.status).toBe(200);
    expect((await get(client.id, viewer.token)).body.effective.chartColor).toBe("#0000ff");
    expect((await reset(client.id, clientAdmin.token)).status).toBe(200);
  });

  it("answers 404 for another agency's client and for staff it is not shared with", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency();
    const foreign = await createClient(other.agency.id);
    const own = await createClient(agency.id);
    const unshared = await createStaff(agency.id, null, null);

    expect((await get(foreign.id, token)).status).toBe(404);
    expect((await put(foreign.id, token, customizationForm({ chartColor: "#000000" }))).status).toBe(404);
    expect((await reset(foreign.id, token)).status).toBe(404);
    expect((await get(foreign.id, other.token)).body.own).toBeNull();
    expect((await get(own.id, unshared.token)).status).toBe(404);
    expect((await put(own.id, unshared.token, customizationForm({ chartColor: "#000000" }))).status).toBe(404);
  });
});
