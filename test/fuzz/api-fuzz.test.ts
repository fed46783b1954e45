import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld, pathFor, segmentBefore, type World } from "@/test/api-world";
import { resetDatabase } from "@/test/db";
import { startDropboxForTests } from "@/test/dropbox-fixtures";
import { loadApiRoutes } from "@/test/api-route-modules";
import { body, contentType, extraHeaders, query, type Body } from "./arbitraries";
import { rowCounts } from "./row-counts";

// Every route file and method gets malformed bodies, parameters, query strings, headers and files.
// The API must never answer 500, every error must be `{ status, message, errors? }`, and a refused
// request must leave every table as it was. Seeded and bounded, so a failure replays exactly.
const SEED = 20261123;
const RUNS_PER_METHOD = Number(process.env.FUZZ_RUNS ?? 25);
// About 135 route methods: the whole suite stays near a minute on an idle machine (under two when shared).
const TIME_PER_METHOD_MS = Number(process.env.FUZZ_MS_PER_METHOD ?? 450);

// Routes that call Dropbox reach its fake (real wire format), not the internet.
const dropboxFake = await startDropboxForTests();

const param = (world: World, likely: string | undefined) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(likely ?? world.ids[0]) },
    { weight: 2, arbitrary: fc.constantFrom(...world.ids) },
    fc.constantFrom(
      randomUUID(),
      randomUUID().toUpperCase(),
      "not-a-uuid",
      "%ZZ",
      "\u0000",
      "\uD800",
      "' or 1=1",
      "a".repeat(500),
      "0",
    ),
  );

const token = (world: World) =>
  fc.constantFrom<string | undefined>(
    world.main.token,
    world.main.token,
    world.viewer.token,
    undefined,
    "garbage.token.value",
  );

function buildRequest(
  method: string,
  path: string,
  b: Body,
  type: string | undefined,
  headers: Record<string, string>,
) {
  const h = new Headers(headers);
  let payload: BodyInit | undefined;
  if (method !== "GET" && method !== "HEAD") {
    if (b.kind === "json") payload = JSON.stringify(b.value) ?? "null";
    if (b.kind === "raw") payload = b.text;
    if (b.kind === "form") {
      const form = new FormData();
      for (const [k, v] of b.fields) form.append(k, v);
      if (b.file) form.set(b.file.field, new File([b.file.bytes as BlobPart], b.file.name, { type: b.file.type }));
      payload = form;
    }
  }
  // A form sets its own multipart boundary; otherwise the chosen (possibly wrong) content type.
  if (type && b.kind !== "form") h.set("content-type", type);
  return new NextRequest(new URL(path, "http://localhost:3000"), { method, headers: h, body: payload });
}

function assertErrorShape(status: number, json: unknown, where: string) {
  expect(json, where).toMatchObject({ status, message: expect.any(String) });
  const { errors, ...rest } = json as { errors?: unknown };
  expect(Object.keys(rest).sort(), where).toEqual(["message", "status"]);
  if (errors !== undefined) {
    expect(typeof errors, where).toBe("object");
    for (const value of Object.values(errors as object)) expect(typeof value, where).toBe("string");
  }
}

describe("API fuzz: no 500, the one error shape, no partial writes", async () => {
  const routes = await loadApiRoutes();
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(dropboxFake);
  });
  afterAll(async () => {
    await resetDatabase();
    await dropboxFake.close();
  });

  // next-auth's handler reads cookies() from Next's request scope, which exists only inside Next:
  // its body guard is tested on its own (no-500.test.ts) and the route through the real server (e2e).
  for (const route of routes.filter((r) => !r.pattern.startsWith("/api/auth/"))) {
    for (const [method, handler] of Object.entries(route.handlers)) {
      it(`${method} ${route.pattern}`, async () => {
        // A write that succeeded (a deleted client, say) must not starve the next route of data.
        world = await buildWorld(dropboxFake);
        const paramsArb = fc.record(
          Object.fromEntries(
            route.params.map((p) => [
              p.name,
              p.catchAll
                ? fc.array(
                    fc.oneof(
                      fc.constantFrom("session", "csrf", "providers", "callback", "credentials", "signin", "signout"),
                      param(world, undefined),
                    ),
                    { minLength: 1, maxLength: 3 },
                  )
                : param(world, world.byResource[p.name] ?? world.byResource[segmentBefore(route.pattern, p.name)]),
            ]),
          ) as Record<string, fc.Arbitrary<string | string[]>>,
        );
        // A time budget of our own rather than fast-check's interrupt, which would leave a request
        // running into the next route's database reset.
        const deadline = Date.now() + TIME_PER_METHOD_MS;
        await fc.assert(
          fc.asyncProperty(
            paramsArb,
            query,
            body,
            contentType,
            extraHeaders,
            token(world),
            fc.nat(255),
            async (params, q, b, type, headers, bearer, ipByte) => {
              if (Date.now() > deadline) return;
              const all: Record<string, string> = { ...headers, "x-funnelwise-client-ip": `198.51.100.${ipByte}` };
              if (bearer) all.authorization = `Bearer ${bearer}`;
              const path = pathFor(route, params, q);
              const before = await rowCounts();
              const req = buildRequest(method, path, b, type, all);
              const res = await handler(req, { params: Promise.resolve(params) });
              const text = await res.text();
              const where = `${method} ${path} → ${res.status} ${text.slice(0, 300)}`;
              expect(res.status, where).toBeLessThan(500);
              if (res.status >= 400) assertErrorShape(res.status, JSON.parse(text), where);
              if (res.status >= 400) expect(await rowCounts(), where).toEqual(before);
            },
          ),
          { seed: SEED, numRuns: RUNS_PER_METHOD, endOnFailure: true },
        );
      });
    }
  }
});
