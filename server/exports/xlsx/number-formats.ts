// Excel number formats for the exported numbers: metric values in their unit (the project's
// currency for money, percentages for rates), signed relative changes, dates as real dates.
import { metricUnit, valuesPerDay } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { currencySymbol } from "../export-format";

/** Dates as the screens write them in English ("Mar 27, 2026"), still real dates to sort and filter by. */
export const DATE_FORMAT = "mmm d, yyyy";
export const CHANGE_PCT_FORMAT = "+0.0%;-0.0%;0.0%";
export const CONFIDENCE_FORMAT = "0%";
export const P_VALUE_FORMAT = "0.0000";
export const COUNT_FORMAT = "#,##0";

export function valueFormat(unit: MetricUnit, currency: string, signed = false): string {
  const plain = (() => {
    switch (unit) {
      case "currency": {
        // A quoted literal: works in every locale and every spreadsheet application.
        const symbol = `"${currencySymbol(currency).replace(/"/g, "")}"`;
        return `${symbol}#,##0.00`;
      }
      case "percent":
        return "0.00%";
      case "rank":
        return "0.0";
      case "ratio":
        return "#,##0.00";
      default:
        return "#,##0.##;-#,##0.##;0";
    }
  })();
  if (!signed) return plain;
  // A change of a rate is in percentage points, still shown with %.
  return `+${plain};-${plain};${plain}`;
}

/**
 * An insight's effect on the KPI: signed, in the KPI's unit; a count to the tenth, as the deck and the insight's
 * text tell a few deals or leads ("-1.4").
 */
export function kpiEffectFormat(kpiMetric: string, currency: string): string {
  const unit = metricUnit(kpiMetric);
  return unit === "count" ? "+#,##0.0;-#,##0.0;0" : valueFormat(unit, currency, true);
}

/**
 * A finding's value format: a trend's values are growth rates (a fraction per week or month, engine/rate-values.ts),
 * shown as 2.5% per week; a level shift's counts and amounts are daily levels, shown as €2,350.83 a day (as on
 * the screens, lib/insights/format-values.ts); any other finding's are in its metric's unit.
 */
export function findingValueFormat(
  finding: { valueUnit?: string | null; kind?: string; metric?: string; daysInARow?: number },
  unit: MetricUnit,
  currency: string,
  signed = false,
): string {
  if (valuesPerDay(finding, unit))
    return valueFormat(unit, currency, signed)
      .split(";")
      .map((section) => `${section}" a day"`)
      .join(";");
  if (!finding.valueUnit) return valueFormat(unit, currency, signed);
  const plain = `0.0%" ${finding.valueUnit === "percent_per_month" ? "per month" : "per week"}"`;
  return signed ? `+${plain};-${plain};${plain}` : plain;
}

/** A calendar day as the Excel date it is (UTC midnight: no time-zone shift). */
export function excelDate(day: string | null | undefined): Date | null {
  if (!day) return null;
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
