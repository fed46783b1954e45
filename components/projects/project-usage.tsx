import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { cn } from "@/components/ui/cn";
import type { ProjectUsage } from "@/lib/api-client/types";
import { MESSAGES } from "@/lib/constants/messages";

/** The plan's project limit: a warning as the agency nears it, the spec's error at it. */
export function ProjectLimitNotice({ usage, className }: { usage: ProjectUsage; className?: string }) {
  if (usage.atLimit) {
    return (
      <p
        className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}
        data-testid="project-limit-error"
      >
        {MESSAGES.projectLimitReached(usage.limit)} <SupportLink />
      </p>
    );
  }
  if (usage.nearLimit) {
    return (
      <p
        className={cn("rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900", className)}
        data-testid="project-limit-warning"
      >
        You are close to your plan&apos;s limit: {usage.remaining} of {usage.limit} active projects left. Plan changes
        go through support. <SupportLink />
      </p>
    );
  }
  return null;
}

/** The support form, opened for a plan change. */
function SupportLink() {
  return (
    <Link href="/agency-subscription?support=plan#support" className="font-medium underline underline-offset-2">
      Ask support for a larger plan
    </Link>
  );
}

/** Active projects of the agency against the plan's limit (suspended projects do not count). */
export function ProjectUsageGauge({ usage }: { usage: ProjectUsage }) {
  const { active, limit } = usage;
  return (
    <Card aria-labelledby="usage-heading">
      <CardTitle id="usage-heading" as="h2">
        Projects in your plan
      </CardTitle>
      <CardDescription>
        {active} of {limit} active projects. Suspended projects do not count.
      </CardDescription>
      <UsageMeter usage={usage} />
      <ProjectLimitNotice usage={usage} className="mt-3" />
    </Card>
  );
}

/** The bar of active projects against the limit: amber near it, red at it. */
export function UsageMeter({ usage }: { usage: ProjectUsage }) {
  const { active, limit, nearLimit, atLimit } = usage;
  const percent = limit > 0 ? Math.min(100, Math.round((active / limit) * 100)) : 100;
  return (
    <div
      className="mt-3 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      role="meter"
      aria-label="Active projects used"
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={active}
      aria-valuetext={`${active} of ${limit} active projects`}
    >
      <div
        className={cn("h-full rounded-full", atLimit ? "bg-red-600" : nearLimit ? "bg-amber-500" : "bg-brand-600")}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
