"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import {
  FIRST_ONBOARDING_STEP,
  LAST_ONBOARDING_STEP,
  ONBOARDING_STEPS,
  onboardingStep1Schema,
  onboardingTypedSchema,
  type OnboardingCreated,
} from "@/lib/validation/onboarding";
import { ClientsStep, toFormValues, type Step1Output } from "./clients-step";
import { ProjectSourceStep } from "./project-source-step";
import { StepIndicator } from "./step-indicator";

const STEP_TEXT: Record<number, string> = {
  1: "Add the clients you report for, and a reporting project for each of their sites. What you type is kept as you go: you can leave and come back.",
  2: "Connect Google Analytics, Search Console or Google Ads, upload a CSV export, or add keyword rankings to the projects you just added. You can skip this step and add data sources later from each project.",
  3: "Add the competitors' sites whose daily visits you want beside your client's figures. You can skip this step.",
};

type Busy = null | "continue" | "back" | "finish" | "cancel";

/**
 * The whole onboarding in one client component: the step lives in the URL (?step=N, checked by the
 * server page), the step-1 data in this component's state so it survives moving between steps.
 */
export function OnboardingWizard({ step, projectLimit }: { step: number; projectLimit: number }) {
  const router = useRouter();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const handleApiError = useApiErrorHandler();
  const [clients, setClients] = useState<Step1Output | null>(null);
  // What was typed on an earlier visit (or device), to resume with.
  const temp = useQuery({
    queryKey: queryKeys.tempOnboarding,
    queryFn: api.onboarding.getTemp,
    meta: { globalErrors: false },
  });
  // What step 1 added: steps 2 and 3 connect sources and competitors to these projects.
  const created = temp.data?.draft?.created ?? [];
  const [busy, setBusy] = useState<Busy>(null);
  // Steps in which a source was added this visit: their button says Continue rather than Skip.
  const [addedIn, setAddedIn] = useState<number[]>([]);
  const [navigating, startNavigation] = useTransition();
  const title = ONBOARDING_STEPS.find((s) => s.step === step)?.title ?? "";

  const goTo = (next: number) => startNavigation(() => router.replace(`/onboarding?step=${next}`));

  /** Records the step just completed server-side (so onboarding resumes anywhere), then moves on. */
  const complete = async (current: number, data?: Step1Output) => {
    setBusy("continue");
    try {
      if (data) {
        // Step 1 adds the clients and projects now, so steps 2 and 3 can connect sources to them.
        await api.onboarding.setTemp({ draft: onboardingTypedSchema.parse(toFormValues(data)) });
        queryClient.setQueryData(
          queryKeys.tempOnboarding,
          await api.onboarding.create({ action: "create", clients: data.clients }),
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.usersAll });
      } else queryClient.setQueryData(queryKeys.tempOnboarding, await api.onboarding.setTemp({ step: current }));
      goTo(current + 1);
    } catch (raw) {
      const error = toApiError(raw);
      // The project limit (403) and invalid data (400) are explained where the user is.
      if (error.status === 403 || error.status === 400) alerts.error(error.message);
      else handleFinishedOrError(error);
    } finally {
      setBusy(null);
    }
  };

  // 409: onboarding was completed elsewhere (another tab); the dashboard is where the user belongs.
  const handleFinishedOrError = (raw: unknown) => {
    const error = toApiError(raw);
    if (error.status === 409) {
      router.replace("/dashboard");
      router.refresh();
    } else handleApiError(error);
  };

  const leave = async (message?: string) => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    if (message) alerts.success(message, { on: "/dashboard" });
    router.replace("/dashboard");
    router.refresh();
  };

  const finish = async () => {
    const typed = onboardingStep1Schema.safeParse(clients ?? temp.data?.draft);
    if (created.length === 0 && !typed.success) {
      alerts.instruction("Add your clients and projects first, then continue through the steps again.", {
        on: "/onboarding",
      });
      goTo(FIRST_ONBOARDING_STEP);
      return;
    }
    setBusy("finish");
    try {
      // What step 1 already added is not sent again.
      await api.onboarding.submit({
        action: "submit",
        clients: created.length > 0 || !typed.success ? [] : typed.data.clients,
      });
      await leave("Your clients and projects have been added.");
    } catch (raw) {
      const error = toApiError(raw);
      // The project limit (403) and invalid data (400) are explained where the user is.
      if (error.status === 403 || error.status === 400) alerts.error(error.message);
      else handleFinishedOrError(error);
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy("cancel");
    try {
      await api.onboarding.submit({ action: "cancel" });
      await leave();
    } catch (error) {
      handleFinishedOrError(error);
      setBusy(null);
    }
  };

  const disabled = busy !== null || navigating;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Set up your agency</h1>
        <div className="mt-4">
          <StepIndicator current={step} />
        </div>
      </div>

      <section aria-labelledby="onboarding-step-title" className="space-y-5">
        <div>
          <h2 id="onboarding-step-title" className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{STEP_TEXT[step]}</p>
        </div>

        {temp.isPending ? (
          <LoadingState label="Loading what you typed…" />
        ) : temp.isError ? (
          <ErrorState
            title="We could not load what you typed"
            message={toApiError(temp.error).message}
            onRetry={() => void temp.refetch()}
          />
        ) : step === 1 && created.length > 0 ? (
          <AddedClients
            created={created}
            disabled={disabled}
            busy={busy === "continue"}
            onContinue={() => void complete(1)}
          />
        ) : step === 1 ? (
          <ClientsStep
            initial={clients ?? temp.data?.draft ?? null}
            projectLimit={projectLimit}
            busy={busy === "continue" || navigating}
            onContinue={async (data) => {
              setClients(data);
              await complete(1, data);
            }}
          />
        ) : (
          <>
            {created.length > 0 ? (
              <ProjectSourceStep
                key={step}
                kind={step === 2 ? "sources" : "competitors"}
                created={created}
                onAdded={() => setAddedIn((steps) => [...steps, step])}
              />
            ) : (
              <NoProjectsYet />
            )}
            {step === LAST_ONBOARDING_STEP && created.length === 0 ? (
              <Summary clients={clients ?? temp.data?.draft ?? null} />
            ) : null}
            <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-5">
              <Button variant="secondary" disabled={disabled} onClick={() => goTo(step - 1)}>
                Back
              </Button>
              {step < LAST_ONBOARDING_STEP ? (
                <Button loading={busy === "continue"} disabled={disabled} onClick={() => void complete(step)}>
                  {addedIn.includes(step) ? "Continue" : "Skip for now"}
                </Button>
              ) : (
                <Button loading={busy === "finish"} disabled={disabled} onClick={() => void finish()}>
                  Finish
                </Button>
              )}
            </div>
          </>
        )}
      </section>

      <div className="border-t border-slate-200 pt-5">
        <Button variant="ghost" loading={busy === "cancel"} disabled={disabled} onClick={() => void cancel()}>
          Cancel onboarding
        </Button>
        <p className="mt-1 text-xs text-slate-500">
          {created.length > 0
            ? "Cancelling takes you to the dashboard; the clients and projects already added stay."
            : "Cancelling takes you to the dashboard without adding any clients."}
        </p>
      </div>
    </div>
  );
}

