import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import type { CustomizationLevel } from "@/lib/constants/customization";
import { LevelTabs } from "./level-tabs";

/** Title, what the level is, and the level tabs, shared by the three customization pages. */
export function CustomizationHeader({
  level,
  showAgency,
  subject,
  changeHref,
}: {
  level: CustomizationLevel;
  showAgency: boolean;
  /** The client or project being customized, once chosen. */
  subject?: ReactNode;
  /** Back to the picker. */
  changeHref?: string;
}) {
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Visual customization</h1>
        <p className="mt-1 text-sm text-slate-600">
          The logo, colours and fonts every report and export carries. A project inherits from its client, a client from
          the agency.
        </p>
      </div>
      <LevelTabs current={level} showAgency={showAgency} />
      {subject ? (
        <p className="text-sm text-slate-700">
          {subject}
          {changeHref ? (
            <>
              {" "}
              <Link href={changeHref} className="text-brand-700 underline underline-offset-2">
                Change
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
