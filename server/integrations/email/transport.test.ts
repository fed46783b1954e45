import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("sendMail without SMTP_URL", () => {
  it("writes the message as an .eml file so a local user can follow its links", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "funnelwise-mail-"));
    delete process.env.SMTP_URL;
    process.env.MAIL_DIR = dir;
    const { sendMail } = await import("./transport");
    await sendMail({
      to: "someone@example.com",
      subject: "Hello",
      text: "Open http://localhost:3000/x",
      html: "<p>Hi</p>",
    });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir, files[0]), "utf8");
    expect(raw).toMatch(/To: someone@example.com/);
    expect(raw).toContain("http://localhost:3000/x");
  });
});
