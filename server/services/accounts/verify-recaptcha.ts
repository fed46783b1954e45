import "server-only";
import { env } from "../../env";
import { log } from "../../log";

/** Checks the login form's reCAPTCHA answer with Google when RECAPTCHA_SECRET_KEY is set; else passes. */
export async function verifyRecaptcha(response: string | undefined, ip: string): Promise<boolean> {
  const { RECAPTCHA_SECRET_KEY, RECAPTCHA_VERIFY_URL } = env();
  if (!RECAPTCHA_SECRET_KEY) return true;
  if (!response) return false;
  const body = new URLSearchParams({ secret: RECAPTCHA_SECRET_KEY, response });
  if (ip !== "unknown") body.set("remoteip", ip);
  try {
    const res = await fetch(RECAPTCHA_VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
    const data = (await res.json()) as { success?: boolean };
    return data.success === true;
  } catch (error) {
    log("warn", "recaptcha verification failed", { error: String(error) });
    return false;
  }
}
