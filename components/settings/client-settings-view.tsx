"use client";

import { Breadcrumbs } from "@/components/app-shell/breadcrumbs";
import { ClientSuspended } from "@/components/clients/client-suspended";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useClient } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { useClientSettings } from "@/lib/hooks/use-settings";
import { ClientSettingsForm } from "./client-settings-form";

/** /clients/{id}/settings. */
export function ClientSettingsView({ clientId }: { clientId: string }) {
  const user = useCurrentUser();
  const client = useClient(clientId);
  const settings = useClientSettings(clientId);
  const accessError = useClientAccessError(client.error ?? settings.error);
  if (accessError === "suspended") return <ClientSuspended />;
  const failed = client.error ?? settings.error;
  if (failed)
    return (
      <ErrorState
        message={toApiError(failed).message}
        onRetry={() => {
          void client.refetch();
          void settings.refetch();
        }}
      />
    );
  if (!client.data || !settings.data || !user.data) return <LoadingState label="Loading the settings…" />;
  const agency = user.data.agency;
  return (
    <div className="space-y-6">
      <Breadcrumbs
        trail={{
          agency: { id: agency._id, name: agency.name },
          client: { id: client.data._id, name: client.data.name },
        }}
      />
      <Card aria-labelledby="client-settings-heading">
        <CardTitle as="h1" id="client-settings-heading" className="truncate" title={client.data.name}>
          Settings of {client.data.name}
        </CardTitle>
        <CardDescription>How this client&apos;s numbers are shown and who receives its reports.</CardDescription>
        <div className="mt-5">
          <ClientSettingsForm
            clientId={clientId}
            settings={settings.data}
            canEdit={client.data.actions.includes("client:settings")}
          />
        </div>
      </Card>
    </div>
  );
}
