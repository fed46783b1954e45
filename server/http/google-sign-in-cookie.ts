import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "../env";
import { STATE_TTL_SECONDS } from "../services/google-service/oauth-state";

// The nonce cookie of a Google sign-in: set when the popup starts, read and cleared when Google
// sends it back. Lax, so the top-level redirect back from Google carries it; scoped to the
// google-service routes; httpOnly, so page scripts never see it.

const NAME = "funnelwise-google-oauth";
const path = () => `${env().BASE_PATH}/api/google-service`;

export const readSignInNonce = (req: NextRequest) => req.cookies.get(NAME)?.value;

export function setSignInNonce(res: NextResponse, nonce: string): void {
  res.cookies.set(NAME, nonce, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: path(),
    maxAge: STATE_TTL_SECONDS,
  });
}

export function clearSignInNonce(res: NextResponse): void {
  res.cookies.set(NAME, "", { httpOnly: true, sameSite: "lax", path: path(), maxAge: 0 });
}
