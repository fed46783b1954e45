import type { Metadata } from "next";
import { MarkdownText } from "@/components/legal/markdown-text";
import { legalDocument } from "@/server/legal/legal-document";

export const metadata: Metadata = { title: "Privacy notice" };
export const dynamic = "force-dynamic";

/** /privacy: the operator's Markdown (LEGAL_DIR/privacy.md), else the shipped default, with its version. */
export default function PrivacynoticePage() {
  const document = legalDocument("privacy");
  return (
    <article className="w-full max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <MarkdownText markdown={document.markdown} />
      <p className="mt-6 text-xs text-slate-500">Version {document.version}</p>
    </article>
  );
}
