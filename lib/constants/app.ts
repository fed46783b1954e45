export const APP_NAME = "Funnelwise";
export const PAGE_SIZE = 20;
export const DEFAULT_PAGE = 0;
export const DEFAULT_PROJECT_LIMIT = 5;
export const REQUEST_TIMEOUT_MS = 30_000;
export const TRANSACTION_ID_HEADER = "X-Transaction-Id";
/** Set by the web server (scripts/web-server.mjs) from the socket or trusted proxies; never by the caller. */
export const CLIENT_IP_HEADER = "x-funnelwise-client-ip";
export const CLIENT_PERMISSIONS = { clientAdmin: 4, dataCreator: 2, viewer: 1 } as const;
/**
 * Sign-up and forgot-password answer no sooner than this after the request (server/services/accounts/
 * even-timing.ts): longer than either takes on a healthy server, whether or not the address has an account.
 */
export const EVEN_TIMING_MS = { signup: 600, forgotPassword: 300 } as const;

export const TOKEN_TTL_MS = {
  passwordReset: 60 * 60 * 1000,
  confirmation: 7 * 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
} as const;
