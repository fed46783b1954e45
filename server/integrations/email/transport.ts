import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "../../env";
import { log } from "../../log";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an image the HTML shows inline (`<img src="cid:...">`), such as the agency's logo. */
  cid?: string;
}

export interface MailMessage {
  /** One address, or several (a report goes to a list of recipients in one message). */
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Where answers go when it is not the sender (a support request: the agency admin who wrote it). */
  replyTo?: string;
  /** A stable Message-ID ("<id@host>"): mail clients and servers treat two copies as one message. */
  messageId?: string;
  /** Who it is from, as the recipient reads it (a report: the agency's name); the address stays MAIL_FROM's. */
  fromName?: string;
}

/** MAIL_FROM's address under another display name ("Bright Agency" <no-reply@…>). */
function fromAs(mailFrom: string, name: string | undefined): string | { name: string; address: string } {
  if (!name?.trim()) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name: name.trim(), address };
}

let transporter: Transporter | undefined;

/** SMTP_URL like smtp://user:pass@host:587 or smtps://host:465; `?ignoreTLS=true` for plain local servers. */
function smtpTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
    secure: url.protocol === "smtps:",
    ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
  });
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes an .eml file under MAIL_DIR and logs its
 * links, so a local user can confirm an account without any mail server.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const { SMTP_URL, MAIL_FROM, MAIL_DIR } = env();
  if (SMTP_URL) {
    transporter ??= smtpTransport(SMTP_URL);
    const { fromName, ...rest } = message;
    await transporter.sendMail({ ...rest, from: fromAs(MAIL_FROM, fromName) });
    log("info", "mail sent", { to: message.to, subject: message.subject });
    return;
  }
  const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const { fromName, ...rest } = message;
  const info = await local.sendMail({ ...rest, from: fromAs(MAIL_FROM, fromName) });
  const dir = path.resolve(MAIL_DIR);
  await fs.mkdir(dir, { recursive: true });
  const to = Array.isArray(message.to) ? message.to.join(",") : message.to;
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${to.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 120)}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer);
  const links = message.text.match(/https?:\/\/\S+/g) ?? [];
  log("info", "mail written to file (SMTP_URL is not set)", { to: message.to, subject: message.subject, file, links });
}
