"use client";

import { useQuery } from "@tanstack/react-query";
import { customizationApi } from "../api-client/customization";
import { queryKeys } from "../api-client/query-keys";
import { DEFAULT_CUSTOMIZATION } from "../constants/customization";
import { isHexColor } from "../validation/customization";

export interface ChartLook {
  chartColor: string;
  palette: string[];
  font: string;
}

export const DEFAULT_CHART_LOOK: ChartLook = {
  chartColor: DEFAULT_CUSTOMIZATION.chartColor,
  palette: [...DEFAULT_CUSTOMIZATION.palette],
  font: DEFAULT_CUSTOMIZATION.font,
};

/**
 * The project's effective look for charts (its own customization, else its client's, else the
 * agency's, else the default). Charts draw in the default look until it arrives, or if it fails.
 */
export function useChartLook(projectId: string | undefined): ChartLook {
  const look = useQuery({
    queryKey: queryKeys.look("project", projectId ?? ""),
    queryFn: () => customizationApi.get("project", projectId ?? ""),
    enabled: Boolean(projectId),
    staleTime: 5 * 60_000,
    meta: { globalErrors: false },
  });
  const effective = look.data?.effective;
  if (!effective) return DEFAULT_CHART_LOOK;
  const palette = (effective.palette ?? []).filter(isHexColor);
  return {
    chartColor: isHexColor(effective.chartColor) ? effective.chartColor : DEFAULT_CHART_LOOK.chartColor,
    palette: palette.length ? palette : DEFAULT_CHART_LOOK.palette,
    font: effective.font || DEFAULT_CHART_LOOK.font,
  };
}
