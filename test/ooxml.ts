import { XMLParser, XMLValidator } from "fast-xml-parser";
import JSZip from "jszip";

// Reads an Office package back for the export tests: every XML part as text, and parsed.

export interface OfficePackage {
  paths: string[];
  text: (path: string) => string;
  /** A binary part (media), as stored. */
  bytes: (path: string) => Buffer;
  has: (path: string) => boolean;
  xml: (path: string) => Record<string, unknown>;
  /** Relationships of a part: id → absolute target path inside the package (external ones kept as they are). */
  rels: (part: string) => Map<string, { type: string; target: string; external: boolean }>;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: () => false });

function resolve(from: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = from.split("/").slice(0, -1);
  for (const seg of target.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/");
}

export async function readPackage(bytes: Buffer): Promise<OfficePackage> {
  const zip = await JSZip.loadAsync(bytes);
  const paths = Object.keys(zip.files).filter((p) => !zip.files[p].dir);
  const texts = new Map<string, string>();
  const binaries = new Map<string, Buffer>();
  for (const p of paths) {
    if (/\.(xml|rels)$/.test(p)) texts.set(p, await zip.file(p)!.async("string"));
    else binaries.set(p, await zip.file(p)!.async("nodebuffer"));
  }
  const text = (p: string) => {
    const t = texts.get(p);
    if (t === undefined) throw new Error(`no part ${p}`);
    return t;
  };
  return {
    paths,
    text,
    bytes: (p) => {
      const b = binaries.get(p);
      if (!b) throw new Error(`no binary part ${p}`);
      return b;
    },
    has: (p) => paths.includes(p),
    xml: (p) => parser.parse(text(p)) as Record<string, unknown>,
    rels: (part) => {
      // The rels of "a/b.xml" are "a/_rels/b.xml.rels"; the package's own are "_rels/.rels".
      const relsPath = part === "" ? "_rels/.rels" : part.replace(/([^/]+)$/, "_rels/$1.rels");
      const out = new Map<string, { type: string; target: string; external: boolean }>();
      if (!texts.has(relsPath)) return out;
      for (const m of text(relsPath).matchAll(/<Relationship\b[^>]*\/>/g)) {
        const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[0])?.[1] ?? "";
        const external = attr("TargetMode") === "External";
        out.set(attr("Id"), {
          type: attr("Type").split("/").pop() ?? "",
          target: external ? attr("Target") : resolve(part || "root", attr("Target")),
          external,
        });
      }
      return out;
    },
  };
}

/** All matches of a capture group, as an array. */
export const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]);

/** Whether a part is well-formed XML (an office suite refuses, or repairs, a part that is not). */
export const wellFormed = (xml: string): true | string => {
  const result = XMLValidator.validate(xml);
  return result === true ? true : `${result.err.msg} (line ${result.err.line})`;
};
