import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

export interface ImportGraph {
  /** Files of the repository reached, relative to its root. */
  files: Set<string>;
  /** Packages reached (the bare specifiers, e.g. "nodemailer" or "@react-email/render"). */
  packages: Set<string>;
  /** How each file was first reached, to print the path when a check fails. */
  parent: Map<string, string>;
}

/** The modules a file loads when it runs: type-only imports are erased by the compiler and do not count. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null; // CSS, JSON and other assets carry no code
}

const packageName = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

/** Walks the static (and literal dynamic) imports from the given files, as a bundler would. */
export function importGraph(entries: string[]): ImportGraph {
  const graph: ImportGraph = { files: new Set(), packages: new Set(), parent: new Map() };
  const queue = entries.map((e) => path.resolve(ROOT, e));
  for (const entry of queue) graph.files.add(path.relative(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.shift()!;
    const from = path.relative(ROOT, file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const target = resolveLocal(file, specifier);
        if (!target) continue;
        const relative = path.relative(ROOT, target);
        if (graph.files.has(relative)) continue;
        graph.files.add(relative);
        graph.parent.set(relative, from);
        queue.push(target);
      } else {
        const name = packageName(specifier.replace(/^node:/, "node:"));
        if (!graph.packages.has(name)) graph.parent.set(name, from);
        graph.packages.add(name);
      }
    }
  }
  return graph;
}

/** The chain of imports from an entry to `target`, for a readable failure. */
export function importPath(graph: ImportGraph, target: string): string {
  const chain = [target];
  let current = target;
  while (graph.parent.has(current)) {
    current = graph.parent.get(current)!;
    chain.unshift(current);
  }
  return chain.join(" → ");
}

/** Every source file under a folder of the repository, tests left out. */
export function sourceFilesUnder(folder: string): string[] {
  return (fs.readdirSync(path.join(ROOT, folder), { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(folder, f));
}
