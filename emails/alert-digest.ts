// A person's alerts not yet emailed, in one email a day at most (server/services/alerts/send-alert-digest.ts), sent
// by the agency in its look: each alert's sentence with its client and project, linking to its finding.
import { actionEmail, type EmailBrand, type RenderedEmail } from "./layout";

export interface DigestItem {
  clientName: string;
  projectName: string;
  headline: string;
  url: string;
}

export function alertDigestEmail(p: {
  firstName: string;
  items: DigestItem[];
  /** Where the person sees every alert (the app; the bell is in its header). */
  appUrl: string;
  brand: EmailBrand;
}): RenderedEmail {
  const [first] = p.items;
  const one = p.items.length === 1;
  const projects = new Set(p.items.map((i) => `${i.clientName} – ${i.projectName}`));
  // Short: the sentences are in the body; a subject names where.
  const subject = one
    ? `Alert on ${first.clientName} – ${first.projectName}`
    : `${p.items.length} alerts on ${projects.size === 1 ? [...projects][0] : `${projects.size} projects`}`;
  return actionEmail({
    subject,
    greeting: `Hi ${p.firstName},`,
    body: one
      ? `A project you follow changed on its latest days:`
      : `Projects you follow changed on their latest days (${p.items.length} alerts):`,
    items: p.items.map((i) => ({ text: `${i.clientName} – ${i.projectName}: ${i.headline}`, url: i.url })),
    action: one ? "Open the finding" : "Open your notifications",
    url: one ? first.url : p.appUrl,
    footer:
      "You receive this because you follow these projects. Choose off, significant changes or every finding on each project's page (Alerts).",
    brand: p.brand,
  });
}
