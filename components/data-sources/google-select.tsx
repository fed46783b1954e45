"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { SelectField } from "@/components/ui/form-field";
import type { GoogleListing, GoogleOption } from "@/lib/api-client/google";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/**
 * A labelled select filled from one /api/google-service listing, with its loading, empty (the
 * spec's message when it names one) and error states in the hint and error text under it.
 */
export function GoogleSelect<T extends GoogleOption>({
  label,
  query,
  value,
  onChange,
  required,
  disabled,
  error,
  placeholder = "Choose…",
  emptyText = "Nothing to choose from.",
  extraOptions,
  describe,
}: {
  label: string;
  query: UseQueryResult<GoogleListing<T>>;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Waiting for the selection above it. */
  disabled?: boolean;
  error?: string;
  placeholder?: string;
  emptyText?: string;
  /** Options before the listed ones (e.g. "All campaigns"). */
  extraOptions?: GoogleOption[];
  describe?: (option: T) => string;
}) {
  const loading = !disabled && query.isFetching && !query.data;
  const docs = query.data?.docs ?? [];
  const empty = !disabled && query.isSuccess && docs.length === 0 && !extraOptions?.length;
  const failed = !disabled && query.isError ? toApiError(query.error).message : undefined;
  return (
    <SelectField
      label={label}
      required={required}
      disabled={disabled || loading || empty || Boolean(failed)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? failed}
      aria-busy={loading || undefined}
      hint={loading ? `Loading from Google…` : empty ? (query.data?.message ?? emptyText) : undefined}
    >
      <option value="">{loading ? "Loading…" : placeholder}</option>
      {(extraOptions ?? []).map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
      {docs.map((o) => (
        <option key={o.id} value={o.id}>
          {describe ? describe(o) : o.name}
        </option>
      ))}
    </SelectField>
  );
}
