"use client";

import { useState } from "react";
import { AddSourceWizard, UploadWizard } from "@/components/data-sources/lazy-wizards";
import { SelectField } from "@/components/ui/form-field";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useProject } from "@/lib/hooks/use-clients";
import type { OnboardingCreated } from "@/lib/validation/onboarding";

/**
 * Onboarding steps 2 and 3 on the projects step 1 added: the data source wizard (any kind) or its
 * competitor form (each domain a valid URL, none twice), as often as wanted, one project at a time.
 */
export function ProjectSourceStep({
  kind,
  created,
  onAdded,
}: {
  kind: "sources" | "competitors";
  created: OnboardingCreated;
  onAdded: () => void;
}) {
  const projects = created.flatMap((c) => c.projects.map((p) => ({ ...p, clientName: c.name })));
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  // A new round of the wizard after each source added, and what was added, said once.
  const [round, setRound] = useState(0);
  const [added, setAdded] = useState<string[]>([]);
  const project = useProject(projectId);
  const chosen = projects.find((p) => p.id === projectId);

  const finished = () => {
    if (chosen) setAdded((list) => (list.includes(chosen.name) ? list : [...list, chosen.name]));
    setRound((n) => n + 1);
    onAdded();
  };

  return (
    <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {projects.length > 1 ? (
        <SelectField
          label="Project"
          value={projectId}
          onChange={(event) => {
            setProjectId(event.target.value);
            setRound((n) => n + 1);
          }}
        >
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.clientName}: {p.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="text-sm break-words text-slate-700">
          For{" "}
          <strong className="text-slate-900">{chosen ? `${chosen.clientName}: ${chosen.name}` : "your project"}</strong>
        </p>
      )}
      {added.length > 0 ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {kind === "sources" ? "Data sources added" : "Competitors added"} to {added.join(", ")}. Add another, or
          continue.
        </p>
      ) : null}
      {project.isPending ? (
        <LoadingState />
      ) : project.isError ? (
        <ErrorState message={toApiError(project.error).message} onRetry={() => void project.refetch()} />
      ) : kind === "sources" ? (
        <AddSourceWizard
          key={`${projectId}-${round}`}
          projectId={projectId}
          projectSiteType={project.data.siteType ?? ""}
          timeZone={project.data.timeZone}
          canGenerate={false}
          onFinished={finished}
        />
      ) : (
        <UploadWizard
          key={`${projectId}-${round}`}
          initialKind="competitor"
          projectId={projectId}
          timeZone={project.data.timeZone}
          canGenerate={false}
          onBack={() => setRound((n) => n + 1)}
          onFinished={finished}
        />
      )}
    </div>
  );
}
