import { z } from "zod";

// Every setting comes from the environment and is checked once, at start-up.
// A missing or malformed required variable stops the process with a message naming it.
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (scripts/start.ts sets it for the embedded PostgreSQL)"),
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters"),
  ENCRYPTION_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "ENCRYPTION_KEY must be 64 hex characters (32 bytes)"),
  APP_URL: z.string().url().default("http://localhost:3000"),
  BASE_PATH: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, "") : "")),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Funnelwise <no-reply@funnelwise.local>"),
  MAIL_DIR: z.string().default(".data/mail"),
  RECAPTCHA_SECRET_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  // Dropbox app credentials; PKCE needs only the key, the secret is used when set.
  DROPBOX_APP_KEY: optionalString,
  DROPBOX_APP_SECRET: optionalString,
  // Points the Dropbox SDK at a local fake (tests, Playwright); unset in production.
  DROPBOX_API_URL: optionalString,
  // Stripe subscriptions; without a secret key the app runs with demo subscriptions and says so.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Points the Stripe SDK at a local fake (tests, Playwright), e.g. http://127.0.0.1:4010; unset in production.
  STRIPE_API_URL: optionalString,
  // Where the support form's requests go (the operator's support inbox); unset, the form says support is not set up.
  SUPPORT_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined))
    .pipe(z.email("SUPPORT_EMAIL must be an email address").optional()),
  // A folder holding the operator's own terms.md and privacy.md (Markdown); unset or missing, the shipped defaults.
  LEGAL_DIR: optionalString,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      const missing = source[name] === undefined || source[name] === "";
      return missing ? `  ${name}: missing (required)` : `  ${name}: ${issue.message}`;
    });
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated environment; parsed on first use so build-time imports do not need it. */
export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

/** Absolute URL of an app page, honouring BASE_PATH, for links in emails. */
export function appUrl(path: string): string {
  const { APP_URL, BASE_PATH } = env();
  return `${APP_URL.replace(/\/+$/, "")}${BASE_PATH}${path.startsWith("/") ? path : `/${path}`}`;
}
