"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { apiTokenKeys, apiTokensApi } from "@/lib/api-client/api-tokens";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/** The agency's API tokens: make one (shown once), see when each was last used, revoke one. */
export function ApiTokensCard() {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const tokens = useQuery({ queryKey: apiTokenKeys.list(), queryFn: apiTokensApi.list });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
  const create = useMutation({
    mutationFn: () => apiTokensApi.create({ name }),
    onSuccess: async (made) => {
      setShown({ name: made.name, token: made.token });
      setName("");
      setError(null);
      await invalidate();
    },
    onError: (e) => setError(toApiError(e).errors?.name ?? toApiError(e).message),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiTokensApi.revoke(id),
    onSuccess: async () => {
      await invalidate();
      alerts.success("Token revoked: it is refused from its next call");
    },
    onError: (e) => alerts.error(toApiError(e).message),
  });
  return (
    <Card aria-labelledby="tokens-heading">
      <CardTitle as="h2" id="tokens-heading">
        API tokens
      </CardTitle>
      <CardDescription>
        A token calls as you, on your agency only. It is not a login: logging out does not end it; revoke it here.
      </CardDescription>
      {shown ? (
        <div role="status" className="mt-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          <p>Copy the token “{shown.name}” now: it is not shown again.</p>
          <code className="mt-1 block font-mono break-all" data-testid="new-api-token">
            {shown.token}
          </code>
        </div>
      ) : null}
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <FormField
          label="Token name"
          className="flex-1"
          required
          placeholder="Looker dashboard"
          value={name}
          error={error ?? undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" className="sm:mt-6.5" loading={create.isPending}>
          Create token
        </Button>
      </form>
      <div className="mt-4">
        {tokens.isPending ? (
          <LoadingState label="Loading tokens…" />
        ) : tokens.isError ? (
          <ErrorState message={toApiError(tokens.error).message} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.docs.length === 0 ? (
          <EmptyState title="No API tokens yet">Create one to call the API from your own tools.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {tokens.data.docs.map((t) => (
              <li key={t._id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-medium text-slate-900">{t.name}</span>{" "}
                  <code className="font-mono text-xs text-slate-600">{t.prefix}…</code>
                  <span className="block text-xs text-slate-500">
                    Made {formatDate(t.createdAt)} by {t.createdBy} ·{" "}
                    {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : "never used"}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  loading={revoke.isPending && revoke.variables === t._id}
                  onClick={() => revoke.mutate(t._id)}
                  aria-label={`Revoke ${t.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
