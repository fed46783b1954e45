"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField, SelectField } from "@/components/ui/form-field";
import type { CreatedProject, Project, UpdatedProject } from "@/lib/api-client/types";
import { SITE_TYPES } from "@/lib/constants/site-types";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useCreateProject, useUpdateProject } from "@/lib/hooks/use-clients";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { currencyOptions, projectSchema, timeZoneOptions, type ProjectInput } from "@/lib/validation/clients";

const FIELDS = ["name", "url", "siteType", "currency", "timeZone"] as const;

type Saved = CreatedProject | UpdatedProject;

interface Props {
  clientId: string;
  /** Editing this project; without it the form adds a project to the client. */
  project?: Project;
  onSaved: (project: Saved) => void;
  onCancel?: () => void;
}

/** The browser's own time zone, when it is one the API accepts. */
function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZoneOptions().includes(zone) ? zone : "UTC";
  } catch {
    return "UTC";
  }
}

function FormBody({
  initial,
  save,
  onSaved,
  onCancel,
}: { initial: ProjectInput; save: (body: ProjectInput) => Promise<Saved> } & Pick<Props, "onSaved" | "onCancel">) {
  const handleApiError = useApiErrorHandler();
  const [formError, setFormError] = useState<string | null>(null);
  const currencies = useMemo(() => currencyOptions(), []);
  const timeZones = useMemo(() => timeZoneOptions(), []);
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(projectSchema, { serverFields: FIELDS, defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await save(values));
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        const unmatched = applyServerErrors(error);
        if (!error.errors || Object.keys(unmatched).length) setFormError(error.message);
      } else if (error.status === 403) {
        // The plan's project limit (or a level that no longer allows this): the message says which.
        setFormError(error.message);
      } else handleApiError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={formError} />
      <FormField label="Project name" required error={errors.name?.message} {...register("name")} />
      <FormField
        label="Site URL"
        type="url"
        inputMode="url"
        placeholder="shop.client.com"
        error={errors.url?.message}
        {...register("url")}
      />
      <SelectField label="Site type" required error={errors.siteType?.message} {...register("siteType")}>
        <option value="">Select a site type</option>
        {SITE_TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Currency" required error={errors.currency?.message} {...register("currency")}>
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <SelectField label="Time zone" required error={errors.timeZone?.message} {...register("timeZone")}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={isSubmitting}>
          Save project
        </Button>
      </div>
    </form>
  );
}

function CreateProjectForm({ clientId, ...props }: Omit<Props, "project">) {
  const create = useCreateProject(clientId);
  const initial: ProjectInput = { name: "", url: "", siteType: "", currency: "USD", timeZone: browserTimeZone() };
  return <FormBody {...props} initial={initial} save={(body) => create.mutateAsync(projectSchema.parse(body))} />;
}

function EditProjectForm({ clientId, project, ...props }: Props & { project: Project }) {
  const update = useUpdateProject(project._id, clientId);
  const initial: ProjectInput = {
    name: project.name,
    url: project.url ?? "",
    siteType: project.siteType,
    currency: project.currency,
    timeZone: project.timeZone,
  };
  return <FormBody {...props} initial={initial} save={(body) => update.mutateAsync(body)} />;
}

/** Name, site URL, site type, currency and time zone: adds a project ("Performance Report"), or edits one. */
export function ProjectForm({ project, ...props }: Props) {
  return project ? <EditProjectForm project={project} {...props} /> : <CreateProjectForm {...props} />;
}
