"use client";

import type { FieldValues } from "react-hook-form";
import type { ServerForm } from "@/lib/hooks/use-server-form";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/**
 * Saves a settings form: field errors of a 400 go under their fields, anything else becomes the
 * form's message. Returns the message to show, or null when saved.
 */
export async function saveSettings<I extends FieldValues, O extends FieldValues>(
  form: ServerForm<I, O>,
  save: () => Promise<unknown>,
): Promise<string | null> {
  try {
    await save();
    return null;
  } catch (raw) {
    const error = toApiError(raw);
    if (error.status === 400) {
      const unmatched = form.applyServerErrors(error);
      return error.errors && Object.keys(unmatched).length === 0 ? null : error.message;
    }
    return error.message;
  }
}
