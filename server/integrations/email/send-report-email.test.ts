import { randomBytes } from "node:crypto";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReportEmailModel } from "@/emails/report-email-model";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { leaves, parseMime } from "@/test/mime";

// A real SMTP server on loopback receives what nodemailer sends; the raw message is taken apart
// part by part, so a mangled attachment or a missing text part fails the test.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("latin1"),
      });
      callback();
    });
  },
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

async function loadSender(smtpUrl: string) {
  vi.resetModules();
  process.env.SMTP_URL = smtpUrl;
  return import("./send-report-email");
}

const model: ReportEmailModel = {
  brand: {
    agencyName: "Northwind Digital",
    logoUrl: "https://cdn.example.com/northwind.png",
    chartColor: "#0f766e",
    font: "Georgia, 'Times New Roman', serif",
    reportTitle: "Monthly Growth Review",
    footerText: "Northwind Digital · 12 Harbour Street, Leeds",
  },
  clientName: "Bramble & Co",
  projectName: "bramble.co.uk",
  currency: "GBP",
  period: { start: "2024-02-01", end: "2024-02-29" },
  message: "Hi Sam,\nHere is February. Revenue is up; paid search is the driver.",
  findings: [
    {
      title: "Revenue rose on paid search",
      stage: "Experience",
      metric: "revenue",
      current: 48210.5,
      previous: 40120,
      changePct: 0.2017,
    },
    {
      title: "Conversion rate fell on mobile",
      stage: "Evaluation",
      metric: "conversionRate",
      unit: "percent",
      current: 0.0214,
      previous: 0.0262,
      changePct: -0.1832,
    },
  ],
  totalFindings: 14,
  reportUrl: "https://app.example.com/reports/5b1c/insights?period=2024-02",
};

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("sendReportEmail", () => {
  it("delivers the branded HTML, the plain text and the attachment byte for byte", async () => {
    const address = smtp.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const { sendReportEmail } = await loadSender(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    const deck = randomBytes(256 * 1024); // binary, so any re-encoding damage shows
    await sendReportEmail({
      to: ["sam@bramble.example", "finance@bramble.example"],
      model,
      attachment: {
        filename: "Funnelwise-Insights.pptx",
        content: deck,
        contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      },
    });

    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail.to).toEqual(["sam@bramble.example", "finance@bramble.example"]);
    const root = parseMime(mail.raw);
    expect(root.contentType).toBe("multipart/mixed");
    expect(root.headers.subject).toContain("Monthly Growth Review");

    const parts = leaves(root);
    const text = parts.find((p) => p.contentType === "text/plain")?.body.toString("utf8") ?? "";
    const html = parts.find((p) => p.contentType === "text/html")?.body.toString("utf8") ?? "";
    const file = parts.find((p) => /attachment/i.test(p.headers["content-disposition"] ?? ""));

    // Plain text: every headline number with its unit, the link in full, the footer.
    expect(text).toContain("Monthly Growth Review");
    expect(text).toContain("Bramble & Co – bramble.co.uk");
    expect(text).toContain("Feb 1, 2024 – Feb 29, 2024");
    expect(text).toContain("Top findings (2 of 14)");
    expect(text).toContain("Now: £48,210.50 · Before: £40,120.00 · Change: +£8,090.50 (+20.2 %)");
    expect(text).toContain("Now: 2.14 % · Before: 2.62 % · Change: −0.48 pp (−18.3 %)");
    expect(text).toContain(`Open the report: ${model.reportUrl}`);
    expect(text).toContain("The full report is attached: Funnelwise-Insights.pptx");
    expect(text).toContain("Northwind Digital · 12 Harbour Street, Leeds");

    // HTML: the brand (logo, colour, font), the numbers, the link.
    expect(html).toContain('src="https://cdn.example.com/northwind.png"');
    expect(html).toContain("background-color:#0f766e");
    expect(html).toContain("font-family:Georgia");
    expect(html).toContain("£48,210.50");
    expect(html).toContain("2.14 %");
    expect(html).toContain(`href="${model.reportUrl.replace(/&/g, "&amp;")}"`);
    expect(html).toContain("Revenue rose on paid search");
    expect(html).toContain("Bramble &amp; Co");

    expect(file?.headers["content-type"]).toContain("presentationml.presentation");
    expect(file?.headers["content-disposition"]).toContain("Funnelwise-Insights.pptx");
    expect(file?.body.equals(deck)).toBe(true);
  });

  it("says plainly that the mail server is down, and marks it worth retrying", async () => {
    const { sendReportEmail, MailDeliveryError } = await loadSender(
      `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true`,
    );
    const error = await sendReportEmail({ to: ["sam@bramble.example"], model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as InstanceType<typeof MailDeliveryError>).retryable).toBe(true);
    expect((error as Error).message).toContain(DELIVERY_MESSAGES.mailServerDown);
  });

  it("writes a report without findings as a clear sentence, not an empty list", async () => {
    const { renderReportEmail } = await import("@/emails/report-email");
    const { html, text } = await renderReportEmail({ ...model, findings: [], totalFindings: 0 });
    expect(text).toContain("No significant findings this period.");
    expect(html).toContain("No significant findings this period.");
    expect(text).not.toContain("Top findings");
  });
});
