// A small MIME reader for tests: enough of RFC 2045/2046 to take apart what nodemailer writes
// (nested multiparts, base64 and quoted-printable bodies) and check each part's bytes. The raw
// message must be read as latin1 so that every byte survives as one character.

export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  /** Decoded body bytes (leaves only). */
  body: Buffer;
  parts: MimePart[];
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) back to text. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decode(data.replace(/_/g, " "), "quoted-printable").toString("utf8"),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable": {
      const soft = body.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
          bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(soft.charCodeAt(i) & 0xff);
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, "latin1");
  }
}

export function parseMime(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const headerBlock = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = parseHeaders(headerBlock);
  const contentType = (headers["content-type"] ?? "text/plain").split(";")[0].trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!contentType.startsWith("multipart/") || !boundary)
    return { headers, contentType, body: decode(body, headers["content-transfer-encoding"]), parts: [] };
  const sections = body.split(`--${boundary}`).slice(1);
  const parts = sections
    .filter((s) => !s.startsWith("--"))
    .map((s) => parseMime(s.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
  return { headers, contentType, body: Buffer.alloc(0), parts };
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}
