import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "./client-address.mjs";
import { webRequestListener } from "./web-handler.mjs";

// The web server's own layer on a real socket: the address route handlers see (and so the login
// limits key on) is the socket's unless TRUST_PROXY trusts proxies; nothing the caller sends in
// X-Forwarded-For or in the internal header itself changes it.

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(trustedHops: number): Promise<number> {
  // Stands in for Next.js: answers the address the route handlers would read.
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.end(JSON.stringify({ address: req.headers[CLIENT_IP_HEADER] }));
  };
  server = http.createServer(webRequestListener(handle, trustedHops));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function send(port: number, method: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: "/api/users/login", headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the web server's request layer", () => {
  it("without TRUST_PROXY, uses the socket's address whatever the caller claims", async () => {
    const port = await serve(0);
    const res = await send(port, "GET", { "x-forwarded-for": "10.9.9.9", [CLIENT_IP_HEADER]: "10.8.8.8" });
    expect(JSON.parse(res.body)).toEqual({ address: "127.0.0.1" });
  });

  it("with TRUST_PROXY=1, believes the one proxy's entry, not the ones the client added before it", async () => {
    const port = await serve(1);
    const res = await send(port, "GET", { "x-forwarded-for": "10.9.9.9, 198.51.100.4" });
    expect(JSON.parse(res.body)).toEqual({ address: "198.51.100.4" });
    const none = await send(port, "GET", { [CLIENT_IP_HEADER]: "10.8.8.8" });
    expect(JSON.parse(none.body)).toEqual({ address: "127.0.0.1" });
  });

  it("answers TRACE with 405 in the error shape, before Next.js", async () => {
    const port = await serve(0);
    const res = await send(port, "TRACE", {});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain("GET");
    expect(JSON.parse(res.body)).toEqual({ status: 405, message: expect.any(String) });
  });
});
