"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { ProjectScope } from "@/components/insights/project-scope";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { Link } from "@/components/ui/link";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { SourceKindChoice } from "../wizard-steps";

/**
 * Step 2 of Meta Ads after Facebook's login, when the login manages several ad accounts: the
 * accounts, live from Meta, one to choose, and the source's name; the source's page follows.
 */
export function MetaAccountChoice({ projectId, sessionId }: { projectId: string; sessionId: string }) {
  return (
    <ProjectScope projectId={projectId} loadingLabel="Loading the project…">
      {({ project, agency }) => (
        <div className="space-y-6">
          <ProjectPageHeader
            project={project}
            agency={agency}
            eyebrow={
              <Link href={`/client-projects/${project._id}/data-sources`} className="hover:underline">
                Data sources of {project.name}
              </Link>
            }
            title="Choose a Meta ad account"
            description="Meta Ads (Facebook and Instagram): which of this login's ad accounts is the client's?"
          />
          <Card>
            <AccountForm projectId={project._id} sessionId={sessionId} />
          </Card>
        </div>
      )}
    </ProjectScope>
  );
}

function AccountForm({ projectId, sessionId }: { projectId: string; sessionId: string }) {
  const router = useRouter();
  const accounts = useQuery({
    queryKey: ["meta", "ad-accounts", sessionId],
    queryFn: () => api.dataSources.metaAccounts(sessionId),
    enabled: Boolean(sessionId),
    retry: false,
    meta: { globalErrors: false },
  });
  const [chosen, setChosen] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ root?: string; adAccountId?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);

  if (!sessionId) return <ErrorState message="This page needs a Meta login. Connect Meta Ads from the data sources." />;
  if (accounts.isPending) return <LoadingState label="Loading the ad accounts from Meta…" />;
  if (accounts.isError)
    return <ErrorState message={toApiError(accounts.error).message} onRetry={() => void accounts.refetch()} />;
  if (accounts.data.docs.length === 0) return <ErrorState message={accounts.data.message ?? "No ad account."} />;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!chosen) return setErrors({ adAccountId: "Choose an ad account" });
    setBusy(true);
    try {
      const source = await api.dataSources.createMeta(projectId, {
        sessionId,
        adAccountId: chosen,
        name: name.trim() || undefined,
      });
      router.push(`/data-sources/${source._id}?connected=meta`);
    } catch (raw) {
      const error = toApiError(raw);
      setErrors({ root: error.errors ? undefined : error.message, ...error.errors });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root} />
      <SourceKindChoice
        legend="Ad account"
        name="meta-ad-account"
        choices={accounts.data.docs.map((a) => ({
          value: a.id,
          label: a.name || a.id,
          description: `Account ${a.id} · ${a.currency} · ${a.timeZone}`,
        }))}
        value={chosen}
        onChange={setChosen}
      />
      {errors.adAccountId ? <p className="text-sm text-red-700">{errors.adAccountId}</p> : null}
      <FormField
        label="Data source name"
        autoComplete="off"
        value={name}
        maxLength={255}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => router.push(`/client-projects/${projectId}/data-sources`)}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Import this account
        </Button>
      </div>
    </form>
  );
}
