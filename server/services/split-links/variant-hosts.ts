import "server-only";
import { SPLIT_LINK_MESSAGES } from "@/lib/validation/split-links";
import { ValidationError } from "../../errors";

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return bareHost(new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname);
  } catch {
    return null;
  }
}

/**
 * A split link must not become a redirector to anywhere: every variant is a page of the project's site (its URL, else
 * its client's website; subdomains count), or, when neither is set, all variants are pages of one site.
 */
export function requireSiteVariants(urls: string[], siteUrl: string | null | undefined): void {
  const site = hostOf(siteUrl);
  const hosts = urls.map((u) => bareHost(new URL(u).hostname));
  const errors: Record<string, string> = {};
  hosts.forEach((host, i) => {
    const ok = site ? host === site || host.endsWith(`.${site}`) : host === hosts[0];
    if (!ok) errors[`variants.${i}.url`] = site ? SPLIT_LINK_MESSAGES.offSite(site) : SPLIT_LINK_MESSAGES.oneSite;
  });
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
}
