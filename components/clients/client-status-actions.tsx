"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { Client } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDeleteClient, useSetClientStatus } from "@/lib/hooks/use-clients";
import { localState } from "@/lib/local-state";

/** Suspend / reactivate and delete: agency admins only (the caller decides whether to render this). */
export function ClientStatusActions({ client }: { client: Client }) {
  const router = useRouter();
  const alerts = useAlerts();
  const setStatus = useSetClientStatus(client._id);
  const remove = useDeleteClient(client._id);
  const [confirming, setConfirming] = useState<"suspend" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setConfirming(null);
    setError(null);
  };

  const changeStatus = async (status: "active" | "suspended") => {
    setError(null);
    try {
      await setStatus.mutateAsync(status);
      close();
      alerts.success(status === "suspended" ? `${client.name} is suspended` : `${client.name} is active again`);
    } catch (raw) {
      const message = toApiError(raw).message;
      if (status === "suspended") setError(message);
      else alerts.error(message);
    }
  };

  const deleteClient = async () => {
    setError(null);
    try {
      const result = await remove.mutateAsync();
      if (localState.getClient()?.id === client._id) {
        localState.setClient(null);
        localState.setProject(null);
        localState.setBreadcrumb(null);
      }
      alerts.success(result.message, { on: "/dashboard" });
      router.push("/dashboard");
    } catch (raw) {
      setError(toApiError(raw).message);
    }
  };

  return (
    <>
      {client.status === "active" ? (
        <Button variant="secondary" onClick={() => setConfirming("suspend")}>
          Suspend client
        </Button>
      ) : (
        <Button variant="secondary" loading={setStatus.isPending} onClick={() => void changeStatus("active")}>
          Reactivate client
        </Button>
      )}
      <Button variant="danger" onClick={() => setConfirming("delete")}>
        Delete client
      </Button>

      <ConfirmDialog
        open={confirming === "suspend"}
        onClose={close}
        title={`Suspend ${client.name}?`}
        confirmLabel="Suspend"
        variant="primary"
        loading={setStatus.isPending}
        error={error}
        onConfirm={() => void changeStatus("suspended")}
      >
        Staff it is shared with lose access until you reactivate it. Agency admins keep access.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "delete"}
        onClose={close}
        title={`Delete ${client.name}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        error={error}
        onConfirm={() => void deleteClient()}
      >
        The client, its projects, reports and data sources, and its sharing are deleted for good. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
