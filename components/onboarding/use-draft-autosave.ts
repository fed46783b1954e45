"use client";

import { useEffect, useRef } from "react";
import type { UseFormWatch } from "react-hook-form";
import { api } from "@/lib/api-client/endpoints";
import { onboardingTypedSchema } from "@/lib/validation/onboarding";
import type { Step1Input } from "./clients-step";

const SAVE_DELAY_MS = 600;

/**
 * Keeps what the user types in step 1 on the server (POST /api/temp-onboarding with the draft),
 * a moment after they stop typing, so a reload or another device resumes with it. A failed save
 * is retried by the next keystroke; the form itself never waits for it.
 */
export function useDraftAutosave(watch: UseFormWatch<Step1Input>) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const subscription = watch((values) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const draft = onboardingTypedSchema.safeParse(values);
        if (draft.success) api.onboarding.setTemp({ draft: draft.data }).catch(() => undefined);
      }, SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [watch]);
}
