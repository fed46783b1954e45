// What the Dropbox screens say besides the spec's two messages (DELIVERY_MESSAGES in messages.ts:
// the invalid-token and the folder-permission message, used verbatim).

export const DROPBOX_MESSAGES = {
  notConnected: "Connect your Dropbox account first, then choose a folder.",
  notConfigured: "Dropbox is not set up on this server. Ask your administrator to add the Dropbox app key.",
  rateLimited: "Dropbox is receiving too many requests from this account. Please try again in a few minutes.",
  stateMismatch:
    "The Dropbox connection could not be confirmed (the request expired or came from another browser). Please connect again.",
  accessDenied: "Dropbox access was not granted. Connect again and choose Allow to save reports to Dropbox.",
  connectFailed: "Dropbox could not be connected. Please try again.",
  connected: "Your Dropbox account is connected.",
  disconnected: "Your Dropbox account is disconnected.",
  sessionRevoked: "The connection was revoked.",
  saved: (path: string) => `Saved to Dropbox as ${path}`,
} as const;

/** Why a connection attempt ended, as the callback passes it to the page (never the message itself). */
export const DROPBOX_CONNECT_OUTCOMES = ["connected", "state-mismatch", "denied", "failed", "token"] as const;
export type DropboxConnectOutcome = (typeof DROPBOX_CONNECT_OUTCOMES)[number];
