import path from "node:path";

/** Where the e2e run keeps its database and the mail its SMTP server received. */
export const E2E_DIR = path.resolve(process.env.E2E_DIR || ".data/e2e");
export const MAIL_DIR = path.join(E2E_DIR, "mail");
export const e2ePort = () => Number(process.env.E2E_PORT || 3210);
