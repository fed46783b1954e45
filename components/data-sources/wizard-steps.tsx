"use client";

import { useEffect, useRef, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Steps } from "@/components/ui/steps";

// Spec section 2: the data source wizard's steps.
export const WIZARD_STEPS = [
  { step: 1, title: "Data Source" },
  { step: 2, title: "Data Details" },
  { step: 3, title: "Confirmation" },
] as const;

export type WizardStep = 1 | 2 | 3;

/**
 * The heading of the wizard's current step, focused when the step changes (not on the first render), so keyboard
 * and screen-reader users follow along.
 */
export function useStepHeading(step: WizardStep): RefObject<HTMLHeadingElement | null> {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef<WizardStep | null>(step);
  useEffect(() => {
    if (firstStep.current !== step) headingRef.current?.focus();
    firstStep.current = null;
  }, [step]);
  return headingRef;
}

/** The step indicator and the current step's heading, shared by every path through the wizard. */
export function WizardStepHeader({
  step,
  headingRef,
}: {
  step: WizardStep;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <Steps steps={WIZARD_STEPS} current={step} label="Data source steps" />
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        Step {step} of 3: {WIZARD_STEPS[step - 1].title}
      </h3>
    </>
  );
}

export interface SourceChoice<T extends string> {
  value: T;
  label: string;
  description: string;
  /** A short mark beside the label ("Not set up on this server"). */
  badge?: string;
}

/** Step 1's question: one card per kind of source, as radio buttons. */
export function SourceKindChoice<T extends string>({
  choices,
  value,
  onChange,
  legend = "Where does the data come from?",
  name = "source-kind",
}: {
  choices: SourceChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  legend?: string;
  name?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm",
              value === c.value ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900">
                {c.label}
                {c.badge ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                    {c.badge}
                  </span>
                ) : null}
              </span>
              <span className="block text-slate-600">{c.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A Data Details form's buttons: Back to step 1 when there is a step 1 to return to, and the submit button. */
export function WizardFormActions({
  onBack,
  backDisabled,
  submitLabel,
  submitting,
}: {
  onBack?: () => void;
  backDisabled?: boolean;
  submitLabel: string;
  submitting: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="secondary" disabled={backDisabled} onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
