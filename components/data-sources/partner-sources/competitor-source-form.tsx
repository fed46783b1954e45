"use client";

import { useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { WizardFormActions } from "../wizard-steps";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import type { DataSource } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCreatePartnerSource } from "@/lib/hooks/use-data-sources";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { createPartnerSourceSchema } from "@/lib/validation/partner-sources";

const schema = createPartnerSourceSchema.options[1].omit({ kind: true });
type Values = z.input<typeof schema>;
const MAX_COMPETITORS = 10;

/** Step 2 for a competitor source: the competitors' sites, each a valid URL, none twice. */
export function CompetitorSourceForm({
  projectId,
  onBack,
  onCreated,
}: {
  projectId: string;
  onBack?: () => void;
  onCreated: (source: DataSource) => void;
}) {
  const [count, setCount] = useState(1);
  const create = useCreatePartnerSource(projectId);
  const form = useServerForm(schema, {
    defaultValues: { name: "", competitors: [""] } satisfies Values,
    serverFields: ["name", "competitors"],
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync({ kind: "competitor", ...values }));
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = form.applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) form.setError("root", { message: error.message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root?.message ?? errors.competitors?.message} />
      <FormField label="Data source name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Competitor domains</legend>
        {Array.from({ length: count }, (_, i) => (
          <FormField
            key={i}
            label={`Competitor ${i + 1}`}
            required={i === 0}
            autoComplete="off"
            placeholder="rival-shop.com"
            error={errors.competitors?.[i]?.message}
            {...form.register(`competitors.${i}`)}
          />
        ))}
        {count < MAX_COMPETITORS ? (
          <Button size="sm" variant="ghost" onClick={() => setCount(count + 1)}>
            Add another competitor
          </Button>
        ) : null}
      </fieldset>
      <WizardFormActions onBack={onBack} submitLabel="Connect" submitting={form.formState.isSubmitting} />
    </form>
  );
}
