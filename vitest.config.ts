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
    // API tests share one database; files run one after another to keep the 2-core machine calm.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
