import "server-only";
import { MESSAGES } from "@/lib/constants/messages";
import { unsafeTextPath } from "@/lib/validation/safe-text";
import { BadRequestError, ValidationError } from "../errors";

/**
 * next-auth reads a JSON body with `req.json()` and lets a parse error escape as a 500. Read a copy
 * first, so invalid JSON (or text PostgreSQL cannot store) answers 400 in the one error shape.
 */
export async function assertReadableAuthBody(req: Request): Promise<void> {
  if (req.method !== "POST" || !req.body) return;
  if (!(req.headers.get("content-type") ?? "").includes("application/json")) return;
  const text = await req.clone().text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BadRequestError(MESSAGES.malformedJson);
  }
  // next-auth expects an object of form fields; anything else makes it answer an unreadable 400.
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new BadRequestError(MESSAGES.malformedJson);
  const unsafe = unsafeTextPath(data);
  if (unsafe) throw new ValidationError({ [unsafe]: MESSAGES.invalidCharacters });
}
