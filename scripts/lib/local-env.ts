import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Loads `.env` when present (real environment variables win). */
export function loadDotEnv(file = ".env"): void {
  if (!fs.existsSync(file)) return;
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || line.trim().startsWith("#")) continue;
    const [, key, raw] = match;
    if (process.env[key] !== undefined) continue;
    process.env[key] = raw.replace(/^(['"])(.*)\1$/, "$2");
  }
}

/**
 * For a local run on the embedded database only: generates the secrets once and keeps them in
 * `.data/local-secrets.json`, so sessions and encrypted tokens survive restarts. A deployment with
 * DATABASE_URL must set them itself (server/env.ts then names any that are missing).
 */
export function ensureLocalSecrets(dataDir: string): void {
  const file = path.join(dataDir, "local-secrets.json");
  const stored: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  stored.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
  stored.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  for (const [key, value] of Object.entries(stored)) process.env[key] ??= value;
}
