import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { env } from "../env";
import { CONNECT_TTL_SECONDS } from "../services/dropbox/start-connect";

// The state of a Dropbox connection in progress, also kept in the browser that started it: the
// callback accepts a state only from that browser (a link or a forged redirect cannot connect
// someone else's Dropbox to this user). Lax, so Dropbox's top-level redirect back carries it;
// httpOnly and scoped to the Dropbox routes.

const NAME = "funnelwise-dropbox-oauth";
const path = () => `${env().BASE_PATH}/api/dropbox`;

export const readConnectState = (req: NextRequest) => req.cookies.get(NAME)?.value;

export function setConnectState(res: NextResponse, state: string): void {
  res.cookies.set(NAME, state, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: path(),
    maxAge: CONNECT_TTL_SECONDS,
  });
}

export function clearConnectState(res: NextResponse): void {
  res.cookies.set(NAME, "", { httpOnly: true, sameSite: "lax", path: path(), maxAge: 0 });
}
