/**
 * The security headers of every page and API answer, set by proxy.ts. Scripts run only with the
 * per-request nonce (Next.js adds it to its own scripts when it finds the policy on the request);
 * `strict-dynamic` lets those scripts load the app's chunks. Styles allow inline attributes because the
 * agency's colours are applied as `style` values; no inline script is ever allowed.
 */
export interface SecurityHeaderOptions {
  /** Pages run the app's scripts; API answers (JSON, exports, uploaded logos) never run anything. */
  kind: "page" | "api";
  nonce: string;
  /** The app is served over https: add HSTS (browsers ignore it over http anyway). */
  https: boolean;
  /** `next dev` evaluates code for fast refresh and needs `unsafe-eval`; production never does. */
  development: boolean;
}

/** API answers: nothing may load or run, not even inside an uploaded SVG logo opened on its own. */
const API_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function contentSecurityPolicy({ kind, nonce, development }: Omit<SecurityHeaderOptions, "https">): string {
  if (kind === "api") return API_POLICY;
  const scripts = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(development ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    // Not plain same-origin: the Google sign-in popup must keep its opener while it passes through
    // Google's consent page, or the wizard sees the popup as closed (Google's advice for OAuth popups).
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
