import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "../../env";

// The OAuth `state` that travels through Google's consent page and back (CSRF protection). It is
// signed with a key derived from NEXTAUTH_SECRET and carries who started the sign-in, a nonce that
// is also set as an httpOnly cookie in the browser that started it, and where it expires. On the
// way back the signature, the expiry, the caller and the cookie's nonce must all match, so a code
// obtained by someone else cannot be attached to this user's session.

export const STATE_TTL_SECONDS = 10 * 60;

export interface SignInState {
  /** The user who started the sign-in. */
  userId: string;
  /** Equal to the nonce cookie of the browser that started it. */
  nonce: string;
  /** A data source to reconnect with the new sign-in, if any. */
  dataSourceId?: string;
  /** The wizard's id for this popup, echoed back so it ignores other tabs' results. */
  attempt?: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const key = () => createHmac("sha256", env().NEXTAUTH_SECRET).update("funnelwise google oauth state").digest();
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

export const newNonce = () => randomBytes(24).toString("base64url");

export function encodeState(state: Omit<SignInState, "exp">, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ ...state, exp: Math.floor(now / 1000) + STATE_TTL_SECONDS }),
    "utf8",
  ).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The state if its signature is ours and it has not expired; undefined otherwise. */
export function decodeState(value: string | undefined, now = Date.now()): SignInState | undefined {
  if (!value) return undefined;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let state: SignInState;
  try {
    state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SignInState;
  } catch {
    return undefined;
  }
  if (typeof state.userId !== "string" || typeof state.nonce !== "string" || typeof state.exp !== "number")
    return undefined;
  return state.exp * 1000 >= now ? state : undefined;
}

/** Constant-time comparison of the state's nonce with the browser's cookie. */
export function sameNonce(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
