import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Esbuild from "esbuild";

// `npm start` runs the job worker compiled: started through tsx, a worker compiled its TypeScript (hundreds of
// modules) on every start, which on this loaded 2-core machine took well over the 10 s in which a worker killed
// with SIGKILL must be replaced (issue 60). So the worker is bundled once with esbuild into the build folder, beside
// the Next.js build, and started with plain node. Packages stay outside the bundle (node loads them from
// node_modules exactly as under tsx, native ones included); only the app's own code is compiled.
//
// The worker's own child processes keep resolving: the segment-detection thread is found beside the running module
// (`new URL("./segment-detect-thread.mjs", import.meta.url)`), so it is bundled as a second entry under that name;
// the export builder and the SVG render supervisor (server/exports/off-thread/helper-process.ts) are started from
// their entry files relative to the app's root (the working directory), which still load their code through tsx,
// and the render supervisor finds render-svg-child.mjs beside its own source.

/**
 * The bundles: the worker as CommonJS, the segment-detection thread as an ES module. CommonJS because the packages
 * the worker loads are CommonJS nearly all: imported from an ES module, each went through node's ES module loader
 * and the CommonJS export scanner, a third of the worker's start-up CPU here; required, they load as they do in any
 * CommonJS program. The thread is small and imports no package; its name is what segment-detector.ts looks for.
 */
const BUNDLES = [
  { name: "worker", source: "./worker.ts", format: "cjs", extension: ".cjs" },
  {
    name: "segment-detect-thread",
    source: "./server/insights/parallel/segment-detect-thread.ts",
    format: "esm",
    extension: ".mjs",
  },
] as const;

const MARKER = "funnelwise-worker-build.json";

/** Where the compiled worker goes: inside the Next.js build folder, so each build folder has its own. */
export function workerBuildDir(distDir: string): string {
  return path.join(distDir, "worker");
}

/** The compiled worker's entry file (relative when `distDir` is). */
export function workerEntry(distDir: string): string {
  return path.join(workerBuildDir(distDir), "worker.cjs");
}

/**
 * esbuild as tsx depends on it (tsx is a dependency of the app; esbuild is how tsx compiles): the same compiler that
 * ran the worker before, with no second copy to install.
 */
function esbuild(): typeof Esbuild {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve("tsx/package.json"))("esbuild") as typeof Esbuild;
}

/** A package's name and the subpath after it: "googleapis/build/src/apis/x" → ["googleapis", "build/src/apis/x"]. */
function splitPackage(specifier: string): [string, string] {
  const parts = specifier.split("/");
  const length = specifier.startsWith("@") ? 2 : 1;
  return [parts.slice(0, length).join("/"), parts.slice(length).join("/")];
}

/** Whether a package (found from `fromDir`) maps its subpaths itself (package.json "exports"), as node then reads. */
function hasExportsMap(packageName: string, fromDir: string): boolean {
  try {
    const require = createRequire(path.join(fromDir, "noop.js"));
    const manifest = JSON.parse(fs.readFileSync(require.resolve(`${packageName}/package.json`), "utf8"));
    return manifest.exports !== undefined;
  } catch {
    // No package.json to be found through "exports": the package has an exports map without it.
    return true;
  }
}

/**
 * Packages compiled into the bundle rather than loaded from node_modules. @react-email/components re-exports every
 * component package, Tailwind's compiler and Prism's highlighter among them: loaded whole it was a third of the
 * worker's start-up CPU (0.6 s of 1.6 s here), for the dozen components the emails use. Compiled in, the unused ones
 * are left out (every @react-email package declares itself free of side effects).
 */
function inlined(specifier: string): boolean {
  // Not the renderer: the emails call it directly, and its node build is the one node picks.
  return specifier.startsWith("@react-email/") && !specifier.startsWith("@react-email/render");
}

/**
 * Package imports stay imports: node loads the packages at run time from node_modules. A subpath import of a package
 * without an exports map ("next/server", "googleapis/build/src/apis/analyticsdata"), which tsx resolved as
 * CommonJS does (extension, directory index), is written as the file it names ("next/server.js"), since node's ESM
 * resolution takes such subpaths literally. "server-only" guards nothing outside Next.js: an empty module.
 */
