import { beforeEach, describe, expect, it } from "vitest";
import { call } from "@/test/api";
import { createClient, createProject, createStaff } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { GET, PUT } from "./route";

const path = (id: string) => `/api/properties/${id}/settings`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, body: unknown) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, body });

describe("/api/properties/{id}/settings", () => {
  beforeEach(resetDatabase);

  it("defaults the primary KPI to the site type's and lets the project override it", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const leads = await createProject(agency.id, client.id, { siteType: "lead_generation" });
    expect((await get(leads.id, token)).body).toEqual({
      own: {},
      defaults: { primaryKpi: "leads", goals: "", reportLanguage: "en", competitiveAnalysis: true },
      effective: { primaryKpi: "leads", goals: "", reportLanguage: "en", competitiveAnalysis: true },
    });
    const saved = await put(leads.id, token, {
      primaryKpi: "conversions",
      goals: " 200 leads a month ",
      reportLanguage: "en",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.effective).toEqual({
      primaryKpi: "conversions",
      goals: "200 leads a month",
      reportLanguage: "en",
      competitiveAnalysis: true,
    });
    const back = await put(leads.id, token, { primaryKpi: "" });
    expect(back.body.effective.primaryKpi).toBe("leads");
    expect(back.body.effective.goals).toBe("200 leads a month");
  });

  it("validates and changes nothing on error", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const res = await put(project.id, token, { primaryKpi: "likes", goals: "g".repeat(1001), reportLanguage: "fr" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      primaryKpi: "Please select a KPI from the list",
      goals: "Goals should be equal or less than 1000 characters",
      reportLanguage: "Please select a report language from the list",
    });
    expect((await get(project.id, token)).body.own).toEqual({});
  });

  it("needs client:settings to write; other agencies get 404", async () => {
    const { agency } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const viewer = await createStaff(agency.id, client.id, 1);
    const clientAdmin = await createStaff(agency.id, client.id, 4);
    const other = await createAgency();
    expect((await get(project.id, viewer.token)).status).toBe(200);
    expect((await put(project.id, viewer.token, { goals: "x" })).status).toBe(403);
    expect((await put(project.id, clientAdmin.token, { goals: "x" })).status).toBe(200);
    expect((await get(project.id, other.token)).status).toBe(404);
    expect((await put(project.id, other.token, { goals: "y" })).status).toBe(404);
  });
});
