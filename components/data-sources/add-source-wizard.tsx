"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Steps } from "@/components/ui/steps";
import { GOOGLE_SOURCES, type GoogleSubType } from "@/lib/constants/google-sources";
import { PREMIUM_INTEGRATIONS, PREMIUM_SOURCES, type PremiumIntegration } from "@/lib/constants/premium-sources";
import type { SiteType } from "@/lib/constants/site-types";
import { GoogleSourceWizard } from "./google-source-wizard";
import { PremiumConnectForm } from "./premium-sources/premium-connect-form";
import { SOURCE_KINDS, UploadWizard, WIZARD_STEPS } from "./upload-wizard";

type Choice = GoogleSubType | "upload" | "keyword_partner" | "competitor" | PremiumIntegration;

const CHOICES: { value: Choice; label: string; description: string }[] = [
  ...GOOGLE_SOURCES.map((s) => ({ value: s.subType, label: s.label, description: s.description })),
  // The CSV upload and the partner sources (keyword rankings, competitor traffic) continue in UploadWizard.
  ...SOURCE_KINDS.filter((k) => k.available).map((k) => ({
    value: k.value as Choice,
    label: k.label,
    description: k.description,
  })),
];
const UPLOAD_WIZARD_KINDS: Choice[] = ["upload", "keyword_partner", "competitor"];
const isPremium = (c: Choice): c is PremiumIntegration => (PREMIUM_INTEGRATIONS as readonly string[]).includes(c);

/** Which premium integrations the server offers (the CRM by default, ecommerce when configured). */
export type PremiumOffer = Record<PremiumIntegration, boolean>;

/**
 * The data source wizard (spec section 2): 1 Data Source, 2 Data Details, 3 Confirmation. Step 1
 * is here; Google sources continue in GoogleSourceWizard, the CSV upload in UploadWizard.
 */
export function AddSourceWizard({
  projectId,
  projectSiteType,
  timeZone,
  canGenerate,
  premium,
  onFinished,
}: {
  projectId: string;
  projectSiteType: SiteType | "";
  timeZone: string;
  canGenerate: boolean;
  premium?: PremiumOffer;
  onFinished?: () => void;
}) {
  const choices = [
    ...CHOICES,
    ...PREMIUM_INTEGRATIONS.filter((i) => premium?.[i]).map((i) => ({
      value: i as Choice,
      label: PREMIUM_SOURCES[i].label,
      description: PREMIUM_SOURCES[i].description,
    })),
  ];
  const [choice, setChoice] = useState<Choice>("analytic-4");
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (!firstRender.current) headingRef.current?.focus();
    firstRender.current = false;
  }, [step]);

  if (step > 1 && UPLOAD_WIZARD_KINDS.includes(choice))
    return (
      <UploadWizard
        initialKind={choice}
        projectId={projectId}
        timeZone={timeZone}
        canGenerate={canGenerate}
        onBack={() => setStep(1)}
        onFinished={onFinished}
      />
    );

  return (
    <div className="space-y-5">
      <Steps steps={WIZARD_STEPS} current={step} label="Data source steps" />
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        Step {step} of 3: {WIZARD_STEPS[step - 1].title}
      </h3>
      {step === 1 ? (
        <div className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Where does the data come from?</legend>
            <div className="mt-2 space-y-2">
              {choices.map((c) => (
                <label
                  key={c.value}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm",
                    choice === c.value ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name="source-kind"
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => setChoice(c.value)}
                    className="mt-1 accent-brand-600"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{c.label}</span>
                    <span className="block text-slate-600">{c.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end">
            <Button onClick={() => setStep(2)}>Next</Button>
          </div>
        </div>
      ) : isPremium(choice) ? (
        <PremiumConnectForm key={choice} integration={choice} projectId={projectId} onBack={() => setStep(1)} />
      ) : !UPLOAD_WIZARD_KINDS.includes(choice) ? (
        <GoogleSourceWizard
          key={choice}
          projectId={projectId}
          projectSiteType={projectSiteType}
          subType={choice as GoogleSubType}
          step={step === 3 ? 3 : 2}
          onStep={setStep}
          onBack={() => setStep(1)}
          onFinished={onFinished}
        />
      ) : null}
    </div>
  );
}
