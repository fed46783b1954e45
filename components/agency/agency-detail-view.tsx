"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { queryKeys } from "@/lib/api-client/query-keys";
import { api } from "@/lib/api-client/endpoints";
import type { Agency } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { AgencySettingsForm } from "./agency-settings-form";
import { PartnerKeysCard } from "./partner-keys-card";
import { ProjectLimitNotice, UsageMeter } from "@/components/projects/project-usage";
import { Muted } from "@/components/ui/detail-row";

const TIER_LABEL: Record<string, string> = { basic: "Basic", pro: "Pro", business: "Business" };
const KIND_LABEL: Record<string, string> = { team: "Team", personal: "Personal" };
const STATUS_LABEL: Record<string, string> = { demo: "Demo", full: "Full", suspended: "Suspended" };

/** /agency-detail: the agency's details, plan and project usage, and (for admins) its settings and partner keys. */
export function AgencyDetailView() {
  const user = useCurrentUser();
  const agencyId = user.data?.agency._id ?? "";
  const agency = useQuery({
    queryKey: queryKeys.agency(agencyId),
    queryFn: () => api.agencies.get(agencyId),
    enabled: Boolean(agencyId),
  });

  if (user.isPending || (agencyId && agency.isPending)) return <LoadingState label="Loading the agency…" />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  if (agency.isError)
    return <ErrorState message={toApiError(agency.error).message} onRetry={() => void agency.refetch()} />;
  if (!agency.data) return <LoadingState />;
  const data = agency.data;
  const isAdmin = user.data.isAgencyAdmin;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{data.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Your agency&apos;s details, plan and usage.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <Card>
            <CardTitle as="h2">Details</CardTitle>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <Row label="Name">{data.name}</Row>
              <Row label="Website">{data.website ?? <Muted>Not set</Muted>}</Row>
              <Row label="Phone">{data.phone ?? <Muted>Not set</Muted>}</Row>
              <Row label="Admins">
                <ul>
                  {data.admins.map((a) => (
                    <li key={a._id}>
                      {a.firstName} {a.lastName} <span className="text-slate-500">({a.email})</span>
                    </li>
                  ))}
                </ul>
              </Row>
            </dl>
          </Card>
          <PlanCard agency={data} />
        </div>
        <div className="space-y-6">
          <Card>
            <CardTitle as="h2">Agency settings</CardTitle>
            {isAdmin ? (
              <>
                <CardDescription>The name, website and phone shown across the app and in reports.</CardDescription>
                <div className="mt-4">
                  <AgencySettingsForm key={data.updatedAt} agency={data} />
                </div>
              </>
            ) : (
              <CardDescription>Only agency admins can change these settings.</CardDescription>
            )}
            {isAdmin ? (
              <p className="mt-4 text-sm text-slate-600">
                Logo, colours and fonts:{" "}
                <Link href="/customization-agency" className="text-brand-700 underline underline-offset-2">
                  Visual customization
                </Link>
                .
              </p>
            ) : null}
          </Card>
          {isAdmin ? <PartnerKeysCard agencyId={data._id} /> : null}
        </div>
      </div>
    </div>
  );
}

function PlanCard({ agency }: { agency: Agency }) {
  const { active, limit } = agency.usage;
  return (
    <Card id="plan">
      <CardTitle as="h2">Plan and usage</CardTitle>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <Row label="Plan">
          {TIER_LABEL[agency.planTier] ?? agency.planTier} · {KIND_LABEL[agency.planKind] ?? agency.planKind}
        </Row>
        <Row label="Subscription">{STATUS_LABEL[agency.subscriptionStatus] ?? agency.subscriptionStatus}</Row>
        <Row label="Active projects">
          {active} of {limit}
        </Row>
      </dl>
      <UsageMeter usage={agency.usage} />
      <ProjectLimitNotice usage={agency.usage} className="mt-3" />
      <p className="mt-4 text-sm">
        <Link href="/agency-subscription" className="text-brand-700 underline underline-offset-2">
          Manage subscription
        </Link>
      </p>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}
