import type { Metadata } from "next";
import { ProjectCustomization } from "@/components/customization/project-customization";

export const metadata: Metadata = { title: "Project customization" };

/** /customization-project?projectId=…; without it the user picks a project. */
export default async function ProjectCustomizationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { projectId } = await searchParams;
  return <ProjectCustomization projectId={typeof projectId === "string" && projectId ? projectId : undefined} />;
}
