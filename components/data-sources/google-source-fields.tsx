"use client";

import { useEffect, useReducer } from "react";
import { SelectField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import type { GoalListing, GoogleOption } from "@/lib/api-client/google";
import {
  ADS_REPORT_METRICS,
  GOOGLE_ADS_REPORT_OPTIONS,
  GOOGLE_ADS_REPORTS,
  type GoogleAdsReport,
} from "@/lib/constants/google-ads-reports";
import { SITE_TYPES, type SiteType } from "@/lib/constants/site-types";
import { emptySelection, selectAnalytics, type AnalyticsSelection } from "@/lib/google/analytics-selection";
import { useGoogleList } from "@/lib/hooks/use-google";
import { GoogleSelect } from "./google-select";
import { SourceKindChoice } from "./wizard-steps";

// The Data Details fields of each Google kind. Each keeps its selection as the API's `additional`
// block and reports it upward on every change; lists come live from Google, each waiting for the
// choice above it.

export type Additional = Record<string, unknown>;
interface FieldsProps {
  onChange: (additional: Additional) => void;
  errors: Record<string, string>;
}

export function OptionChecklist({
  legend,
  options,
  chosen,
  onToggle,
  error,
  hint,
}: {
  legend: string;
  options: GoogleOption[];
  chosen: string[];
  onToggle: (id: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <fieldset className="space-y-1.5" aria-invalid={Boolean(error) || undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={chosen.includes(o.id)}
              onChange={() => onToggle(o.id)}
            />
            {o.name}
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

export function Ga4Fields({ onChange, errors }: FieldsProps) {
  const [s, set] = useReducer(
    (
      state: { account: string; property: string; events: string[]; audience: string },
      patch: Partial<typeof state>,
    ) => ({
      ...state,
      ...patch,
    }),
    { account: "", property: "", events: [], audience: "" },
  );
  const accounts = useGoogleList("analytics-4/accounts", {});
  const properties = useGoogleList("analytics-4/properties", { accountId: s.account }, Boolean(s.account));
  const events = useGoogleList("analytics-4/conversion-events", { propertyId: s.property }, Boolean(s.property));
  const audiences = useGoogleList("analytics-4/audiences", { propertyId: s.property }, Boolean(s.property));
  useEffect(() => {
    onChange({
      analyticAccount: s.account,
      analyticProperty: s.property,
      conversionEvents: s.events,
      ...(s.audience ? { audience: s.audience } : {}),
    });
  }, [s, onChange]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <GoogleSelect
        label="Analytics account"
        required
        query={accounts}
        value={s.account}
        onChange={(account) => set({ account, property: "", events: [], audience: "" })}
        error={errors.analyticAccount}
      />
      <GoogleSelect
        label="GA4 property"
        required
        query={properties}
        disabled={!s.account}
        placeholder={s.account ? "Choose a property…" : "Choose an account first"}
        value={s.property}
        onChange={(property) => set({ property, events: [], audience: "" })}
        error={errors.analyticProperty}
      />
      {s.property && events.data && events.data.docs.length > 0 ? (
        <div className="sm:col-span-2">
          <OptionChecklist
            legend="Key events counted as conversions"
            hint="Leave empty to count every key event."
            options={events.data.docs}
            chosen={s.events}
            onToggle={(id) =>
              set({ events: s.events.includes(id) ? s.events.filter((e) => e !== id) : [...s.events, id] })
            }
          />
        </div>
      ) : null}
      {s.property ? (
        <GoogleSelect
          label="Audience (optional)"
          query={audiences}
          placeholder="All users"
          value={s.audience}
          onChange={(audience) => set({ audience })}
        />
      ) : null}
    </div>
  );
}

export function LegacyAnalyticsFields({
  onChange,
  errors,
  projectSiteType,
}: FieldsProps & { projectSiteType: SiteType | "" }) {
  const [s, dispatch] = useReducer(selectAnalytics, projectSiteType, emptySelection);
  const accounts = useGoogleList("analytics/accounts", {});
  const properties = useGoogleList("analytics/properties", { accountId: s.account }, Boolean(s.account));
  const profiles = useGoogleList(
    "analytics/profiles",
    { accountId: s.account, propertyId: s.property },
    Boolean(s.property),
  );
  const goals = useGoogleList<GoalListing>(
    "analytics/goals",
    { accountId: s.account, propertyId: s.property, profileId: s.profile },
    Boolean(s.profile),
  );
  const segments = useGoogleList("analytics/segments", {});
  const goalIds = goals.data?.docs.map((g) => g.id).join(",");
  // The primary goal is preselected (goal 1, ecommerce) when a view's goals arrive or the site type changes.
  useEffect(() => {
    if (goalIds !== undefined) dispatch({ type: "goalsLoaded", goalIds: goalIds ? goalIds.split(",") : [] });
  }, [goalIds, s.siteType]);
  useEffect(() => {
    onChange(toAdditional(s));
  }, [s, onChange]);

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <GoogleSelect
          label="Analytics account"
          required
          query={accounts}
          value={s.account}
          onChange={(value) => dispatch({ type: "account", value })}
          error={errors.analyticAccount}
        />
        <GoogleSelect
          label="Property"
          required
          query={properties}
          disabled={!s.account}
          placeholder={s.account ? "Choose a property…" : "Choose an account first"}
          value={s.property}
          onChange={(value) => dispatch({ type: "property", value })}
          error={errors.analyticProperty}
        />
        <GoogleSelect
          label="View"
          required
          query={profiles}
          disabled={!s.property}
          placeholder={s.property ? "Choose a view…" : "Choose a property first"}
          value={s.profile}
          onChange={(value) => dispatch({ type: "profile", value })}
          error={errors.analyticProfile}
        />
        <SelectField
          label="Site type"
          required
          value={s.siteType}
          onChange={(e) => dispatch({ type: "siteType", value: e.target.value as SiteType | "" })}
          error={errors.siteType}
          hint="Changing it chooses the goals again."
        >
          <option value="">Choose…</option>
          {SITE_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
      </div>
      {s.profile ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <GoogleSelect
            label="Primary goal"
            required
            query={
              {
                ...goals,
                data: goals.data && { docs: goals.data.primary, message: goals.data.primaryMessage },
              } as typeof goals
            }
            value={s.primaryGoal}
            onChange={(value) => dispatch({ type: "primaryGoal", value })}
            error={errors.analyticPrimaryGoal}
            describe={(g) => `Goal ${g.id}: ${g.name}`}
          />
          <GoogleSelect
            label="Segment (optional)"
            query={segments}
            placeholder="All sessions"
            value={s.segment}
            onChange={(value) => dispatch({ type: "segment", value })}
          />
          <div className="sm:col-span-2">
            {goals.data && goals.data.secondary.length === 0 ? (
              <p className="text-sm text-slate-700">{goals.data.secondaryMessage}</p>
            ) : goals.data ? (
              <OptionChecklist
                legend="Secondary goals"
                options={goals.data.secondary.map((g) => ({ id: g.id, name: `Goal ${g.id}: ${g.name}` }))}
                chosen={s.secondaryGoals}
                onToggle={(value) => dispatch({ type: "toggleSecondaryGoal", value })}
                error={errors.analyticSecondaryGoals}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => dispatch({ type: "cancel", siteType: projectSiteType })}>
        Clear the selection
      </Button>
    </div>
  );
}

function toAdditional(s: AnalyticsSelection): Additional {
  return {
    analyticAccount: s.account,
    analyticProperty: s.property,
    analyticProfile: s.profile,
    siteType: s.siteType,
    analyticPrimaryGoal: s.primaryGoal,
    analyticSecondaryGoals: s.secondaryGoals,
    ...(s.segment ? { analyticSegment: s.segment } : {}),
  };
}

export function SearchConsoleFields({ onChange, errors }: FieldsProps) {
  const sites = useGoogleList("search-console/sites", {});
  const [site, setSite] = useReducer((_: string, next: string) => next, "");
  useEffect(() => onChange({ analyticSite: site }), [site, onChange]);
  return (
    <GoogleSelect
      label="Search Console property"
      required
      query={sites}
      value={site}
      onChange={setSite}
      error={errors.analyticSite}
    />
  );
}

export function AdsFields({ onChange, errors }: FieldsProps) {
  const [s, set] = useReducer(
    (state: { account: string; report: GoogleAdsReport; campaign: string }, patch: Partial<typeof state>) => ({
      ...state,
      ...patch,
    }),
    { account: "", report: GOOGLE_ADS_REPORT_OPTIONS[0], campaign: "all" },
  );
  const accounts = useGoogleList("ads/ads-accounts", {});
  const campaigns = useGoogleList(`ads/ads-accounts/${s.account}/campaigns`, {}, Boolean(s.account));
  useEffect(() => onChange({ adsAccount: s.account, adsReport: s.report, adsCampaign: s.campaign }), [s, onChange]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <GoogleSelect
        label="Google Ads account"
        required
        query={accounts}
        value={s.account}
        onChange={(account) => set({ account, campaign: "all" })}
        error={errors.adsAccount}
        describe={(a) => (a.name === a.id ? a.id : `${a.name} (${a.id})`)}
      />
      <div className="sm:col-span-2">
        <SourceKindChoice
          legend="Report"
          name="ads-report"
          choices={GOOGLE_ADS_REPORTS.map((r) => ({ value: r.value, label: r.label, description: r.brings }))}
          value={s.report}
          onChange={(report) => set({ report })}
        />
        <p className="mt-1.5 text-xs text-slate-500">
          Every report imports {ADS_REPORT_METRICS} by day, for the campaigns chosen below.
        </p>
        {errors.adsReport ? <p className="text-sm text-red-700">{errors.adsReport}</p> : null}
      </div>
      <GoogleSelect
        label="Campaigns"
        query={campaigns}
        disabled={!s.account}
        placeholder={s.account ? "Choose…" : "Choose an account first"}
        extraOptions={[{ id: "all", name: "All campaigns" }]}
        value={s.campaign}
        onChange={(campaign) => set({ campaign: campaign || "all" })}
        error={errors.adsCampaign}
      />
    </div>
  );
}
