import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildIsCurrent } from "./build";

// `npm start` serves an existing build only while it matches the code: after a pull, the old build
// answered uploads with the previous importer against the new database (a 500 on every upload).

let root: string;
const touch = (file: string, at: number) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), "x");
  fs.utimesSync(path.join(root, file), at / 1000, at / 1000);
};
const BUILT = Date.parse("2026-11-26T12:00:00Z");

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-current-"));
  touch("server/a.ts", BUILT - 60_000);
  touch("app/page.tsx", BUILT - 60_000);
  fs.utimesSync(path.join(root, "server"), (BUILT - 60_000) / 1000, (BUILT - 60_000) / 1000);
  fs.utimesSync(path.join(root, "app"), (BUILT - 60_000) / 1000, (BUILT - 60_000) / 1000);
  touch(".next/BUILD_ID", BUILT);
  fs.writeFileSync(path.join(root, ".next/funnelwise-build.json"), JSON.stringify({ basePath: "" }));
  fs.utimesSync(path.join(root, ".next/funnelwise-build.json"), BUILT / 1000, BUILT / 1000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("buildIsCurrent", () => {
  it("serves a build made after the last change", () => {
    expect(buildIsCurrent(root, ".next", "")).toBe(true);
  });

  it("rebuilds when a source file changed after the build", () => {
    touch("server/a.ts", BUILT + 1_000);
    expect(buildIsCurrent(root, ".next", "")).toBe(false);
  });

  it("rebuilds when a file was added deep in a folder", () => {
    touch("app/reports/[id]/new-page.tsx", BUILT + 1_000);
    expect(buildIsCurrent(root, ".next", "")).toBe(false);
  });

  it("rebuilds for another base path, or without a build", () => {
    expect(buildIsCurrent(root, ".next", "/funnelwise")).toBe(false);
    expect(buildIsCurrent(root, ".other-dist", "")).toBe(false);
  });
});
