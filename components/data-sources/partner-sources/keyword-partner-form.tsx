"use client";

import { z } from "zod";
import { WizardFormActions } from "../wizard-steps";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import type { DataSource } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCreatePartnerSource } from "@/lib/hooks/use-data-sources";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { createPartnerSourceSchema } from "@/lib/validation/partner-sources";

const schema = createPartnerSourceSchema.options[0].omit({ kind: true });
type Values = z.input<typeof schema>;

/** Step 2 for a keyword-data partner: the Semrush Position Tracking campaign and the tracked domain. */
export function KeywordPartnerForm({
  projectId,
  onBack,
  onCreated,
}: {
  projectId: string;
  onBack?: () => void;
  onCreated: (source: DataSource) => void;
}) {
  const create = useCreatePartnerSource(projectId);
  const form = useServerForm(schema, { defaultValues: { name: "", campaignId: "", domain: "" } satisfies Values });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync({ kind: "keyword_partner", ...values }));
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = form.applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) form.setError("root", { message: error.message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root?.message} />
      <FormField label="Data source name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
      <FormField
        label="Tracking campaign"
        required
        autoComplete="off"
        hint="The Semrush Position Tracking campaign id, such as 12920575_1209408 (Projects, Position Tracking, the campaign's URL)."
        error={errors.campaignId?.message}
        {...form.register("campaignId")}
      />
      <FormField
        label="Tracked domain"
        required
        autoComplete="url"
        hint="The client's site whose positions the campaign tracks, such as acme-outdoor.com."
        error={errors.domain?.message}
        {...form.register("domain")}
      />
      <WizardFormActions onBack={onBack} submitLabel="Connect" submitting={form.formState.isSubmitting} />
    </form>
  );
}
