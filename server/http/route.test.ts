import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { call } from "@/test/api";
import { parseJsonBody } from "./body";
import { ConflictError } from "../errors";
import { withAgencyAdmin, withPublic, withUser } from "./route";

describe("route wrappers", () => {
  it("turns an unknown error into a generic 500 and logs it with the transaction id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const handler = withPublic(async () => {
      throw new Error("database exploded: secret detail");
    });
    const res = await call(handler, { headers: { "x-transaction-id": "tx-500" } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: 500, message: "Something went wrong. Please try again" });
    expect(JSON.stringify(res.body)).not.toContain("secret detail");
    const line = logged.mock.calls.map((c) => String(c[0])).find((l) => l.includes("unhandled error"));
    expect(line).toContain('"txId":"tx-500"');
    expect(line).toContain("database exploded");
    logged.mockRestore();
  });

  it("maps typed errors to their status and the one error shape", async () => {
    const handler = withPublic(async () => {
      throw new ConflictError("Already there", { name: "Taken" });
    });
    const res = await call(handler);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 409, message: "Already there", errors: { name: "Taken" } });
  });

  it("reports zod failures as 400 with errors keyed by field path", async () => {
    const schema = z.object({ clients: z.array(z.object({ name: z.string().min(1, "This field is required") })) });
    const handler = withPublic(async (_ctx, http) => parseJsonBody(http.req, schema));
    const res = await call(handler, { body: { clients: [{ name: "" }] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ "clients.0.name": "This field is required" });
  });

  it("generates a transaction id when the caller sends none, and refuses unsafe ones", async () => {
    const handler = withPublic(async () => ({ ok: true }));
    const generated = await call(handler);
    expect(generated.headers.get("x-transaction-id")).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await call(handler, { headers: { "x-transaction-id": "bad id <script>" } });
    expect(unsafe.headers.get("x-transaction-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 401 without a session for user routes and for a garbage bearer token", async () => {
    const handler = withUser(async () => ({ ok: true }));
    expect((await call(handler)).status).toBe(401);
    expect((await call(handler, { token: "not-a-jwt" })).status).toBe(401);
    expect((await call(withAgencyAdmin(async () => ({ ok: true })))).status).toBe(401);
  });
});
