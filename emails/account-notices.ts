// Notices about the agency's account (its schedules, its support requests): plain transactional emails.
import { actionEmail, type RenderedEmail } from "./layout";

export function schedulesPausedEmail(p: {
  staffName: string;
  staffEmail: string;
  paused: number;
  url: string;
}): RenderedEmail {
  const what =
    p.paused === 0
      ? "They had no running schedules, so nothing was paused."
      : `Their ${p.paused === 1 ? "running schedule was" : `${p.paused} running schedules were`} paused and kept: resume ${p.paused === 1 ? "it" : "them"} from the schedules page, or give the permission back first.`;
  return actionEmail({
    subject: `${p.staffName} may no longer create schedules`,
    greeting: "Hello,",
    body: `${p.staffName} (${p.staffEmail}) is no longer allowed to create schedules in your agency. ${what}`,
    action: "Open the schedules",
    url: p.url,
    footer: "You receive this because you are an admin of the agency.",
  });
}

/** A scheduled run found no data for its period: nothing went to the recipients, and the owner is told why. */
export function scheduleNotSentEmail(p: {
  firstName: string;
  schedule: string;
  period: string;
  reason: string;
  url: string;
}): RenderedEmail {
  return actionEmail({
    subject: `Scheduled report not sent: ${p.schedule}, ${p.period}`,
    greeting: `Hi ${p.firstName},`,
    body: `The scheduled report ${p.schedule} for ${p.period} was not sent to its recipients. ${p.reason}`,
    action: "Open the schedules",
    url: p.url,
    footer: "You receive this because you own this schedule. Its next run is sent as usual once its data is there.",
  });
}
