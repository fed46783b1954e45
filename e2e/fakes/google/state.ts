import type { DataSettings } from "./generated-data";

/** A failure the next matching requests get instead of their answer (quota, outage, garbage). */
export interface Fault {
  /** Matched against "METHOD /path". */
  match: RegExp;
  /** How many requests it hits; then it is spent. */
  times: number;
  /** Matching requests let through before the fault starts (to fail in the middle of an import). */
  skip?: number;
  status?: number;
  /** Sends a body that is not JSON, with a 200. */
  malformed?: boolean;
  message?: string;
}

export interface Grant {
  email: string;
  scope: string;
}

/** Everything the fake remembers between requests; tests reach it through the handle `startGoogleFake` returns. */
export interface FakeState {
  settings: DataSettings;
  clientId: string;
  clientSecret: string;
  developerToken: string;
  maxPageRows: number;
  latencyMs: number;
  accessTokenTtlSeconds: number;
  authCodes: Map<string, Grant & { redirectUri: string }>;
  refreshTokens: Map<string, Grant>;
  accessTokens: Map<string, Grant & { expiresAt: number }>;
  /** Resources ("properties/1001", a site URL, a customer id) the user lost access to. */
  denied: Set<string>;
  faults: Fault[];
  /** Every request, in order (method, path, body), for assertions. */
  log: { method: string; path: string; body: string }[];
  /** Requests in flight and the most seen at once, per GA4 property. */
  inFlight: Map<string, number>;
  maxInFlight: Map<string, number>;
  /** What the consent screen answers: a user who refuses gives `access_denied`. */
  consent: "allow" | "deny";
  tokenCounter: number;
}
