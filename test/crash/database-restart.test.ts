import path from "node:path";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/scripts/lib/embedded-postgres";
import { closeDb } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";
import { call } from "@/test/api";
import { createAgency } from "@/test/factories";
import * as clientsRoute from "@/app/api/agencies/[id]/clients/route";

// The app keeps running while its database restarts: requests meanwhile get 503 in the error
// shape, and once the database is back they work again without restarting anything. This file
// has a database of its own, so stopping it disturbs no other test.
const DATA_DIR = path.resolve(".data/test-restart-pg");
let database: EmbeddedDatabase | undefined;
let port = 0;

const start = () => startEmbeddedPostgres({ dataDir: DATA_DIR, database: "funnelwise_restart", fast: true, port });

beforeAll(async () => {
  port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  database = await start();
  await closeDb();
  process.env.DATABASE_URL = database.url;
  await runMigrations(database.url);
}, 120_000);

afterAll(async () => {
  await closeDb();
  await database?.stop();
});

it("answers 503 while the database is down and recovers by itself when it is back", async () => {
  const { agency, token } = await createAgency();
  const list = () =>
    call(clientsRoute.GET, { path: `/api/agencies/${agency.id}/clients`, params: { id: agency.id }, token });
  expect((await list()).status).toBe(200);

  await database!.stop();
  const down = await list();
  expect(down.status).toBe(503);
  expect(down.body).toEqual({ status: 503, message: MESSAGES.serviceUnavailable });
  expect(down.headers.get("retry-after")).toBe("5");

  database = await start();
  expect((await list()).status).toBe(200);
}, 120_000);
