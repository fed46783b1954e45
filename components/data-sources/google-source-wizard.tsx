"use client";

import { Link } from "@/components/ui/link";
import { useCallback, useMemo, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import type { DataSource } from "@/lib/api-client/types";
import { googleSourceOf, type GoogleSubType } from "@/lib/constants/google-sources";
import type { SiteType } from "@/lib/constants/site-types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCreateGoogleSource, useGoogleAccount, useRefreshGoogle } from "@/lib/hooks/use-google";
import { useGoogleSignIn } from "@/lib/hooks/use-google-sign-in";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { createGoogleDataSourceSchema } from "@/lib/validation/google-data-sources";
import { optionalText } from "@/lib/validation/fields";
import { GoogleSignInPanel } from "./google-sign-in-panel";
import {
  AdsFields,
  Ga4Fields,
  LegacyAnalyticsFields,
  SearchConsoleFields,
  type Additional,
} from "./google-source-fields";
import { SyncProgress } from "./sync-progress";

const nameSchema = z.object({ name: optionalText("Data source name") });

/** `{ "additional.analyticProperty": msg }` → `{ analyticProperty: msg }`, first message per field. */
function selectionErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path
      .filter((p) => p !== "additional")
      .map(String)
      .join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Steps 2 and 3 of the wizard for a Google source: sign in (popup), pick what to import, then the
 * confirmation with the first import's live progress.
 */
export function GoogleSourceWizard({
  projectId,
  projectSiteType,
  subType,
  step,
  onStep,
  onBack,
  onFinished,
}: {
  projectId: string;
  projectSiteType: SiteType | "";
  subType: GoogleSubType;
  step: 2 | 3;
  onStep: (step: 2 | 3) => void;
  onBack: () => void;
  onFinished?: () => void;
}) {
  const kind = googleSourceOf(subType)!;
  const account = useGoogleAccount();
  const refresh = useRefreshGoogle();
  const signIn = useGoogleSignIn(useCallback(() => refresh(), [refresh]));
  const create = useCreateGoogleSource(projectId);
  const [additional, setAdditional] = useState<Additional>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<DataSource | null>(null);
  // Remounting the fields after a new sign-in clears cached selections (spec section 4).
  const [fieldsKey, setFieldsKey] = useState(0);
  const form = useServerForm(nameSchema, { defaultValues: { name: kind.label } });
  const signedIn = Boolean(account.data?.account);
  const googleProblem = errors.google;
  const onChange = useCallback((next: Additional) => setAdditional(next), []);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    const body = { kind: "google" as const, subType, name, additional };
    const parsed = createGoogleDataSourceSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(selectionErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const source = await create.mutateAsync(parsed.data);
      setCreated(source);
      onStep(3);
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = form.applyServerErrors(error);
      setErrors(selectionErrors(Object.entries(unmatched).map(([k, message]) => ({ path: k.split("."), message }))));
      if (!error.errors) form.setError("root", { message: error.message });
    }
  });

  const fields = useMemo(() => {
    const props = { onChange, errors };
    switch (subType) {
      case "analytic-4":
        return <Ga4Fields {...props} />;
      case "analytic":
        return <LegacyAnalyticsFields {...props} projectSiteType={projectSiteType} />;
      case "searchconsole":
        return <SearchConsoleFields {...props} />;
      case "ads":
        return <AdsFields {...props} />;
    }
  }, [subType, onChange, errors, projectSiteType]);

  if (step === 3 && created)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {created.name} is connected.{" "}
          {created.subType === "analytic"
            ? "Google stopped collecting data for legacy Analytics in 2024: the selection is kept with the project."
            : "The first import has started: up to 15 months of daily data, then a refresh every day."}
        </p>
        <SyncProgress dataSourceId={created._id} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Link
            href={`/data-sources/${created._id}`}
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            Open {created.name}
          </Link>
          {onFinished ? <Button onClick={onFinished}>Done</Button> : null}
        </div>
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`${kind.label} details`}>
      <GoogleSignInPanel
        account={account.data?.account}
        loading={account.isPending}
        state={signIn.state}
        problem={googleProblem}
        onSignIn={() => {
          setErrors({});
          setFieldsKey((k) => k + 1);
          signIn.signIn();
        }}
      />
      <FormError message={form.formState.errors.root?.message} />
      {signedIn && !googleProblem ? (
        <>
          <div key={fieldsKey}>{fields}</div>
          <FormField
            label="Data source name"
            autoComplete="off"
            error={form.formState.errors.name?.message}
            {...form.register("name")}
          />
        </>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!signedIn}>
          Connect {kind.label}
        </Button>
      </div>
    </form>
  );
}
