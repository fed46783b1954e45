import type { Metadata } from "next";
import { ProjectSettingsView } from "@/components/settings/project-settings-view";

export const metadata: Metadata = { title: "Project settings" };

export default async function ProjectSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProjectSettingsView key={id} projectId={id} />;
}
