import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Layering. Each file gets one set of import bans (flat config replaces a rule's options, it does not
// merge them), so the layers below are disjoint: the general one ignores the folders that have their own.
const VENDOR_SDKS = ["googleapis", "stripe", "dropbox", "nodemailer", "pptxgenjs", "exceljs", "dompurify", "jsdom"];
const REACT_EMAIL = ["@react-email/*", "react-email"];
const vendorMessage =
  "Vendor SDKs live behind an adapter in server/integrations/ (or server/exports/ for file formats): import that.";

// Anchored on the package name: a relative path such as "../integrations/stripe/client" is our adapter, not the SDK.
const escapeRegex = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, (c) => (c === "*" ? ".*" : `\\${c}`));
const vendorPatterns = (sdks, extra = []) => [
  { regex: `^(${[...sdks, ...extra].map(escapeRegex).join("|")})(/.*)?$`, message: vendorMessage },
];
const drizzlePatterns = [
  {
    group: ["drizzle-orm", "drizzle-orm/*", "@/server/db", "@/server/db/*", "**/server/db", "**/server/db/*"],
    message: "No Drizzle or database access in app/ or components/: call a service verb (server/services/).",
  },
];
const serverPatterns = [
  {
    group: ["@/server", "@/server/*", "**/server", "**/server/*"],
    message: "components/ never imports server code: take data through props or lib/api-client.",
  },
];
const httpPatterns = [
  {
    group: ["@/server/http", "@/server/http/*", "**/http", "**/http/*"],
    message: "Services know nothing of HTTP: take a ServiceContext and plain input, return plain data.",
  },
];
// Dynamic imports and require() get past no-restricted-imports: ban them by the same names.
// (esquery regexes cannot hold a slash, so "name or name/sub-path" is "name, then no more name characters").
const dynamicImportBan = (names) => {
  const source = `/^(${names.map((name) => name.replace("/*", "")).join("|")})([^a-z0-9_.-]|$)/`;
  return [
    { selector: `ImportExpression[source.value=${source}]`, message: vendorMessage },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${source}]`, message: vendorMessage },
  ];
};
const layer = (files, ignores, patterns, dynamicNames) => ({
  files,
  ignores,
  rules: {
    "no-restricted-imports": ["error", { patterns }],
    "no-restricted-syntax": ["error", ...dynamicImportBan(dynamicNames)],
  },
});
const ALL_SDKS = [...VENDOR_SDKS, ...REACT_EMAIL];
const XLSX_PREVIEW = "components/data-sources/csv-mapping/read-xlsx-start.ts";
const SOURCES = ["**/*.{ts,tsx,js,jsx,mjs,cjs}"];

const layering = [
  layer(
    SOURCES,
    // Shared test helpers and end-to-end specs read files back with the vendors' own parsers.
    [
      "server/integrations/**",
      "server/exports/**",
      "emails/**",
      "app/**",
      "components/**",
      "server/services/**",
      "test/**",
      "e2e/**",
    ],
    vendorPatterns(VENDOR_SDKS, REACT_EMAIL),
    ALL_SDKS,
  ),
  // Email templates are React Email components: that package is their material, the others are not.
  layer(["emails/**"], [], vendorPatterns(VENDOR_SDKS), VENDOR_SDKS),
  // Route tests under app/ check what a call stored, so they may read the database; the routes may not.
  layer(
    ["app/**"],
    ["app/**/*.test.{ts,tsx}"],
    [...vendorPatterns(VENDOR_SDKS, REACT_EMAIL), ...drizzlePatterns],
    ALL_SDKS,
  ),
  layer(["app/**/*.test.{ts,tsx}"], [], vendorPatterns(VENDOR_SDKS, REACT_EMAIL), ALL_SDKS),
  layer(
    ["components/**"],
    [XLSX_PREVIEW],
    [...vendorPatterns(VENDOR_SDKS, REACT_EMAIL), ...drizzlePatterns, ...serverPatterns],
    ALL_SDKS,
  ),
  // The upload wizard reads an .xlsx's first rows in the browser with the library the importer reads it with
  // (server/exports/xlsx/sheet-to-csv.ts): that one adapter may load ExcelJS, nothing else in components/.
  layer(
    [XLSX_PREVIEW],
    [],
    [
      ...vendorPatterns(
        VENDOR_SDKS.filter((sdk) => sdk !== "exceljs"),
        REACT_EMAIL,
      ),
      ...drizzlePatterns,
      ...serverPatterns,
    ],
    ALL_SDKS.filter((sdk) => sdk !== "exceljs"),
  ),
  layer(["server/services/**"], [], [...vendorPatterns(VENDOR_SDKS, REACT_EMAIL), ...httpPatterns], ALL_SDKS),
];

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      ".data/**",
      "drizzle/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    rules: {
      // Prettier wraps code at 120; this catches the comments and JSX text it leaves alone.
      // Images are agencies' uploaded logos served by our API: next/image optimisation does not apply.
      "@next/next/no-img-element": "off",
      "max-len": ["error", { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true }],
    },
  },
  ...layering,
  // The app logs through server/log.ts (JSON lines with a level); a console.log left in the engine printed a debug
  // line for every step of every report.
  {
    files: ["server/**", "lib/**", "app/**", "components/**", "emails/**"],
    ignores: ["server/log.ts", "**/*.test.{ts,tsx}"],
    rules: { "no-console": ["error", { allow: ["warn", "error"] }] },
  },
];

export default config;
