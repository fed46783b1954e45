"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField, SelectField } from "@/components/ui/form-field";
import type { ClientBody, CreatedClient, Client } from "@/lib/api-client/types";
import { COUNTRIES } from "@/lib/constants/countries";
import { INDUSTRIES } from "@/lib/constants/industries";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useCreateClient, useUpdateClient } from "@/lib/hooks/use-clients";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { clientSchema, type ClientInput } from "@/lib/validation/clients";
import { FormError } from "@/components/ui/form-error";

const FIELDS = ["name", "website", "industry", "country"] as const;

interface Props {
  /** Editing this client; without it the form adds a new client. */
  client?: Client;
  onSaved: (client: Client | CreatedClient) => void;
  onCancel?: () => void;
}

function FormBody({
  initial,
  save,
  onSaved,
  onCancel,
}: { initial: ClientInput; save: (body: ClientBody) => Promise<Client | CreatedClient> } & Omit<Props, "client">) {
  const handleApiError = useApiErrorHandler();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(clientSchema, { serverFields: FIELDS, defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await save(values));
    } catch (raw) {
      const error = toApiError(raw);
      if (error.status === 400) {
        const unmatched = applyServerErrors(error);
        if (!error.errors || Object.keys(unmatched).length) setFormError(error.message);
      } else if (error.status === 403) setFormError(error.message);
      else handleApiError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={formError} />
      <FormField
        label="Client name"
        required
        autoComplete="organization"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormField
        label="Website"
        type="url"
        inputMode="url"
        placeholder="client.com"
        error={errors.website?.message}
        {...register("website")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Industry" error={errors.industry?.message} {...register("industry")}>
          <option value="">Select an industry</option>
          {INDUSTRIES.map((industry) => (
            <option key={industry} value={industry}>
              {industry}
            </option>
          ))}
        </SelectField>
        <SelectField label="Country" error={errors.country?.message} {...register("country")}>
          <option value="">Select a country</option>
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
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
          Save client
        </Button>
      </div>
    </form>
  );
}

function CreateClientForm(props: Omit<Props, "client">) {
  const create = useCreateClient();
  return (
    <FormBody
      {...props}
      initial={{ name: "", website: "", industry: "", country: "" }}
      save={(body) => create.mutateAsync(body)}
    />
  );
}

function EditClientForm({ client, ...props }: Props & { client: Client }) {
  const update = useUpdateClient(client._id);
  const initial = {
    name: client.name,
    website: client.website ?? "",
    industry: client.industry ?? "",
    country: client.country ?? "",
  };
  return <FormBody {...props} initial={initial} save={(body) => update.mutateAsync(body)} />;
}

/** Name, website, industry (the spec's 24) and country: adds a client, or edits one. */
export function ClientForm({ client, ...props }: Props) {
  return client ? <EditClientForm client={client} {...props} /> : <CreateClientForm {...props} />;
}
