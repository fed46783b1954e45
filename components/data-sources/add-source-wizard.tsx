"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CONNECTOR_MESSAGES } from "@/lib/constants/connector-messages";
import { GOOGLE_SOURCES, type GoogleSubType } from "@/lib/constants/google-sources";
import { PARTNER_SOURCE_CHOICES } from "@/lib/constants/partner-sources";
import { PREMIUM_INTEGRATIONS, PREMIUM_SOURCES, type PremiumIntegration } from "@/lib/constants/premium-sources";
import type { SiteType } from "@/lib/constants/site-types";
import { GoogleSourceWizard } from "./google-source-wizard";
import { PremiumConnectForm } from "./premium-sources/premium-connect-form";
import { UploadWizard, type UploadWizardKind } from "./upload-wizard";
import { SourceKindChoice, WizardStepHeader, useStepHeading, type SourceChoice, type WizardStep } from "./wizard-steps";

type Choice = GoogleSubType | UploadWizardKind | PremiumIntegration;

// The CSV upload and the partner sources (keyword rankings, competitor traffic) continue in UploadWizard.
const UPLOAD_WIZARD_CHOICES: SourceChoice<UploadWizardKind>[] = [
  {
    value: "upload",
    label: "File upload (CSV)",
    description: "Daily metrics exported from any tool, one file at a time.",
  },
  ...(["keyword_partner", "competitor"] as const).map((value) => ({
    value,
    label: PARTNER_SOURCE_CHOICES[value].label,
    description: PARTNER_SOURCE_CHOICES[value].description,
  })),
];
const CHOICES: SourceChoice<Choice>[] = [
  ...GOOGLE_SOURCES.map((s) => ({ value: s.subType, label: s.label, description: s.description })),
  ...UPLOAD_WIZARD_CHOICES,
];
const UPLOAD_WIZARD_KINDS: Choice[] = UPLOAD_WIZARD_CHOICES.map((c) => c.value);
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
  unavailable = {},
  onFinished,
}: {
  projectId: string;
  projectSiteType: SiteType | "";
  timeZone: string;
  canGenerate: boolean;
  premium?: PremiumOffer;
  /** Choices this server cannot connect (no credentials), with the sentence to show. */
  unavailable?: Record<string, string>;
  onFinished?: () => void;
}) {
  const choices = [
    ...CHOICES,
    ...PREMIUM_INTEGRATIONS.filter((i) => premium?.[i]).map((i) => ({
      value: i as Choice,
      label: PREMIUM_SOURCES[i].label,
      description: PREMIUM_SOURCES[i].description,
    })),
  ].map((c) => (unavailable[c.value] ? { ...c, badge: CONNECTOR_MESSAGES.notSetUpBadge } : c));
  const [choice, setChoice] = useState<Choice>("analytic-4");
  const [step, setStep] = useState<WizardStep>(1);
  const headingRef = useStepHeading(step);

  if (step > 1 && UPLOAD_WIZARD_KINDS.includes(choice))
    return (
      <UploadWizard
        initialKind={choice as UploadWizardKind}
        projectId={projectId}
        timeZone={timeZone}
        canGenerate={canGenerate}
        onBack={() => setStep(1)}
        onFinished={onFinished}
      />
    );

  return (
    <div className="space-y-5">
      <WizardStepHeader step={step} headingRef={headingRef} />
      {step === 1 ? (
        <div className="space-y-4">
          <SourceKindChoice choices={choices} value={choice} onChange={setChoice} />
          <div className="flex justify-end">
            <Button onClick={() => setStep(2)}>Next</Button>
          </div>
        </div>
      ) : choice === "analytic" ? (
        <NotSetUp
          message={CONNECTOR_MESSAGES.uaRetired}
          action={CONNECTOR_MESSAGES.uaImport}
          onBack={() => setStep(1)}
          onUpload={() => setChoice("upload")}
        />
      ) : unavailable[choice] ? (
        <NotSetUp message={unavailable[choice]} onBack={() => setStep(1)} onUpload={() => setChoice("upload")} />
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

/** Step 2 of a connector that cannot be connected (no credentials here, or retired by Google): what to do instead. */
function NotSetUp({
  message,
  action = "Upload an export instead",
  onBack,
  onUpload,
}: {
  message: string;
  action?: string;
  onBack: () => void;
  onUpload: () => void;
}) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        {message}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onUpload}>{action}</Button>
      </div>
    </div>
  );
}
