import type { Metadata } from "next";
import { TagsIndexView } from "@/components/insight-tags/tags-index-view";

export const metadata: Metadata = { title: "Tags" };

export default async function ProjectTagsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TagsIndexView projectId={id} />;
}
