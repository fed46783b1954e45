/**
 * Text PostgreSQL can store: no NUL character (text columns refuse it) and no lone UTF-16 surrogate
 * (jsonb refuses it, and UTF-8 cannot encode it). Checked where input enters, so such text answers
 * 400 instead of failing half-way through a write.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * The path ("clients.0.name", "_" for the value itself) of the first string in a parsed JSON value,
 * keys included, that is not safe text; null when all are.
 */
export function unsafeTextPath(value: unknown, path: string[] = []): string | null {
  const here = () => (path.length ? path.join(".") : "_");
  if (typeof value === "string") return isSafeText(value) ? null : here();
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return here();
      const found = unsafeTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
