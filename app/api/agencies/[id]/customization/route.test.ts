import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CUSTOMIZATION_MESSAGES, DEFAULT_CUSTOMIZATION, MAX_LOGO_BYTES } from "@/lib/constants/customization";
import { MESSAGES } from "@/lib/constants/messages";
import { db } from "@/server/db/client";
import { customizations } from "@/server/db/schema";
import { call } from "@/test/api";
import { customizationForm, file, jpegBytes, pngOfSize } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { DELETE, GET, PUT } from "./route";

const path = (id: string) => `/api/agencies/${id}/customization`;
const get = (id: string, token: string) => call(GET, { path: path(id), params: { id }, token });
const put = (id: string, token: string, form: FormData) =>
  call(PUT, { method: "PUT", path: path(id), params: { id }, token, formData: form });
const reset = (id: string, token: string) => call(DELETE, { method: "DELETE", path: path(id), params: { id }, token });

async function storedRow(agencyId: string) {
  const [row] = await db().select().from(customizations).where(eq(customizations.agencyId, agencyId));
  return row;
}

describe("/api/agencies/{id}/customization", () => {
  beforeEach(resetDatabase);

  it("starts from the built-in defaults", async () => {
    const { agency, token } = await createAgency();
    const res = await get(agency.id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ level: "agency", own: null, inheritsFrom: "default" });
    expect(res.body.effective).toEqual({ ...DEFAULT_CUSTOMIZATION, logo: null });
    expect(res.body.inherited).toEqual(res.body.effective);
  });

  it("saves the look with a PNG logo of exactly 1048576 bytes", async () => {
    const { agency, token } = await createAgency();
    const form = customizationForm(
      {
        chartColor: "#FF0000",
        palette: "#112233, #445566",
        font: "Georgia, 'Times New Roman', serif",
        reportTitle: "Monthly results",
        footerText: "Made by us",
      },
      file(pngOfSize(MAX_LOGO_BYTES), "logo.png", "image/png"),
    );
    const res = await put(agency.id, token, form);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CUSTOMIZATION_MESSAGES.saved);
    expect(res.body.own).toMatchObject({
      level: "agency",
      chartColor: "#ff0000",
      palette: ["#112233", "#445566"],
      font: "Georgia, 'Times New Roman', serif",
      reportTitle: "Monthly results",
      footerText: "Made by us",
      logo: { mimeType: "image/png", size: MAX_LOGO_BYTES, level: "agency" },
    });
    expect(res.body.own.logo.path).toMatch(new RegExp(`^/customizations/${res.body.own.id}/logo\\?v=\\d+$`));
    expect(res.body.effective.chartColor).toBe("#ff0000");
    const row = await storedRow(agency.id);
    expect(row.logo?.length).toBe(MAX_LOGO_BYTES);
    expect(row.logoMimeType).toBe("image/png");
  });

  it("refuses a logo of 1048577 bytes with 413 and changes nothing", async () => {
    const { agency, token } = await createAgency();
    await put(agency.id, token, customizationForm({ chartColor: "#000000" }));
    const res = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#ffffff" }, file(pngOfSize(MAX_LOGO_BYTES + 1), "logo.png", "image/png")),
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      status: 413,
      message: CUSTOMIZATION_MESSAGES.logoTooLarge,
      errors: { logo: CUSTOMIZATION_MESSAGES.logoTooLarge },
    });
    const row = await storedRow(agency.id);
    expect(row.chartColor).toBe("#000000");
    expect(row.logo).toBeNull();
  });

  it("refuses a much larger body while streaming it, without a 500", async () => {
    const { agency, token } = await createAgency();
    const res = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#ffffff" }, file(pngOfSize(3 * MAX_LOGO_BYTES), "big.png", "image/png")),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(CUSTOMIZATION_MESSAGES.logoTooLarge);
    expect(await storedRow(agency.id)).toBeUndefined();
  });

  it("refuses a declared Content-Length past the limit before reading", async () => {
    const { agency, token } = await createAgency();
    const res = await call(PUT, {
      method: "PUT",
      path: path(agency.id),
      params: { id: agency.id },
      token,
      rawBody: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(5 * MAX_LOGO_BYTES) },
    });
    expect(res.status).toBe(413);
  });

  it("refuses a text file named .png, judged by its bytes", async () => {
    const { agency, token } = await createAgency();
    const res = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#123456" }, file("just some text, not an image\n", "logo.png", "image/png")),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      message: CUSTOMIZATION_MESSAGES.logoInvalid,
      errors: { logo: CUSTOMIZATION_MESSAGES.logoInvalid },
    });
    expect(await storedRow(agency.id)).toBeUndefined();
  });

  it("refuses other image formats and HTML dressed as SVG", async () => {
    const { agency, token } = await createAgency();
    const gif = file(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "logo.gif", "image/gif");
    expect((await put(agency.id, token, customizationForm({ chartColor: "#123456" }, gif))).body.errors.logo).toBe(
      CUSTOMIZATION_MESSAGES.logoInvalid,
    );
    const html = file("<html><body><svg></svg><script>alert(1)</script></body></html>", "logo.svg", "image/svg+xml");
    expect((await put(agency.id, token, customizationForm({ chartColor: "#123456" }, html))).body.errors.logo).toBe(
      CUSTOMIZATION_MESSAGES.logoInvalid,
    );
  });

  it("accepts a JPEG whatever its file name says", async () => {
    const { agency, token } = await createAgency();
    const res = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#123456" }, file(jpegBytes(), "logo.png", "image/png")),
    );
    expect(res.status).toBe(200);
    expect(res.body.own.logo.mimeType).toBe("image/jpeg");
  });

  it("stores an SVG with <script> and onload= without them", async () => {
    const { agency, token } = await createAgency();
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#2563eb" onclick="alert(3)"/><a href="javascript:alert(4)"><circle r="2"/></a></svg>`;
    const res = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#123456" }, file(svg, "logo.svg", "image/svg+xml")),
    );
    expect(res.status).toBe(200);
    expect(res.body.own.logo.mimeType).toBe("image/svg+xml");
    expect(res.body.logoRemovedParts).toEqual(expect.arrayContaining(["onload", "<script>", "onclick"]));
    const stored = (await storedRow(agency.id)).logo!.toString("utf8");
    expect(stored).not.toMatch(/<script|\son\w+\s*=|javascript:|alert/i);
    expect(stored).toContain(`<rect width="10" height="10" fill="#2563eb"/>`);
    // Drawn once, at upload, for the files and emails: a 600 px PNG of the square logo.
    const raster = (await storedRow(agency.id)).logoRaster!;
    expect(raster.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([raster.readUInt32BE(16), raster.readUInt32BE(20)]).toEqual([600, 600]);
  });

  it("refuses SVGs too costly to draw, each with its reason", async () => {
    const { agency, token } = await createAgency();
    const cases = [
      [
        `<svg width="100" height="100"><filter id="f"><feGaussianBlur stdDeviation="9"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>`,
        CUSTOMIZATION_MESSAGES.logoSvgFilters,
      ],
      [`<svg width="50000" height="100"><rect width="9" height="9"/></svg>`, CUSTOMIZATION_MESSAGES.logoSvgTooLarge],
      [`<svg>${"<g>".repeat(300)}${"</g>".repeat(300)}</svg>`, CUSTOMIZATION_MESSAGES.logoSvgTooDeep],
      [`<svg width="10" height="1000"><rect width="10" height="1000"/></svg>`, CUSTOMIZATION_MESSAGES.logoSvgTooTall],
    ];
    for (const [svg, message] of cases) {
      const res = await put(
        agency.id,
        token,
        customizationForm({ chartColor: "#123456" }, file(svg, "logo.svg", "image/svg+xml")),
      );
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ status: 400, message, errors: { logo: message } });
    }
    expect(await storedRow(agency.id)).toBeUndefined();
  });

  it("requires the chart colour and validates the other fields, changing nothing", async () => {
    const { agency, token } = await createAgency();
    const missing = await put(agency.id, token, customizationForm({ reportTitle: "x" }));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      status: 400,
      message: "Chart color must be set",
      errors: { chartColor: "Chart color must be set" },
    });

    const bad = await put(
      agency.id,
      token,
      customizationForm(
        {
          chartColor: "red",
          palette: "#111111,blue",
          font: "Comic Sans MS",
          reportTitle: "t".repeat(256),
          footerText: "f".repeat(256),
        },
        file("nope", "x.png", "image/png"),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.validationFailed);
    expect(bad.body.errors).toEqual({
      chartColor: CUSTOMIZATION_MESSAGES.chartColorInvalid,
      palette: CUSTOMIZATION_MESSAGES.paletteInvalid,
      font: CUSTOMIZATION_MESSAGES.fontInvalid,
      reportTitle: "Report title should be equal or less than 255 characters",
      footerText: "Footer text should be equal or less than 255 characters",
      logo: CUSTOMIZATION_MESSAGES.logoInvalid,
    });
    const tooMany = await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#000000", palette: Array(9).fill("#abcdef").join(",") }),
    );
    expect(tooMany.body.errors).toEqual({ palette: CUSTOMIZATION_MESSAGES.paletteTooLong });
    expect(await storedRow(agency.id)).toBeUndefined();
  });

  it("keeps the logo on a later save, removes it with removeLogo, and answers 415 to JSON", async () => {
    const { agency, token } = await createAgency();
    await put(
      agency.id,
      token,
      customizationForm({ chartColor: "#000000" }, file(pngOfSize(100), "a.png", "image/png")),
    );
    const kept = await put(agency.id, token, customizationForm({ chartColor: "#111111", reportTitle: "" }));
    expect(kept.body.own).toMatchObject({ chartColor: "#111111", reportTitle: null, logo: { size: 100 } });
    expect(kept.body.effective.reportTitle).toBe(DEFAULT_CUSTOMIZATION.reportTitle);
    const removed = await put(agency.id, token, customizationForm({ chartColor: "#111111", removeLogo: "true" }));
    expect(removed.body.own.logo).toBeNull();
    expect((await storedRow(agency.id)).logo).toBeNull();
    const json = await call(PUT, {
      method: "PUT",
      path: path(agency.id),
      params: { id: agency.id },
      token,
      body: { chartColor: "#000000" },
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(CUSTOMIZATION_MESSAGES.notMultipart);
  });

  it("resets to the defaults with DELETE", async () => {
    const { agency, token } = await createAgency();
    await put(agency.id, token, customizationForm({ chartColor: "#000000" }));
    const res = await reset(agency.id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ own: null, inheritsFrom: "default", message: CUSTOMIZATION_MESSAGES.reset });
    expect(res.body.effective.chartColor).toBe(DEFAULT_CUSTOMIZATION.chartColor);
    expect(await storedRow(agency.id)).toBeUndefined();
  });

  it("is for agency admins of that agency only", async () => {
    const { agency, token } = await createAgency();
    const other = await createAgency();
    const staff = await createUser({ agencyId: agency.id, role: "staff" });
    expect((await get(agency.id, staff.token)).status).toBe(403);
    expect((await put(agency.id, staff.token, customizationForm({ chartColor: "#000000" }))).status).toBe(403);
    expect((await reset(agency.id, staff.token)).status).toBe(403);
    expect((await get(other.agency.id, token)).status).toBe(404);
    expect((await put(other.agency.id, token, customizationForm({ chartColor: "#000000" }))).status).toBe(404);
    expect((await reset(other.agency.id, token)).status).toBe(404);
    expect(await storedRow(other.agency.id)).toBeUndefined();
    expect((await call(GET, { path: path(agency.id), params: { id: agency.id } })).status).toBe(401);
  });
});
