import { randomBytes } from "node:crypto";
import { inject } from "vitest";

// Each test worker gets the shared test database and throw-away secrets.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_DIR ??= ".data/test-mail";
process.env.LOG_LEVEL ??= "warn";
