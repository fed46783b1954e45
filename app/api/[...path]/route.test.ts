import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { call } from "@/test/api";
import { DELETE, GET, PATCH, POST, PUT } from "./route";

describe("unknown API paths", () => {
  it.each([
    ["GET", GET],
    ["POST", POST],
    ["PUT", PUT],
    ["PATCH", PATCH],
    ["DELETE", DELETE],
  ])("%s answers 404 JSON with {status, message}", async (method, handler) => {
    const res = await call(handler, { method, path: "/api/does/not/exist", headers: { "x-transaction-id": "tx-404" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 404, message: MESSAGES.notFound });
    expect(res.body.message).toBe("We couldn't find the page you were looking for");
    expect(res.headers.get("x-transaction-id")).toBe("tx-404");
  });
});
