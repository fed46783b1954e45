// What a share link's visitor and its creator are told. A visitor has no account: the page says
// plainly what happened and whom to ask, never an error code.

export const SHARE_LINK_MESSAGES = {
  notFound: "This link is not valid. Check that it was copied whole, or ask the agency that sent it for a new one.",
  expired: "This link has expired. Ask the agency that sent it for a new one.",
  revoked: "This link has been withdrawn by the agency that shared it. Ask them for a new one.",
  notReady: "This report is not ready yet. Please try again later.",
  created: "Share link created. Copy it now: it is shown only once.",
  revokedDone: "The share link no longer opens the report.",
} as const;

export const SHARE_LINK_DAYS = [7, 30, 90] as const;
export const DEFAULT_SHARE_LINK_DAYS = 30;
