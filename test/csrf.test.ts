import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as logout } from "@/app/api/users/logout/route";
import { MESSAGES } from "@/lib/constants/messages";
import { loadApiRoutes } from "@/test/api-route-modules";
import { buildWorld, pathFor, segmentBefore, type World } from "@/test/api-world";
import { resetDatabase } from "@/test/db";
import { startDropboxForTests } from "@/test/dropbox-fixtures";
import { tableDigests } from "@/test/fuzz/row-counts";

// Issue 60: a cross-origin form posted with the session cookie made the worker mail a report to the attacker and
// replaced a source's data. Every state-changing route takes the cookie, so every one is tried here, the way a
// browser sends another site's form: the cookie, the other site in Origin and Sec-Fetch-Site, a url-encoded body.

const dropboxFake = await startDropboxForTests();
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];
const FORM = "recipients=attacker%40evil.test&format=xlsx&subject=x&email=attacker%40evil.test&password=Attack1!&x=1";

function formFrom(method: string, path: string, cookieToken: string, site: Record<string, string>) {
  return new NextRequest(new URL(path, "http://localhost:3000"), {
    method,
    headers: {
      cookie: `next-auth.session-token=${cookieToken}`,
      "content-type": "application/x-www-form-urlencoded",
      "x-funnelwise-client-ip": "203.0.113.9",
      ...site,
    },
    body: FORM,
  });
}

describe("cross-site form posts (CSRF)", async () => {
  const routes = await loadApiRoutes();
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(dropboxFake);
  });
  afterAll(async () => {
    await resetDatabase();
    await dropboxFake.close();
  });

  const cases = routes.flatMap((route) =>
    Object.entries(route.handlers)
      .filter(([method]) => STATE_CHANGING.includes(method))
      .map(([method, handler]) => ({ route, method, handler })),
  );

  it("covers every state-changing route", () => {
    // Routes are added all the time: this fails if the glob stopped finding them, never because one was added.
    expect(cases.length).toBeGreaterThan(60);
  });

  for (const { route, method, handler } of cases) {
    it(`${method} ${route.pattern}: 403 from another site or a sibling subdomain, nothing changed`, async () => {
      const params = Object.fromEntries(
        route.params.map((p) => [
          p.name,
          p.catchAll
            ? ["signout"]
            : (world.byResource[p.name] ?? world.byResource[segmentBefore(route.pattern, p.name)] ?? world.ids[0]),
        ]),
      );
      const path = pathFor(route, params, []);
      const before = await tableDigests();
      const sites: Record<string, string>[] = [
        { origin: "https://evil.test", "sec-fetch-site": "cross-site" },
        { origin: "http://reports.localhost:3000", "sec-fetch-site": "same-site" },
        // A browser without Sec-Fetch-Site still says where the form came from.
        { origin: "https://evil.test" },
      ];
      for (const site of sites) {
        const res = await handler(formFrom(method, path, world.main.token, site), { params: Promise.resolve(params) });
        expect(res.status, `${method} ${path} ${JSON.stringify(site)}`).toBe(403);
        expect(await res.json()).toEqual({ status: 403, message: MESSAGES.crossSiteRequest });
      }
      expect(await tableDigests()).toEqual(before);
    });
  }

  it("lets the app's own pages and bearer-token calls through (logout as the example)", async () => {
    const ownPage = await logout(
      formFrom("POST", "/api/users/logout", world.viewer.token, {
        origin: "http://localhost:3000",
        "sec-fetch-site": "same-origin",
      }),
      { params: Promise.resolve({}) },
    );
    expect(ownPage.status).toBe(200);
    const bearer = new NextRequest(new URL("/api/users/logout", "http://localhost:3000"), {
      method: "POST",
      headers: {
        authorization: `Bearer ${world.main.token}`,
        origin: "https://evil.test",
        "sec-fetch-site": "cross-site",
      },
    });
    expect((await logout(bearer, { params: Promise.resolve({}) })).status).toBe(200);
  });
});
