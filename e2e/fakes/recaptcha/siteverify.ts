import http from "node:http";

/**
 * Google's reCAPTCHA siteverify endpoint as a local server: a form-encoded POST of secret, response
 * and remoteip in, `{ success, hostname | error-codes }` out. `good` is the only answer it accepts.
 */
export async function startRecaptchaFake(options: { secret: string; good: string }) {
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const ok = form.get("secret") === options.secret && form.get("response") === options.good;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          ok ? { success: true, hostname: "localhost" } : { success: false, "error-codes": ["invalid-input-response"] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
