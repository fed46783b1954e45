import type { ReactNode } from "react";
import { ProjectNav } from "@/components/app-shell/project-nav";

/** Every project page carries the project's navigation (reports, tags, saved, data sources, settings). */
export default async function ProjectLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  return (
    <>
      <ProjectNav projectId={id} />
      {children}
    </>
  );
}
