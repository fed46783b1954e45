"use client";

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField, SelectField } from "@/components/ui/form-field";
import { SITE_TYPES } from "@/lib/constants/site-types";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { onboardingStep1Schema, type OnboardingDraft } from "@/lib/validation/onboarding";
import { useDraftAutosave } from "./use-draft-autosave";

export type Step1Input = z.input<typeof onboardingStep1Schema>;
export type Step1Output = z.output<typeof onboardingStep1Schema>;

const MAX_CLIENTS = 20;
const blankProject = () => ({ name: "", url: "", siteType: "" });
const blankClient = () => ({ name: "", website: "", projects: [blankProject()] });

/** Saved data (parsed, or the draft as typed) back into form values: missing fields become empty strings. */
export function toFormValues(data: Step1Output | OnboardingDraft | null): Step1Input {
  if (!data || data.clients.length === 0) return { clients: [blankClient()] };
  return {
    clients: data.clients.map((c) => ({
      name: c.name,
      website: c.website ?? "",
      projects: c.projects.length
        ? c.projects.map((p) => ({ name: p.name, url: p.url ?? "", siteType: p.siteType }))
        : [blankProject()],
    })),
  };
}

interface ClientProps {
  index: number;
  control: Control<Step1Input, unknown, Step1Output>;
  register: UseFormRegister<Step1Input>;
  errors: FieldErrors<Step1Input>;
  canRemove: boolean;
  onRemove: () => void;
}

function ClientFields({ index, control, register, errors, canRemove, onRemove }: ClientProps) {
  const projects = useFieldArray({ control, name: `clients.${index}.projects` });
  const clientErrors = errors.clients?.[index];
  const clientNumber = index + 1;

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">Client {clientNumber}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Client name"
          required
          error={clientErrors?.name?.message}
          {...register(`clients.${index}.name`)}
        />
        <FormField
          label="Website"
          type="url"
          inputMode="url"
          placeholder="client.com"
          error={clientErrors?.website?.message}
          {...register(`clients.${index}.website`)}
        />
      </div>

      <div className="mt-5 space-y-4">
        {projects.fields.map((project, projectIndex) => {
          const projectErrors = clientErrors?.projects?.[projectIndex];
          return (
            <fieldset key={project.id} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-800">
                Project {projectIndex + 1} of client {clientNumber}
              </legend>
              <div className="grid gap-4 md:grid-cols-3">
                <FormField
                  label="Project name"
                  required
                  error={projectErrors?.name?.message}
                  {...register(`clients.${index}.projects.${projectIndex}.name`)}
                />
                <FormField
                  label="Site URL"
                  type="url"
                  inputMode="url"
                  placeholder="shop.client.com"
                  error={projectErrors?.url?.message}
                  {...register(`clients.${index}.projects.${projectIndex}.url`)}
                />
                <SelectField
                  label="Site type"
                  required
                  error={projectErrors?.siteType?.message}
                  {...register(`clients.${index}.projects.${projectIndex}.siteType`)}
                >
                  <option value="">Select a site type</option>
                  {SITE_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </SelectField>
              </div>
              {projects.fields.length > 1 ? (
                <Button variant="ghost" size="sm" className="mt-3" onClick={() => projects.remove(projectIndex)}>
                  Remove project {projectIndex + 1} of client {clientNumber}
                </Button>
              ) : null}
            </fieldset>
          );
        })}
        {clientErrors?.projects?.root?.message || clientErrors?.projects?.message ? (
          <p className="text-sm text-red-700">
            {clientErrors?.projects?.root?.message ?? clientErrors?.projects?.message}
          </p>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => projects.append(blankProject())}
          aria-label={`Add project to client ${clientNumber}`}
        >
          Add project
        </Button>
        {canRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove client {clientNumber}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function ProjectCount({
  control,
  projectLimit,
}: {
  control: Control<Step1Input, unknown, Step1Output>;
  projectLimit: number;
}) {
  const clients = useWatch({ control, name: "clients" });
  const count = clients?.reduce((n, c) => n + (c.projects?.length ?? 0), 0) ?? 0;
  const over = count > projectLimit;
  const near = !over && count >= projectLimit - 1;
  return (
    <p
      className={
        over
          ? "text-sm font-medium text-red-700"
          : near
            ? "text-sm font-medium text-amber-800"
            : "text-sm text-slate-600"
      }
      aria-live="polite"
    >
      {count} of {projectLimit} projects your plan allows.
      {over
        ? " Remove projects to continue, or contact support to change your plan."
        : near
          ? " You are close to your plan's limit."
          : ""}
    </p>
  );
}

interface Props {
  initial: Step1Output | OnboardingDraft | null;
  projectLimit: number;
  busy: boolean;
  onContinue: (data: Step1Output) => void;
}

export function ClientsStep({ initial, projectLimit, busy, onContinue }: Props) {
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useServerForm(onboardingStep1Schema, { defaultValues: toFormValues(initial) });
  const clients = useFieldArray({ control, name: "clients" });
  useDraftAutosave(watch);

  return (
    <form id="onboarding-step-1" onSubmit={handleSubmit(onContinue)} noValidate className="space-y-5">
      {clients.fields.map((client, index) => (
        <ClientFields
          key={client.id}
          index={index}
          control={control}
          register={register}
          errors={errors}
          canRemove={clients.fields.length > 1}
          onRemove={() => clients.remove(index)}
        />
      ))}
      {errors.clients?.root?.message || errors.clients?.message ? (
        <p className="text-sm text-red-700">{errors.clients?.root?.message ?? errors.clients?.message}</p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          onClick={() => clients.append(blankClient())}
          disabled={clients.fields.length >= MAX_CLIENTS}
        >
          Add client
        </Button>
        <ProjectCount control={control} projectLimit={projectLimit} />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-5">
        <Button type="submit" loading={busy || isSubmitting}>
          Continue
        </Button>
      </div>
    </form>
  );
}