const packagesOutside: Esbuild.Plugin = {
  name: "funnelwise-packages-outside",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty-module" }));
    build.onLoad({ filter: /.*/, namespace: "empty-module" }, () => ({ contents: "export {};", loader: "js" }));
    // @react-email/components without its re-export of the renderer: a star re-export of a package left outside
    // the bundle makes esbuild keep every other re-export too (Tailwind, Prism), which tree shaking would drop.
    build.onResolve({ filter: /^@react-email\/components$/ }, async (args) => {
      if (args.pluginData?.lookup) return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { lookup: true },
      });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, namespace: "email-components" };
    });
    build.onLoad({ filter: /.*/, namespace: "email-components" }, (args) => ({
      contents: fs.readFileSync(args.path, "utf8").replace(/^export \* from "@react-email\/render";?$/m, ""),
      loader: "js",
      resolveDir: path.dirname(args.path),
    }));
    // esbuild's filters have no look-ahead: a bare specifier that is the app's own alias (tsconfig paths, `@/…`)
    // is left to esbuild's resolution, and so is the lookup below (pluginData.lookup).
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === "entry-point" || args.path.startsWith("@/") || args.pluginData?.lookup) return undefined;
      if (inlined(args.path)) return undefined;
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const [packageName, subpath] = splitPackage(args.path);
      if (!subpath || hasExportsMap(packageName, args.resolveDir)) return { path: args.path, external: true };
      const found = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { lookup: true },
      });
      if (found.errors.length > 0) return { errors: found.errors };
      const packageRoot = found.path.slice(0, found.path.lastIndexOf(`node_modules/${packageName}/`));
      const file = path.relative(path.join(packageRoot, "node_modules", packageName), found.path);
      return { path: `${packageName}/${file.split(path.sep).join("/")}`, external: true };
    });
  },
};

/** The files the last bundle was made of, relative to `root`, or null when there is no (complete) bundle. */
function builtInputs(root: string, distDir: string): { inputs: string[]; builtAt: number } | null {
  const marker = path.resolve(root, workerBuildDir(distDir), MARKER);
  try {
    const { inputs } = JSON.parse(fs.readFileSync(marker, "utf8")) as { inputs: string[] };
    for (const { name, extension } of BUNDLES)
      if (!fs.existsSync(path.resolve(root, workerBuildDir(distDir), `${name}${extension}`))) return null;
    return { inputs, builtAt: fs.statSync(marker).mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Whether the compiled worker in `distDir` is as new as its code: every file it was bundled from (esbuild's own list),
 * the TypeScript settings and this script are unchanged since. A changed file that now imports a new one is itself
 * newer, so a new file cannot be missed.
 */
export function workerBuildIsCurrent(root: string, distDir: string): boolean {
  const built = builtInputs(root, distDir);
  if (!built) return false;
  return [...built.inputs, "tsconfig.json", "scripts/lib/worker-build.ts"].every((input) => {
    try {
      return fs.statSync(path.resolve(root, input)).mtimeMs <= built.builtAt;
    } catch {
      return false; // deleted or moved: its importer changed too, build again
    }
  });
}

/** Bundles the worker into `distDir` unless the bundle there is current. Returns the entry to start. */
export async function ensureWorkerBuild(root: string, distDir: string): Promise<string> {
  if (workerBuildIsCurrent(root, distDir)) return workerEntry(distDir);
  const started = Date.now();
  const outdir = path.resolve(root, workerBuildDir(distDir));
  fs.rmSync(outdir, { recursive: true, force: true });
  const results = await Promise.all(
    BUNDLES.map(({ name, source, format, extension }) =>
      esbuild().build({
        absWorkingDir: root,
        entryPoints: { [name]: source },
        outdir,
        outExtension: { ".js": extension },
        bundle: true,
        platform: "node",
        format,
        target: "node20",
        // The module's own URL, which a CommonJS bundle does not have (segment-detector.ts finds its thread by it).
        ...(format === "cjs"
          ? {
              define: { "import.meta.url": "__bundleUrl" },
              banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
            }
          : {}),
        // tsconfig says "react-jsx" for Next.js; said here too so the bundle never depends on how it is read.
        jsx: "automatic",
        // Stack traces in the worker's logs name the source files (node --enable-source-maps).
        sourcemap: "linked",
        metafile: true,
        logLevel: "warning",
        plugins: [packagesOutside],
      }),
    ),
  );
  // Plugin namespaces ("empty-module:server-only") are not files.
  const inputs = [...new Set(results.flatMap((result) => Object.keys(result.metafile.inputs)))].filter(
    (input) => !/^[a-z-]+:/.test(input),
  );
  fs.writeFileSync(path.join(outdir, MARKER), JSON.stringify({ inputs }));
  console.log(`Compiled the worker (${workerBuildDir(distDir)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return workerEntry(distDir);
}
