"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { customizationApi } from "../api-client/customization";
import { queryKeys } from "../api-client/query-keys";
import { DEFAULT_CUSTOMIZATION } from "../constants/customization";
import { isHexColor } from "../validation/customization";

export interface ChartLook {
  chartColor: string;
  palette: string[];
  font: string;
}

/** The whole look of a report screen: the charts' colours and font, the title, footer and logo. */
export interface ReportLook extends ChartLook {
  reportTitle: string;
  footerText: string;
  /** A URL the browser can show, or null without a logo. */
  logoSrc: string | null;
}

export const DEFAULT_CHART_LOOK: ChartLook = {
  chartColor: DEFAULT_CUSTOMIZATION.chartColor,
  palette: [...DEFAULT_CUSTOMIZATION.palette],
  font: DEFAULT_CUSTOMIZATION.font,
};

export const DEFAULT_REPORT_LOOK: ReportLook = {
  ...DEFAULT_CHART_LOOK,
  reportTitle: DEFAULT_CUSTOMIZATION.reportTitle,
  footerText: DEFAULT_CUSTOMIZATION.footerText,
  logoSrc: null,
};

/**
 * The project's effective look (its own customization, else its client's, else the agency's, else the default).
 * Screens draw in the default look until it arrives, or if it fails.
 */
export const projectLookQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.look("project", projectId),
    queryFn: () => customizationApi.get("project", projectId),
    staleTime: 5 * 60_000,
    meta: { globalErrors: false },
  });

export function useReportLook(projectId: string | undefined): ReportLook {
  const look = useQuery({ ...projectLookQuery(projectId ?? ""), enabled: Boolean(projectId) });
  const effective = look.data?.effective;
  if (!effective) return DEFAULT_REPORT_LOOK;
  const palette = (effective.palette ?? []).filter(isHexColor);
  return {
    chartColor: isHexColor(effective.chartColor) ? effective.chartColor : DEFAULT_CHART_LOOK.chartColor,
    palette: palette.length ? palette : DEFAULT_CHART_LOOK.palette,
    font: effective.font || DEFAULT_CHART_LOOK.font,
    reportTitle: effective.reportTitle || DEFAULT_REPORT_LOOK.reportTitle,
    footerText: effective.footerText ?? "",
    logoSrc: effective.logo ? customizationApi.logoUrl(effective.logo.path) : null,
  };
}

/** The charts' part of the look. */
export function useChartLook(projectId: string | undefined): ChartLook {
  return useReportLook(projectId);
}