/** Step 1 once its clients are added: they are edited from the Clients page from now on. */
function AddedClients({
  created,
  disabled,
  busy,
  onContinue,
}: {
  created: OnboardingCreated;
  disabled: boolean;
  busy: boolean;
  onContinue: () => void;
}) {
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        <p className="font-medium text-slate-900">These clients and projects are added:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {created.map((client) => (
            <li key={client.clientId} className="break-words">
              {client.name}: {client.projects.map((p) => p.name).join(", ")}
            </li>
          ))}
        </ul>
        <p className="mt-2">You can rename them or add more from the Clients page once onboarding is done.</p>
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-5">
        <Button loading={busy} disabled={disabled} onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  );
}

/** Steps 2 and 3 reached without projects (an older draft): say where to add them. */
function NoProjectsYet() {
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
      Data sources and competitors belong to a project.{" "}
      <Link href="/onboarding?step=1" className="text-brand-700 underline">
        Add your clients and projects in step 1
      </Link>{" "}
      first, or skip and add them later from each project.
    </p>
  );
}

/** On the last step: what Finish will create, so a user who came back knows what is kept. */
function Summary({ clients }: { clients: { clients: { name: string; projects: { name: string }[] }[] } | null }) {
  const named = clients?.clients.filter((c) => c.name.trim()) ?? [];
  if (named.length === 0)
    return (
      <p className="text-sm text-slate-700">
        No clients typed yet.{" "}
        <Link href="/onboarding?step=1" className="text-brand-700 underline">
          Add them in step 1
        </Link>
        .
      </p>
    );
  return (
    <div className="text-sm text-slate-700">
      <p className="font-medium text-slate-900">Finish adds:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {named.map((client, index) => (
          <li key={index} className="break-words">
            {client.name}:{" "}
            {client.projects
              .map((p) => p.name)
              .filter(Boolean)
              .join(", ") || "no project named"}
          </li>
        ))}
      </ul>
    </div>
  );
}
