import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER as SERVER_HEADER, clientAddress, parseTrustProxy } from "./client-address.mjs";
import { CLIENT_IP_HEADER } from "@/lib/constants/app";

describe("clientAddress (Express's trust proxy with a number of hops)", () => {
  it("takes the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(clientAddress("::1", "1.2.3.4", 0)).toBe("::1");
  });

  it("believes only as many hops from the right as there are trusted proxies", () => {
    // client -> LB (10.0.0.1) -> app; the client forged 1.2.3.4 in front.
    expect(clientAddress("10.0.0.1", "1.2.3.4, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    // More trusted hops than the header has: the farthest address known.
    expect(clientAddress("10.0.0.1", "198.51.100.7", 5)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
  });

  it("reads TRUST_PROXY as a whole number of proxies", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("2")).toBe(2);
    expect(() => parseTrustProxy("true")).toThrow(/number of proxies/);
    expect(() => parseTrustProxy("-1")).toThrow();
  });

  it("names the same header the route wrappers read", () => {
    expect(SERVER_HEADER).toBe(CLIENT_IP_HEADER);
  });
});
