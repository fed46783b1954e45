import type { Metadata } from "next";
import { MetaAccountChoice } from "@/components/data-sources/meta-ads/meta-account-choice";

export const metadata: Metadata = { title: "Choose a Meta ad account" };

// Where the Meta connection comes back to when the login manages several ad accounts.
export default async function MetaAccountsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ session?: string }>;
}) {
  const { id } = await params;
  const { session } = await searchParams;
  return <MetaAccountChoice key={id} projectId={id} sessionId={session ?? ""} />;
}
