import type { Metadata } from "next";
import { InternalErrorContent } from "@/components/errors/internal-error-content";

export const metadata: Metadata = { title: "Something went wrong" };

export default function InternalErrorPage() {
  return <InternalErrorContent />;
}
