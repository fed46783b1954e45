import fs from "node:fs";
import path from "node:path";
import { MAIL_DIR } from "./paths";

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a message to `to` whose subject matches, as received by the test SMTP server. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 30_000,
): Promise<{ subject: string; body: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(MAIL_DIR, file), "utf8");
      const headerEnd = raw.search(/\r?\n\r?\n/);
      const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
      const toHeader = /^To:\s*(.+)$/im.exec(headers)?.[1] ?? "";
      const subjectHeader = /^Subject:\s*(.+)$/im.exec(headers)?.[1] ?? "";
      if (toHeader.toLowerCase().includes(to.toLowerCase()) && subject.test(subjectHeader)) {
        return { subject: subjectHeader, body: decodeQuotedPrintable(raw.slice(headerEnd)) };
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} matching ${subject} within ${timeoutMs / 1000} s`);
}

/** The first link in the mail whose path contains `pathPart`. */
export function linkIn(mail: { body: string }, pathPart: string): string {
  const link = mail.body.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in the email`);
  return link;
}
