"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api-client/endpoints";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { FIRST_ONBOARDING_STEP, LAST_ONBOARDING_STEP, ONBOARDING_STEPS } from "@/lib/validation/onboarding";
import { ClientsStep, type Step1Output } from "./clients-step";
import { StepIndicator } from "./step-indicator";

const STEP_TEXT: Record<number, string> = {
  1: "Add the clients you report for, and a reporting project for each of their sites.",
  2: "Data sources such as web analytics, search performance and advertising accounts are added from each project once its connectors are set up.",
  3: "Competitors are added from each project once the competitor-tracking source is connected.",
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
  const [busy, setBusy] = useState<Busy>(null);
  const [navigating, startNavigation] = useTransition();
  const title = ONBOARDING_STEPS.find((s) => s.step === step)?.title ?? "";

  const goTo = (next: number) => startNavigation(() => router.replace(`/onboarding?step=${next}`));

  /** Records the step just completed server-side (so onboarding resumes anywhere), then moves on. */
  const complete = async (current: number) => {
    setBusy("continue");
    try {
      await api.onboarding.setTemp(current);
      goTo(current + 1);
    } catch (error) {
      handleFinishedOrError(error);
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
    if (!clients) {
      alerts.instruction("Add your clients and projects first, then continue through the steps again.", {
        on: "/onboarding",
      });
      goTo(FIRST_ONBOARDING_STEP);
      return;
    }
    setBusy("finish");
    try {
      await api.onboarding.submit({ action: "submit", clients: clients.clients });
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

        {step === 1 ? (
          <ClientsStep
            initial={clients}
            projectLimit={projectLimit}
            busy={busy === "continue" || navigating}
            onContinue={async (data) => {
              setClients(data);
              await complete(1);
            }}
          />
        ) : (
          <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-5">
            <Button variant="secondary" disabled={disabled} onClick={() => goTo(step - 1)}>
              Back
            </Button>
            {step < LAST_ONBOARDING_STEP ? (
              <Button loading={busy === "continue"} disabled={disabled} onClick={() => void complete(step)}>
                Continue
              </Button>
            ) : (
              <Button loading={busy === "finish"} disabled={disabled} onClick={() => void finish()}>
                Finish
              </Button>
            )}
          </div>
        )}
      </section>

      <div className="border-t border-slate-200 pt-5">
        <Button variant="ghost" loading={busy === "cancel"} disabled={disabled} onClick={() => void cancel()}>
          Cancel onboarding
        </Button>
        <p className="mt-1 text-xs text-slate-500">Cancelling takes you to the dashboard without adding any clients.</p>
      </div>
    </div>
  );
}
