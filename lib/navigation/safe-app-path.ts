/**
 * The only check for a post-login target (`?next=`, the stored fallback route): it must be a path of this
 * app. Anything else — absolute URLs, protocol-relative `//host`, `/\host` (browsers treat `\` as `/`),
 * encoded or control characters that browsers strip or decode into one of those — gives null, and the caller
 * falls back to the dashboard.
 */
const ORIGIN = "http://funnelwise.invalid";
const MAX_LENGTH = 2048;
// C0 controls, DEL and the C1 range: browsers drop tabs and newlines inside URLs, turning "/\t/host" into "//host".
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function looksExternal(path: string): boolean {
  return !path.startsWith("/") || path.startsWith("//") || path.includes("\\") || CONTROL.test(path);
}

/** Percent-decodes until stable (at most a few rounds); null on malformed encoding. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function safeAppPath(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_LENGTH) return null;
  if (looksExternal(candidate)) return null;
  const decoded = fullyDecoded(candidate);
  if (decoded === null || looksExternal(decoded)) return null;
  let url: URL;
  try {
    url = new URL(candidate, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
