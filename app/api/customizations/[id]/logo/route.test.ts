import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
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
import { createAgency, createUser } from "@/test/factories";
import { PUT as putAgency } from "../../../agencies/[id]/customization/route";
import { PUT as putClient } from "../../../clients/[id]/customization/route";
import { PUT as putProject } from "../../../properties/[id]/customization/route";
import { GET } from "./route";

/** The logo route answers bytes, so read them raw rather than through call(). */
async function fetchLogo(id: string, token: string, headers: Record<string, string> = {}) {
  const req = new NextRequest(new URL(`/api/customizations/${id}/logo`, "http://localhost:3000"), {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const idOf = (body: { own: { id: string } }) => body.own.id;

describe("GET /api/customizations/{id}/logo", () => {
  beforeEach(resetDatabase);

  it("serves the stored bytes with their type and locked-down headers", async () => {
    const { agency, token } = await createAgency();
    const png = pngOfSize(500);
    const saved = await call(putAgency, {
      method: "PUT",
      params: { id: agency.id },
      token,
      formData: customizationForm({ chartColor: "#000000" }, file(png, "l.png", "image/png")),
    });
    const res = await fetchLogo(idOf(saved.body), token);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(png)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");

    const again = await fetchLogo(idOf(saved.body), token, { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("serves a logo with the type sniffed from its bytes, not the one the uploader claimed", async () => {
    const { agency, token } = await createAgency();
    const png = pngOfSize(300);
    const saved = await call(putAgency, {
      method: "PUT",
      params: { id: agency.id },
      token,
      formData: customizationForm({ chartColor: "#000000" }, file(png, "logo.svg", "image/svg+xml")),
    });
    expect(saved.status).toBe(200);
    const res = await fetchLogo(idOf(saved.body), token);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="[^"]+\.png"$/);
    expect(res.headers.get("content-security-policy")).toMatch(/(^|; )sandbox($|;)/);
  });

  it("serves a sanitized SVG as image/svg+xml", async () => {
    const { agency, token } = await createAgency();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="1" height="1"/></svg>`;
    const saved = await call(putAgency, {
      method: "PUT",
      params: { id: agency.id },
      token,
      formData: customizationForm({ chartColor: "#000000" }, file(svg, "l.svg", "image/svg+xml")),
    });
    const res = await fetchLogo(idOf(saved.body), token);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.bytes.toString("utf8")).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`,
    );
  });

  it("is scoped: the agency's logo to its members, a client's to those with access to the client", async () => {
    const { agency, token } = await createAgency();
    const client = await createClient(agency.id);
    const project = await createProject(agency.id, client.id);
    const form = () => customizationForm({ chartColor: "#000000" }, file(pngOfSize(64), "l.png", "image/png"));
    const agencyLogo = idOf(
      (await call(putAgency, { method: "PUT", params: { id: agency.id }, token, formData: form() })).body,
    );
    const clientLogo = idOf(
      (await call(putClient, { method: "PUT", params: { id: client.id }, token, formData: form() })).body,
    );
    const projectLogo = idOf(
      (await call(putProject, { method: "PUT", params: { id: project.id }, token, formData: form() })).body,
    );

    const viewer = await createStaff(agency.id, client.id, 1);
    const unshared = await createUser({ agencyId: agency.id, role: "staff" });
    const stranger = await createAgency();

    for (const id of [agencyLogo, clientLogo, projectLogo]) {
      expect((await fetchLogo(id, token)).status).toBe(200);
      expect((await fetchLogo(id, viewer.token)).status).toBe(200);
      expect((await fetchLogo(id, stranger.token)).status).toBe(404);
    }
    expect((await fetchLogo(agencyLogo, unshared.token)).status).toBe(200);
    expect((await fetchLogo(clientLogo, unshared.token)).status).toBe(404);
    expect((await fetchLogo(projectLogo, unshared.token)).status).toBe(404);
    expect((await fetchLogo("not-a-uuid", token)).status).toBe(404);
  });

  it("answers 404 for a customization without a logo", async () => {
    const { agency, token } = await createAgency();
    const saved = await call(putAgency, {
      method: "PUT",
      params: { id: agency.id },
      token,
      formData: customizationForm({ chartColor: "#000000" }),
    });
    expect((await fetchLogo(idOf(saved.body), token)).status).toBe(404);
  });
});
