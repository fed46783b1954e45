import { actionEmail, type RenderedEmail } from "./layout";

export function agencyConfirmationEmail(p: { firstName: string; agencyName: string; url: string }): RenderedEmail {
  return actionEmail({
    subject: "Confirm your Funnelwise agency",
    greeting: `Hi ${p.firstName},`,
    body: `Thanks for registering ${p.agencyName} on Funnelwise. Please confirm your agency to start using it.`,
    action: "Confirm your agency",
    url: p.url,
    footer: "This link expires in 7 days. If you did not register, you can ignore this email.",
  });
}

export function passwordResetEmail(p: { firstName: string; url: string }): RenderedEmail {
  return actionEmail({
    subject: "Reset your Funnelwise password",
    greeting: `Hi ${p.firstName},`,
    body: "We received a request to reset your password. Choose a new one with the link below.",
    action: "Reset your password",
    url: p.url,
    footer: "This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.",
  });
}

/** Sign-up with an address that has an account: the answer on screen is the same, so tell the owner here. */
export function accountExistsEmail(p: { firstName: string; loginUrl: string }): RenderedEmail {
  return actionEmail({
    subject: "Someone tried to register with your email on Funnelwise",
    greeting: `Hi ${p.firstName},`,
    body: "Someone, perhaps you, tried to register a new agency with this email address. You already have a Funnelwise account: log in with it, or reset your password from the login page if you forgot it.",
    action: "Log in",
    url: p.loginUrl,
    footer: "If this was not you, you can ignore this email: nothing was changed.",
  });
}

export function invitationEmail(p: { agencyName: string; inviterName: string; url: string }): RenderedEmail {
  return actionEmail({
    subject: `You are invited to join ${p.agencyName} on Funnelwise`,
    greeting: "Hello,",
    body: `${p.inviterName} invited you to join ${p.agencyName} on Funnelwise as a staff member.`,
    action: "Accept the invitation",
    url: p.url,
    footer: "This invitation expires in 7 days.",
  });
}

/**
 * An invitation to an address that already has an account (in another agency): the inviting admin is answered as for
 * any address, so that the invitation form cannot tell who has an account elsewhere; the owner is told here.
 */
export function invitationAccountExistsEmail(p: {
  firstName: string;
  agencyName: string;
  inviterName: string;
  loginUrl: string;
}): RenderedEmail {
  return actionEmail({
    subject: `You are invited to join ${p.agencyName} on Funnelwise`,
    greeting: `Hi ${p.firstName},`,
    body: `${p.inviterName} invited you to join ${p.agencyName} on Funnelwise as a staff member. This email address already has a Funnelwise account, and an account belongs to one agency, so the invitation cannot be accepted with it: ask ${p.agencyName} to invite another address of yours.`,
    action: "Log in to your account",
    url: p.loginUrl,
    footer: "If you did not expect this, you can ignore this email: nothing was changed.",
  });
}
