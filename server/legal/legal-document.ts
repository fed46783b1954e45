import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

export type LegalKind = "terms" | "privacy";

export interface LegalDocument {
  kind: LegalKind;
  /** The "Version:" line of the file, else the first 12 hex digits of its SHA-256: what an acceptance records. */
  version: string;
  markdown: string;
}

/**
 * The terms of service or the privacy notice, from Markdown files the operator replaces: `LEGAL_DIR/terms.md` and
 * `LEGAL_DIR/privacy.md` when LEGAL_DIR is set and the file is there, else the plain defaults shipped in legal/.
 */
export function legalDocument(kind: LegalKind): LegalDocument {
  const custom = env().LEGAL_DIR ? path.resolve(env().LEGAL_DIR!, `${kind}.md`) : null;
  const file = custom && fs.existsSync(custom) ? custom : path.resolve(process.cwd(), "legal", `${kind}.md`);
  const text = fs.readFileSync(file, "utf8");
  const versionLine = /^\s*Version:\s*(\S.*?)\s*$/im.exec(text.split("\n").slice(0, 5).join("\n"));
  const markdown = versionLine ? text.replace(versionLine[0], "").trimStart() : text;
  const version = versionLine?.[1] ?? createHash("sha256").update(text).digest("hex").slice(0, 12);
  return { kind, version, markdown };
}
