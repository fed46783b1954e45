import { APP_NAME } from "../lib/constants/app";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** An agency's look for an email it sends about its own work (its report is ready): name, logo, colour, font. */
export interface EmailBrand {
  name: string;
  /** The accent: the header's and the button's colour (#rrggbb). */
  color: string;
  /** The logo's `src`: a `cid:` of an inline attachment (mail clients cannot reach a logged-in API). */
  logoSrc?: string | null;
  font?: string;
  /** The agency's own footer line, under the email's. */
  footerText?: string;
}

const DEFAULT_ACCENT = "#1d4ed8";
const HEX = /^#[0-9a-f]{6}$/i;

/**
 * One call-to-action email: a greeting, a paragraph, a button, and the link in plain text too. With a brand it is the
 * agency's (its logo or name on top, its colour, its font, its footer, signed with its name), else the product's.
 */
export function actionEmail(opts: {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  url: string;
  footer: string;
  brand?: EmailBrand;
  /** A list under the paragraph, each line with its own link (a digest's items). */
  items?: { text: string; url: string }[];
}): RenderedEmail {
  const brand = opts.brand;
  const signature = brand?.name ?? APP_NAME;
  const accent = brand && HEX.test(brand.color) ? brand.color : DEFAULT_ACCENT;
  const font = brand?.font ? `${brand.font},Arial,Helvetica,sans-serif` : "Arial,Helvetica,sans-serif";
  const footers = [opts.footer, ...(brand?.footerText ? [brand.footerText] : [])];
  const items = opts.items ?? [];
  const listText = items.map((i) => `- ${i.text}\n  ${i.url}`).join("\n");
  const text = `${opts.greeting}\n\n${opts.body}\n\n${listText ? `${listText}\n\n` : ""}${opts.action}: ${opts.url}\n\n${footers.join("\n")}\n\n— ${signature}\n`;
  const listHtml = items.length
    ? `<ul style="padding-left:20px">${items.map((i) => `<li style="margin-bottom:8px"><a href="${escapeHtml(i.url)}" style="color:${accent}">${escapeHtml(i.text)}</a></li>`).join("")}</ul>\n`
    : "";
  const header = brand?.logoSrc
    ? `<img src="${escapeHtml(brand.logoSrc)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px;margin-bottom:8px">`
    : `<h1 style="font-size:20px;color:${accent}">${escapeHtml(signature)}</h1>`;
  const html = `<!doctype html><html><body style="font-family:${escapeHtml(font)};color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
${header}
<p>${escapeHtml(opts.greeting)}</p>
<p>${escapeHtml(opts.body)}</p>
${listHtml}<p><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:${accent};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action)}</a></p>
<p style="font-size:13px;color:#4b5563">Or open this link: <a href="${escapeHtml(opts.url)}">${escapeHtml(opts.url)}</a></p>
${footers.map((f) => `<p style="font-size:13px;color:#4b5563">${escapeHtml(f)}</p>`).join("\n")}
</body></html>`;
  return { subject: opts.subject, text, html };
}
