import "server-only";
import { MESSAGES } from "@/lib/constants/messages";
import { BadRequestError } from "../errors";

/**
 * The deepest nesting of objects and arrays a request body may have. Every body the API takes is a few levels deep
 * (a report's selection, a schedule's options); everything that walks a parsed body afterwards (the text check, zod)
 * recurses, and `{"a":` × 100,000 overflowed the stack there: a 500 on every JSON route (issue 60).
 */
export const MAX_JSON_DEPTH = 64;

/** Whether the JSON text opens more than `max` objects or arrays inside each other (brackets in strings aside). */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** JSON.parse for request bodies: 400 in the one error shape for bad JSON or nesting past MAX_JSON_DEPTH. */
export function parseJsonText(text: string): unknown {
  if (jsonDepthExceeds(text)) throw new BadRequestError(MESSAGES.jsonTooDeep);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(MESSAGES.malformedJson);
  }
}
