import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";
import { FIRST_ONBOARDING_STEP, LAST_ONBOARDING_STEP } from "@/lib/validation/onboarding";
import { getActor, getSessionUser } from "../../_lib/session";

export const metadata: Metadata = { title: "Onboarding" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec section 2: not logged in → login; onboarding complete → dashboard; a wrong or missing step
 * (not 1 to 3, or past the next step the user has reached) → the saved step plus one, else step 1.
 */
export default async function OnboardingPage({ searchParams }: Props) {
  const actor = await getActor();
  if (!actor) redirect("/login");
  if (!actor.onboarding) redirect("/dashboard");
  const [user, { step: rawStep }] = await Promise.all([getSessionUser(actor), searchParams]);

  const saved = user.tempOnboardingStep?.step ?? 0;
  const resume = Math.min(Math.max(saved + 1, FIRST_ONBOARDING_STEP), LAST_ONBOARDING_STEP);
  const step = typeof rawStep === "string" && /^\d+$/.test(rawStep) ? Number(rawStep) : NaN;
  if (!(step >= FIRST_ONBOARDING_STEP && step <= resume)) redirect(`/onboarding?step=${resume}`);

  return <OnboardingWizard step={step} projectLimit={user.agency.projectLimit} />;
}
