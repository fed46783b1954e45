import type { z } from "zod";
import type { FieldErrors } from "./errors";

/** A zod failure as `{ field: firstMessage }`, with nested paths joined by dots ("clients.0.name"). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
