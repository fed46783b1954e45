import type { Metadata } from "next";
import { SplitTestScreen } from "@/components/split-tests/split-test-screen";

export const metadata: Metadata = { title: "URL split test" };

/** /splitUrlTest?projectId=…&testId=…; without a project the user picks one. */
export default async function SplitUrlTestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { projectId, testId } = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : undefined);
  return <SplitTestScreen projectId={one(projectId)} testId={one(testId)} />;
}
