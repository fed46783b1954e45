import type { NextRequest } from "next/server";
import { splitLinkRedirect } from "@/server/http/split-link-redirect";

/**
 * GET /s/{slug}: a split link's public address (under BASE_PATH), outside the API and the proxy (proxy.ts's matcher):
 * a campaign's visitor is sent to their variant at once. Unknown links are a plain 404. The web server usually
 * answers it before Next.js routes it (server/http/early-answer.ts); this route is the same answer for the rest
 * (`next dev`, a request the web server leaves to Next.js).
 */
export async function GET(req: NextRequest, args: { params: Promise<{ slug: string }> }): Promise<Response> {
  return splitLinkRedirect(req, (await args.params).slug);
}
