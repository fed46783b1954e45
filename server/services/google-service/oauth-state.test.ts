import { describe, expect, it } from "vitest";
import { decodeState, encodeState, sameNonce, STATE_TTL_SECONDS } from "./oauth-state";

describe("the Google sign-in state", () => {
  const state = { userId: "u1", nonce: "n1", dataSourceId: "d1", attempt: "a1" };

  it("round-trips what it carries while fresh", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(decodeState(encodeState(state, now), now + 1000)).toMatchObject(state);
  });

  it("expires after ten minutes", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(decodeState(encodeState(state, now), now + (STATE_TTL_SECONDS + 1) * 1000)).toBeUndefined();
  });

  it("refuses a changed payload, a changed signature and garbage", () => {
    const value = encodeState(state);
    const [payload, signature] = value.split(".");
    const forged = Buffer.from(JSON.stringify({ ...state, userId: "u2", exp: 9e9 })).toString("base64url");
    expect(decodeState(`${forged}.${signature}`)).toBeUndefined();
    expect(decodeState(`${payload}.${signature.slice(0, -2)}xx`)).toBeUndefined();
    expect(decodeState(`${payload}.${signature}.extra`)).toBeUndefined();
    expect(decodeState("not-a-state")).toBeUndefined();
    expect(decodeState(undefined)).toBeUndefined();
  });

  it("compares nonces exactly, and never matches a missing one", () => {
    expect(sameNonce("abc", "abc")).toBe(true);
    expect(sameNonce("abc", "abd")).toBe(false);
    expect(sameNonce("abc", undefined)).toBe(false);
    expect(sameNonce("", "")).toBe(false);
  });
});
