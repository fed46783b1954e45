import "server-only";
import { MESSAGES } from "@/lib/constants/messages";
import { unsafeTextPath } from "@/lib/validation/safe-text";
import { BadRequestError, ValidationError } from "../errors";
import { MAX_JSON_BODY_BYTES, readLimited } from "./body";
import { parseJsonText } from "./json-text";

/**
 * next-auth reads a JSON body with `req.json()` and lets a parse error escape as a 500. Read a copy
 * first, so invalid, oversized or too deeply nested JSON (or text PostgreSQL cannot store) answers in the one error
 * shape.
 */
export async function assertReadableAuthBody(req: Request): Promise<void> {
  if (req.method !== "POST" || !req.body) return;
  if (!(req.headers.get("content-type") ?? "").includes("application/json")) return;
  // The same limits as every JSON route: 413 past 1 MB, 400 for bad JSON or nesting past 64 levels.
  const data = parseJsonText(await readLimited(req.clone(), MAX_JSON_BODY_BYTES));
  // next-auth expects an object of form fields; anything else makes it answer an unreadable 400.
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new BadRequestError(MESSAGES.malformedJson);
  const unsafe = unsafeTextPath(data);
  if (unsafe) throw new ValidationError({ [unsafe]: MESSAGES.invalidCharacters });
}
