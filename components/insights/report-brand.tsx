import type { ReactNode } from "react";
import type { ReportLook } from "@/lib/hooks/use-chart-look";
import { fontStack } from "@/lib/font-stack";

/**
 * The top of a report screen in the project's look: its logo, the report title, what the screen shows (the period,
 * said once) and the screen's actions, over a rule in the chart colour. The font applies to the whole report below.
 */
export function ReportBrandHeader({
  look,
  headingId,
  subtitle,
  meta,
  actions,
}: {
  look: ReportLook;
  headingId: string;
  subtitle?: ReactNode;
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header
      className="flex flex-col gap-3 border-b-2 pb-3 sm:flex-row sm:items-end sm:justify-between"
      style={{ borderColor: look.chartColor }}
      data-testid="report-brand"
    >
      <div className="flex min-w-0 items-center gap-3">
        {look.logoSrc ? <img src={look.logoSrc} alt="" className="h-10 max-w-32 shrink-0 object-contain" /> : null}
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold break-words text-slate-900">
            {look.reportTitle}
            {subtitle ? <span className="font-normal text-slate-600"> · {subtitle}</span> : null}
          </h2>
          {meta ? <div className="text-sm text-slate-700">{meta}</div> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** The project's footer text under a report screen (nothing when it has none). */
export function ReportFooter({ look }: { look: ReportLook }) {
  if (!look.footerText.trim()) return null;
  return (
    <footer
      className="border-t border-slate-200 pt-3 text-sm whitespace-pre-line text-slate-600"
      data-testid="report-footer"
    >
      {look.footerText}
    </footer>
  );
}

/** A slim band in the project's look on the screens around a report (an insight, a tag, saved insights). */
export function ReportBrandStrip({ look, children }: { look: ReportLook; children?: ReactNode }) {
  return (
    <div
      className="flex items-center gap-3 border-b-2 pb-2 text-sm text-slate-700"
      style={{ borderColor: look.chartColor, fontFamily: fontStack(look.font) }}
      data-testid="report-brand"
    >
      {look.logoSrc ? <img src={look.logoSrc} alt="" className="h-8 max-w-28 shrink-0 object-contain" /> : null}
      <p className="font-semibold text-slate-900">{look.reportTitle}</p>
      {children ? <div className="min-w-0 text-slate-600">{children}</div> : null}
    </div>
  );
}
