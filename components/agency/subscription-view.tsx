"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { ProjectLimitNotice, UsageMeter } from "@/components/projects/project-usage";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { formatInstant } from "@/lib/dates";
import type { AgencySubscription, PlanView } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { PaymentPortalButton } from "./payment-portal-button";
import { SupportCard } from "./support-card";

const STATUS: Record<AgencySubscription["status"], { label: string; text: string }> = {
  demo: { label: "Demo", text: "Your agency is on the demo plan." },
  full: { label: "Active", text: "Your subscription is active." },
  suspended: {
    label: "Suspended",
    text: "Your subscription is suspended: your data and reports stay readable, but new reports and deliveries wait until the payment is settled.",
  },
};

import { planPrice } from "./plan-price";

/** /agency-subscription: the current plan, status, usage and next invoice; plans to subscribe to; the portal. */
export function SubscriptionView() {
  const user = useCurrentUser();
  const agencyId = user.data?.agency._id ?? "";
  const isAdmin = Boolean(user.data?.isAgencyAdmin);
  const searchParams = useSearchParams();
  const checkoutResult = searchParams.get("checkout");
  const subscription = useQuery({
    queryKey: queryKeys.subscription(agencyId),
    queryFn: () => api.agencies.subscription(agencyId),
    enabled: Boolean(agencyId) && isAdmin,
    // Right after Checkout, Stripe's webhook may land a moment after the browser: look again briefly.
    refetchInterval: (query) =>
      checkoutResult === "success" && query.state.data?.status !== "full" && query.state.dataUpdateCount < 20
        ? 1000
        : false,
  });
  const plans = useQuery({ queryKey: queryKeys.plans(), queryFn: () => api.subscriptions.all(), enabled: isAdmin });

  if (user.isPending) return <LoadingState label="Loading your subscription…" />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  if (!isAdmin)
    return (
      <ErrorState title="Only agency admins manage the subscription">
        Ask an admin of your agency to change the plan.
      </ErrorState>
    );
  if (subscription.isPending || plans.isPending) return <LoadingState label="Loading your subscription…" />;
  if (subscription.isError)
    return <ErrorState message={toApiError(subscription.error).message} onRetry={() => void subscription.refetch()} />;
  if (plans.isError)
    return <ErrorState message={toApiError(plans.error).message} onRetry={() => void plans.refetch()} />;
  const data = subscription.data;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Subscription</h1>
        <p className="mt-1 text-sm text-slate-600">Your plan, its project limit and your invoices.</p>
      </div>
      {checkoutResult === "success" ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {data.status === "full"
            ? "Thank you: your subscription is active."
            : "Payment received: activating your subscription…"}
        </p>
      ) : checkoutResult === "cancelled" ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          Checkout was cancelled; nothing was charged.
        </p>
      ) : null}
      <CurrentPlan agencyId={agencyId} data={data} />
      {!data.configured ? (
        <Card>
          <CardTitle as="h2">Plans</CardTitle>
          <CardDescription>
            Subscriptions are not available on this server yet: no payment provider is configured. Your agency keeps its
            demo plan with {plans.data.defaultProjectLimit} projects.
          </CardDescription>
        </Card>
      ) : data.status !== "full" ? (
        <PlanPicker agencyId={agencyId} plans={plans.data.docs} />
      ) : (
        <p className="text-sm text-slate-600">
          To change plans,{" "}
          <a href="#support" className="text-brand-700 underline">
            contact support
          </a>
          : plan changes are made for you so nothing is lost in between.
        </p>
      )}
      <SupportCard planChange={searchParams.get("support") === "plan"} />
    </div>
  );
}

function CurrentPlan({ agencyId, data }: { agencyId: string; data: AgencySubscription }) {
  return (
    <Card>
      <CardTitle as="h2">Current plan</CardTitle>
      {data.pastDueSince ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {BILLING_MESSAGES.pastDue}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">Plan</dt>
        <dd className="text-slate-900">
          {data.plan
            ? data.plan.amount !== null && data.plan.currency && data.plan.interval
              ? `${data.plan.name} · ${planPrice(data.plan.amount, data.plan.currency, data.plan.interval, data.plan.intervalCount ?? 1)}`
              : data.plan.name
            : "Demo"}
        </dd>
        <dt className="font-medium text-slate-700">Status</dt>
        <dd className="text-slate-900">
          <span className="font-medium">{STATUS[data.status].label}</span>. {STATUS[data.status].text}
        </dd>
        <dt className="font-medium text-slate-700">Active projects</dt>
        <dd className="text-slate-900">
          {data.usage.active} of {data.usage.limit}
        </dd>
        {data.nextInvoiceAt ? (
          <>
            <dt className="font-medium text-slate-700">Next invoice</dt>
            <dd className="text-slate-900">{formatInstant(data.nextInvoiceAt, { dateOnly: true })}</dd>
          </>
        ) : null}
      </dl>
      <UsageMeter usage={data.usage} />
      <ProjectLimitNotice usage={data.usage} className="mt-3" />
      {data.configured && data.hasBillingAccount ? (
        <PaymentPortalButton agencyId={agencyId} className="mt-4" variant={data.pastDueSince ? "primary" : "secondary"}>
          {data.pastDueSince ? "Update payment method" : "Invoices and payment method"}
        </PaymentPortalButton>
      ) : null}
    </Card>
  );
}

function PlanPicker({ agencyId, plans }: { agencyId: string; plans: PlanView[] }) {
  const [kind, setKind] = useState<PlanView["kind"]>("team");
  const checkout = useMutation({
    mutationFn: (plan: PlanView) => api.agencies.checkout(agencyId, { tier: plan.tier, kind: plan.kind }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Card>
      <CardTitle as="h2">Choose a plan</CardTitle>
      <CardDescription>Prices as Stripe charges them; you can cancel any time from the billing portal.</CardDescription>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">Plan kind</legend>
        <div className="mt-2 flex gap-4 text-sm">
          {(["team", "personal"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="plan-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {value === "team" ? "Team (agency with staff)" : "Personal (one consultant)"}
            </label>
          ))}
        </div>
      </fieldset>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {plans
          .filter((plan) => plan.kind === kind)
          .map((plan) => (
            <li key={`${plan.tier}-${plan.kind}`} className="flex flex-col rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-2xl font-semibold text-slate-900">
                {planPrice(plan.amount, plan.currency, plan.interval, plan.intervalCount, "amount")}
                <span className="text-sm font-normal text-slate-600">
                  {" "}
                  {planPrice(plan.amount, plan.currency, plan.interval, plan.intervalCount, "interval")}
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-600">Up to {plan.projectLimit} active projects</p>
              <Button
                className="mt-4"
                loading={checkout.isPending && checkout.variables === plan}
                disabled={checkout.isPending}
                onClick={() => checkout.mutate(plan)}
                aria-label={`Subscribe to ${plan.name}`}
              >
                Subscribe
              </Button>
            </li>
          ))}
      </ul>
      {checkout.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {toApiError(checkout.error).message}
        </p>
      ) : null}
    </Card>
  );
}
