import { afterAll } from "vitest";
import { stopBoss } from "@/server/jobs/boss";
import { closeDb } from "@/server/db/client";

// Close the pg-boss and pg pools each test file opened, so the run ends cleanly.
afterAll(async () => {
  await stopBoss();
  await closeDb();
});
