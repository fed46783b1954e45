"use client";

import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api-client/endpoints";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/** Opens Stripe's customer portal (invoices, the card on file) for the agency, or says why it cannot. */
export function PaymentPortalButton({
  agencyId,
  children,
  className,
  variant = "secondary",
}: {
  agencyId: string;
  children: ReactNode;
  className?: string;
  variant?: "primary" | "secondary";
}) {
  const portal = useMutation({
    mutationFn: () => api.agencies.portal(agencyId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <div className={className}>
      <Button variant={variant} size="sm" loading={portal.isPending} onClick={() => portal.mutate()}>
        {children}
      </Button>
      {portal.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {toApiError(portal.error).message}
        </p>
      ) : null}
    </div>
  );
}
