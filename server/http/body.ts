import "server-only";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import { unsafeTextPath } from "@/lib/validation/safe-text";
import { fieldErrorsFromZod, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../errors";
import { parseJsonText } from "./json-text";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** Reads at most `limit` bytes, so an oversized body is refused without buffering it whole. */
export async function readLimited(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new PayloadTooLargeError();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other is cancelled too.
      reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Parses a JSON body with a zod schema: 415 for another content type, 413 past 1 MB, 400 for bad JSON, nesting past
 * 64 levels or bad fields.
 */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType.trim())) throw new UnsupportedMediaTypeError();
  const text = await readLimited(req, MAX_JSON_BODY_BYTES);
  return parseWith(schema, text.trim() === "" ? {} : parseJsonText(text));
}

/** Every way input enters (JSON, query, form fields) passes here: text PostgreSQL cannot store is a 400. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const unsafe = unsafeTextPath(data);
  if (unsafe) throw new ValidationError({ [unsafe]: MESSAGES.invalidCharacters });
  const result = schema.safeParse(data);
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error));
  return result.data;
}

export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams.entries());
  return parseWith(schema, params);
}
