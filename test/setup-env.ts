import { randomBytes } from "node:crypto";
import { inject } from "vitest";

// Each test worker gets its own copy of the test database (global-setup.ts), its own mail folder and throw-away
// secrets. VITEST_POOL_ID numbers the workers running at once from 1.
const urls = inject("databaseUrls");
const worker = Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1));
process.env.DATABASE_URL = urls[(worker - 1) % urls.length];
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_DIR ??= `.data/test-mail-${worker}`;
process.env.LOG_LEVEL ??= "warn";
