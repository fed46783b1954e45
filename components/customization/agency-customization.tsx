"use client";

import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { CustomizationHeader } from "./customization-header";
import { CustomizationScreen } from "./customization-screen";

export function AgencyCustomization() {
  const user = useCurrentUser();
  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  const { agency, isAgencyAdmin } = user.data;
  return (
    <div className="space-y-6">
      <CustomizationHeader
        level="agency"
        showAgency={isAgencyAdmin}
        subject={
          <>
            Agency: <strong>{agency.name}</strong>
          </>
        }
      />
      {isAgencyAdmin ? (
        <CustomizationScreen level="agency" targetId={agency._id} targetName={agency.name} canEdit />
      ) : (
        <ErrorState
          title="Agency admins only"
          message="Only agency admins can change the agency's look. You can customize the clients shared with you as a Client Admin."
        />
      )}
    </div>
  );
}
