import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on code that is never written to disk: each layering rule
// must stop its deliberate violation, and the same file done right must pass.
const ROOT = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax")
    .map((m) => m.message);
}

const violations: { rule: string; filePath: string; code: string; says: string }[] = [
  {
    rule: "no Drizzle in app/",
    filePath: "app/api/widgets/route.ts",
    code: 'import { eq } from "drizzle-orm";\n\nexport const match = eq;\n',
    says: "No Drizzle",
  },
  {
    rule: "no database client in app/",
    filePath: "app/(app)/widgets/page.tsx",
    code: 'import { db } from "@/server/db/client";\n\nexport const client = db;\n',
    says: "No Drizzle",
  },
  {
    rule: "no Drizzle in components/",
    filePath: "components/widgets/widget-list.tsx",
    code: 'import { sql } from "drizzle-orm";\n\nexport const query = sql;\n',
    says: "No Drizzle",
  },
  {
    rule: "components/ never imports server/ (alias)",
    filePath: "components/widgets/widget-list.tsx",
    code: 'import { log } from "@/server/log";\n\nexport const write = log;\n',
    says: "never imports server code",
  },
  {
    rule: "components/ never imports server/ (relative)",
    filePath: "components/widgets/widget-list.tsx",
    code: 'import type { Actor } from "../../server/auth/actor";\n\nexport type Who = Actor;\n',
    says: "never imports server code",
  },
  {
    rule: "no server/http in services (alias)",
    filePath: "server/services/widgets/create-widget.ts",
    code: 'import { parseJsonBody } from "@/server/http/body";\n\nexport const parse = parseJsonBody;\n',
    says: "know nothing of HTTP",
  },
  {
    rule: "no server/http in services (relative)",
    filePath: "server/services/widgets/create-widget.ts",
    code: 'import type { HttpInput } from "../../http/route";\n\nexport type Input = HttpInput;\n',
    says: "know nothing of HTTP",
  },
  ...["googleapis", "stripe", "dropbox", "nodemailer", "pptxgenjs", "exceljs"].map((sdk) => ({
    rule: `${sdk} only in server/integrations or server/exports`,
    filePath: "server/services/widgets/sync-widgets.ts",
    code: `import * as sdk from "${sdk}";\n\nexport const client = sdk;\n`,
    says: "Vendor SDKs",
  })),
  {
    rule: "vendor SDKs not in jobs either",
    filePath: "server/jobs/handlers/sync-widgets.job.ts",
    code: 'import Stripe from "stripe";\n\nexport const client = Stripe;\n',
    says: "Vendor SDKs",
  },
  {
    rule: "vendor SDKs not through a dynamic import",
    filePath: "server/services/widgets/sync-widgets.ts",
    code: 'export async function client() {\n  return import("googleapis");\n}\n',
    says: "Vendor SDKs",
  },
  {
    rule: "react-email outside emails/ and integrations",
    filePath: "server/services/widgets/notify.ts",
    code: 'import { Html } from "@react-email/components";\n\nexport const page = Html;\n',
    says: "Vendor SDKs",
  },
  {
    rule: "the HTML sanitizer's DOM only behind its adapter",
    filePath: "server/services/customization/clean.ts",
    code: 'import { JSDOM } from "jsdom";\n\nexport const dom = JSDOM;\n',
    says: "Vendor SDKs",
  },
];

const clean: { where: string; filePath: string; code: string }[] = [
  {
    where: "a route calling a service verb",
    filePath: "app/api/widgets/route.ts",
    code: 'import { withUser } from "@/server/http/route";\nimport { listClients } from "@/server/services/clients/list-clients";\n\nexport const GET = withUser(async (ctx) => listClients({ ctx, input: { page: 0, limit: 20 } }));\n',
  },
  {
    where: "a route test reading the database",
    filePath: "app/api/widgets/route.test.ts",
    code: 'import { eq } from "drizzle-orm";\n\nexport const match = eq;\n',
  },
  {
    where: "a component using lib/",
    filePath: "components/widgets/widget-list.tsx",
    code: 'import { MESSAGES } from "@/lib/constants/messages";\n\nexport const text = MESSAGES.notFound;\n',
  },
  {
    where: "a service using the database and typed errors",
    filePath: "server/services/widgets/create-widget.ts",
    code: 'import { eq } from "drizzle-orm";\nimport { db } from "../../db/client";\nimport { NotFoundError } from "../../errors";\n\nexport const parts = [eq, db, NotFoundError];\n',
  },
  {
    where: "an integration using its SDK",
    filePath: "server/integrations/stripe/client.ts",
    code: 'import Stripe from "stripe";\n\nexport const client = Stripe;\n',
  },
  {
    where: "an export using its file-format library",
    filePath: "server/exports/xlsx/workbook.ts",
    code: 'import ExcelJS from "exceljs";\n\nexport const book = ExcelJS;\n',
  },
  {
    where: "an email template using React Email",
    filePath: "emails/welcome.tsx",
    code: 'import { Html } from "@react-email/components";\n\nexport const page = Html;\n',
  },
];

describe("layering lint rules", () => {
  it.each(violations)("fails: $rule", async ({ filePath, code, says }) => {
    const errors = await layeringErrors(filePath, code);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toContain(says);
  });

  it.each(clean)("passes: $where", async ({ filePath, code }) => {
    expect(await layeringErrors(filePath, code)).toEqual([]);
  });
});
