import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
];

export default config;
