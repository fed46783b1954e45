import { NextResponse } from "next/server";
import type { AppError } from "../errors";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Whether the request is a browser navigating (a provider's redirect back), not an API client. */
export const wantsHtml = (req: Request) => (req.headers.get("accept") ?? "").includes("text/html");

/**
 * An error of a route the browser lands on (OAuth callbacks) as a small page, with the same status:
 * the message in plain words and a way back, instead of a JSON body on a blank screen.
 */
export function browserErrorPage(error: AppError, title: string, back: { href: string; label: string }): NextResponse {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Funnelwise</title></head>
<body>
<main>
<h1>${escape(title)}</h1>
<p role="alert">${escape(error.message)}</p>
<p><a href="${escape(back.href)}">${escape(back.label)}</a></p>
</main>
</body>
</html>
`;
  return new NextResponse(html, {
    status: error.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
