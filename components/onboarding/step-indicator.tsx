import { Steps } from "@/components/ui/steps";
import { ONBOARDING_STEPS } from "@/lib/validation/onboarding";

export function StepIndicator({ current }: { current: number }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-600">
        Step {current} of {ONBOARDING_STEPS.length}
      </p>
      <div className="mt-3">
        <Steps steps={ONBOARDING_STEPS} current={current} label="Onboarding steps" />
      </div>
    </div>
  );
}
