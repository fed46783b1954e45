import { describe, expect, it } from "vitest";
import { mayChangeState } from "./same-origin";

const site = { origins: ["https://app.example"], basePath: "" };
const mounted = { origins: ["https://host.example"], basePath: "/funnelwise" };
const allowed = (method: string, headers: Record<string, string>, own = site) =>
  mayChangeState(method, new Headers(headers), own);

describe("mayChangeState (the route wrappers' CSRF check)", () => {
  it("lets reads, bearer-token calls and calls from no web page through", () => {
    expect(allowed("GET", { "sec-fetch-site": "cross-site", origin: "https://evil.test" })).toBe(true);
    expect(allowed("POST", { authorization: "Bearer abc", "sec-fetch-site": "cross-site" })).toBe(true);
    expect(allowed("DELETE", { authorization: "bearer abc", origin: "https://evil.test" })).toBe(true);
    // curl, an API client with a cookie jar, a webhook: no browser, no page to forge it.
    expect(allowed("POST", {})).toBe(true);
  });

  it("takes the app's own pages, by Sec-Fetch-Site or else by Origin", () => {
    expect(allowed("POST", { "sec-fetch-site": "same-origin", origin: "https://app.example" })).toBe(true);
    expect(allowed("PUT", { origin: "https://app.example" })).toBe(true);
  });

  it("refuses other sites, sibling subdomains and other ports, and opaque origins", () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", origin: "https://evil.test" },
      { "sec-fetch-site": "same-site", origin: "https://blog.app.example" },
      { "sec-fetch-site": "same-site", origin: "https://app.example:8443" },
      { origin: "https://evil.test" },
      { origin: "null" },
      // Sec-Fetch-Site is what the browser saw; an Origin that looks right does not override it.
      { "sec-fetch-site": "cross-site", origin: "https://app.example" },
    ];
    for (const headers of refused) {
      expect(allowed("POST", headers), JSON.stringify(headers)).toBe(false);
    }
  });

  it("under a base path, also needs the referring page to be the app's", () => {
    const own = { "sec-fetch-site": "same-origin", origin: "https://host.example" };
    expect(allowed("POST", { ...own, referer: "https://host.example/funnelwise/dashboard" }, mounted)).toBe(true);
    expect(allowed("POST", { ...own, referer: "https://host.example/funnelwise" }, mounted)).toBe(true);
    expect(allowed("POST", { ...own, referer: "https://host.example/other-app/page" }, mounted)).toBe(false);
    expect(allowed("POST", { ...own, referer: "https://host.example/funnelwise-evil/x" }, mounted)).toBe(false);
    // A page can tell the browser to send no Referer: not knowing where it comes from is refusing it.
    expect(allowed("POST", own, mounted)).toBe(false);
  });
});
