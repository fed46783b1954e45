import "server-only";
import { PARTNER_MESSAGES as M } from "@/lib/constants/partner-messages";
import { partnerConfig } from "./config";
import { PartnerApiError, partnerError } from "./errors";

// One live call that tells whether a partner accepts an API key, and what the key has left:
// Semrush's API units balance (GET countapiunits.html?key: the number of units, as text) and
// Similarweb's user capabilities (GET user-capabilities?api_key: `remaining_hits`). Neither costs
// units. A refusal is the user's to fix; an outage is not the key's fault.

export type PartnerKeyProvider = "semrush" | "similarweb";
export const PARTNER_KEY_PROVIDERS: Record<PartnerKeyProvider, string> = {
  semrush: "Semrush",
  similarweb: "Similarweb",
};

export interface KeyCheck {
  accepted: boolean;
  /** What to tell the user: "Semrush accepted the key; 3,000 units left", or why it was refused. */
  message: string;
}

async function get(provider: string, url: URL): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    throw partnerError(provider, 503, String(error));
  }
}

export async function checkPartnerKey(provider: PartnerKeyProvider, key: string): Promise<KeyCheck> {
  const name = PARTNER_KEY_PROVIDERS[provider];
  const c = partnerConfig();
  if (provider === "semrush") {
    const url = new URL(c.SEMRUSH_UNITS_URL);
    url.searchParams.set("key", key);
    const { status, text } = await get(name, url);
    if (status >= 500 || status === 429) throw partnerError(name, status, text.slice(0, 200));
    const units = Number(text.trim());
    if (status !== 200 || !/^\d+$/.test(text.trim()))
      return { accepted: false, message: M.keyCheckRefused(name, text.trim().slice(0, 120) || `HTTP ${status}`) };
    return { accepted: true, message: M.keyAccepted(name, `${units.toLocaleString("en")} units`) };
  }
  const url = new URL("user-capabilities", c.SIMILARWEB_API_URL);
  url.searchParams.set("api_key", key);
  const { status, text } = await get(name, url);
  if (status >= 500 || status === 429) throw partnerError(name, status, text.slice(0, 200));
  let body: { remaining_hits?: unknown; meta?: { error_message?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    if (status === 200) throw new PartnerApiError("malformed", 502, M.malformed(name), text.slice(0, 120));
  }
  if (status !== 200 || typeof body.remaining_hits !== "number")
    return { accepted: false, message: M.keyCheckRefused(name, body.meta?.error_message ?? `HTTP ${status}`) };
  return { accepted: true, message: M.keyAccepted(name, `${body.remaining_hits.toLocaleString("en")} requests`) };
}
