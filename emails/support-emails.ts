// Support requests: the operator's copy (everything support needs to answer without asking back) and the sender's
// confirmation.
import { APP_NAME } from "../lib/constants/app";
import { actionEmail, escapeHtml, type RenderedEmail } from "./layout";

export function supportRequestEmail(p: {
  requestId: string;
  agencyId: string;
  agencyName: string;
  plan: string;
  status: string;
  projectLimit: number;
  senderEmail: string;
  subject: string;
  message: string;
  planWanted: string | null;
}): RenderedEmail {
  const facts: [string, string][] = [
    ["Agency", p.agencyName],
    ["Agency id", p.agencyId],
    ["Plan", `${p.plan} (${p.status}, ${p.projectLimit} projects)`],
    ...(p.planWanted ? ([["Plan wanted", p.planWanted]] as [string, string][]) : []),
    ["From", p.senderEmail],
    ["Request id", p.requestId],
  ];
  const subject = `[${APP_NAME} support] ${p.planWanted ? "Plan change: " : ""}${p.subject}`;
  const text = `${facts.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${p.subject}\n\n${p.message}\n\nReply to this email to answer ${p.senderEmail}.\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:640px;margin:0 auto;padding:24px">
<h1 style="font-size:18px">${escapeHtml(p.subject)}</h1>
<table style="font-size:14px;border-collapse:collapse">${facts
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>
<p style="white-space:pre-wrap">${escapeHtml(p.message)}</p>
<p style="font-size:13px;color:#4b5563">Reply to this email to answer ${escapeHtml(p.senderEmail)}.</p>
</body></html>`;
  return { subject, text, html };
}

export function supportConfirmationEmail(p: { subject: string; url: string }): RenderedEmail {
  return actionEmail({
    subject: `We received your request: ${p.subject}`,
    greeting: "Hello,",
    body: `Your request “${p.subject}” reached ${APP_NAME} support. The answer will come to this address; you can see your requests on your subscription page.`,
    action: "Open your subscription page",
    url: p.url,
    footer: "You receive this because you sent a support request from your agency's account.",
  });
}
