"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { clientDetail } from "@/lib/api-client/customization";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { CustomizationHeader } from "./customization-header";
import { CustomizationScreen } from "./customization-screen";
import { TargetPicker } from "./target-picker";

export function ClientCustomization({ clientId }: { clientId?: string }) {
  const user = useCurrentUser();
  const client = useQuery({
    queryKey: queryKeys.client(clientId ?? ""),
    queryFn: () => clientDetail(clientId!),
    enabled: Boolean(clientId),
  });

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  const showAgency = user.data.isAgencyAdmin;

  if (!clientId) {
    return (
      <div className="space-y-6">
        <CustomizationHeader level="client" showAgency={showAgency} />
        <TargetPicker agencyId={user.data.agency._id} kind="client" />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <CustomizationHeader
        level="client"
        showAgency={showAgency}
        subject={
          client.data ? (
            <>
              Client: <strong>{client.data.name}</strong>
            </>
          ) : undefined
        }
        changeHref="/customization-client"
      />
      {client.isPending ? (
        <LoadingState />
      ) : client.isError ? (
        <ErrorState message={toApiError(client.error).message} onRetry={() => void client.refetch()} />
      ) : (
        <CustomizationScreen
          level="client"
          targetId={client.data._id}
          targetName={client.data.name}
          canEdit={client.data.actions.includes("client:customize")}
        />
      )}
    </div>
  );
}
