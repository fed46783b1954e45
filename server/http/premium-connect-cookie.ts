import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "../env";
import { CONNECT_TTL_SECONDS } from "../services/premium-sources/oauth-state";

// The nonce of a premium source connection in progress (HubSpot, Shopify), kept in the browser that
// started it: /callback/{integration} accepts the state only from that browser. Lax, so the
// provider's top-level redirect back carries it; httpOnly and scoped to the callback routes.

const name = (integration: string) => `funnelwise-${integration}-oauth`;
const path = () => `${env().BASE_PATH}/callback`;

export const readConnectNonce = (req: NextRequest, integration: string) => req.cookies.get(name(integration))?.value;

export function setConnectNonce(res: NextResponse, integration: string, nonce: string): void {
  res.cookies.set(name(integration), nonce, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: path(),
    maxAge: CONNECT_TTL_SECONDS,
  });
}

export function clearConnectNonce(res: NextResponse, integration: string): void {
  res.cookies.set(name(integration), "", { httpOnly: true, sameSite: "lax", path: path(), maxAge: 0 });
}
