// Reads every route handler under app/api and says, for each path and method, how the route validates its input:
// the zod schemas it passes to parseJsonBody and parseQuery (and the modules they come from), the wrapper that
// checks the caller, the status it answers with, and its doc comment. scripts/openapi-catalogue.ts writes this into
// server/openapi/catalogue.generated.ts, and test/openapi.test.ts fails when that file and the routes disagree.
import fs from "node:fs";
import path from "node:path";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface ScannedOperation {
  path: string;
  method: Method;
  summary: string;
  /** The wrapper that checks the caller: withPublic, withUser, withAgencyAdmin, withProjectAccess… */
  access: string;
  status: number;
  body: { name: string; from: string } | null;
  query: { name: string; from: string } | null;
  multipart: boolean;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/api/clients/[id]/staffs/[staffId]/route.ts → /api/clients/{id}/staffs/{staffId}. */
export function apiPathOf(file: string, appDir: string): string {
  const rel = path.relative(appDir, path.dirname(file)).split(path.sep).join("/");
  return `/${rel}`
    .replace(/\[\.\.\.(\w+)\]/g, "{$1}")
    .replace(/\[\[\.\.\.(\w+)\]\]/g, "{$1}")
    .replace(/\[(\w+)\]/g, "{$1}");
}

function importsOf(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+"([^"]+)"/g))
    for (const part of m[1].split(",")) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) map.set((alias ?? name).trim(), m[2]);
    }
  return map;
}

/** The text of each exported method (from its export to the next one), and the shared code before the first. */
function segments(source: string): { method: Method; text: string; comment: string }[] {
  // `export { handler as GET, handler as POST }` and `export const { GET, POST } = …`: one shared handler.
  const grouped = /export\s+(?:const\s+)?\{([^}]+)\}/.exec(source);
  if (grouped && !/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/.test(source)) {
    const comment = /\/\*\*([\s\S]*?)\*\/\s*(?:\n|$)/.exec(source)?.[1] ?? "";
    return METHODS.filter((m) => new RegExp(`\\b${m}\\b`).test(grouped[1])).map((method) => ({
      method,
      text: source,
      comment,
    }));
  }
  const found = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)];
  return found.map((m, i) => {
    const start = m.index!;
    const end = i + 1 < found.length ? found[i + 1].index! : source.length;
    const before = source.slice(0, start);
    const comment = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*$/.exec(before)?.[1] ?? "";
    return { method: m[1] as Method, text: source.slice(start, end), comment };
  });
}

const clean = (comment: string) =>
  comment
    .split("\n")
    .map((l) => l.replace(/^\s*\*\s?/, "").trim())
    .filter(Boolean)
    .join(" ");

export function scanRoutes(root: string): ScannedOperation[] {
  const appDir = path.join(root, "app");
  const files = routeFiles(path.join(appDir, "api")).sort();
  const operations: ScannedOperation[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    const imports = importsOf(source);
    const first = source.search(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/);
    const shared = first < 0 ? source : source.slice(0, first);
    for (const seg of segments(source)) {
      // A method defined through a const above its export (`export const GET: typeof list = …`) reads its schemas
      // from the shared code: the query for reads, the body for writes.
      const here = (re: RegExp) => re.exec(seg.text)?.[1] ?? null;
      const there = (re: RegExp) => re.exec(shared)?.[1] ?? null;
      const isRead = seg.method === "GET" || seg.method === "DELETE";
      const bodyName =
        here(/parseJsonBody\((?:http\.)?req,\s*(\w+)(?=\s*[),])/) ??
        (isRead ? null : there(/parseJsonBody\((?:http\.)?req,\s*(\w+)(?=\s*[),])/));
      const queryName =
        here(/parseQuery\((?:http\.)?req,\s*(\w+)(?=\s*[),])/) ??
        (isRead ? there(/parseQuery\((?:http\.)?req,\s*(\w+)(?=\s*[),])/) : null);
      const ref = (name: string | null) => {
        const from = name ? imports.get(name) : undefined;
        return name && from ? { name, from } : null;
      };
      const wrapper =
        /\b(with(?:Public|User|AgencyAdmin|Access|[A-Z]\w*Access))\b/.exec(seg.text)?.[1] ??
        /\b(with(?:Public|User|AgencyAdmin|Access|[A-Z]\w*Access))\b/.exec(shared)?.[1] ??
        "withUser";
      const status = Number(
        /json\([^;]*?,\s*(20[12])\)/.exec(seg.text)?.[1] ??
          (seg.method === "POST" && /20[12]/.test(seg.comment) ? /20[12]/.exec(seg.comment)![0] : 200),
      );
      operations.push({
        path: apiPathOf(file, appDir),
        method: seg.method,
        summary: clean(seg.comment) || `${seg.method} ${apiPathOf(file, appDir)}`,
        access: wrapper,
        status,
        body: ref(bodyName),
        query: ref(queryName),
        multipart: /multipart|parseMultipart|formData\(|busboy|receiveFile|file-upload/i.test(seg.text + shared),
      });
    }
  }
  return operations;
}

/** The catalogue module's text: each operation with the very schema objects its route validates with. */
export function renderCatalogue(operations: ScannedOperation[]): string {
  const aliases = new Map<string, string>();
  const imports = new Map<string, Set<string>>();
  const aliasOf = (ref: { name: string; from: string } | null) => {
    if (!ref) return "null";
    const key = `${ref.from}#${ref.name}`;
    if (!aliases.has(key)) {
      const taken = [...aliases.values()].includes(ref.name);
      const alias = taken ? `${ref.name}_${aliases.size}` : ref.name;
      aliases.set(key, alias);
      if (!imports.has(ref.from)) imports.set(ref.from, new Set());
      imports.get(ref.from)!.add(alias === ref.name ? ref.name : `${ref.name} as ${alias}`);
    }
    return aliases.get(key)!;
  };
  const rows = operations.map(
    (op) =>
      `  { path: ${JSON.stringify(op.path)}, method: "${op.method}", summary: ${JSON.stringify(op.summary)}, access: "${op.access}", status: ${op.status}, body: ${aliasOf(op.body)}, query: ${aliasOf(op.query)}, multipart: ${op.multipart} },`,
  );
  const importLines = [...imports.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import { ${[...names].sort().join(", ")} } from "${from}";`);
  return [
    "// Generated by `npx tsx scripts/openapi-catalogue.ts` from the route handlers under app/api: do not edit.",
    "// test/openapi.test.ts fails when a route, a method or a schema is missing here.",
    ...importLines,
    'import type { CatalogueOperation } from "./catalogue-types";',
    "",
    "export const OPERATIONS: CatalogueOperation[] = [",
    ...rows,
    "];",
    "",
  ].join("\n");
}
