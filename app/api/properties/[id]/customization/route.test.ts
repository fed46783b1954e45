import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CUSTOMIZATION } from "@/lib/constants/customization";
import { call } from "@/test/api";
import {
  createClient,
  createProject,
  createStaff,
  customizationForm,
  file,
  pngOfSize,
} from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { PUT as putClient } from "../../../clients/[id]/customization/route";
import { DELETE, GET, PUT } from "./route";

const path = (id: string) => `/api/properties/${id}/customization`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, form: FormData) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, formData: form });
const reset = (id: string, token: string) => call(DELETE, { method: "DELETE", path: path(id), params: { id }, token });

describe("/api/properties/{id}/customization", () => {
  beforeEach(resetDatabase);

  it("shows the defaults when no level above has a look", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const res = await get(project.id, token);
    expect(res.body).toMatchObject({
      level: "project",
      own: null,
      inheritsFrom: "default",
      effective: { ...DEFAULT_CUSTOMIZATION, logo: null },
    });
  });

  it("inherits the client's look, overrides it, and gets it back on reset", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const sibling = await createProject(agency.id, client.id, { name: "Sibling" });
    await call(putClient, {
      method: "PUT",
      params: { id: client.id },
      token,
      formData: customizationForm(
        { chartColor: "#00aa00", palette: "#010101,#020202", font: "Verdana, Geneva, sans-serif" },
        file(pngOfSize(300), "c.png", "image/png"),
      ),
    });

    const inherited = await get(project.id, token);
    expect(inherited.body).toMatchObject({ own: null, inheritsFrom: "client" });
    expect(inherited.body.effective).toMatchObject({
      chartColor: "#00aa00",
      palette: ["#010101", "#020202"],
      font: "Verdana, Geneva, sans-serif",
      reportTitle: DEFAULT_CUSTOMIZATION.reportTitle,
      logo: { level: "client", size: 300 },
    });

    const own = await put(
      project.id,
      token,
      customizationForm(
        { chartColor: "#ff00ff", reportTitle: "Shop report" },
        file(pngOfSize(400), "p.png", "image/png"),
      ),
    );
    expect(own.status).toBe(200);
    expect(own.body.effective).toMatchObject({
      chartColor: "#ff00ff",
      reportTitle: "Shop report",
      palette: ["#010101", "#020202"],
      logo: { level: "project", size: 400 },
    });
    expect(own.body.inherited).toMatchObject({ chartColor: "#00aa00", logo: { level: "client" } });
    // A sibling project is untouched.
    expect((await get(sibling.id, token)).body.effective.chartColor).toBe("#00aa00");

    const restored = await reset(project.id, token);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ own: null, inheritsFrom: "client" });
    expect(restored.body.effective).toEqual(inherited.body.effective);
  });

  it("checks access through the project's client", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const viewer = await createStaff(agency.id, client.id, 1);
    const clientAdmin = await createStaff(agency.id, client.id, 4);
    const other = await createAgency();

    expect((await get(project.id, viewer.token)).status).toBe(200);
    expect((await put(project.id, viewer.token, customizationForm({ chartColor: "#000000" }))).status).toBe(403);
    expect((await reset(project.id, viewer.token)).status).toBe(403);
    expect((await put(project.id, clientAdmin.token, customizationForm({ chartColor: "#000000" }))).status).toBe(200);
    expect((await get(project.id, other.token)).status).toBe(404);
    expect((await put(project.id, other.token, customizationForm({ chartColor: "#000000" }))).status).toBe(404);
    expect((await get(project.id, token)).body.own.chartColor).toBe("#000000");
  });
});
