import type { Metadata } from "next";
import { NotFoundContent } from "@/components/errors/not-found-content";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFoundPage() {
  return <NotFoundContent />;
}
