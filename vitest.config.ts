import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", ".data/**", "e2e/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts", "test/no-boss-leak.ts"],
    // Two files at a time, each worker on its own copy of the test database (test/global-setup.ts): the files
    // spend much of their time waiting on PostgreSQL, so two workers keep both cores busy.
    fileParallelism: true,
    maxWorkers: 2,
    // Generous, to catch a hang and not a slow machine: a CI runner was 3.5× slower than this one on a test
    // that imports 50,000 rows (8.6 s here, past 30 s there).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
