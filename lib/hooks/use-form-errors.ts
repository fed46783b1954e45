"use client";

import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiError } from "../api-client/http";

/**
 * Puts a 400 answer's field errors under the matching fields (typed values stay as they are).
 * Returns the server field errors that matched no field, so the caller can show them another way.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): Record<string, string> {
  const unmatched: Record<string, string> = {};
  let focused = false;
  for (const [key, message] of Object.entries(error.errors ?? {})) {
    const root = key.split(".")[0];
    if (fields.includes(key) || fields.includes(root)) {
      setError(key as Path<T>, { type: "server", message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched[key] = message;
    }
  }
  return unmatched;
}
