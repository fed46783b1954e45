// Plain JavaScript: the web server (scripts/web-server.mjs) runs under `node` without a compiler.

/** The request header the web server sets to the caller's address; route handlers read only this. */
export const CLIENT_IP_HEADER = "x-funnelwise-client-ip";

/** TRUST_PROXY: how many proxies in front of the app may be believed (0, the default, believes none). */
export function parseTrustProxy(value) {
  if (value === undefined || value === "" || value === "false") return 0;
  if (value === "true") throw new Error("TRUST_PROXY must be a number of proxies (for example 1), not true");
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0)
    throw new Error(`TRUST_PROXY must be a whole number of proxies, not ${value}`);
  return hops;
}

const normalize = (address) => {
  const trimmed = String(address ?? "").trim();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
};

/**
 * The caller's address as Express computes it with `trust proxy` set to a number: the socket's
 * peer, then X-Forwarded-For read from the right; each of the `trustedHops` nearest proxies is
 * believed about the address before it, so a client cannot choose its address by sending the header.
 */
export function clientAddress(socketAddress, forwardedFor, trustedHops) {
  const chain = [normalize(socketAddress)];
  if (trustedHops > 0 && forwardedFor) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
    for (let i = hops.length - 1; i >= 0; i--) chain.push(normalize(hops[i]));
  }
  return chain[Math.min(trustedHops, chain.length - 1)] || "unknown";
}
