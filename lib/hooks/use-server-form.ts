"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback } from "react";
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from "react-hook-form";
import type * as z from "zod";
import type { ApiError } from "../api-client/http";

type Options<Input extends FieldValues, Output extends FieldValues> = Omit<
  UseFormProps<Input, unknown, Output>,
  "resolver"
> & {
  /**
   * The fields a server error may be shown under (a key "clients.0.name" matches "clients").
   * Defaults to the keys of `defaultValues`.
   */
  serverFields?: readonly string[];
};

export type ServerForm<Input extends FieldValues, Output extends FieldValues> = UseFormReturn<
  Input,
  unknown,
  Output
> & {
  /**
   * Puts a 400 answer's field errors under the matching fields, focusing the first. Returns the
   * errors that matched no field, so the form can show them another way.
   */
  applyServerErrors: (error: ApiError) => Record<string, string>;
};

/**
 * Every form of the app: react-hook-form validated by the same zod schema as the API, and the
 * API's field errors (`errors` keyed by field) shown under the fields they name.
 */
export function useServerForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  { serverFields, ...options }: Options<Input, Output> = {},
): ServerForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
  const { setError } = form;
  const fields = serverFields ?? Object.keys(options.defaultValues ?? {});
  const fieldList = fields.join("\u0000");
  const applyServerErrors = useCallback(
    (error: ApiError) => applyFieldErrors(error, setError, fieldList.split("\u0000")),
    [setError, fieldList],
  );
  return { ...form, applyServerErrors };
}

/**
 * Puts a 400 answer's field errors under the matching fields (typed values stay as they are),
 * focusing the first. Returns the server field errors that matched no field.
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
