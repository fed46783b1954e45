import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ApiReference } from "@/components/api-reference/api-reference";
import { ApiTokensCard } from "@/components/api-reference/api-tokens-card";
import { appUrl } from "@/server/env";
import { buildOpenApiDocument } from "@/server/openapi/build-document";
import { getActor } from "../../_lib/session";

export const metadata: Metadata = { title: "API" };

/** /api-reference (agency admins): the agency's API tokens and the reference of every route (GET /api/openapi.json). */
export default async function ApiReferencePage() {
  const actor = await getActor();
  if (!actor?.isAgencyAdmin) redirect("/dashboard");
  const document = buildOpenApiDocument(appUrl("/").replace(/\/$/, ""));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">API</h1>
        <p className="mt-1 text-sm text-slate-600">
          Build your own dashboards and automations on your agency&apos;s data: make a token, then call any route below
          with <code className="font-mono">Authorization: Bearer fwk_…</code>. The OpenAPI 3.1 document is at{" "}
          <code className="font-mono">{appUrl("/api/openapi.json")}</code>.
        </p>
      </div>
      <ApiTokensCard />
      <ApiReference document={JSON.parse(JSON.stringify(document))} />
    </div>
  );
}
