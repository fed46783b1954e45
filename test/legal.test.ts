import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as signup } from "@/app/api/agencies/signup/route";
import { db } from "@/server/db/client";
import { agencies } from "@/server/db/schema";
import { boss } from "@/server/jobs/boss";
import { legalDocument } from "@/server/legal/legal-document";
import { call } from "./api";
import { resetDatabase } from "./db";

// The operator's own privacy text, in LEGAL_DIR (read on the environment's first use in this file); no terms there,
// so the shipped default terms apply.
const legalDir = fs.mkdtempSync(path.join(os.tmpdir(), "legal-"));
fs.writeFileSync(
  path.join(legalDir, "privacy.md"),
  "# Our privacy notice\n\nWe keep **nothing** longer than needed.\n",
);
process.env.LEGAL_DIR = legalDir;

beforeAll(async () => {
  await boss();
  await resetDatabase();
});

describe("terms of service and privacy notice", () => {
  it("come from the operator's Markdown when it is there, else the shipped defaults, each with a version", () => {
    const terms = legalDocument("terms");
    expect(terms.version).toBe("2026-12-01");
    expect(terms.markdown).toMatch(/^# Terms of service/);
    expect(terms.markdown).not.toContain("Version:");
    const privacy = legalDocument("privacy");
    expect(privacy.markdown).toContain("We keep **nothing**");
    // No "Version:" line: the text's own hash is its version, so a changed text is a new version.
    expect(privacy.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("records the version accepted and when on the agency at sign-up", async () => {
    const before = Date.now();
    const res = await call(signup, {
      body: {
        agencyName: "Terms Agency",
        website: "terms.example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@terms.example.com",
        password: "Secret1!",
        confirmPassword: "Secret1!",
        acceptTerms: true,
      },
    });
    expect(res.status).toBe(201);
    const [agency] = await db().select().from(agencies);
    expect(agency.termsVersion).toBe("2026-12-01");
    expect(agency.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
