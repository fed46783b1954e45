// The text encodings exports come in, told by their first bytes:
// - UTF-8, with or without a byte order mark (GA4, Search Console, Shopify, Meta's exports with a BOM);
// - UTF-16 little-endian with a BOM: Google Ads' "CSV (Excel)" download and Excel's "Unicode text", both
//   tab-separated; big-endian with a BOM; either without one when every other byte of the text is zero;
// - Windows-1252 when the bytes are not UTF-8 (Excel's plain "CSV" on Windows): every byte is a character there.

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export const ENCODING_LABELS: Record<TextEncoding, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 (little-endian)",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1252": "Windows-1252",
};

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** Bytes of byte order mark to skip. */
  bom: number;
}

/**
 * The encoding of a file from its first bytes (a few KB are plenty). `complete`: `head` is the whole file, so a
 * multi-byte character cut at its end is not a reason to doubt UTF-8.
 */
export function detectEncoding(head: Uint8Array, complete = false): DetectedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bom: 2 };
  // UTF-16 without a mark: ASCII text has a zero in every other byte.
  const sample = head.subarray(0, Math.min(head.length, 512));
  if (sample.length >= 8) {
    let evenZeros = 0;
    let oddZeros = 0;
    for (let i = 0; i + 1 < sample.length; i += 2) {
      if (sample[i] === 0) evenZeros++;
      if (sample[i + 1] === 0) oddZeros++;
    }
    const pairs = Math.floor(sample.length / 2);
    if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return { encoding: "utf-16le", bom: 0 };
    if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return { encoding: "utf-16be", bom: 0 };
  }
  return { encoding: isUtf8Prefix(head, complete) ? "utf-8" : "windows-1252", bom: 0 };
}

/** Whether the bytes are UTF-8 (a character cut by the end of an incomplete head is allowed). */
function isUtf8Prefix(bytes: Uint8Array, complete: boolean): boolean {
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= n) return !complete;
      if ((bytes[i + k] & 0xc0) !== 0x80) return false;
    }
    i += length;
  }
  return true;
}

/** A streaming decoder for the encoding (UTF-8 is strict: a bad byte throws, for a message naming its line). */
export function textDecoder(encoding: TextEncoding): TextDecoder {
  return new TextDecoder(encoding, { fatal: encoding === "utf-8" });
}

/**
 * The text of a file's first bytes (or all of them: `complete`), decoded as `detectEncoding` tells, without the byte
 * order mark; a character cut off at the end of an incomplete head is left out.
 */
export function decodeHead(bytes: Uint8Array, complete: boolean): { text: string; encoding: TextEncoding } {
  const { encoding, bom } = detectEncoding(bytes, complete);
  const decoder = new TextDecoder(encoding);
  const body = bytes.subarray(bom);
  // An odd last byte of UTF-16 is half a character.
  const usable = encoding.startsWith("utf-16") && body.length % 2 === 1 ? body.subarray(0, body.length - 1) : body;
  const text = decoder.decode(usable, { stream: !complete });
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}
