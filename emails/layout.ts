import { APP_NAME } from "../lib/constants/app";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** One call-to-action email: a greeting, a paragraph, a button, and the link in plain text too. */
export function actionEmail(opts: {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  url: string;
  footer: string;
}): RenderedEmail {
  const text = `${opts.greeting}\n\n${opts.body}\n\n${opts.action}: ${opts.url}\n\n${opts.footer}\n\n— ${APP_NAME}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1d4ed8">${APP_NAME}</h1>
<p>${escapeHtml(opts.greeting)}</p>
<p>${escapeHtml(opts.body)}</p>
<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#4b5563">Or open this link: <a href="${escapeHtml(opts.url)}">${escapeHtml(opts.url)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(opts.footer)}</p>
</body></html>`;
  return { subject: opts.subject, text, html };
}
