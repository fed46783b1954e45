"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { api } from "@/lib/api-client/endpoints";
import { PREMIUM_SOURCES, type PremiumIntegration } from "@/lib/constants/premium-sources";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/**
 * Step 2 for the CRM (HubSpot) and the ecommerce platform (Shopify): a name and, for Shopify, the
 * store; "Connect" sends the browser to the provider's consent page, which comes back to
 * /callback/{integration} and on to the new source's page.
 */
export function PremiumConnectForm({
  integration,
  projectId,
  onBack,
}: {
  integration: PremiumIntegration;
  projectId: string;
  onBack: () => void;
}) {
  const source = PREMIUM_SOURCES[integration];
  const [name, setName] = useState("");
  const [shop, setShop] = useState("");
  const [errors, setErrors] = useState<{ root?: string; name?: string; shop?: string }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { url } = await api.dataSources.connectPremium(projectId, integration, {
        name: name.trim() || undefined,
        ...(integration === "shopify" ? { shop: shop.trim() } : {}),
      });
      window.location.assign(url);
    } catch (raw) {
      const error = toApiError(raw);
      setErrors({ root: error.errors ? undefined : error.message, ...error.errors });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root} />
      <p className="text-sm text-slate-600">
        {source.description} You will be asked to allow Funnelwise to read this data on {source.provider}&apos;s own
        page, then come back here.
      </p>
      <FormField
        label="Data source name"
        autoComplete="off"
        value={name}
        maxLength={255}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      {integration === "shopify" ? (
        <FormField
          label="Store domain"
          required
          autoComplete="off"
          placeholder="my-store.myshopify.com"
          value={shop}
          error={errors.shop}
          onChange={(e) => setShop(e.target.value)}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={busy}>
          Connect {source.provider}
        </Button>
      </div>
    </form>
  );
}
